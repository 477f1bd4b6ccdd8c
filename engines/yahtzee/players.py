"""Computer players for the Yahtzee family, found by name.

A player is a function ``choose(state) -> action`` made by a factory ``factory(game, rng)``; it
reads only the observation (:meth:`YahtzeeState.to_dict` for the player to act) and its own
generator. "random" and "greedy" live here; the stronger players register themselves from their
own modules with :func:`register_player` ("easy", "medium", "hard" in ``engines.yahtzee.ai``).

>>> import numpy as np
>>> from engines.core import load_game, play_out
>>> game = load_game("yahtzee-classic")
>>> rng = np.random.default_rng(7)
>>> state = play_out(game.new_initial_state(), rng, make_player("greedy", game, rng))
>>> state.is_terminal()
True
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np

from engines.core import State
from engines.yahtzee.dice import DOUBLE, POWER, POWER_MULTIPLIER
from engines.yahtzee.game import ROLL, SCORE, UNDO, YahtzeeGame, toggle_hold

Choose = Callable[[State], int]
PlayerFactory = Callable[[YahtzeeGame, np.random.Generator], Choose]

_PLAYERS: dict[str, PlayerFactory] = {}
_PLUGIN_MODULES = ("engines.yahtzee.ai",)
"""Modules that register more players when imported (looked up only for an unknown name)."""


def register_player(name: str, factory: PlayerFactory | None = None) -> Any:
    """Register ``factory`` under ``name``; without a factory, use as a decorator."""

    def add(f: PlayerFactory) -> PlayerFactory:
        _PLAYERS[name] = f
        return f

    return add(factory) if factory is not None else add


def available_players() -> list[str]:
    """Every registered player name (importing the optional player modules first)."""
    _import_plugins()
    return sorted(_PLAYERS)


def make_player(name: str, game: YahtzeeGame, rng: np.random.Generator) -> Choose:
    """A player by name for ``game``, drawing any randomness from ``rng``."""
    if name not in _PLAYERS:
        _import_plugins()
    try:
        factory = _PLAYERS[name]
    except KeyError:
        raise ValueError(f"no Yahtzee player {name!r}; known: {', '.join(sorted(_PLAYERS))}") from None
    return factory(game, rng)


def _import_plugins() -> None:
    for module in _PLUGIN_MODULES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


@register_player("random")
def random_player(game: YahtzeeGame, rng: np.random.Generator) -> Choose:
    """Any legal action, uniformly (holds, rolls, undo and boxes alike)."""

    def choose(state: State) -> int:
        legal = state.legal_actions()
        return legal[int(rng.integers(len(legal)))]

    return choose


FIXED_KINDS = {"full_house", "painted_house", "straight", "rainbow", "flush", "yahtzee"}


@register_player("greedy")
def greedy_player(game: YahtzeeGame, rng: np.random.Generator) -> Choose:
    """Hold the most common number (a straight draw when one is open), keep a strong Power die,
    stop as soon as a fixed-value box is made, and always take the best box for the roll."""
    kinds = {box.key: box.kind.value for box in game.boxes}
    straights = [box.key for box in game.boxes if box.kind.value == "straight"]

    def best_box(obs: dict[str, Any]) -> tuple[str, int]:
        boxes = obs["cards"][obs["turn_player"]]["boxes"]
        allowed = [(b["potential"], -b["id"], key) for key, b in boxes.items() if b["allowed"]]
        potential, _, key = max(allowed)
        return key, potential

    def wanted_holds(obs: dict[str, Any]) -> list[bool]:
        dice = obs["dice"]
        numbers = [d["number"] for d in dice if not d["power"]]
        boxes = obs["cards"][obs["turn_player"]]["boxes"]
        holds = [False] * len(dice)
        run = _longest_run(numbers)
        if len(run) >= 4 and any(boxes[k]["score"] is None for k in straights):
            for value in run:
                holds[numbers.index(value)] = True
        else:
            counts = Counter(numbers)
            target = max(counts, key=lambda n: (counts[n], n))
            holds[: len(numbers)] = [n == target for n in numbers]
        if obs["power"] is not None:
            face = obs["power"]["face"]
            holds[-1] = face in (POWER, DOUBLE) or POWER_MULTIPLIER[face] >= 2
        return holds

    def choose(state: State) -> int:
        legal = state.legal_actions()
        if legal == [ROLL]:
            return ROLL
        obs = state.to_dict(state.current_player())
        key, potential = best_box(obs)
        score = SCORE + obs["cards"][obs["turn_player"]]["boxes"][key]["id"]
        may_roll = ROLL in legal or any(toggle_hold(i) in legal for i in range(len(obs["dice"])))
        if not may_roll or (kinds[key] in FIXED_KINDS and potential > 0):
            return score
        holds = wanted_holds(obs)
        for i, (want, die) in enumerate(zip(holds, obs["dice"], strict=True)):
            if want != die["held"] and toggle_hold(i) in legal:
                return toggle_hold(i)
        if ROLL in legal:
            return ROLL
        return score if score in legal else next(a for a in legal if a != UNDO)

    return choose


def _longest_run(numbers: list[int]) -> list[int]:
    """The longest run of consecutive distinct numbers among the dice (e.g. [2, 3, 4, 5])."""
    present = sorted(set(numbers))
    best: list[int] = []
    run: list[int] = []
    for n in present:
        run = [*run, n] if run and n == run[-1] + 1 else [n]
        if len(run) > len(best):
            best = run
    return best
