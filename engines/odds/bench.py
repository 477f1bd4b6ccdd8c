"""Benchmark: how long a full hint (every box: next roll, end of turn with the best holds) takes.

    .venv/bin/python -m engines.odds.bench [--json] [--positions N] [--cold N] [--seed S]

For Classic (13 boxes), Painted (20) and Power (21) it times, over random positions:

- ``warm``: the hint from a :class:`TurnOdds` whose tables are already built (what the hint screen
  pays once the mode's tables exist: they depend only on the boxes, not on the position);
- ``cold``: a fresh :class:`TurnOdds` for every position, so each hint runs the whole dynamic
  programme over the outcome space (what a caller pays whose box values change every call);
- ``build``: building the tables of one mode once; ``box_values``: scoring every outcome in every
  box with :func:`engines.yahtzee.scoring.score_box`, once per mode (Python calls, so it is the
  dominant one-off cost for Painted; a vectorised box builder would remove it).

The boxes are the real ones: "made" means :func:`engines.yahtzee.scoring.score_box` is above zero.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from engines.odds.dice import Die
from engines.odds.space import FaceTuple, dice_space
from engines.odds.turn import TurnOdds

HINT_BUDGET_MS = 5.0
"""The issue's limit for one full hint."""


def _modes() -> dict[str, dict[str, Any]]:
    # The Yahtzee family's dice and boxes live in engines.yahtzee; import them only here so the
    # core itself stays free of any game.
    from engines.yahtzee.dice import CLASSIC_DICE, PAINTED_DICE, POWER_DIE
    from engines.yahtzee.scoring import BOXES_BY_MODE, score_box

    def made(mode: str, with_colours: bool) -> Callable[[FaceTuple], list[bool]]:
        boxes = BOXES_BY_MODE[mode]

        def row(faces: FaceTuple) -> list[bool]:
            dice = faces[:5]  # the Power die, when there is one, comes last
            numbers = [f.number for f in dice]
            colours = [f.colour for f in dice] if with_colours else None
            return [score_box(box, numbers, colours) > 0 for box in boxes]

        return row

    return {
        "classic": {"dice": list(CLASSIC_DICE), "row": made("classic", False), "power": False},
        "painted": {"dice": list(PAINTED_DICE), "row": made("painted", True), "power": False},
        "power": {
            "dice": [*CLASSIC_DICE, POWER_DIE],
            "row": made("power", False),
            "power": True,
        },
    }


def _odds(dice: Sequence[Die], values: np.ndarray, power: bool) -> TurnOdds:
    from engines.yahtzee.dice import power_turn_flags

    space = dice_space(dice)
    options = power_turn_flags(space) if power else {}
    return TurnOdds(space, values, **options)


def _positions(dice: Sequence[Die], count: int, rng: np.random.Generator) -> list[tuple[list, list, int]]:
    positions = []
    for _ in range(count):
        faces = [die.faces[int(rng.integers(len(die.faces)))] for die in dice]
        held = (rng.random(len(dice)) < 0.4).tolist()
        positions.append((faces, held, int(rng.integers(0, 3))))
    return positions


def _stats(seconds: list[float]) -> dict[str, float]:
    ms = np.array(seconds) * 1e3
    return {
        "n": int(ms.size),
        "median_ms": round(float(np.median(ms)), 4),
        "p99_ms": round(float(np.percentile(ms, 99)), 4),
        "max_ms": round(float(ms.max()), 4),
    }


def run(positions: int = 1000, cold: int = 50, seed: int = 1) -> dict[str, Any]:
    """Time the hints; returns plain data (see the module docstring)."""
    rng = np.random.default_rng(seed)
    results: dict[str, Any] = {}
    for name, mode in _modes().items():
        dice, power = mode["dice"], mode["power"]
        space = dice_space(dice)
        start = time.perf_counter()
        values = space.evaluate_rows(mode["row"])
        evaluate_s = time.perf_counter() - start

        start = time.perf_counter()
        odds = _odds(dice, values, power)
        for rolls_left in (0, 1):
            odds.table(rolls_left)
            odds.keep_table(rolls_left)
        odds.keep_table(None)
        build_s = time.perf_counter() - start

        warm = []
        for faces, held, rolls_left in _positions(dice, positions, rng):
            start = time.perf_counter()
            odds.hint(faces, held, rolls_left)
            warm.append(time.perf_counter() - start)

        fresh = []
        for faces, held, rolls_left in _positions(dice, cold, rng):
            start = time.perf_counter()
            _odds(dice, values, power).hint(faces, held, rolls_left)
            fresh.append(time.perf_counter() - start)

        results[name] = {
            "boxes": values.shape[1],
            "outcomes": space.n_outcomes,
            "keeps": space.n_keeps,
            "box_values_s": round(evaluate_s, 4),
            "build_s": round(build_s, 4),
            "warm": _stats(warm),
            "cold": _stats(fresh),
        }
    results["budget_ms"] = HINT_BUDGET_MS
    # Other work on the machine stretches the tail (p99) most: record how busy it was.
    results["load_average_1min"] = round(os.getloadavg()[0], 2)
    results["cpus"] = os.cpu_count()
    return results


def format_text(results: dict[str, Any]) -> str:
    lines = [
        f"{'mode':8} {'boxes':>5} {'outcomes':>8}  {'warm median/p99 ms':>20}  "
        f"{'cold median/p99 ms':>20}  {'tables s':>8}"
    ]
    for name, r in results.items():
        if not isinstance(r, dict):
            continue
        warm, cold = r["warm"], r["cold"]
        lines.append(
            f"{name:8} {r['boxes']:>5} {r['outcomes']:>8}  "
            f"{warm['median_ms']:>9.3f} / {warm['p99_ms']:<8.3f}  "
            f"{cold['median_ms']:>9.3f} / {cold['p99_ms']:<8.3f}  {r['build_s']:>8.3f}"
        )
    lines.append(
        f"budget: {results['budget_ms']} ms per full hint; "
        f"load average {results['load_average_1min']} on {results['cpus']} CPUs"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engines.odds.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--positions", type=int, default=1000, help="warm hints per mode (default 1000)")
    parser.add_argument("--cold", type=int, default=50, help="cold hints per mode (default 50)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.positions < 1 or args.cold < 1:
        parser.error("--positions and --cold must be at least 1")
    results = run(args.positions, args.cold, args.seed)
    print(json.dumps(results, indent=2) if args.json else format_text(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
