"""`tvgames keys`: see what the box makes of a remote, record it, or replay a recording.

Live (like evtest): list the input devices, then print each press as its button until Ctrl-C;
``--record FILE`` also writes the raw events as text. ``--replay FILE`` feeds a recording through
the same pipeline and prints one button event per line (JSON lines with ``--json``).
``--keymap FILE.toml`` replays every key of a kernel IR keymap (ir-keytable's format), pressed
short and then held, as a gpio-ir receiver would deliver them. Each run ends with which of the
keys the games need the remote gives, which stand in for missing ones and which are missing.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import logging
import sys
import time
from pathlib import Path
from typing import IO


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "keys",
        help="show remote presses as buttons; record or replay a log",
        description="List the input devices, then show each press as its button until Ctrl-C. "
        "Logs are text, one event per line: '<seconds> <type> <code> <value>' with evdev names "
        "(0.250 EV_KEY KEY_OK 1), plus '# device NAME', '# unplug' and '# plug' lines. "
        "See docs/remote.md.",
    )
    p.add_argument("--profile", help="firmware profile (name or file) whose keymaps to use")
    p.add_argument("--remote", help="read every device with this remote's keymap")
    p.add_argument("--record", metavar="FILE", help="also write the raw events to FILE")
    p.add_argument("--replay", metavar="FILE", help="feed a recorded log through the pipeline")
    p.add_argument(
        "--keymap",
        metavar="TOML",
        help="replay every key of a kernel IR keymap (/lib/udev/rc_keymaps/*.toml) short and held",
    )
    p.add_argument(
        "--summary", action="store_true", help="print only which game keys the remote gives and lacks"
    )
    p.add_argument("--json", action="store_true", help="print JSON lines instead of a table")
    p.add_argument("--seconds", type=float, help="stop a live session after this long")
    p.add_argument("--no-grab", action="store_true", help="do not grab remotes (others see them too)")
    p.set_defaults(func=run)


def _default_profile() -> str:
    """``rpi`` on a Raspberry Pi, else the default profile."""
    from app.profiles import DEFAULT_PROFILE

    try:
        model = Path("/proc/device-tree/model").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return DEFAULT_PROFILE
    return "rpi" if "Raspberry Pi" in model else DEFAULT_PROFILE


def _keymaps(args: argparse.Namespace):  # noqa: ANN202 - (profile, keymaps), imported lazily
    from app.cli import UserError
    from app.profiles import ProfileError, load_profile

    try:
        profile = load_profile(args.profile or _default_profile())
    except ProfileError as exc:
        raise UserError(str(exc)) from None
    keymaps = dict(profile.remotes)
    if args.remote:
        if args.remote not in keymaps:
            known = ", ".join(keymaps)
            raise UserError(f"profile {profile.name} has no remote {args.remote!r} (it has: {known})")
        keymaps = {args.remote: dataclasses.replace(keymaps[args.remote], devices=("*",))}
    return profile, keymaps


def format_event(event, as_json: bool) -> str:  # noqa: ANN001 - remote.buttons.ButtonEvent
    """One output line for a button event."""
    if as_json:
        record = {
            "time": round(event.time, 3),
            "button": event.button.value,
            "kind": event.kind.value,
            "long_press": event.long_press,
        }
        return json.dumps(record)
    long = "  long" if event.long_press else ""
    return f"{event.time:9.3f}  {event.button.value:<13} {event.kind.value:<8}{event.source}{long}"


def run(args: argparse.Namespace) -> int:
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.WARNING, format="tvgames: %(message)s", stream=sys.stderr)
    from app.cli import UserError

    given = [f"--{name}" for name in ("record", "replay", "keymap") if getattr(args, name)]
    if len(given) > 1:
        raise UserError(f"{' and '.join(given)} do not go together")
    profile, keymaps = _keymaps(args)
    if args.replay or args.keymap:
        events = _keymap_log(Path(args.keymap)) if args.keymap else _read(Path(args.replay))
        pipeline_log = logging.getLogger("remote.pipeline")
        level = pipeline_log.level
        if args.summary:  # only the summary: the keys the games do not use need no warning each
            pipeline_log.setLevel(logging.ERROR)
        try:
            return _replay(events, profile, keymaps, args.json, args.summary)
        finally:
            pipeline_log.setLevel(level)
    return _live(args, profile, keymaps)


def _read(path: Path) -> list:
    from app.cli import UserError
    from remote.sources import LogFormatError, read_log

    try:
        return read_log(path)
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (LogFormatError, UnicodeDecodeError) as exc:
        raise UserError(str(exc)) from None


def _replay(events: list, profile, keymaps, as_json: bool, summary_only: bool) -> int:  # noqa: ANN001
    from remote.replay import replay_with_pipeline

    out, pipeline = replay_with_pipeline(events, profile.input, keymaps)
    if not summary_only:
        for event in out:
            print(format_event(event, as_json))
    if summary_only or not as_json:
        print(format_summary(summarise(out, pipeline.notices), as_json))
    return 0


# -- which game keys a remote gives ------------------------------------------------------------------

GAME_KEYS = (
    "DIGIT_2",
    "DIGIT_3",
    "DIGIT_4",
    "DIGIT_5",
    "SELECT",
    "UP",
    "DOWN",
    "LEFT",
    "RIGHT",
    "BACK",
    "MENU",
)
"""The buttons every game needs: roll, end turn, undo, odds, choose, the arrows, back and the menu."""


def summarise(events: list, notices: list) -> dict:  # noqa: ANN001 - ButtonEvents, pipeline notices
    """Which game keys the button events gave, which keys stood in for missing ones, which lacked."""
    given = {e.button.value for e in events if e.kind.value == "PRESS"}
    stand_ins: dict[str, list[str]] = {}
    for _, standing in notices:
        for button, codes in standing.items():
            stand_ins.setdefault(button.value, []).extend(
                c for c in codes if c not in stand_ins.get(button.value, [])
            )
    return {
        "given": [k for k in GAME_KEYS if k in given],
        "missing": [k for k in GAME_KEYS if k not in given],
        "stand_ins": {k: v for k, v in stand_ins.items() if k in given},
    }


def device_summary(keymap, keys: frozenset[str]) -> dict:  # noqa: ANN001 - remote.keymap.Keymap
    """What a device can give, from the key codes it has (before any press)."""
    reading = keymap.for_device(keys)
    given = {b.value for b in reading.buttons(keys)}
    standing = {b.value: codes for b, codes in keymap.standing_in(keys).items()}
    if reading.hold_back_menu:
        given.add("MENU")
        standing["MENU"] = ["BACK"]
    return {
        "given": [k for k in GAME_KEYS if k in given],
        "missing": [k for k in GAME_KEYS if k not in given],
        "stand_ins": standing,
    }


def format_summary(summary: dict, as_json: bool) -> str:
    """The summary as one JSON line, or as a few lines for a person."""
    if as_json:
        return json.dumps({"summary": summary})
    lines = [
        f"Game keys given ({len(summary['given'])} of {len(GAME_KEYS)}): {' '.join(summary['given']) or '-'}"
    ]
    for button, codes in summary["stand_ins"].items():
        names = "held BACK" if codes == ["BACK"] else " or ".join(codes)
        lines.append(f"  {button} from {names} (this remote has no key of its own for it)")
    if summary["missing"]:
        lines.append(f"Missing: {' '.join(summary['missing'])} (teach them: Settings -> Set up your remote)")
    return "\n".join(lines)


MAX_KEYMAP_BYTES = 256 * 1024
MAX_KEYMAP_KEYS = 1000


def _keymap_log(path: Path) -> list:
    """A replay of a kernel keymap: its keys listed (``# keys``), then each pressed short and held.

    Short: a press and a release 0.1 s later. Held: a press, the kernel's autorepeats every
    0.125 s from 0.5 s, and a release at 1.2 s, as gpio-ir delivers a held button.
    """
    import tomllib

    from app.cli import UserError
    from remote.sources import DEVICE_KEYS, RawEvent

    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_KEYMAP_BYTES + 1)
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(raw) > MAX_KEYMAP_BYTES:
        raise UserError(f"{path}: larger than {MAX_KEYMAP_BYTES // 1024} KB, not a keymap")
    try:
        document = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UserError(f"{path}: not a TOML keymap ({exc})") from None
    names: list[str] = []
    protocols = document.get("protocols")
    for protocol in protocols if isinstance(protocols, list) else []:
        scancodes = protocol.get("scancodes") if isinstance(protocol, dict) else None
        for name in (scancodes or {}).values() if isinstance(scancodes, dict) else ():
            if isinstance(name, str) and name.startswith(("KEY_", "BTN_")) and name not in names:
                names.append(name)
    if not names or len(names) > MAX_KEYMAP_KEYS:
        raise UserError(f"{path}: expected [[protocols]] with 1 to {MAX_KEYMAP_KEYS} key names in scancodes")
    device = "gpio_ir_recv"
    events = [RawEvent(0.0, DEVICE_KEYS, " ".join(sorted(names)), 0, device)]
    t = 1.0
    for name in names:
        events += [RawEvent(t, "EV_KEY", name, 1, device), RawEvent(t + 0.1, "EV_KEY", name, 0, device)]
        t += 1.0
        events.append(RawEvent(t, "EV_KEY", name, 1, device))
        events += [RawEvent(t + 0.5 + 0.125 * k, "EV_KEY", name, 2, device) for k in range(6)]
        events.append(RawEvent(t + 1.2, "EV_KEY", name, 0, device))
        t += 2.0
    return events


class Tap:
    """Wraps a source: writes every raw event it delivers to the record file (if any) and
    announces devices coming and going (if ``announce``)."""

    def __init__(  # noqa: ANN001 - a remote source
        self, source, start: float, record: IO[str] | None, announce: IO[str] | None, first: list = ()
    ) -> None:
        from remote.sources import format_event

        self._format = format_event
        self.source, self.start, self.record, self.announce = source, start, record, announce
        self._first = list(first)  # events the source gave before this tap: handed on at the first read
        self._device: str | None = None
        self._protocols: dict[str, str] = {}

    def read(self, now: float) -> list:
        events, self._first = self._first + self.source.read(now), []
        for event in events:
            shifted = dataclasses.replace(event, time=max(0.0, event.time - self.start))
            if self.announce is not None and event.type in ("PLUG", "UNPLUG"):
                what = "plugged in" if event.type == "PLUG" else "unplugged"
                print(f"{shifted.time:9.3f}  -- {event.device} {what}", file=self.announce, flush=True)
            if self.record is None:
                continue
            if event.device != self._device and event.type not in ("PLUG", "UNPLUG"):
                self.record.write(f"# device {event.device}\n")
                self._device = event.device
            if event.protocol and event.protocol != self._protocols.get(event.device):
                self.record.write(f"# protocol {event.protocol}\n")
                self._protocols[event.device] = event.protocol
            self.record.write(self._format(shifted) + "\n")
        if events and self.record is not None:
            self.record.flush()
        return events

    def close(self) -> None:
        self.source.close()


def _live(args: argparse.Namespace, profile, keymaps) -> int:  # noqa: ANN001
    from app.cli import UserError
    from remote.pipeline import InputPipeline

    try:
        from remote.evdev_source import EvdevSource
    except ImportError as exc:
        raise UserError(f"reading remotes needs python-evdev on Linux ({exc})") from None
    try:
        # Keyboards are read but never grabbed: Ctrl-C must still reach this terminal.
        source = EvdevSource(keymaps, grab=not args.no_grab, include_keyboards=True, grab_keyboards=False)
    except ImportError as exc:
        raise UserError(f"reading remotes needs python-evdev on Linux ({exc})") from None
    start = time.monotonic()
    # the keys each device has: the pipeline's stand-ins and the recording need them
    device_keys = [e for e in source.scan(start) if e.type == "KEYS"]
    devices = source.devices()
    if not devices:
        source.close()
        raise UserError(
            "no input devices found (is /dev/input there and readable? see docs/remote.md on the input group)"
        )
    record: IO[str] | None = None
    if args.record:
        try:
            record = open(args.record, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as exc:
            source.close()
            raise UserError(f"cannot write {args.record}: {exc.strerror or exc}") from None
        record.write(f"# tvgames keys --record, profile {profile.name}\n")
        for info in devices:
            record.write(f"# {info.path}: {info.name} (remote {info.remote})\n")
    out = sys.stdout
    reader = Tap(source, start, record, None if args.json else out, device_keys)
    if not args.json:
        print(f"Input devices (profile {profile.name}):", file=out)
        for info in devices:
            grabbed = ", grabbed" if info.grabbed else ""
            print(f"  {info.path:<20} {info.name:<32} remote {info.remote}{grabbed}", file=out)
            summary = device_summary(keymaps[info.remote], info.keys)
            print("    " + format_summary(summary, False).replace("\n", "\n    "), file=out)
        print("Press keys on the remote (Ctrl-C to stop).", file=out, flush=True)
    pipeline = InputPipeline(profile.input, keymaps, [reader])
    first_press: dict = {}  # button -> its first press: what the session showed the remote gives
    try:
        while args.seconds is None or time.monotonic() - start < args.seconds:
            for event in pipeline.poll(time.monotonic()):
                shifted = dataclasses.replace(event, time=event.time - start)
                print(format_event(shifted, args.json), file=out, flush=True)
                if event.kind.value == "PRESS":
                    first_press.setdefault(event.button, event)
            due = pipeline.next_deadline()
            wait = 0.01 if due is None else max(0.0, min(0.01, due - time.monotonic()))
            time.sleep(wait)
    except KeyboardInterrupt:
        pass
    finally:
        pipeline.close()
        if record is not None:
            record.close()
    if not args.json:
        print(format_summary(summarise(list(first_press.values()), pipeline.notices), False), file=out)
    return 0
