"""The TV the box drives: burn-in protection and HDMI-CEC standby.

:class:`BurnIn`: a picture that has not changed for :data:`BURN_IN_S` (no frame drawn, no key) is
dimmed, and moved a few pixels every :data:`SHIFT_S`, so a static menu does not mark a plasma or
OLED panel. The first key brings the picture back and is swallowed.

:class:`CecWatcher`: where the kernel's CEC device exists (``/dev/cec0``, the Pi's HDMI), it
follows ``cec-ctl --monitor``. The TV going to standby pauses the box: the game in progress is
saved as MENU -> Save and quit does, the demos stop and the home screen waits. The TV coming back
on (it asks for the box's picture, or its remote is pressed) wakes it. Where there is no CEC
device or no ``cec-ctl``, it does nothing and says so once in the log.
"""

from __future__ import annotations

import logging
import queue
import re
import shutil
import subprocess
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame

from app import widgets
from remote.buttons import ButtonEvent, Press

log = logging.getLogger(__name__)

BURN_IN_S = 10 * 60.0
"""A picture unchanged this long is dimmed."""
SHIFT_S = 60.0
"""While dimmed, the picture moves this often."""
SHIFTS: tuple[tuple[int, int], ...] = (
    (0, 0),
    (4, 0),
    (4, 4),
    (0, 4),
    (-4, 4),
    (-4, 0),
    (-4, -4),
    (0, -4),
    (4, -4),
)
"""Where the dimmed picture goes, in turn (pixels)."""
DIM_ALPHA = 170


class BurnIn:
    """Dims and moves a picture that has not changed for ``after_s``; a ticker, filter and overlay."""

    def __init__(self, app: Any, after_s: float = BURN_IN_S) -> None:
        self.app = app
        self.after_s = after_s
        self.dimmed = False
        self._frames = -1
        self._changed = app.clock()
        self._shift = 0
        self._shifted_at = 0.0
        self._swallow: Any = None

    @property
    def shift(self) -> int:
        """Which of :data:`SHIFTS` the dimmed picture is moved by now (0: in place)."""
        return self._shift

    def install(self) -> BurnIn:
        self.app.tickers.append(self.tick)
        self.app.input_filters.append(self.filter)
        self.app.overlays.append(self.overlay)
        return self

    def tick(self, now: float) -> None:
        app = self.app
        if self.dimmed:
            if now - self._shifted_at >= SHIFT_S:
                self._shift = (self._shift + 1) % len(SHIFTS)
                self._shifted_at = now
                app.refresh()
            self._frames = app.frames  # our own redraws are no change of the picture
            return
        if app.frames != self._frames or app.ticking:
            self._frames, self._changed = app.frames, now
        elif now - max(self._changed, app.last_input) >= self.after_s:
            self.dimmed, self._shifted_at = True, now
            log.info("burn-in: the picture is dimmed")
            app.refresh()

    def filter(self, event: ButtonEvent) -> bool:
        """The first key only brings the picture back."""
        if self.dimmed and event.kind == Press.PRESS:
            self.dimmed, self._shift, self._swallow = False, 0, event.button
            self._changed = self.app.clock()
            self.app.refresh()
            return True
        if self._swallow is not None and event.button == self._swallow:
            if event.kind == Press.RELEASE:
                self._swallow = None
            return True
        return False

    def overlay(self, surface: pygame.Surface) -> None:
        if not self.dimmed:
            return
        dx, dy = SHIFTS[self._shift]
        if dx or dy:
            surface.scroll(dx, dy)
        widgets.dim(surface, self.app.theme, DIM_ALPHA)


# -- HDMI-CEC ---------------------------------------------------------------------------------------

CEC_DEVICE = Path("/dev/cec0")
_RECEIVED = re.compile(r"^\s*Received from .*?:\s*([A-Z_]+)\b")
WAKE_MESSAGES = frozenset({"SET_STREAM_PATH", "ROUTING_CHANGE", "ACTIVE_SOURCE", "USER_CONTROL_PRESSED"})


def cec_message(line: str) -> str | None:
    """What a ``cec-ctl --monitor`` line means for the box: "standby", "wake" or None.

    >>> cec_message("Received from TV to all (0 to 15): STANDBY (0x36)")
    'standby'
    >>> cec_message("Received from TV to all (0 to 15): SET_STREAM_PATH (0x86):")
    'wake'
    >>> cec_message("Transmitted by Playback Device 1 to TV (4 to 0): IMAGE_VIEW_ON (0x04)") is None
    True
    """
    match = _RECEIVED.match(line)
    if match is None:
        return None
    opcode = match.group(1)
    if opcode == "STANDBY":
        return "standby"
    return "wake" if opcode in WAKE_MESSAGES else None


class CecWatcher:
    """Follows the TV's power over HDMI-CEC: a ticker on the app; ``attract`` is paused in standby."""

    def __init__(
        self, app: Any, attract: Any = None, device: Path = CEC_DEVICE, command: Sequence[str] | None = None
    ) -> None:
        self.app = app
        self.attract = attract
        self.device = device
        self.command = list(command) if command else ["cec-ctl", "--device", str(device), "--monitor"]
        self.standby = False
        self.messages: queue.SimpleQueue[str] = queue.SimpleQueue()
        self._proc: subprocess.Popen | None = None
        self._slept_at = 0.0

    def start(self) -> bool:
        """Start following the TV; False (said once in the log) where there is no CEC here."""
        if not self.device.exists():
            log.info("no HDMI-CEC device (%s): the TV's standby is not followed", self.device)
            return False
        if shutil.which(self.command[0]) is None:
            log.info("no %s (v4l-utils): the TV's standby is not followed", self.command[0])
            return False
        try:
            self._proc = subprocess.Popen(
                self.command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1
            )
        except OSError as exc:
            log.info("HDMI-CEC monitor did not start (%s): the TV's standby is not followed", exc)
            return False
        threading.Thread(target=self._read, name="cec-monitor", daemon=True).start()
        self.app.tickers.append(self.tick)
        return True

    def _read(self) -> None:
        assert self._proc is not None and self._proc.stdout is not None
        for line in self._proc.stdout:
            meaning = cec_message(line)
            if meaning is not None:
                self.messages.put(meaning)

    def tick(self, now: float) -> None:
        while not self.messages.empty():
            meaning = self.messages.get()
            if meaning == "standby" and not self.standby:
                self.sleep()
            elif meaning == "wake" and self.standby:
                self.wake(now)
        if self.standby and self.app.last_input > self._slept_at:  # a key (the TV's remote too)
            self.wake(now)

    def sleep(self) -> None:
        """The TV went to standby: save the game in progress, stop the demos, wait at home."""
        from app.appliance import save_game_in_progress

        self.standby = True
        self._slept_at = self.app.clock()
        if self.attract is not None:
            if self.attract.running:
                self.attract.stop()
            self.attract.paused = True
        saved = save_game_in_progress(self.app)
        self.app.go_home()
        log.info("TV standby: the box sleeps (game %s)", "saved" if saved else "none in progress")

    def wake(self, now: float) -> None:
        self.standby = False
        if self.attract is not None:
            self.attract.paused = False
        self.app.last_input = now  # the demos wait their idle time again
        self.app.refresh()
        log.info("TV on: the box wakes")

    def close(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.terminate()
            try:
                self._proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                self._proc.kill()
