"""Headless Pig games for ``tvgames simulate pig``.

``run(options)`` plays ``games`` games between two named computer players (:mod:`engines.pig.ai`)
and returns JSON-able statistics, the same for the same seed (except ``timing``). The players swap
seats every game, so each win rate is over both seats; ``first_seat_win_rate`` is how often the
player who rolled first won, whoever it was.

>>> result = run({"players": ["medium", "medium"], "games": 4, "seed": 1})
>>> result["games"], len(result["players"])
(4, 2)
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from engines.core import play_out
from engines.pig.ai import make_player
from engines.pig.game import PigGame


def run(options: dict[str, Any]) -> dict[str, Any]:
    names = list(options.get("players") or ["hard", "medium"])
    games = int(options.get("games", 1000))
    seed = int(options.get("seed", 0))
    if len(names) == 1:
        names = names * 2
    if len(names) != 2:
        raise ValueError("pig takes two players")
    if games < 1:
        raise ValueError("--games must be at least 1")
    game = PigGame()
    for name in names:
        make_player(name, game, np.random.default_rng(0))  # an unknown name fails before any game
    wins = [0, 0]
    first_seat = 0
    turns = 0
    start = time.perf_counter()
    for i in range(games):
        seats = (i % 2, 1 - i % 2)  # seat -> index into names
        players = [
            make_player(names[k], game, np.random.default_rng([seed, i, s])) for s, k in enumerate(seats)
        ]
        state = play_out(game.new_initial_state(), np.random.default_rng([seed, i]), players)
        winner = state.to_dict()["winner"]
        wins[seats[winner]] += 1
        first_seat += winner == 0
        turns += sum(state.to_dict()["turns"])
    seconds = time.perf_counter() - start
    return {
        "game": "pig",
        "games": games,
        "seed": seed,
        "first_seat_win_rate": first_seat / games,
        "mean_game_turns": turns / games,
        "players": [
            {"name": name, "wins": wins[k], "win_rate": wins[k] / games} for k, name in enumerate(names)
        ],
        "timing": {"seconds": round(seconds, 3), "games_per_second": round(games / max(seconds, 1e-9), 1)},
    }


def format_text(result: dict[str, Any]) -> str:
    lines = [
        f"Pig: {result['games']} games, seed {result['seed']}, {result['mean_game_turns']:.1f} turns a game, "
        f"the first to roll won {result['first_seat_win_rate']:.2%}",
        f"{'player':<10} {'wins':>7} {'win rate':>9}",
    ]
    for p in result["players"]:
        lines.append(f"{p['name']:<10} {p['wins']:>7} {p['win_rate']:>9.2%}")
    timing = result["timing"]
    lines.append(f"{timing['games_per_second']:.1f} games/s ({timing['seconds']:.1f} s)")
    return "\n".join(lines)
