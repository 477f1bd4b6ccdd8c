"""Brute-force references for the odds core: every ordered roll of the physical dice, no multisets.

Two independent ways to get the same numbers as :mod:`engines.odds.turn`:

- :class:`OrderedTurn`: numpy over the full (k_1 x ... x k_n) tensor of ordered outcomes; a hold is a
  mask over the physical dice and its value is a weighted mean over the axes of the re-rolled dice.
- :func:`recursive_value`: plain Python recursion over ordered tuples (tiny n only).

Box functions take the physical faces of a roll; they must not depend on the order of identical
dice (true of every real box), so both sides agree on what a roll is worth.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from functools import cache

import numpy as np

from engines.odds.dice import Die, Face


class OrderedTurn:
    """The turn dynamic programme over ordered outcomes of ``dice`` (one Die per physical die)."""

    def __init__(
        self,
        dice: Sequence[Die],
        boxes: Sequence[Callable[[tuple[Face, ...]], float]],
        stop_label: str | None = None,
        extra_label: str | None = None,
    ) -> None:
        self.dice = list(dice)
        self.faces = [list(die.faces) for die in self.dice]  # raw faces: repeats are separate entries
        self.shape = tuple(len(f) for f in self.faces)
        self.n = len(self.dice)
        outcomes = list(itertools.product(*self.faces))
        self.final = np.array([[float(box(o)) for o in outcomes] for box in boxes]).reshape(
            (len(boxes),) + self.shape
        )
        labels = [{face.label for face in o} for o in outcomes]
        self.stop = np.array([stop_label in s for s in labels]).reshape(self.shape)
        self.extra = np.array([extra_label in s and stop_label not in s for s in labels]).reshape(self.shape)
        self.masks = list(itertools.product((False, True), repeat=self.n))
        # The extra roll is taken only while a die showing the extra face is held.
        self.shows_extra = [
            np.array([face.label == extra_label for face in faces]).reshape(
                [-1 if j == i else 1 for j in range(self.n)]
            )
            for i, faces in enumerate(self.faces)
        ]
        self._tables: dict[tuple[int, bool], np.ndarray] = {}

    def hold_value(self, after: np.ndarray, mask: Sequence[bool]) -> np.ndarray:
        """(B, shape) broadcastable: the value of holding ``mask`` before a roll, ``after`` it."""
        rolled = tuple(i + 1 for i, held in enumerate(mask) if not held)
        return after.mean(axis=rolled, keepdims=True) if rolled else after

    def holds_extra(self, mask: Sequence[bool]) -> np.ndarray:
        """Over all outcomes: whether ``mask`` holds a die showing the extra face."""
        held = [self.shows_extra[i] for i, m in enumerate(mask) if m]
        return functools.reduce(np.logical_or, held, np.zeros((1,) * self.n, dtype=bool))

    def roll_value(self, after: np.ndarray, extra_roll: bool = False) -> np.ndarray:
        best = np.full_like(after, -np.inf)
        for mask in self.masks:
            value = self.hold_value(after, mask)
            if extra_roll:
                value = np.where(self.holds_extra(mask), value, -np.inf)
            best = np.maximum(best, value)
        return best

    def table(self, rolls_left: int, extra: bool = True) -> np.ndarray:
        key = (rolls_left, extra)
        if key not in self._tables:
            if rolls_left == 0:
                fourth = self.roll_value(self.final, extra_roll=True) if extra else None
                table = np.where(self.extra, fourth, self.final) if extra else self.final
            else:
                table = np.where(self.stop, self.final, self.roll_value(self.table(rolls_left - 1, extra)))
            self._tables[key] = table
        return self._tables[key]

    def index(self, dice: Sequence[Face]) -> tuple[int, ...]:
        return tuple(faces.index(face) for faces, face in zip(self.faces, dice, strict=True))

    def position(self, dice: Sequence[Face], held: Sequence[bool], rolls_left: int, extra: bool = True):
        """(now, next_roll, end_with_current_holds, end_of_turn) per box; NaN next roll if no roll."""
        idx = self.index(dice)
        at = (slice(None),) + idx
        now = self.final[at]
        masks = self.masks
        if self.stop[idx]:
            after = None
        elif rolls_left > 0:
            after = self.table(rolls_left - 1, extra)
        elif extra and self.extra[idx]:
            after = self.final
            masks = [
                m for m in masks if self.holds_extra(m)[tuple(i if m[j] else 0 for j, i in enumerate(idx))]
            ]
        else:
            after = None
        held = tuple(bool(h) for h in held)
        nan = np.full_like(now, np.nan)
        if after is None:
            return now, nan, now, now

        def at_held(table: np.ndarray, mask: Sequence[bool]) -> np.ndarray:
            value = self.hold_value(table, mask)
            return value[(slice(None),) + tuple(i if m else 0 for i, m in zip(idx, mask, strict=True))]

        values = np.array([at_held(after, mask) for mask in masks])
        if held not in masks:
            return now, nan, now, values.max(axis=0)
        return now, at_held(self.final, held), at_held(after, held), values.max(axis=0)

    def start(self, rolls_left: int, extra: bool = True) -> np.ndarray:
        """Per box: the end-of-turn value from before the first roll."""
        axes = tuple(range(1, self.n + 1))
        return self.table(rolls_left - 1, extra).mean(axis=axes)


def recursive_value(
    dice: Sequence[Die], box: Callable[[tuple[Face, ...]], float]
) -> Callable[[tuple[Face, ...], int], float]:
    """``value(roll, rolls_left)``: the best end-of-turn value of one box by plain recursion
    over ordered rolls (no stop or extra rolls)."""

    @cache
    def value(current: tuple[Face, ...], left: int) -> float:
        if left == 0:
            return float(box(current))
        best = -np.inf
        for mask in itertools.product((False, True), repeat=len(dice)):
            rolled = [i for i, held in enumerate(mask) if not held]
            total = 0.0
            options = list(itertools.product(*(dice[i].faces for i in rolled)))
            for faces in options:
                new = list(current)
                for i, face in zip(rolled, faces, strict=True):
                    new[i] = face
                total += value(tuple(new), left - 1)
            best = max(best, total / len(options))
        return best

    return value
