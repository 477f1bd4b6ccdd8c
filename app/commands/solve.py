"""`tvgames solve FAMILY`: build (or load) the optimal player's table and report on it.

Each game family with an optimal player names its solve hook in its descriptor (:mod:`app.catalog`);
the hook prints the expected score under optimal play (of a fresh Yahtzee card, of a whole Monopoly
Dice turn), how long the table took to build or load, the process's peak memory, the table's size on
disk and the median time of one decision. The helpers here keep those reports alike.
"""

from __future__ import annotations

import argparse
import sys
import time

from app.catalog import families, resolve
from app.commands import add_family_options


def solvers() -> dict[str, str]:
    """Family name -> its solve hook, for every family that has one."""
    return {f.name: f.solve for f in families() if f.solve}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("solve", help="build or load an optimal player's table and print its numbers")
    p.add_argument("game", choices=sorted(solvers()))
    add_family_options(p, "solve")
    p.add_argument("--rebuild", action="store_true", help="build even if a cached table exists")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=run)


def table_facts(source: str, seconds: float, cpu_seconds: float, path) -> dict:
    """What every solve reports about its table: built or cached, time, memory, file."""
    import resource

    return {
        "table": source,
        "seconds": round(seconds, 3),
        "cpu_seconds": round(cpu_seconds, 3),
        "peak_memory_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "table_path": str(path),
        "table_bytes": path.stat().st_size if path.exists() else None,
    }


def how_and_size(result: dict) -> tuple[str, str]:
    """("built in" or "loaded from the cache in", the table's size on disk) for the text report."""
    what = "built in" if result["table"] == "built" else "loaded from the cache in"
    size = f"{result['table_bytes'] / 2**20:.1f} MiB" if result["table_bytes"] else "not saved"
    return what, size


def progress_bar(fraction: float, started: float, width: int = 30) -> None:
    filled = int(round(fraction * width))
    elapsed = time.perf_counter() - started
    print(
        f"\rbuilding [{'#' * filled}{'.' * (width - filled)}] {100 * fraction:5.1f}% {elapsed:5.1f}s",
        end="",
        file=sys.stderr,
        flush=True,
    )


def run(args: argparse.Namespace) -> int:
    return resolve(solvers()[args.game])(args)
