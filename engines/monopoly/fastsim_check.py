"""Is the fast core the engine's game? The comparisons behind its tests and ``bench agree``.

- :func:`engine_game` plays one game through the rules engine the way the simulator does, and
  records what the fast core reports: the final cash, positions, owners and building levels, the
  landings per square (index 40: sent to jail) and, if asked, a trace row per chance outcome.
- :func:`mismatches` plays games on both cores from the same seeds and lists every difference.
- :func:`agreement` compares two independent samples (different seeds): the fast core's and the
  engine's win rates, game length, auctions, trades, bankruptcies and landing shares, in standard
  errors of the difference.
"""

from __future__ import annotations

import math
import random
import statistics
from typing import Any

import numpy as np

from engines.core import CHANCE, TERMINAL
from engines.monopoly import fastsim
from engines.monopoly import game as G
from engines.monopoly import rules as R
from engines.monopoly.ai import make_player

COMPARED = ("winners", "stats", "cash", "pos", "owner", "level", "landings")
"""What a game on the fast core must share with the same game on the engine."""


class _CountingState(G.MonopolyState):
    """The engine's state, counting where tokens land (what the fast core counts)."""

    def __init__(self, game: G.MonopolyGame) -> None:
        super().__init__(game)
        self.landings = [0] * (R.NUM_SQUARES + 1)

    def _land(self, p: int, rent_mode: int) -> None:
        self.landings[self.pos[p]] += 1
        super()._land(p, rent_mode)

    def _send_to_jail(self, p: int) -> None:
        self.landings[R.NUM_SQUARES] += 1
        super()._send_to_jail(p)


def engine_game(
    names: list[str],
    seed: int,
    game_index: int,
    max_turns: int,
    trading: bool,
    jackpot: bool = False,
    script: list[int] | None = None,
    trace: bool = False,
) -> dict[str, Any]:
    """One game through the engine, as :func:`engines.monopoly.simulate.play_game` plays it
    (``script``: the first chance outcomes' indices, as :func:`fastsim.play_raw` takes them)."""
    game = G.MonopolyGame(len(names), max_turns=max_turns, trading=trading, free_parking_jackpot=jackpot)
    state = _CountingState(game)
    players = [
        make_player(name, game, np.random.default_rng([seed, game_index, seat + 1]), fast=True)
        for seat, name in enumerate(names)
    ]
    dice = random.Random(seed * 1_000_003 + game_index)
    script = list(script or [])
    rows: list[tuple[int, ...]] = []
    while True:
        p = state.current_player()
        if p == CHANCE:
            outcomes = state.chance_outcomes()
            k = script.pop(0) % len(outcomes) if script else dice.randrange(len(outcomes))
            outcome = outcomes[k][0]
            state._apply(outcome)
            if trace:
                rows.append((outcome, *state.cash, *state.pos))
        elif p == TERMINAL:
            break
        else:
            state._apply(players[p](state))
    return {
        "winners": state.winners(),
        "stats": dict(state.stats),
        "cash": list(state.cash),
        "pos": list(state.pos),
        "owner": list(state.owner),
        "level": list(state.level),
        "landings": list(state.landings),
        "trace": rows,
        "in_jail": list(state.in_jail),
    }


def mismatches(
    names: list[str], seed: int, games: int, max_turns: int, trading: bool = True, jackpot: bool = False
) -> list[str]:
    """Every difference between the cores over ``games`` games (empty when they agree)."""
    out = []
    for i in range(games):
        engine = engine_game(names, seed, i, max_turns, trading, jackpot)
        fast = fastsim.play_raw(names, seed, i, max_turns, trading, jackpot)
        for key in COMPARED:
            if engine[key] != fast[key]:
                out.append(f"game {i}: {key} engine {engine[key]} fast {fast[key]}")
    return out


def _summary(games: list[dict[str, Any]]) -> dict[str, list[float]]:
    """Per-game samples: seat 0's win share, length, auctions, trades, bankruptcies, landing shares."""
    out: dict[str, list[float]] = {"seat 0 wins": [], "turns": [], "auctions": [], "trades": [],
                                   "bankruptcies": []}  # fmt: skip
    squares: list[list[float]] = [[] for _ in range(R.NUM_SQUARES + 1)]
    for g in games:
        out["seat 0 wins"].append(1 / len(g["winners"]) if 0 in g["winners"] else 0.0)
        for key in ("turns", "auctions", "trades", "bankruptcies"):
            out[key].append(float(g["stats"][key]))
        total = sum(g["landings"])
        for sq, count in enumerate(g["landings"]):
            squares[sq].append(count / total)
    names = [s.name for s in R.BOARD] + ["sent to jail"]
    for sq, values in enumerate(squares):
        out[f"landing {names[sq]}"] = values
    return out


def agreement(
    names: list[str], fast_games: int, engine_games: int, max_turns: int, seed: int = 1
) -> dict[str, dict[str, float]]:
    """Fast core (seed ``seed``) against engine (seed ``seed + 1``): per measure, both means and
    the difference in standard errors (``z``)."""
    fast = [fastsim.play_raw(names, seed, i, max_turns, True) for i in range(fast_games)]
    engine = [engine_game(names, seed + 1, i, max_turns, True) for i in range(engine_games)]
    a, b = _summary(fast), _summary(engine)
    out = {}
    for key in a:
        ma, mb = statistics.fmean(a[key]), statistics.fmean(b[key])
        se = math.sqrt(statistics.variance(a[key]) / len(a[key]) + statistics.variance(b[key]) / len(b[key]))
        out[key] = {"fast": ma, "engine": mb, "z": (ma - mb) / se if se else 0.0}
    return out
