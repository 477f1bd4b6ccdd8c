"""`tvgames run` (the default command): the box, on the home screen."""

from __future__ import annotations

import argparse
from typing import NoReturn


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("run", help="start the console on the home screen (the default)")
    p.add_argument("--profile", help="firmware profile name or YAML file (default: the saved setting)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--windowed", dest="mode", action="store_const", const="window", help="run in a window")
    mode.add_argument(
        "--fullscreen",
        dest="mode",
        action="store_const",
        const="fullscreen",
        help="run full screen (the default on a console without X or Wayland)",
    )
    p.add_argument("--lang", choices=("en", "fa"), help="language for this run (default: the saved setting)")
    p.add_argument("--seed", type=int, default=None, help="seed the dice (a replayable session)")
    p.add_argument("--no-remote", action="store_true", help="keyboard only: do not open /dev/input devices")
    p.add_argument(
        "--kiosk", action="store_true", help="kiosk mode: no settings, quitting or deleting without the PIN"
    )
    p.add_argument(
        "--keys", help="press these keys after start-up, e.g. 'SELECT,2:hold=500' (a demonstration)"
    )
    p.add_argument("--exit-after-first-frame", action="store_true", help=argparse.SUPPRESS)
    # for `tvgames bench`: the real program on a named scene or playing its demos, saying on
    # stdout when its first frame is shown
    p.add_argument("--scene", help=argparse.SUPPRESS)
    p.add_argument("--demo", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--report-first-frame", action="store_true", help=argparse.SUPPRESS)
    p.set_defaults(func=run, mode=None)


HEAVY_MODULES = ("numpy", "evdev", "asyncio", "ssl")
"""Modules the first frame should not wait for (numpy: tens of ms; the whole evdev package brings
asyncio and ssl): the first-frame report names those loaded by then."""
BENCH_RUN_ON_S = 1.0
"""With --exit-after-first-frame: how long the app keeps running (sound set up, idle) before exiting."""


def peak_rss_kb() -> int:
    """This process's peak resident memory in KiB (VmHWM: unlike ru_maxrss, not inherited across exec)."""
    import resource

    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def default_mode(env) -> str:
    """Full screen on a console (no X or Wayland), a window on a desktop."""
    from app.display import choose_video_driver

    return "fullscreen" if choose_video_driver(env) == "kmsdrm" else "window"


def run(args: argparse.Namespace) -> int:
    import json
    import os
    import sys
    import time

    from app.cli import UserError

    started = time.monotonic()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from app.app import App
    from app.boot import BootError, prepare
    from app.display import DisplayError
    from app.screens.home import HomeScreen

    try:  # the saved settings and profile, read once: their notices reach the TV
        boot = prepare(args.data_dir, args.profile)
    except BootError as exc:
        raise UserError(str(exc)) from exc
    profile = boot.profile
    mode = args.mode or default_mode(os.environ)
    late_sources = None
    if not args.no_remote and not args.exit_after_first_frame:
        late_sources = lambda: _remote_sources(profile, kms=mode == "fullscreen")  # noqa: E731
    try:
        app = App(
            profile,
            display_mode=mode,
            lang=args.lang,
            seed=args.seed,
            storage=boot.storage,
            settings=boot.settings,
        )
    except DisplayError as exc:
        raise UserError(str(exc)) from exc
    keys = args.keys
    if args.scene:
        from app import scenes

        try:
            keys = scenes.build_scene(app, args.scene).keys or keys
        except KeyError as exc:
            raise UserError(exc.args[0]) from None
    else:
        app.push(HomeScreen())
    # a key script (a demonstration) plays the game its presses describe: no guided first turn
    app.guides = not keys
    from app.kiosk import set_up_box

    set_up_box(app, kiosk=args.kiosk, keys=keys, cec=not args.exit_after_first_frame, demo=args.demo)

    def report() -> None:
        top = type(app.top).__name__ if app.top is not None else None
        first = {"first_frame_s": time.monotonic() - started, "screen": top, "toast": app.toast_message}
        first["heavy_modules"] = sorted(m for m in HEAVY_MODULES if m in sys.modules)
        # the CPU the process spent to get here, interpreter start included: on a busy machine
        # the wall time above also counts the time others had the cores
        first["first_frame_cpu_s"] = sum(os.times()[:2])
        print(json.dumps(first), flush=True)
        if args.exit_after_first_frame:
            import threading

            threading.Timer(BENCH_RUN_ON_S, lambda: setattr(app, "running", False)).start()

    if args.report_first_frame:  # `tvgames bench` asks how many frames were drawn (SIGUSR1)
        import signal

        signal.signal(
            signal.SIGUSR1,
            lambda *_: print(json.dumps({"frames": app.frames, "t": time.monotonic()}), flush=True),
        )
    if args.exit_after_first_frame:  # for `tvgames bench`: time to the first frame, then memory
        app.run(on_first_frame=report)
        print(json.dumps({"peak_rss_kb": peak_rss_kb()}), flush=True)
    else:
        from app.appliance import stopping_gently

        stopped: list[int] = []

        def stop(signum: int) -> None:  # a signal handler: the loop finishes its frame, then saves
            stopped.append(signum)
            app.running = False

        def phones() -> list:  # after the first frame, like the remotes: the home screen comes first
            from app.phones.service import follow_setting

            follow_setting(app)
            return late_sources() if late_sources is not None else []

        with stopping_gently(stop):  # a second signal while saving must not cut the save short
            app.run(late_sources=phones, on_first_frame=report if args.report_first_frame else None)
            if stopped:
                _stop(app, stopped[0])
    app.close()
    return 0


def _stop(app, signum: int) -> NoReturn:
    """SIGTERM or SIGINT: save the game in progress as MENU -> Save and quit does, then exit 0 at
    once (a computer's thinking or a table build in the background must not hold up the stop)."""
    import logging
    import os
    import sys

    from app.appliance import save_game_in_progress
    from app.cli import signal_name

    app.notifier.stopping()
    saved = save_game_in_progress(app)
    print(
        f"tvgames: stopped by {signal_name(signum)}; game {'saved' if saved else 'none to save'}",
        file=sys.stderr,
    )
    app.close()
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def _remote_sources(profile, kms: bool) -> list:
    """The profile's remotes read from /dev/input (none where evdev is missing: the keyboard works).

    On a console (KMS) the keyboards are read there too, grabbed so SDL does not see them twice;
    under X or Wayland the window reads the keyboard.
    """
    import logging

    try:
        import evdev  # noqa: F401

        from remote.evdev_source import EvdevSource
    except ImportError as exc:
        logging.getLogger(__name__).info("no evdev remote support: %s", exc)
        return []
    return [EvdevSource(profile.remotes, include_keyboards=kms)]
