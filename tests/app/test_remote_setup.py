"""Set up your remote: a remote known only by its scancodes is taught on the TV with its own
buttons, then plays; the learned map survives a restart; a damaged map file falls back; kiosk mode
keeps the set-up behind the PIN."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from remote_helpers import DEVICE, RawRemote, box

from app.kiosk import KioskConfig, hash_pin, set_up_box
from app.screens.remote_setup import FILE_NAME, FUNCTIONS, RemoteSetupScreen, heard_name
from app.screens.settings import ROWS, SettingsScreen
from remote.buttons import Button

sys.path.insert(0, str(Path(__file__).resolve().parent / "yahtzee"))
from yahtzee_screen_helpers import play_to_end, replay, start_game  # noqa: E402

from app.screens.yahtzee.game import PlayerSpec  # noqa: E402

# A "Car MP3" kit remote: NEC, no keymap in the kernel, so only scancodes arrive.
CAR_MP3 = {function: 0x40BF00 + i for i, function in enumerate(FUNCTIONS) if function is not Button.INFO}
UNKNOWN = 0x40BFEE  # a button the set-up is never told about


def teach(h, remote: RawRemote) -> None:
    """Two presses the box does not know bring up the set-up; hold to begin; each function in turn."""
    remote.code(UNKNOWN)
    remote.code(UNKNOWN)
    assert isinstance(h.top, RemoteSetupScreen) and h.top.offered
    remote.code(UNKNOWN, 1300)  # hold any button to begin
    assert h.top.phase == "learn" and h.top.device == DEVICE
    for function in FUNCTIONS:
        if function is Button.INFO:
            remote.code(UNKNOWN, 1300)  # no INFO on this remote: hold to skip
        else:
            remote.code(CAR_MP3[function])


def test_a_scancode_remote_is_taught_by_its_own_keys_then_plays(tmp_path):
    h = box(tmp_path)
    try:
        remote = RawRemote(h, CAR_MP3)
        teach(h, remote)
        screen = h.top
        assert screen.phase == "review"
        assert screen.heard[Button.DIGIT_2] == "nec:0x40bf00" and Button.INFO not in screen.heard
        # redo 3 from the list, with the remote's own arrows and OK, refusing a button already used
        remote.code(CAR_MP3[Button.DOWN])
        remote.code(CAR_MP3[Button.DOWN])
        remote.code(CAR_MP3[Button.SELECT])
        assert screen.phase == "learn" and screen.function is Button.DIGIT_3
        remote.code(CAR_MP3[Button.DIGIT_2])
        assert screen.phase == "learn" and "already 2" in screen.message
        remote.code(CAR_MP3[Button.DIGIT_3])
        assert screen.phase == "review"
        remote.code(CAR_MP3[Button.UP])
        remote.code(CAR_MP3[Button.UP])
        remote.code(CAR_MP3[Button.SELECT])  # Save and use this remote
        assert type(h.top).__name__ == "HomeScreen"
        saved = json.loads((tmp_path / FILE_NAME).read_text())["data"]["devices"][DEVICE]
        assert saved["nec:0x40bf04"] == "SELECT" and len(saved) == len(FUNCTIONS) - 1
        h.press = remote.press  # from now on the script presses the Car MP3 remote
        game = start_game(h, "yahtzee")
        play_to_end(h, game, rolls=1)
        assert game.state.to_dict() == replay("classic", [PlayerSpec(False)], game.decisions).to_dict()
    finally:
        h.close()


def test_the_learned_map_survives_a_restart_and_can_be_removed(tmp_path):
    h = box(tmp_path)
    try:
        teach(h, RawRemote(h, CAR_MP3))
        h.keys("SELECT")  # a keyboard works the list too: Save
    finally:
        h.close()
    h = box(tmp_path)
    try:
        remote = RawRemote(h, CAR_MP3)
        home = h.top
        remote.code(CAR_MP3[Button.RIGHT])
        assert home.focus.focus == 1  # the learned RIGHT moved on the home screen
        h.app.push(SettingsScreen())
        settings = h.top
        while settings.value(ROWS[settings.focus.focus]) != "1 set up":
            h.keys("DOWN")
        h.keys("SELECT,DOWN,SELECT")  # Remove: gpio_ir_recv ...
        h.keys("SELECT")  # ... asks again, on "Continue": nothing removed
        assert h.app.remotes.learned
        h.keys("SELECT,DOWN,SELECT,UP,SELECT")  # Yes, remove
        assert not h.app.remotes.learned
        assert json.loads((tmp_path / FILE_NAME).read_text())["data"]["devices"] == {}
    finally:
        h.close()


@pytest.mark.parametrize(
    "damage", ["{not json", '{"schema": 1, "data": {"devices": {"x": {"KEY_OK": "FIRE"}}}}']
)
def test_a_damaged_map_file_falls_back_with_one_line(tmp_path, damage):
    (tmp_path / FILE_NAME).write_text(damage)
    h = box(tmp_path)
    try:
        assert h.app.remotes.learned == {}
        assert h.app.toast_message.startswith(f"{FILE_NAME} was damaged; moved aside to {FILE_NAME}.corrupt-")
        assert not (tmp_path / FILE_NAME).exists() and list(tmp_path.glob(f"{FILE_NAME}.corrupt-*"))
    finally:
        h.close()


def test_kiosk_mode_keeps_the_set_up_behind_the_pin(tmp_path):
    h = box(tmp_path)
    try:
        KioskConfig(pin=hash_pin("2580")).save(h.app.storage)
        set_up_box(h.app, kiosk=True)
        remote = RawRemote(h, CAR_MP3)
        remote.code(UNKNOWN)
        remote.code(UNKNOWN)
        assert not any(isinstance(s, RemoteSetupScreen) for s in h.app.stack)
        assert h.app.toast_message == "A new remote: the owner can set it up in Settings"
        h.keys("2,5,8,0,SELECT,SELECT")  # the PIN, then Settings
        assert isinstance(h.top, SettingsScreen)
    finally:
        h.close()


def test_heard_names():
    assert heard_name("KEY_VOLUMEUP") == "VOL+" and heard_name("rc-5:0x1e0c") == "RC-5 0x1e0c"


def test_a_remote_with_key_names_is_taught_from_settings_beginning_with_its_menu_key(tmp_path):
    h = box(tmp_path)
    try:
        h.app.push(SettingsScreen())
        while ROWS[h.top.focus.focus].field != "remote":
            h.keys("DOWN")
        h.keys("SELECT,SELECT")  # Remote -> Set up a remote
        screen = h.top
        assert isinstance(screen, RemoteSetupScreen) and not screen.offered
        remote = RawRemote(h, {})
        remote.code("KEY_MEDIA", 1300)  # the MCE remote's MENU key, held: it begins, opens no menu
        assert h.top is screen and screen.phase == "learn"
        names = {f: f"KEY_F{i + 1}" for i, f in enumerate(FUNCTIONS)}  # a programmable remote's keys
        for function in FUNCTIONS:
            remote.code(names[function])
        assert screen.phase == "review" and screen.heard == names
        h.keys("SELECT")  # Save
        assert h.app.pipeline.keymap_of(DEVICE).button_for("KEY_F1") is Button.DIGIT_2
        assert h.app.pipeline.keymap_of(DEVICE).button_for("KEY_OK") is Button.SELECT  # the table still reads
    finally:
        h.close()
