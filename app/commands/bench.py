"""`tvgames bench`: how fast the box draws, answers, idles and starts, per screen and profile.

For every scene of :mod:`app.scenes` and each profile:

- render: drawing the whole frame (every visible screen, then ``present``) ``--frames`` times
  (at least 300), offscreen: median and 99th percentile in ms of CPU time (the budget), and the
  wall-time p99 (which on a busy machine includes time the process was not running);
- fade: the frames of a cross-fade onto the scene (``App.TRANSITION_S``, what a key that opens
  the screen starts), from its first frame to its last, fades repeated until ``--frames`` are
  timed: CPU median and p99 of each loop turn that drew (input, update, draw, present); held to
  the render budget too. Not for a modal on top, which never fades;
- press-to-frame: a synthetic press of a button the screen takes (an arrow, else INFO) pushed
  into the input pipeline, then loop turns until a frame is drawn: the wall time in ms and the
  number of frames it took (1 = the very next frame shows it);
- real loop press-to-frame: presses delivered at random moments while ``App.run`` sleeps, by the
  two ways keys reach a box: a source with a wait fd (as an evdev remote delivers them) and a
  desktop window's event queue; ms from each press to the next frame shown: median, p99, max;
- idle: for the scenes where the box waits for a person (:func:`idle_scenes`, or those asked
  for), the real program (``tvgames run`` on SDL's dummy drivers, which take the box's path) left
  alone for ``--idle-seconds``: its CPU in % of one core and its wakes a second, from its own
  counters in /proc (every thread's run time and context switches).

Per profile: start-up (spawn ``tvgames run --profile P`` in a fresh process and time until its
first frame is presented; the median of ``--starts`` runs), the peak RSS of that process, and the
attract demo (``tvgames run`` playing the demos for ``--demo-seconds``: CPU, wakes and frames a
second). Once: the optimal tables' builds (``--tables``: time and peak memory of
``tvgames solve`` in a fresh process and cache). The peak RSS of the bench process itself (every
scene loaded) is reported too.
"""

from __future__ import annotations

import argparse

BUDGETS = {
    "render_p99_ms": {"sd-pal": 4.0, "hd-720": 6.0},
    "press_frames": 1,
    "idle_cpu_pct": 0.10,
    "idle_wakes_per_s": 5.0,
    "demo_cpu_pct": 4.0,
    "first_frame_s": 0.20,
    "rss_mb": 150.0,
}
"""The "done means" numbers of the box issues; render budgets by framebuffer height (576 / 720).
The families' table budgets are on their descriptors (``GameFamily.table_budget``)."""
SHELL_IDLE_SCENES = ("home", "settings")


def idle_scenes() -> tuple[str, ...]:
    """Where the box waits for a person: the home screen, Settings and each family's games."""
    from app.catalog import families

    return SHELL_IDLE_SCENES + tuple(name for family in families() for name in family.idle_scenes)


def table_budgets() -> dict[str, dict[str, float]]:
    """Each family with a table budget: ``{family: {"seconds": ..., "peak_mb": ...}}``."""
    from app.catalog import families

    return {family.name: dict(family.table_budget) for family in families() if family.table_budget}

PRESS_CANDIDATES = ("RIGHT", "DOWN", "LEFT", "UP", "INFO")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="measure render time, press latency, idle CPU, start-up and memory")
    p.add_argument(
        "--profile", action="append", help="profile to bench (repeatable; default: hd-720 and sd-pal)"
    )
    p.add_argument("--scene", action="append", help="scene to bench (repeatable; default: every scene)")
    p.add_argument("--frames", type=int, default=300, help="frames to render per scene (at least 300)")
    p.add_argument("--presses", type=int, default=60, help="synthetic presses per scene")
    p.add_argument(
        "--idle-seconds", type=float, default=30.0, help="idle CPU and wakes: counting time per scene"
    )
    p.add_argument("--demo-seconds", type=float, default=60.0, help="attract demo: counting time per profile")
    p.add_argument(
        "--loop-presses", type=int, default=20, help="presses into the real loop per scene and path (latency)"
    )
    p.add_argument("--tables", action="store_true", help="also build the optimal tables (time, peak memory)")
    p.add_argument("--starts", type=int, default=3, help="start-up runs per profile (median reported)")
    p.add_argument("--phone-taps", type=int, default=100, help="phone taps timed (0: no phone figures)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=run)


def render_budget(height: int) -> float:
    return BUDGETS["render_p99_ms"]["sd-pal" if height <= 576 else "hd-720"]


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0-100) by linear interpolation.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 50), percentile([5.0], 99)
    (2.5, 5.0)
    """
    data = sorted(values)
    if not data:
        return float("nan")
    k = (len(data) - 1) * q / 100
    lo = int(k)
    hi = min(lo + 1, len(data) - 1)
    return data[lo] + (data[hi] - data[lo]) * (k - lo)


def run(args: argparse.Namespace) -> int:
    import json
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from app import scenes
    from app.cli import UserError
    from app.profiles import ProfileError, load_profile

    if args.frames < 300:
        raise UserError("--frames must be at least 300")
    if args.idle_seconds <= 0 or args.demo_seconds <= 0 or args.presses < 1 or args.starts < 1:
        raise UserError("--idle-seconds, --demo-seconds, --presses and --starts must be positive")
    profiles = args.profile or ["hd-720", "sd-pal"]
    try:
        for name in profiles:
            load_profile(name)
    except ProfileError as exc:
        raise UserError(str(exc)) from exc
    names = args.scene or list(scenes.scenes())
    for name in names:
        try:
            scenes.get(name)
        except KeyError as exc:
            raise UserError(exc.args[0]) from exc
    result = {"profiles": {}, "budgets": BUDGETS}
    for profile in profiles:
        result["profiles"][profile] = bench_profile(profile, names, args)
    if args.phone_taps > 0:
        from app.commands.bench_phones import phone_figures

        result.update(phone_figures(profiles[0], args.phone_taps, min(args.idle_seconds, 10.0)))
    if args.tables:
        result["tables"] = {family: table_build(family) for family in table_budgets()}
    result["bench_peak_rss_mb"] = _own_peak_rss_mb()
    print(json.dumps(result, indent=2) if args.json else format_text(result))
    return 0


def bench_profile(profile: str, names: list[str], args: argparse.Namespace) -> dict:
    import sys

    starts = [start_up(profile) for _ in range(args.starts)]
    out: dict = {
        "first_frame_s": percentile([s["first_frame_s"] for s in starts], 50),
        "first_frame_wall_s": percentile([s["wall_s"] for s in starts], 50),
        # the CPU it took (interpreter start included): on a busy machine the wall time also
        # counts the time others had the cores
        "first_frame_cpu_s": percentile([s["first_frame_cpu_s"] or 0.0 for s in starts], 50),
        "heavy_modules_at_first_frame": sorted({m for s in starts for m in s["heavy_modules"] or ()}),
        "app_peak_rss_mb": max(s["peak_rss_kb"] for s in starts) / 1024,
        "scenes": {},
    }
    print(f"bench: {profile} attract demo ({args.demo_seconds:.0f} s)", file=sys.stderr, flush=True)
    out["demo"] = run_process(profile, args.demo_seconds, demo=True)
    for i, name in enumerate(names, 1):
        print(f"bench: {profile} {name} ({i}/{len(names)})", file=sys.stderr, flush=True)
        try:
            out["scenes"][name] = bench_scene(profile, name, args)
        except Exception as exc:  # noqa: BLE001 - one broken scene must not lose the whole run
            print(f"bench: {profile} {name} failed: {exc!r}", file=sys.stderr, flush=True)
            out["scenes"][name] = {"error": f"{type(exc).__name__}: {exc}"}
    return out


def bench_scene(profile: str, name: str, args: argparse.Namespace) -> dict:
    from app import scenes

    headless, _ = scenes.shoot(name, profile)
    try:
        app = headless.app
        stats = {
            "render": render_times(app, args.frames),
            "fade": fade_times(headless, args.frames),
            "press": press_to_frame(headless, args.presses),
        }
    finally:
        headless.close()
    if args.loop_presses:
        stats["loop_press"] = {
            path: loop_press_latency(profile, name, args.loop_presses, path) for path in ("fd", "window")
        }
    if name in idle_scenes() or args.scene:
        stats["idle"] = run_process(profile, args.idle_seconds, scene=name, settle_s=IDLE_SETTLE_S)
    stats["peak_rss_mb"] = scene_peak_rss_mb(profile, name)
    return stats


def scene_peak_rss_mb(profile: str, name: str) -> float | None:
    """Peak RSS of a fresh ``tvgames screenshot`` process that builds the scene (its own VmHWM)."""
    import json
    import os
    import subprocess
    import sys
    import tempfile

    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="tvgames-bench-") as tmp:
        out = os.path.join(tmp, "scene.png")
        cmd = [
            sys.executable,
            "-m",
            "app",
            "screenshot",
            "--profile",
            profile,
            "--scene",
            name,
            "--out",
            out,
            "--print-peak-rss",
        ]
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)
    for line in proc.stdout.splitlines():
        if line.startswith("{"):
            return json.loads(line)["peak_rss_kb"] / 1024
    return None


def render_times(app, frames: int) -> dict:
    """Force ``frames`` full redraws and time each (draw + present).

    Timed twice: in CPU time of this thread (what drawing costs; the budget) and in wall time
    (which on a shared machine also counts the time other processes had the core)."""
    import time

    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(frames):
        app.refresh()
        c0, t0 = time.thread_time(), time.perf_counter()
        app.draw()
        app.display.present()
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    return {
        "median_ms": percentile(cpu, 50),
        "p99_ms": percentile(cpu, 99),
        "wall_median_ms": percentile(wall, 50),
        "wall_p99_ms": percentile(wall, 99),
        "frames": frames,
        "height": app.profile.height,
    }


def fade_times(headless, frames: int) -> dict | None:
    """Cross-fades onto the scene, one frame at a time on the fake clock, until ``frames`` frames
    have been drawn; each loop turn that drew is timed (CPU of this thread). None when the top
    screen is a modal: a modal never fades."""
    import time

    app = headless.app
    top = app.stack.top
    if top is None or top.modal:
        return None
    cpu: list[float] = []
    fades = 0
    while len(cpu) < frames:
        app.start_fade()
        fades += 1
        while True:
            c0 = time.thread_time()
            drew = app.step(headless.clock.now)
            if drew:
                cpu.append((time.thread_time() - c0) * 1000)
            if not app.moving:
                break
            headless.clock.advance(headless.frame_s)
    return {
        "median_ms": percentile(cpu, 50),
        "p99_ms": percentile(cpu, 99),
        "frames": len(cpu),
        "fades": fades,
    }


def press_to_frame(headless, presses: int) -> dict:
    """Synthetic presses into the pipeline; loop turns (frames) until one is drawn, and wall ms."""
    import time

    from remote.buttons import Button, ButtonEvent

    app = headless.app
    ms: list[float] = []
    frames: list[int] = []
    button_used = None
    for _ in range(presses):
        button = _button_to_press(app, ButtonEvent)
        if button is None:
            break
        button_used = button.value
        headless.settle()
        app.step()
        now = headless.clock.now + headless.frame_s
        headless.clock.now = now
        t0 = time.perf_counter()
        app.pipeline.push_key(Button(button), True, now, source="bench")
        turns = 0
        drew = False
        while not drew and turns < 10:
            turns += 1
            drew = app.step(headless.clock.now)
            if not drew:
                headless.clock.advance(headless.frame_s)
        ms.append((time.perf_counter() - t0) * 1000)
        frames.append(turns if drew else -1)
        app.pipeline.push_key(Button(button), False, headless.clock.now, source="bench")
        headless.advance(headless.GAP_MS)
    if not ms:
        return {"button": None, "median_ms": None, "max_ms": None, "max_frames": None}
    return {
        "button": button_used,
        "median_ms": percentile(ms, 50),
        "max_ms": max(ms),
        "max_frames": max(frames) if -1 not in frames else -1,
        "presses": len(ms),
    }


def _button_to_press(app, event_type):
    """The first candidate button the top screen takes and allows now."""
    from app.screen import find_binding
    from remote.buttons import Button, Press

    top = app.stack.top
    if top is None:
        return None
    for name in PRESS_CANDIDATES:
        event = event_type(Button(name), Press.PRESS, 0.0)
        binding = find_binding(top.bindings(), event)
        if binding is not None and top.check_action(binding.action, binding.args):
            return Button(name)
    return None


class PipeRemote:
    """A remote on a pipe, as the bench's stand-in for an evdev device: a byte written to it is a
    press of ``button`` (its fd wakes the sleeping loop as a real remote's does)."""

    def __init__(self, app) -> None:
        import os

        self.app = app
        self.read_fd, self.write_fd = os.pipe()
        os.set_blocking(self.read_fd, False)
        self.button = None

    def press(self, button, down: bool) -> None:
        import os

        self.button = button
        os.write(self.write_fd, b"d" if down else b"u")

    def read(self, now: float) -> list:
        import os

        try:
            data = os.read(self.read_fd, 64)
        except BlockingIOError:
            return []
        for byte in data:
            self.app.pipeline.push_key(self.button, byte == ord("d"), now, source="bench-remote")
        return []

    def wait_fds(self) -> list[int]:
        return [self.read_fd]

    def close(self) -> None:
        import os

        os.close(self.read_fd)
        os.close(self.write_fd)


KEYS_FOR = {"RIGHT": "K_RIGHT", "LEFT": "K_LEFT", "UP": "K_UP", "DOWN": "K_DOWN", "INFO": "K_i"}


def loop_press_latency(profile: str, name: str, presses: int, path: str) -> dict | None:
    """The real loop (``App.run``) on the scene; presses at random moments from another thread,
    through a remote's fd (``path="fd"``) or the window's event queue (``"window"``, the loop then
    peeks at it as on a desktop); ms from each press to the next frame shown."""
    import random
    import tempfile
    import threading
    import time

    import pygame

    from app import scenes
    from app.app import App
    from app.profiles import load_profile
    from remote.buttons import ButtonEvent

    with tempfile.TemporaryDirectory(prefix="tvgames-bench-") as home:
        app = App(load_profile(profile), display_mode="window", lang="en", data_dir=home, sound=False)
        remote = PipeRemote(app)
        app.pipeline.add_source(remote)
        app.display.window_reads_keys = path == "window"
        try:
            scenes.build_scene(app, name)
            app.run(until=time.monotonic() + 0.3)  # first frames, settling animations
            presented: list[float] = []
            real_present = app.display.present

            def present() -> None:
                real_present()
                presented.append(time.monotonic())

            app.display.present = present
            posted: list[float] = []
            rng = random.Random(7)

            def press(button, down: bool) -> None:
                if path == "fd":
                    remote.press(button, down)
                else:
                    key = getattr(pygame, KEYS_FOR[button.value])
                    pygame.event.post(
                        pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=key, mod=0)
                    )

            def presser() -> None:
                for _ in range(presses):
                    time.sleep(rng.uniform(0.15, 0.3))  # long enough for an animation to finish
                    button = _button_to_press(app, ButtonEvent)
                    if button is None:
                        break
                    posted.append(time.monotonic())
                    press(button, True)
                    time.sleep(0.05)
                    press(button, False)
                time.sleep(0.3)
                app.running = False

            thread = threading.Thread(target=presser, daemon=True)
            thread.start()
            app.run()
            thread.join()
        finally:
            app.close()
    ms = []
    for t in posted:
        after = [p for p in presented if p >= t]
        if after:
            ms.append((after[0] - t) * 1000)
    if not ms:
        return None
    period_ms = 1000 / load_profile(profile).refresh_hz
    return {
        "median_ms": percentile(ms, 50),
        "p99_ms": percentile(ms, 99),
        "max_ms": max(ms),
        "p99_frames": percentile(ms, 99) / period_ms,
        "presses": len(ms),
    }


def table_build(family: str) -> dict:
    """``tvgames solve FAMILY --rebuild`` in a fresh process with an empty cache: the build's time
    (what the solve reports) and the process's peak memory (its children's too, where the build
    runs in one)."""
    import json
    import os
    import subprocess
    import sys
    import tempfile

    # A fresh parent of the solve: its children's peak is the solve's own, and the build's
    # where it runs in a child of the solve.
    parent = (
        "import resource, subprocess, sys; "
        "proc = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
        "sys.stdout.write(proc.stdout); sys.stderr.write(proc.stderr); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); sys.exit(proc.returncode)"
    )
    with tempfile.TemporaryDirectory(prefix="tvgames-bench-") as cache:
        env = dict(os.environ, TVGAMES_CACHE=cache)
        cmd = [
            sys.executable,
            "-c",
            parent,
            sys.executable,
            "-m",
            "app",
            "solve",
            family,
            "--rebuild",
            "--json",
        ]
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=3600)
    if proc.returncode != 0:
        return {"error": proc.stderr.strip()[-300:]}
    *report, peak_kb = proc.stdout.strip().splitlines()
    facts = json.loads("\n".join(report))
    return {
        "seconds": facts.get("seconds"),
        "cpu_seconds": facts.get("cpu_seconds"),
        "peak_rss_mb": int(peak_kb) / 1024,
        "report": facts,
    }


def start_up(profile: str) -> dict:
    """Spawn ``python -m app run`` and time it from the spawn until it says its first frame is shown."""
    import json
    import os
    import subprocess
    import sys
    import tempfile
    import time

    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="tvgames-bench-") as home:
        cmd = [
            sys.executable,
            "-m",
            "app",
            "--data-dir",
            home,
            "run",
            "--profile",
            profile,
            "--windowed",
            "--exit-after-first-frame",
        ]
        t0 = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        reports = []
        first = None
        try:
            for line in proc.stdout:  # skip anything printed that is not a report
                if line.startswith("{"):
                    reports.append(json.loads(line))
                    if first is None:
                        first = time.monotonic() - t0
            _, err = proc.communicate(timeout=60)
        finally:  # stopped by a signal (or a timeout): the app started for the measure goes too
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        wall = time.monotonic() - t0
    if proc.returncode != 0 or len(reports) < 2:
        raise RuntimeError(f"start-up run failed ({proc.returncode}): {err.strip()[-300:]}")
    report = {k: v for r in reports for k, v in r.items()}
    return {
        "first_frame_s": first,
        "first_frame_cpu_s": report.get("first_frame_cpu_s"),
        "heavy_modules": report.get("heavy_modules"),
        "wall_s": wall,
        "peak_rss_kb": report["peak_rss_kb"],
    }


def _own_peak_rss_mb() -> float:
    from app.commands.run import peak_rss_kb

    return peak_rss_kb() / 1024


def _mark(ok: bool) -> str:
    return "ok" if ok else "OVER"


def _num(value, fmt: str = ".2f") -> str:
    return "-" if value is None else format(value, fmt)


def _idle_mark(st: dict) -> str:
    idle = st.get("idle")
    if not idle:
        return "-"
    if idle["frames_per_s"] > 0:
        return "animating"
    ok = idle["cpu_pct"] <= BUDGETS["idle_cpu_pct"] and idle["wakes_per_s"] <= BUDGETS["idle_wakes_per_s"]
    return _mark(ok)


def _loop_cell(lp: dict | None) -> str:
    if not lp:
        return "-"
    return " / ".join(
        "-" if not lp.get(path) else f"{lp[path]['p99_ms']:.1f} ({lp[path]['p99_frames']:.2f})"
        for path in ("fd", "window")
    )


def format_text(result: dict) -> str:
    """The result as Markdown: one table per profile, the budgets marked ok / OVER."""
    lines = []
    for profile, data in result["profiles"].items():
        first, rss = data["first_frame_s"], data["app_peak_rss_mb"]
        lines += [
            f"### {profile}",
            "",
            f"First frame {first:.2f} s after spawn ({_mark(first <= BUDGETS['first_frame_s'])}, budget "
            f"{BUDGETS['first_frame_s']} s; {data.get('first_frame_cpu_s', 0):.2f} s of CPU); "
            f"app peak RSS {rss:.1f} MB ({_mark(rss < BUDGETS['rss_mb'])}, "
            f"budget < {BUDGETS['rss_mb']:.0f} MB).",
        ]
        demo = data.get("demo")
        if demo:
            ok = _mark(demo["cpu_pct"] <= BUDGETS["demo_cpu_pct"])
            lines.append(
                f"Attract demo: {demo['cpu_pct']:.2f} % of a core ({ok}"
                f", budget {BUDGETS['demo_cpu_pct']} %), {demo['wakes_per_s']:.0f} wakes and "
                f"{demo['frames_per_s']:.1f} frames a second over {demo['seconds']:.0f} s."
            )
        lines += [
            "",
            "| scene | render median ms | render p99 ms | wall p99 ms | fade median / p99 ms "
            "| press->frame ms (frames) | real loop press->frame p99 ms (frames): fd / window "
            "| idle CPU % | idle wakes/s | peak RSS MB | budgets |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
        ]
        for name, st in data["scenes"].items():
            if "error" in st:
                lines.append(f"| {name} | failed: {st['error']} |")
                continue
            r, p, fade, idle = st["render"], st["press"], st.get("fade"), st.get("idle")
            budget = render_budget(r["height"])
            worst = max(r["p99_ms"], fade["p99_ms"] if fade else 0.0)
            fades = "-" if not fade else f"{fade['median_ms']:.2f} / {fade['p99_ms']:.2f}"
            press = f"{_num(p['median_ms'])} ({_num(p['max_frames'], 'd')})"
            marks = "/".join(
                (
                    _mark(worst <= budget),
                    _mark(p["max_frames"] in (None, 1)),
                    _idle_mark(st),
                )
            )
            lines.append(
                f"| {name} | {r['median_ms']:.2f} | {r['p99_ms']:.2f} | {_num(r.get('wall_p99_ms'))} "
                f"| {fades} | {press} | {_loop_cell(st.get('loop_press'))} "
                f"| {_num(idle and idle['cpu_pct'], '.3f')} | {_num(idle and idle['wakes_per_s'], '.1f')} "
                f"| {_num(st.get('peak_rss_mb'), '.1f')} | {marks} |"
            )
        lines.append("")
    if "phone_tap_to_frame" in result:
        tap, update = result["phone_tap_to_frame"], result["phone_update"]
        lines.append(
            f"Phones ({result['phones']} on 127.0.0.1): tap -> TV frame p99 {tap['p99_ms']:.1f} ms, "
            f"TV change -> phone update p99 {update['p99_ms']:.1f} ms (budget 50 ms each); idle CPU with "
            f"the phones connected {result['phone_idle_cpu_pct']:.2f} % "
            f"({_mark(result['phone_idle_cpu_pct'] <= BUDGETS['idle_cpu_pct'])})."
        )
    budgets = table_budgets()
    for family, table in result.get("tables", {}).items():
        if "error" in table:
            lines.append(f"Table {family}: failed: {table['error']}")
            continue
        budget = budgets.get(family, {})
        marks = []
        if "seconds" in budget:
            marks.append(f"<= {budget['seconds']:g} s {_mark(table['cpu_seconds'] <= budget['seconds'])}")
        if "peak_mb" in budget:
            marks.append(f"< {budget['peak_mb']:g} MB {_mark(table['peak_rss_mb'] < budget['peak_mb'])}")
        lines.append(
            f"Table {family}: built in {table['seconds']:.2f} s ({table['cpu_seconds']:.2f} s CPU), "
            f"peak RSS {table['peak_rss_mb']:.0f} MB" + (f" (budget {', '.join(marks)})." if marks else ".")
        )
    lines.append(f"Bench process peak RSS (every scene loaded): {result['bench_peak_rss_mb']:.1f} MB.")
    lines.append(
        "Budgets (render / press / idle): p99 render and p99 fade frame <= 4 ms at 576 lines and <= 6 ms "
        "at 720 (CPU time); press-to-frame <= 1 frame; idle <= 0.10 % of a core and <= 5 wakes a second; "
        "attract demo <= 4 %; first frame <= 0.20 s; peak RSS < 150 MB; the tables as marked."
    )
    return "\n".join(lines)


# -- the real program: idle CPU, wakes and the attract demo, from the process's own counters ------


def _task_counters(pid: int) -> dict[str, tuple[int, int]]:
    """Per thread of process ``pid``, from /proc: nanoseconds on a CPU (the scheduler's own count;
    the stat file's 10 ms ticks are too coarse for an idle box) and context switches, voluntary
    and involuntary (each a wake or a preemption)."""
    import os

    out = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat", encoding="ascii") as stat:
                cpu_ns = int(stat.read().split()[0])
            with open(f"/proc/{pid}/task/{task}/status", encoding="ascii") as status:
                switches = sum(int(line.split()[1]) for line in status if "ctxt_switches:" in line)
        except OSError:  # the thread ended meanwhile
            continue
        out[task] = (cpu_ns, switches)
    return out


class ProcessCounters:
    """CPU and context switches of a process over a window, summed over every thread that ran in
    it: threads are looked at every second, so one that ends (a worker) keeps what it counted."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.first = _task_counters(pid)
        self.last = dict(self.first)

    def look(self) -> None:
        self.last.update(_task_counters(self.pid))

    def totals(self) -> tuple[float, int]:
        """CPU seconds and switches since this was made."""
        cpu = switches = 0
        for task, (c, w) in self.last.items():
            c0, w0 = self.first.get(task, (0, 0))
            cpu, switches = cpu + c - c0, switches + w - w0
        return cpu / 1e9, switches


def run_process(
    profile: str, seconds: float, scene: str | None = None, demo: bool = False, settle_s: float | None = None
) -> dict:
    """Start ``tvgames run`` (SDL's dummy drivers, which take the box's path), on ``scene`` or
    playing the attract demos, let it settle, and count over ``seconds``: its CPU in % of one
    core, its wakes a second (context switches of all its threads) and the frames it drew."""
    import json
    import os
    import signal
    import subprocess
    import sys
    import tempfile
    import time

    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="tvgames-bench-") as home:
        cmd = [sys.executable, "-m", "app", "--data-dir", home, "run", "--profile", profile, "--windowed"]
        cmd += ["--no-remote", "--report-first-frame"]
        cmd += ["--scene", scene] if scene else []
        cmd += ["--demo"] if demo else []
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        try:
            first = proc.stdout.readline()
            if not first.startswith("{"):
                raise RuntimeError(f"tvgames run did not start: {proc.stderr.read().strip()[-300:]}")
            time.sleep(SETTLE_S if settle_s is None else settle_s)
            proc.send_signal(signal.SIGUSR1)
            frames0 = json.loads(proc.stdout.readline())["frames"]
            counters = ProcessCounters(proc.pid)
            t0 = time.monotonic()
            while time.monotonic() < t0 + seconds:
                time.sleep(min(1.0, max(0.0, t0 + seconds - time.monotonic())))
                counters.look()
            cpu, wakes = counters.totals()
            t1 = time.monotonic()
            proc.send_signal(signal.SIGUSR1)
            frames1 = json.loads(proc.stdout.readline())["frames"]
        finally:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
    wall = t1 - t0
    return {
        "cpu_pct": 100.0 * cpu / wall,
        "wakes_per_s": wakes / wall,
        "frames_per_s": (frames1 - frames0) / wall,
        "seconds": wall,
    }


SETTLE_S = 4.0
"""Time a started program is left to settle before counting (its scene's keys are played by then)."""
IDLE_SETTLE_S = SETTLE_S + 11.0
"""Before counting an idle box: its keys' sounds have ended and the audio device has closed after
its silence (:data:`app.sound.CLOSE_AFTER_S`), as on a box nobody touched for a while."""
