"""The screen framework: focus functions, bindings, the stack, modals with typed results."""

from __future__ import annotations

import doctest

import pytest

import app.app
import app.commands.bench
import app.display
import app.keys
import app.screen
import app.screens.settings
from app.screen import (
    Binding,
    ModalScreen,
    Screen,
    ScreenStack,
    find_binding,
    first_focus,
    focus_step,
    next_focus,
)
from remote.buttons import Button, ButtonEvent, Press


@pytest.mark.parametrize(
    "module", [app.screen, app.keys, app.display, app.commands.bench, app.screens.settings]
)
def test_doctests(module):
    result = doctest.testmod(module)
    assert result.failed == 0
    assert result.attempted > 0


@pytest.mark.parametrize(
    ("enabled", "current", "step", "wrap", "expected"),
    [
        ([True, True, True], 0, 1, True, 1),
        ([True, True, True], 2, 1, True, 0),
        ([True, True, True], 2, 1, False, 2),
        ([True, True, True], 0, -1, True, 2),
        ([True, True, True], 0, -1, False, 0),
        ([True, False, True], 0, 1, True, 2),
        ([True, False, False, True], 3, 1, True, 0),
        ([True, False, False, True], 0, -1, True, 3),
        ([False, True, False], 1, 1, True, 1),  # the only enabled item: stays
        ([False, False, False], 1, 1, True, 1),  # nothing enabled: stays
        ([True, False, True], 2, 1, False, 2),  # the end, no wrap
        ([], 0, 1, True, 0),
        ([True, True], 0, 0, True, 0),
    ],
)
def test_next_focus(enabled, current, step, wrap, expected):
    assert next_focus(enabled, current, step, wrap) == expected


@pytest.mark.parametrize(
    ("enabled", "preferred", "expected"),
    [([True, True], 1, 1), ([False, True], 0, 1), ([True, False], 1, 0), ([False, False], 1, 0), ([], 3, 0)],
)
def test_first_focus(enabled, preferred, expected):
    assert first_focus(enabled, preferred) == expected


@pytest.mark.parametrize(
    ("button", "rtl", "vertical", "expected"),
    [
        (Button.RIGHT, False, False, 1),
        (Button.LEFT, False, False, -1),
        (Button.RIGHT, True, False, -1),  # mirrored in a right-to-left layout
        (Button.LEFT, True, False, 1),
        (Button.UP, False, False, 0),
        (Button.DOWN, False, True, 1),
        (Button.UP, True, True, -1),  # vertical lists are not mirrored
        (Button.LEFT, False, True, 0),
        (Button.SELECT, False, False, 0),
    ],
)
def test_focus_step(button, rtl, vertical, expected):
    assert focus_step(button, rtl, vertical) == expected


def _event(button, kind=Press.PRESS, long_press=False):
    return ButtonEvent(button, kind, 0.0, long_press)


def test_binding_matches_press_release_and_repeat():
    press = Binding(Button.DIGIT_2, "shake")
    release = Binding(Button.DIGIT_2, "roll", kind=Press.RELEASE)
    arrow = Binding(Button.RIGHT, "move", repeat=True)
    assert press.matches(_event(Button.DIGIT_2))
    assert not press.matches(_event(Button.DIGIT_2, Press.RELEASE))
    assert not press.matches(_event(Button.DIGIT_2, Press.REPEAT))  # no repeat unless asked
    assert release.matches(_event(Button.DIGIT_2, Press.RELEASE))
    assert not release.matches(_event(Button.DIGIT_2))
    assert arrow.matches(_event(Button.RIGHT, Press.REPEAT))
    assert not arrow.matches(_event(Button.LEFT))
    bindings = (press, release, arrow)
    assert find_binding(bindings, _event(Button.DIGIT_2, Press.RELEASE)) is release
    assert find_binding(bindings, _event(Button.DIGIT_3)) is None


def test_global_fallbacks_unless_overridden():
    class Plain(Screen):
        pass

    class OwnBack(Screen):
        BINDINGS = (Binding(Button.BACK, "undo", "action.undo"),)

    plain = {(b.button, b.action) for b in Plain().bindings()}
    assert {(Button.BACK, "back"), (Button.MENU, "menu"), (Button.INFO, "help")} <= plain
    own = [b for b in OwnBack().bindings() if b.button == Button.BACK]
    assert [b.action for b in own] == ["undo"]


def test_stack_visible_includes_modals_down_to_the_first_full_screen():
    stack = ScreenStack()
    a, b, m1, m2 = Screen(), Screen(), ModalScreen(), ModalScreen()
    for s in (a, b, m1, m2):
        stack.push(s)
    assert stack.visible() == [b, m1, m2]
    assert stack.pop().screen is m2
    assert stack.pop(b).screen is b
    assert list(stack) == [a, m1]
    with pytest.raises(ValueError):
        stack.pop(b)
    stack.pop()
    stack.pop()
    with pytest.raises(IndexError):
        stack.pop()


class Recorder(Screen):
    """A screen that records what its bindings did."""

    BINDINGS = (
        Binding(Button.DIGIT_2, "shake", "action.shake_roll"),
        Binding(Button.DIGIT_2, "roll", "", kind=Press.RELEASE, show=False),
        Binding(Button.DIGIT_3, "end_turn", "action.end_turn"),
        Binding(Button.RIGHT, "step", "action.move", repeat=True, args=(1,)),
    )

    def __init__(self):
        super().__init__()
        self.log: list[tuple] = []
        self.can_end = False

    def check_action(self, action, args):
        return action != "end_turn" or self.can_end

    def action_shake(self):
        self.log.append(("shake", self.event.kind))

    def action_roll(self):
        self.log.append(("roll", self.event.long_press))

    def action_end_turn(self):
        self.log.append(("end_turn",))

    def action_step(self, n):
        self.log.append(("step", n, self.event.kind))


@pytest.fixture
def headless():
    from app.app import Headless

    h = Headless(profile="sd-pal", lang="en")
    yield h
    h.close()


def test_hold_to_shake_release_to_roll(headless):
    screen = Recorder()
    headless.app.push(screen)
    headless.keys("2:hold=800")
    assert screen.log == [("shake", Press.PRESS), ("roll", True)]
    screen.log.clear()
    headless.keys("2")
    assert screen.log == [("shake", Press.PRESS), ("roll", False)]


def test_repeats_only_where_bound(headless):
    screen = Recorder()
    headless.app.push(screen)
    timing = headless.app.profile.input
    hold = timing.repeat_delay_ms + 3 * 1000 / timing.repeat_rate_hz + 10
    headless.press(Button.RIGHT, int(hold))
    kinds = [entry[2] for entry in screen.log]
    assert kinds[0] == Press.PRESS
    assert kinds.count(Press.REPEAT) >= 3
    screen.log.clear()
    headless.press(Button.DIGIT_2, int(hold))
    assert [e[0] for e in screen.log] == ["shake", "roll"]  # no repeats of a press-only binding


def test_disabled_action_is_ignored_until_possible(headless):
    screen = Recorder()
    headless.app.push(screen)
    headless.keys("3")
    assert screen.log == []
    screen.can_end = True
    headless.keys("3")
    assert screen.log == [("end_turn",)]


def test_modal_hands_back_a_typed_result(headless):
    from app.screens.menu import ChoiceScreen

    results: list = []
    base = Recorder()
    headless.app.push(base)
    headless.app.push(
        ChoiceScreen[int]("menu.title", [("1", 1), ("2", 2), ("3", 3)], translate=False), results.append
    )
    headless.keys("DOWN,DOWN,SELECT")
    assert results == [3]
    assert headless.top is base
    headless.app.push(ChoiceScreen[int]("menu.title", [("1", 1)], translate=False), results.append)
    headless.keys("BACK")
    assert results == [3, None]
    assert headless.top is base
