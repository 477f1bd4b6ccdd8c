"""Headless Monopoly Dice games for ``tvgames simulate monopoly-dice``.

``run(options)`` plays ``games`` games between the named computer players and returns JSON-able
statistics (the same for the same seed, except the ``timing`` key). Seats rotate from game to game
so that nobody keeps the first-player advantage. ``report`` adds, per player, how its turns ended:
stops by policemen on the board and by turn score (in $500 buckets), jail by number of rolls, and
rolls per turn, each as ``[value, count]`` pairs in numeric order. ``hard_policy`` says how
``hard`` played: "exact" (the solved turn, built first if this box has none) or "one-step" (where
builds are switched off and no table is cached).

>>> result = run({"players": ["hard", "police2"], "games": 2, "seed": 1})
>>> sorted(result["players"][0])
['busts_per_turn', 'mean_turn_score', 'mean_turns', 'name', 'turns', 'win_rate', 'wins']
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import numpy as np

from engines.core import CHANCE, sample_chance
from engines.monopoly_dice import rules as R
from engines.monopoly_dice import turn_table
from engines.monopoly_dice.ai import PLAYERS, HardPlayer, make_player
from engines.monopoly_dice.game import END_TURN, MonopolyDiceGame

SCORE_BUCKET = 500
"""Width of the turn-score buckets in the policy report."""


def run(options: dict[str, Any]) -> dict[str, Any]:
    names = list(options.get("players") or ["hard", "medium"])
    games = int(options.get("games", 1000))
    seed = int(options.get("seed", 0))
    target = int(options.get("target") or R.DEFAULT_TARGET)
    if not 1 <= len(names) <= 4:
        raise ValueError("monopoly-dice takes 1 to 4 players")
    for name in names:
        if name not in PLAYERS:
            raise ValueError(f"no Monopoly Dice player {name!r}; known: {', '.join(PLAYERS)}")
    if target not in R.TARGETS:
        raise ValueError(f"--target must be one of {', '.join(map(str, R.TARGETS))}")
    if games < 1:
        raise ValueError("--games must be at least 1")

    hard_policy = None
    if any(name.startswith("hard") for name in names):
        # the exact turn: loaded, or built now (minutes, once); never where the caller forbids builds
        table = turn_table.get_table(build=turn_table.builds_allowed(), log=options.get("log"))
        hard_policy = "exact" if table is not None else "one-step"

    n = len(names)
    wins = [0] * n
    turns = [0] * n
    scored = [0] * n
    busts = [0] * n
    stops_police: list[Counter] = [Counter() for _ in names]
    stops_score: list[Counter] = [Counter() for _ in names]
    jail_rolls: list[Counter] = [Counter() for _ in names]
    rolls_per_turn: list[Counter] = [Counter() for _ in names]
    game_turns = 0
    start = time.perf_counter()
    for i in range(games):
        shift = i % n
        seats = [(shift + s) % n for s in range(n)]  # seat -> index into names
        players = [make_player(names[k], seed * 1_000_003 + i * 7 + s) for s, k in enumerate(seats)]
        for player in players:
            if isinstance(player, HardPlayer):
                player.seat_levels = [names[k] for k in seats]  # computer seats: levels known
        rng = np.random.default_rng([seed, i])
        state = MonopolyDiceGame(n, target=target).new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                before = sum(state.turns)
                state.apply_action(sample_chance(state, rng))
                if sum(state.turns) != before:  # the roll ended the turn in jail
                    k = seats[state.last_turn["player"]]
                    jail_rolls[k][state.last_turn["rolls"]] += 1
                    rolls_per_turn[k][state.last_turn["rolls"]] += 1
                continue
            action = players[player](state)
            if action == END_TURN:
                k = seats[player]
                stops_police[k][state.policemen()] += 1
                bucket = state.score_parts()["turn"] // SCORE_BUCKET * SCORE_BUCKET
                stops_score[k][bucket] += 1
                rolls_per_turn[k][state.rolls] += 1
            state.apply_action(action)
        game_turns += sum(state.turns)
        wins[seats[state.winner]] += 1
        for seat, k in enumerate(seats):
            turns[k] += state.turns[seat]
            scored[k] += state.scores[seat]
            busts[k] += state.busts[seat]
    seconds = time.perf_counter() - start

    result: dict[str, Any] = {
        "game": "monopoly-dice",
        "games": games,
        "seed": seed,
        "target": target,
        "mean_game_turns": game_turns / games,
        "hard_policy": hard_policy,
        "players": [
            {
                "name": name,
                "wins": wins[k],
                "win_rate": wins[k] / games,
                "turns": turns[k],
                "mean_turns": turns[k] / games,
                "mean_turn_score": scored[k] / max(1, turns[k]),
                "busts_per_turn": busts[k] / max(1, turns[k]),
            }
            for k, name in enumerate(names)
        ],
        "timing": {"seconds": round(seconds, 3), "games_per_second": round(games / seconds, 2)},
    }
    if options.get("report"):
        result["report"] = [
            {
                "name": name,
                "stops_by_policemen": sorted(map(list, stops_police[k].items())),
                "stops_by_turn_score": sorted(map(list, stops_score[k].items())),
                "jail_by_rolls": sorted(map(list, jail_rolls[k].items())),
                "rolls_per_turn": sorted(map(list, rolls_per_turn[k].items())),
            }
            for k, name in enumerate(names)
        ]
    return result


def format_text(result: dict[str, Any]) -> str:
    lines = [
        f"Monopoly Dice: {result['games']} games, target ${result['target']:,}, seed {result['seed']}, "
        f"{result['mean_game_turns']:.1f} turns a game",
        f"{'player':<10} {'win rate':>9} {'turns':>7} {'turn score':>11} {'jail/turn':>10}",
    ]
    for p in result["players"]:
        lines.append(
            f"{p['name']:<10} {p['win_rate']:>9.1%} {p['mean_turns']:>7.2f} "
            f"{p['mean_turn_score']:>11.1f} {p['busts_per_turn']:>10.3f}"
        )
    timing = result["timing"]
    lines.append(f"{timing['games_per_second']:.1f} games/s ({timing['seconds']:.1f} s)")
    if result.get("hard_policy"):
        lines.append(f"hard played the {result['hard_policy']} turn policy")
    for rep in result.get("report", []):
        lines.append("")
        lines.append(f"{rep['name']}: how its turns ended")
        total = sum(c for _, c in rep["rolls_per_turn"]) or 1
        police = ", ".join(f"{p} policemen {c / total:.1%}" for p, c in rep["stops_by_policemen"])
        lines.append(f"  stopped with {police}")
        jail = sum(c for _, c in rep["jail_by_rolls"])
        lines.append(f"  jailed {jail / total:.1%} of turns")
        scores = ", ".join(
            f"${b:,}+ {c / total:.1%}" for b, c in rep["stops_by_turn_score"] if c / total >= 0.005
        )
        lines.append(f"  stopped at turn score {scores}")
        rolls = ", ".join(f"{r}: {c / total:.1%}" for r, c in rep["rolls_per_turn"])
        lines.append(f"  rolls per turn {rolls}")
    return "\n".join(lines)
