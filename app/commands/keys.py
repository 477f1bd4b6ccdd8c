"""`tvgames keys`: see what the box makes of a remote, record it, or replay a recording.

Live (like evtest): list the input devices, then print each press as its button until Ctrl-C;
``--record FILE`` also writes the raw events as text. ``--replay FILE`` feeds a recording through
the same pipeline and prints one button event per line (JSON lines with ``--json``).
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
    if args.replay and args.record:
        from app.cli import UserError

        raise UserError("--record and --replay do not go together")
    profile, keymaps = _keymaps(args)
    if args.replay:
        return _replay(Path(args.replay), profile, keymaps, args.json)
    return _live(args, profile, keymaps)


def _replay(path: Path, profile, keymaps, as_json: bool) -> int:  # noqa: ANN001
    from app.cli import UserError
    from remote.replay import replay
    from remote.sources import LogFormatError, read_log

    try:
        events = read_log(path)
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (LogFormatError, UnicodeDecodeError) as exc:
        raise UserError(str(exc)) from None
    for event in replay(events, profile.input, keymaps):
        print(format_event(event, as_json))
    return 0


class _Tap:
    """Wraps a source: writes every raw event it delivers to the record file (if any) and
    announces devices coming and going (if ``announce``)."""

    def __init__(self, source, start: float, record: IO[str] | None, announce: IO[str] | None) -> None:  # noqa: ANN001
        from remote.sources import format_event

        self._format = format_event
        self.source, self.start, self.record, self.announce = source, start, record, announce
        self._device: str | None = None

    def read(self, now: float) -> list:
        events = self.source.read(now)
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
    source.scan(start)
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
    reader = _Tap(source, start, record, None if args.json else out)
    if not args.json:
        print(f"Input devices (profile {profile.name}):", file=out)
        for info in devices:
            grabbed = ", grabbed" if info.grabbed else ""
            print(f"  {info.path:<20} {info.name:<32} remote {info.remote}{grabbed}", file=out)
        print("Press keys on the remote (Ctrl-C to stop).", file=out, flush=True)
    pipeline = InputPipeline(profile.input, keymaps, [reader])
    try:
        while args.seconds is None or time.monotonic() - start < args.seconds:
            for event in pipeline.poll(time.monotonic()):
                shifted = dataclasses.replace(event, time=event.time - start)
                print(format_event(shifted, args.json), file=out, flush=True)
            due = pipeline.next_deadline()
            wait = 0.01 if due is None else max(0.0, min(0.01, due - time.monotonic()))
            time.sleep(wait)
    except KeyboardInterrupt:
        pass
    finally:
        pipeline.close()
        if record is not None:
            record.close()
    return 0
