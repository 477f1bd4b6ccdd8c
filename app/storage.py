"""Where the box keeps its files, and how it writes them so a power cut never breaks one.

Every file is JSON wrapped with its schema version: ``{"schema": 1, "data": {...}}``. A write goes
to a temporary file in the same directory, is flushed and fsync'ed, then renamed over the old file
(``os.replace`` is atomic on POSIX) and the directory is fsync'ed, so after a crash at any moment
the file is either the old one or the new one.

A file that cannot be used (not JSON, not UTF-8, wrong shape, another schema version, unreadable)
is never deleted: it is renamed to ``<name>.corrupt-<UTC time>`` beside the original, a one-line
notice is added to :attr:`Storage.messages` (for the UI's toast) and logged, and the caller gets
``None`` and carries on with defaults.

Reading is bounded whatever a file holds: at most :data:`MAX_FILE_BYTES` are read, nesting deeper
than :data:`MAX_DEPTH` or a value JSON cannot hold (``NaN``, a 5,000-digit number) counts as
damage, and only regular files are opened (a FIFO or a device in a file's place would block).
:meth:`Storage.prepare` makes the directory usable at start and keeps it tidy: a file standing
where the directory should be is moved aside, temporary files left by cut writes are removed, and
only the newest :data:`CORRUPT_KEPT` ``.corrupt-*`` files younger than :data:`CORRUPT_MAX_AGE_DAYS`
are kept.
"""

from __future__ import annotations

import json
import logging
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from app import i18n

log = logging.getLogger(__name__)

APP_NAME = "tvgames"
ENV_HOME = "TVGAMES_HOME"

MAX_FILE_BYTES = 4 * 1024 * 1024
"""Largest file read (a save is a few kB): a bigger one is moved aside unread."""
MAX_DEPTH = 32
"""Deepest nesting of lists and objects accepted in a file (a save nests about 8 deep)."""
STALE_TEMP_S = 60.0
"""A temporary file (``.<name>.*.tmp``) older than this at start is left from a cut write."""
CORRUPT_KEPT = 20
"""``.corrupt-*`` files kept per directory (the newest)."""
CORRUPT_MAX_AGE_DAYS = 90
"""``.corrupt-*`` files older than this are removed at start."""
CORRUPT_MARK = ".corrupt-"


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


class _Damaged(ValueError):
    """A file's bytes are not a usable document (the reason is for the log)."""


def _decode(raw: bytes) -> Any:
    """The JSON document in ``raw``, within the limits; :class:`_Damaged` otherwise."""
    try:
        document = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise _Damaged(type(exc).__name__) from None
    if _depth_over(document, MAX_DEPTH):
        raise _Damaged(f"nested deeper than {MAX_DEPTH}")
    return document


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _depth_over(document: Any, limit: int) -> bool:
    """Whether lists and objects nest deeper than ``limit`` (walked without recursion).

    >>> _depth_over({"a": [[1]]}, 3), _depth_over({"a": [[1]]}, 2)
    (False, True)
    """
    stack = [(document, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


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
            raw = _read_regular(path)
        except (FileNotFoundError, NotADirectoryError):
            return None  # (a file where a folder on the way should be: prepare() said so once)
        except OSError as exc:
            log.warning("cannot read %s: %s", path, exc.strerror or exc)
            return self.move_aside(name, "notice.file_unreadable")
        try:
            document = _decode(raw)
        except _Damaged as exc:
            log.debug("%s: %s", name, exc)
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
        _fsync_dir(path.parent)
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
            make_dirs(path.parent)
            fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        except OSError as exc:
            raise StorageError(f"cannot write {path.name}: {exc.strerror or exc}") from None
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
            raise StorageError(f"cannot write {path.name}: {exc.strerror or exc}") from None
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

    def list(self, directory: str, suffix: str = ".json", limit: int = 200) -> list[str]:
        """Names (relative to the root) of the files in ``directory`` ending in ``suffix``, sorted;
        at most ``limit`` of them (a directory flooded with files costs bounded work)."""
        folder = self.path(directory)
        if not folder.is_dir():
            return []
        names: list[str] = []
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    if entry.name.endswith(suffix) and not entry.name.startswith("."):
                        names.append(entry.name)
                        if len(names) >= limit * 4:
                            break
        except OSError as exc:
            log.warning("cannot list %s: %s", folder, exc.strerror or exc)
        return [f"{directory}/{name}" for name in sorted(names)[:limit]]

    def prepare(self, subdirectories: tuple[str, ...] = ()) -> bool:
        """Make the data directory usable at start; False if it cannot be written (a notice says so).

        A file (or anything else) where the directory should be is moved aside first; then stale
        temporary files are removed and old ``.corrupt-*`` files pruned in the root and in
        ``subdirectories``.
        """
        root = self.root
        if os.path.lexists(root) and not root.is_dir():
            target = root.with_name(f"{root.name}{CORRUPT_MARK}{_utc_stamp()}")
            try:
                os.replace(root, target)
            except OSError as exc:
                log.warning("cannot move %s aside: %s", root, exc.strerror or exc)
                self.notice("notice.data_dir_unusable", dir=str(root))
                return False
            _fsync_dir(root.parent)
            self.notice("notice.data_dir_was_file", moved=target.name)
        try:
            make_dirs(root)
        except OSError as exc:
            log.warning("cannot make %s: %s", root, exc.strerror or exc)
            blocker = _file_in_the_way(root)
            if blocker is not None:  # the real problem, not a damaged settings.json
                self.notice("notice.data_dir_blocked", file=blocker.name)
            else:
                self.notice("notice.data_dir_unusable", dir=root.name)
            return False
        for sub in subdirectories:
            folder = root / sub
            if os.path.lexists(folder) and not folder.is_dir():
                self.move_aside(sub, "notice.file_damaged")  # a file where saves/ should be
        for folder in (root, *(root / sub for sub in subdirectories)):
            _tidy(folder, time.time())
        return True


def _file_in_the_way(folder: Path) -> Path | None:
    """The nearest of ``folder`` and its parents that exists and is not a directory, if any."""
    for candidate in (folder, *folder.parents):
        if os.path.lexists(candidate):
            return None if candidate.is_dir() else candidate
    return None


def _read_regular(path: Path) -> bytes:
    """At most :data:`MAX_FILE_BYTES` + 1 bytes of ``path``, which must be a regular file.

    Opened non-blocking, so a FIFO in the file's place cannot hang the box; anything that is not
    a regular file raises :class:`OSError` (it is then moved aside like a damaged file)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(f"{path.name} is not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise OSError(f"{path.name} is larger than {MAX_FILE_BYTES} bytes")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    finally:
        os.close(fd)
    if len(raw) > MAX_FILE_BYTES:
        raise OSError(f"{path.name} is larger than {MAX_FILE_BYTES} bytes")
    return raw


def make_dirs(directory: Path) -> None:
    """``mkdir -p``, each new directory synced into its parent (a first save survives a power cut)."""
    missing: list[Path] = []
    folder = directory
    while not folder.is_dir():
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    for folder in reversed(missing):
        try:
            folder.mkdir()
        except FileExistsError:
            if not folder.is_dir():
                raise
        _fsync_dir(folder.parent)


def _tidy(folder: Path, now: float) -> None:
    """Remove stale temporary files and prune ``.corrupt-*`` files in ``folder`` (never recursing)."""
    corrupt: list[tuple[float, Path]] = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                try:
                    if not entry.is_file(follow_symlinks=False):
                        continue
                    age = now - entry.stat(follow_symlinks=False).st_mtime
                except OSError:
                    continue
                if entry.name.startswith(".") and entry.name.endswith(".tmp"):
                    if age > STALE_TEMP_S:
                        _remove(Path(entry.path), "stale temporary file")
                elif CORRUPT_MARK in entry.name:
                    corrupt.append((age, Path(entry.path)))
    except OSError:
        return
    corrupt.sort(key=lambda item: (item[0], item[1].name))
    for index, (age, path) in enumerate(corrupt):
        if index >= CORRUPT_KEPT or age > CORRUPT_MAX_AGE_DAYS * 86400:
            _remove(path, "old moved-aside file")


def _remove(path: Path, what: str) -> None:
    try:
        path.unlink()
    except OSError as exc:
        log.warning("cannot remove %s %s: %s", what, path, exc.strerror or exc)
        return
    log.info("removed %s %s", what, path.name)


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
