"""`tvgames solve yahtzee`: the optimal Classic (or Dice Party) table and its numbers."""

from __future__ import annotations

import argparse
import json
import sys
import time

from app.commands.solve import how_and_size, progress_bar, table_facts


def run(args: argparse.Namespace) -> int:
    """Build or load the table of ``args.mode`` / ``args.joker`` and print its numbers."""
    from app.cli import UserError
    from engines.yahtzee.ai import decision_times
    from engines.yahtzee.solver import C_KERNEL_MISSING, rules_for, state_index
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
                progress_bar(fraction, started)

        if C_KERNEL_MISSING:
            print(C_KERNEL_MISSING, file=sys.stderr)
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
        **table_facts(source, seconds, cpu_seconds, path),
        "kernel": solver.kernel if source == "built" else None,  # the build's row loops: "c" or "numpy"
        "decision_ms_median": round(float(times["median_ms"]), 4),
        "decision_cpu_ms_median": round(float(times["cpu_median_ms"]), 4),
        "decisions_timed": times["count"],
    }
    if args.json:
        print(json.dumps(result, indent=2, sort_keys=True))
        return 0
    what, size = how_and_size(result)
    print(f"{rules.mode} yahtzee, joker {rules.joker}: expected score {result['expected_score']:.4f}")
    memory = result["peak_memory_mb"]
    kernel = f"; {result['kernel']} kernel" if result["kernel"] else ""
    print(f"table {what} {seconds:.2f} s ({cpu_seconds:.2f} s CPU{kernel}); peak memory {memory:.0f} MB")
    print(f"table on disk: {size} ({path})")
    print(
        f"median decision: {result['decision_ms_median']:.3f} ms "
        f"({result['decision_cpu_ms_median']:.3f} ms CPU) over {times['count']} positions"
    )
    return 0
