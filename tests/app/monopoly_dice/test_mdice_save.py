"""Save and quit mid-turn, resume from the home screen, and play on exactly as if nothing stopped."""

from __future__ import annotations

import json

from dice_screen_helpers import check_damaged_save_moved_aside, try_every_damage
from mdice_screen_helpers import open_tile, play_to_end, start_game, step_keys

from app.app import Headless
from app.screens.monopoly_dice.board import BoardScreen
from remote.buttons import Button

SETUP = "UP,UP,RIGHT,DOWN,DOWN"  # you against a hard computer (medium by default -> hard)


def _mid_turn(screen: BoardScreen) -> bool:
    """A human's turn after a roll: dice placed (undoable) and rolled dice still to place."""
    if screen.busy or screen.computer_turn or screen.passing_to or screen.jail_notice:
        return False
    obs = screen.obs()
    placed = sum(d["where"] == "board" for d in obs["dice"])
    return obs["rolls"] >= 1 and placed >= 2 and obs["can_undo"] and bool(screen.placeable())


def test_save_mid_turn_and_resume_plays_on_identically(tmp_path):
    straight = Headless(profile="sd-pal", lang="en", data_dir=tmp_path / "a")
    stopped = Headless(profile="sd-pal", lang="en", data_dir=tmp_path / "b")
    try:
        a = start_game(straight, SETUP)
        b = start_game(stopped, SETUP)
        assert b.players[1].computer and b.players[1].level == "hard"
        for _ in range(3000):
            if _mid_turn(b):
                break
            step_keys(straight, a, stop_at=3000)
            step_keys(stopped, b, stop_at=3000)
        assert _mid_turn(b), "no mid-turn position reached"
        mid = b.state.to_dict()
        assert a.state.to_dict() == mid
        stopped.press(Button.MENU)
        stopped.keys("DOWN,SELECT")  # Resume, [Save and quit], Quit without saving, Help
        assert type(stopped.top).__name__ == "HomeScreen"
        saves = stopped.app.saves.list()
        assert [s.kind for s in saves] == ["monopoly-dice"]
        assert "leads with" in saves[0].title
        open_tile(stopped, "resume")
        stopped.press(Button.SELECT)
        b = stopped.top
        assert isinstance(b, BoardScreen) and b is not a
        b.inline = True
        assert b.state.to_dict() == mid
        play_to_end(straight, a, stop_at=3000)
        play_to_end(stopped, b, stop_at=3000)
        assert a.state.to_dict() == b.state.to_dict()
        assert a.state.returns() == b.state.returns()
        # a finished game leaves no save behind
        stopped.advance(3000)
        assert stopped.app.saves.list() == []
    finally:
        straight.close()
        stopped.close()


def test_damaged_saves_are_refused_cleanly(tmp_path):
    """Flip each field of a real save to a wrong value: resuming either works or says no (ValueError)."""
    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path)
    try:
        screen = start_game(h)
        h.keys("2:hold=300")
        h.advance(1500)
        payload = screen.save_payload()
        again = BoardScreen.from_payload(json.loads(json.dumps(payload)))
        assert again.state.to_dict() == screen.state.to_dict()
        try_every_damage(payload, BoardScreen.from_payload, [None, 7, "x", [], {}, [1, 2], True, -1])
        # a damaged save in the Resume list is moved aside with one line, never a traceback
        h.app.go_home()
        check_damaged_save_moved_aside(h, tmp_path / "saves", "monopoly-dice", "monopoly-dice")
    finally:
        h.close()
