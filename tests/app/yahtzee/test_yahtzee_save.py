"""Save and quit mid-turn, resume from the home screen, and play on exactly as if nothing stopped."""

from __future__ import annotations

import json

from dice_screen_helpers import check_damaged_save_moved_aside, try_every_damage
from yahtzee_screen_helpers import open_tile, play_to_end, start_game

from app.app import Headless
from app.screens.yahtzee.game import GameScreen
from remote.buttons import Button

# Dice Party, human against an easy computer (its choices draw on its own generator, which the
# save must carry too); Persian, the game's default.
BEFORE = "2:hold=300,RIGHT,SELECT," * 3 + "2:hold=300,DOWN,SELECT,DOWN,DOWN,SELECT,2:hold=300,UP,SELECT"
AFTER = "2:hold=300,RIGHT,RIGHT,SELECT"


def _setup_keys() -> str:
    # set-up of Dice Party: seat 1 (human), seat 2 (computer, medium by default) -> easy
    return "UP,RIGHT,DOWN"  # Persian: right-to-left, so RIGHT steps back


def _skip_computers(h: Headless, screen: GameScreen) -> None:
    for _ in range(200):
        if screen.state.is_terminal() or not screen.computer_turn:
            return
        h.press(Button.SELECT)
        h.advance(300)


def _play(h: Headless, screen: GameScreen, script: str) -> None:
    for item in script.split(","):
        _skip_computers(h, screen)
        h.keys(item)


def _save_and_quit(h: Headless) -> None:
    h.press(Button.MENU)
    h.keys("DOWN,SELECT")  # Resume, [Save and quit], Quit without saving, Help


def test_save_mid_turn_and_resume_plays_on_identically(tmp_path):
    straight = Headless(profile="sd-pal", lang="en", data_dir=tmp_path / "a")
    stopped = Headless(profile="sd-pal", lang="en", data_dir=tmp_path / "b")
    try:
        a = start_game(straight, "dice-party", _setup_keys())
        b = start_game(stopped, "dice-party", _setup_keys())
        assert a.players[1].level == "easy"
        _play(straight, a, BEFORE)
        _play(stopped, b, BEFORE)
        mid = b.state.to_dict()
        assert mid["rolls"] == 2 and any(mid["held"]) and mid["player"] == 0  # mid-turn, dice held
        _save_and_quit(stopped)
        assert type(stopped.top).__name__ == "HomeScreen"
        assert stopped.app.lang == "en"  # Dice Party's Persian ends with the game screen
        saves = stopped.app.saves.list()
        assert [s.kind for s in saves] == ["dice-party"]
        assert saves[0].title.startswith("Dice Party, 2 players, round")  # in the shell's English
        open_tile(stopped, "resume")
        stopped.press(Button.SELECT)
        b = stopped.top
        assert isinstance(b, GameScreen) and b is not a
        assert b.state.to_dict() == mid
        assert b.state.to_dict() == a.state.to_dict()
        assert (b.zone, b.die_focus, b.box_focus) == (a.zone, a.die_focus, a.box_focus)  # the cursors too
        assert stopped.app.lang == "fa"
        _play(straight, a, AFTER)
        _play(stopped, b, AFTER)
        play_to_end(straight, a, 2)
        play_to_end(stopped, b, 2)
        assert a.state.to_dict() == b.state.to_dict()
        assert a.state.returns() == b.state.returns()
        assert a.decisions == b.decisions  # the review sees the whole game, across the save
    finally:
        straight.close()
        stopped.close()


def test_damaged_save_is_moved_aside_with_one_line(tmp_path):
    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path)
    try:
        check_damaged_save_moved_aside(h, tmp_path / "saves", "yahtzee-classic", "yahtzee")
        h.render()
    finally:
        h.close()


def test_every_damage_to_a_real_save_is_refused_cleanly(tmp_path):
    """Flip each field of a real save to a wrong value: the resume either works or says no."""
    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path)
    try:
        screen = start_game(h, "yahtzee")
        h.keys("2:hold=300,DOWN,SELECT")
        payload = screen.save_payload()
        json.dumps(payload)  # JSON-able
        assert (
            GameScreen.from_payload(json.loads(json.dumps(payload))).state.to_dict() == screen.state.to_dict()
        )
        try_every_damage(payload, GameScreen.from_payload, [None, 7, "x", [], {}, [1, 2], True])
    finally:
        h.close()


def test_save_during_a_computer_turn_plays_it_out_first(tmp_path):
    straight = Headless(profile="sd-pal", lang="en", data_dir=tmp_path / "a")
    stopped = Headless(profile="sd-pal", lang="en", data_dir=tmp_path / "b")
    try:
        a = start_game(straight, "dice-party", _setup_keys())
        b = start_game(stopped, "dice-party", _setup_keys())
        for h, screen in ((straight, a), (stopped, b)):
            h.keys("2:hold=300,RIGHT,SELECT")
            if screen.confirming is not None:  # a zero or a wasteful score asks once more
                h.keys("SELECT")
            assert screen.computer_turn
        for _ in range(100):  # let the computer get going: it has rolled, its turn is not over
            stopped.advance(100)
            if b.saved()["rolls"] >= 1:
                break
        assert b.computer_turn and b.saved()["rolls"] >= 1
        _save_and_quit(stopped)
        assert type(stopped.top).__name__ == "HomeScreen"
        open_tile(stopped, "resume")
        stopped.press(Button.SELECT)
        b = stopped.top
        assert isinstance(b, GameScreen) and not b.computer_turn and b.turn_player == 0
        _skip_computers(straight, a)
        assert a.state.to_dict() == b.state.to_dict()
        play_to_end(straight, a, 2)
        play_to_end(stopped, b, 2)
        assert a.state.to_dict() == b.state.to_dict()
    finally:
        straight.close()
        stopped.close()
