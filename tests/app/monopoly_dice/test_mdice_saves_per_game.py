"""Two families, one box: a Monopoly Dice game saved by one is never replaced or deleted by
another's game, and a resumed game that ends removes its own save only. Remote keys throughout."""

from __future__ import annotations

import pytest
from mdice_screen_helpers import open_tile, play_to_end, start_game, step_keys

from app.app import Headless
from app.screens.monopoly_dice.board import BoardScreen
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
    game = start_game(h)
    for _ in range(6):
        step_keys(h, game)
    before = {s.slot for s in h.app.saves.list()}
    _save_and_quit(h)
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


def test_another_familys_new_game_never_touches_the_save(h):
    family = _a_saved_game(h)
    kept = h.app.saves.load(family)
    _a_saved_game(h)  # the same kind, from its tile: a save of its own
    assert len(h.app.saves.list()) == 2 and h.app.saves.load(family) == kept
    other = start_game(h)
    play_to_end(h, other)
    _results_then_home(h)
    assert len(h.app.saves.list()) == 2 and h.app.saves.load(family) == kept


def test_a_resumed_game_that_ends_removes_its_own_save_only(h):
    family = _a_saved_game(h)
    other = _a_saved_game(h)
    open_tile(h, "resume")
    h.keys("DOWN,SELECT")  # the older save: the first family's
    game = h.top
    assert isinstance(game, BoardScreen) and game.save_slot == family
    game.inline = True
    play_to_end(h, game)
    _results_then_home(h)
    assert [s.slot for s in h.app.saves.list()] == [other]
