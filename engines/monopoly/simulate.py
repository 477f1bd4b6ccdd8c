"""Headless Monopoly games for ``tvgames simulate monopoly``.

``run(options)`` plays ``games`` games between the named computer players (2-6 of
:data:`engines.monopoly.ai.PLAYERS`, the benchmark agents too) and returns JSON-able statistics, the
same for the same seed except the ``timing`` key. The players rotate round the seats from game to
game, so nobody keeps the first throw; each player's line is the player named at that place in
``players``. A game capped by ``max_turns`` (every player still in has had that many turns) is won
by the richest by total worth (a tie shares the win).

Reported: each player's win rate with its standard error, mean and median game length (turns of
all players together), bankruptcies, trades, auctions and building-shortage events (per game), the
share of games that reached the cap, and games per second.

Two cores play the games (``core`` in the result says which ran):

- ``fast``: the compiled core (:mod:`engines.monopoly.fastsim`), for hard, medium and
  buy-everything players. It plays the same games as the engine from the same seed, so the result is the same
  apart from ``core`` and ``timing``.
- ``engine``: the rules engine with the computer players of :mod:`engines.monopoly.ai`, for every
  level. Players read their view straight from the state's public fields
  (:meth:`engines.monopoly.ai.View.from_state`, the same decisions as from the observation dict,
  without building it).

``core="auto"`` (the default) takes the fast core when it is built and knows every player, and
says in one line (``options["log"]``, else stderr) when it is missing; ``"fast"`` insists on
it and ``"engine"`` always plays through the engine.

>>> result = run({"players": ["medium", "buy-everything"], "games": 2, "seed": 1, "max_turns": 60})
>>> [p["name"] for p in result["players"]], result["games"]
(['medium', 'buy-everything'], 2)
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from typing import Any

import numpy as np

from engines.core import CHANCE, TERMINAL
from engines.monopoly import fastsim
from engines.monopoly.ai import PLAYERS, make_player
from engines.monopoly.game import MonopolyGame

DEFAULT_MAX_TURNS = 500
"""The cap when none is given: a game between players who never trade can go on for ever."""
CORES = ("auto", "fast", "engine")


def play_game(
    names: list[str], seed: int, game_index: int, max_turns: int, trading: bool, checked: bool = False
) -> dict[str, Any]:
    """One game with the players in ``names`` order from seat 0; returns its winners and stats."""
    n = len(names)
    game = MonopolyGame(n, max_turns=max_turns, trading=trading)
    state = game.new_initial_state()
    players = [
        make_player(name, game, np.random.default_rng([seed, game_index, seat + 1]), fast=True)
        for seat, name in enumerate(names)
    ]
    dice = random.Random(seed * 1_000_003 + game_index)
    # Chance outcomes are drawn from the list (every one equally likely) and the players choose
    # from the legal list, so actions skip apply_action's check (it makes the legal list again);
    # ``checked`` keeps the check (the tests play that way).
    apply = state.apply_action if checked else state._apply
    while True:
        p = state.current_player()
        if p == CHANCE:
            outcomes = state.chance_outcomes()
            apply(outcomes[dice.randrange(len(outcomes))][0])
        elif p == TERMINAL:
            break
        else:
            apply(players[p](state))
    stats = dict(state.stats)
    return {"winners": state.winners(), "stats": stats, "capped": not stats.get("bankruptcies", 0) >= n - 1}


def run(options: dict[str, Any]) -> dict[str, Any]:
    names = list(options.get("players") or ["hard", "medium", "medium", "medium"])
    games = int(options.get("games", 100))
    seed = int(options.get("seed", 0))
    max_turns = options.get("max_turns")
    max_turns = DEFAULT_MAX_TURNS if max_turns is None else int(max_turns)
    trading = not options.get("no_trading", False)
    if not MonopolyGame.min_players <= len(names) <= MonopolyGame.max_players:
        raise ValueError(f"monopoly takes {MonopolyGame.min_players} to {MonopolyGame.max_players} players")
    for name in names:
        if name not in PLAYERS:
            raise ValueError(f"no Monopoly player {name!r}; known: {', '.join(PLAYERS)}")
    if games < 1:
        raise ValueError("--games must be at least 1")
    if max_turns < 0:
        raise ValueError("--max-turns must be 0 (no cap) or more")
    core = choose_core(names, options.get("core") or "auto", options.get("log"))
    play = fastsim.play_game if core == "fast" else play_game

    n = len(names)
    wins = [0.0] * n
    lengths: list[int] = []
    totals = {"bankruptcies": 0, "trades": 0, "auctions": 0, "shortages": 0}
    capped = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for i in range(games):
        shift = i % n
        order = [names[(shift + s) % n] for s in range(n)]  # seat -> name; player k sits at (k - shift)
        result = play(order, seed, i, max_turns, trading)
        for seat in result["winners"]:
            wins[(seat + shift) % n] += 1 / len(result["winners"])
        lengths.append(int(result["stats"].get("turns", 0)))
        for key in totals:
            totals[key] += int(result["stats"].get(key, 0))
        capped += result["capped"]
    seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu_start

    def rate(k: int) -> dict[str, float]:
        p = wins[k] / games
        return {"win_rate": round(p, 6), "standard_error": round(math.sqrt(p * (1 - p) / games), 6)}

    return {
        "game": "monopoly",
        "games": games,
        "seed": seed,
        "max_turns": max_turns,
        "trading": trading,
        "core": core,
        "players": [
            {"seat": k, "name": name, "wins": round(wins[k], 3), **rate(k)} for k, name in enumerate(names)
        ],
        "length": {
            "mean_turns": round(statistics.fmean(lengths), 3),
            "median_turns": statistics.median(lengths),
        },
        "capped_games": capped,
        "per_game": {key: round(value / games, 4) for key, value in totals.items()},
        "totals": totals,
        # games per CPU second too: on a shared machine the wall time counts other people's work
        "timing": {
            "seconds": round(seconds, 3),
            "games_per_second": round(games / seconds, 2),
            "cpu_seconds": round(cpu_seconds, 3),
            "games_per_cpu_second": round(games / max(cpu_seconds, 1e-9), 2),
        },
    }


def choose_core(names: list[str], wanted: str, log: Any = None) -> str:
    """``fast`` or ``engine`` for these players (see the module docstring)."""
    if wanted not in CORES:
        raise ValueError(f"--core is one of {', '.join(CORES)}, not {wanted!r}")
    if wanted == "engine":
        return "engine"
    if fastsim.supports(names):
        return "fast"
    if wanted == "fast":
        if not fastsim.available():
            raise ValueError(f"no fast core: {fastsim.UNAVAILABLE}")
        *others, last = fastsim.LEVELS
        raise ValueError(f"the fast core plays {', '.join(others)} and {last} only")
    if not fastsim.available() and all(name in fastsim.LEVELS for name in names):
        line = f"monopoly simulate: playing through the Python engine: {fastsim.UNAVAILABLE}"
        (log or (lambda text: print(text, file=sys.stderr)))(line)
    return "engine"


def format_text(result: dict[str, Any]) -> str:
    cap = f"cap {result['max_turns']} turns each" if result["max_turns"] else "no turn cap"
    lines = [
        f"Monopoly: {result['games']} games, seed {result['seed']}, {cap}, trading "
        f"{'on' if result['trading'] else 'off'}",
        f"{'seat':>4} {'player':<15} {'win rate':>9} {'+-':>7}",
    ]
    for p in result["players"]:
        lines.append(f"{p['seat']:>4} {p['name']:<15} {p['win_rate']:>9.1%} {p['standard_error']:>7.1%}")
    length = result["length"]
    per = result["per_game"]
    lines.append(
        f"length: mean {length['mean_turns']:.1f} turns, median {length['median_turns']:.0f}; "
        f"{result['capped_games']} games reached the cap"
    )
    lines.append(
        f"per game: {per['bankruptcies']:.2f} bankruptcies, {per['trades']:.2f} trades, "
        f"{per['auctions']:.2f} auctions, {per['shortages']:.2f} building shortages"
    )
    timing = result["timing"]
    lines.append(
        f"{timing['games_per_second']:.1f} games/s ({timing['seconds']:.1f} s; "
        f"{timing['games_per_cpu_second']:.1f} games per CPU second; {result['core']} core)"
    )
    return "\n".join(lines)
