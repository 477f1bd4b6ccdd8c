"""Kiosk mode: what is hidden, the PIN (hashed, with a back-off on wrong tries), guests' saves."""

from __future__ import annotations

import json

import pytest

from app.app import Headless
from app.cli import main
from app.kiosk import (
    FREE_TRIES,
    LOCK_FIRST_S,
    LOCK_MAX_S,
    GuestHighScores,
    GuestSaves,
    Kiosk,
    KioskConfig,
    PinScreen,
    check_pin,
    hash_pin,
    lock_seconds,
    set_up_box,
)
from app.saves import HIGHSCORES_KEPT, OWNER_GUEST, SaveStore
from app.screens.menu import ChoiceScreen, MenuScreen
from app.screens.resume import ResumeScreen
from app.screens.settings import SettingsScreen
from app.storage import Storage
from remote.buttons import Button

PIN = "2580"


class WallClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def kiosk_box(tmp_path):
    """A headless box in kiosk mode with the PIN 2580, its wall clock under the test's control."""
    h = Headless(profile="sd-pal", data_dir=tmp_path)
    config = KioskConfig(pin=hash_pin(PIN))
    config.save(h.app.storage)
    box = set_up_box(h.app, kiosk=True)
    box.wall = WallClock()
    yield h, box
    h.close()


def test_the_pin_is_stored_hashed_with_a_salt():
    first, second = hash_pin(PIN), hash_pin(PIN)
    assert PIN not in json.dumps(first)
    assert first["hash"] != second["hash"]  # a random salt each time
    assert check_pin(PIN, first) and check_pin(PIN, second)
    assert not check_pin("2581", first)
    assert not check_pin(PIN, {"scheme": "scrypt", "salt": "zz"})
    assert not check_pin(PIN, None)
    with pytest.raises(ValueError):
        hash_pin("12a4")


def test_lock_grows_with_each_wrong_try_after_the_free_ones():
    locks = [lock_seconds(n) for n in range(1, FREE_TRIES + 6)]
    assert locks[: FREE_TRIES - 1] == [0.0] * (FREE_TRIES - 1)
    assert all(b > a for a, b in zip(locks[FREE_TRIES - 1 :], locks[FREE_TRIES:], strict=False))


def test_kiosk_hides_settings_quitting_and_deleting(kiosk_box):
    h, _ = kiosk_box
    assert "settings" not in [tile.id for tile in h.top.tiles]
    h.press(Button.MENU)
    assert isinstance(h.top, MenuScreen)
    assert "settings" not in [value for _, value in h.top.items]
    h.press(Button.BACK)
    h.top.select_tile("resume")
    h.press(Button.SELECT)
    assert isinstance(h.top, ResumeScreen)
    assert "delete" not in [b.action for b in h.top.bindings()]
    assert not h.app.allows("quit")


def test_the_pin_leaves_kiosk_mode(kiosk_box):
    h, box = kiosk_box
    h.keys("2,5,8,0")  # the first digit on the home screen opens the pad
    assert isinstance(h.top, PinScreen) and h.top.digits == PIN
    h.press(Button.SELECT)
    assert isinstance(h.top, ChoiceScreen) and h.top.title_key == "kiosk.owner"
    h.keys("DOWN,SELECT")  # Leave kiosk mode
    assert not box.active and h.app.allows("settings")
    assert "settings" in [tile.id for tile in h.top.tiles]


def test_the_pin_opens_settings(kiosk_box):
    h, box = kiosk_box
    h.keys("2,5,8,0,SELECT,SELECT")
    assert isinstance(h.top, SettingsScreen)
    assert box.active  # still a kiosk once Settings close


def test_wrong_pins_are_refused_then_the_pad_locks_and_backs_off(kiosk_box):
    h, box = kiosk_box
    for _ in range(FREE_TRIES):
        h.keys("1,1,1,1,SELECT")
        assert isinstance(h.top, PinScreen) and h.top.message
        h.press(Button.MENU)
        assert h.top is h.app.stack[0]
    locked = box.locked_for()
    assert locked > 0
    # Locked: digits are not taken, even the right PIN is refused.
    h.keys("2,5,8,0,SELECT")
    assert isinstance(h.top, PinScreen) and h.top.digits == "2"
    assert not box.try_pin(PIN)
    h.advance(100)
    assert h.top.countdown == int(locked + 0.999)  # the count-down on screen
    box.wall.now += locked + 1
    h.advance(100)
    assert h.top.countdown == 0 and not h.top.ticking  # gone once the lock is over
    assert not box.try_pin("9999")
    assert box.locked_for() == pytest.approx(2 * locked)  # one more wrong: twice as long
    box.wall.now += box.locked_for() + 1
    assert box.try_pin(PIN) and box.locked_for() == 0 and box.lock.read() == (0, 0.0)


def test_the_count_of_wrong_tries_survives_a_restart(kiosk_box, tmp_path):
    h, box = kiosk_box
    for _ in range(FREE_TRIES):
        box.try_pin("0000")
    again = _restart(tmp_path, box.wall)
    assert again.lock.read()[0] == FREE_TRIES and again.locked_for() == pytest.approx(LOCK_FIRST_S)


def _restart(tmp_path, wall) -> Kiosk:
    """The box after a power cycle: a new app on the same card, kiosk mode on, the same wall clock."""
    h = Headless(profile="sd-pal", data_dir=tmp_path)
    box = set_up_box(h.app, kiosk=True)
    box.wall = wall
    return box


def test_a_try_is_counted_on_the_card_before_the_pin_is_checked(kiosk_box, tmp_path, monkeypatch):
    """A power cut right after the answer (before anything else is written) gives no free try."""
    h, box = kiosk_box
    seen = []
    monkeypatch.setattr("app.kiosk.check_pin", lambda pin, stored: seen.append(box.lock.read()) or False)
    box.try_pin("1234")
    assert seen == [(1, box.wall())]  # already on the card when the PIN was looked at


def _full_card(monkeypatch):
    """No new file can be made: every write that needs a new block fails with ENOSPC."""
    import errno
    import tempfile

    def no_space(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(tempfile, "mkstemp", no_space)


def test_on_a_full_card_the_lock_record_still_counts_across_restarts(kiosk_box, tmp_path, monkeypatch):
    h, box = kiosk_box
    _full_card(monkeypatch)
    with pytest.raises(OSError):
        KioskConfig(pin=hash_pin(PIN)).save(h.app.storage)  # the card is full for ordinary files
    for _ in range(FREE_TRIES + 2):
        box.wall.now += box.locked_for()
        h.keys("1,1,1,1,SELECT,MENU")
    again = _restart(tmp_path, box.wall)
    assert again.lock.read()[0] == FREE_TRIES + 2
    assert again.locked_for() == pytest.approx(lock_seconds(FREE_TRIES + 2))
    assert not again.try_pin(PIN)  # locked: the right PIN waits too


def test_on_a_read_only_card_the_pad_takes_no_pin(kiosk_box, tmp_path, monkeypatch):
    """Fail closed: where no try can be counted, none is checked (restarts would give free ones)."""
    import os

    h, box = kiosk_box
    real_open = os.open

    def read_only(path, flags, *args, **kwargs):
        if flags & (os.O_WRONLY | os.O_RDWR):
            raise OSError(30, "Read-only file system")
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only)
    h.keys("2,5,8,0,SELECT")
    pad = h.top
    assert isinstance(pad, PinScreen) and pad.digits == "2"  # no further digit, no check
    assert not pad.can_count and "cannot be written (kiosk.lock)" in pad.status_line()
    assert not box.try_pin(PIN)
    assert box.lock.read() == (0, 0.0)


def test_a_clock_set_back_after_a_lock_locks_no_longer_than_the_back_off(kiosk_box, tmp_path):
    h, box = kiosk_box
    for _ in range(FREE_TRIES + 1):
        box.wall.now += box.locked_for()
        box.try_pin("0000")
    assert box.locked_for() == pytest.approx(2 * LOCK_FIRST_S)
    box.wall.now -= 86_400  # the clock is set back a day
    assert box.locked_for() == pytest.approx(2 * LOCK_FIRST_S)
    again = _restart(tmp_path, box.wall)  # and after a restart too
    assert again.locked_for() == pytest.approx(2 * LOCK_FIRST_S)
    box.wall.now += 2 * LOCK_FIRST_S + 1
    h.keys("2,5,8,0,SELECT")
    assert isinstance(h.top, ChoiceScreen)  # the owner is in


def test_a_damaged_lock_record_locks_rather_than_frees(kiosk_box, tmp_path):
    h, box = kiosk_box
    (tmp_path / "kiosk.lock").write_bytes(b"x" * 64)
    assert box.locked_for() == pytest.approx(LOCK_MAX_S)
    assert box.lock.read()[0] >= FREE_TRIES  # written back whole: the lock runs out
    box.wall.now += LOCK_MAX_S + 1
    assert box.try_pin(PIN)


def test_a_lock_record_cut_short_is_made_again_locked(kiosk_box, tmp_path):
    h, box = kiosk_box
    (tmp_path / "kiosk.lock").write_bytes(b"TVGLOCK1 0000")  # cut: a restart must not reset the count
    again = _restart(tmp_path, box.wall)
    assert again.locked_for() == pytest.approx(LOCK_MAX_S)


def test_trying_every_4_digit_pin_takes_more_than_a_day_whatever_the_restarts(tmp_path):
    """A guest who power-cycles the box after each try (a new app on the same card) still waits
    out every lock: the wall time to try all 10,000 PINs, the quickest way, is over 24 hours."""
    wall = WallClock()
    start = wall.now
    tried = 0
    Headless(profile="sd-pal", data_dir=tmp_path).close()
    KioskConfig(pin=hash_pin(PIN)).save(Storage(tmp_path))
    box = _restart(tmp_path, wall)
    box.config.pin = None  # no PIN matches: scrypt is not what this test measures
    while tried < 40:
        wall.now += box.locked_for() + 2.0  # waits out the lock; a power cycle is 2 s
        box = _restart(tmp_path, wall) if tried % 2 else box
        box.config.pin = None
        assert box.try_pin(f"{tried:04d}") is False
        tried += 1
    per_try = (wall.now - start) / tried
    assert per_try * 10_000 > 24 * 3600


def test_kiosk_without_a_pin_says_how_to_set_one(tmp_path):
    h = Headless(profile="sd-pal", data_dir=tmp_path)
    from app.cli import UserError

    with pytest.raises(UserError, match="kiosk --set-pin"):
        set_up_box(h.app, kiosk=True)
    h.close()


def test_set_pin_from_the_command_line(tmp_path, monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("4711\n"))
    assert main(["--data-dir", str(tmp_path), "kiosk", "--set-pin", "--on", "--attract-after", "3"]) == 0
    config = KioskConfig.load(__import__("app.storage").storage.Storage(tmp_path))
    assert config.enabled and check_pin("4711", config.pin) and config.attract_after_min == 3
    assert config.idle_game_min is None  # not set here: the profile's
    capsys.readouterr()
    assert main(["--data-dir", str(tmp_path), "kiosk"]) == 0
    shown = capsys.readouterr().out
    assert "attract_after_min: 3" in shown and "idle_game_min: from the profile" in shown
    monkeypatch.setattr("sys.stdin", io.StringIO("47\n"))
    assert main(["--data-dir", str(tmp_path), "kiosk", "--set-pin"]) == 2
    assert "4 to 8 digits" in capsys.readouterr().err


def test_guests_never_see_touch_or_save_over_the_owners_saves(tmp_path):
    store = SaveStore(Storage(tmp_path))
    store.save("owners-game", "yahtzee", "the owner's", {"n": 1})
    guests = GuestSaves(store)
    assert guests.list() == [] and guests.load("owners-game") is None and guests.info("owners-game") is None
    assert not guests.delete("owners-game") and store.load("owners-game") == {"n": 1}
    mine = guests.save("owners-game", "yahtzee", "a guest's", {"n": 2})  # never over the owner's
    assert mine.slot != "owners-game" and mine.owner == OWNER_GUEST
    assert store.load("owners-game") == {"n": 1} and [i.slot for i in guests.list()] == [mine.slot]


def test_guests_never_push_each_others_high_scores_out(tmp_path):
    h = Headless(profile="sd-pal", data_dir=tmp_path)
    scores = GuestHighScores(h.app.high_scores)
    for n in range(HIGHSCORES_KEPT):
        assert scores.add("yahtzee-classic", f"guest {n}", 100 + n) is not None
    assert scores.add("yahtzee-classic", "best guest", 999) is None
    assert not scores.qualifies("yahtzee-classic", 999)
    assert len(h.app.high_scores.load("yahtzee-classic")) == HIGHSCORES_KEPT
    h.close()


def test_guests_may_share_high_scores_where_the_owner_allows(tmp_path):
    h = Headless(profile="sd-pal", data_dir=tmp_path)
    KioskConfig(pin=hash_pin(PIN), guests_share=True).save(h.app.storage)
    real = h.app.high_scores
    set_up_box(h.app, kiosk=True)
    assert h.app.high_scores is real and isinstance(h.app.saves, GuestSaves)  # saves keep owners
    h.close()


def test_doctests():
    import doctest

    import app.kiosk

    assert doctest.testmod(app.kiosk).failed == 0


def _kiosk_profile(tmp_path, kiosk_key: str):
    from app.profiles import load_profile

    file = tmp_path / "shop-box.yaml"
    file.write_text(f"extends: sd-pal\nkiosk: {kiosk_key}\n")
    return load_profile(file)


def _attract_of(app):
    from app.attract import Attract

    return next(t.__self__ for t in app.tickers if isinstance(getattr(t, "__self__", None), Attract))


def test_a_profile_key_turns_kiosk_mode_on_with_its_timings(tmp_path):
    profile = _kiosk_profile(tmp_path, "{enabled: true, attract_after_min: 1, idle_game_min: 3}")
    kiosk = profile.kiosk
    assert (kiosk.enabled, kiosk.attract_after_min, kiosk.idle_game_min) == (True, 1, 3)
    h = Headless(profile=profile, data_dir=tmp_path / "home")
    KioskConfig(pin=hash_pin(PIN)).save(h.app.storage)
    box = set_up_box(h.app)  # no --kiosk, nothing on in kiosk.json
    attract = _attract_of(h.app)
    assert box.active and not h.app.allows("settings")
    assert (attract.attract_after_s, attract.idle_game_s) == (60, 180)
    h.close()


def test_kiosk_json_timings_win_over_the_profile(tmp_path):
    profile = _kiosk_profile(tmp_path, "{attract_after_min: 1, idle_game_min: 3}")
    h = Headless(profile=profile, data_dir=tmp_path / "home")
    KioskConfig(attract_after_min=0.0).save(h.app.storage)  # the owner said: no demos
    box = set_up_box(h.app)
    attract = _attract_of(h.app)
    assert not box.active
    assert (attract.attract_after_s, attract.idle_game_s) == (0, 180)
    h.close()


def test_without_a_kiosk_key_the_defaults_hold(tmp_path):
    h = Headless(profile="sd-pal", data_dir=tmp_path)
    box = set_up_box(h.app)
    attract = _attract_of(h.app)
    assert not box.active and (attract.attract_after_s, attract.idle_game_s) == (120, 300)
    h.close()


@pytest.mark.parametrize("bad", [-1, float("nan"), 1e300, True, "5"])
def test_a_bad_timing_in_kiosk_json_falls_back_to_the_profile(tmp_path, bad):
    from app.storage import Storage

    storage = Storage(tmp_path)
    storage.write_json("kiosk.json", {"attract_after_min": bad}, 1)
    assert KioskConfig.load(storage).attract_after_min is None


@pytest.mark.parametrize("kind", ["yahtzee-classic", "monopoly-dice", "monopoly"])
@pytest.mark.parametrize("kiosk", [True, False])
def test_kiosk_mode_hides_quit_without_saving_in_every_game(tmp_path, kind, kiosk):
    from app.attract import DEMOS

    h = Headless(profile="sd-pal", data_dir=tmp_path)
    KioskConfig(pin=hash_pin(PIN)).save(h.app.storage)
    set_up_box(h.app, kiosk=kiosk)
    demo = next(d for d in DEMOS if d.kind == kind)
    h.app.push(demo.make(h.app))
    h.press(Button.MENU)
    assert isinstance(h.top, MenuScreen)
    values = [value for _, value in h.top.items]
    assert "save" in values and ("quit" in values) is not kiosk
    h.keys("DOWN,DOWN,DOWN,DOWN")  # the focus moves over the items that are there
    assert 0 <= h.top.focus.focus < len(values)
    h.close()
