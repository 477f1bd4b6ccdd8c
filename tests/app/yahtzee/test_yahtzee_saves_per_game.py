"""Two families, one box: a Yahtzee saved by one is never replaced or deleted by another's game of
the same kind, and a resumed game that ends removes its own save only. Remote keys throughout."""

from __future__ import annotations

import pytest
from yahtzee_screen_helpers import open_tile, play_to_end, play_turn_keys, start_game

from app.app import Headless
from app.screens.yahtzee.game import GameScreen
from remote.buttons import Button


@pytest.fixture
def h(tmp_path):
    box = Headless(profile="sd-pal", lang="en", data_dir=tmp_path)
    box.settle_workers = True
    yield box
    box.close()


def _save_and_quit(h: Headless) -> None:
    h.press(Button.MENU)
    h.keys("DOWN,SELECT")  # Resume, [Save and quit], Quit without saving, Help
    assert type(h.top).__name__ == "HomeScreen"


def _a_saved_game(h: Headless) -> str:
    """A Classic game, one turn played, saved: its slot."""
    game = start_game(h, "yahtzee")
    for _ in range(3):
        play_turn_keys(h, game)
    before = {s.slot for s in h.app.saves.list()}
    _save_and_quit(h)
    (slot,) = {s.slot for s in h.app.saves.list()} - before
    return slot


def _results_then_home(h: Headless) -> None:
    h.advance(2500)
    assert type(h.top).__name__ == "ResultsScreen"
    h.press(Button.BACK)
    assert type(h.top).__name__ == "HomeScreen"


def test_another_familys_new_game_never_touches_the_save(h):
    family = _a_saved_game(h)
    kept = h.app.saves.load(family)
    other = start_game(h, "yahtzee")  # the same kind, from its tile
    for _ in range(3):
        play_turn_keys(h, other)
    _save_and_quit(h)  # their own save beside the family's, not over it
    saves = h.app.saves.list()
    assert len(saves) == 2 and saves[1].slot == family and h.app.saves.load(family) == kept
    second = start_game(h, "yahtzee")  # and a third game played to its results
    play_to_end(h, second)
    _results_then_home(h)
    assert len(h.app.saves.list()) == 2 and h.app.saves.load(family) == kept


def test_a_resumed_game_that_ends_removes_its_own_save_only(h):
    family = _a_saved_game(h)
    other = _a_saved_game(h)
    open_tile(h, "resume")
    h.keys("DOWN,SELECT")  # the older save: the first family's
    game = h.top
    assert isinstance(game, GameScreen) and game.save_slot == family
    play_to_end(h, game)
    _results_then_home(h)
    assert [s.slot for s in h.app.saves.list()] == [other]


def test_the_list_shows_game_players_progress_and_time(h):
    _a_saved_game(h)
    open_tile(h, "resume")
    heading, line = h.top._row_text(h.app.saves.list()[0])
    assert heading == "Yahtzee: Player 1"
    assert line.startswith("Classic, round 2 · saved ")
