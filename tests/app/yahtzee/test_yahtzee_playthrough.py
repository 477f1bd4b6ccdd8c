"""Whole games of every mode from the home screen, with scripted remote presses only; the final
scores must be the engine's for the same seed and the same choices."""

from __future__ import annotations

import pytest
from yahtzee_screen_helpers import play_to_end, replay, start_game

from app.app import Headless
from app.screens.yahtzee.game import PlayerSpec
from remote.buttons import Button

HUMAN = PlayerSpec(False)

CASES = [
    # (tile, set-up keys, mode, players, rolls per turn)
    ("yahtzee", "", "classic", [HUMAN], 2),
    ("yahtzee", "UP,UP,UP,RIGHT,DOWN,DOWN,DOWN", "painted", [HUMAN], 1),
    ("yahtzee", "UP,UP,UP,RIGHT,RIGHT,DOWN,DOWN,DOWN", "power", [HUMAN], 3),
    ("dice-party", "", "dice-party", [HUMAN, PlayerSpec(True, "medium")], 2),
    (
        "yahtzee",
        "UP,UP,UP,RIGHT,RIGHT,DOWN,RIGHT,DOWN,DOWN,RIGHT,DOWN",
        "power",
        [HUMAN, PlayerSpec(True, "hard")],
        2,
    ),
]


@pytest.mark.parametrize(
    ("tile", "keys", "mode", "players", "rolls"), CASES, ids=[f"{c[2]}-{len(c[3])}" for c in CASES]
)
def test_whole_game_from_home_matches_engine(tmp_path, tile, keys, mode, players, rolls):
    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path)
    try:
        screen = start_game(h, tile, keys)
        assert screen.game.mode == mode
        assert screen.players == players
        play_to_end(h, screen, rolls)
        expected = replay(mode, players, screen.decisions)
        assert screen.state.returns() == expected.returns()
        assert screen.state.to_dict() == expected.to_dict()
        shown = screen.state.to_dict(0)["cards"]
        assert [c["total"] for c in shown] == [int(r) for r in expected.returns()]
        # the results screen follows the last box
        h.advance(2500)
        assert type(h.top).__name__ == "ResultsScreen"
    finally:
        h.close()


@pytest.mark.parametrize(
    ("keys", "mode"),
    [("UP,UP,UP,RIGHT,DOWN,DOWN,DOWN", "painted"), ("UP,UP,UP,RIGHT,RIGHT,DOWN,DOWN,DOWN", "power")],
)
def test_every_box_can_be_scored_through_the_card_pages(tmp_path, keys, mode):
    """At 576 lines the Painted and Power cards have pages. A whole game with the remote: each turn
    the box to score is the last open one, then the first (so both ends of the card are used), and
    it is reached by 6 (next page) and RIGHT only; SELECT is pressed only with that box in sight."""
    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path)
    try:
        screen = start_game(h, "yahtzee", keys)
        assert screen.game.mode == mode
        pages = screen.card_pages()
        assert len(pages) > 1, "the card fits on one page: nothing to test at this profile"
        assert any(b.action == "page" for b in screen.bindings())  # 6 is in the key bar
        turned = set()
        for turn in range(len(screen.game.boxes)):
            if screen.state.is_terminal():
                break
            h.press(Button.DIGIT_2, 300)  # shake, release: roll
            h.advance(800)
            while True:  # one box, or a Double's two
                open_boxes = [b for b in screen.order if b in screen.state.allowed_boxes()]
                target = open_boxes[-1] if turn % 2 == 0 else open_boxes[0]
                for _ in range(len(pages)):  # 6 until the target's page shows
                    if screen.shown_page() == screen.page_of_box(target):
                        break
                    h.press(Button.DIGIT_6)
                    turned.add(screen.shown_page())
                h.press(Button.RIGHT)  # onto the card, on the page shown
                for _ in range(len(screen.order)):
                    if screen.box_focus == target:
                        break
                    h.press(Button.RIGHT)
                assert screen.box_focus == target and screen.zone == "card"
                assert screen.shown_page() == screen.page_of_box(target)  # the cursor is in sight
                h.press(Button.SELECT)
                if screen.confirming is not None:
                    h.press(Button.SELECT)
                assert screen.state.scores(0)[target] is not None
                if screen.state.is_terminal() or screen.obs()["pending_double"] is None:
                    break
        assert screen.state.is_terminal()
        assert all(score is not None for score in screen.state.scores(0))
        assert turned == set(range(len(pages)))  # every page was turned to
    finally:
        h.close()
