"""The fallbacks and the clean-up rules, case by case (in process; the hostile suite runs the CLI)."""

from __future__ import annotations

import os
import time

import pytest

from app import i18n, storage
from app.boot import BootError, prepare
from app.profiles import builtin_profile, load_profile, load_profile_or_fallback
from app.storage import CORRUPT_KEPT, Storage, StorageError
from remote.replay import MAX_GAP_S, replay
from remote.sources import RawEvent


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language("en")


def test_the_built_in_profile_is_the_shipped_hd_720_but_for_theme_and_remotes():
    built_in, shipped = builtin_profile(), load_profile("hd-720")
    for name in ("width", "height", "refresh_hz", "display_aspect", "safe_area", "font_scale", "input"):
        assert getattr(built_in, name) == getattr(shipped, name), name
    assert (built_in.max_level, built_in.max_red) == (shipped.max_level, shipped.max_red)
    assert built_in.remotes["keyboard"].codes == shipped.remotes["keyboard"].codes


def test_a_profile_that_cannot_be_loaded_falls_back_with_the_reason():
    profile, reason = load_profile_or_fallback("no-such-profile")
    assert profile.name == "hd-720" and "no such profile" in reason and "\n" not in reason
    assert load_profile_or_fallback("sd-pal")[1] is None


def test_boot_names_the_fallback_on_the_tv_and_keeps_the_setting_on_the_card(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text('{"schema": 1, "data": {"profile": "gone"}}')
    boot = prepare(home)
    # An unknown name is an invalid value (reset to the default) before any profile is tried.
    assert boot.profile.name == "hd-720"
    assert boot.storage.messages == ["Setting “Display profile” had an invalid value; using the default"]
    with pytest.raises(BootError, match="no such profile"):
        prepare(home, tmp_path / "missing.yaml")
    (tmp_path / "file").write_text("x")
    with pytest.raises(BootError, match="is not a directory"):
        prepare(tmp_path / "file")


def test_a_data_directory_that_is_a_file_is_moved_aside_and_made_again(tmp_path):
    home = tmp_path / "tvgames"
    home.write_bytes(b"\x00 not a directory")
    store = Storage(home)
    assert store.prepare(("saves",))
    assert home.is_dir()
    (aside,) = tmp_path.glob("tvgames.corrupt-*")
    assert aside.read_bytes() == b"\x00 not a directory"
    assert store.messages == [f"The data folder was a file; moved aside to {aside.name}"]


def test_a_file_where_saves_should_be_is_moved_aside(tmp_path):
    (tmp_path / "saves").write_bytes(b"junk")
    store = Storage(tmp_path)
    assert store.prepare(("saves",))
    (aside,) = tmp_path.glob("saves.corrupt-*")
    assert aside.read_bytes() == b"junk" and store.messages[0].startswith("saves was damaged")


def test_new_directories_are_synced_into_their_parents(tmp_path, monkeypatch):
    synced = []
    monkeypatch.setattr(storage, "_fsync_dir", synced.append)
    storage.make_dirs(tmp_path / "a" / "b" / "c")
    assert synced == [tmp_path, tmp_path / "a", tmp_path / "a" / "b"]


def test_start_up_removes_stale_temp_files_and_prunes_moved_aside_files(tmp_path):
    now = time.time()
    stale, fresh = tmp_path / ".settings.json.x1.tmp", tmp_path / ".settings.json.x2.tmp"
    for path, age in ((stale, 3600), (fresh, 1)):
        path.write_text("{")
        os.utime(path, (now - age, now - age))
    ancient = tmp_path / "settings.json.corrupt-20250101T000000Z"
    ancient.write_text("x")
    os.utime(ancient, (now - 100 * 86400, now - 100 * 86400))
    recent = []
    for i in range(CORRUPT_KEPT + 5):
        path = tmp_path / f"saves-{i}.json.corrupt-20261129T0000{i:02d}Z"
        path.write_text("x")
        os.utime(path, (now - 1000 + i, now - 1000 + i))
        recent.append(path)
    assert Storage(tmp_path).prepare()
    assert not stale.exists() and fresh.exists() and not ancient.exists()
    assert [p.exists() for p in recent] == [False] * 5 + [True] * CORRUPT_KEPT


def test_a_key_held_across_a_huge_pause_repeats_for_a_bounded_time():
    hd = load_profile("hd-720")
    events = [RawEvent(0.1, "EV_KEY", "KEY_UP", 1), RawEvent(1e9, "EV_KEY", "KEY_UP", 0)]
    out = replay(events, hd.input, hd.remotes)
    repeats = MAX_GAP_S * hd.input.repeat_rate_hz
    assert repeats - 10 <= len(out) <= repeats + 10
    assert out[-1].time == pytest.approx(0.1 + MAX_GAP_S)


def test_a_file_in_the_way_of_the_data_folder_is_named_as_the_problem(tmp_path):
    """A file where a folder on the way should be: the TV names it, and no file in the data folder
    is reported damaged (before, the toast said kiosk.json or settings.json was damaged)."""
    (tmp_path / "card").write_text("x")
    boot_storage = Storage(tmp_path / "card" / "tvgames")
    assert not boot_storage.prepare(("saves",))
    assert boot_storage.read_json("settings.json", 1) is None
    assert boot_storage.read_json("kiosk.json", 1) is None
    assert boot_storage.messages == [
        "Cannot make the data folder: card is a file, not a folder; settings and saves will not be kept"
    ]


def test_a_failed_write_names_the_file_not_its_path(tmp_path, monkeypatch):
    """The toast of a full card fits a 576-line TV: the file's name, not a path from /."""

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(StorageError) as caught:
        Storage(tmp_path / "deep" / "data").write_json("saves/a-game.json", {}, 1)
    assert str(caught.value) == "cannot write a-game.json: No space left on device"
