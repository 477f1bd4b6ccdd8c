"""Pig on the TV, driven by remote presses only: a whole game, the odds view, saving and resuming."""

from __future__ import annotations

import json

import pytest
from dice_screen_helpers import check_damaged_save_moved_aside, open_tile, try_every_damage

from app.app import Headless
from app.screens.pig.game import PigScreen
from app.screens.pig.odds import OddsScreen
from remote.buttons import Button

BANK_AT = 20


def start_game(h: Headless, setup_keys: str = "") -> PigScreen:
    """Home -> Pig -> set-up (``setup_keys`` there, ending on Start) -> the game."""
    open_tile(h, "pig")
    if setup_keys:
        h.keys(setup_keys)
    h.press(Button.SELECT)
    screen = h.top
    assert isinstance(screen, PigScreen), type(screen).__name__
    screen.inline = True
    return screen


def human_to_move(screen: PigScreen) -> bool:
    return not (screen.busy or screen.computer_turn or screen.passing_to)


def step(h: Headless, screen: PigScreen) -> None:
    """One press of a hold-at-20 human; a computer's turn is skipped with SELECT."""
    if screen.passing_to is not None:
        h.press(Button.DIGIT_0)
    elif screen.computer_turn and not screen.match.skipping:
        h.press(Button.SELECT)
    elif not human_to_move(screen):
        h.advance(200)
    elif screen.obs()["rolls"] and screen.obs()["turn_total"] >= BANK_AT:
        h.press(Button.DIGIT_3)
    else:
        h.press(Button.DIGIT_2, 300)


def play_to_end(h: Headless, screen: PigScreen, limit: int = 5000) -> None:
    for _ in range(limit):
        if screen.state.is_terminal():
            return
        step(h, screen)
    raise AssertionError("the game did not end")


@pytest.fixture
def box(tmp_path):
    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path)
    yield h
    h.close()


def test_a_whole_game_from_the_home_tile_to_the_results_and_home_again(box):
    screen = start_game(box)
    assert [p.computer for p in screen.players] == [False, True]
    play_to_end(box, screen)
    obs = screen.state.to_dict()
    assert obs["scores"][obs["winner"]] >= 100 and max(obs["turns"]) >= 3
    box.advance(3000)
    results = box.top
    assert type(results).__name__ == "ResultsScreen"
    assert results.lines()[0].startswith(screen.names[obs["winner"]])
    box.press(Button.SELECT)
    assert type(box.top).__name__ == "HomeScreen"
    assert box.app.saves.list() == []


def test_banking_is_not_offered_before_the_first_roll_and_3_then_does_nothing(box):
    screen = start_game(box)
    assert not screen.check_action("hold", ())
    box.press(Button.DIGIT_3)
    assert screen.state.to_dict()["turns"] == [0, 0]
    box.press(Button.DIGIT_2, 300)
    box.advance(1000)
    obs = screen.state.to_dict()
    if obs["player"] == 0:  # no 1: the turn total can be banked now
        assert screen.check_action("hold", ()) and obs["turn_total"] > 0
        box.press(Button.DIGIT_3)
        assert screen.state.to_dict()["scores"][0] == obs["turn_total"]


def test_5_shows_the_odds_of_the_next_roll_and_5_closes_them(box):
    screen = start_game(box)
    while not (human_to_move(screen) and screen.obs()["rolls"]):
        step(box, screen)
    box.press(Button.DIGIT_5)
    odds = box.top
    assert isinstance(odds, OddsScreen) and odds.odds is not None
    labels = dict(odds.rows())
    assert labels["The turn total survives the next roll"] == "5 in 6 (83%)"
    assert odds.odds.best in ("roll", "hold")
    box.render()
    box.press(Button.DIGIT_5)
    assert box.top is screen


def test_save_mid_turn_and_resume_at_the_same_point(box):
    screen = start_game(box)
    while not (human_to_move(screen) and screen.obs()["rolls"] and screen.state.to_dict()["turns"][1]):
        step(box, screen)
    mid = screen.state.to_dict()
    box.press(Button.MENU)
    box.keys("DOWN,SELECT")  # Resume, [Save and quit], Quit without saving, Help
    assert type(box.top).__name__ == "HomeScreen"
    saves = box.app.saves.list()
    assert [s.kind for s in saves] == ["pig"] and "Pig:" in saves[0].title
    open_tile(box, "resume")
    box.press(Button.SELECT)
    again = box.top
    assert isinstance(again, PigScreen) and again is not screen
    again.inline = True
    assert again.state.to_dict() == mid
    play_to_end(box, again)


def test_a_damaged_save_is_moved_aside_with_one_line(box, tmp_path):
    check_damaged_save_moved_aside(box, tmp_path / "saves", "pig", "pig")


def test_every_damaged_field_of_a_save_is_refused_cleanly(box):
    screen = start_game(box)
    box.press(Button.DIGIT_2, 300)
    box.advance(1000)
    payload = json.loads(json.dumps(screen.save_payload()))
    assert PigScreen.from_payload(payload).state.to_dict() == screen.state.to_dict()
    try_every_damage(payload, PigScreen.from_payload, [None, -1, "x", [], {}, 10**9, True])


def test_save_and_quit_after_the_last_roll_goes_home_and_keeps_no_finished_game(box):
    screen = start_game(box)
    play_to_end(box, screen)
    box.press(Button.MENU)
    box.keys("DOWN,SELECT")  # Resume, [Save and quit], Quit without saving, Help
    assert type(box.top).__name__ == "HomeScreen"
    assert box.app.saves.list() == []
