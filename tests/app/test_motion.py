"""Motion as on a console: screens cross-fade, a list's focus slides, thrown dice land; all of it
only in the picture (keys act at once) and over within its time, after which the box sleeps."""

from __future__ import annotations

import pytest

from app.app import MOTION_S, TRANSITION_S, Headless
from remote.buttons import Button

pytestmark = pytest.mark.usefixtures("english_ui")


@pytest.fixture
def box(sd_box):
    return sd_box


def test_the_transition_limit_is_kept():
    assert TRANSITION_S <= 0.2
    assert TRANSITION_S < Headless.GAP_MS / 1000  # a scripted press lands after it ended


def _press_down(box, button):
    box.app.pipeline.push_key(button, True, box.clock.now, source="script")
    box.app.step()


def test_a_key_that_opens_a_screen_fades_to_it_and_the_new_screen_takes_keys_at_once(box):
    from app.screens.settings import SettingsScreen

    box.top.select_tile("settings")
    box.app.step()
    _press_down(box, Button.SELECT)
    assert isinstance(box.top, SettingsScreen)
    assert box.app.moving  # fading from the home screen
    box.app.pipeline.push_key(Button.SELECT, False, box.clock.now, source="script")
    _press_down(box, Button.DOWN)  # no pause: the settings screen has the key
    assert box.top.focus.focus == 1
    box.app.pipeline.push_key(Button.DOWN, False, box.clock.now, source="script")
    box.advance(TRANSITION_S * 1000 + 20)
    assert not box.app.moving
    frames = box.app.frames
    box.advance(2000)
    assert box.app.frames == frames  # over: the box sleeps again


def test_the_fade_mixes_the_old_picture_into_the_new(box):
    box.top.select_tile("settings")
    box.app.step()
    old = box.app.display.framebuffer.copy()
    _press_down(box, Button.SELECT)
    middle = box.app.display.framebuffer.copy()
    box.app.pipeline.push_key(Button.SELECT, False, box.clock.now, source="script")
    box.advance(TRANSITION_S * 1000 + 40)
    new = box.render().copy()
    # somewhere the first frame of the fade is the old picture, not yet the new one
    w, h = old.get_size()
    points = [
        (x, y) for x in range(0, w, 16) for y in range(0, h, 16) if old.get_at((x, y)) != new.get_at((x, y))
    ]
    assert points
    assert sum(middle.get_at(p) == old.get_at(p) for p in points) > len(points) // 2


def _count_draws(screen) -> list[int]:
    drawn = [0]
    real = screen.draw

    def draw(surface):
        drawn[0] += 1
        real(surface)

    screen.draw = draw
    return drawn


def test_the_fade_draws_the_new_screen_once_and_then_only_mixes(box):
    box.top.select_tile("settings")
    box.app.step()
    _press_down(box, Button.SELECT)
    drawn = _count_draws(box.top)
    box.app.pipeline.push_key(Button.SELECT, False, box.clock.now, source="script")
    frames = box.app.frames
    pictures = []
    while box.app.moving:
        box.advance(box.frame_s * 1000)
        pictures.append(box.app.display.framebuffer.copy())
    assert box.app.frames - frames >= 5  # a new mix every frame...
    assert drawn[0] == 0  # ...of the picture drawn when the key was pressed
    assert _differs(pictures[0], pictures[-2])  # the mix changes from frame to frame
    rest = box.render().copy()
    assert not _differs(pictures[-1], rest)  # and ends on the new screen as it is drawn at rest


def test_a_key_pressed_during_the_fade_shows_in_it(box):
    box.top.select_tile("settings")
    box.app.step()
    _press_down(box, Button.SELECT)
    box.app.pipeline.push_key(Button.SELECT, False, box.clock.now, source="script")
    box.advance(box.frame_s * 1000)
    drawn = _count_draws(box.top)
    _press_down(box, Button.DOWN)
    box.app.pipeline.push_key(Button.DOWN, False, box.clock.now, source="script")
    assert drawn[0] >= 1 and box.app.moving
    box.settle()
    last = box.app.display.framebuffer.copy()
    assert not _differs(last, box.render().copy())


def test_a_screen_pushed_by_code_appears_at_once(box):
    from app.screens.settings import SettingsScreen

    box.app.push(SettingsScreen())
    box.app.step()
    assert not box.app.moving


def test_a_modal_does_not_fade(box):
    _press_down(box, Button.MENU)
    assert box.top.modal and not box.app.fading


def _differs(a, b) -> bool:
    w, h = a.get_size()
    return any(a.get_at((x, y)) != b.get_at((x, y)) for x in range(0, w, 8) for y in range(0, h, 4))


def test_the_focus_of_a_list_slides_then_rests(box):
    from app.screens.settings import SettingsScreen

    box.app.push(SettingsScreen())
    box.render()
    _press_down(box, Button.DOWN)
    assert box.app.moving and box.top.focus.focus == 1  # the focus has moved; its picture follows
    box.app.pipeline.push_key(Button.DOWN, False, box.clock.now, source="script")
    box.advance(MOTION_S * 1000 / 3)
    middle = box.app.display.framebuffer.copy()
    box.advance(MOTION_S * 1000)
    assert not box.app.moving
    rest = box.render().copy()
    assert _differs(middle, rest)
    frames = box.app.frames
    box.advance(1000)
    assert box.app.frames == frames


def _classic_game(box):
    """A solo Yahtzee Classic game on the screen, before its first roll."""
    from app.match import PlayerSpec
    from app.screens.yahtzee.game import GameScreen

    game = GameScreen.new("classic", [PlayerSpec(False)], box.app.rng)
    box.app.push(game)
    box.app.step()
    return game


def _throw(box):
    """Shake the dice for 300 ms and let go: they are thrown and tumble."""
    box.app.pipeline.push_key(Button.DIGIT_2, True, box.clock.now, source="script")
    box.advance(300)
    box.app.pipeline.push_key(Button.DIGIT_2, False, box.clock.now, source="script")


def test_thrown_dice_turn_over_more_slowly_as_they_land(box):
    game = _classic_game(box)
    _throw(box)
    flips: list[float] = []
    last = game.tumbling_faces
    start = box.clock.now
    while True:
        box.advance(1000 / 50)
        if game.tumbling_faces != last:
            flips.append(box.clock.now - start)
            last = game.tumbling_faces
        if not game.match.settling:
            break
    half = (box.clock.now - start) / 2
    early = sum(t < half for t in flips)
    assert early > len(flips) - early  # more turns while they fly than as they come to rest


def test_thrown_dice_land_on_their_faces_swinging_less_and_less(box, monkeypatch):
    from app.screens.yahtzee import game_view

    drawn: list[int] = []
    real = game_view.widgets.draw_die_themed

    def draw_die(surface, app, rect, face, *args, **kw):
        drawn.append(face)
        return real(surface, app, rect, face, *args, **kw)

    monkeypatch.setattr(game_view.widgets, "draw_die_themed", draw_die)
    game = _classic_game(box)
    _throw(box)
    box.app.step()
    assert game.state.to_dict(0)["rolls"] == 1  # the roll is in the game at once: only the picture lags
    faces = [int(d["face"]) for d in game.obs()["dice"]]
    swings, shown = [], []
    while game.match.settling:
        drawn.clear()
        box.advance(1000 / 50)
        if game.match.settling:  # the swing of the frame just drawn
            swings.append(game.swing())
            shown.append(drawn[-5:])
    tail = [s for s in swings if s < 1.0]
    assert swings[0] == 1.0 and 3 <= len(tail) <= game.LAND_S * 50 + 1  # a short landing at the end
    assert all(a > b for a, b in zip(tail, tail[1:], strict=False))  # each frame swings less
    assert tail[-1] * 5 < 1  # the last frame is within a pixel of where the die rests
    landing = [f for s, f in zip(swings, shown, strict=True) if s < 1.0]
    flying = [f for s, f in zip(swings, shown, strict=True) if s == 1.0]
    assert all(f == faces for f in landing)  # while landing the dice show the faces they landed on
    assert any(f != faces for f in flying)  # before, they tumble


def _tap(box, button):
    _press_down(box, button)
    box.app.pipeline.push_key(button, False, box.clock.now, source="script")


@pytest.mark.parametrize(("into", "move"), [(None, Button.DOWN), (Button.RIGHT, Button.RIGHT)])
def test_the_dice_and_box_cursors_slide_then_rest(box, into, move):
    game = _classic_game(box)
    box.keys("2:hold=300")
    box.settle()
    if into is not None:  # onto the card: the cursor appears at rest
        _tap(box, into)
        assert not box.app.moving
        box.settle()
    before = box.render().copy()
    where = (game.zone, game.die_focus, game.box_focus)
    _tap(box, move)
    assert (game.zone, game.die_focus, game.box_focus) != where  # the key acted at once
    assert box.app.moving
    box.advance(MOTION_S * 1000 / 3)
    middle = box.app.display.framebuffer.copy()
    box.advance(MOTION_S * 1000)
    assert not box.app.moving
    rest = box.render().copy()
    assert _differs(middle, rest) and _differs(middle, before)  # on its way, neither here nor there
    frames = box.app.frames
    box.advance(1000)
    assert box.app.frames == frames


def test_the_monopoly_dice_die_cursor_slides_then_rests():
    from app import scenes

    box, before = scenes.shoot("monopoly-dice-board", "sd-pal")
    try:
        before = before.copy()
        game = box.top
        focus = game.die_focus
        _tap(box, Button.RIGHT)
        assert game.die_focus != focus and box.app.moving
        box.advance(MOTION_S * 1000 / 3)
        middle = box.app.display.framebuffer.copy()
        box.advance(MOTION_S * 1000)
        assert not box.app.moving
        rest = box.render().copy()
        assert _differs(middle, rest) and _differs(middle, before)
    finally:
        box.close()
