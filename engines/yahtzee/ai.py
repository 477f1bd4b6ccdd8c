"""Computer players for Classic Yahtzee and Dice Party, and the analysis behind the hint screen.

Every player reads only the observation (``state.to_dict(player)``) and decides by a one-turn
expectimax over holds and boxes with some value for the rest of the game:

``hard``    the optimal table (:mod:`engines.yahtzee.solver`): exact expected final score.
``medium``  a heuristic value for the rest of the card (each open box's typical score, the upper
            bonus by how far it is, the YAHTZEE bonus chances): good holds, sensible boxes, one
            turn of lookahead.
``easy``    the medium player's options chosen by a softmax with a temperature of a few points:
            usually sensible, sometimes a plausible slip.

The heuristic also serves ``hard`` while its table is not ready (:func:`set_background_tables`):
the app keeps its frame rate and the player gets stronger once the table lands.

Painted and Power have their own players: ``engines.yahtzee.ai_painted_power`` (if present)
exposes ``FACTORIES = {"easy": f, "medium": f, "hard": f}`` with the same ``f(game, rng)`` shape,
and the registered names dispatch to it for those modes.

:func:`analyse` answers "what is each option worth?": for a position after a roll, every distinct
hold and every allowed box with its expected final score under optimal play.
"""

from __future__ import annotations

import importlib
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from engines.core import State
from engines.yahtzee.game import ROLL, SCORE, YahtzeeGame, toggle_hold
from engines.yahtzee.players import Choose, register_player
from engines.yahtzee.solver import (
    ALL_FILLED,
    MODES,
    NUM_BOXES,
    UPPER_LEVELS,
    YAHTZEE,
    Solver,
    SolverRules,
    layer_states,
    rules_for,
    state_index,
)
from engines.yahtzee.solver_table import TablePreparer, get_solver, load_table, loaded_solver

EASY_TEMPERATURE = 1.5
"""Points: an option 1.5 points worse than the best is picked e^-1 times as often."""

TYPICAL_BOX_POINTS = (2.1, 5.3, 8.6, 12.2, 15.7, 19.2, 21.7, 13.1, 22.6, 29.5, 32.7, 16.9, 22.0)
"""What each box usually scores in good play (Ones .. Chance): the heuristic's rest of the card."""

_background = False
_preparers: dict[SolverRules, TablePreparer] = {}
_prep_lock = threading.Lock()


def forget_preparers() -> None:
    """Drop the table preparers started so far (a benchmark times a cold start)."""
    with _prep_lock:
        _preparers.clear()


def set_background_tables(enabled: bool = True) -> None:
    """With True, a ``hard`` player never blocks on a table build: it starts one in the background
    and plays the heuristic until it is ready (the app turns this on; the CLI builds up front)."""
    global _background
    _background = enabled


def table_preparer(rules: SolverRules) -> TablePreparer:
    """The shared background preparer of ``rules``' table (started on first use)."""
    with _prep_lock:
        prep = _preparers.get(rules)
        if prep is None:
            prep = _preparers[rules] = TablePreparer(rules).start()
        return prep


def solver_rules(game: YahtzeeGame) -> SolverRules:
    return rules_for(game.mode, game.joker)


# -- the heuristic future value -------------------------------------------------------------------
def heuristic_values(rules: SolverRules) -> np.ndarray:
    """A value table shaped like the solver's, from a formula instead of the DP."""
    masks = np.arange(ALL_FILLED + 1)
    ups = np.arange(UPPER_LEVELS)
    open_ = (masks[:, None] >> np.arange(NUM_BOXES)[None, :]) & 1 == 0  # (8192, 13)
    points = np.array(TYPICAL_BOX_POINTS)
    rest = open_ @ points  # (8192,)
    open_faces = open_[:, :6] @ np.arange(1, 7)
    need = rules.upper_bonus_threshold - ups[None, :]  # (1, 64)
    # Three of each open face is par; the bonus is likely when par covers what is missing.
    margin = 3 * open_faces[:, None] - need
    chance = np.where(need <= 0, 1.0, 1 / (1 + np.exp(-(margin + 2) / 4)))
    chance = np.where((open_faces[:, None] == 0) & (need > 0), 0.0, chance)
    upper_bonus = rules.upper_bonus * chance  # (8192, 64)
    open_count = open_.sum(1)
    further_yahtzees = 0.02 * open_count * rules.yahtzee_bonus if rules.has_bonus else 0 * open_count
    values = rest[:, None, None] + upper_bonus[:, :, None] + np.zeros(2)[None, None, :]
    values[:, :, 1] += further_yahtzees[:, None]
    return values.reshape(-1).astype(float)


_heuristic: dict[SolverRules, Solver] = {}


def heuristic_solver(rules: SolverRules) -> Solver:
    """A :class:`Solver` whose table is :func:`heuristic_values` (instant; for medium/easy/fallback)."""
    with _prep_lock:
        solver = _heuristic.get(rules)
        if solver is None:
            # Solver() writes the exact terminal values: the upper bonus is known once the card is full.
            solver = _heuristic[rules] = Solver(rules, values=heuristic_values(rules))
        return solver


# -- reading the observation ----------------------------------------------------------------------
@dataclass(frozen=True)
class Position:
    """What a decision needs from an observation."""

    state: int  # solver state index
    numbers: tuple[int, ...]  # the five dice (empty before the first roll)
    held: tuple[bool, ...]
    rolls_left: int
    allowed: tuple[int, ...]  # box ids allowed now
    score_so_far: float  # card total without the upper bonus (the table's value includes it)

    @classmethod
    def from_observation(cls, obs: dict[str, Any], rules: SolverRules) -> Position:
        player = obs["turn_player"]
        card = obs["cards"][player]
        mask = 0
        upper = 0
        bonus = 0
        allowed = []
        for box in card["boxes"].values():
            if box["score"] is not None:
                mask |= 1 << box["id"]
                if box["id"] < 6:
                    upper += box["score"]
                if box["id"] == YAHTZEE and box["score"] > 0 and rules.has_bonus:
                    bonus = 1
            if box["allowed"]:
                allowed.append(box["id"])
        upper = min(upper, rules.upper_bonus_threshold)
        dice = [d for d in obs["dice"] if not d.get("power")]
        numbers = tuple(d["number"] for d in dice) if obs["rolls"] and dice[0]["number"] else ()
        return cls(
            state=int(state_index(mask, upper, bonus)),
            numbers=numbers,
            held=tuple(bool(d["held"]) for d in dice),
            rolls_left=int(obs["rolls_left"]) if not obs["must_score"] else 0,
            allowed=tuple(sorted(allowed)),
            score_so_far=float(card["total"] - card["upper_bonus"]),
        )


@dataclass(frozen=True)
class Option:
    """One choice in a position and its expected final score (points so far included).

    ``action`` is the engine's action text for a box ("score full_house"), or "hold 3 3 5" for a
    hold followed by a roll; ``hold`` is the numbers kept (None for a box), ``box`` the box key.
    """

    action: str
    label: str
    expected: float
    hold: tuple[int, ...] | None = None
    box: str | None = None


class Advisor:
    """One-turn expectimax on top of a value table: options, best option, the action to take."""

    def __init__(self, solver: Solver) -> None:
        self.solver = solver
        self._boxes: dict[int, np.ndarray] = {}
        self._rolls: dict[tuple[int, int], np.ndarray] = {}

    def _all_boxes(self, state: int) -> np.ndarray:
        """(252, 13) the value of every box for every final roll from ``state`` (cached)."""
        found = self._boxes.get(state)
        if found is None:
            if len(self._boxes) > 64:
                self._boxes.clear()
                self._rolls.clear()
            n = len(self.solver.dice.rolls)
            found, _ = self.solver.box_values(np.full(n, state), np.arange(n))
            self._boxes[state] = found
        return found

    def roll_values(self, state: int, rolls_left: int) -> np.ndarray:
        """(252,) the value of each roll with ``rolls_left`` rolls still to come (cached)."""
        found = self._rolls.get((state, rolls_left))
        if found is None:
            final = self._all_boxes(state).max(1)
            if rolls_left == 0:
                found = final
            else:
                dice = self.solver.dice
                keep = dice.space.transition @ self.roll_values(state, rolls_left - 1)
                found = keep[dice.sub_keeps].max(1)
                if self.solver.rules.stop_on_yahtzee:
                    found[dice.yahtzee_rolls] = final[dice.yahtzee_rolls]
            self._rolls[(state, rolls_left)] = found
        return found

    def box_values(self, pos: Position) -> np.ndarray:
        """(13,) the value of scoring the dice in each box now (-inf where not allowed)."""
        roll = self.solver.dice.roll_of(pos.numbers)
        cached = self._boxes.get(pos.state)
        if cached is not None:
            return cached[roll]
        value, _ = self.solver.box_values(np.array([pos.state]), np.array([roll]))
        return value[0]

    def hold_values(self, pos: Position) -> list[tuple[tuple[int, ...], float]]:
        """Each distinct hold (as sorted numbers, every die kept excluded) and its value."""
        if pos.rolls_left <= 0:
            return []
        dice = self.solver.dice
        roll = dice.roll_of(pos.numbers)
        full = int(dice.roll_keep[roll])
        keeps = [k for k in dict.fromkeys(int(k) for k in dice.sub_keeps[roll]) if k != full]
        # Only this roll's holds are needed at the top level: a few rows of the keep -> roll matrix.
        values = dice.space.transition[keeps] @ self.roll_values(pos.state, pos.rolls_left - 1)
        out = []
        for keep, value in zip(keeps, values, strict=True):
            counts = dice.keeps[keep]
            hold = tuple(face + 1 for face in range(6) for _ in range(int(counts[face])))
            out.append((hold, float(value)))
        return out

    def options(self, pos: Position, boxes: tuple[Any, ...]) -> list[Option]:
        """Every hold and every allowed box, best first, with expected final scores."""
        opts = []
        values = self.box_values(pos)
        for box_id in pos.allowed:
            if np.isfinite(values[box_id]):
                key = boxes[box_id].key
                opts.append(
                    Option(f"score {key}", boxes[box_id].name, pos.score_so_far + values[box_id], box=key)
                )
        for hold, value in self.hold_values(pos):
            label = hold_action(hold)
            opts.append(Option(label, label.capitalize() + " and roll", pos.score_so_far + value, hold=hold))
        opts.sort(key=lambda o: (-o.expected, o.action))
        return opts


def holds_for(numbers: tuple[int, ...], hold: tuple[int, ...]) -> list[bool]:
    """Which dice to hold so the held numbers are ``hold`` (the first matching dice)."""
    wanted = list(hold)
    flags = []
    for n in numbers:
        if n in wanted:
            wanted.remove(n)
            flags.append(True)
        else:
            flags.append(False)
    return flags


def _act(option: Option, pos: Position, legal: list[int], game: YahtzeeGame) -> int:
    """The next engine action carrying out ``option``: a toggle, the roll, or the score."""
    if option.hold is None:
        return SCORE + next(b.id for b in game.boxes if b.key == option.box)
    wanted = holds_for(pos.numbers, option.hold)
    for i, (want, held) in enumerate(zip(wanted, pos.held, strict=True)):
        if want != held and toggle_hold(i) in legal:
            return toggle_hold(i)
    return ROLL


class _Planner:
    """Picks an option once per roll (so a multi-toggle hold is carried out consistently)."""

    def __init__(self, game: YahtzeeGame, rng: np.random.Generator, temperature: float = 0.0) -> None:
        self.game = game
        self.rules = solver_rules(game)
        self.rng = rng
        self.temperature = temperature
        self._plan: tuple[tuple[Any, ...], Option] | None = None

    def advisor(self) -> Advisor:
        raise NotImplementedError

    def __call__(self, state: State) -> int:
        legal = state.legal_actions()
        if legal == [ROLL]:
            return ROLL
        obs = state.to_dict(state.current_player())
        pos = Position.from_observation(obs, self.rules)
        key = (pos.state, pos.numbers, obs["rolls"], obs["turns"][obs["turn_player"]])
        if self._plan is None or self._plan[0] != key:
            options = self.advisor().options(pos, self.game.boxes)
            self._plan = (key, self._pick(options))
        return _act(self._plan[1], pos, legal, self.game)

    def _pick(self, options: list[Option]) -> Option:
        if self.temperature <= 0 or len(options) == 1:
            return options[0]
        expected = np.array([o.expected for o in options])
        weights = np.exp((expected - expected.max()) / self.temperature)
        return options[int(self.rng.choice(len(options), p=weights / weights.sum()))]


class HeuristicPlayer(_Planner):
    def advisor(self) -> Advisor:
        return _advisor(heuristic_solver(self.rules))


class OptimalPlayer(_Planner):
    """The optimal table's choices; the heuristic's while a background build is still running."""

    def __init__(self, game: YahtzeeGame, rng: np.random.Generator) -> None:
        super().__init__(game, rng)
        if not _background:
            get_solver(self.rules)

    def advisor(self) -> Advisor:
        solver = loaded_solver(self.rules)
        if solver is None:
            prep = table_preparer(self.rules)
            solver = prep.solver()
        return _advisor(solver if solver is not None else heuristic_solver(self.rules))


_advisors: dict[int, Advisor] = {}


def _advisor(solver: Solver) -> Advisor:
    advisor = _advisors.get(id(solver))
    if advisor is None or advisor.solver is not solver:
        advisor = _advisors[id(solver)] = Advisor(solver)
    return advisor


# -- the registered players -----------------------------------------------------------------------
def _other_modes(level: str, game: YahtzeeGame, rng: np.random.Generator) -> Choose:
    try:
        module = importlib.import_module("engines.yahtzee.ai_painted_power")
    except ModuleNotFoundError as exc:
        if exc.name != "engines.yahtzee.ai_painted_power":
            raise
        raise ValueError(f"no {level} player for {game.mode} yet") from None
    return module.FACTORIES[level](game, rng)


@register_player("hard")
def hard_player(game: YahtzeeGame, rng: np.random.Generator) -> Choose:
    """Optimal: maximises the expected final score (solitaire-optimal in multiplayer games)."""
    if game.mode not in MODES:
        return _other_modes("hard", game, rng)
    return OptimalPlayer(game, rng)


@register_player("medium")
def medium_player(game: YahtzeeGame, rng: np.random.Generator) -> Choose:
    """One-turn expectimax over holds and boxes with a heuristic value for the rest of the card."""
    if game.mode not in MODES:
        return _other_modes("medium", game, rng)
    return HeuristicPlayer(game, rng)


@register_player("easy")
def easy_player(game: YahtzeeGame, rng: np.random.Generator) -> Choose:
    """The medium player's options picked by a softmax: plausible, sometimes costly mistakes."""
    if game.mode not in MODES:
        return _other_modes("easy", game, rng)
    return HeuristicPlayer(game, rng, temperature=EASY_TEMPERATURE)


# -- analysis for the hint screen and the game review ---------------------------------------------
def analyse(state: State, solver: Solver | None = None) -> list[Option]:
    """Every option of the player to act after a roll, best first, valued under optimal play.

    ``expected`` is the expected final score of the card if that option is taken and the rest is
    played optimally. Without ``solver`` the optimal table is used if it is ready, else the
    heuristic (check :func:`analysis_is_exact`). Empty when there is nothing to decide.
    """
    game = state.game
    if state.is_terminal() or state.is_chance_node() or game.mode not in MODES:
        return []
    obs = state.to_dict(state.current_player())
    if not obs["rolls"]:
        return []
    rules = solver_rules(game)
    if solver is None:
        solver = loaded_solver(rules) or load_table(rules) or heuristic_solver(rules)
    return _advisor(solver).options(Position.from_observation(obs, rules), game.boxes)


def analysis_is_exact(game: YahtzeeGame) -> bool:
    """Whether :func:`analyse` has the optimal table for ``game`` (not the heuristic)."""
    return game.mode in MODES and loaded_solver(solver_rules(game)) is not None


def hold_action(held_numbers: Sequence[int]) -> str:
    """The :attr:`Option.action` of holding these numbers and rolling the rest ("hold 3 3 5").

    >>> hold_action([5, 3, 3]), hold_action([])
    ('hold 3 3 5', 'hold nothing')
    """
    return "hold " + (" ".join(map(str, sorted(held_numbers))) if held_numbers else "nothing")


def points_lost(options: list[Option], action: str) -> float:
    """How many expected points choosing ``action`` (an :attr:`Option.action`) gives up."""
    for option in options:
        if option.action == action:
            return options[0].expected - option.expected
    raise ValueError(f"{action!r} is not an option here")


def decision_times(solver: Solver, count: int = 300, seed: int = 0) -> dict[str, float]:
    """Time full decisions (one-turn expectimax from the table, all options valued) at random
    reachable positions, with no cache: the median and 90th percentile wall time and the median
    CPU time of this process, in milliseconds (CPU time is what a busy machine does not inflate)."""
    rng = np.random.default_rng(seed)
    rules = solver.rules
    dice = solver.dice
    boxes = rules.boxes
    times = []
    for _ in range(count):
        filled = int(rng.integers(0, NUM_BOXES))
        states, _ = layer_states(filled, rules)
        state = int(states[rng.integers(len(states))])
        mask = state >> 7  # the flat index is (mask * 64 + upper) * 2 + bonus
        roll = dice.space.outcome_tuples[int(rng.integers(len(dice.rolls)))]
        pos = Position(
            state=state,
            numbers=tuple(f + 1 for f in roll),
            held=(False,) * 5,
            rolls_left=int(rng.integers(0, rules.rolls_per_turn)),
            allowed=tuple(b for b in range(NUM_BOXES) if not mask >> b & 1),
            score_so_far=0.0,
        )
        advisor = Advisor(solver)
        started, cpu_started = time.perf_counter(), time.process_time()
        advisor.options(pos, boxes)
        times.append((time.perf_counter() - started, time.process_time() - cpu_started))
    ms = np.array(times) * 1000
    return {
        "median_ms": float(np.median(ms[:, 0])),
        "p90_ms": float(np.percentile(ms[:, 0], 90)),
        "cpu_median_ms": float(np.median(ms[:, 1])),
        "count": count,
    }
