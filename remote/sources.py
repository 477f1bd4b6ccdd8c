"""Event sources: where raw input comes from, and the text format of recorded logs.

A source is anything with ``read(now) -> list[RawEvent]`` (never blocking) and ``close()``: real
evdev devices (:mod:`remote.evdev_source`), a replayed log, or a list in a test.

The log format has one event per line, ``<seconds> <type> <code> <value>`` with evdev names::

    # device gpio_ir_recv
    0.250 EV_KEY KEY_OK 1
    0.400 EV_KEY KEY_OK 0
    1.500 # unplug
    3.000 # plug

Value 1 is a press, 0 a release, 2 an autorepeat. ``# device NAME`` names the device of the
lines that follow (default ``replay``). ``# unplug`` and ``# plug`` may carry a time; without one
they happen at the time of the line before. Every other ``#`` line is a comment.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

PLUG = "PLUG"
"""Pseudo event type: the device appeared."""
UNPLUG = "UNPLUG"
"""Pseudo event type: the device went away (every button it held is released)."""

DEFAULT_DEVICE = "replay"


@dataclass(frozen=True)
class RawEvent:
    """One event as a device reported it, with evdev names (``EV_KEY``, ``KEY_OK``, 1)."""

    time: float
    type: str
    code: str
    value: int
    device: str = DEFAULT_DEVICE


@runtime_checkable
class EventSource(Protocol):
    """Where raw events come from. ``read`` must return at once, with what is there."""

    def read(self, now: float) -> Sequence[RawEvent]: ...

    def close(self) -> None: ...


class LogFormatError(ValueError):
    """A log line is not ``<seconds> <type> <code> <value>`` nor a comment."""


MAX_LINE_CHARS = 1000
"""A longer log line is an error (and is quoted by a short excerpt only)."""
EXCERPT_CHARS = 60

# Times and values have a bounded number of digits: a 5,000-digit number is a format error.
_TIME = r"\d{1,9}(?:\.\d{0,9})?"
_EVENT = re.compile(
    rf"^(?P<time>{_TIME})\s+(?P<type>\w{{1,40}})\s+(?P<code>\w{{1,40}})\s+(?P<value>-?\d{{1,10}})\s*$"
)
_MARK = re.compile(rf"^(?:(?P<time>{_TIME})\s+)?#\s*(?P<word>unplug|plug)\b\s*(?P<device>.*)$", re.I)
_DEVICE = re.compile(r"^#\s*device\s+(?P<device>.+?)\s*$", re.I)


def _excerpt(text: str) -> str:
    return repr(text if len(text) <= EXCERPT_CHARS else text[:EXCERPT_CHARS] + "…")


def parse_log(lines: Iterable[str], origin: str = "<log>") -> list[RawEvent]:
    """The events of a recorded log, in file order (times must not go backwards)."""
    events: list[RawEvent] = []
    device = DEFAULT_DEVICE
    last = 0.0
    for number, raw in enumerate(lines, 1):
        if len(raw) > MAX_LINE_CHARS:
            raise LogFormatError(f"{origin}:{number}: line longer than {MAX_LINE_CHARS} characters")
        line = raw.strip()
        if not line:
            continue
        if m := _DEVICE.match(line):
            device = m["device"]
            continue
        if m := _MARK.match(line):
            time = float(m["time"]) if m["time"] else last
            name = m["device"].strip() or device
            kind = PLUG if m["word"].lower() == "plug" else UNPLUG
            event = RawEvent(time, kind, "", 0, name)
        elif line.startswith("#"):
            continue
        elif m := _EVENT.match(line):
            event = RawEvent(float(m["time"]), m["type"], m["code"], int(m["value"]), device)
        else:
            expected = "'<seconds> <type> <code> <value>'"
            raise LogFormatError(f"{origin}:{number}: expected {expected}, got {_excerpt(line)}")
        if event.time < last:
            raise LogFormatError(f"{origin}:{number}: time {event.time:g} goes back before {last:g}")
        last = event.time
        events.append(event)
    return events


def read_log(path: str | Path) -> list[RawEvent]:
    """:func:`parse_log` of a file; a line that is too long or not UTF-8 is a :class:`LogFormatError`
    naming the file and line (lines are read a bounded piece at a time)."""
    path = Path(path)
    if path.exists() and not path.is_file():  # a FIFO or a device would block or never end
        raise OSError("not a regular file")
    with path.open("rb") as f:
        return parse_log(_bounded_lines(f, str(path)), str(path))


def _bounded_lines(handle, origin: str) -> Iterable[str]:  # noqa: ANN001 - a binary file
    number = 0
    while raw := handle.readline(MAX_LINE_CHARS * 4 + 1):
        number += 1
        if len(raw) > MAX_LINE_CHARS * 4:  # UTF-8 takes at most 4 bytes a character
            raise LogFormatError(f"{origin}:{number}: line longer than {MAX_LINE_CHARS} characters")
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise LogFormatError(f"{origin}:{number}: not UTF-8 text (byte {exc.start})") from None


def format_event(event: RawEvent) -> str:
    """One log line for an event (the inverse of :func:`parse_log` for a single line)."""
    if event.type in (PLUG, UNPLUG):
        return f"{event.time:.3f} # {event.type.lower()} {event.device}"
    return f"{event.time:.3f} {event.type} {event.code} {event.value}"


class ListSource:
    """Replays a list of raw events on the caller's clock, starting at ``start``.

    An event recorded at ``t`` seconds is delivered by the first ``read(now)`` with
    ``now >= start + t``, stamped ``start + t``.
    """

    def __init__(self, events: Iterable[RawEvent], start: float = 0.0) -> None:
        self._events = sorted(events, key=lambda e: e.time)
        self._start = start
        self._next = 0

    @property
    def events(self) -> list[RawEvent]:
        """Every event, on the recording's own clock (times from 0)."""
        return list(self._events)

    @property
    def done(self) -> bool:
        """Whether every event has been delivered."""
        return self._next >= len(self._events)

    @property
    def end_time(self) -> float:
        """The caller-clock time of the last event (``start`` when empty)."""
        return self._start + (self._events[-1].time if self._events else 0.0)

    def read(self, now: float) -> list[RawEvent]:
        out: list[RawEvent] = []
        while self._next < len(self._events):
            event = self._events[self._next]
            at = self._start + event.time
            if at > now:
                break
            out.append(RawEvent(at, event.type, event.code, event.value, event.device))
            self._next += 1
        return out

    def close(self) -> None:
        self._next = len(self._events)


class ReplaySource(ListSource):
    """A recorded log file replayed as a source."""

    def __init__(self, path: str | Path, start: float = 0.0) -> None:
        super().__init__(read_log(path), start)
