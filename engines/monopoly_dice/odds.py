"""Exact odds for the Monopoly Dice odds screen (key 5) and the computer players.

Everything here is enumerated, never sampled: the property dice still to roll are convolved into
the exact distribution of "how many faces of each group, how many Chance faces" (8,919 distinct
outcomes for all seven dice, cached per set of dice), the Go-to-Jail dice and the house/hotel die
are enumerated face by face, and the scores are evaluated for every outcome at once with numpy.

A :class:`Position` is read from an observation (``state.to_dict(player)``), so the odds and the
computer players see exactly what the screen sees.

>>> from engines.monopoly_dice import MonopolyDiceGame
>>> state = MonopolyDiceGame(2).new_initial_state()
>>> round(hint(Position.from_observation(state.to_dict(0)))["jail"], 4)  # three policemen at once
0.037
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import numpy as np

from engines.monopoly_dice import rules as R

NUM_GROUPS = len(R.GROUPS)
CHANCE_SYMBOL = NUM_GROUPS
"""Column of the Chance count in an outcome table (groups are columns 0-9)."""
SQUARES = np.array([g.squares for g in R.GROUPS])
BOARD_VALUE = np.array([g.board_value for g in R.GROUPS])
DIE_VALUE = np.array([g.die_value for g in R.GROUPS])
IS_COLOUR = np.array([g.colour for g in R.GROUPS])


@dataclass(frozen=True)
class Position:
    """What matters for the odds: the board, the dice showing, the jail squares and the turn's bank.

    ``placed[d]`` is the group property die ``d`` is on (None if not placed) and ``showing[d]`` the
    colour key of its face (a group key or "chance"), or None if it has not been rolled.
    """

    placed: tuple[int | None, ...]
    showing: tuple[str | None, ...]
    jailed: tuple[bool, ...]
    go_count: int = 0
    houses: int = 0
    hotels: int = 0
    house_die_in: bool = False
    rolls: int = 0

    @classmethod
    def from_observation(cls, obs: dict[str, Any]) -> Position:
        showing = []
        for d in R.PROPERTY_IDS:
            face = obs["dice"][d]["face"]
            showing.append(None if face is None else face["colour"])
        return cls(
            placed=tuple(obs["placed"]),
            showing=tuple(showing),
            jailed=tuple(obs["jailed"]),
            go_count=obs["go_count"],
            houses=obs["houses"],
            hotels=obs["hotels"],
            house_die_in=obs["house_die_in"],
            rolls=obs["rolls"],
        )

    # -- the board ------------------------------------------------------------------------------
    def filled(self) -> np.ndarray:
        counts = np.zeros(NUM_GROUPS, dtype=np.int64)
        for g in self.placed:
            if g is not None:
                counts[g] += 1
        return counts

    def chance_used(self) -> np.ndarray:
        used = np.zeros(NUM_GROUPS, dtype=bool)
        for d, g in enumerate(self.placed):
            if g is not None and self.showing[d] == R.CHANCE:
                used[g] = True
        return used

    def die_sums(self) -> np.ndarray:
        sums = np.zeros(NUM_GROUPS, dtype=np.int64)
        for d, g in enumerate(self.placed):
            if g is not None and self.showing[d] != R.CHANCE:
                sums[g] += R.GROUPS[g].die_value
        return sums

    def basic(self) -> int:
        filled, sums = self.filled(), self.die_sums()
        complete = filled == SQUARES
        incomplete = sums[(~complete) & (filled > 0)]
        return int(BOARD_VALUE[complete].sum() + (incomplete.max() if incomplete.size else 0))

    def bank(self) -> int:
        """The turn's GO, house and hotel money."""
        return R.GO_AMOUNT * self.go_count + R.HOUSE_VALUE * self.houses + R.HOTEL_VALUE * self.hotels

    def turn_score(self) -> int:
        """The turn score if the player ends the turn now."""
        return self.basic() + self.bank()

    def policemen(self) -> int:
        return sum(self.jailed)

    def cup(self) -> tuple[int, ...]:
        """The property dice the next roll throws."""
        return tuple(d for d in R.PROPERTY_IDS if self.placed[d] is None)

    def house_die_next(self) -> bool:
        filled = self.filled()
        return self.house_die_in or bool(np.any((filled == SQUARES) & IS_COLOUR))

    def place(self, die: int, group: int) -> Position:
        placed = list(self.placed)
        placed[die] = group
        return replace(self, placed=tuple(placed))


# -- the property dice: exact outcome tables --------------------------------------------------------
def _symbol(colour: str | None) -> int:
    return CHANCE_SYMBOL if colour == R.CHANCE else R.GROUP_INDEX[colour]


@lru_cache(maxsize=256)
def outcome_table(dice: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """``(counts, probs)`` for rolling property ``dice``: one row per distinct outcome.

    ``counts[:, g]`` is how many dice show group ``g``, ``counts[:, CHANCE_SYMBOL]`` how many show
    Chance; the rows' probabilities sum to 1.
    """
    dist: dict[tuple[int, ...], float] = {(0,) * (NUM_GROUPS + 1): 1.0}
    for d in dice:
        die = R.PROPERTY_DICE[d]
        faces = [
            (_symbol(f.colour), float(p))
            for f, p in zip(die.distinct_faces(), die.face_probabilities(), strict=True)
        ]
        new: dict[tuple[int, ...], float] = {}
        for vec, p in dist.items():
            for sym, q in faces:
                v = list(vec)
                v[sym] += 1
                key = tuple(v)
                new[key] = new.get(key, 0.0) + p * q
        dist = new
    counts = np.array(list(dist), dtype=np.int32).reshape(len(dist), NUM_GROUPS + 1)
    probs = np.fromiter(dist.values(), dtype=float, count=len(dist))
    counts.setflags(write=False)
    probs.setflags(write=False)
    return counts, probs


@lru_cache(maxsize=256)
def _float_table(dice: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    # The outcome table split into contiguous float columns: float64 arithmetic and matrix
    # products are the fastest numpy paths, and every value here is an exact small integer.
    counts, probs = outcome_table(dice)
    groups = np.ascontiguousarray(counts[:, :NUM_GROUPS], dtype=np.float64)
    chances = np.ascontiguousarray(counts[:, CHANCE_SYMBOL], dtype=np.float64)
    return groups, chances, probs


def best_basic_after(pos: Position, counts: np.ndarray) -> np.ndarray:
    """For every outcome row, the Basic score after placing the rolled dice as well as possible now.

    Every rolled group die goes on its group while there is room (it can only add value); each
    Chance die completes at most one colour group that lacks exactly one die, and the groups to
    complete are chosen exactly (all of them when there are enough Chance dice, otherwise the best
    choice given which group is then the best incomplete one).
    """
    groups = np.asarray(counts[:, :NUM_GROUPS], dtype=np.float64)
    chances = np.asarray(counts[:, CHANCE_SYMBOL], dtype=np.float64)
    best = _best_basic(pos.filled(), pos.die_sums(), pos.chance_used(), groups, chances)
    return best.astype(np.int64)


_SQUARES_F = SQUARES.astype(np.float64)
_BOARD_F = BOARD_VALUE.astype(np.float64)
_DIE_F = DIE_VALUE.astype(np.float64)


def _best_basic(
    filled: np.ndarray, sums: np.ndarray, used: np.ndarray, groups: np.ndarray, chances: np.ndarray
) -> np.ndarray:
    room = _SQUARES_F - filled
    add = np.minimum(groups, room)
    new_fill = add + filled
    new_sum = add * _DIE_F + sums
    complete = new_fill == _SQUARES_F
    candidate = (new_fill == _SQUARES_F - 1) & (IS_COLOUR & ~used)
    n_cand = candidate.sum(axis=1)
    # Rows with enough Chance dice complete every candidate.
    done = complete | (candidate & (chances >= n_cand)[:, None])
    base = _score(done, new_sum, new_fill)
    # Fewer Chance dice than candidates: the best choice is, over every group g that may end up
    # the best incomplete one, g's value plus the k most valuable candidates other than g (exact,
    # because the board values differ).
    rows = np.flatnonzero((chances > 0) & (chances < n_cand))
    if rows.size:
        cand, k = candidate[rows], chances[rows].astype(np.int64)
        done_value = complete[rows] @ _BOARD_F
        incomplete = np.where(complete[rows] | (new_fill[rows] == 0), 0.0, new_sum[rows])
        values = np.sort(np.where(cand, _BOARD_F, 0.0), axis=1)[:, ::-1]
        top_k = np.take_along_axis(np.cumsum(values, axis=1), (k - 1)[:, None], axis=1)[:, 0]
        kth = np.take_along_axis(values, (k - 1)[:, None], axis=1)[:, 0]
        next_value = np.take_along_axis(values, k[:, None], axis=1)[:, 0]
        in_top = cand & (_BOARD_F >= kth[:, None])
        without_g = np.where(in_top, (top_k + next_value)[:, None] - _BOARD_F, top_k[:, None])
        best = np.maximum(top_k, (incomplete + without_g).max(axis=1))
        base[rows] = done_value + best
    return base


def _score(done: np.ndarray, sums: np.ndarray, fill: np.ndarray) -> np.ndarray:
    incomplete = np.where(done | (fill == 0), 0.0, sums)
    return done @ _BOARD_F + incomplete.max(axis=1)


# -- the Go-to-Jail dice and the house/hotel die ----------------------------------------------------
@dataclass(frozen=True)
class BankOutcome:
    """One resolved outcome of the jail dice and the house/hotel die."""

    prob: float
    jail: bool
    jailed: tuple[bool, ...]
    go_count: int
    houses: int
    hotels: int


@lru_cache(maxsize=4096)
def bank_outcomes(
    jailed: tuple[bool, ...], go_count: int, houses: int, hotels: int, house_die: bool
) -> tuple[BankOutcome, ...]:
    """Every way the next roll's jail dice and house/hotel die can land, with its result."""
    free = [j for j, on in enumerate(jailed) if not on]
    per_die = []
    for j in free:
        die = R.JAIL_DICE[j]
        per_die.append(
            [
                (f.colour, float(p))
                for f, p in zip(die.distinct_faces(), die.face_probabilities(), strict=True)
            ]
        )
    house_faces = (
        [
            (f.colour, float(p))
            for f, p in zip(R.HOUSE_DIE.distinct_faces(), R.HOUSE_DIE.face_probabilities(), strict=True)
        ]
        if house_die
        else [(None, 1.0)]
    )
    merged: dict[tuple, float] = {}
    for combo in itertools.product(*per_die, house_faces):
        prob = 1.0
        on = list(jailed)
        go, h, ht = go_count, houses, hotels
        for (colour, p), j in zip(combo[:-1], free, strict=True):
            prob *= p
            if colour == R.POLICEMAN:
                on[j] = True
            elif colour == R.GO:
                go += 1
        colour, p = combo[-1]
        prob *= p
        if colour == R.HOUSE and h < R.MAX_HOUSES:
            h += 1
        elif colour == R.BROKEN_HOUSE and h > 0:
            h -= 1
        elif colour == R.HOTEL and h >= R.HOTEL_NEEDS_HOUSES and ht < R.MAX_HOTELS:
            ht += 1
        elif colour == R.JAIL_FREE and any(on):
            on[0 if on[0] else on.index(True)] = False
        jail = sum(on) >= R.JAIL_SQUARES
        key = (jail, tuple(on), go, h, ht) if not jail else (True, (), 0, 0, 0)
        merged[key] = merged.get(key, 0.0) + prob
    return tuple(BankOutcome(p, *key) for key, p in merged.items())


# -- the odds screen ---------------------------------------------------------------------------------
def jail_chance(pos: Position) -> float:
    """The chance that the next roll ends the turn in jail (third policeman, no rescue)."""
    outs = bank_outcomes(pos.jailed, pos.go_count, pos.houses, pos.hotels, pos.house_die_next())
    return sum(o.prob for o in outs if o.jail)


def completion_chances(pos: Position) -> dict[str, float]:
    """For every group not yet complete: the chance that the next roll's dice can complete it.

    "Can complete" means enough of the rolled dice show the group, counting one rolled Chance for a
    colour group without a Chance yet; it does not look at the policemen (see :func:`jail_chance`).
    """
    counts, probs = outcome_table(pos.cup())
    filled, used = pos.filled(), pos.chance_used()
    result = {}
    for g, group in enumerate(R.GROUPS):
        need = group.squares - filled[g]
        if need == 0:
            continue
        have = counts[:, g].copy()
        if group.colour and not used[g]:
            have = have + (counts[:, CHANCE_SYMBOL] > 0)
        result[group.key] = float(probs[have >= need].sum())
    return result


_PRECOMPUTED: dict[tuple, float] = {}
"""Expected Basic scores for the crowded cups (six or seven dice), filled by :func:`warm_up`."""


def expected_basic_after(
    cup: tuple[int, ...], filled: tuple[int, ...], sums: tuple[int, ...], used: tuple[bool, ...]
) -> float:
    """The mean of :func:`best_basic_after` over a roll of ``cup`` (cached: boards repeat a lot)."""
    key = (cup, filled, sums, used)
    value = _PRECOMPUTED.get(key)
    return value if value is not None else _expected_basic(*key)


@lru_cache(maxsize=100_000)
def _expected_basic(
    cup: tuple[int, ...], filled: tuple[int, ...], sums: tuple[int, ...], used: tuple[bool, ...]
) -> float:
    groups, chances, probs = _float_table(cup)
    best = _best_basic(
        np.array(filled, dtype=np.float64), np.array(sums, dtype=np.float64), np.array(used), groups, chances
    )
    return float(probs @ best)


def warm_up() -> None:
    """Build every outcome table, and the values of the crowded cups (about 1 s; at game start).

    With six or seven dice to roll the table has thousands of rows; those boards (nothing or one
    die placed) are few, so their expected Basic scores are computed here once and the odds screen
    answers within milliseconds everywhere.
    """
    for size in range(len(R.PROPERTY_IDS) + 1):
        for dice in itertools.combinations(R.PROPERTY_IDS, size):
            _float_table(dice)
    empty = Position(
        placed=(None,) * len(R.PROPERTY_IDS), showing=(None,) * len(R.PROPERTY_IDS), jailed=(False,) * 3
    )
    boards = [empty]
    for d, die in enumerate(R.PROPERTY_DICE):
        for face in die.distinct_faces():
            targets = R.COLOUR_GROUPS if face.colour == R.CHANCE else (R.GROUP_INDEX[face.colour],)
            showing = tuple(face.colour if i == d else None for i in R.PROPERTY_IDS)
            for g in targets:
                boards.append(replace(empty, showing=showing).place(d, g))
    for pos in boards:
        key = _board_key(pos)
        if key not in _PRECOMPUTED:
            _PRECOMPUTED[key] = _expected_basic(*key)


def _board_key(pos: Position) -> tuple:
    return (pos.cup(), *(tuple(a.tolist()) for a in (pos.filled(), pos.die_sums(), pos.chance_used())))


def roll_once_value(pos: Position) -> float:
    """The exact expected turn score of rolling once more and then ending the turn.

    After the roll the dice are placed as well as possible for that stop (see
    :func:`best_basic_after`); a third policeman scores 0.
    """
    basic = expected_basic_after(*_board_key(pos))
    total = 0.0
    for out in bank_outcomes(pos.jailed, pos.go_count, pos.houses, pos.hotels, pos.house_die_next()):
        if out.jail:
            continue
        bank = R.GO_AMOUNT * out.go_count + R.HOUSE_VALUE * out.houses + R.HOTEL_VALUE * out.hotels
        total += out.prob * (basic + bank)
    return total


def die_sides() -> list[dict[str, Any]]:
    """Every die and its six faces, for the "view die sides" page."""
    return [{"name": die.name, "faces": [str(f) for f in die.faces]} for die in R.ALL_DICE]


def hint(pos: Position) -> dict[str, Any]:
    """All the numbers of the odds screen for a position where the player may roll or stop.

    ``roll_value`` is the exact expected turn score of rolling on and playing the rest of the turn
    optimally when the solved turn is on the box (``roll_kind`` "best"), else of rolling once more
    and then stopping (``roll_kind`` "once").
    """
    from engines.monopoly_dice import turn_table

    stop = pos.turn_score()
    table = turn_table.available_table()
    roll = table.roll_value(pos) if table is not None else roll_once_value(pos)
    return {
        "roll_kind": "best" if table is not None else "once",
        "dice": die_sides(),
        "jail": jail_chance(pos),
        "complete": completion_chances(pos),
        "stop_value": float(stop),
        "roll_value": roll,
        "advice": "roll" if roll > stop else "stop",
    }
