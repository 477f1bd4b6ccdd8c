"""`tvgames solve yahtzee`: build (or load) the optimal player's table and report on it.

Prints the expected score of a fresh card under optimal play, how long the table took to build or
load, the process's peak memory, the table's size on disk and the median time of one decision.
"""

from __future__ import annotations

import argparse
import json
import sys
import time


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("solve", help="build or load an optimal player's table and print its numbers")
    p.add_argument("game", choices=["yahtzee"])
    p.add_argument("--mode", default="classic", choices=["classic", "dice-party"])
    p.add_argument("--joker", default=None, choices=["forced", "free", "none"], help="Joker convention")
    p.add_argument("--rebuild", action="store_true", help="build even if a cached table exists")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=run)


def _progress_bar(fraction: float, started: float, width: int = 30) -> None:
    filled = int(round(fraction * width))
    elapsed = time.perf_counter() - started
    print(
        f"\rbuilding [{'#' * filled}{'.' * (width - filled)}] {100 * fraction:5.1f}% {elapsed:5.1f}s",
        end="",
        file=sys.stderr,
        flush=True,
    )


def run(args: argparse.Namespace) -> int:
    import resource

    from app.cli import UserError
    from engines.yahtzee.ai import decision_times
    from engines.yahtzee.solver import rules_for, state_index
    from engines.yahtzee.solver_table import get_solver, load_table, loaded_solver, save_table, table_path

    try:
        rules = rules_for(args.mode, args.joker)
    except ValueError as exc:
        raise UserError(str(exc)) from exc
    path = table_path(rules)
    started, cpu_started = time.perf_counter(), time.process_time()
    solver = None if args.rebuild else loaded_solver(rules) or load_table(rules)
    source = "cache"
    if solver is not None and not path.exists():
        save_table(solver, path)
    if solver is None:
        source = "built"
        last = [0.0]

        def progress(fraction: float) -> None:
            if sys.stderr.isatty() and fraction - last[0] >= 0.01 or fraction >= 1.0:
                last[0] = fraction
                _progress_bar(fraction, started)

        solver = get_solver(rules, rebuild=True, progress=progress)
        print(file=sys.stderr)
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - cpu_started
    times = decision_times(solver)
    result = {
        "game": "yahtzee",
        "mode": rules.mode,
        "joker": rules.joker,
        "expected_score": round(float(solver.values[state_index(0, 0, 0)]), 6),
        "table": source,
        "seconds": round(seconds, 3),
        "cpu_seconds": round(cpu_seconds, 3),
        "peak_memory_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "table_path": str(path),
        "table_bytes": path.stat().st_size if path.exists() else None,
        "decision_ms_median": round(float(times["median_ms"]), 4),
        "decision_cpu_ms_median": round(float(times["cpu_median_ms"]), 4),
        "decisions_timed": times["count"],
    }
    if args.json:
        print(json.dumps(result, indent=2, sort_keys=True))
        return 0
    what = "built in" if source == "built" else "loaded from the cache in"
    size = f"{result['table_bytes'] / 2**20:.1f} MiB" if result["table_bytes"] else "not saved"
    print(f"{rules.mode} yahtzee, joker {rules.joker}: expected score {result['expected_score']:.4f}")
    memory = result["peak_memory_mb"]
    print(f"table {what} {seconds:.2f} s ({cpu_seconds:.2f} s CPU); peak memory {memory:.0f} MB")
    print(f"table on disk: {size} ({path})")
    print(
        f"median decision: {result['decision_ms_median']:.3f} ms "
        f"({result['decision_cpu_ms_median']:.3f} ms CPU) over {times['count']} positions"
    )
    return 0
