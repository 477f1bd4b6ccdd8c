"""`tvgames solve yahtzee|monopoly-dice`: build (or load) the optimal player's table and report on it.

Prints the expected score of a fresh card (Yahtzee) or of a whole turn (Monopoly Dice) under
optimal play, how long the table took to build or load, the process's peak memory, the table's
size on disk and the median time of one decision.
"""

from __future__ import annotations

import argparse
import json
import sys
import time


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("solve", help="build or load an optimal player's table and print its numbers")
    p.add_argument("game", choices=["yahtzee", "monopoly-dice"])
    p.add_argument("--mode", default="classic", choices=["classic", "dice-party"])
    p.add_argument("--joker", default=None, choices=["forced", "free", "none"], help="Joker convention")
    p.add_argument("--rebuild", action="store_true", help="build even if a cached table exists")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=run)


def _table_facts(source: str, seconds: float, cpu_seconds: float, path) -> dict:
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


def _how_and_size(result: dict) -> tuple[str, str]:
    """("built in" or "loaded from the cache in", the table's size on disk) for the text report."""
    what = "built in" if result["table"] == "built" else "loaded from the cache in"
    size = f"{result['table_bytes'] / 2**20:.1f} MiB" if result["table_bytes"] else "not saved"
    return what, size


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
    if args.game == "monopoly-dice":
        return run_monopoly_dice(args)

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
        **_table_facts(source, seconds, cpu_seconds, path),
        "decision_ms_median": round(float(times["median_ms"]), 4),
        "decision_cpu_ms_median": round(float(times["cpu_median_ms"]), 4),
        "decisions_timed": times["count"],
    }
    if args.json:
        print(json.dumps(result, indent=2, sort_keys=True))
        return 0
    what, size = _how_and_size(result)
    print(f"{rules.mode} yahtzee, joker {rules.joker}: expected score {result['expected_score']:.4f}")
    memory = result["peak_memory_mb"]
    print(f"table {what} {seconds:.2f} s ({cpu_seconds:.2f} s CPU); peak memory {memory:.0f} MB")
    print(f"table on disk: {size} ({path})")
    print(
        f"median decision: {result['decision_ms_median']:.3f} ms "
        f"({result['decision_cpu_ms_median']:.3f} ms CPU) over {times['count']} positions"
    )
    return 0


def run_monopoly_dice(args: argparse.Namespace) -> int:
    import statistics

    import numpy as np

    from engines.core import sample_chance
    from engines.monopoly_dice import END_TURN, ROLL, MonopolyDiceGame, place_action, turn_table
    from engines.monopoly_dice.odds import Position
    from engines.yahtzee.solver_table import cache_dir

    turn_table.configure(cache_dir=cache_dir())
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
        **_table_facts(source, seconds, cpu_seconds, path),
        "boards": int(len(table.keys[0]) + len(table.keys[1])),
        "decision_ms_median": round(1000 * statistics.median(times), 4),
        "decision_ms_max": round(1000 * max(times), 4),
        "decisions_timed": len(times),
    }
    if args.json:
        print(json.dumps(result, indent=2, sort_keys=True))
        return 0
    what, size = _how_and_size(result)
    print(f"monopoly dice: expected turn score under optimal play ${result['expected_turn_score']:,.2f}")
    print(
        f"table ({result['boards']:,} boards) {what} {seconds:.2f} s ({cpu_seconds:.2f} s CPU); "
        f"peak memory {result['peak_memory_mb']:.0f} MB"
    )
    print(f"table on disk: {size} ({path})")
    print(
        f"decision (placement + roll/stop): median {result['decision_ms_median']:.3f} ms, "
        f"max {result['decision_ms_max']:.3f} ms over {len(times)} positions"
    )
    return 0
