"""The player's settings, kept in ``settings.json`` of the data directory.

Loading never fails: a missing file gives the defaults; a damaged file is moved aside by
:class:`app.storage.Storage` (with a notice); a single bad or unknown value falls back to its
default with a one-line notice, and the rest of the file is kept.

The box's own settings are fields of :class:`BoxSettings`; a game adds its own through its
descriptor (:class:`app.catalog.GameSetting`, e.g. Monopoly Dice's ``target_score``), and
:class:`Settings` is both together.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields, make_dataclass

from app import i18n
from app.catalog import GameSetting, game_settings
from app.i18n import LANGUAGES
from app.names import NAMED_SEATS_MAX, clean_names
from app.storage import Storage

log = logging.getLogger(__name__)

FILE_NAME = "settings.json"
SCHEMA_VERSION = 1

DIFFICULTIES = ("easy", "medium", "hard")
VOLUME_STEPS = tuple(round(step / 10, 1) for step in range(11))
"""The volume values the settings screen steps through (0.0 ... 1.0)."""

GUIDED_MAX = 64
_KIND = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")

CHOICES: dict[str, tuple] = {
    "language": LANGUAGES,
    "difficulty": DIFFICULTIES,
    "sound": (True, False),
    "guide": (True, False),
    "volume": VOLUME_STEPS,
    "phones": ("off", "ask", "on"),
}
"""The values a settings screen offers for each field (``profile`` comes from the profiles found)."""

GAME_SETTINGS: dict[str, GameSetting] = {setting.key: setting for setting in game_settings()}
"""The games' own settings by field name (from their descriptors)."""
CHOICES.update({key: setting.choices for key, setting in GAME_SETTINGS.items()})


@dataclass
class BoxSettings:
    """The box's own settings; :class:`Settings` adds the games'."""

    profile: str = "hd-720"
    language: str = "en"
    difficulty: str = "medium"
    sound: bool = True
    volume: float = 0.8
    players: tuple[str, ...] = ()
    """The named players (typed on the settings screen), whom a set-up's human seat can be."""
    guide: bool = True
    """Offer the guided first turn the first time a game is played on this box."""
    guided: tuple[str, ...] = ()
    """The games (:data:`app.screens.guide` kinds) whose guided first turn was offered already."""
    phones: str = "ask"
    """Phones as controllers (:mod:`app.phones`): "off", "on" (the server starts with the box) or
    "ask" (it starts when the Phones panel is opened and the player says yes)."""
    phones_bind: str = ""
    """The address the phone server listens on: empty for the box's LAN address; only a loopback
    or private-network address is taken (a public one would let strangers' phones in)."""

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
            if value is None or (field.name == "players" and list(value) != data[field.name]):
                storage.notice("settings.invalid_value", name=i18n.t(f"settings.{field.name}"))
            if value is not None:
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
    if name in ("sound", "guide"):
        return value if isinstance(value, bool) else None
    if name == "players":
        # every name cleaned (a name the cleaning changed is reported by load, the rest kept)
        if not isinstance(value, list) or len(value) > 4 * NAMED_SEATS_MAX:
            return None
        return clean_names(value)
    if name == "guided":
        if not isinstance(value, list) or len(value) > GUIDED_MAX:
            return None
        if not all(isinstance(kind, str) and _KIND.fullmatch(kind) for kind in value):
            return None
        return tuple(dict.fromkeys(value))
    if name == "phones_bind":
        from app.phones.address import is_private

        return value if isinstance(value, str) and (value == "" or is_private(value)) else None
    if name == "volume":
        if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
            return float(value) if 0.0 <= value <= 1.0 else None
        return None
    if name in GAME_SETTINGS:
        setting = GAME_SETTINGS[name]
        # the exact type of the default: 15000.0 or "15000" is not the target 15000
        return value if type(value) is type(setting.default) and value in setting.choices else None
    choices = CHOICES.get(name)
    if choices is not None and value in choices and isinstance(value, str):
        return value
    return None


Settings = make_dataclass(
    "Settings",
    [(key, type(setting.default), setting.default) for key, setting in GAME_SETTINGS.items()],
    bases=(BoxSettings,),
)
Settings.__module__ = __name__
"""Every setting: the box's (:class:`BoxSettings`) and then each game's, as fields."""


def load(storage: Storage, profiles: Iterable[str] | None = None) -> Settings:
    """Module-level spelling of :meth:`Settings.load`."""
    return Settings.load(storage, profiles)
