"""The Resume list's bound: twelve saves, the thirteenth asks which to replace (twice), BACK keeps
them all; a stop signal keeps one more rather than ask; old one-slot saves resume and end in the
new scheme; in kiosk mode guests see and resume only guests' saves. Remote keys throughout."""

from __future__ import annotations

import json

from dice_screen_helpers import save_and_quit
from yahtzee.yahtzee_screen_helpers import play_turn_keys, start_game

from app.app import Headless
from app.appliance import save_game_in_progress
from app.kiosk import KioskConfig, hash_pin, set_up_box
from app.saves import MAX_SAVES, OWNER_GUEST
from app.screens.menu import ConfirmScreen
from app.screens.resume import ReplaceScreen, ResumeScreen
from app.screens.yahtzee.game import GameScreen
from remote.buttons import Button


def _fill(h: Headless, n: int = MAX_SAVES) -> list[str]:
    """``n`` saved games (made through the store: the screens' saving is what the tests press)."""
    payload = {"n": 0}
    for i in range(n):
        h.app.saves.save(f"old-{i:02d}", "yahtzee", f"game {i}", dict(payload, n=i), ["Sara"], f"round {i}")
    return [s.slot for s in h.app.saves.list()]


def _play_a_turn(h: Headless) -> GameScreen:
    game = start_game(h, "yahtzee")
    for _ in range(3):
        play_turn_keys(h, game)
    return game


def test_the_thirteenth_save_asks_which_to_replace_and_back_keeps_them_all(sd_box):
    h = sd_box
    slots = _fill(h)
    game = _play_a_turn(h)
    save_and_quit(h)
    assert isinstance(h.top, ReplaceScreen) and len(h.top.saves) == MAX_SAVES
    h.press(Button.BACK)
    assert h.top is game and h.app.toast_message == "Not saved: every saved game was kept"
    assert [s.slot for s in h.app.saves.list()] == slots


def test_replacing_needs_a_second_yes_and_takes_only_the_one_chosen(sd_box):
    h = sd_box
    slots = _fill(h)
    _play_a_turn(h)
    save_and_quit(h)
    h.keys("DOWN,DOWN,SELECT")  # the third newest
    assert isinstance(h.top, ConfirmScreen)
    h.press(Button.SELECT)  # "No" is first: a reflex press replaces nothing
    assert isinstance(h.top, ReplaceScreen) and len(h.app.saves.list()) == MAX_SAVES
    h.keys("SELECT,DOWN,SELECT")  # the same row again, then Yes
    assert type(h.top).__name__ == "HomeScreen"
    now = [s.slot for s in h.app.saves.list()]
    assert len(now) == MAX_SAVES and slots[2] not in now and set(slots) - {slots[2]} < set(now)
    assert h.app.saves.list()[0].kind == "yahtzee" and h.app.saves.list()[0].slot not in slots


def test_a_stop_signal_with_the_saves_full_keeps_one_more(sd_box):
    h = sd_box
    slots = _fill(h)
    _play_a_turn(h)
    assert save_game_in_progress(h.app)  # nobody to ask: nothing replaced, nothing lost
    now = [s.slot for s in h.app.saves.list()]
    assert len(now) == MAX_SAVES + 1 and set(slots) < set(now)


def test_an_old_one_slot_save_resumes_saves_back_and_ends_in_its_own_slot(sd_box, tmp_path):
    h = sd_box
    game = _play_a_turn(h)
    record = {"slot": "yahtzee-classic", "kind": "yahtzee", "title": "Classic, 1 players, round 2"}
    record.update(saved_at="2026-11-01T10:00:00.000000Z", payload=game.save_payload())
    h.app.go_home()
    (tmp_path / "saves").mkdir(exist_ok=True)
    (tmp_path / "saves" / "yahtzee-classic.json").write_text(json.dumps({"schema": 1, "data": record}))
    h.top.select_tile("resume")
    h.press(Button.SELECT)
    assert isinstance(h.top, ResumeScreen)
    assert h.top.row_text(h.top.saves[0])[0] == "Classic, 1 players, round 2"  # its title, as written
    h.press(Button.SELECT)
    resumed = h.top
    assert isinstance(resumed, GameScreen) and resumed.save_slot == "yahtzee-classic"
    play_turn_keys(h, resumed)
    save_and_quit(h)
    (info,) = h.app.saves.list()
    assert info.slot == "yahtzee-classic" and info.players == ("Player 1",)  # now in the new form


def test_kiosk_guests_see_and_resume_only_guests_saves(sd_box, tmp_path):
    h = sd_box
    h.app.saves.save("owners", "yahtzee", "the owner's", {"n": 1}, ["Owner"], "round 9")
    KioskConfig(pin=hash_pin("2580")).save(h.app.storage)
    set_up_box(h.app, kiosk=True)
    _play_a_turn(h)
    save_and_quit(h)
    h.top.select_tile("resume")
    h.press(Button.SELECT)
    listed = h.top.saves
    assert [s.owner for s in listed] == [OWNER_GUEST]  # the owner's save is not there
    assert h.top.row_text(listed[0])[1].endswith("· a guest's")
    h.press(Button.SELECT)
    assert isinstance(h.top, GameScreen)
    save_and_quit(h)
    assert h.app.saves.inner.load("owners") == {"n": 1}
    assert len(h.app.saves.inner.list()) == 2
