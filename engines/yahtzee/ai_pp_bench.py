"""Decision times of the Painted and Power players, as a TV would feel them.

``python -m engines.yahtzee.ai_pp_bench [--games N] [--seed S] [--json]`` plays N solitaire games per
mode and level and times every call of the player that had to think (the first call after a roll;
the toggles that carry out a chosen hold are cached): wall-clock median, 90th and 99th percentile
and maximum, and the median CPU time of this process (what a busy machine does not inflate).
The first call of a process also builds the mode's tables once (reported apart as ``first_ms``).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

from engines.core import CHANCE, TERMINAL
from engines.yahtzee.game import GAMES_BY_MODE, ROLL
from engines.yahtzee.players import make_player


def decision_times(mode: str, level: str, games: int, seed: int) -> dict[str, Any]:
    """Time ``level``'s decisions over ``games`` solitaire games of ``mode`` (milliseconds)."""
    game = GAMES_BY_MODE[mode](num_players=1)
    dice = np.random.default_rng(seed)
    started = time.perf_counter()
    player = make_player(level, game, np.random.default_rng(seed + 1))
    first: float | None = None
    walls, cpus = [], []
    for _ in range(games):
        state = game.new_initial_state()
        last_key = None
        while (who := state.current_player()) != TERMINAL:
            if who == CHANCE:
                state.apply_action(int(dice.integers(len(state.chance_outcomes()))))
                continue
            if state.legal_actions() == [ROLL]:
                state.apply_action(ROLL)
                continue
            key = (
                state.turns_taken()[0],
                state.to_dict()["rolls"],
                sum(s is not None for s in state.scores(0)),
            )
            t0, c0 = time.perf_counter(), time.process_time()
            action = player(state)
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
            if first is None:
                first = time.perf_counter() - started
            elif key != last_key:
                walls.append(wall)
                cpus.append(cpu)
            last_key = key
            state.apply_action(action)
    ms = np.array(walls) * 1000
    return {
        "mode": mode,
        "level": level,
        "decisions": len(walls),
        "median_ms": round(float(np.median(ms)), 3),
        "p90_ms": round(float(np.percentile(ms, 90)), 3),
        "p99_ms": round(float(np.percentile(ms, 99)), 3),
        "max_ms": round(float(ms.max()), 3),
        "cpu_median_ms": round(float(np.median(cpus)) * 1000, 3),
        "first_ms": round((first or 0.0) * 1000, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="easy,medium,hard")
    parser.add_argument("--modes", default="painted,power")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = [
        decision_times(mode, level, args.games, args.seed)
        for mode in args.modes.split(",")
        for level in args.levels.split(",")
    ]
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        heads = ("decisions", "median", "p90", "p99", "max", "cpu med", "first")
        print(f"{'mode':<8}{'level':<8}" + "".join(f"{h:>10}" for h in heads))
        for r in rows:
            print(
                f"{r['mode']:<8}{r['level']:<8}{r['decisions']:>10}{r['median_ms']:>10.2f}{r['p90_ms']:>10.2f}"
                f"{r['p99_ms']:>10.2f}{r['max_ms']:>10.2f}{r['cpu_median_ms']:>10.2f}{r['first_ms']:>10.1f}"
            )
        print("milliseconds per decision (wall; cpu median of this process; first: the first decision")
        print("of the process, which also builds the mode's tables)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
