"""Odds over a turn of rolls: made on the next roll, and made by the end of the turn with the best holds.

The caller gives, for every outcome of a :class:`DiceSpace` and every box, a final value: 1/0 for
"this box is made" (a predicate) or any number (the points it would score, to get expected
points). :class:`TurnOdds` then runs the exact dynamic programme over the whole outcome space, for
all boxes at once (one column per box):

    V_0 = final values (no roll left)
    V_r = best over the keeps an outcome allows of (transition @ V_{r-1})     (r rolls left)

Two per-outcome flags cover the Power die: ``stop`` outcomes end the rolling at once (Freeze: the
value is the final value whatever the rolls left), and ``extra_roll`` outcomes grant one more roll
once the regular rolls are used up, taken only with a keep that ``extra_keep`` allows (Power showing
after the third roll gives a fourth, as long as the Power die stays held).

The tables ``V_r`` depend only on the final values and the flags, so one :class:`TurnOdds` per set
of boxes answers every position: :meth:`TurnOdds.hint` then gathers one row per possible hold.

>>> from engines.odds.dice import D6
>>> from engines.odds.space import dice_space
>>> space = dice_space([(D6, 5)])
>>> yahtzee = TurnOdds(space, [lambda faces: len(set(faces)) == 1])
>>> round(float(yahtzee.hint(None, None, rolls_left=3).end_of_turn[0]), 6)   # from a fresh turn
0.046029
>>> h = yahtzee.hint((6, 6, 6, 2, 3), (True, True, True, False, False), rolls_left=2)
>>> round(float(h.next_roll[0]), 6), h.best_hold[0].tolist()
(0.027778, [True, True, True, False, False])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from engines.odds.dice import Die
from engines.odds.space import DiceSpace, DieSpec, FaceTuple, dice_space

TIE_TOLERANCE = 1e-12
"""Holds whose values differ by less than this (relative to the value, at least 1) count as equally
good; the one holding more dice wins."""


@dataclass(frozen=True)
class Hint:
    """The odds of every box from one position (arrays have one entry per box)."""

    now: np.ndarray
    """(B,) the final value of the dice as they lie (NaN before the first roll)."""
    next_roll: np.ndarray
    """(B,) expected final value right after the next roll with the current holds (NaN: these
    holds may not roll)."""
    end_with_current_holds: np.ndarray
    """(B,) by the end of the turn, rolling next with the current holds and then holding best."""
    end_of_turn: np.ndarray
    """(B,) by the end of the turn with the best holds from here (equals ``now`` if no roll is left)."""
    best_hold: np.ndarray
    """(B, n_dice) bool: the hold that reaches ``end_of_turn`` (every die held means: stop now)."""
    hold_masks: np.ndarray
    """(M, n_dice) bool: every hold that may roll now, most dice held first."""
    hold_values: np.ndarray
    """(M, B) the end-of-turn value of each hold in ``hold_masks``."""
    rolls_available: int
    """The regular rolls left, 1 when only a Power fourth roll is left, 0 when the rolling is over."""


class TurnOdds:
    """Exact turn odds for one set of boxes over one dice space (tables built lazily, then reused).

    ``values`` is an (O, B) array (bool or float) or a list of B functions of the canonical faces
    of an outcome (see :meth:`DiceSpace.evaluate`).
    """

    def __init__(
        self,
        space: DiceSpace,
        values: np.ndarray | Sequence[Callable[[FaceTuple], Any]],
        *,
        stop: np.ndarray | None = None,
        extra_roll: np.ndarray | None = None,
        extra_keep: np.ndarray | None = None,
    ) -> None:
        if not isinstance(values, np.ndarray) and values and callable(values[0]):
            values = space.evaluate(list(values))
        final = np.asarray(values, dtype=float)
        if final.ndim == 1:
            final = final[:, None]
        if final.ndim != 2 or final.shape[0] != space.n_outcomes:
            raise ValueError(f"values must be ({space.n_outcomes}, boxes), not {final.shape}")
        self.space = space
        self.final = final
        self.stop = self._flag(stop)
        self.extra_roll = self._flag(extra_roll) & ~self.stop
        self.extra_keep = np.ones(space.n_keeps, bool) if extra_keep is None else np.asarray(extra_keep, bool)
        if self.extra_keep.shape != (space.n_keeps,):
            raise ValueError(f"extra_keep is a ({space.n_keeps},) bool array")
        self._tables: dict[tuple[int, bool], np.ndarray] = {}
        self._keep_tables: dict[tuple[int, bool] | None, np.ndarray] = {}
        self._masks = _hold_masks(space.n_dice)

    @property
    def n_boxes(self) -> int:
        return self.final.shape[1]

    def _flag(self, flag: np.ndarray | None) -> np.ndarray:
        if flag is None:
            return np.zeros(self.space.n_outcomes, dtype=bool)
        flag = np.asarray(flag, dtype=bool)
        if flag.shape != (self.space.n_outcomes,):
            raise ValueError(f"an outcome flag has shape ({self.space.n_outcomes},), not {flag.shape}")
        return flag

    def roll_value(self, after: np.ndarray) -> np.ndarray:
        """(O, B): the value of holding best and rolling once, when ``after`` is the value after that roll."""
        return self.space.best_keep(self.space.expect(after))

    def table(self, rolls_left: int, extra_available: bool = True) -> np.ndarray:
        """(O, B) the value of each outcome just rolled, with ``rolls_left`` regular rolls still to come."""
        if rolls_left < 0:
            raise ValueError("rolls_left cannot be negative")
        key = (rolls_left, extra_available and bool(self.extra_roll.any()))
        if key not in self._tables:
            if rolls_left == 0:
                if key[1]:
                    allowed = np.where(self.extra_keep[:, None], self.keep_table(None), -np.inf)
                    fourth = self.space.best_keep(allowed)
                    if np.isinf(fourth[self.extra_roll]).any():
                        raise ValueError("an outcome grants an extra roll that no allowed keep can take")
                    table = np.where(self.extra_roll[:, None], fourth, self.final)
                else:
                    table = self.final
            else:
                after = self.table(rolls_left - 1, key[1])
                table = np.where(self.stop[:, None], self.final, self.roll_value(after))
            self._tables[key] = table
        return self._tables[key]

    def keep_table(self, rolls_left: int | None, extra_available: bool = True) -> np.ndarray:
        """(K, B) the value of each keep just before a roll that leaves ``rolls_left`` regular rolls
        (None: the roll is the last one, a Power fourth roll included)."""
        key = None if rolls_left is None else (rolls_left, extra_available and bool(self.extra_roll.any()))
        if key not in self._keep_tables:
            after = self.final if key is None else self.table(*key)
            self._keep_tables[key] = self.space.expect(after)
        return self._keep_tables[key]

    def hint(
        self,
        dice: Sequence[DieSpec] | None,
        held: Sequence[bool] | None,
        rolls_left: int,
        extra_available: bool = True,
    ) -> Hint:
        """The odds of every box from a position.

        ``dice`` lists the dice group after group (None before the first roll of the turn, when
        ``held`` is ignored); ``rolls_left`` counts the regular rolls still allowed;
        ``extra_available`` is False once a Power fourth roll has been used.
        """
        space = self.space
        n = space.n_dice
        nan = np.full(self.n_boxes, np.nan)
        if dice is None:
            if rolls_left < 1:
                raise ValueError("before the first roll there must be a roll left")
            masks = np.zeros((1, n), dtype=bool)
            keeps = np.zeros(1, dtype=np.int64)  # the empty keep of every group
            now = nan
            current: int | None = 0
            after_rolls: int | None = rolls_left - 1
            available = rolls_left
        else:
            held = np.zeros(n, dtype=bool) if held is None else np.asarray(held, dtype=bool)
            if held.shape != (n,):
                raise ValueError(f"a hold mask has {n} entries, not {held.shape}")
            outcome = space.outcome_index(dice)
            now = self.final[outcome]
            if self.stop[outcome]:
                available = 0
            elif rolls_left > 0:
                available = rolls_left
                after_rolls = rolls_left - 1
            elif extra_available and self.extra_roll[outcome]:
                available = 1
                after_rolls = None
            else:
                available = 0
            if available == 0:
                everything = np.ones((1, n), dtype=bool)
                return Hint(now, nan, now, now, np.ones((self.n_boxes, n), bool), everything, now[None], 0)
            masks = self._masks
            keeps = space.hold_keep_indices(dice, masks)
            if after_rolls is None:  # the extra roll: only the holds it allows
                allowed = self.extra_keep[keeps]
                masks, keeps = masks[allowed], keeps[allowed]
            match = np.flatnonzero((masks == held).all(axis=1))
            current = int(match[0]) if match.size else None
        hold_values = self.keep_table(after_rolls, extra_available)[keeps]
        best = hold_values.max(axis=0)
        # The first hold (most dice held) within the tolerance of the best: no needless re-rolls.
        slack = TIE_TOLERANCE * np.maximum(1.0, np.abs(best))
        choice = np.argmax(hold_values >= best - slack, axis=0)
        if current is None:  # the current holds may not roll (the Power die let go): they stand
            next_roll, end_current = nan, now
        else:
            next_roll = self.keep_table(None)[keeps[current]]
            end_current = hold_values[current]
        return Hint(
            now=now,
            next_roll=next_roll,
            end_with_current_holds=end_current,
            end_of_turn=best,
            best_hold=masks[choice],
            hold_masks=masks,
            hold_values=hold_values,
            rolls_available=available,
        )


def _hold_masks(n_dice: int) -> np.ndarray:
    """Every hold mask over ``n_dice`` dice, most dice held first, then in binary order."""
    codes = np.arange(2**n_dice)
    masks = ((codes[:, None] >> np.arange(n_dice)[None, :]) & 1).astype(bool)
    order = np.lexsort((codes, -masks.sum(axis=1)))
    return masks[order]


def turn_odds(
    groups: Sequence[tuple[Die, int]] | Sequence[Die],
    boxes: Sequence[Callable[[FaceTuple], Any]],
    *,
    stop_label: str | None = None,
    extra_label: str | None = None,
) -> TurnOdds:
    """The shared :class:`TurnOdds` for a roll of ``groups`` and a list of box functions.

    Memoised on the dice and the identity of the functions, so a game that keeps its box
    functions in a module-level tuple builds its tables once. ``stop_label`` names the face that
    ends the rolling (Freeze); ``extra_label`` the face that grants one more roll after the last
    one while a die showing it is held (Power).
    """
    space = dice_space(groups)
    return _turn_odds(space.groups, tuple(boxes), stop_label, extra_label)


@lru_cache(maxsize=32)
def _turn_odds(
    groups: tuple[tuple[Die, int], ...],
    boxes: tuple[Callable[[FaceTuple], Any], ...],
    stop_label: str | None,
    extra_label: str | None,
) -> TurnOdds:
    space = dice_space(groups)
    return TurnOdds(
        space,
        list(boxes),
        stop=None if stop_label is None else space.shows(stop_label),
        extra_roll=None if extra_label is None else space.shows(extra_label),
        extra_keep=None if extra_label is None else space.keep_shows(extra_label),
    )
