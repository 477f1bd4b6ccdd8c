from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import pytest

from app import i18n
from app.storage import Storage, StorageError, data_dir


class PowerCut(BaseException):
    """Stands for the machine stopping dead: no except/finally of ours gets to clean up."""


pytestmark = pytest.mark.usefixtures("english_ui")


@pytest.fixture
def storage(tmp_path) -> Storage:
    return Storage(tmp_path / "home")


def aside(root: Path, name: str) -> list[Path]:
    return sorted(root.glob(f"{name}.corrupt-*"))


def test_data_dir_precedence(tmp_path, monkeypatch):
    monkeypatch.setenv("TVGAMES_HOME", str(tmp_path / "env"))
    assert data_dir(tmp_path / "flag") == tmp_path / "flag"
    assert data_dir() == tmp_path / "env"
    monkeypatch.delenv("TVGAMES_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "tvgames"


def test_round_trip_with_schema_wrapper(storage):
    storage.write_json("settings.json", {"volume": 0.5, "name": "علی"}, 3)
    on_disk = json.loads((storage.root / "settings.json").read_text(encoding="utf-8"))
    assert on_disk == {"schema": 3, "data": {"volume": 0.5, "name": "علی"}}
    assert storage.read_json("settings.json", 3) == {"volume": 0.5, "name": "علی"}
    assert storage.messages == []


def test_subdirectories_are_created(storage):
    storage.write_json("saves/slot-1.json", {"a": 1}, 1)
    assert storage.read_json("saves/slot-1.json", 1) == {"a": 1}
    assert storage.list("saves") == ["saves/slot-1.json"]
    assert storage.list("nothing-here") == []


def test_missing_file_is_none_without_notice(storage):
    assert storage.read_json("settings.json", 1) is None
    assert storage.messages == []


@pytest.mark.parametrize(
    ("content", "key_words"),
    [
        (b"{not json", "was damaged"),
        (b"\xff\xfe\x00garbage", "was damaged"),
        (b"", "was damaged"),
        (b"[1, 2, 3]", "was damaged"),
        (b'{"schema": 1, "data": [1]}', "was damaged"),
        (b'{"data": {"a": 1}}', "is from another version"),
        (b'{"schema": 2, "data": {"a": 1}}', "is from another version"),
        (b'{"schema": true, "data": {"a": 1}}', "is from another version"),
    ],
)
def test_unusable_file_is_moved_aside_with_one_message(storage, caplog, content, key_words):
    storage.root.mkdir(parents=True)
    (storage.root / "settings.json").write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="app.storage"):
        assert storage.read_json("settings.json", 1) is None
    moved = aside(storage.root, "settings.json")
    assert len(moved) == 1 and moved[0].read_bytes() == content  # kept, byte for byte
    assert not (storage.root / "settings.json").exists()
    assert len(storage.messages) == 1 and "\n" not in storage.messages[0]
    assert storage.messages[0].startswith(f"settings.json {key_words}; moved aside to {moved[0].name}")
    assert [r.getMessage() for r in caplog.records if r.name == "app.storage"] == storage.messages
    # The app carries on: the next write and read work.
    storage.write_json("settings.json", {"ok": True}, 1)
    assert storage.read_json("settings.json", 1) == {"ok": True}
    assert len(storage.messages) == 1


def test_messages_are_in_the_ui_language(storage):
    storage.root.mkdir(parents=True)
    (storage.root / "settings.json").write_text("{oops")
    i18n.set_language("fa")
    storage.read_json("settings.json", 1)
    assert storage.messages[0].startswith("پروندهٔ settings.json آسیب دیده بود")
    assert storage.take_messages() and storage.messages == []


def test_two_damaged_copies_in_the_same_second_are_both_kept(storage):
    storage.root.mkdir(parents=True)
    for content in ("{one", "{two"):
        (storage.root / "settings.json").write_text(content)
        storage.read_json("settings.json", 1)
    assert sorted(p.read_text() for p in aside(storage.root, "settings.json")) == ["{one", "{two"]
    assert len(storage.messages) == 2


def test_unreadable_path_is_moved_aside(storage):
    (storage.root / "settings.json").mkdir(parents=True)
    assert storage.read_json("settings.json", 1) is None
    assert "could not be read" in storage.messages[0]
    assert len(aside(storage.root, "settings.json")) == 1


def test_power_cut_before_the_rename_leaves_the_old_file(storage, monkeypatch):
    storage.write_json("settings.json", {"version": "old"}, 1)

    def crash(source, target):
        raise PowerCut

    monkeypatch.setattr(Storage, "_replace", staticmethod(crash))
    with pytest.raises(PowerCut):
        storage.write_json("settings.json", {"version": "new"}, 1)
    monkeypatch.undo()
    # The temp file is fully written and synced but never renamed: the old file is intact.
    fresh = Storage(storage.root)
    assert fresh.read_json("settings.json", 1) == {"version": "old"}
    assert fresh.messages == []
    leftovers = [p.name for p in storage.root.iterdir() if p.name != "settings.json"]
    assert len(leftovers) == 1 and leftovers[0].startswith(".settings.json.")
    fresh.write_json("settings.json", {"version": "newer"}, 1)
    assert fresh.read_json("settings.json", 1) == {"version": "newer"}


def test_power_cut_while_writing_the_temp_file_leaves_the_old_file(storage, monkeypatch):
    storage.write_json("settings.json", {"version": "old"}, 1)

    def crash(fd):
        raise PowerCut

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(PowerCut):
        storage.write_json("settings.json", {"version": "new"}, 1)
    monkeypatch.undo()
    assert Storage(storage.root).read_json("settings.json", 1) == {"version": "old"}


def test_failed_write_is_one_line_and_keeps_the_old_file(storage, monkeypatch):
    storage.write_json("settings.json", {"version": "old"}, 1)

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(StorageError, match="cannot write .*settings.json: No space left on device"):
        storage.write_json("settings.json", {"version": "new"}, 1)
    monkeypatch.undo()
    assert storage.read_json("settings.json", 1) == {"version": "old"}
    assert sorted(p.name for p in storage.root.iterdir()) == ["settings.json"]  # temp removed


@pytest.mark.parametrize("name", ["../escape.json", "/etc/passwd", "", "a/../../b.json"])
def test_names_stay_inside_the_data_directory(storage, name):
    with pytest.raises(ValueError, match="relative path"):
        storage.path(name)


def test_delete(storage):
    storage.write_json("saves/a.json", {}, 1)
    assert storage.delete("saves/a.json") is True
    assert storage.delete("saves/a.json") is False
    assert storage.list("saves") == []
