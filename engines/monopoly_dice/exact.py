"""The exact end of a Monopoly Dice turn, kept as a cross-check of the whole-turn solver, and the census.

The whole turn (issue 6: the placement and stopping policy with the highest expected turn score)
is solved exactly in :mod:`engines.monopoly_dice.solver`, since the property dice became three
kinds of identical dice (``rules.DIE_KINDS``). This module holds the two pieces of work that came
before it (``docs/monopoly-dice-exact.md``):

- :class:`EndgameSolver` is the exact optimal stopping rule once every property die is on the
  board: only the Go-to-Jail dice and (after a colour group is complete) the house/hotel die are
  thrown, the Basic score is fixed, and the turn is a small cyclic Markov decision process over
  (jail squares, GO count, houses, hotel), solved by value iteration in numpy for every Basic score
  at once. Transitions come from :func:`engines.monopoly_dice.odds.bank_outcomes`, the same
  enumeration the odds screen uses. It is built apart from the solver (its own state layout,
  value iteration instead of policy iteration, its own GO cap), so it checks the solver's last
  level (an empty cup). Both take their throws from ``bank_outcomes``; the tests here check those
  against the engine's own chance nodes.
- :func:`census` enumerates every reachable (dice in the cup, board) pair by breadth-first search
  over the engine's placement rules, die by die (a board counted per group: real dice on it, Chance
  used, complete), and multiplies in the rest of a turn's state (jail squares, GO money, houses,
  hotel) and the work of one Bellman sweep. It was the argument that the old all-different dice
  could not be solved exactly; it now also counts the same programme with the cup as a count per
  kind, which is what the identical dice save. ``python -m engines.monopoly_dice.exact --census``
  prints it.

GO money is unbounded in principle (GO pays every time it shows); the end-of-turn solver counts GO
up to :data:`GO_CAP` and a GO beyond it pays nothing. Thirty more GOs need J1 to show GO thirty times
before it shows a policeman (1 in 3 each time, a little more with Get Out of Jail Free), so the
values are short by far less than a cent.

>>> solver = endgame_solver()
>>> solver.stop_or_roll(basic=600, jailed=(True, True, False), go_count=0, houses=0, hotels=0,
...                     house_die=False)
'stop'
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from engines.monopoly_dice import odds
from engines.monopoly_dice import rules as R

GO_CAP = 30
"""GO throws counted per turn; beyond this a GO pays nothing in the solver (see the module docstring)."""
TOLERANCE = 1e-9
"""Value iteration stops when no value changes by more than this many dollars."""
BASIC_STEP = 100
"""Every die value and board value is a multiple of $100, so Basic scores are too."""
MAX_BASIC = sum(g.board_value for g in R.GROUPS)
"""No board scores more Basic than every group complete."""

COMPLETE = -1
"""A group's entry in a census board once it is complete (how it was filled no longer matters)."""


# -- the census ----------------------------------------------------------------------------------
def _face_symbols(die: int) -> tuple[str, ...]:
    return tuple(sorted({f.colour for f in R.PROPERTY_DICE[die].faces}))


def reachable_boards(dice: Sequence[int] = R.PROPERTY_IDS) -> set[tuple[int, tuple]]:
    """Every (cup bitmask, board) reachable from an empty board with property ``dice`` in the cup.

    A board has one entry per group: ``(real dice on it, Chance on it)`` while incomplete, or
    :data:`COMPLETE`. Dice values are per group constant, so these counts are all that the score
    and the rules depend on; which dice are in the cup is in the bitmask (bit ``d`` = die ``d``).
    """
    start = (sum(1 << d for d in dice), tuple((0, 0) for _ in R.GROUPS))
    symbols = {d: _face_symbols(d) for d in dice}
    seen = {start}
    frontier = [start]
    while frontier:
        following = []
        for cup, board in frontier:
            for d in dice:
                if not cup >> d & 1:
                    continue
                for symbol in symbols[d]:
                    for g, dr, dc in _targets(board, symbol):
                        r, c = board[g]
                        r, c = r + dr, c + dc
                        new_board = list(board)
                        new_board[g] = COMPLETE if r + c == R.GROUPS[g].squares else (r, c)
                        state = (cup & ~(1 << d), tuple(new_board))
                        if state not in seen:
                            seen.add(state)
                            following.append(state)
        frontier = following
    return seen


def _targets(board: tuple, symbol: str) -> list[tuple[int, int, int]]:
    if symbol == R.CHANCE:
        return [(g, 0, 1) for g in R.COLOUR_GROUPS if board[g] != COMPLETE and board[g][1] == 0]
    g = R.GROUP_INDEX[symbol]
    return [] if board[g] == COMPLETE else [(g, 1, 0)]


@dataclass(frozen=True)
class Census:
    """The size of the exact dynamic programme over whole turns (see :func:`census`)."""

    dice: tuple[int, ...]
    pairs: int
    """Reachable (cup, board) pairs."""
    pairs_by_cup_size: tuple[tuple[int, int], ...]
    distinct_boards: int
    pairs_with_colour_complete: int
    jail_states: int
    go_levels: int
    house_states: int
    states: int
    """Decision states: pairs x jail squares x GO levels x (houses and hotel once the house die plays)."""
    throw_outcomes: int
    """Sum over the pairs of the cup dice's distinct per-die throws (the throws one sweep must visit)."""
    sweep_evaluations: int
    """Throws x jail, GO and house states: the (state, throw) pairs of one Bellman sweep, each a
    maximum over the placements of that throw."""
    kind_pairs: int
    """Reachable (dice of each kind in the cup, board) pairs: the pairs left once dice of one kind
    (``rules.DIE_KINDS``) are interchangeable, so the cup is a count per kind."""
    kind_states: int
    """Decision states over the kind pairs (same jail, GO and house states as :attr:`states`)."""
    kind_throw_outcomes: int
    """Sum over the kind pairs of the cup's distinct throws, each kind's dice thrown as a multiset."""
    kind_sweep_evaluations: int
    """Kind throws x jail, GO and house states: :attr:`sweep_evaluations` once dice of a kind are
    interchangeable."""

    def as_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}


def _kind_counts(cup: int) -> tuple[int, ...]:
    """How many dice of each kind (``rules.DIE_KINDS``) a cup bitmask holds."""
    return tuple(sum(cup >> d & 1 for d in ids) for _, ids in R.DIE_KINDS)


def _kind_throws(counts: Sequence[int]) -> int:
    """Distinct throws of a cup with ``counts`` dice of each kind: a multiset of faces per kind."""
    sides = [len(R.PROPERTY_DICE[ids[0]].distinct_faces()) for _, ids in R.DIE_KINDS]
    return math.prod(math.comb(n + f - 1, n) for n, f in zip(counts, sides, strict=True))


def census(dice: Sequence[int] = R.PROPERTY_IDS, go_levels: int = GO_CAP + 1) -> Census:
    """Count the exact whole-turn dynamic programme for property ``dice`` (all seven by default).

    Jail squares: which of the three are taken, at most two (7 states); the house/hotel die adds
    houses 0-4 x hotel 0-1 (10 states) on boards with a complete colour group. Counted die by die
    (the cup a set of dice) and again by kind (the cup a count per kind), so the two sets of
    figures say what the identical dice of ``rules.DIE_KINDS`` save.
    """
    pairs = reachable_boards(dice)
    jail_states = 2 ** len(R.JAIL_DICE) - 1
    house_states = (R.MAX_HOUSES + 1) * (R.MAX_HOTELS + 1)
    throws_of = {d: len(R.PROPERTY_DICE[d].distinct_faces()) for d in dice}
    sizes: Counter[int] = Counter()
    boards = set()
    kind_pairs = set()
    colour = 0
    states = throws = evaluations = 0
    for cup, board in pairs:
        in_cup = [d for d in dice if cup >> d & 1]
        sizes[len(in_cup)] += 1
        boards.add(board)
        kind_pairs.add((_kind_counts(cup), board))
        houses = _house_states(board, house_states)
        colour += houses > 1
        bank = jail_states * go_levels * houses
        n_throws = math.prod(throws_of[d] for d in in_cup)
        states += bank
        throws += n_throws
        evaluations += bank * n_throws
    kind_states = kind_throws = kind_evaluations = 0
    for counts, board in kind_pairs:
        bank = jail_states * go_levels * _house_states(board, house_states)
        n_throws = _kind_throws(counts)
        kind_states += bank
        kind_throws += n_throws
        kind_evaluations += bank * n_throws
    return Census(
        dice=tuple(dice),
        pairs=len(pairs),
        pairs_by_cup_size=tuple(sorted(sizes.items())),
        distinct_boards=len(boards),
        pairs_with_colour_complete=colour,
        jail_states=jail_states,
        go_levels=go_levels,
        house_states=house_states,
        states=states,
        throw_outcomes=throws,
        sweep_evaluations=evaluations,
        kind_pairs=len(kind_pairs),
        kind_states=kind_states,
        kind_throw_outcomes=kind_throws,
        kind_sweep_evaluations=kind_evaluations,
    )


def _house_states(board: tuple, house_states: int) -> int:
    """Houses and hotel states of a board: all of them once a colour group is complete, else one."""
    return house_states if any(board[g] == COMPLETE for g in R.COLOUR_GROUPS) else 1


# -- the end of a turn: every property die placed ---------------------------------------------------
JAIL_STATES: tuple[tuple[bool, ...], ...] = tuple(
    tuple(bool(mask >> j & 1) for j in range(len(R.JAIL_DICE)))
    for mask in range(2 ** len(R.JAIL_DICE))
    if bin(mask).count("1") < R.JAIL_SQUARES
)
"""Jail squares that do not end the turn, in a fixed order (index into the solver's arrays)."""


@dataclass(frozen=True)
class BankState:
    """What still changes once every property die is placed."""

    jailed: tuple[bool, ...]
    go_count: int
    houses: int
    hotels: int

    def money(self) -> int:
        return R.GO_AMOUNT * self.go_count + R.HOUSE_VALUE * self.houses + R.HOTEL_VALUE * self.hotels


def _bank_states(house_die: bool) -> list[BankState]:
    houses = range(R.MAX_HOUSES + 1) if house_die else (0,)
    hotels = range(R.MAX_HOTELS + 1) if house_die else (0,)
    return [
        BankState(jailed, go, h, ht)
        for jailed in JAIL_STATES
        for go in range(GO_CAP + 1)
        for h in houses
        for ht in hotels
    ]


class _Chain:
    """The bank states for one house-die setting, their stop money and their sparse transitions."""

    def __init__(self, house_die: bool) -> None:
        self.states = _bank_states(house_die)
        self.index = {s: i for i, s in enumerate(self.states)}
        self.money = np.array([s.money() for s in self.states], dtype=np.float64)
        rows = []
        for s in self.states:
            merged: dict[int, float] = {}
            for out in odds.bank_outcomes(s.jailed, s.go_count, s.houses, s.hotels, house_die):
                if out.jail:
                    continue  # the turn scores nothing: contributes 0
                following = BankState(out.jailed, min(out.go_count, GO_CAP), out.houses, out.hotels)
                j = self.index[following]
                merged[j] = merged.get(j, 0.0) + out.prob
            rows.append(merged)
        width = max(len(r) for r in rows)
        self.targets = np.zeros((len(rows), width), dtype=np.int64)
        self.probs = np.zeros((len(rows), width), dtype=np.float64)
        for i, merged in enumerate(rows):
            self.targets[i, : len(merged)] = list(merged)
            self.probs[i, : len(merged)] = list(merged.values())

    def roll_values(self, values: np.ndarray) -> np.ndarray:
        """``values`` (basics x states) -> the expected value of throwing from every state."""
        return np.einsum("bsk,sk->bs", values[:, self.targets], self.probs)


class EndgameSolver:
    """Exact values of the end of a turn, once every property die is on the board.

    ``values(house_die)[b, s]`` is the expected turn score under the optimal stopping rule with
    Basic score ``b * BASIC_STEP`` and bank state ``s`` (see :class:`BankState`); "roll" is
    optimal exactly where throwing is worth more than stopping.
    """

    def __init__(self) -> None:
        self.basics = np.arange(0, MAX_BASIC + BASIC_STEP, BASIC_STEP, dtype=np.float64)
        self.chains = {flag: _Chain(flag) for flag in (False, True)}
        """The bank-state chain without (False) and with (True) the house die."""
        self.values = {flag: self._solve(self.chains[flag]) for flag in (False, True)}
        """The optimal expected turn score, per chain: one row per Basic score, one column per state."""

    def _solve(self, chain: _Chain) -> np.ndarray:
        stop = self.basics[:, None] + chain.money[None, :]
        values = stop.copy()
        while True:
            new = np.maximum(stop, chain.roll_values(values))
            change = float(np.abs(new - values).max())
            values = new
            if change < TOLERANCE:
                return values

    def one_step_rolls(self, house_die: bool) -> np.ndarray:
        """Where the one-step look-ahead rule (the current ``hard`` player's) throws: exactly where
        one more throw, then stopping, is worth more than stopping now."""
        chain = self.chains[house_die]
        stop = self.basics[:, None] + chain.money[None, :]
        return chain.roll_values(stop) > stop + TOLERANCE

    def one_step_values(self, house_die: bool) -> np.ndarray:
        """Values (same layout as the optimal ones) of the one-step look-ahead rule, evaluated
        exactly on the same chain, for comparison."""
        chain = self.chains[house_die]
        stop = self.basics[:, None] + chain.money[None, :]
        rolls = self.one_step_rolls(house_die)
        values = stop.copy()
        while True:
            new = np.where(rolls, chain.roll_values(values), stop)
            change = float(np.abs(new - values).max())
            values = new
            if change < TOLERANCE:
                return values

    def locate(self, basic: int, jailed: Sequence[bool], go_count: int, houses: int, hotels: int,
               house_die: bool) -> tuple[_Chain, int, int]:  # fmt: skip
        """The chain, the Basic score's row and the bank state's column of a position in :attr:`values`."""
        if basic % BASIC_STEP or not 0 <= basic <= MAX_BASIC:
            raise ValueError(f"no Basic score {basic}")
        chain = self.chains[house_die]
        state = BankState(tuple(bool(j) for j in jailed), min(go_count, GO_CAP), houses, hotels)
        return chain, basic // BASIC_STEP, chain.index[state]

    def value(self, basic: int, jailed: Sequence[bool], go_count: int, houses: int, hotels: int,
              house_die: bool) -> float:  # fmt: skip
        """The exact expected turn score of this position under the optimal stopping rule."""
        chain, b, s = self.locate(basic, jailed, go_count, houses, hotels, house_die)
        return float(self.values[house_die][b, s])

    def roll_value(self, basic: int, jailed: Sequence[bool], go_count: int, houses: int, hotels: int,
                   house_die: bool) -> float:  # fmt: skip
        """The exact expected turn score of throwing once more, then playing optimally."""
        chain, b, s = self.locate(basic, jailed, go_count, houses, hotels, house_die)
        values = self.values[house_die][b]
        return float(values[chain.targets[s]] @ chain.probs[s])

    def stop_or_roll(self, basic: int, jailed: Sequence[bool], go_count: int, houses: int, hotels: int,
                     house_die: bool) -> str:  # fmt: skip
        """``"roll"`` where throwing on is worth more than stopping, else ``"stop"``."""
        args = (basic, jailed, go_count, houses, hotels, house_die)
        stop = basic + BankState(tuple(jailed), go_count, houses, hotels).money()
        return "roll" if self.roll_value(*args) > stop + TOLERANCE else "stop"

    def position_value(self, pos: odds.Position) -> float:
        """:meth:`value` of an odds :class:`~engines.monopoly_dice.odds.Position` with an empty cup."""
        if pos.cup():
            raise ValueError("the endgame solver needs every property die on the board")
        return self.value(pos.basic(), pos.jailed, pos.go_count, pos.houses, pos.hotels, pos.house_die_next())


@lru_cache(maxsize=1)
def endgame_solver() -> EndgameSolver:
    """The solver, built once per process (about a second)."""
    return EndgameSolver()


@dataclass(frozen=True)
class EndgameGain:
    """What the exact end of a turn would add to a player, measured over its own turns."""

    player: str
    turns: int
    arrivals: int
    """Turns that reached a decision with every property die placed."""
    decisions: int
    """Roll-or-stop decisions taken with every property die placed."""
    disagreements: int
    """Of those, the ones where the player did not do what the exact rule does."""
    gain_per_turn: float
    """Mean over all turns of (optimal value - the player's one-step rule value) at the first such
    decision: the exact expected gain per turn of switching to the exact end-of-turn rule."""
    max_gain: float


def endgame_gain(player: str = "hard", turns: int = 2000, seed: int = 0) -> EndgameGain:
    """Play ``turns`` solo turns of ``player`` (far from the target) and measure, exactly at each
    turn's first empty-cup decision, what the optimal end-of-turn rule is worth over the one-step
    look-ahead rule (the ``hard`` player's)."""
    from engines.core import sample_chance
    from engines.monopoly_dice.ai import make_player
    from engines.monopoly_dice.game import END_TURN, ROLL, MonopolyDiceGame

    solver = endgame_solver()
    one_step = {flag: solver.one_step_values(flag) for flag in (False, True)}
    computer = make_player(player, seed)
    rng = np.random.default_rng([seed, 99])
    gains = []
    decisions = disagreements = 0
    for _ in range(turns):
        state = MonopolyDiceGame(1, target=25_000).new_initial_state()
        first = True
        while state.turns[0] == 0:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            action = computer(state)
            if action in (ROLL, END_TURN) and state.rolls:
                pos = odds.Position.from_observation(state.to_dict(0))
                if not pos.cup():
                    args = (
                        pos.basic(),
                        pos.jailed,
                        pos.go_count,
                        pos.houses,
                        pos.hotels,
                        pos.house_die_next(),
                    )
                    decisions += 1
                    disagreements += (solver.stop_or_roll(*args) == "roll") != (action == ROLL)
                    if first:
                        first = False
                        _, b, i = solver.locate(*args)
                        gains.append(float(solver.values[args[-1]][b, i] - one_step[args[-1]][b, i]))
            state.apply_action(action)
    return EndgameGain(
        player=player,
        turns=turns,
        arrivals=len(gains),
        decisions=decisions,
        disagreements=disagreements,
        gain_per_turn=sum(gains) / turns,
        max_gain=max(gains, default=0.0),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--census", action="store_true", help="count the whole-turn programme (about 15 s)")
    parser.add_argument("--dice", default="P1,P2,P3,P4,P5,P6,P7", help="property dice for --census")
    parser.add_argument("--gain", type=int, default=0, metavar="TURNS", help="measure the endgame's gain")
    parser.add_argument("--player", default="hard", help="player for --gain")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.gain:
        for key, value in asdict(endgame_gain(args.player, args.gain, args.seed)).items():
            print(f"{key:<14} {value:.3f}" if isinstance(value, float) else f"{key:<14} {value}")
        return 0
    if args.census:
        names = [d.name for d in R.PROPERTY_DICE]
        dice = [names.index(n) for n in args.dice.split(",")]
        for key, value in census(dice).as_dict().items():
            print(f"{key:<28} {value:,}" if isinstance(value, int) else f"{key:<28} {value}")
        return 0
    start = time.perf_counter()
    solver = EndgameSolver()
    built = time.perf_counter() - start
    sizes = {flag: len(chain.states) for flag, chain in solver.chains.items()}
    print(f"endgame solver: {len(solver.basics)} Basic scores x {sizes} bank states, built in {built:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
