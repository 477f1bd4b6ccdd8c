"""Where the box keeps its files, and how it writes them so a power cut never breaks one.

Every file is JSON wrapped with its schema version: ``{"schema": 1, "data": {...}}``. A write goes
to a temporary file in the same directory, is flushed and fsync'ed, then renamed over the old file
(``os.replace`` is atomic on POSIX) and the directory is fsync'ed, so after a crash at any moment
the file is either the old one or the new one.

A file that cannot be used (not JSON, not UTF-8, wrong shape, another schema version, unreadable)
is never deleted: it is renamed to ``<name>.corrupt-<UTC time>`` beside the original, a one-line
notice is added to :attr:`Storage.messages` (for the UI's toast) and logged, and the caller gets
``None`` and carries on with defaults.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from app import i18n

log = logging.getLogger(__name__)

APP_NAME = "tvgames"
ENV_HOME = "TVGAMES_HOME"


def data_dir(override: str | Path | None = None) -> Path:
    """The data directory: ``--data-dir`` if given, else ``$TVGAMES_HOME``, else the XDG data dir."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(ENV_HOME)
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


ENV_CACHE = "TVGAMES_CACHE"


def cache_dir() -> Path | None:
    """Where the engines cache their tables: ``$TVGAMES_CACHE``, else ``$TVGAMES_HOME/cache``, else
    None (the platform's user cache directory). The test suite points ``TVGAMES_CACHE`` at one
    folder per run, so a table built by one test is reused by the next."""
    cache = os.environ.get(ENV_CACHE)
    if cache:
        return Path(cache).expanduser()
    home = os.environ.get(ENV_HOME)
    return Path(home).expanduser() / "cache" if home else None


def configure_engines() -> None:
    """Give the engines their cache directory (:mod:`engines.runtime`); the CLI does it at start."""
    from engines.runtime import set_cache_dir

    set_cache_dir(cache_dir())


class StorageError(OSError):
    """A file could not be written (disk full, read-only, permissions); the old file is intact."""


def _utc_stamp() -> str:
    return time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())


class Storage:
    """JSON files under one root directory, written atomically, read defensively."""

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)
        self.messages: list[str] = []

    def path(self, name: str) -> Path:
        """The file for ``name`` (a relative path such as ``settings.json`` or ``saves/a.json``)."""
        relative = Path(name)
        if relative.is_absolute() or ".." in relative.parts or not relative.parts:
            raise ValueError(f"storage name must be a relative path inside the data directory: {name!r}")
        return self.root / relative

    def exists(self, name: str) -> bool:
        return self.path(name).is_file()

    def notice(self, key: str, **fmt: Any) -> str:
        """Add a one-line notice (from the catalogue, in the current language) and log it in English."""
        line = i18n.t(key, **fmt)
        self.messages.append(line)
        log.warning("%s", i18n.t(key, "en", **fmt))
        return line

    def take_messages(self) -> list[str]:
        """The notices so far, emptying the list (for a UI that shows each toast once)."""
        messages, self.messages = self.messages, []
        return messages

    def read_json(self, name: str, schema_version: int) -> dict | None:
        """The ``data`` of file ``name``; None if it is missing or had to be moved aside."""
        path = self.path(name)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return None
        except IsADirectoryError:
            return self.move_aside(name, "notice.file_unreadable")
        except OSError as exc:
            log.warning("cannot read %s: %s", path, exc)
            return self.move_aside(name, "notice.file_unreadable")
        try:
            document = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return self.move_aside(name, "notice.file_damaged")
        if not isinstance(document, dict) or not isinstance(document.get("data"), dict):
            return self.move_aside(name, "notice.file_damaged")
        schema = document.get("schema")
        if schema != schema_version or isinstance(schema, bool):
            return self.move_aside(name, "notice.file_old_version")
        return document["data"]

    def move_aside(self, name: str, key: str = "notice.file_damaged") -> None:
        """Rename ``name`` to ``<name>.corrupt-<UTC time>`` (never delete it) and add a notice."""
        path = self.path(name)
        target = path.with_name(f"{path.name}.corrupt-{_utc_stamp()}")
        counter = 1
        while target.exists():
            counter += 1
            target = path.with_name(f"{path.name}.corrupt-{_utc_stamp()}-{counter}")
        try:
            os.replace(path, target)
        except OSError as exc:
            log.warning("cannot move %s aside: %s", path, exc)
            self.notice("notice.file_cannot_move", file=name)
            return None
        self.notice(key, file=name, moved=target.name)
        return None

    def write_json(self, name: str, data: dict, schema_version: int) -> None:
        """Write ``{"schema": schema_version, "data": data}`` to ``name`` atomically.

        Raises :class:`StorageError` (one line) if the file cannot be written; the old file stays.
        """
        path = self.path(name)
        text = json.dumps(
            {"schema": schema_version, "data": data}, ensure_ascii=False, indent=1, sort_keys=True
        )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        except OSError as exc:
            raise StorageError(f"cannot write {path}: {exc.strerror or exc}") from None
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.write("\n")
                handle.flush()
                os.fsync(handle.fileno())
            self._replace(temp_name, path)
        except OSError as exc:
            try:
                os.unlink(temp_name)
            except OSError:
                pass
            raise StorageError(f"cannot write {path}: {exc.strerror or exc}") from None
        _fsync_dir(path.parent)

    @staticmethod
    def _replace(source: str, target: Path) -> None:
        """The commit point of a write (a separate step so a test can crash right before it)."""
        os.replace(source, target)

    def delete(self, name: str) -> bool:
        """Remove ``name`` if it exists (used for saves the player deletes); True if it was there."""
        path = self.path(name)
        try:
            path.unlink()
        except FileNotFoundError:
            return False
        _fsync_dir(path.parent)
        return True

    def list(self, directory: str, suffix: str = ".json") -> list[str]:
        """Names (relative to the root) of the files in ``directory`` ending in ``suffix``, sorted."""
        folder = self.path(directory)
        if not folder.is_dir():
            return []
        return sorted(
            f"{directory}/{entry.name}"
            for entry in folder.iterdir()
            if entry.name.endswith(suffix) and not entry.name.startswith(".") and entry.is_file()
        )


def _fsync_dir(directory: Path) -> None:
    """Make a rename durable: fsync the directory entry too (not possible on every OS)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
