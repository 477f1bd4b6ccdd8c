from __future__ import annotations

import itertools
import json

import pytest

from app import i18n, saves
from app.saves import HighScore, HighScores, SaveInfo, SaveStore
from app.settings import Settings
from app.storage import Storage


class PowerCut(BaseException):
    """The machine stops dead between writing the temp file and renaming it."""


@pytest.fixture(autouse=True)
def _english_ui_and_a_ticking_clock(monkeypatch):
    i18n.set_language("en")
    ticks = itertools.count()
    monkeypatch.setattr(saves, "_now", lambda: f"2026-11-29T14:{next(ticks):02d}:00.000000Z")
    yield
    i18n.set_language("en")


@pytest.fixture
def storage(tmp_path) -> Storage:
    return Storage(tmp_path)


@pytest.fixture
def store(storage) -> SaveStore:
    return SaveStore(storage)


def test_save_list_load_delete(store):
    first = store.save("yahtzee-1", "yahtzee", "Yahtzee Classic, round 4", {"dice": [1, 2, 3], "schema": 1})
    store.save("mdice", "monopoly-dice", "Monopoly Dice: $8,000", {"cash": 8000})
    assert first == SaveInfo(
        "yahtzee-1", "yahtzee", "Yahtzee Classic, round 4", "2026-11-29T14:00:00.000000Z"
    )
    assert [info.slot for info in store.list()] == ["mdice", "yahtzee-1"]  # newest first
    assert store.load("yahtzee-1") == {"dice": [1, 2, 3], "schema": 1}
    assert store.info("mdice").kind == "monopoly-dice"
    assert store.delete("mdice") is True and store.delete("mdice") is False
    assert [info.slot for info in store.list()] == ["yahtzee-1"]
    assert store.load("mdice") is None
    assert store.storage.messages == []


def test_saving_again_replaces_the_slot_and_moves_it_to_the_top(store):
    store.save("a", "yahtzee", "A1", {"n": 1})
    store.save("b", "yahtzee", "B", {"n": 2})
    store.save("a", "yahtzee", "A2", {"n": 3})
    assert [(i.slot, i.title) for i in store.list()] == [("a", "A2"), ("b", "B")]
    assert store.load("a") == {"n": 3}


def test_persian_titles_survive(store):
    store.save("dice-party", "dice-party", "مهمانی تاس، دور ۵", {})
    assert store.list()[0].title == "مهمانی تاس، دور ۵"


def test_empty_store(store):
    assert store.list() == [] and store.load("nothing") is None


@pytest.mark.parametrize("slot", ["", "../x", "a/b", "a b", "-lead", "x" * 65, "ü"])
def test_bad_slot_names_are_refused(store, slot):
    with pytest.raises(ValueError, match="bad save slot"):
        store.save(slot, "yahtzee", "t", {})


def test_payload_must_be_a_dict(store):
    with pytest.raises(TypeError):
        store.save("a", "yahtzee", "t", [1, 2])


def test_damaged_save_is_moved_aside_and_the_others_still_list(store, storage):
    store.save("good", "yahtzee", "Good", {"n": 1})
    store.save("bad", "yahtzee", "Bad", {"n": 2})
    (storage.root / "saves" / "bad.json").write_text('{"schema": 1, "data": {"kind": "yah')
    assert [info.slot for info in store.list()] == ["good"]
    assert len(storage.messages) == 1 and "saves/bad.json was damaged" in storage.messages[0]
    assert len(list((storage.root / "saves").glob("bad.json.corrupt-*"))) == 1
    assert store.list() == store.list()  # moved once, no further notices
    assert len(storage.messages) == 1


@pytest.mark.parametrize(
    "record",
    [
        {"kind": "yahtzee", "title": "x", "saved_at": "2026-11-29T14:00:00Z"},  # no payload
        {"kind": 3, "title": "x", "saved_at": "2026-11-29T14:00:00Z", "payload": {}},
        {"kind": "yahtzee", "title": "x", "saved_at": "yesterday", "payload": {}},
    ],
)
def test_save_with_missing_or_wrong_fields_is_moved_aside(store, storage, record):
    (storage.root / "saves").mkdir()
    (storage.root / "saves" / "odd.json").write_text(json.dumps({"schema": 1, "data": record}))
    assert store.load("odd") is None
    assert store.list() == []
    assert len(storage.messages) == 1


def test_save_from_another_schema_is_moved_aside(store, storage):
    (storage.root / "saves").mkdir()
    (storage.root / "saves" / "old.json").write_text(json.dumps({"schema": 99, "data": {}}))
    assert store.list() == []
    assert "another version" in storage.messages[0]


def test_power_cut_during_a_save_keeps_the_previous_save(store, storage, monkeypatch):
    store.save("game", "yahtzee", "Round 3", {"round": 3})

    def crash(source, target):
        raise PowerCut

    monkeypatch.setattr(Storage, "_replace", staticmethod(crash))
    with pytest.raises(PowerCut):
        store.save("game", "yahtzee", "Round 4", {"round": 4})
    monkeypatch.undo()
    after_reboot = SaveStore(Storage(storage.root))
    assert after_reboot.load("game") == {"round": 3}
    assert [info.title for info in after_reboot.list()] == ["Round 3"]  # the temp file is not a save
    assert after_reboot.storage.messages == []


def test_high_scores_rank_and_keep_ten(storage):
    table = HighScores(storage)
    assert table.load("yahtzee-classic") == []
    assert table.add("yahtzee-classic", "Ali", 200, date="2026-11-01") == 1
    assert table.add("yahtzee-classic", "Sara", 250, date="2026-11-02") == 1
    assert table.add("yahtzee-classic", "Reza", 200, date="2026-11-03") == 3  # a tie ranks below
    assert [entry.name for entry in table.load("yahtzee-classic")] == ["Sara", "Ali", "Reza"]
    for n in range(7):
        table.add("yahtzee-classic", f"P{n}", 100 + n)
    assert len(table.load("yahtzee-classic")) == 10
    assert not table.qualifies("yahtzee-classic", 100)
    assert table.add("yahtzee-classic", "Late", 100) is None
    assert table.qualifies("yahtzee-classic", 101)
    assert table.add("yahtzee-classic", "Better", 101) == 10
    scores = [entry.score for entry in table.load("yahtzee-classic")]
    assert scores == sorted(scores, reverse=True) and len(scores) == 10 and 100 not in scores


def test_high_scores_are_per_mode_and_persist(storage):
    HighScores(storage).add("monopoly-dice", "علی", 16000, date="2026-11-29")
    HighScores(storage).add("yahtzee-power", "Sara", 400, date="2026-11-29")
    again = HighScores(Storage(storage.root))
    assert again.load("monopoly-dice") == [HighScore("علی", 16000, "2026-11-29")]
    assert again.modes() == ["monopoly-dice", "yahtzee-power"]


def test_high_score_names_are_trimmed(storage):
    table = HighScores(storage)
    table.add("m", "  " + "x" * 40 + "  ", 5)
    table.add("m", "   ", 4)
    assert [e.name for e in table.load("m")] == ["x" * saves.NAME_MAX, "?"]


def test_damaged_high_score_entries_are_skipped(storage):
    data = {
        "modes": {
            "m": [
                {"name": "ok", "score": 10, "date": "2026-11-29"},
                {"name": "no score", "date": "2026-11-29"},
                {"name": "bool", "score": True, "date": "2026-11-29"},
                "junk",
            ],
            "broken": "not a list",
        }
    }
    storage.write_json(saves.HIGHSCORES_FILE, data, saves.HIGHSCORES_SCHEMA)
    table = HighScores(storage)
    assert table.load("m") == [HighScore("ok", 10, "2026-11-29")]
    assert table.load("broken") == []
    assert table.add("m", "new", 20) == 1


def test_damaged_high_score_file_is_moved_aside(storage):
    (storage.root / saves.HIGHSCORES_FILE).write_text("not json at all")
    table = HighScores(storage)
    assert table.load("m") == []
    assert len(storage.messages) == 1
    assert table.add("m", "first", 1) == 1
    assert table.load("m")[0].name == "first"


def test_the_box_starts_with_damaged_files_and_says_so(tmp_path):
    # End to end: damaged settings and a damaged save; the app comes up on the home screen with
    # one line per file, in the toast, and both files are kept beside the originals.
    from app.app import Headless

    home = tmp_path / "box"
    (home / "saves").mkdir(parents=True)
    (home / "settings.json").write_bytes(b"\x00\x00\x00 power cut")
    (home / "saves" / "game.json").write_text('{"schema": 1, "data": {"kind": "yahtzee", "ti')
    SaveStore(Storage(home)).save("fine", "yahtzee", "Fine", {"n": 1})
    headless = Headless(profile="sd-pal", lang="en", data_dir=home)
    try:
        assert type(headless.top).__name__ == "HomeScreen"
        assert headless.app.settings == Settings(profile="sd-pal")  # the defaults, and the profile it runs
        assert (
            "settings.json was damaged; moved aside to settings.json.corrupt-" in headless.app.toast_message
        )
        assert [info.slot for info in headless.app.saves.list()] == ["fine"]
        assert "saves/game.json was damaged" in " | ".join(headless.app.storage.messages)
        headless.render()
    finally:
        headless.close()
    assert len(list(home.glob("settings.json.corrupt-*"))) == 1
    assert len(list((home / "saves").glob("game.json.corrupt-*"))) == 1
