"""Event sources: where raw input comes from, and the text format of recorded logs.

A source is anything with ``read(now) -> list[RawEvent]`` (never blocking) and ``close()``: real
evdev devices (:mod:`remote.evdev_source`), a replayed log, or a list in a test.

The log format has one event per line, ``<seconds> <type> <code> <value>`` with evdev names::

    # device gpio_ir_recv
    0.250 EV_KEY KEY_OK 1
    0.400 EV_KEY KEY_OK 0
    1.500 # unplug
    3.000 # plug

Value 1 is a press, 0 a release, 2 an autorepeat. A time is seconds from any start, the epoch
included. ``# device NAME`` names the device of the lines that follow (default ``replay``).
``# unplug`` and ``# plug`` may carry a time; without one they happen at the time of the line
before. ``# keys KEY_A KEY_B ...`` lists the key codes the device can send (what its missing keys'
stand-ins depend on), ``# protocol NAME`` the IR protocol of its ``MSC_SCAN`` lines (``nec``).
Every other ``#`` line is a comment.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

PLUG = "PLUG"
"""Pseudo event type: the device appeared."""
UNPLUG = "UNPLUG"
"""Pseudo event type: the device went away (every button it held is released)."""
DEVICE_KEYS = "KEYS"
"""Pseudo event type: the key codes the device can send, space-separated in ``code`` (a remote
without arrows gets stand-ins for them: :meth:`remote.keymap.Keymap.for_device`)."""

DEFAULT_DEVICE = "replay"


@dataclass(frozen=True)
class RawEvent:
    """One event as a device reported it, with evdev names (``EV_KEY``, ``KEY_OK``, 1)."""

    time: float
    type: str
    code: str
    value: int
    device: str = DEFAULT_DEVICE
    protocol: str = ""
    """For an ``EV_MSC MSC_SCAN``: the IR protocol the receiver decoded (``"nec"``), if known."""


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

# Times and values have a bounded number of digits: a 5,000-digit number is a format error. A time
# may be seconds since boot or since the epoch (ten digits), as a logger stamps it.
_TIME = r"\d{1,12}(?:\.\d{0,9})?"
_TIME_RE = re.compile(rf"^{_TIME}$")
_WORD = re.compile(r"^\w{1,40}$")
_VALUE = re.compile(r"^-?\d{1,10}$")
_MARK = re.compile(rf"^(?:(?P<time>{_TIME})\s+)?#\s*(?P<word>unplug|plug)\b\s*(?P<device>.*)$", re.I)
_DEVICE = re.compile(r"^#\s*device\s+(?P<device>.+?)\s*$", re.I)
_KEYS = re.compile(r"^#\s*keys\s+(?P<keys>(?:(?:KEY|BTN)_\w{1,40}\s*)+)$", re.I)
_PROTOCOL = re.compile(r"^#\s*protocol\s+(?P<protocol>[\w-]{1,20})\s*$", re.I)


def _excerpt(text: str) -> str:
    return repr(text if len(text) <= EXCERPT_CHARS else text[:EXCERPT_CHARS] + "…")


def _parse_event(line: str, where: str, device: str, protocol: str) -> RawEvent:
    """One ``<seconds> <type> <code> <value>`` line; an error names the field that is wrong."""
    fields = line.split()
    if len(fields) != 4:
        expected = "'<seconds> <type> <code> <value>'"
        raise LogFormatError(f"{where}: expected {expected}, got {_excerpt(line)}")
    time, kind, code, value = fields
    if not _TIME_RE.match(time):
        raise LogFormatError(
            f"{where}: the time {_excerpt(time)} is not seconds (at most 12 digits, then up to 9 decimals)"
        )
    for name, text in (("type", kind), ("code", code)):
        if not _WORD.match(text):
            raise LogFormatError(f"{where}: the {name} {_excerpt(text)} is not an evdev name")
    if not _VALUE.match(value):
        raise LogFormatError(
            f"{where}: the value {_excerpt(value)} is not a whole number (at most 10 digits)"
        )
    scan_protocol = protocol if (kind, code) == ("EV_MSC", "MSC_SCAN") else ""
    return RawEvent(float(time), kind, code, int(value), device, scan_protocol)


def parse_log(lines: Iterable[str], origin: str = "<log>") -> list[RawEvent]:
    """The events of a recorded log, in file order (times must not go backwards)."""
    events: list[RawEvent] = []
    device = DEFAULT_DEVICE
    protocols: dict[str, str] = {}
    keys: dict[str, set[str]] = {}
    last = 0.0
    for number, raw in enumerate(lines, 1):
        where = f"{origin}:{number}"
        if len(raw) > MAX_LINE_CHARS:
            raise LogFormatError(f"{where}: line longer than {MAX_LINE_CHARS} characters")
        line = raw.strip()
        if not line:
            continue
        if m := _DEVICE.match(line):
            device = m["device"]
            continue
        if m := _PROTOCOL.match(line):
            protocols[device] = m["protocol"].lower()
            continue
        if m := _KEYS.match(line):
            # Several lines may list one device's keys: each adds to the ones before.
            keys.setdefault(device, set()).update(k.upper() for k in m["keys"].split())
            event = RawEvent(last, DEVICE_KEYS, " ".join(sorted(keys[device])), 0, device)
        elif m := _MARK.match(line):
            time = float(m["time"]) if m["time"] else last
            name = m["device"].strip() or device
            kind = PLUG if m["word"].lower() == "plug" else UNPLUG
            event = RawEvent(time, kind, "", 0, name)
        elif line.startswith("#"):
            continue
        else:
            event = _parse_event(line, where, device, protocols.get(device, ""))
        if event.time < last:
            raise LogFormatError(f"{where}: time {event.time:g} goes back before {last:g}")
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
    if event.type == DEVICE_KEYS:  # a keyboard has hundreds of keys: lines of a bounded length
        lines, line = [], "# keys"
        for name in event.code.split():
            if len(line) + len(name) >= MAX_LINE_CHARS - 100:
                lines.append(line)
                line = "# keys"
            line += " " + name
        return "\n".join([*lines, line])
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
            out.append(dataclasses.replace(event, time=at))
            self._next += 1
        return out

    def close(self) -> None:
        self._next = len(self._events)


class ReplaySource(ListSource):
    """A recorded log file replayed as a source."""

    def __init__(self, path: str | Path, start: float = 0.0) -> None:
        super().__init__(read_log(path), start)
