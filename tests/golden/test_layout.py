"""Every scene at every display profile, in English and Persian, read from the couch.

A frame fails if a text run is under the floor (20 px at 576 lines, 24 px at 720, 28 px for the
main numbers), was cut off, lies outside the profile's title-safe area, or overlaps another run
(see ``layout.py``). Runs of a screen under a modal one do not count: the modal covers them.
It fails too if it shows no MENU or no INFO key, or if a help bar on top left out, for want of
room, a key that acts now (a bar keeps what it left out: ``widgets.note_left_out``).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import layout  # noqa: E402

from app import scenes  # noqa: E402
from app.text import TextRun  # noqa: E402
from app.theme import Theme  # noqa: E402
from app.widgets import ALWAYS_SHOWN, key_name  # noqa: E402

# One profile per distinct display (rpi draws exactly as hd-720 does).
PROFILES = ("sd-pal", "sd-pal-wide", "hd-720")
LANGUAGES = ("en", "fa")

CASES = [(name, profile, lang) for name in scenes.scenes() for profile in PROFILES for lang in LANGUAGES]


def bars_on_top(app) -> list:
    """The screens whose help bars the player sees now: the top screen and the overlays over it
    (the guided first turn draws its own bar over the game's)."""
    overlays = [getattr(overlay, "__self__", None) for overlay in app.overlays]
    return [app.stack.visible()[-1], *(screen for screen in overlays if screen is not None)]


@pytest.mark.parametrize(("scene", "profile", "lang"), CASES, ids=[f"{s}-{p}-{lang}" for s, p, lang in CASES])
def test_text_is_readable_from_the_couch(scene, profile, lang, tmp_path):
    headless, _ = scenes.shoot(scene, profile, lang, data_dir=str(tmp_path))
    try:
        runs = [run for run in headless.app.text.runs if not run.covered]
        assert runs, "a scene with no text recorded: is the text drawn through widgets.draw_text?"
        found = layout.problems(headless.app.theme, runs, headless.app.text.bars)
        # every screen shows the way to the menu and to help (a chip may share its label: "BACK / MENU")
        caps = {cap for run in runs for cap in run.text.split(" / ")}
        found += [f"no {button.name} key shown" for button in ALWAYS_SHOWN if key_name(button) not in caps]
        found += [
            f"left out of the help bar: {key} {label!r}, which acts now"
            for screen in bars_on_top(headless.app)
            for key, label, acts in getattr(screen, "help_left_out", ())
            if acts
        ]
    finally:
        headless.close()
    assert not found, "\n".join(found)


MONEY = re.compile(r"^(\$[0-9,]+|[۰-۹٬]+ دلار)$")
"""An amount of money as the Monopoly Dice table writes it ("$2,100", "۲٬۱۰۰ دلار")."""
TABLE_SCENES = (
    "monopoly-dice-board",
    "monopoly-dice-complete",
    "monopoly-dice-computer",
    "monopoly-dice-scores",
)
TABLE_CASES = [(s, p, lang) for s in TABLE_SCENES for p in PROFILES for lang in LANGUAGES]


@pytest.mark.parametrize(("scene", "profile", "lang"), TABLE_CASES, ids=["-".join(c) for c in TABLE_CASES])
def test_monopoly_dice_table_money_is_a_main_number(scene, profile, lang, tmp_path):
    """The money at stake (the turn score) and the scores (each seat's total and last turn) are
    main numbers: 28 px, read as drawn. The turn's score lines above the turn score (Basic, GO,
    House, Hotel) are its parts, held to the text floor. Every profile shows the last turns
    before a roll (the scores scene)."""
    from app.i18n import t

    headless, _ = scenes.shoot(scene, profile, lang, data_dir=str(tmp_path))
    try:
        app, board = headless.app, headless.app.top
        cells, rtl = board.layout(), app.rtl
        table = app.theme.mirror(cells["table"], rtl)
        parts = [app.theme.mirror(rect, rtl) for name, rect in cells["parts"] if name != "turn"]
        runs = [run for run in app.text.runs if not run.covered and table.contains(run.rect)]
        scores_page = t("mdice.score.basic", lang) not in {run.text for run in runs}
        money = [
            run
            for run in runs
            if MONEY.match(run.text) and (scores_page or not any(p.contains(run.rect) for p in parts))
        ]
        assert len(money) >= len(board.players) + 1, [run.text for run in runs]
        small = [run for run in money if run.size < app.theme.min_number_px]
        assert not small, [layout.describe(run) for run in small]
        assert all(run.main for run in money)
        if scene == "monopoly-dice-scores":
            assert t("mdice.score.previous", lang) in {run.text for run in runs}
    finally:
        headless.close()


def _theme(height: int) -> Theme:
    import pygame

    width = 720 if height == 576 else 1280
    return Theme(width, height, pygame.Rect(48, 40, width - 96, height - 80), 1.0, 1.0, {"text": (1, 1, 1)})


@pytest.mark.parametrize(
    ("run", "height", "kind"),
    [
        (TextRun("Ones", 19, (60, 60, 40, 22), "en"), 576, "small"),
        (TextRun("Ones", 23, (60, 60, 40, 22), "en"), 720, "small"),
        (TextRun("41", 24, (60, 60, 40, 22), "en", main=True), 720, "small"),
        (TextRun("Ones", 20, (60, 60, 40, 22), "en", clipped=True), 576, "clipped"),
        (TextRun("Ones", 20, (30, 60, 40, 22), "en"), 576, "unsafe"),
        (TextRun("Ones", 20, (60, 530, 40, 22), "en"), 576, "unsafe"),
    ],
)
def test_each_rule_catches_its_case(run, height, kind):
    found = layout.problems(_theme(height), [run])
    assert [line.split(":")[0] for line in found] == [kind]


def test_overlap_is_caught_and_neighbours_pass():
    a = TextRun("Ones", 20, (60, 60, 40, 22), "en")
    touching = TextRun("1", 20, (100, 60, 10, 22), "en")
    over = TextRun("12", 20, (95, 70, 20, 22), "en")
    assert layout.problems(_theme(576), [a, touching]) == []
    assert [line.split(":")[0] for line in layout.problems(_theme(576), [a, over])] == ["overlap", "overlap"][
        :1
    ]


def test_text_reaching_into_the_help_bar_is_caught():
    bar = (54, 335, 400, 72)
    chip = TextRun("Move", 20, (222, 336, 50, 24), "en")
    row = TextRun("Help", 20, (64, 320, 43, 24), "en")  # the bar's top row starts under its last 9 px
    assert layout.problems(_theme(576), [chip], [bar]) == []
    assert [line.split(":")[0] for line in layout.problems(_theme(576), [chip, row], [bar])] == ["overlap"]


def test_the_floor_is_met_at_exactly_the_floor():
    ok = [TextRun("Ones", 20, (60, 60, 40, 22), "en"), TextRun("41", 28, (60, 100, 40, 30), "en", main=True)]
    assert layout.problems(_theme(576), ok) == []


LABELS = ("action.roll", "action.end_turn", "action.undo", "action.hint", "action.odds", "action.score")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_help_bar_keeps_what_it_left_out(lang, tmp_path):
    """Too narrow for its keys, a bar leaves out the ones that do nothing now first, then the last
    ones, never MENU or INFO, and keeps on the screen which it left out; wide enough, none."""
    import pygame

    from app import widgets
    from app.app import Headless
    from app.screen import Binding, Screen
    from remote.buttons import Button

    class Crowded(Screen):
        """Digits 1-6, each its own chip; 5 and 6 do nothing now."""

        BINDINGS = tuple(
            Binding(Button[f"DIGIT_{d}"], "press", label, args=(d,)) for d, label in enumerate(LABELS, 1)
        )

        def check_action(self, action, args):
            return action != "press" or args[0] < 5

    h = Headless(profile="sd-pal", lang=lang, data_dir=tmp_path, home=False)
    try:
        screen = Crowded()
        h.app.push(screen)
        surface = h.app.display.framebuffer
        widgets.help_bar(surface, h.app, screen)
        assert screen.help_left_out == ()
        h.app.text.begin_frame()
        widgets.help_bar(surface, h.app, screen, pygame.Rect(60, 60, 220, 400))
        left_out = screen.help_left_out
        items = widgets.help_items(screen)
        assert 2 < len(left_out) < len(items) - 2
        assert [on for _, _, on in left_out[:2]] == [False, False]  # the idle keys went first
        assert not any(widgets.shows_always(key) for key, _, _ in left_out)
        kept = [item for item in items if item not in left_out]
        # then the last ones: every key left out that acts now stands after every other key kept
        last_kept = max(items.index(item) for item in kept if not widgets.shows_always(item[0]))
        assert min(items.index(item) for item in left_out[2:]) > last_kept
        drawn = {run.text for run in h.app.text.runs}
        assert {key for key, _, _ in kept} <= drawn
        assert not {key for key, _, _ in left_out} & drawn
    finally:
        h.close()
