"""Saved games (one file per game under ``saves/``) and high scores (``highscores.json``).

Every game in progress has its own slot: a new game gets a fresh one (:meth:`SaveStore.new_slot`)
the first time it is saved, a resumed game saves back to the slot it came from, and a finished game
deletes that slot and no other. At most :data:`MAX_SAVES` saves are kept per owner; saving a new
game when they are full asks which one to replace (the game screens do that, see
:mod:`app.screens.resume`), except where nobody can be asked (a stop signal, an idle game saved
for the next person), where one more is kept rather than lose a game. Saves written by earlier
versions, one slot per kind of game (``monopoly``, ``yahtzee-classic``), are read as they are and
simply become one game's slot.

In kiosk mode a save also names its owner (:data:`OWNER_GUEST` for a guest's, the owner's
otherwise): see :class:`app.kiosk.GuestSaves`.

A save is written through :meth:`app.storage.Storage.write_json`: temp file, fsync, atomic rename,
so a power cut leaves either the previous save or the new one. A damaged save is moved aside with
a notice and simply does not appear in :meth:`SaveStore.list`.

The payload is the game's own JSON-able dict (``engines.core.save_state``), which carries its own
schema version; this module only wraps it with the slot, the kind of game, a title and the time.
"""

from __future__ import annotations

import logging
import re
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime

from app.names import clean_name
from app.storage import Storage

log = logging.getLogger(__name__)

SAVES_DIR = "saves"
SAVE_SCHEMA = 1
HIGHSCORES_FILE = "highscores.json"
HIGHSCORES_SCHEMA = 1
HIGHSCORES_KEPT = 10
NAME_MAX = 24
TITLE_MAX = 100
"""A save title longer than this is cut when read (the list shows one line of it)."""
KIND_MAX = 64
MAX_SAVES = 12
"""Saves kept per owner: a new one beyond this asks which to replace."""
PLAYERS_MAX = 8
"""Player names kept in a save's record (no game seats more)."""
PROGRESS_MAX = 60
OWNER_GUEST = "guest"
OWNER_BOX = "owner"
SCORE_LIMIT = 10**12
"""A stored score must lie within +- this (no game comes near; a 5,000-digit number is damage)."""
YEARS = (1970, 9998)
"""Save years that every time zone can show (a box without a clock may think it is 1970)."""
_SLOT = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


def _check_slot(slot: str) -> str:
    if not isinstance(slot, str) or not _SLOT.fullmatch(slot):
        raise ValueError(f"bad save slot {slot!r}: use 1-64 letters, digits, '-' or '_'")
    return slot


@dataclass(frozen=True)
class SaveInfo:
    """What the resume list shows for one saved game."""

    slot: str
    kind: str
    title: str
    saved_at: str
    """UTC time, ISO 8601 (``2026-11-29T13:45:00.000000Z``)."""
    players: tuple[str, ...] = ()
    """The players' names, in seat order (empty in a save from an earlier version)."""
    progress: str = ""
    """How far the game got ("Round 5 of 13"); empty in a save from an earlier version."""
    owner: str = OWNER_BOX
    """Whose it is: :data:`OWNER_GUEST` (a kiosk guest's) or :data:`OWNER_BOX`."""

    @property
    def saved_datetime(self) -> datetime:
        """The save time, in UTC (a stored time always has a zone: see :func:`_valid_time`)."""
        return _parse_time(self.saved_at) or datetime(1970, 1, 1, tzinfo=UTC)


class SaveStore:
    """Saved games, one file per game."""

    owner = OWNER_BOX
    """Whose saves this store writes and counts (a kiosk guest's store says :data:`OWNER_GUEST`)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    @staticmethod
    def _name(slot: str) -> str:
        return f"{SAVES_DIR}/{_check_slot(slot)}.json"

    def new_slot(self, kind: str) -> str:
        """A slot no save uses yet, for a new game of ``kind``: the kind, the time and a random tail."""
        stem = re.sub(r"[^A-Za-z0-9_-]", "", str(kind))[:24].lstrip("-_") or "game"
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
        while True:
            slot = f"{stem}-{stamp}-{secrets.token_hex(3)}"
            if not self.storage.exists(self._name(slot)):
                return slot

    def save(
        self,
        slot: str,
        kind: str,
        title: str,
        payload: dict,
        players: tuple[str, ...] | list[str] = (),
        progress: str = "",
        owner: str | None = None,
    ) -> SaveInfo:
        """Write (or overwrite) ``slot``; raises :class:`app.storage.StorageError` if the disk refuses.

        A slot saved again keeps the owner it had (a guest's game resumed by the owner stays the
        guest's); a new one is ``owner``'s, else this store's :attr:`owner`'s."""
        if not isinstance(payload, dict):
            raise TypeError("a save payload must be a dict")
        old = self.info(slot) if self.storage.exists(self._name(slot)) else None
        info = SaveInfo(
            slot=_check_slot(slot),
            kind=str(kind),
            title=str(title),
            saved_at=_now(),
            players=tuple(clean_name(str(p), NAME_MAX) for p in players)[:PLAYERS_MAX],
            progress=_one_line(progress, PROGRESS_MAX),
            owner=old.owner if old is not None else owner or self.owner,
        )
        record = {"slot": info.slot, "kind": info.kind, "title": info.title, "saved_at": info.saved_at}
        record.update(players=list(info.players), progress=info.progress, owner=info.owner)
        record["payload"] = payload
        self.storage.write_json(self._name(slot), record, SAVE_SCHEMA)
        return info

    def exists(self, slot: str) -> bool:
        """Whether ``slot`` holds a save of this store's (its file may still prove damaged)."""
        return self.info(slot) is not None

    def full(self) -> bool:
        """Whether a new game's save must replace one of :meth:`list`: :data:`MAX_SAVES` of the
        owner's are kept (kiosk guests' saves have a bound of their own)."""
        return sum(info.owner != OWNER_GUEST for info in self.list()) >= MAX_SAVES

    def _read(self, slot: str) -> dict | None:
        name = self._name(slot)
        data = self.storage.read_json(name, SAVE_SCHEMA)
        if data is None:
            return None
        fields_ok = all(isinstance(data.get(field), str) for field in ("kind", "title", "saved_at"))
        if (
            not fields_ok
            or not isinstance(data.get("payload"), dict)
            or not _valid_time(data["saved_at"])
            or len(data["kind"]) > KIND_MAX
        ):
            self.storage.move_aside(name, "notice.file_damaged")
            return None
        return {**data, "title": data["title"][:TITLE_MAX]}

    def list(self) -> list[SaveInfo]:
        """Every readable save, newest first."""
        infos = []
        for name in self.storage.list(SAVES_DIR):
            slot = name[len(SAVES_DIR) + 1 : -len(".json")]
            if not _SLOT.fullmatch(slot):
                continue
            data = self._read(slot)
            if data is not None:
                infos.append(_info(slot, data))
        infos.sort(key=lambda info: (info.saved_datetime, info.slot), reverse=True)
        return infos

    def info(self, slot: str) -> SaveInfo | None:
        data = self._read(slot)
        return None if data is None else _info(slot, data)

    def load(self, slot: str) -> dict | None:
        """The payload saved in ``slot``, or None if there is none (or it was damaged and moved aside)."""
        data = self._read(slot)
        return None if data is None else data["payload"]

    def delete(self, slot: str) -> bool:
        """Remove the save in ``slot``; True if there was one."""
        return self.storage.delete(self._name(slot))


def _info(slot: str, data: dict) -> SaveInfo:
    """What the list shows of a checked record; the fields earlier versions did not write (or a
    damaged one of them) are left empty rather than losing the game."""
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        players = []
    progress = data.get("progress")
    owner = OWNER_GUEST if data.get("owner") == OWNER_GUEST else OWNER_BOX
    return SaveInfo(
        slot,
        data["kind"],
        data["title"],
        data["saved_at"],
        tuple(clean_name(p, NAME_MAX) for p in players[:PLAYERS_MAX]),
        _one_line(progress, PROGRESS_MAX),
        owner,
    )


def _one_line(text: object, limit: int) -> str:
    """``text`` as one line of at most ``limit`` characters: no control or format characters (a
    bidirectional override would turn the row round), the Persian ZERO WIDTH NON-JOINER kept.

    >>> _one_line("Round 5\u202e of 13\n", 40)
    'Round 5 of 13'
    """
    if not isinstance(text, str):
        return ""
    kept = "".join(ch for ch in text[: limit * 8] if ch == "\u200c" or unicodedata.category(ch)[0] != "C")
    return " ".join(kept.split())[:limit]


def _parse_time(text: str) -> datetime | None:
    """``text`` as an aware UTC time, or None unless it is ISO 8601 with a zone in :data:`YEARS`."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    try:
        when = datetime.fromisoformat(text.replace("Z", "+00:00"))
        if when.tzinfo is None or when.utcoffset() is None:
            return None
        when = when.astimezone(UTC)
    except (ValueError, OverflowError):
        return None
    return when if YEARS[0] <= when.year <= YEARS[1] else None


def _valid_time(text: str) -> bool:
    """Whether a save time can be sorted with the others and shown in any time zone.

    >>> _valid_time("2026-11-29T13:45:00.000000Z"), _valid_time("2026-11-29T13:45:00")
    (True, False)
    >>> _valid_time("9999-12-31T23:59:59+00:00"), _valid_time("0001-01-01T00:00:00Z")
    (False, False)
    """
    return _parse_time(text) is not None


@dataclass(frozen=True)
class HighScore:
    name: str
    score: int
    date: str
    """UTC date, ISO 8601 (``2026-11-29``)."""


class HighScores:
    """The top ten of each game mode (``"yahtzee-classic"``, ``"monopoly-dice"``, ...)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def _read_all(self) -> dict[str, list[HighScore]]:
        """Every table; a file with damaged entries is moved aside and written again without them."""
        data = self.storage.read_json(HIGHSCORES_FILE, HIGHSCORES_SCHEMA)
        if data is None:
            return {}
        modes = data.get("modes")
        damaged = not isinstance(modes, dict)
        tables: dict[str, list[HighScore]] = {}
        for mode, entries in (modes or {}).items() if not damaged else ():
            if not isinstance(entries, list) or len(mode) > KIND_MAX:
                damaged = True
                continue
            table = [entry for entry in map(_high_score, entries) if entry is not None]
            damaged = damaged or len(table) != len(entries)
            tables[mode] = _ranked(table)
        if damaged:
            log.warning("highscores: damaged entries dropped")
            self.storage.move_aside(HIGHSCORES_FILE, "notice.file_damaged")
            if tables:
                try:
                    self._write(tables)
                except OSError as exc:
                    log.warning("highscores: cannot write the kept entries: %s", exc)
        return tables

    def _write(self, tables: dict[str, list[HighScore]]) -> None:
        modes = {
            m: [{"name": e.name, "score": e.score, "date": e.date} for e in t] for m, t in tables.items()
        }
        self.storage.write_json(HIGHSCORES_FILE, {"modes": modes}, HIGHSCORES_SCHEMA)

    def load(self, mode: str) -> list[HighScore]:
        """The table of ``mode``, best first (at most ten)."""
        return self._read_all().get(mode, [])

    def modes(self) -> list[str]:
        return sorted(self._read_all())

    def qualifies(self, mode: str, score: int) -> bool:
        """Would ``score`` enter the table of ``mode``?"""
        table = self.load(mode)
        return len(table) < HIGHSCORES_KEPT or score > table[-1].score

    def add(self, mode: str, name: str, score: int, date: str | None = None) -> int | None:
        """Enter a score; returns its 1-based rank, or None if it did not make the top ten.

        An equal score ranks below the ones already there (they got it first).
        """
        tables = self._read_all()
        entry = HighScore(
            clean_name(name, NAME_MAX) or "?", int(score), date or datetime.now(UTC).date().isoformat()
        )
        table = tables.get(mode, [])
        rank = next((i for i, old in enumerate(table) if entry.score > old.score), len(table))
        if rank >= HIGHSCORES_KEPT:
            return None
        table.insert(rank, entry)
        tables[mode] = table[:HIGHSCORES_KEPT]
        self._write(tables)
        return rank + 1


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _high_score(entry: object) -> HighScore | None:
    """One stored entry, checked by type and value; None if it is damaged."""
    if not isinstance(entry, dict):
        return None
    name, score, date = entry.get("name"), entry.get("score"), entry.get("date")
    if (
        not isinstance(name, str)
        or isinstance(score, bool)
        or not isinstance(score, int)
        or not -SCORE_LIMIT <= score <= SCORE_LIMIT
        or not isinstance(date, str)
        or not _DATE.fullmatch(date)
    ):
        return None
    # a name from the file is drawn on the TV: no controls, no bidirectional overrides
    return HighScore(clean_name(name, NAME_MAX) or "?", score, date)


def _ranked(table: list[HighScore]) -> list[HighScore]:
    # sorted() is stable: equal scores keep their stored (earlier-first) order.
    return sorted(table, key=lambda entry: -entry.score)[:HIGHSCORES_KEPT]
