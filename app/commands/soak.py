"""`tvgames soak`: the attract loop for hours on end, watched for exceptions and leaks.

With ``--fake-clock`` the app runs offscreen on a fake clock as fast as the machine allows: the
clock jumps to the next thing due while nothing moves (as the real loop sleeps) and moves on
``--frame-ms`` per frame while something does, so 24 simulated hours take minutes. The computers'
decisions are waited for before fake time moves on (a worker thread is real time). Without it,
the real loop (``App.run``) runs in a window for the wall-clock hours, and the CPU it used is
reported apart for the idle home screen and for the demos.

Reported: exceptions (each caught, the box sent home, the run going on), demo games started and
played to the end per kind, games saved because nobody played them, RSS at every hour, peak and
final, open file descriptors and threads at the start, once the app is up and at the end, and
the machine's load average at the start and the end (beside the wall time).

With ``--presses N`` it is a different run: N random remote presses from the home screen (every
button, now and then held, with random gaps), so every screen and every game is reached and
left again and again, on a fake clock, with the computers' decisions waited for. RSS is reported
every ``--every`` presses (10,000 by default), with the peak and the growth over the last half.
``--kiosk`` runs it in kiosk mode (a PIN is set; random digits meet the PIN pad).
"""

from __future__ import annotations

import argparse
from typing import Any

HOUR_S = 3600.0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("soak", help="run the attract loop for hours: exceptions, games played, memory, fds")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--hours", type=float, help="how long (simulated with --fake-clock)")
    what.add_argument("--presses", type=int, help="random remote presses over every screen, instead")
    p.add_argument("--every", type=int, default=10_000, help="with --presses: RSS every this many")
    p.add_argument("--kiosk", action="store_true", help="with --presses: in kiosk mode")
    p.add_argument("--fake-clock", action="store_true", help="simulated time, as fast as the machine allows")
    p.add_argument("--profile", default="sd-pal", help="firmware profile (default: sd-pal)")
    p.add_argument("--frame-ms", type=float, default=250.0, help="fake-clock step while something moves")
    p.add_argument(
        "--attract-after", type=float, default=2.0, metavar="MIN", help="idle minutes before demos"
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the demo games")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=run)


def process_numbers() -> dict[str, float]:
    """This process's resident memory (MB), open file descriptors and threads now."""
    import psutil

    proc = psutil.Process()
    return {"rss_mb": proc.memory_info().rss / 2**20, "fds": proc.num_fds(), "threads": proc.num_threads()}


class Soak:
    """An offscreen app with the attract loop installed, and what has been seen so far."""

    def __init__(self, profile: str, data_dir: str, seed: int, attract_after_s: float, fake: bool) -> None:
        import time

        from app.app import App, FakeClock
        from app.attract import Attract
        from app.profiles import load_profile
        from app.screens.home import HomeScreen

        self.clock: Any = FakeClock(0.0) if fake else time.monotonic
        mode = "offscreen" if fake else "window"
        self.app = App(
            load_profile(profile),
            display_mode=mode,
            lang="en",
            data_dir=data_dir,
            clock=self.clock,
            seed=seed,
        )
        self.app.running = True
        self.app.push(HomeScreen())
        self.attract = Attract(self.app, attract_after_s=attract_after_s).install()
        self.exceptions: list[str] = []

    def step(self) -> None:
        """One turn of the loop; an exception is counted and the box goes home (as a restart would)."""
        try:
            self.app.step()
        except Exception as exc:  # noqa: BLE001 - the soak's job is to count them and carry on
            import logging
            import traceback

            logging.getLogger(__name__).error("soak: %s", traceback.format_exc())
            self.exceptions.append(f"{type(exc).__name__}: {exc}")
            self.attract.stop()

    def run_fake(self, seconds: float, frame_s: float, on_hour=None) -> None:
        """Run ``seconds`` of fake time: frame by frame while something moves, else to the next wake."""
        app, clock = self.app, self.clock
        end = clock.now + seconds
        next_hour = clock.now + HOUR_S
        while clock.now < end:
            for screen in app.stack:  # the computers' thinking takes no fake time
                settle = getattr(screen, "settle", None)
                if settle is not None:
                    settle()
            dt = frame_s if app.ticking else max(app.next_wake(clock.now), frame_s)
            clock.advance(min(dt, end - clock.now))
            self.step()
            if on_hour is not None and clock.now >= next_hour:
                on_hour()
                next_hour += HOUR_S

    def close(self) -> None:
        self.app.close()


def run(args: argparse.Namespace) -> int:
    import json
    import os
    import tempfile
    import time

    from app.cli import UserError

    if args.presses is not None:
        return run_presses(args)
    if not args.hours > 0 or not args.frame_ms > 0:
        raise UserError("--hours and --frame-ms must be positive")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if args.fake_clock:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from app.commands.run import peak_rss_kb

    start = process_numbers()
    load_start = os.getloadavg()[0]
    hourly: list[float] = []
    with tempfile.TemporaryDirectory(prefix="tvgames-soak-") as data:
        soak = Soak(args.profile, data, args.seed, args.attract_after * 60, args.fake_clock)
        soak.step()
        up = process_numbers()  # the app up on its home screen: its fonts, display and threads open
        wall0, cpu0 = time.monotonic(), time.process_time()
        cpu = {"idle": 0.0, "demo": 0.0}
        wall = {"idle": 0.0, "demo": 0.0}
        try:
            if args.fake_clock:
                soak.run_fake(
                    args.hours * HOUR_S,
                    args.frame_ms / 1000,
                    lambda: _hour(soak, hourly, wall0),
                )
            else:
                _run_real(soak, args.hours * HOUR_S, cpu, wall, hourly)
        finally:
            soak.close()
        wall_s, cpu_s = time.monotonic() - wall0, time.process_time() - cpu0
        games_dir = os.path.join(data, "saves")
        written = sorted(os.listdir(games_dir)) if os.path.isdir(games_dir) else []
        written += ["highscores.json"] if os.path.exists(os.path.join(data, "highscores.json")) else []
    end = process_numbers()
    attract = soak.attract
    result = {
        "hours": args.hours,
        "fake_clock": args.fake_clock,
        "wall_s": round(wall_s, 1),
        "cpu_s": round(cpu_s, 1),
        "exceptions": len(soak.exceptions),
        "exception_kinds": sorted(set(soak.exceptions))[:10],
        "games_started": dict(sorted(attract.started.items())),
        "games_finished": dict(sorted(attract.finished.items())),
        "files_written_by_demos": written,
        "rss_mb_each_hour": [round(v, 1) for v in hourly],
        "rss_growth_first_to_last_hour_mb": round(hourly[-1] - hourly[0], 2) if len(hourly) > 1 else None,
        "peak_rss_mb": round(peak_rss_kb() / 1024, 1),
        "final_rss_mb": round(end["rss_mb"], 1),
        "fds": {"start": start["fds"], "app_up": up["fds"], "end": end["fds"]},
        "threads": {"start": start["threads"], "app_up": up["threads"], "end": end["threads"]},
        # the machine's 1-minute load: a shared machine stretches the wall time, not the memory
        "load_avg": {"start": round(load_start, 2), "end": round(os.getloadavg()[0], 2)},
    }
    if not args.fake_clock:
        result["cpu_pct"] = {k: round(100 * cpu[k] / wall[k], 2) if wall[k] else None for k in cpu}
    print(json.dumps(result, indent=2) if args.json else _text(result))
    return 1 if soak.exceptions else 0


def _hour(soak: Soak, hourly: list[float], wall0: float) -> None:
    """A simulated hour is over: its RSS, and a line of progress on stderr."""
    import sys
    import time

    hourly.append(process_numbers()["rss_mb"])
    games = sum(soak.attract.started.values())
    print(
        f"soak: hour {len(hourly)}: RSS {hourly[-1]:.1f} MB, {games} demo games, "
        f"{len(soak.exceptions)} exceptions, {time.monotonic() - wall0:.0f} s",
        file=sys.stderr,
        flush=True,
    )


def _run_real(soak: Soak, seconds: float, cpu: dict, wall: dict, hourly: list) -> None:
    """The real loop for ``seconds``, its CPU time split by whether a demo was running."""
    import time

    app = soak.app
    end = time.monotonic() + seconds
    next_hour = time.monotonic() + HOUR_S
    while time.monotonic() < end:
        phase = "demo" if soak.attract.running else "idle"
        c0, w0 = time.process_time(), time.monotonic()
        # in short slices, so each slice is one phase (the demos start or stop between them)
        app.run(until=min(end, w0 + 1.0))
        cpu[phase] += time.process_time() - c0
        wall[phase] += time.monotonic() - w0
        if time.monotonic() >= next_hour:
            hourly.append(process_numbers()["rss_mb"])
            next_hour += HOUR_S


def _text(result: dict) -> str:
    lines = [f"{key}: {value}" for key, value in result.items()]
    return "\n".join(lines)


# -- random presses ------------------------------------------------------------------------------

PRESS_GAPS_MS = (60, 150, 150, 400, 1500)
"""Gaps after a press: mostly a quick hand, now and then a wait that lets the computers play."""
HOLD_MS = (0, 0, 0, 0, 0, 300, 900)
"""How long a press is held: mostly a tap; a hold shakes the dice or repeats a cursor."""
FRAME_S = 0.05
"""Fake time per loop turn while something moves (a coarse frame: the presses are what counts)."""


class PressSoak:
    """An offscreen app on a fake clock, home screen first, fed random presses of every button."""

    def __init__(self, profile: str, data_dir: str, seed: int, kiosk: bool) -> None:
        import random

        from app.app import Headless

        box = Headless(profile, lang="en", data_dir=data_dir, seed=seed)
        box.settle_workers = True
        self.box, self.app, self.clock = box, box.app, box.clock
        self.rng = random.Random(seed)
        self.exceptions: list[str] = []
        if kiosk:
            from app.kiosk import Kiosk, KioskConfig, hash_pin

            config = KioskConfig(enabled=True, pin=hash_pin("2580"))
            self.app.kiosk = Kiosk(self.app, config)
            self.app.kiosk.enter()
            self.app.input_filters.append(self.app.kiosk.filter)

    def _guarded(self, step) -> None:
        try:
            step()
        except Exception as exc:  # noqa: BLE001 - counted, then home, as a restart would
            import logging
            import traceback

            logging.getLogger(__name__).error("soak: %s", traceback.format_exc())
            self.exceptions.append(f"{type(exc).__name__}: {exc}"[:200])
            self.app.go_home()

    def _advance(self, seconds: float) -> None:
        end = self.clock.now + seconds
        while self.clock.now + 1e-9 < end:
            for screen in self.app.stack:  # a computer's thinking takes no fake time
                settle = getattr(screen, "settle", None)
                if settle is not None:
                    settle()
            self.clock.advance(min(FRAME_S, end - self.clock.now))
            self._guarded(self.app.step)

    def press(self) -> None:
        """One random press: any button, held a while or tapped, then a random gap."""
        from remote.buttons import Button

        button = self.rng.choice(list(Button))
        pipeline = self.app.pipeline
        self._guarded(lambda: pipeline.push_key(button, True, self.clock.now, source="soak"))
        self._guarded(self.app.step)
        self._advance(self.rng.choice(HOLD_MS) / 1000)
        self._guarded(lambda: pipeline.push_key(button, False, self.clock.now, source="soak"))
        self._guarded(self.app.step)
        self._advance(self.rng.choice(PRESS_GAPS_MS) / 1000)
        if not self.app.stack:  # nothing left on the stack (a quit): the box starts again at home
            self.app.push(self.app.shell.home())


def run_presses(args: argparse.Namespace) -> int:
    """``tvgames soak --presses N``: the figures as JSON or text; exit 1 if anything raised."""
    import json
    import os
    import sys
    import tempfile
    import time

    from app.cli import UserError

    if not args.presses > 0 or not args.every > 0:
        raise UserError("--presses and --every must be positive")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from app.commands.run import peak_rss_kb

    wall0 = time.monotonic()
    marks: list[tuple[int, float]] = []
    screens: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="tvgames-soak-") as data:
        soak = PressSoak(args.profile, data, args.seed, args.kiosk)
        marks.append((0, process_numbers()["rss_mb"]))
        try:
            for n in range(1, args.presses + 1):
                soak.press()
                top = type(soak.app.stack.top).__name__ if soak.app.stack else "-"
                screens[top] = screens.get(top, 0) + 1
                if n % args.every == 0 or n == args.presses:
                    marks.append((n, process_numbers()["rss_mb"]))
                    print(
                        f"soak: {n} presses: RSS {marks[-1][1]:.1f} MB, {len(soak.exceptions)} exceptions, "
                        f"{time.monotonic() - wall0:.0f} s",
                        file=sys.stderr,
                        flush=True,
                    )
        finally:
            soak.app.close()
    half = args.presses // 2
    later = [rss for n, rss in marks if n >= half]
    result = {
        "presses": args.presses,
        "seed": args.seed,
        "kiosk": args.kiosk,
        "wall_s": round(time.monotonic() - wall0, 1),
        "exceptions": len(soak.exceptions),
        "exception_kinds": sorted(set(soak.exceptions))[:10],
        "rss_mb": {str(n): round(rss, 1) for n, rss in marks},
        "peak_rss_mb": round(peak_rss_kb() / 1024, 1),
        "growth_last_half_mb": round(later[-1] - later[0], 1) if len(later) > 1 else None,
        "screens_on_top": dict(sorted(screens.items(), key=lambda kv: -kv[1])),
    }
    print(json.dumps(result, indent=2) if args.json else _text(result))
    return 1 if soak.exceptions else 0
