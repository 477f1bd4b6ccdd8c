"""`tvgames solve pig`: the optimal player's table by value iteration, and the published numbers.

It prints the first player's chance to win when both play optimally (Neller and Presser: 0.5306),
the same for two hold-at-20 players (about 0.5347), and what the optimal player wins against
hold-at-20 from either seat, with the usual facts about the table (built or cached, time, memory,
file) and the median time of one decision.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from app.commands.solve import how_and_size, table_facts


def run(args: argparse.Namespace) -> int:
    """Build or load the table and print its numbers."""
    import numpy as np

    from engines.pig import solver

    path = solver.table_path()
    started, cpu_started = time.perf_counter(), time.process_time()
    table = None if args.rebuild else solver.load()
    source = "cache"
    if table is None:
        source = "built"
        table = solver.build()
        solver.save(table)
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - cpu_started
    rolls = table.roll >= table.hold  # where the optimal player rolls
    hold20 = solver.hold_at(20)
    rng = np.random.default_rng(0)
    times = []
    for _ in range(2000):
        i, j, k = (int(v) for v in rng.integers(0, solver.R.GOAL, size=3))
        t0 = time.perf_counter()
        table.should_roll(i, j, min(k, solver.R.GOAL - 1 - i))
        times.append(time.perf_counter() - t0)
    result = {
        "game": "pig",
        "goal": solver.R.GOAL,
        "optimal_first_player_wins": round(float(table.win[0, 0, 0]), 6),
        "hold20_first_player_wins": round(solver.policy_win_chance(hold20, hold20), 6),
        "optimal_first_against_hold20": round(solver.policy_win_chance(rolls, hold20), 6),
        "optimal_second_against_hold20": round(1 - solver.policy_win_chance(hold20, rolls), 6),
        "sweeps": table.sweeps,
        **table_facts(source, seconds, cpu_seconds, path),
        "decision_us_median": round(statistics.median(times) * 1e6, 3),
    }
    if args.json:
        print(json.dumps(result, indent=2, sort_keys=True))
        return 0
    what, size = how_and_size(result)
    print(f"pig to {result['goal']}: the optimal first player wins {result['optimal_first_player_wins']:.2%}")
    print(f"two hold-at-20 players: the first wins {result['hold20_first_player_wins']:.2%}")
    print(
        f"optimal against hold-at-20: {result['optimal_first_against_hold20']:.2%} rolling first, "
        f"{result['optimal_second_against_hold20']:.2%} rolling second"
    )
    sweeps = f", {table.sweeps} sweeps" if table.sweeps else ""
    memory = result["peak_memory_mb"]
    print(f"table {what} {seconds:.2f} s ({cpu_seconds:.2f} s CPU{sweeps}); peak memory {memory:.0f} MB")
    decision = result["decision_us_median"]
    print(f"table file {result['table_path']} ({size}); a decision takes {decision:.1f} µs (median)")
    return 0
