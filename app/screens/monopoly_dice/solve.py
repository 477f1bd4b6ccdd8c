"""`tvgames solve monopoly-dice`: the exact turn table and its numbers."""

from __future__ import annotations

import argparse
import json
import sys
import time

from app.commands.solve import how_and_size, table_facts


def run(args: argparse.Namespace) -> int:
    """Build or load the turn table and print its numbers."""
    import statistics

    import numpy as np

    from engines.core import sample_chance
    from engines.monopoly_dice import END_TURN, ROLL, MonopolyDiceGame, place_action, turn_table
    from engines.monopoly_dice.odds import Position

    path = turn_table.table_path()
    started, cpu_started = time.perf_counter(), time.process_time()
    table = None if args.rebuild else turn_table.load_table()
    source = "cache"
    if table is None:
        source = "built"

        def log(line: str) -> None:
            print(line, file=sys.stderr, flush=True)

        table = turn_table.build_table(log=log)
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - cpu_started
    # decisions: placements and roll/stop at positions of real turns
    rng = np.random.default_rng(0)
    times = []
    for _ in range(40):
        state = MonopolyDiceGame(1, target=25_000).new_initial_state()
        state.apply_action(0)  # ROLL
        while state.turns[0] == 0:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            pos = Position.from_observation(state.to_dict(0))
            t0 = time.perf_counter()
            moves = table.best_placement(pos)
            for die, group in moves:
                pos = pos.place(die, group)
            roll = table.should_roll(pos)
            times.append(time.perf_counter() - t0)
            for die, group in moves:
                state.apply_action(place_action(die, group))
            state.apply_action(ROLL if roll else END_TURN)
    result = {
        "game": "monopoly-dice",
        "expected_turn_score": round(table.start_value(), 6),
        "kernel": table.kernel,  # the solver's inner loops: "c" or "numpy" (None: loaded from the cache)
        **table_facts(source, seconds, cpu_seconds, path),
        "boards": int(len(table.keys[0]) + len(table.keys[1])),
        "decision_ms_median": round(1000 * statistics.median(times), 4),
        "decision_ms_max": round(1000 * max(times), 4),
        "decisions_timed": len(times),
    }
    if args.json:
        print(json.dumps(result, indent=2, sort_keys=True))
        return 0
    what, size = how_and_size(result)
    print(f"monopoly dice: expected turn score under optimal play ${result['expected_turn_score']:,.2f}")
    print(
        f"table ({result['boards']:,} boards) {what} {seconds:.2f} s ({cpu_seconds:.2f} s CPU); "
        f"peak memory {result['peak_memory_mb']:.0f} MB"
        + (f"; {table.kernel} kernel" if table.kernel else "")
    )
    print(f"table on disk: {size} ({path})")
    print(
        f"decision (placement + roll/stop): median {result['decision_ms_median']:.3f} ms, "
        f"max {result['decision_ms_max']:.3f} ms over {len(times)} positions"
    )
    return 0
