"""Stage 1 of the translation: one remote's device codes (evdev ``KEY_`` names) to buttons.

Keymaps are data: the firmware profile lists them per remote (see ``firmware_profiles/``), and
:mod:`app.profiles` validates them when the profile loads.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
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
    stand_ins: Mapping[str, Button] = field(default_factory=dict)
    """Codes that act as a button only on a device with no code of its own for it (channel keys
    as arrows on a tuner-card remote); see :meth:`for_device`."""
    hold_back_menu: bool = False
    """On a device with no MENU code, a held BACK opens the menu (the pipeline sees to it)."""
    scans: Mapping[str, Button] = field(default_factory=dict)
    """Learned raw scancodes (``"nec:0x40bf12"``, see :func:`scan_id`) of a remote the kernel has
    no keymap for."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "codes", _frozen(self.codes))
        object.__setattr__(self, "devices", tuple(self.devices))
        object.__setattr__(self, "stand_ins", _frozen(self.stand_ins))
        object.__setattr__(self, "scans", _frozen(self.scans))

    def button_for(self, code: str) -> Button | None:
        """The button an evdev key name stands for on this remote, or None."""
        return self.codes.get(code)

    def button_for_scan(self, scan: str) -> Button | None:
        """The button a learned scancode (see :func:`scan_id`) stands for, or None."""
        return self.scans.get(scan)

    def buttons(self, device_keys: Iterable[str] | None = None) -> set[Button]:
        """The buttons this keymap gives (of a device sending ``device_keys``, if they are known)."""
        known = None if device_keys is None else set(device_keys)
        given = {b for code, b in self.codes.items() if known is None or code in known}
        return given | set(self.scans.values())

    def for_device(self, device_keys: Iterable[str] | None) -> Keymap:
        """This keymap as it reads a device whose key codes are ``device_keys`` (None: unknown).

        A stand-in code the device has takes the place of a button none of the device's own codes
        give, leaving what it read before; ``hold_back_menu`` stays on only if the device has BACK
        but no MENU. With unknown keys nothing stands in.
        """
        if device_keys is None:
            return replace(self, stand_ins={}, hold_back_menu=False)
        keys = set(device_keys)
        codes = dict(self.codes)
        for button, stand_in in self.standing_in(keys).items():
            codes.update(dict.fromkeys(stand_in, button))
        now = replace(self, codes=codes, stand_ins={}, hold_back_menu=False)
        given = now.buttons(keys)
        hold_back = self.hold_back_menu and Button.BACK in given and Button.MENU not in given
        return replace(now, hold_back_menu=hold_back)

    def standing_in(self, device_keys: Iterable[str]) -> dict[Button, list[str]]:
        """Which of the device's codes stand in for which missing button (for the TV's notice)."""
        keys = set(device_keys)
        given = self.buttons(keys)
        out: dict[Button, list[str]] = {}
        for code, button in self.stand_ins.items():
            if code in keys and button not in given:
                out.setdefault(button, []).append(code)
        return out

    def learned(self, codes: Mapping[str, Button], scans: Mapping[str, Button]) -> Keymap:
        """This keymap with a learned map on top: the learned codes win over the table's."""
        return replace(self, codes={**self.codes, **codes}, scans={**self.scans, **scans})

    def matches(self, device_name: str) -> bool:
        """Whether this keymap is meant for the input device called ``device_name``."""
        name = device_name.lower()
        return any(fnmatch.fnmatchcase(name, pattern.lower()) for pattern in self.devices)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Keymap):
            return NotImplemented
        return self._fields() == other._fields()

    def _fields(self) -> tuple:
        return (
            self.name,
            dict(self.codes),
            self.devices,
            self.dedupe,
            self.sends_release,
            dict(self.stand_ins),
            self.hold_back_menu,
            dict(self.scans),
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


def scan_id(protocol: str, scancode: int) -> str:
    """How a raw scancode is named in a learned map: the protocol the receiver decoded (or
    ``"scan"`` when it is not known) and the code in hex.

    >>> scan_id("nec", 0x40BF12), scan_id("", 7)
    ('nec:0x40bf12', 'scan:0x7')
    """
    return f"{protocol or 'scan'}:{scancode:#x}"
