"""The seeded results of the box, for comparing one machine with another (x86-64 against arm64).

``python tools/seeded_results.py run OUT_DIR`` runs, with the interpreter running this file (the
clone's ``.venv``), a fixed list of ``tvgames`` commands: the solver tables' headline numbers
(built afresh, with a SHA-256 of the table's arrays so a difference in the last bit shows), the exact
Monopoly landing chances, ``tvgames simulate`` of every game with fixed seeds, and a headless
screenshot of each game at both profiles (a hash of the pixels). It writes ``OUT_DIR/results.json``
with each command's ``--json`` output, timings and paths taken out, and the screenshots beside it.

``python tools/seeded_results.py compare NAME=DIR ...`` prints the results side by side, one line a
number, and exits 1 if any differs between the directories (standard library only: the check script
runs it with the host's Python).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

# Keys that measure the machine, not the game: left out of the comparison.
VOLATILE = {
    "seconds",
    "cpu_seconds",
    "games_per_second",
    "games_per_cpu_second",
    "timing",
    "peak_memory_mb",
    "table_path",
    "table",
    "decision_ms_median",
    "decision_ms_max",
    "decision_cpu_ms_median",
    "decisions_timed",
}

COMMANDS: tuple[tuple[str, list[str]], ...] = tuple(
    (name, args.split())
    for name, args in (
        ("analyse monopoly landing", "analyse monopoly --landing --json"),
        ("solve yahtzee classic", "solve yahtzee --mode classic --rebuild --json"),
        (
            "simulate monopoly 4 medium (fast core)",
            "simulate monopoly --players medium,medium,medium,medium --games 300 --seed 1 --core fast --json",
        ),
        (
            "simulate monopoly hard (fast core)",
            "simulate monopoly --players hard,buy-everything --games 300 --seed 2032 --core fast --json",
        ),
        (
            "simulate yahtzee classic",
            "simulate yahtzee --mode classic --players hard,medium,easy --games 10 --seed 3 --json",
        ),
        (
            "simulate yahtzee dice-party",
            "simulate yahtzee --mode dice-party --players hard,medium --games 5 --seed 2 --json",
        ),
        (
            "simulate yahtzee painted",
            "simulate yahtzee --mode painted --players hard,medium,easy --games 3 --seed 1 --json",
        ),
        (
            "simulate yahtzee power",
            "simulate yahtzee --mode power --players hard,medium,easy --games 3 --seed 1 --json",
        ),
        (
            "simulate monopoly hard (python engine)",
            "simulate monopoly --players hard,buy-everything --games 3 --seed 2032 --core engine --json",
        ),
        ("solve monopoly-dice", "solve monopoly-dice --rebuild --json"),
        (
            "simulate monopoly-dice",
            "simulate monopoly-dice --players hard,medium,easy --games 5 --seed 41 --json",
        ),
    )
)
"""(name, arguments after ``tvgames``), cheapest first: an emulated arm64 run (10-30 times slower)
writes what it has after each, and sized so that it ends within the hour."""

SCENES = (
    "yahtzee-classic",
    "yahtzee-painted",
    "yahtzee-power",
    "dice-party",
    "monopoly-dice-board",
    "monopoly-board",
)
PROFILES = ("hd-720", "sd-pal")


def stable(value: object) -> object:
    """``value`` without the keys that measure the machine (times, memory, paths)."""
    if isinstance(value, dict):
        return {k: stable(v) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [stable(v) for v in value]
    return value


def flatten(value: object, prefix: str = "") -> dict[str, object]:
    """Nested JSON as ``{"a.b.0.c": leaf}``, for a line-by-line comparison."""
    if isinstance(value, dict):
        out: dict[str, object] = {}
        for k, v in value.items():
            out.update(flatten(v, f"{prefix}.{k}" if prefix else str(k)))
        return out
    if isinstance(value, list):
        out = {}
        for i, v in enumerate(value):
            out.update(flatten(v, f"{prefix}.{i}" if prefix else str(i)))
        return out
    return {prefix: value}


def table_digest(path: Path) -> str:
    """SHA-256 of a solver table's arrays (names, types, shapes, bytes), not of the file: an .npz
    holds the time it was written."""
    import numpy as np

    digest = hashlib.sha256()
    loaded = np.load(path, allow_pickle=False)
    arrays = dict(loaded.items()) if hasattr(loaded, "items") else {"": loaded}
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name} {array.dtype.str} {array.shape}\n".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


def tvgames(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", *args], capture_output=True, text=True, env=env, check=False
    )


def run_all(out_dir: Path) -> int:
    """Run every command and screenshot, writing ``results.json`` after each. Exit status 1 if any failed."""
    out_dir.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONHASHSEED="0")
    env["TVGAMES_HOME"] = str(out_dir / "data")
    results: dict[str, object] = {}
    failed = 0

    def record(name: str, value: object, started: float) -> None:
        results[name] = value
        (out_dir / "results.json").write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
        print(
            f"{'FAIL' if 'error' in value else 'ok  '} {name} ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )

    pictures: dict[str, Path] = {}
    for profile in PROFILES:
        for scene in SCENES:
            started = time.perf_counter()
            name = f"screenshot {scene} {profile}"
            png = out_dir / f"{scene}-{profile}.png"
            done = tvgames(["screenshot", "--profile", profile, "--scene", scene, "--out", str(png)], env)
            if done.returncode != 0 or not png.is_file():
                failed += 1
                record(name, {"error": done.stderr.strip()[-400:]}, started)
            else:
                pictures[name] = png
    if pictures:
        started = time.perf_counter()
        for name, digest in zip(pictures, pixel_digests(list(pictures.values()), env), strict=True):
            record(name, {"pixels_sha256": digest}, started)
    for name, args in COMMANDS:
        started = time.perf_counter()
        done = tvgames(args, env)
        if done.returncode != 0:
            failed += 1
            record(name, {"error": f"exit {done.returncode}: {done.stderr.strip()[-400:]}"}, started)
            continue
        report = json.loads(done.stdout)
        table = report.get("table_path") if isinstance(report, dict) else None
        report = stable(report)
        if table and Path(table).is_file():
            report["table_sha256"] = table_digest(Path(table))
        record(name, report, started)
    return 1 if failed else 0


def pixel_digests(pngs: list[Path], env: dict[str, str]) -> list[str]:
    """SHA-256 of each PNG's decoded pixels (the bytes differ with the zlib build, pixels must not),
    in one process (starting pygame costs seconds under emulation)."""
    code = (
        "import hashlib, sys, pygame\n"
        "for f in sys.argv[1:]:\n"
        "    s = pygame.image.load(f)\n"
        "    print(s.get_size(), hashlib.sha256(pygame.image.tobytes(s, 'RGB')).hexdigest())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *map(str, pngs)], capture_output=True, text=True, env=env, check=True
    )
    return [line for line in done.stdout.splitlines() if line.startswith("(")]


def compare(columns: list[tuple[str, Path]], width: int = 22) -> int:
    """Print every number side by side; exit status 1 if a row differs."""
    loaded = [(label, json.loads((path / "results.json").read_text())) for label, path in columns]
    flat = [
        (label, {f"{case}: {k}": v for case, r in data.items() for k, v in flatten(r).items()})
        for label, data in loaded
    ]
    keys = sorted(set().union(*(rows.keys() for _, rows in flat)))
    differing = 0
    print(f"{'result':<70} " + " ".join(f"{label:>{width}}" for label, _ in flat))
    for key in keys:
        values = [rows.get(key, "(missing)") for _, rows in flat]
        same = all(v == values[0] for v in values)
        differing += not same
        shown = [short(v, width) for v in values]
        print(f"{'  ' if same else '! '}{key[:68]:<68} " + " ".join(f"{v:>{width}}" for v in shown))
    print(f"{len(keys)} results, {differing} differ")
    return 1 if differing else 0


def short(value: object, width: int) -> str:
    text = str(value)
    return text if len(text) <= width else text[: width - 3] + "..."


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "run":
        return run_all(Path(argv[1]))
    if len(argv) >= 3 and argv[0] == "compare" and all("=" in a for a in argv[1:]):
        return compare([(a.split("=", 1)[0], Path(a.split("=", 1)[1])) for a in argv[1:]])
    print("usage: seeded_results.py run OUT_DIR | compare NAME=DIR NAME=DIR ...", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
