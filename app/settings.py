"""The player's settings, kept in ``settings.json`` of the data directory.

Loading never fails: a missing file gives the defaults; a damaged file is moved aside by
:class:`app.storage.Storage` (with a notice); a single bad or unknown value falls back to its
default with a one-line notice, and the rest of the file is kept.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields

from app import i18n
from app.i18n import LANGUAGES
from app.storage import Storage

log = logging.getLogger(__name__)

FILE_NAME = "settings.json"
SCHEMA_VERSION = 1

DIFFICULTIES = ("easy", "medium", "hard")
TARGET_SCORES = (10000, 15000, 25000)
"""Monopoly Dice targets: short, standard, long (the rules' published values)."""
TARGET_LABELS = {
    10000: "settings.target.short",
    15000: "settings.target.standard",
    25000: "settings.target.long",
}
VOLUME_STEPS = tuple(round(step / 10, 1) for step in range(11))
"""The volume values the settings screen steps through (0.0 ... 1.0)."""

CHOICES: dict[str, tuple] = {
    "language": LANGUAGES,
    "difficulty": DIFFICULTIES,
    "sound": (True, False),
    "volume": VOLUME_STEPS,
    "target_score": TARGET_SCORES,
}
"""The values a settings screen offers for each field (``profile`` comes from the profiles found)."""


@dataclass
class Settings:
    profile: str = "hd-720"
    language: str = "en"
    difficulty: str = "medium"
    sound: bool = True
    volume: float = 0.8
    target_score: int = 15000

    @classmethod
    def load(cls, storage: Storage, profiles: Iterable[str] | None = None) -> Settings:
        """The saved settings, with each invalid value replaced by its default (and a notice).

        ``profiles``, if given, are the profile names that exist; another saved name is invalid.
        """
        data = storage.read_json(FILE_NAME, SCHEMA_VERSION)
        settings = cls()
        if data is None:
            return settings
        known_profiles = set(profiles) if profiles is not None else None
        for field in fields(cls):
            if field.name not in data:
                continue
            value = _validated(field.name, data[field.name], known_profiles)
            if value is None:
                storage.notice("settings.invalid_value", name=i18n.t(f"settings.{field.name}"))
            else:
                setattr(settings, field.name, value)
        for name in sorted(set(data) - {field.name for field in fields(cls)}):
            log.info("settings: ignoring unknown setting %r", name)
        return settings

    def save(self, storage: Storage) -> None:
        """Write the settings atomically; raises :class:`app.storage.StorageError` if the disk refuses."""
        storage.write_json(FILE_NAME, asdict(self), SCHEMA_VERSION)

    def to_dict(self) -> dict:
        return asdict(self)


def _validated(name: str, value: object, profiles: set[str] | None) -> object | None:
    """``value`` as the type the field needs, or None if it is not acceptable."""
    if name == "profile":
        if isinstance(value, str) and value and (profiles is None or value in profiles):
            return value
        return None
    if name == "sound":
        return value if isinstance(value, bool) else None
    if name == "volume":
        if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
            return float(value) if 0.0 <= value <= 1.0 else None
        return None
    if name == "target_score":
        if isinstance(value, int) and not isinstance(value, bool) and value in TARGET_SCORES:
            return value
        return None
    choices = CHOICES.get(name)
    if choices is not None and value in choices and isinstance(value, str):
        return value
    return None


def load(storage: Storage, profiles: Iterable[str] | None = None) -> Settings:
    """Module-level spelling of :meth:`Settings.load`."""
    return Settings.load(storage, profiles)
