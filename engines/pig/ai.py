"""Pig's computer players: each reads only its own observation and answers roll or hold.

- ``random``: any legal move.
- ``easy``: holds once the turn total reaches a threshold it draws afresh each turn (8 to 16).
- ``medium``: holds at 20, the classic rule of thumb (it maximises the expected points of a turn).
- ``hard``: the optimal player, from :mod:`engines.pig.solver`'s table.
- ``hold-N``: holds at N (for ``tvgames simulate pig``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from engines.core import State
from engines.pig.game import HOLD, ROLL

EASY_THRESHOLDS = (8, 16)
"""The lowest and highest turn total at which easy holds (drawn once a turn)."""
MEDIUM_THRESHOLD = 20
LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")

Player = Callable[[State], int]


def _seat(state: State) -> dict[str, Any]:
    return state.to_dict(state.current_player())


def hold_at(threshold: int) -> Player:
    """Roll until the turn total reaches ``threshold``, then hold."""

    def choose(state: State) -> int:
        obs = _seat(state)
        return ROLL if obs["turn_total"] < threshold or obs["rolls"] == 0 else HOLD

    return choose


def _random(rng: np.random.Generator) -> Player:
    def choose(state: State) -> int:
        legal = [move["action"] for move in _seat(state)["legal"]]
        return int(legal[int(rng.integers(len(legal)))])

    return choose


def _easy(rng: np.random.Generator) -> Player:
    low, high = EASY_THRESHOLDS
    drawn: dict[str, Any] = {"turn": None, "threshold": high}

    def choose(state: State) -> int:
        obs = _seat(state)
        turn = (obs["player"], tuple(obs["turns"]))
        if drawn["turn"] != turn:
            drawn["turn"], drawn["threshold"] = turn, int(rng.integers(low, high + 1))
        return ROLL if obs["turn_total"] < drawn["threshold"] or obs["rolls"] == 0 else HOLD

    return choose


def _hard() -> Player:
    from engines.pig.solver import solve

    table = solve()

    def choose(state: State) -> int:
        obs = _seat(state)
        me = obs["player"]
        mine, theirs = obs["scores"][me], obs["scores"][1 - me]
        return ROLL if table.should_roll(mine, theirs, obs["turn_total"]) else HOLD

    return choose


def make_player(level: str, game: Any, rng: np.random.Generator) -> Player:
    """A player by name: one of :data:`LEVELS`, or ``hold-N`` for a whole number N from 1 up."""
    if level == "random":
        return _random(rng)
    if level == "easy":
        return _easy(rng)
    if level == "medium":
        return hold_at(MEDIUM_THRESHOLD)
    if level == "hard":
        return _hard()
    if level.startswith("hold-") and level[5:].isdigit() and int(level[5:]) > 0:
        return hold_at(int(level[5:]))
    raise ValueError(f"no Pig player {level!r}; known: {', '.join(LEVELS)}, hold-N")
