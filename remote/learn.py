"""Learning a remote: physical buttons heard as raw codes, and the learned map they make.

The set-up screen (:mod:`app.screens.remote_setup`) taps the pipeline's raw events. A
:class:`PressCatcher` turns them into presses of physical buttons, each named by its key name
(``KEY_CHANNELUP``) or, where the kernel has no keymap for the remote, by its raw scancode with the
protocol (:func:`remote.keymap.scan_id`): a button that came up, or one held for ``hold_s``.
A :class:`LearnedMap` is what the screen hands back: button names to buttons, kept per device.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from remote.buttons import Button
from remote.keymap import Keymap, scan_id
from remote.sources import RawEvent

SCAN_GAP_S = 0.25
"""A receiver repeats a held button's scancode about every 110 ms: a longer silence is a release."""
MAX_ENTRIES = 100
"""A learned map names at most this many buttons (a file holding more is damaged)."""
_NAME = re.compile(r"^(?:(?:KEY|BTN)_[A-Z0-9_]{1,40}|[a-z0-9_-]{1,20}:0x[0-9a-f]{1,16})$")


@dataclass(frozen=True)
class Caught:
    """A physical button: pressed and let go (``held`` False), or held for the hold time."""

    device: str
    name: str  # a key name, or a scancode as scan_id() names it
    time: float
    held: bool = False


@dataclass
class _Down:
    device: str
    name: str
    since: float
    last: float
    by_scan: bool
    held_said: bool = False


class PressCatcher:
    """Raw events in, :class:`Caught` presses out. ``feed`` each raw event, ``poll(now)`` each frame.

    A key name wins over the scancode that came with it in the same frame; a scancode with no key
    name is the button itself. One button at a time is followed (remotes send one at a time).
    """

    def __init__(self, hold_s: float = 1.0) -> None:
        self.hold_s = hold_s
        self._down: _Down | None = None
        self._scan: tuple[RawEvent, str] | None = None
        self._out: list[Caught] = []

    def feed(self, raw: RawEvent) -> None:
        if raw.type == "EV_MSC" and raw.code == "MSC_SCAN":
            self._settle_scan(raw.time)
            self._scan = (raw, scan_id(raw.protocol, raw.value))
        elif raw.type == "EV_KEY":
            if (
                self._scan is not None
                and self._scan[0].device == raw.device
                and self._scan[0].time == raw.time
            ):
                self._scan = None  # this frame has a key name: the scancode was only its number
            self._settle_scan(raw.time)
            self._key(raw)
        elif raw.type == "UNPLUG" and self._down is not None and self._down.device == raw.device:
            self._down = None

    def _key(self, raw: RawEvent) -> None:
        down = self._down
        if raw.value in (1, 2):
            if down is not None and (down.device, down.name) == (raw.device, raw.code):
                down.last = raw.time
            elif raw.value == 1:
                self._end(raw.time)
                self._down = _Down(raw.device, raw.code, raw.time, raw.time, False)
        elif raw.value == 0 and down is not None and (down.device, down.name) == (raw.device, raw.code):
            self._end(raw.time)

    def _settle_scan(self, now: float) -> None:
        """A scancode seen in an earlier frame with no key name: a press (or the held one again)."""
        if self._scan is None or self._scan[0].time >= now:
            return
        raw, name = self._scan
        self._scan = None
        down = self._down
        if down is not None and down.by_scan and (down.device, down.name) == (raw.device, name):
            down.last = raw.time
            return
        self._end(raw.time)
        self._down = _Down(raw.device, name, raw.time, raw.time, True)

    def _end(self, at: float) -> None:
        down, self._down = self._down, None
        if down is not None and not down.held_said:
            self._out.append(Caught(down.device, down.name, at))

    def poll(self, now: float) -> list[Caught]:
        """The presses complete by ``now``: let go, gone quiet (scancodes), or held long enough."""
        self._settle_scan(now)
        down = self._down
        if down is not None and down.by_scan and now - down.last > SCAN_GAP_S:
            self._end(down.last + SCAN_GAP_S)
        elif down is not None and not down.held_said and now - down.since >= self.hold_s:
            down.held_said = True
            self._out.append(Caught(down.device, down.name, now, held=True))
        out, self._out = self._out, []
        return out

    @property
    def busy(self) -> bool:
        """A button is down (the screen keeps polling until it is let go)."""
        return self._down is not None or self._scan is not None


@dataclass(frozen=True)
class LearnedMap:
    """One device's learned buttons: key names and scancodes, each to the button it is."""

    names: Mapping[str, Button] = field(default_factory=dict)

    def keymap(self, base: Keymap | None, device: str) -> Keymap:
        """The keymap of ``device``: ``base`` (its profile keymap, if any) with this map on top."""
        base = base or Keymap("learned", {}, (device,), dedupe=True)
        codes = {n: b for n, b in self.names.items() if not _is_scan(n)}
        scans = {n: b for n, b in self.names.items() if _is_scan(n)}
        return base.learned(codes, scans)

    def to_json(self) -> dict[str, str]:
        return {name: button.value for name, button in sorted(self.names.items())}

    @classmethod
    def from_json(cls, data: Any) -> LearnedMap:
        """A map read from the data dir; ValueError (one line) if it is not one."""
        if not isinstance(data, dict) or len(data) > MAX_ENTRIES:
            raise ValueError(f"expected a mapping of at most {MAX_ENTRIES} button names")
        names: dict[str, Button] = {}
        for name, button in data.items():
            if not isinstance(name, str) or not _NAME.match(name):
                raise ValueError(f"not a key name or scancode: {str(name)[:40]!r}")
            try:
                names[name] = Button[button] if isinstance(button, str) else Button["?"]
            except KeyError:
                raise ValueError(f"not a button: {str(button)[:40]!r}") from None
        return cls(names)


def _is_scan(name: str) -> bool:
    return ":" in name
