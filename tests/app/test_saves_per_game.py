"""Two families, one box, in Yahtzee and Monopoly Dice (Monopoly: monopoly/test_mono_saves_per_game.py):
a game saved by one is never replaced or deleted by another's game of the same kind, and a resumed
game that ends removes its own save only. Remote keys throughout."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import monopoly_dice.mdice_screen_helpers as mdice
import pytest
import yahtzee.yahtzee_screen_helpers as yahtzee
from dice_screen_helpers import open_tile, save_and_quit

from app.app import Headless
from remote.buttons import Button


@dataclass(frozen=True)
class Family:
    start: Callable[[Headless], Any]
    step: Callable[[Headless, Any], None]
    play_to_end: Callable[[Headless, Any], None]


FAMILIES = {
    "yahtzee": Family(
        lambda h: yahtzee.start_game(h, "yahtzee"), yahtzee.play_turn_keys, yahtzee.play_to_end
    ),
    "monopoly-dice": Family(mdice.start_game, mdice.step_keys, mdice.play_to_end),
}


def _a_saved_game(h: Headless, family: Family) -> str:
    """A game started from its tile, a few steps played, MENU -> Save and quit: its slot."""
    game = family.start(h)
    for _ in range(6):
        family.step(h, game)
    before = {s.slot for s in h.app.saves.list()}
    save_and_quit(h)
    assert type(h.top).__name__ == "HomeScreen"
    (slot,) = {s.slot for s in h.app.saves.list()} - before
    return slot


def _results_then_home(h: Headless) -> None:
    for _ in range(50):
        if type(h.top).__name__ == "ResultsScreen":
            break
        h.advance(200)
    assert type(h.top).__name__ == "ResultsScreen"
    h.press(Button.BACK)
    assert type(h.top).__name__ == "HomeScreen"


@pytest.mark.parametrize("kind", FAMILIES)
def test_another_familys_new_games_never_touch_the_save(sd_box, kind):
    h, family = sd_box, FAMILIES[kind]
    mine = _a_saved_game(h, family)
    kept = h.app.saves.load(mine)
    _a_saved_game(h, family)  # the same kind, from its tile: a save of its own beside it
    assert len(h.app.saves.list()) == 2 and h.app.saves.load(mine) == kept
    third = family.start(h)  # and one played to its results
    family.play_to_end(h, third)
    _results_then_home(h)
    assert len(h.app.saves.list()) == 2 and h.app.saves.load(mine) == kept


@pytest.mark.parametrize("kind", FAMILIES)
def test_a_resumed_game_that_ends_removes_its_own_save_only(sd_box, kind):
    h, family = sd_box, FAMILIES[kind]
    mine = _a_saved_game(h, family)
    theirs = _a_saved_game(h, family)
    open_tile(h, "resume")
    h.keys("DOWN,SELECT")  # the older save: the first family's
    game = h.top
    assert game.save_slot == mine
    game.inline = True
    family.play_to_end(h, game)
    _results_then_home(h)
    assert [s.slot for s in h.app.saves.list()] == [theirs]


def test_the_list_shows_game_players_progress_and_time(sd_box):
    h = sd_box
    _a_saved_game(h, FAMILIES["yahtzee"])
    open_tile(h, "resume")
    heading, line = h.top.row_text(h.app.saves.list()[0])
    assert heading == "Yahtzee: Player 1"
    assert line.startswith("Classic, round ") and " · saved " in line
