"""Firmware profiles: one YAML file per box model (display, safe area, colours, language, remotes).

A profile names its framebuffer, the shape of the TV it drives, the overscan-safe margins, the
broadcast-safe colour limits, the default language, the input timing and the stage-1 keymap of
every remote the box ships with. ``extends: <name>`` starts from another profile: mappings merge
key by key (a ``null`` value removes an inherited key), everything else is replaced.

Loading validates everything and refuses a bad file with :class:`ProfileError`, whose text is
one line: ``<file>: <key.path>: <problem>`` (at most :data:`MAX_ERROR_CHARS`, quoting a value by a
short excerpt only). Work is bounded for any file: at most :data:`MAX_PROFILE_BYTES` are read, YAML
nesting, node count and alias expansion are limited before anything is built, ``extends`` names
only a profile (no path: it cannot reach outside the profile directories) and a chain holds at most
:data:`MAX_EXTENDS` files. :func:`builtin_profile` is the profile the box falls back to when none
can be loaded.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from remote.buttons import Button
from remote.keymap import Keymap
from remote.pipeline import InputTiming

PROFILE_DIR = Path(__file__).resolve().parent.parent / "firmware_profiles"
DEFAULT_PROFILE = "hd-720"

RGB = tuple[int, int, int]

ASPECTS: tuple[tuple[int, int], ...] = ((4, 3), (16, 9), (16, 10))
"""TV shapes a profile may declare."""
LANGUAGES = ("en", "fa")

MAX_PROFILE_BYTES = 64 * 1024
"""Largest profile file read (the shipped ones are under 5 kB)."""
MAX_YAML_DEPTH = 12
MAX_YAML_NODES = 5000
"""Nodes a profile may hold, counting every use of an alias (an alias bomb is refused unexpanded)."""
MAX_EXTENDS = 8
"""Files in one ``extends`` chain."""
MAX_ERROR_CHARS = 240
EXCERPT_CHARS = 40
"""A value quoted in an error message is cut to this many characters."""

_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_EXTENDS = re.compile(r"^[a-z0-9][a-z0-9_-]*(\.ya?ml)?$")
"""What ``extends`` may name: a profile, or its file name beside the profile (never a path)."""
_COLOUR_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
_CODE = re.compile(r"^(KEY|BTN)_[A-Z0-9_]+$")

# Allowed keys, and those every complete profile must have (after ``extends`` is merged).
_TOP = {"extends", "description", "display", "colour", "language", "input", "remotes", "kiosk"}
_TOP_REQUIRED = ("display", "colour", "language", "input", "remotes")
_DISPLAY = {"width", "height", "refresh_hz", "aspect", "safe_area", "font_scale"}
_SAFE = ("top", "right", "bottom", "left")
_COLOUR = {"max_level", "max_red", "theme"}
_REMOTE = {"devices", "dedupe", "sends_release", "keys", "stand_ins", "hold_back_menu"}
_REMOTE_REQUIRED = ("devices", "keys")
_KIOSK = {"enabled", "attract_after_min", "idle_game_min"}

# (low, high) per number; the input timings also take their type from InputTiming.
_RANGES: dict[str, tuple[float, float]] = {
    "width": (160, 3840),
    "height": (120, 2160),
    "refresh_hz": (24, 240),
    "font_scale": (0.5, 3.0),
    "max_level": (128, 255),
    "max_red": (64, 255),
    "repeat_delay_ms": (100, 2000),
    "repeat_rate_hz": (1, 30),
    "dedupe_window_ms": (0, 500),
    "release_timeout_ms": (50, 2000),
    "long_press_ms": (200, 5000),
    "attract_after_min": (0, 24 * 60),
    "idle_game_min": (0.1, 24 * 60),
}


class ProfileError(Exception):
    """A profile cannot be used. ``str()`` is one line: ``<file>: <key.path>: <problem>``."""

    def __init__(self, file: str | Path, path: str, problem: str) -> None:
        self.file, self.path, self.problem = str(file), path or "(top)", problem
        # A damaged file can put anything in a key, a line break included: the message stays one line.
        line = f"{self.file}: {self.path}: {self.problem}"
        line = line.encode("unicode_escape").decode("ascii") if not line.isprintable() else line
        super().__init__(line if len(line) <= MAX_ERROR_CHARS else line[: MAX_ERROR_CHARS - 1] + "…")


def _excerpt(value: Any) -> str:
    """A short ``repr`` of ``value`` for an error line (a file can hold a huge one).

    >>> _excerpt("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    """
    if isinstance(value, str):
        text = repr(value[: EXCERPT_CHARS + 1])
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**EXCERPT_CHARS:
        return "a very long number"
    elif isinstance(value, dict | list):
        return "a mapping" if isinstance(value, dict) else "a list"
    else:
        text = repr(value)
    return text if len(text) <= EXCERPT_CHARS else text[:EXCERPT_CHARS] + "…"


@dataclass(frozen=True)
class SafeArea:
    """Margins, in framebuffer pixels, that overscan may hide: keep everything important inside."""

    top: int
    right: int
    bottom: int
    left: int


@dataclass(frozen=True)
class KioskDefaults:
    """A box model's kiosk set-up (the optional ``kiosk:`` key): whether it starts in kiosk mode,
    and the attract loop's timings where ``kiosk.json`` sets none (see :mod:`app.kiosk`)."""

    enabled: bool = False
    attract_after_min: float = 2.0
    """Minutes idle on the home screen before the demo games start (0: never)."""
    idle_game_min: float = 5.0
    """Minutes a game may wait for a player before it is saved and the demos start."""


@dataclass(frozen=True)
class Profile:
    """One box model, validated. Build with :func:`load_profile`."""

    name: str
    source: Path
    width: int
    height: int
    refresh_hz: int
    display_aspect: tuple[int, int]
    pixel_aspect: float
    safe_area: SafeArea
    font_scale: float
    max_level: int
    max_red: int
    default_language: str
    theme: Mapping[str, RGB]
    input: InputTiming
    remotes: Mapping[str, Keymap]
    description: str = ""
    kiosk: KioskDefaults = KioskDefaults()

    def __hash__(self) -> int:  # the mapping fields cannot be hashed; these identify a profile
        return hash((self.name, self.source, self.width, self.height, self.refresh_hz))

    def safe_colour(self, rgb: tuple[int, ...] | list[int]) -> RGB:
        """``rgb`` made broadcast-safe: no channel above ``max_level``, and red above ``max_red``
        only as far as green or blue are as bright (a light grey stays grey, a pure red is tamed).

        >>> p = load_profile("hd-720")
        >>> p.safe_colour((255, 255, 255)), p.safe_colour((255, 0, 0)), p.safe_colour((250, 120, 240))
        ((235, 235, 235), (200, 0, 0), (235, 120, 235))
        """
        return _clamp(rgb, self.max_level, self.max_red)


def _clamp(rgb: tuple[int, ...] | list[int], max_level: int, max_red: int) -> RGB:
    r, g, b = (max(0, min(int(c), max_level)) for c in rgb[:3])
    return (min(r, max(max_red, g, b)), g, b)


# -- finding files ------------------------------------------------------------------------------------


def available_profiles() -> list[str]:
    """The names of the profiles shipped in ``firmware_profiles/``, sorted."""
    return sorted(p.stem for p in PROFILE_DIR.glob("*.yaml"))


def profile_path(name_or_path: str | Path, relative_to: Path | None = None) -> Path:
    """The file a profile name or path stands for (a bare name is looked up next to
    ``relative_to``, then in ``firmware_profiles/``)."""
    text = str(name_or_path)
    if isinstance(name_or_path, Path) or "/" in text or text.endswith((".yaml", ".yml")):
        path = Path(text).expanduser()
        if not path.is_absolute() and relative_to is not None:
            path = relative_to / path
        return path
    for folder in (relative_to, PROFILE_DIR):
        if folder is not None and (folder / f"{text}.yaml").is_file():
            return folder / f"{text}.yaml"
    return PROFILE_DIR / f"{text}.yaml"


# -- YAML with line numbers and no silent duplicate keys ------------------------------------------------


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml when present: 5x faster
    pass


def _construct_mapping(loader: _Loader, node: yaml.MappingNode, deep: bool = False) -> dict:
    seen: dict[Any, int] = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r} (first on line {seen[key] + 1})", key_node.start_mark
            )
        seen[key] = key_node.start_mark.line
    return yaml.SafeLoader.construct_mapping(loader, node, deep)


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def _read_text(path: Path) -> str:
    """The file's text, if it is a regular UTF-8 file of at most :data:`MAX_PROFILE_BYTES`."""
    try:
        if not path.is_file():  # a FIFO or a device would block or never end
            raise ProfileError(path, "(file)", "not a regular file")
        with path.open("rb") as handle:
            raw = handle.read(MAX_PROFILE_BYTES + 1)
    except FileNotFoundError:
        raise ProfileError(path, "(file)", "no such profile file") from None
    except OSError as exc:
        raise ProfileError(path, "(file)", f"cannot read: {exc.strerror or type(exc).__name__}") from None
    if len(raw) > MAX_PROFILE_BYTES:
        raise ProfileError(path, "(file)", f"larger than {MAX_PROFILE_BYTES // 1024} kB")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ProfileError(path, "(file)", f"cannot read: not UTF-8 text (byte {exc.start})") from None


def _bounded_load(text: str, path: Path) -> Any:
    """``yaml.load`` with the limits checked on the parse events and the node graph first."""
    depth = events = 0
    for event in yaml.parse(text, Loader=_Loader):
        events += 1
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_YAML_DEPTH:
                raise ProfileError(path, _at(event.start_mark), f"nested deeper than {MAX_YAML_DEPTH}")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        if events > 2 * MAX_YAML_NODES:
            raise ProfileError(path, _at(event.start_mark), f"more than {MAX_YAML_NODES} values")
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        # Count nodes as construction would meet them, aliases expanded, stopping at the limit.
        budget, stack = MAX_YAML_NODES, [node]
        while stack:
            current = stack.pop()
            budget -= 1
            if budget < 0:
                where = _at(current.start_mark)
                raise ProfileError(path, where, f"more than {MAX_YAML_NODES} values (aliases)")
            if isinstance(current, yaml.MappingNode):
                stack.extend(part for pair in current.value for part in pair)
            elif isinstance(current, yaml.SequenceNode):
                stack.extend(current.value)
        return loader.construct_document(node)
    finally:
        loader.dispose()


def _at(mark: Any) -> str:
    return f"line {mark.line + 1} column {mark.column + 1}" if mark else "(yaml)"


def _read_yaml(path: Path) -> dict[str, Any]:
    text = _read_text(path)
    try:
        data = _bounded_load(text, path)
    except (ValueError, OverflowError, RecursionError, TypeError) as exc:
        # A value the constructors cannot hold (a 5,000-digit number, an unhashable key).
        raise ProfileError(path, "(yaml)", f"unusable value ({type(exc).__name__})") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1} column {mark.column + 1}" if mark else "(yaml)"
        problem = " ".join(str(exc.problem or exc.context or "invalid YAML").split())
        raise ProfileError(path, where, f"YAML: {problem}") from None
    except yaml.YAMLError as exc:
        raise ProfileError(path, "(yaml)", " ".join(str(exc).split())) from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ProfileError(path, "(top)", f"expected a mapping of settings, got {_kind(data)}")
    return data


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"a boolean ({value})"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"{type(value).__name__} {_excerpt(value)}"


# -- extends --------------------------------------------------------------------------------------------


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _without_nulls(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with every ``key: null`` left out (null removes; with nothing to remove, it is
    as if the key were not there)."""
    return {k: _without_nulls(v) if isinstance(v, dict) else v for k, v in data.items() if v is not None}


def _resolve(path: Path) -> dict[str, Any]:
    """The merged document of ``path`` and its ``extends`` ancestors, each file checked on its own.

    Walked as a loop (at most :data:`MAX_EXTENDS` files): a long chain cannot drive recursion.
    ``extends`` names a profile, never a path, looked up beside the file, then in the shipped ones.
    """
    documents: list[dict[str, Any]] = []
    chain: list[Path] = []
    while True:
        real = path.resolve()
        if real in chain:
            cycle = " -> ".join(p.name for p in (*chain[chain.index(real) :], real))
            raise ProfileError(chain[-1], "extends", f"cyclic extends: {cycle}")
        if len(chain) >= MAX_EXTENDS:
            raise ProfileError(chain[0], "extends", f"a chain of more than {MAX_EXTENDS} profiles")
        chain.append(real)
        data = _read_yaml(path)
        _check(data, path, complete=False)
        parent = data.pop("extends", None)
        documents.append(data)
        if parent is None:
            break
        if not isinstance(parent, str) or not _EXTENDS.match(parent.strip()):
            raise ProfileError(
                path, "extends", f"expected a profile name, got {_kind(parent)} (a-z, 0-9, '-', '_'; no path)"
            )
        parent_path = profile_path(parent.strip(), relative_to=path.parent)
        if not parent_path.is_file():
            raise ProfileError(path, "extends", f"no profile {parent.strip()!r}")
        path = parent_path
    merged: dict[str, Any] = {}
    for data in reversed(documents):
        merged = _merge(merged, data)
    return merged


# -- validation -----------------------------------------------------------------------------------------


def _evdev_key_names() -> frozenset[str] | None:
    """Every evdev key and button name. python-evdev's table of names is a plain module, read here
    on its own: importing the package would bring its devices, asyncio and ssl with it (about
    20 ms before the first frame, for a box that may have no remote at all)."""
    import importlib.util

    try:
        package = importlib.util.find_spec("evdev")
    except (ImportError, ValueError):
        package = None
    if package is None:  # not Linux: code names are checked for shape only
        return None
    table = Path(next(iter(package.submodule_search_locations or []), "."), "ecodes.py")
    try:
        spec = importlib.util.spec_from_file_location("_tvgames_evdev_ecodes", table)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        names = module.ecodes
    except (OSError, ImportError, AttributeError, SyntaxError):
        try:  # an evdev whose table is made at import: the package it is
            from evdev import ecodes
        except ImportError:
            return None
        names = ecodes.ecodes
    return frozenset(name for name in names if name.startswith(("KEY_", "BTN_")))


_KEY_NAMES = _evdev_key_names()


def _unknown_keys(mapping: dict, allowed: set[str], file: Path, path: str) -> None:
    for key in mapping:
        if key not in allowed:
            where = f"{path}.{key}" if path else str(key)
            raise ProfileError(file, where, f"unknown key (expected one of: {', '.join(sorted(allowed))})")


def _mapping(value: Any, file: Path, path: str) -> dict:
    if not isinstance(value, dict):
        raise ProfileError(file, path, f"expected a mapping, got {_kind(value)}")
    return value


def _number(value: Any, file: Path, path: str, key: str, integer: bool) -> None:
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or (integer and not isinstance(value, int))
    ):
        raise ProfileError(
            file, path, f"expected {'an integer' if integer else 'a number'}, got {_kind(value)}"
        )
    low, high = _RANGES[key]
    if not low <= value <= high:
        raise ProfileError(file, path, f"{value} is out of range {low:g}..{high:g}")


def _required(mapping: dict, keys: tuple[str, ...] | set[str], file: Path, path: str) -> None:
    for key in sorted(keys) if isinstance(keys, set) else keys:
        if key not in mapping:
            raise ProfileError(file, f"{path}.{key}" if path else key, "missing")


def _parse_aspect(value: Any, file: Path, path: str) -> tuple[int, int]:
    text = str(value).strip() if isinstance(value, str) else None
    match = re.fullmatch(r"(\d+)\s*:\s*(\d+)", text or "")
    aspect = (int(match[1]), int(match[2])) if match else None
    if aspect not in ASPECTS:
        shapes = ", ".join(f'"{w}:{h}"' for w, h in ASPECTS)
        raise ProfileError(file, path, f"expected a TV shape ({shapes}), got {_kind(value)}")
    return aspect


def _parse_colour(value: Any, file: Path, path: str) -> RGB:
    if isinstance(value, str) and _HEX.match(value):
        return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))
    if (
        isinstance(value, list)
        and len(value) == 3
        and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in value)
    ):
        return (value[0], value[1], value[2])
    raise ProfileError(file, path, f"expected [r, g, b] with 0..255 or '#rrggbb', got {_kind(value)}")


def _parse_button(value: Any, file: Path, path: str) -> Button:
    if isinstance(value, str):
        try:
            return Button[value.strip().upper()]
        except KeyError:
            pass
    raise ProfileError(
        file, path, f"unknown button {_excerpt(value)} (expected one of: {', '.join(b.name for b in Button)})"
    )


def _check_remote(name: Any, remote: Any, file: Path, complete: bool) -> None:
    path = f"remotes.{name}"
    if not isinstance(name, str) or not _NAME.match(name):
        raise ProfileError(file, path, "a remote name is lower-case letters, digits, '-' and '_'")
    if remote is None:
        return  # removes an inherited remote
    remote = _mapping(remote, file, path)
    _unknown_keys(remote, _REMOTE, file, path)
    if complete:
        _required(remote, _REMOTE_REQUIRED, file, path)
    if "devices" in remote:
        devices = remote["devices"]
        if (
            not isinstance(devices, list)
            or not devices
            or not all(isinstance(d, str) and d.strip() for d in devices)
        ):
            raise ProfileError(
                file, f"{path}.devices", f"expected a list of device name patterns, got {_kind(devices)}"
            )
    for flag in ("dedupe", "sends_release", "hold_back_menu"):
        if flag in remote and not isinstance(remote[flag], bool):
            raise ProfileError(file, f"{path}.{flag}", f"expected true or false, got {_kind(remote[flag])}")
    for table in ("keys", "stand_ins"):
        if table not in remote:
            continue
        keys = _mapping(remote[table], file, f"{path}.{table}")
        for code, button in keys.items():
            where = f"{path}.{table}.{code}"
            if not isinstance(code, str) or not _CODE.match(code):
                raise ProfileError(file, where, "expected an evdev key name such as KEY_OK")
            if _KEY_NAMES is not None and code not in _KEY_NAMES:
                raise ProfileError(file, where, f"unknown evdev key code {code}")
            if button is not None:
                _parse_button(button, file, where)
        if table == "keys" and complete and not any(b is not None for b in keys.values()):
            raise ProfileError(file, f"{path}.keys", "a remote needs at least one key")


def _check(data: dict[str, Any], file: Path, complete: bool) -> None:
    """Check types, ranges and names of what ``data`` holds; with ``complete``, also that nothing is
    missing and the parts agree (a file on its own may be a partial profile that ``extends``)."""
    _unknown_keys(data, _TOP, file, "")
    if complete:
        _required(data, _TOP_REQUIRED, file, "")
    if "description" in data and not isinstance(data["description"], str):
        raise ProfileError(file, "description", f"expected text, got {_kind(data['description'])}")
    if "language" in data and data["language"] not in LANGUAGES:
        raise ProfileError(
            file, "language", f"expected one of {', '.join(LANGUAGES)}, got {_kind(data['language'])}"
        )

    display = _mapping(data.get("display", {}), file, "display")
    _unknown_keys(display, _DISPLAY, file, "display")
    if complete:
        _required(display, _DISPLAY, file, "display")
    for key in ("width", "height", "refresh_hz", "font_scale"):
        if key in display:
            _number(display[key], file, f"display.{key}", key, integer=key != "font_scale")
    if "aspect" in display:
        _parse_aspect(display["aspect"], file, "display.aspect")
    if "safe_area" in display:
        safe = _mapping(display["safe_area"], file, "display.safe_area")
        _unknown_keys(safe, set(_SAFE), file, "display.safe_area")
        if complete:
            _required(safe, _SAFE, file, "display.safe_area")
        for side, margin in safe.items():
            if isinstance(margin, bool) or not isinstance(margin, int) or margin < 0:
                raise ProfileError(
                    file,
                    f"display.safe_area.{side}",
                    f"expected pixels (an integer >= 0), got {_kind(margin)}",
                )
        if complete:
            if safe["left"] + safe["right"] > display["width"] // 2:
                raise ProfileError(file, "display.safe_area", "left + right margins take over half the width")
            if safe["top"] + safe["bottom"] > display["height"] // 2:
                raise ProfileError(
                    file, "display.safe_area", "top + bottom margins take over half the height"
                )

    colour = _mapping(data.get("colour", {}), file, "colour")
    _unknown_keys(colour, _COLOUR, file, "colour")
    if complete:
        _required(colour, _COLOUR, file, "colour")
    for key in ("max_level", "max_red"):
        if key in colour:
            _number(colour[key], file, f"colour.{key}", key, integer=True)
    if complete and colour["max_red"] > colour["max_level"]:
        raise ProfileError(
            file, "colour.max_red", f"{colour['max_red']} is above max_level {colour['max_level']}"
        )
    if "theme" in colour:
        theme = _mapping(colour["theme"], file, "colour.theme")
        for key, value in theme.items():
            if not isinstance(key, str) or not _COLOUR_NAME.match(key):
                raise ProfileError(
                    file, f"colour.theme.{key}", "a colour name is lower_case_with_underscores"
                )
            if value is not None:
                _parse_colour(value, file, f"colour.theme.{key}")

    timing = _mapping(data.get("input", {}), file, "input")
    timing_fields = {f.name: f for f in fields(InputTiming)}
    _unknown_keys(timing, set(timing_fields), file, "input")
    for key, value in timing.items():
        _number(value, file, f"input.{key}", key, integer=timing_fields[key].type == "int")

    remotes = _mapping(data.get("remotes", {}), file, "remotes")
    for name, remote in remotes.items():
        _check_remote(name, remote, file, complete)
    if complete and not remotes:
        raise ProfileError(file, "remotes", "a profile needs at least one remote")

    kiosk = _mapping(data.get("kiosk", {}), file, "kiosk")
    _unknown_keys(kiosk, _KIOSK, file, "kiosk")
    if "enabled" in kiosk and not isinstance(kiosk["enabled"], bool):
        raise ProfileError(file, "kiosk.enabled", f"expected true or false, got {_kind(kiosk['enabled'])}")
    for key in ("attract_after_min", "idle_game_min"):
        if key in kiosk:
            _number(kiosk[key], file, f"kiosk.{key}", key, integer=False)


# -- building -------------------------------------------------------------------------------------------


def _build(data: dict[str, Any], path: Path) -> Profile:
    display, colour = data["display"], data["colour"]
    width, height = display["width"], display["height"]
    aspect = _parse_aspect(display["aspect"], path, "display.aspect")
    remotes = {
        name: Keymap(
            name=name,
            codes={code: _parse_button(b, path, name) for code, b in remote["keys"].items() if b is not None},
            devices=tuple(remote["devices"]),
            dedupe=remote.get("dedupe", True),
            sends_release=remote.get("sends_release", True),
            stand_ins={
                code: _parse_button(b, path, name)
                for code, b in (remote.get("stand_ins") or {}).items()
                if b is not None
            },
            hold_back_menu=remote.get("hold_back_menu", False),
        )
        for name, remote in data["remotes"].items()
    }
    max_level, max_red = colour["max_level"], colour["max_red"]
    theme = {
        key: _clamp(_parse_colour(value, path, key), max_level, max_red)
        for key, value in colour.get("theme", {}).items()
        if value is not None
    }
    timing = InputTiming(**data["input"])
    return Profile(
        name=path.stem,
        source=path,
        width=width,
        height=height,
        refresh_hz=display["refresh_hz"],
        display_aspect=aspect,
        pixel_aspect=(aspect[0] * height) / (aspect[1] * width),
        safe_area=SafeArea(**{side: display["safe_area"][side] for side in _SAFE}),
        font_scale=float(display["font_scale"]),
        max_level=max_level,
        max_red=max_red,
        default_language=data["language"],
        theme=MappingProxyType(theme),
        input=timing,
        remotes=MappingProxyType(remotes),
        description=data.get("description", ""),
        kiosk=_kiosk_defaults(data.get("kiosk", {})),
    )


def _kiosk_defaults(kiosk: dict[str, Any]) -> KioskDefaults:
    timings = {key: float(kiosk[key]) for key in ("attract_after_min", "idle_game_min") if key in kiosk}
    return KioskDefaults(enabled=kiosk.get("enabled", False), **timings)


def load_profile(name_or_path: str | Path = DEFAULT_PROFILE) -> Profile:
    """The profile called ``name_or_path`` (``firmware_profiles/<name>.yaml``) or in that file,
    with its ``extends`` chain merged and everything validated.

    >>> p = load_profile("sd-pal")
    >>> (p.width, p.height, p.refresh_hz, p.display_aspect, round(p.pixel_aspect, 4))
    (720, 576, 50, (4, 3), 1.0667)
    """
    path = profile_path(name_or_path)
    if not path.is_file():
        known = ", ".join(available_profiles()) or "none"
        raise ProfileError(path, "(file)", f"no such profile (shipped profiles: {known})")
    data = _without_nulls(_resolve(path))
    _check(data, path, complete=True)
    return _build(data, path)


_BUILTIN_KEYS = {
    **{f"KEY_{n}": f"DIGIT_{n}" for n in range(10)},
    **{f"KEY_KP{n}": f"DIGIT_{n}" for n in range(10)},
    "KEY_UP": "UP", "KEY_DOWN": "DOWN", "KEY_LEFT": "LEFT", "KEY_RIGHT": "RIGHT",
    "KEY_ENTER": "SELECT", "KEY_KPENTER": "SELECT", "KEY_BACKSPACE": "BACK", "KEY_ESC": "BACK",
    "KEY_M": "MENU", "KEY_I": "INFO", "KEY_SPACE": "PLAY_PAUSE", "KEY_F1": "RED", "KEY_F2": "GREEN",
    "KEY_F3": "YELLOW", "KEY_F4": "BLUE", "KEY_PAGEUP": "CHANNEL_UP", "KEY_PAGEDOWN": "CHANNEL_DOWN",
}  # fmt: skip
BUILTIN_PROFILE: dict[str, Any] = {
    "description": "built-in HD 1280x720 at 60 Hz (used when no profile file can be loaded)",
    "display": {
        "width": 1280, "height": 720, "refresh_hz": 60, "aspect": "16:9", "font_scale": 1.0,
        "safe_area": {"top": 36, "right": 64, "bottom": 36, "left": 64},
    },
    "colour": {"max_level": 235, "max_red": 200, "theme": {}},
    "language": "en",
    "input": {
        "repeat_delay_ms": 500, "repeat_rate_hz": 8, "dedupe_window_ms": 120,
        "release_timeout_ms": 200, "long_press_ms": 600,
    },
    "remotes": {"keyboard": {"devices": ["*"], "dedupe": False, "keys": _BUILTIN_KEYS}},
}  # fmt: skip
"""The hd-720 box with the default theme and a keyboard, in code: no file can take it away."""


def builtin_profile() -> Profile:
    """The fallback profile, checked like a file (``source`` names it ``hd-720``)."""
    source = PROFILE_DIR / f"{DEFAULT_PROFILE}.yaml"
    _check(BUILTIN_PROFILE, source, complete=True)
    return _build(BUILTIN_PROFILE, source)


def load_profile_or_fallback(name: str | None) -> tuple[Profile, str | None]:
    """The profile called ``name``, else the shipped default, else :func:`builtin_profile`.

    Returns the profile and, when it is not the one asked for, the reason (one line) for a notice.
    """
    reason = None
    for candidate in dict.fromkeys(n for n in (name, DEFAULT_PROFILE) if n):
        try:
            return load_profile(candidate), reason
        except ProfileError as exc:
            reason = reason or str(exc)
    return builtin_profile(), reason
