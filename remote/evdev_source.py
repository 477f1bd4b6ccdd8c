"""Remotes and keyboards read straight from ``/dev/input`` (Linux evdev), never blocking a frame.

:class:`EvdevSource` opens every device whose keys look like a remote or a keyboard and that a
keymap of the profile claims, grabs it (so SDL's own evdev reader under KMS does not deliver each
press twice), and reads whatever is queued at each poll. It watches ``/dev/input`` (inotify: its
fd wakes the sleeping loop, so a remote plugged in is found at once) and where it cannot, looks
again every ``rescan_s`` seconds; an unplug shows up as an ``UNPLUG`` event, which ends any press
the device held.

The device layer is injectable: :class:`EvdevBackend` talks to the kernel through python-evdev;
tests pass a fake with the same three methods.
"""

from __future__ import annotations

import logging
import select
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from remote.keymap import Keymap, keymap_for_device
from remote.sources import DEVICE_KEYS, PLUG, UNPLUG, RawEvent

log = logging.getLogger(__name__)

INPUT_DIR = "/dev/input"

REMOTE_KEYS = frozenset(
    {"KEY_OK", "KEY_SELECT", "KEY_UP", "KEY_DOWN", "KEY_LEFT", "KEY_RIGHT", "KEY_ENTER"}
    | {f"KEY_NUMERIC_{n}" for n in range(10)}
    | {f"KEY_{n}" for n in range(10)}
)
"""A device with any of these keys looks like a remote or a keyboard (a mouse has none)."""


class DirectoryWatch:
    """Linux inotify on one directory: a file descriptor that becomes readable when an entry is
    made, removed or has its permissions changed (udev does all three as a remote comes and
    goes), so a sleeping loop hears of a plugged remote at once instead of polling the folder."""

    _EVENTS = 0x100 | 0x200 | 0x4  # IN_CREATE | IN_DELETE | IN_ATTRIB

    def __init__(self, fd: int) -> None:
        self.fd = fd

    @classmethod
    def open(cls, directory: str) -> DirectoryWatch | None:
        """A watch on ``directory``, or None where there is no inotify (not Linux, no libc)."""
        import ctypes
        import ctypes.util
        import os

        try:
            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
            fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        except (OSError, AttributeError):
            return None
        if fd < 0:
            return None
        if libc.inotify_add_watch(fd, os.fsencode(directory), cls._EVENTS) < 0:
            os.close(fd)
            return None
        return cls(fd)

    def changed(self) -> bool:
        """Whether anything happened since the last call (what happened is read and dropped)."""
        import os

        seen = False
        while True:
            try:
                if not os.read(self.fd, 4096):
                    return seen
            except (BlockingIOError, InterruptedError):
                return seen
            except OSError:
                return True
            seen = True

    def close(self) -> None:
        import os

        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


WATCHED_RESCAN_S = 60.0
"""With a watch on the device folder, the folder is still read this often (a missed event)."""


class Device(Protocol):
    """What :class:`EvdevSource` needs of an open input device (python-evdev's ``InputDevice``)."""

    path: str
    name: str

    def fileno(self) -> int: ...

    def read_one(self) -> Any: ...

    def grab(self) -> None: ...

    def close(self) -> None: ...


class Backend(Protocol):
    """The device layer: list device paths, open one, and name its key codes."""

    def list_paths(self) -> list[str]: ...

    def open(self, path: str) -> Device: ...

    def key_names(self, device: Device) -> set[str]: ...

    def describe(self, event: Any) -> tuple[float, str, str, int] | None:
        """``(timestamp, type name, code name, value)`` of a raw event, or None to skip it."""
        ...


def _best_name(names: str | Sequence[str], known: set[str]) -> str:
    if isinstance(names, str):
        return names
    for name in names:
        if name in known:
            return name
    plain = [n for n in names if not n.endswith(("_MIN_INTERESTING", "_MAX", "_CNT"))]
    return (plain or list(names))[0]


def ir_protocol(path: str, sys_dir: str = "/sys/class/input") -> str:
    """The IR protocol an input device's receiver decodes, if it has exactly one turned on.

    An IR receiver's input device sits under its ``rc`` device, whose ``protocols`` file lists
    what it can decode with the ones turned on in brackets (``[nec] rc-5 [lirc]``). With several
    on, the kernel does not say which one a scancode came in: "" (the scancode alone names it).
    """
    try:
        text = Path(sys_dir, Path(path).name, "device", "device", "protocols").read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError):
        return ""
    on = [word.strip("[]") for word in text.split()[:64] if word.startswith("[") and word != "[lirc]"]
    return on[0] if len(on) == 1 else ""


class EvdevBackend:
    """The real device layer (python-evdev on Linux)."""

    def __init__(self, input_dir: str | None = None, known_codes: Iterable[str] = ()) -> None:
        from evdev import ecodes  # imported here: the module must load where evdev is missing

        self._ecodes = ecodes
        self.input_dir = input_dir or INPUT_DIR
        self.known_codes = set(known_codes)

    def list_paths(self) -> list[str]:
        import evdev

        return sorted(evdev.list_devices(self.input_dir, writable=False))

    def open(self, path: str) -> Device:
        import evdev

        return evdev.InputDevice(path)

    def key_names(self, device: Device) -> set[str]:
        ecodes = self._ecodes
        keys = device.capabilities().get(ecodes.EV_KEY, [])  # type: ignore[attr-defined]
        names: set[str] = set()
        for code in keys:
            found = ecodes.bytype[ecodes.EV_KEY].get(code)
            if found is not None:
                names.update([found] if isinstance(found, str) else found)
        return names

    def describe(self, event: Any) -> tuple[float, str, str, int] | None:
        ecodes = self._ecodes
        if event.type == ecodes.EV_SYN:
            return None
        type_name = ecodes.EV.get(event.type, str(event.type))
        code_names = ecodes.bytype.get(event.type, {}).get(event.code, str(event.code))
        return event.timestamp(), type_name, _best_name(code_names, self.known_codes), int(event.value)


@dataclass(frozen=True)
class DeviceInfo:
    """One input device as ``tvgames keys`` lists it."""

    path: str
    name: str
    remote: str  # the keymap that reads it
    grabbed: bool
    keys: frozenset[str] = frozenset()  # the key codes it can send
    protocol: str = ""  # the IR protocol its scancodes are in, where the receiver says


class EvdevSource:
    """Reads every remote-like device a keymap claims. ``read(now)`` never blocks.

    Remotes (devices a keymap names) are grabbed with ``grab``. Plain keyboards (devices only a
    catch-all keymap claims) are read only with ``include_keyboards``, and then grabbed too
    unless ``grab_keyboards=False``: on a console (KMS) the app reads keyboards here, and a grab
    keeps SDL from seeing each key a second time; ``tvgames keys`` in a terminal must not grab
    the keyboard someone types Ctrl-C on. ``clock`` is the wall clock the kernel stamps events
    with; event times are moved onto the caller's clock.
    """

    def __init__(
        self,
        keymaps: Mapping[str, Keymap],
        backend: Backend | None = None,
        *,
        grab: bool = True,
        include_keyboards: bool = True,
        grab_keyboards: bool | None = None,
        rescan_s: float = 1.0,
        clock: Callable[[], float] = time.time,
        watch_dir: str | None = None,
    ) -> None:
        self.keymaps = dict(keymaps)
        known = {code for keymap in self.keymaps.values() for code in keymap.codes}
        self.backend: Backend = backend if backend is not None else EvdevBackend(known_codes=known)
        self.grab = grab
        self.include_keyboards = include_keyboards
        self.grab_keyboards = grab if grab_keyboards is None else grab_keyboards
        self.rescan_s = rescan_s
        self.clock = clock
        self._open: dict[str, tuple[Device, DeviceInfo]] = {}
        self._rejected: set[str] = set()
        self._next_scan = float("-inf")
        if watch_dir is None and backend is None:
            watch_dir = getattr(self.backend, "input_dir", None)  # the real device folder
        self._watch = DirectoryWatch.open(watch_dir) if watch_dir else None
        if self._watch is not None:
            self.rescan_s = max(rescan_s, WATCHED_RESCAN_S)

    # -- devices ------------------------------------------------------------------------------------

    def devices(self) -> list[DeviceInfo]:
        """The devices being read now."""
        return [info for _, info in self._open.values()]

    def scan(self, now: float) -> list[RawEvent]:
        """Look at the device directory: open new remotes, forget vanished paths."""
        self._next_scan = now + self.rescan_s
        try:
            paths = set(self.backend.list_paths())
        except OSError as exc:
            log.warning("cannot list input devices: %s", exc)
            return []
        self._rejected &= paths
        events = []
        for path in sorted(paths - set(self._open) - self._rejected):
            info = self._try_open(path)
            if info is not None:
                events.append(RawEvent(now, PLUG, "", 0, info.name))
                events.append(RawEvent(now, DEVICE_KEYS, " ".join(sorted(info.keys)), 0, info.name))
        return events

    def _try_open(self, path: str) -> DeviceInfo | None:
        try:
            device = self.backend.open(path)
            keys = self.backend.key_names(device)
        except OSError as exc:
            # Unreadable (permissions) or gone again: not tried again until the path goes away
            # and comes back (a replug), so the warning is said once.
            log.warning("cannot open %s: %s (see docs/remote.md on the input group)", path, exc)
            self._rejected.add(path)
            return None
        keymap = keymap_for_device(self.keymaps, device.name)
        usable = bool(keys & REMOTE_KEYS) and keymap is not None
        if usable and keymap.catch_all and not self.include_keyboards:
            usable = False
        if not usable:
            device.close()
            self._rejected.add(path)
            return None
        grabbed = False
        if self.grab_keyboards if keymap.catch_all else self.grab:
            try:
                device.grab()
                grabbed = True
            except OSError as exc:
                log.warning("cannot grab %s (%s): %s; reading it shared", path, device.name, exc)
        info = DeviceInfo(path, device.name, keymap.name, grabbed, frozenset(keys), ir_protocol(path))
        self._open[path] = (device, info)
        log.info("reading %s (%s) as remote %r", path, device.name, keymap.name)
        return info

    def _drop(self, path: str, now: float) -> RawEvent:
        device, info = self._open.pop(path)
        try:
            device.close()
        except OSError:
            pass
        return RawEvent(now, UNPLUG, "", 0, info.name)

    # -- EventSource --------------------------------------------------------------------------------

    def read(self, now: float) -> list[RawEvent]:
        events: list[RawEvent] = []
        if self._watch is not None and self._watch.changed():
            self._rejected.clear()  # udev may only now have given the new device its permissions
            self._next_scan = now
        if now >= self._next_scan:
            events.extend(self.scan(now))
        if not self._open:
            return events
        by_fd = {}
        for path, (device, _) in list(self._open.items()):
            try:
                by_fd[device.fileno()] = path
            except (OSError, ValueError):
                events.append(self._drop(path, now))
        try:
            ready, _, _ = select.select(list(by_fd), [], [], 0)
        except (OSError, ValueError):
            ready = list(by_fd)  # one fd went bad: let each read find out which
        offset = now - self.clock()
        for fd in ready:
            path = by_fd[fd]
            device, info = self._open[path]
            try:
                while (event := device.read_one()) is not None:
                    described = self.backend.describe(event)
                    if described is None:
                        continue
                    stamp, type_name, code, value = described
                    protocol = info.protocol if code == "MSC_SCAN" else ""
                    at = min(now, stamp + offset)
                    events.append(RawEvent(at, type_name, code, value, info.name, protocol))
            except OSError:
                # ENODEV: the remote was unplugged. The next scans find it again.
                events.append(self._drop(path, now))
        return events

    def wait_fds(self) -> list[int]:
        """File descriptors of the open devices: the app's loop selects on them while idle, so a
        remote press wakes it at once instead of at the next poll."""
        fds = [self._watch.fd] if self._watch is not None else []
        for device, _ in self._open.values():
            try:
                fds.append(device.fileno())
            except (OSError, ValueError):  # closed or gone: the next read drops it
                pass
        return fds

    def close(self) -> None:
        for path in list(self._open):
            self._drop(path, 0.0)
        if self._watch is not None:
            self._watch.close()
