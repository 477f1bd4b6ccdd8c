"""Stage 1 of the translation: one remote's device codes (evdev ``KEY_`` names) to buttons.

Keymaps are data: the firmware profile lists them per remote (see ``firmware_profiles/``), and
:mod:`app.profiles` validates them when the profile loads.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from remote.buttons import Button


def _frozen(codes: Mapping[str, Button]) -> Mapping[str, Button]:
    return MappingProxyType(dict(codes))


@dataclass(frozen=True, eq=False)
class Keymap:
    """How one remote speaks.

    ``codes`` maps evdev key names (``"KEY_OK"``) to buttons. ``devices`` are shell patterns
    matched against the input device's name, case-insensitively (``"gpio_ir_recv*"``); ``"*"``
    catches every device. ``dedupe`` turns on suppression of the duplicate presses that IR and
    universal remotes send; ``sends_release`` is False for a source whose key-up cannot be
    trusted, so the pipeline ends a press itself a while after the last code.
    """

    name: str
    codes: Mapping[str, Button] = field(default_factory=dict)
    devices: tuple[str, ...] = ()
    dedupe: bool = True
    sends_release: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "codes", _frozen(self.codes))
        object.__setattr__(self, "devices", tuple(self.devices))

    def button_for(self, code: str) -> Button | None:
        """The button an evdev key name stands for on this remote, or None."""
        return self.codes.get(code)

    def matches(self, device_name: str) -> bool:
        """Whether this keymap is meant for the input device called ``device_name``."""
        name = device_name.lower()
        return any(fnmatch.fnmatchcase(name, pattern.lower()) for pattern in self.devices)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Keymap):
            return NotImplemented
        return (self.name, dict(self.codes), self.devices, self.dedupe, self.sends_release) == (
            other.name,
            dict(other.codes),
            other.devices,
            other.dedupe,
            other.sends_release,
        )

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.codes.items())), self.devices))

    @property
    def catch_all(self) -> bool:
        """Whether this keymap is only the fallback for any device (its patterns are all ``*``)."""
        return all(pattern.strip("*") == "" for pattern in self.devices)


def keymap_for_device(keymaps: Mapping[str, Keymap], device_name: str) -> Keymap | None:
    """The keymap for the device called ``device_name``: the first (in profile order) whose
    patterns name it, else the first catch-all (``"*"``) keymap, else None."""
    matching = [k for k in keymaps.values() if k.matches(device_name)]
    specific = [k for k in matching if not k.catch_all]
    return (specific or matching or [None])[0]
