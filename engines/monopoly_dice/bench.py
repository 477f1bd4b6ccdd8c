"""How fast the odds screen answers: ``python -m engines.monopoly_dice.bench [--positions N]``.

Collects positions where a player may roll or stop from seeded games between computer players,
then times :func:`engines.monopoly_dice.odds.hint` on each with its per-position cache cleared.
The outcome tables are built first by :func:`engines.monopoly_dice.odds.warm_up`, as the game
screen does when a game starts (that build is timed and printed too).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from engines.core import sample_chance
from engines.monopoly_dice import odds
from engines.monopoly_dice.ai import make_player
from engines.monopoly_dice.game import MonopolyDiceGame
from engines.monopoly_dice.odds import Position


def sample_positions(count: int, seed: int = 0) -> list[Position]:
    """Positions after a roll (the player may roll again or stop), from hard-vs-medium games."""
    positions: list[Position] = []
    game = 0
    while len(positions) < count:
        rng = np.random.default_rng([seed, game])
        players = [make_player("hard", game), make_player("medium", game)]
        state = MonopolyDiceGame(2).new_initial_state()
        while not state.is_terminal() and len(positions) < count:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            if state.rolls and not state.unplaced_rolled():
                positions.append(Position.from_observation(state.to_dict(state.current_player())))
            state.apply_action(players[state.current_player()](state))
        game += 1
    return positions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    start = time.perf_counter()
    odds.warm_up()
    warm = time.perf_counter() - start
    positions = sample_positions(args.positions, args.seed)
    positions.append(Position(placed=(None,) * 7, showing=(None,) * 7, jailed=(False,) * 3, rolls=1))
    times = []
    for pos in positions:
        odds._expected_basic.cache_clear()  # the per-position cache; warm-up values stay
        t = time.perf_counter()
        odds.hint(pos)
        times.append(time.perf_counter() - t)
    ms = np.array(times) * 1000
    print(f"warm-up (every outcome table, the crowded cups): {warm * 1000:.0f} ms")
    print(
        f"hint over {len(ms)} positions: median {np.median(ms):.2f} ms, 95% {np.percentile(ms, 95):.2f} ms, "
        f"max {ms.max():.2f} ms (all seven dice to roll: {ms[-1]:.2f} ms)"
    )
    return 0 if ms.max() <= 5.0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
