"""A fake evdev device layer: input devices backed by pipes, plugged and unplugged at will.

It has the same shape as :class:`remote.evdev_source.EvdevBackend`, so an
:class:`~remote.evdev_source.EvdevSource` can be driven without ``/dev/input`` (CI has none):
tests, benchmarks and demos plug devices in, queue raw events on them and pull them out again.
"""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass


@dataclass
class FakeEvent:
    """A raw event as a device layer hands it over: the kernel's wall-clock stamp, evdev names."""

    stamp: float
    type: str
    code: str
    value: int


class FakeDevice:
    """An input device backed by a pipe, so select() sees it like a real one."""

    def __init__(self, path: str, name: str, keys: set[str], grab_fails: bool = False) -> None:
        self.path, self.name, self.keys = path, name, keys
        self.grab_fails = grab_fails
        self.grabbed = self.closed = self.unplugged = False
        self.queue: list[FakeEvent] = []
        self._r, self._w = os.pipe()
        os.set_blocking(self._r, False)

    def push(self, *events: FakeEvent) -> None:
        self.queue.extend(events)
        os.write(self._w, b"x" * len(events))

    def unplug(self) -> None:
        self.unplugged = True
        os.write(self._w, b"!")  # wakes select up, as a vanished device does

    def fileno(self) -> int:
        if self.closed:
            raise ValueError("closed")
        return self._r

    def read_one(self):
        if self.unplugged:
            raise OSError(errno.ENODEV, "No such device")
        if not self.queue:
            return None
        os.read(self._r, 1)
        return self.queue.pop(0)

    def grab(self) -> None:
        if self.grab_fails:
            raise OSError(errno.EBUSY, "Device or resource busy")
        self.grabbed = True

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            os.close(self._r)
            os.close(self._w)


class FakeBackend:
    def __init__(self) -> None:
        self.plugged: dict[str, tuple[str, set[str], bool]] = {}
        self.waiting: dict[str, list[FakeEvent]] = {}
        self.denied: set[str] = set()
        self.opened: dict[str, FakeDevice] = {}
        self.list_calls = 0

    def plug(self, path: str, name: str, keys: set[str], grab_fails: bool = False, events=()) -> None:
        """Plug a device in; ``events`` are queued on it as soon as it is opened."""
        self.plugged[path] = (name, keys, grab_fails)
        self.waiting[path] = list(events)

    def unplug(self, path: str) -> None:
        del self.plugged[path]
        if path in self.opened:
            self.opened[path].unplug()

    def list_paths(self) -> list[str]:
        self.list_calls += 1
        return sorted(self.plugged)

    def open(self, path: str) -> FakeDevice:
        if path in self.denied:
            raise PermissionError(errno.EACCES, "Permission denied", path)
        name, keys, grab_fails = self.plugged[path]
        device = self.opened[path] = FakeDevice(path, name, keys, grab_fails)
        if self.waiting.get(path):
            device.push(*self.waiting.pop(path))
        return device

    def key_names(self, device: FakeDevice) -> set[str]:
        return device.keys

    def describe(self, event: FakeEvent):
        if event.type == "EV_SYN":
            return None
        return event.stamp, event.type, event.code, event.value


class Clock:
    """The kernel's wall clock: 1000 s ahead of the caller's monotonic clock."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now + 1000.0
