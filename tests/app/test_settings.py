from __future__ import annotations

import json

import pytest

from app import i18n
from app.settings import CHOICES, FILE_NAME, GAME_SETTINGS, SCHEMA_VERSION, Settings, load
from app.storage import Storage

pytestmark = pytest.mark.usefixtures("english_ui")


@pytest.fixture
def storage(tmp_path) -> Storage:
    return Storage(tmp_path)


def write_raw(storage: Storage, data) -> None:
    (storage.root / FILE_NAME).write_text(json.dumps({"schema": SCHEMA_VERSION, "data": data}))


def test_defaults_when_there_is_no_file(storage):
    assert load(storage) == Settings()
    assert Settings() == Settings(
        profile="hd-720", language="en", difficulty="medium", sound=True, volume=0.8, target_score=15000
    )
    assert storage.messages == []


def test_round_trip(storage):
    chosen = Settings(
        profile="sd-pal", language="fa", difficulty="hard", sound=False, volume=0.3, target_score=25000
    )
    chosen.save(storage)
    assert Settings.load(storage) == chosen
    assert load(storage) == chosen


@pytest.mark.parametrize(
    ("name", "bad"),
    [
        ("language", "de"),
        ("language", 1),
        ("difficulty", "impossible"),
        ("sound", "yes"),
        ("sound", 1),
        ("volume", 1.5),
        ("volume", -0.1),
        ("volume", True),
        ("volume", "loud"),
        ("volume", None),
        ("target_score", 12345),
        ("target_score", "15000"),
        ("target_score", 15000.0),
        ("profile", ""),
        ("profile", 720),
    ],
)
def test_one_invalid_value_falls_back_and_keeps_the_rest(storage, name, bad):
    data = Settings(
        language="fa", difficulty="hard", volume=0.5, target_score=10000, profile="sd-pal"
    ).to_dict()
    data[name] = bad
    write_raw(storage, data)
    loaded = load(storage)
    expected = Settings(language="fa", difficulty="hard", volume=0.5, target_score=10000, profile="sd-pal")
    setattr(expected, name, getattr(Settings(), name))
    assert loaded == expected
    assert len(storage.messages) == 1 and f"“{i18n.t(f'settings.{name}')}”" in storage.messages[0]


def test_invalid_value_notice_names_the_setting_as_the_screen_does(storage):
    write_raw(storage, {"volume": 9})
    i18n.set_language("fa")
    load(storage)
    assert storage.messages == ["مقدار تنظیم «بلندی صدا» نامعتبر بود؛ مقدار پیش‌فرض به کار رفت"]


def test_volume_as_integer_is_accepted(storage):
    write_raw(storage, {"volume": 1})
    loaded = load(storage)
    assert loaded.volume == 1.0 and isinstance(loaded.volume, float)


def test_unknown_keys_are_ignored_quietly(storage):
    write_raw(storage, {"language": "fa", "colour_scheme": "neon"})
    assert load(storage) == Settings(language="fa")
    assert storage.messages == []


def test_profile_must_exist_when_the_profiles_are_known(storage):
    write_raw(storage, {"profile": "sd-pal"})
    assert load(storage, profiles=["hd-720", "sd-pal"]).profile == "sd-pal"
    assert load(storage, profiles=["hd-720"]).profile == "hd-720"
    assert len(storage.messages) == 1


def test_damaged_file_gives_defaults_and_is_kept(storage):
    (storage.root / FILE_NAME).write_text('{"schema": 1, "data": {"language": "fa"')
    assert load(storage) == Settings()
    assert len(storage.messages) == 1 and "moved aside" in storage.messages[0]
    assert len(list(storage.root.glob("settings.json.corrupt-*"))) == 1
    Settings(language="fa").save(storage)
    assert load(storage).language == "fa"


def test_settings_from_another_version_are_moved_aside(storage):
    (storage.root / FILE_NAME).write_text(
        json.dumps({"schema": SCHEMA_VERSION + 1, "data": {"language": "fa"}})
    )
    assert load(storage) == Settings()
    assert "another version" in storage.messages[0]


def test_choices_cover_the_defaults_and_have_labels():
    defaults = Settings()
    for name, values in CHOICES.items():
        assert getattr(defaults, name) in values
    for setting in GAME_SETTINGS.values():
        assert set(setting.labels) == set(CHOICES[setting.key])
        for key in setting.labels.values():
            assert i18n.t(key) != key
    for difficulty in CHOICES["difficulty"]:
        assert i18n.t(f"difficulty.{difficulty}") != f"difficulty.{difficulty}"
    for language in CHOICES["language"]:
        assert i18n.t(f"language.{language}") != f"language.{language}"
