"""The input pipeline: raw codes from every source in, clean button events out.

It does what remotes and the kernel do not do alike:

- translates device codes to buttons with the device's keymap (stage 1), ignoring (and logging
  once) codes the keymap does not know;
- makes its own auto-repeat from the profile's timing, so IR, CEC, USB and keyboard repeat
  alike (the app turns SDL key repeat off, and kernel autorepeats only say "still held");
- suppresses the duplicate presses IR and universal remotes send: on a remote with ``dedupe`` a
  release is held back for ``dedupe_window_ms``, and a press of the same button inside that
  window cancels both, so a held key 2 keeps shaking;
- ends a press itself ``release_timeout_ms`` after the last code from a remote that sends no
  trustworthy release, and at once when its device is unplugged;
- marks REPEAT and RELEASE events of a press held ``long_press_ms`` or more as long presses.

Event times are on the caller's clock and never go backwards. Synthesised events carry the time
they were due, not the time of the poll that found them, so output does not depend on how often
``poll`` is called (bar the catch-up rule: after a stall, overdue repeats collapse into one).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from remote.buttons import Button, ButtonEvent, Press
from remote.keymap import Keymap, keymap_for_device, scan_id
from remote.sources import DEVICE_KEYS, PLUG, UNPLUG, EventSource, RawEvent

log = logging.getLogger(__name__)

KEYBOARD_SOURCE = "keyboard"
_EPS = 1e-9


@dataclass(frozen=True)
class InputTiming:
    """Repeat, de-duplication and release timing (from the firmware profile's ``input``)."""

    repeat_delay_ms: int = 500
    repeat_rate_hz: float = 8.0
    dedupe_window_ms: int = 120
    release_timeout_ms: int = 200
    long_press_ms: int = 600

    def __post_init__(self) -> None:
        if self.repeat_rate_hz <= 0:
            raise ValueError(f"repeat_rate_hz must be positive, not {self.repeat_rate_hz}")
        for name in ("repeat_delay_ms", "dedupe_window_ms", "release_timeout_ms", "long_press_ms"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must not be negative, not {getattr(self, name)}")


@dataclass
class _Hold:
    """A button that is down."""

    source: str
    pressed_at: float
    last_code_at: float
    next_repeat: float
    dedupe: bool
    sends_release: bool
    pending_release: float | None = None
    menu_at: float | None = None
    """A BACK standing in for MENU: not yet shown; it opens the menu if still held at this time."""
    as_menu: bool = False
    """That BACK was held long enough: it is a MENU press now."""


@dataclass(frozen=True)
class _Input:
    """A raw event after stage 1: a button (or none) and what happened."""

    time: float
    what: str  # "press", "release", "repeat", "scan", PLUG, UNPLUG
    device: str
    button: Button | None = None
    dedupe: bool = False
    sends_release: bool = True
    hold_back_menu: bool = False


@dataclass
class _Unknowns:
    seen: set[tuple[str, str]] = field(default_factory=set)

    def once(self, device: str, code: str, message: str, *args: object) -> None:
        if (device, code) not in self.seen:
            self.seen.add((device, code))
            log.warning(message, *args)


class InputPipeline:
    """Turns raw input from sources and the keyboard into :class:`ButtonEvent` lists.

    Call :meth:`poll` once per frame with the current time; it never blocks.
    """

    def __init__(
        self,
        timing: InputTiming,
        keymaps: Mapping[str, Keymap] = {},  # noqa: B006 - read only
        sources: Sequence[EventSource] = (),
    ) -> None:
        self.timing = timing
        self.keymaps: Mapping[str, Keymap] = dict(keymaps)
        self.sources: list[EventSource] = list(sources)
        self._queue: list[_Input] = []
        self._held: dict[Button, _Hold] = {}
        self._clock = float("-inf")
        self._unknown = _Unknowns()
        self._keymap_of: dict[str, Keymap | None] = {}  # device name -> keymap, looked up once
        self._order = {b: i for i, b in enumerate(Button)}
        self._device_keys: dict[str, frozenset[str]] = {}
        self._learned: dict[str, Keymap] = {}
        self._scan_at: dict[str, tuple[float, str]] = {}  # device -> its last scan not yet matched
        self._orphan_at: dict[str, float] = {}
        self.taps: list[Callable[[RawEvent], None]] = []
        """Called with every raw event before translation (the set-up screen learns from them)."""
        self.unmapped: list[tuple[str, float]] = []
        """``(device, time)`` of each press that maps to no button, from a remote (not a keyboard):
        the app offers the set-up screen. Whoever reads it empties it."""
        self._noticed: set[str] = set()
        self.notices: list[tuple[str, dict[Button, list[str]]]] = []
        """``(device, {button: codes standing in})`` once per device whose keymap needed stand-ins."""

    # -- input ------------------------------------------------------------------------------------

    def push_key(self, button: Button, down: bool, now: float, source: str = KEYBOARD_SOURCE) -> None:
        """A key went down or up on the keyboard (or any source that sends exact releases)."""
        self._queue.append(_Input(now, "press" if down else "release", source, button))

    def add_source(self, source: EventSource) -> None:
        """Read from one more source from the next poll on."""
        self.sources.append(source)

    def poll(self, now: float) -> list[ButtonEvent]:
        """Everything that happened up to ``now``: drains the sources, then the timers."""
        for source in self.sources:
            for raw in source.read(now):
                for tap in list(self.taps):
                    tap(raw)
                translated = self._translate(raw)
                if translated is not None:
                    self._queue.append(translated)
        self._orphan_scans()
        queue, self._queue = sorted(self._queue, key=lambda i: i.time), []
        out: list[ButtonEvent] = []
        for item in queue:
            at = max(item.time, self._clock)
            self._advance(at, out)
            self._apply(item, at, out)
        self._advance(now, out)
        return out

    def next_deadline(self) -> float | None:
        """When the next repeat or synthesised release is due (None if no button is down).

        A caller that sleeps while idle wakes up by then; a replay polls exactly there.
        """
        dues = [due for _, due in self._dues()]
        return min(dues) if dues else None

    def is_held(self, button: Button) -> bool:
        """Whether ``button`` is down now (a release held back for de-duplication still counts)."""
        return button in self._held

    def set_learned(self, device: str, keymap: Keymap | None) -> None:
        """Read ``device`` with a learned keymap from now on (None: its profile keymap again)."""
        if keymap is None:
            self._learned.pop(device, None)
        else:
            self._learned[device] = keymap
        self._keymap_of.pop(device, None)

    def keymap_of(self, device: str) -> Keymap | None:
        """The keymap ``device`` is read with now (a learned one, stand-ins applied)."""
        if device not in self._keymap_of:
            base = self._learned.get(device) or keymap_for_device(self.keymaps, device)
            keys = self._device_keys.get(device)
            keymap = None if base is None else base.for_device(keys)
            if base is not None and keys is not None:
                standing = base.standing_in(keys)
                if keymap is not None and keymap.hold_back_menu:
                    standing[Button.MENU] = ["BACK"]
                if standing and device not in self._noticed:  # once, even if it is plugged in again
                    self._noticed.add(device)
                    self.notices.append((device, standing))
            self._keymap_of[device] = keymap
        return self._keymap_of[device]

    def close(self) -> None:
        """Close every source."""
        for source in self.sources:
            source.close()
        self.sources.clear()

    # -- stage 1 ----------------------------------------------------------------------------------

    def _translate(self, raw: RawEvent) -> _Input | None:
        if raw.type in (PLUG, UNPLUG):
            return _Input(raw.time, raw.type, raw.device)
        if raw.type == DEVICE_KEYS:
            self._device_keys[raw.device] = frozenset(raw.code.split())
            self._keymap_of.pop(raw.device, None)
            return None
        if raw.type == "EV_MSC" and raw.code == "MSC_SCAN":
            return self._scan(raw)
        if raw.type != "EV_KEY":
            return None
        keymap = self.keymap_of(raw.device)
        if keymap is None:
            self._unknown.once(raw.device, "", "no keymap for device %r: keys ignored", raw.device)
            return None
        if self._scan_at.get(raw.device, (None,))[0] == raw.time:
            del self._scan_at[raw.device]  # the scan had a key name: no orphan
        button = keymap.button_for(raw.code)
        if button is None:
            self._unknown.once(
                raw.device, raw.code, "ignoring %s from %r (keymap %r)", raw.code, raw.device, keymap.name
            )
            if raw.value == 1 and not keymap.catch_all:
                self.unmapped.append((raw.device, raw.time))
            return None
        what = {1: "press", 0: "release", 2: "repeat"}.get(raw.value)
        if what is None:
            return None
        return _Input(
            raw.time, what, raw.device, button, keymap.dedupe, keymap.sends_release, keymap.hold_back_menu
        )

    def _scan(self, raw: RawEvent) -> _Input:
        """A raw scancode: a press of a learned button, else a sign of life of the held button
        (and, if no key name follows it, an unmapped press)."""
        keymap = self.keymap_of(raw.device)
        scan = scan_id(raw.protocol, raw.value)
        button = None if keymap is None else keymap.button_for_scan(scan)
        if button is not None and keymap is not None:
            # A receiver repeats the scancode while the button is held and never says it came up.
            return _Input(raw.time, "press", raw.device, button, keymap.dedupe, False)
        self._scan_at[raw.device] = (raw.time, scan)
        return _Input(raw.time, "scan", raw.device)

    def _orphan_scans(self) -> None:
        """Scans no key name came with: count each burst (a held button repeats its scan) once."""
        window = max(self.timing.release_timeout_ms, 200) / 1000.0
        for device, (at, _) in self._scan_at.items():
            last = self._orphan_at.get(device)
            if last is None or at - last > window:
                self.unmapped.append((device, at))
            self._orphan_at[device] = at
        self._scan_at.clear()

    # -- the state machine ------------------------------------------------------------------------

    def _emit(self, out: list[ButtonEvent], button: Button, kind: Press, at: float, hold: _Hold) -> None:
        held_ms = (at - hold.pressed_at) * 1000.0
        long_press = kind is not Press.PRESS and held_ms >= self.timing.long_press_ms - _EPS
        out.append(ButtonEvent(button, kind, at, long_press, hold.source))
        self._clock = max(self._clock, at)

    def _press(self, button: Button, item: _Input, at: float, out: list[ButtonEvent]) -> None:
        delay = self.timing.repeat_delay_ms / 1000.0
        hold = _Hold(item.device, at, at, at + delay, item.dedupe, item.sends_release)
        self._held[button] = hold
        if button is Button.BACK and item.hold_back_menu:
            # BACK also stands in for MENU: nothing shows until it is let go (BACK) or held (MENU).
            hold.menu_at = at + self.timing.long_press_ms / 1000.0
            return
        self._emit(out, button, Press.PRESS, at, hold)

    def _release(self, button: Button, at: float, out: list[ButtonEvent]) -> None:
        hold = self._held.pop(button)
        if hold.menu_at is not None:  # a short BACK, shown now that it is over
            self._emit(out, button, Press.PRESS, at, dataclasses.replace(hold, pressed_at=at))
            self._emit(out, button, Press.RELEASE, at, dataclasses.replace(hold, pressed_at=at))
            return
        self._emit(out, Button.MENU if hold.as_menu else button, Press.RELEASE, at, hold)

    def _apply(self, item: _Input, at: float, out: list[ButtonEvent]) -> None:
        self._clock = max(self._clock, at)
        if item.what == UNPLUG:
            for button in [b for b, h in self._held.items() if h.source == item.device]:
                self._release(button, at, out)
            log.info("input device %r unplugged", item.device)
            return
        if item.what == PLUG:
            log.info("input device %r plugged in", item.device)
            return
        if item.what == "scan":
            for hold in self._held.values():
                if hold.source == item.device and hold.pending_release is None:
                    hold.last_code_at = at
            return
        button = item.button
        assert button is not None
        hold = self._held.get(button)
        if item.what in ("press", "repeat"):
            if not item.sends_release and item.what == "press":
                # A remote without key-ups can hold one button at a time: a new one ends the old.
                for other in [b for b, h in self._held.items() if h.source == item.device and b != button]:
                    self._release(other, at, out)
            if hold is None:
                self._press(button, item, at, out)
            else:
                # A duplicate press, or a kernel autorepeat: the button is still down.
                hold.pending_release = None
                hold.last_code_at = at
                if hold.next_repeat < at:
                    period = 1.0 / self.timing.repeat_rate_hz
                    missed = int((at - hold.next_repeat) / period) + 1
                    hold.next_repeat += missed * period
        elif hold is not None:  # release
            if hold.dedupe:
                hold.pending_release = at
            else:
                self._release(button, at, out)

    def _dues(self) -> list[tuple[Button, float]]:
        dues = []
        for button, hold in self._held.items():
            if hold.pending_release is not None:
                dues.append((button, hold.pending_release + self.timing.dedupe_window_ms / 1000.0))
                continue
            due = self._next_step(hold)
            if not hold.sends_release:
                due = min(due, hold.last_code_at + self.timing.release_timeout_ms / 1000.0)
            dues.append((button, due))
        return dues

    @staticmethod
    def _next_step(hold: _Hold) -> float:
        """When a held button next does something of its own: a repeat, or turning into MENU."""
        if hold.as_menu:
            return float("inf")  # a menu press does not repeat
        return hold.next_repeat if hold.menu_at is None else hold.menu_at

    def _advance(self, until: float, out: list[ButtonEvent]) -> None:
        """Emit every repeat and synthesised release due at or before ``until``, in time order."""
        period = 1.0 / self.timing.repeat_rate_hz
        while True:
            dues = [(due, self._order[b], b) for b, due in self._dues() if due <= until + _EPS]
            if not dues:
                break
            due, _, button = min(dues)
            hold = self._held[button]
            if hold.pending_release is not None:
                self._release(button, due, out)
                continue
            timeout = hold.last_code_at + self.timing.release_timeout_ms / 1000.0
            if not hold.sends_release and timeout <= self._next_step(hold):
                self._release(button, timeout, out)
                continue
            if hold.menu_at is not None:
                hold.menu_at, hold.as_menu = None, True
                self._emit(out, Button.MENU, Press.PRESS, due, hold)
                continue
            if until - due >= period - _EPS:
                # Caught up after a stall: one repeat for the lot, not a burst.
                skipped = int((until - due) / period + _EPS)
                hold.next_repeat += skipped * period
                due = hold.next_repeat
            hold.next_repeat += period
            self._emit(out, button, Press.REPEAT, due, hold)
        self._clock = max(self._clock, until)
