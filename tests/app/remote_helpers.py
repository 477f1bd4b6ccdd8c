"""A remote in a test: raw evdev events (key names or scancodes) pushed into a headless box's
pipeline as a receiver would deliver them, in place of the script's canonical buttons."""

from __future__ import annotations

import dataclasses

from app.app import Headless
from app.profiles import load_profile
from remote.buttons import Button
from remote.sources import DEVICE_KEYS, RawEvent

DEVICE = "gpio_ir_recv"


def box(data_dir, lang: str = "en") -> Headless:
    """A headless PAL box reading remotes with the Raspberry Pi's tables."""
    profile = dataclasses.replace(load_profile("sd-pal"), remotes=load_profile("rpi").remotes)
    return Headless(profile=profile, lang=lang, data_dir=data_dir)


class RawRemote:
    """Pushes raw events at the box's clock. ``codes`` maps buttons to key names or scancodes."""

    def __init__(self, h: Headless, codes: dict[Button, str | int], holds: dict[Button, str] | None = None):
        self.h, self.codes, self.holds = h, codes, holds or {}
        self.queue: list[RawEvent] = []
        h.app.pipeline.add_source(self)

    # the source side
    def read(self, now: float) -> list[RawEvent]:
        due = [e for e in self.queue if e.time <= now]
        self.queue = [e for e in self.queue if e.time > now]
        return due

    def close(self) -> None:
        self.queue.clear()

    # the hand on the remote
    def keys_are(self, names) -> None:  # noqa: ANN001 - the device's key codes
        self.queue.append(RawEvent(self.h.clock.now, DEVICE_KEYS, " ".join(sorted(names)), 0, DEVICE))
        self.h.app.step()

    def code(self, code: str | int, hold_ms: int = 0) -> None:
        """Press one physical button (a key name, or a scancode in NEC) and hold it ``hold_ms``."""
        h, now = self.h, self.h.clock.now
        if isinstance(code, int):  # a receiver repeats the scancode every 110 ms while held
            for k in range(hold_ms // 110 + 1):
                self.queue.append(RawEvent(now + k * 0.11, "EV_MSC", "MSC_SCAN", code, DEVICE, "nec"))
            h.advance(hold_ms + 350)  # the release is the silence after the last repeat
            return
        self.queue.append(RawEvent(now, "EV_KEY", code, 1, DEVICE))
        h.app.step()
        h.advance(hold_ms)
        self.queue.append(RawEvent(h.clock.now, "EV_KEY", code, 0, DEVICE))
        h.app.step()
        h.advance(Headless.GAP_MS + 50)

    def press(self, button: Button, hold_ms: int = 0) -> None:
        """What the script calls a press of ``button``, made on this remote."""
        if button in self.holds:
            self.code(self.holds[button], 900)
        else:
            self.code(self.codes[button], hold_ms)
