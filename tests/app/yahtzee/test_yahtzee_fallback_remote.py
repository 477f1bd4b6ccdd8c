"""A tuner-card remote with no arrows and no MENU plays a whole Yahtzee game: channel keys move up
and down, volume keys left and right, a held BACK opens the menu, and the TV says so once."""

from __future__ import annotations

import sys
from pathlib import Path

from yahtzee_screen_helpers import play_to_end, replay, start_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from remote_helpers import RawRemote, box  # noqa: E402

from app.screens.yahtzee.game import PlayerSpec  # noqa: E402
from remote.buttons import DIGITS, Button  # noqa: E402

TUNER = {
    **{DIGITS[n]: f"KEY_NUMERIC_{n}" for n in range(10)},
    Button.UP: "KEY_CHANNELUP",
    Button.DOWN: "KEY_CHANNELDOWN",
    Button.LEFT: "KEY_VOLUMEDOWN",
    Button.RIGHT: "KEY_VOLUMEUP",
    Button.SELECT: "KEY_OK",
    Button.BACK: "KEY_EXIT",
}


def test_a_remote_without_arrows_or_menu_plays_a_whole_yahtzee_game(tmp_path):
    h = box(tmp_path)
    try:
        remote = RawRemote(h, TUNER, holds={Button.MENU: "KEY_EXIT"})
        remote.keys_are([*TUNER.values(), "KEY_MUTE", "KEY_POWER"])
        h.press = remote.press  # every scripted press below is made on the tuner remote
        remote.code("KEY_CHANNELUP")  # the first press: the TV says which keys stand in
        assert h.app.toast_message == (
            "This remote lacks some keys. Use ▲ ▼: CH+/CH-; ◀ ▶: VOL-/VOL+; MENU: hold BACK"
        )
        screen = start_game(h, "yahtzee")
        h.press(Button.MENU)  # held BACK: the menu, not a step back out of the game
        assert type(h.top).__name__ == "MenuScreen" and h.top is not screen
        h.press(Button.BACK)  # a short BACK closes it
        assert h.top is screen
        play_to_end(h, screen, rolls=2)
        expected = replay("classic", [PlayerSpec(False)], screen.decisions)
        assert screen.state.to_dict() == expected.to_dict()
    finally:
        h.close()
