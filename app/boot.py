"""Start-up: the data directory, the settings and the profile, each with a safe fallback.

The box always reaches home. :func:`prepare` opens the data directory (moving aside a file that
stands where it should be, tidying leftovers), loads the settings (a damaged file is moved aside)
and loads the profile the settings name; a profile that cannot be loaded falls back to the shipped
``hd-720`` and then to the one built into the code. Each fallback leaves one notice in
``storage.messages``, which the app shows as one line on the TV. Only what the user gave on the
command line may stop start-up: a ``--profile`` that cannot be loaded or a ``--data-dir`` that is
not a directory raise :class:`BootError` (one line; ``tvgames`` exits with status 2).
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from app.profiles import Profile, ProfileError, available_profiles, load_profile, load_profile_or_fallback
from app.saves import SAVES_DIR
from app.settings import Settings
from app.storage import Storage, data_dir

log = logging.getLogger(__name__)


class BootError(Exception):
    """Something given explicitly on the command line cannot be used (one line)."""


@dataclass
class Boot:
    """What the app starts with."""

    storage: Storage
    settings: Settings
    profile: Profile


def prepare(data_dir_arg: str | Path | None = None, profile_arg: str | Path | None = None) -> Boot:
    """The storage, settings and profile to start with; see the module docstring for the fallbacks."""
    root = data_dir(data_dir_arg)
    if data_dir_arg and os.path.lexists(root) and not root.is_dir():
        raise BootError(f"--data-dir {str(root)[:120]} is not a directory")
    storage = Storage(root)
    storage.prepare((SAVES_DIR,))
    settings = Settings.load(storage, available_profiles())
    if profile_arg is not None:
        try:
            profile = load_profile(profile_arg)
        except ProfileError as exc:
            raise BootError(str(exc)) from None
        return Boot(storage, settings, profile)
    profile, reason = load_profile_or_fallback(settings.profile)
    if reason is not None:
        log.warning("profile %s: %s", settings.profile, reason)
        storage.notice("notice.profile_fallback", profile=settings.profile, fallback=profile.name)
        # The settings screen shows what is in use; the file keeps the choice until it is changed.
        settings.profile = profile.name
    return Boot(storage, settings, profile)
