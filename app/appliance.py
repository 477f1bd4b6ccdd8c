"""The box as an appliance: telling systemd how it is (sd_notify), and stopping cleanly on a signal.

:class:`Notifier` speaks systemd's notify protocol: one datagram per message to the
``AF_UNIX`` socket named by ``$NOTIFY_SOCKET`` (a leading ``@`` is the abstract namespace).
The app sends ``READY=1`` once its first frame is on screen and ``WATCHDOG=1`` from its main
loop at half the ``$WATCHDOG_USEC`` interval, so a stalled loop stops pinging and systemd
(``WatchdogSec=``) restarts it. Without ``$NOTIFY_SOCKET`` every call does nothing.

SIGTERM (systemd stop, shutdown) and SIGINT (Ctrl-C): :func:`install_stop_handlers` makes them
raise :class:`StopRequested` wherever the program is (a benchmark, a soak run), except inside
:func:`stopping_gently`, where the main loop is told to finish its frame and stop instead, so
the game in progress is saved whole (:func:`save_game_in_progress`), never half a move.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from typing import Any

from app.keys import parse_keys

log = logging.getLogger(__name__)

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class Notifier:
    """systemd's notify socket, or nothing where the app was not started by systemd."""

    def __init__(
        self, env: Mapping[str, str] | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        env = os.environ if env is None else env
        self.clock = clock
        self.address = _socket_address(env.get("NOTIFY_SOCKET", ""))
        self.interval: float | None = None
        usec, pid = env.get("WATCHDOG_USEC", ""), env.get("WATCHDOG_PID", "")
        if usec.isdigit() and int(usec) > 0 and (not pid or pid == str(os.getpid())):
            self.interval = int(usec) / 2e6  # systemd's advice: ping at half the timeout
        self._sock: socket.socket | None = None
        self._last_ping = float("-inf")
        self.ready_sent = False

    @property
    def enabled(self) -> bool:
        return self.address is not None

    def send(self, message: str) -> bool:
        """Send one notify message; False (logged once) where it could not be sent."""
        if self.address is None:
            return False
        try:
            if self._sock is None:
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            self._sock.sendto(message.encode(), self.address)
        except OSError as exc:
            log.warning("systemd notify socket %r: %s (no more notifications)", self.address, exc)
            self.address = None
            return False
        return True

    def ready(self, status: str = "") -> None:
        """The first frame is on screen: the service is up."""
        if not self.ready_sent:
            self.ready_sent = True
            self.send("READY=1" + (f"\nSTATUS={status}" if status else ""))
            self._last_ping = self.clock()

    def ping(self) -> None:
        """Call from every turn of the main loop: a WATCHDOG=1 at most every half interval, once
        READY=1 is sent (systemd waits for READY=1 within its own start timeout)."""
        if self.interval is None or self.address is None or not self.ready_sent:
            return
        now = self.clock()
        if now - self._last_ping >= self.interval:
            self._last_ping = now
            self.send("WATCHDOG=1")

    def stopping(self) -> None:
        self.send("STOPPING=1")

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None


def _socket_address(text: str) -> str | bytes | None:
    if text.startswith("@"):
        return b"\0" + text[1:].encode()
    return text if text.startswith("/") else None


# -- stopping on a signal ----------------------------------------------------------------------------


class StopRequested(BaseException):  # noqa: N818 - like KeyboardInterrupt, not an error
    """SIGTERM or SIGINT arrived outside the main loop: unwind and exit 0."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


_gentle: list[Callable[[int], None]] = []
received: list[int] = []
"""The stop signals received so far (most recent last)."""


def on_stop_signal(signum: int, _frame: Any) -> None:
    """The SIGTERM/SIGINT handler: inside :func:`stopping_gently` it asks the loop to stop, outside
    it raises :class:`StopRequested`."""
    received.append(signum)
    if _gentle:
        _gentle[-1](signum)
    else:
        raise StopRequested(signum)


def install_stop_handlers() -> None:
    """SIGTERM and SIGINT stop the program cleanly (instead of SDL's quit event, or a traceback).

    Installed before the display opens: SDL then leaves the two signals to us."""
    for signum in STOP_SIGNALS:
        signal.signal(signum, on_stop_signal)


@contextmanager
def stopping_gently(on_stop: Callable[[int], None]) -> Iterator[None]:
    """Inside the block a stop signal calls ``on_stop(signum)`` (the loop stops after its frame)
    instead of raising :class:`StopRequested`."""
    _gentle.append(on_stop)
    try:
        yield
    finally:
        _gentle.remove(on_stop)


def save_game_in_progress(app: Any) -> bool:
    """Save the game on the screen stack exactly as MENU -> Save and quit does; True if saved.

    The topmost screen that can ``save_and_quit`` does it (screens above it, a menu or the odds,
    are closed by it). A demo game is never saved, nor a finished one (its results are showing)."""
    if app.demo_running:
        return False
    for screen in reversed(list(app.stack)):
        save = getattr(screen, "save_and_quit", None)
        if save is not None:
            state = getattr(screen, "state", None)
            if state is not None and state.is_terminal():
                return False
            saved = bool(save(ask=False))  # nobody to ask which save to replace: none is
            log.info("stopping: the game in progress was %s", "saved" if saved else "not saved")
            return saved
    return False


def release_memory() -> bool:
    """Collect the garbage and hand the memory the allocator keeps free back to the system.

    glibc's malloc keeps what Python and numpy free in its arenas (one per thread that allocated,
    and the computers think in worker threads) and returns it only from the top of a heap: after
    an hour of demos about 45 MB of a 170 MB process sat free there. ``malloc_trim`` gives the free
    pages back. Called between two demo games; returns False where the C library has no
    ``malloc_trim`` (musl, macOS), where only the garbage is collected.
    """
    import gc

    gc.collect()
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where the C library has none."""
    try:
        import ctypes

        return ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None


class KeyScript:
    """Presses from a script (:func:`app.keys.parse_keys`) played into the running app in real time,
    starting ``delay`` seconds after its first turn: ``tvgames run --keys`` (a demonstration, a
    bug report, a test of the real program). When the last key is released the app tells systemd
    ``STATUS=keys done`` and logs it."""

    GAP_S = 0.15
    """Time between two presses: longer than the IR de-duplication window."""

    def __init__(self, app: Any, script: str, delay: float = 0.5) -> None:
        self.app = app
        self.delay = delay
        self.timeline: list[tuple[float, Any, bool]] = []
        at = 0.0
        for button, ms in parse_keys(script):
            if button is None:
                at += ms / 1000
                continue
            self.timeline += [(at, button, True), (at + ms / 1000, button, False)]
            at += ms / 1000 + self.GAP_S
        self._start: float | None = None
        self._next = 0

        self.done = False

    def __call__(self, now: float) -> None:
        if self._start is None:
            self._start = now + self.delay
        if self._next == len(self.timeline):
            if not self.done:  # one turn after the last release: the screens have had it
                self.done = True
                log.info("keys: the script is done")
                self.app.notifier.send("STATUS=keys done")
            return
        while self._next < len(self.timeline) and now >= self._start + self.timeline[self._next][0]:
            _, button, down = self.timeline[self._next]
            self.app.pipeline.push_key(button, down, now, source="script")
            self._next += 1
        if self._next < len(self.timeline):  # the sleeping loop wakes for the next press
            self.app.wake_at(self._start + self.timeline[self._next][0])
        else:  # and turns once more after the last release
            self.app.wake_at(now)
