"""A roll of several kinds of dice: the product of one :class:`MultisetSpace` per group of identical dice.

Classic is one group (five d6); Power is two (five d6 and the Power die); Painted is five groups of
one die each, because every Painted die is coloured differently. An outcome of the whole roll is one
outcome per group, and its flat index is the row-major index over the groups' outcome counts
(:attr:`DiceSpace.outcome_shape`); keeps likewise (:attr:`DiceSpace.keep_shape`). Because the groups
roll independently, the keep -> outcome transition is the Kronecker product of the groups'
matrices, and :meth:`DiceSpace.expect` applies it one axis at a time instead of building it; the
best keep inside an outcome is likewise a max over one group's allowed keeps at a time.

A *position* lists the dice physically, group after group, as :class:`Face` objects or, for a die
whose faces have distinct numbers, as those numbers; a hold mask says which of them are held.

>>> from engines.odds.dice import D6
>>> space = dice_space(((D6, 5),))
>>> space.n_outcomes, space.n_keeps
(252, 462)
>>> space.outcome_faces(space.outcome_index((6, 2, 2, 5, 1)))
(1, 2, 2, 5, 6)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from math import prod

import numpy as np

from engines.odds.dice import Die, Face
from engines.odds.multiset import MultisetSpace, die_space

DieSpec = Face | int
"""A die in a position: its face, or (for dice with distinct numbers) its number."""


class FaceTuple(tuple):
    """The canonical faces of an outcome: group after group, each group sorted by face index.

    Prints as the face labels so a doctest or an error message stays readable.
    """

    def __repr__(self) -> str:
        return "(" + ", ".join(str(face) for face in self) + ")"


@dataclass(frozen=True, eq=False)
class DiceSpace:
    """Every outcome and keep of a roll of ``groups``: ``(die, how many)`` pairs."""

    groups: tuple[tuple[Die, int], ...]
    spaces: tuple[MultisetSpace, ...]

    # -- sizes ----------------------------------------------------------------------------------
    @property
    def n_dice(self) -> int:
        return sum(count for _, count in self.groups)

    @property
    def outcome_shape(self) -> tuple[int, ...]:
        return tuple(s.n_outcomes for s in self.spaces)

    @property
    def keep_shape(self) -> tuple[int, ...]:
        return tuple(s.n_keeps for s in self.spaces)

    @property
    def n_outcomes(self) -> int:
        return prod(self.outcome_shape)

    @property
    def n_keeps(self) -> int:
        return prod(self.keep_shape)

    # -- whole-space tables ---------------------------------------------------------------------
    @cached_property
    def outcome_probs(self) -> np.ndarray:
        """(O,) probability of each outcome when every die is rolled."""
        return self._product([s.outcome_probs for s in self.spaces])

    @cached_property
    def all_outcome_faces(self) -> tuple[FaceTuple, ...]:
        """The canonical faces of every outcome, in flat-index order."""
        per_group = [
            [tuple(die.distinct_faces()[i] for i in t) for t in space.outcome_tuples]
            for (die, _), space in zip(self.groups, self.spaces, strict=True)
        ]
        return tuple(
            FaceTuple(itertools.chain.from_iterable(parts)) for parts in itertools.product(*per_group)
        )

    def outcome_faces(self, index: int) -> FaceTuple:
        """The canonical faces of one outcome."""
        return self.all_outcome_faces[index]

    def face_counts(
        self, key: Callable[[Face], Hashable], values: Sequence[Hashable], of_keeps: bool = False
    ) -> np.ndarray:
        """(O, len(values)) how many dice of each outcome have ``key(face) == values[j]``.

        For example ``face_counts(lambda f: f.number, range(1, 7))`` gives the number counts that
        upper-section and pattern predicates are built from, vectorised over all outcomes. With
        ``of_keeps`` it counts the held dice of every keep instead: (K, len(values)).
        """
        position = {value: j for j, value in enumerate(values)}
        shape_all = self.keep_shape if of_keeps else self.outcome_shape
        total = np.zeros(shape_all + (len(values),), dtype=np.int64)
        for g, ((die, _), space) in enumerate(zip(self.groups, self.spaces, strict=True)):
            onehot = np.zeros((space.n_faces, len(values)), dtype=np.int64)
            for i, face in enumerate(die.distinct_faces()):
                value = key(face)
                if value in position:
                    onehot[i, position[value]] = 1
            counts = space.keeps if of_keeps else space.outcomes
            shape = [1] * len(self.spaces) + [len(values)]
            shape[g] = len(counts)
            total = total + (counts @ onehot).reshape(shape)
        return total.reshape(prod(shape_all), len(values))

    def face_sums(self, number_of: Callable[[Face], float]) -> np.ndarray:
        """(O,) the sum of ``number_of(face)`` over the dice of each outcome."""
        total = np.zeros(self.outcome_shape, dtype=float)
        for g, ((die, _), space) in enumerate(zip(self.groups, self.spaces, strict=True)):
            per_face = np.array([number_of(face) for face in die.distinct_faces()], dtype=float)
            shape = [1] * len(self.spaces)
            shape[g] = space.n_outcomes
            total = total + (space.outcomes @ per_face).reshape(shape)
        return total.reshape(self.n_outcomes)

    def shows(self, label: str) -> np.ndarray:
        """(O,) whether some die of each outcome shows a face with this label (e.g. "Freeze")."""
        return self.face_counts(lambda face: face.label, [label])[:, 0] > 0

    def keep_shows(self, label: str) -> np.ndarray:
        """(K,) whether each keep holds a die showing a face with this label (e.g. "Power")."""
        return self.face_counts(lambda face: face.label, [label], of_keeps=True)[:, 0] > 0

    def evaluate(self, predicates: Sequence[Callable[[FaceTuple], float]]) -> np.ndarray:
        """(O, B) each predicate (or value function) applied to the canonical faces of every outcome."""
        faces = self.all_outcome_faces
        return np.array([[float(f(outcome)) for f in predicates] for outcome in faces], dtype=float).reshape(
            len(faces), len(predicates)
        )

    def evaluate_rows(self, row: Callable[[FaceTuple], Sequence[float]]) -> np.ndarray:
        """(O, B) one call per outcome returning all B values (share the work between boxes).

        Python calls are the cost here (Painted: 7,776 outcomes x 20 boxes); where a box is a
        count or a sum, :meth:`face_counts` and :meth:`face_sums` build it for all outcomes at once.
        """
        rows = [list(row(outcome)) for outcome in self.all_outcome_faces]
        return np.array(rows, dtype=float).reshape(self.n_outcomes, -1)

    def collapse(
        self, signature: Callable[[FaceTuple], Hashable] | np.ndarray
    ) -> tuple[list[Hashable], np.ndarray]:
        """Group outcomes by a caller's signature (e.g. sorted numbers and colour counts).

        ``signature`` is a function of an outcome's faces, or an (O, F) array with one signature
        row per outcome (built without Python loops, e.g. from :meth:`face_counts`), grouped with
        ``np.unique``. Returns the distinct signatures (a function's in order of first appearance,
        an array's as sorted tuples) and, for every outcome, the index of its signature;
        ``np.bincount(inverse, weights=p)`` then collapses any distribution.
        """
        if isinstance(signature, np.ndarray):
            rows = signature.reshape(self.n_outcomes, -1)
            unique, inverse = np.unique(rows, axis=0, return_inverse=True)
            return [tuple(row) for row in unique.tolist()], inverse.reshape(-1)
        keys: dict[Hashable, int] = {}
        inverse = np.empty(self.n_outcomes, dtype=np.int64)
        for i, outcome in enumerate(self.all_outcome_faces):
            inverse[i] = keys.setdefault(signature(outcome), len(keys))
        return list(keys), inverse

    # -- positions ------------------------------------------------------------------------------
    def face_indices(self, dice: Sequence[DieSpec]) -> list[list[int]]:
        """Per group, the face indices of the dice of a position (physical order, group after group)."""
        if len(dice) != self.n_dice:
            raise ValueError(f"a position has {self.n_dice} dice, not {len(dice)}")
        result: list[list[int]] = []
        start = 0
        for die, count in self.groups:
            result.append([_face_index(die, spec) for spec in dice[start : start + count]])
            start += count
        return result

    def outcome_index(self, dice: Sequence[DieSpec]) -> int:
        """The flat index of the outcome the dice show."""
        per_group = self.face_indices(dice)
        parts = [s.outcome_index(faces) for s, faces in zip(self.spaces, per_group, strict=True)]
        return int(np.ravel_multi_index(parts, self.outcome_shape))

    def keep_index(self, dice: Sequence[DieSpec], held: Sequence[bool]) -> int:
        """The flat index of the keep made by holding the ``held`` dice of a position."""
        return int(self.hold_keep_indices(dice, [held])[0])

    def hold_keep_indices(self, dice: Sequence[DieSpec], masks: Sequence[Sequence[bool]]) -> np.ndarray:
        """(M,) flat keep index of each hold mask over the dice of a position."""
        per_group = self.face_indices(dice)
        masks = np.asarray(masks, dtype=bool).reshape(len(masks), self.n_dice)
        parts = []
        start = 0
        for space, faces, (_, count) in zip(self.spaces, per_group, self.groups, strict=True):
            onehot = np.zeros((count, space.n_faces), dtype=np.int64)
            onehot[np.arange(count), faces] = 1
            counts = masks[:, start : start + count].astype(np.int64) @ onehot
            parts.append(space.keep_indices(counts))
            start += count
        return np.ravel_multi_index(parts, self.keep_shape)

    def transition_rows(self, keeps: np.ndarray) -> np.ndarray:
        """(M, O) the outcome distribution after each flat keep index (Kronecker rows)."""
        parts = np.unravel_index(np.asarray(keeps), self.keep_shape)
        rows = [s.transition[p] for s, p in zip(self.spaces, parts, strict=True)]
        return self._product(rows, batch=True)

    def roll_distribution(self, dice: Sequence[DieSpec], held: Sequence[bool]) -> np.ndarray:
        """(O,) the outcome distribution after holding ``held`` and rolling the other dice."""
        return self.transition_rows(np.array([self.keep_index(dice, held)]))[0]

    # -- the two steps of the turn dynamic programme --------------------------------------------
    def expect(self, values: np.ndarray) -> np.ndarray:
        """(K, B) expected value of (O, B) ``values`` after each keep (the transition applied)."""
        return self._per_group(values, self.outcome_shape, self.keep_shape, _expect_axis)

    def best_keep(self, keep_values: np.ndarray) -> np.ndarray:
        """(O, B) the best of (K, B) ``keep_values`` over the keeps each outcome allows."""
        return self._per_group(keep_values, self.keep_shape, self.outcome_shape, _best_keep_axis)

    def _per_group(
        self,
        values: np.ndarray,
        shape_in: tuple[int, ...],
        shape_out: tuple[int, ...],
        step: Callable[[np.ndarray, MultisetSpace], np.ndarray],
    ) -> np.ndarray:
        """Apply ``step`` to each group's axis in turn.

        ``step`` maps a (before, n_in, after) array to (before, n_out, after) along the middle
        axis; ``after`` always includes the boxes, so every slice it touches is a contiguous run.
        """
        boxes = values.shape[1]
        tensor = np.asarray(values, dtype=float).reshape(shape_in + (boxes,))
        for g, space in enumerate(self.spaces):
            before = prod(shape_out[:g])
            tensor = step(tensor.reshape(before, shape_in[g], -1), space)
        return tensor.reshape(prod(shape_out), boxes)

    # -- helpers --------------------------------------------------------------------------------
    @staticmethod
    def _product(factors: list[np.ndarray], batch: bool = False) -> np.ndarray:
        """Outer product of per-group vectors, flattened row-major (rows of a batch kept apart)."""
        result = factors[0]
        for factor in factors[1:]:
            if batch:
                result = (result[:, :, None] * factor[:, None, :]).reshape(len(factor), -1)
            else:
                result = np.multiply.outer(result, factor).ravel()
        return result


def _expect_axis(values: np.ndarray, space: MultisetSpace) -> np.ndarray:
    """(before, O, after) -> (before, K, after): the transition applied along the middle axis.

    Dice are rolled one at a time: a keep of s dice is worth the average, over the face of one
    more die, of the keeps of s + 1 dice, and a keep of every die is the outcome itself. So the
    keeps are filled from the full ones down, with k gathers per size (1,260 rows for 5d6 instead
    of the 116,424 entries of the matrix). This also keeps the hot path off BLAS, whose threads
    stall on a busy machine.
    """
    result = np.empty((values.shape[0], space.n_keeps, values.shape[2]))
    result[:, space.full_keep] = values
    probs = space.face_probs
    for level in reversed(space.size_levels[:-1]):
        children = space.children[level]
        total = result[:, children[:, 0]] * probs[0]
        for face in range(1, space.n_faces):
            total += result[:, children[:, face]] * probs[face]
        result[:, level] = total
    return result


def _best_keep_axis(keep_values: np.ndarray, space: MultisetSpace) -> np.ndarray:
    """(before, K, after) -> (before, O, after): the best value over the keeps each outcome allows.

    The best sub-keep of a keep is itself or the best sub-keep of one of its parents (one die
    fewer), so the bests are filled from the empty keep up: k gathers per size, 2,772 rows for 5d6
    instead of 252 x 32.
    """
    best = np.empty_like(keep_values)
    best[:, space.size_levels[0]] = keep_values[:, space.size_levels[0]]
    for level, parents in zip(space.size_levels[1:], space.level_parents[1:], strict=True):
        total = keep_values[:, level]
        for column in parents.T:
            np.maximum(total, best[:, column], out=total)
        best[:, level] = total
    return best[:, space.full_keep]


def _face_index(die: Die, spec: DieSpec) -> int:
    if isinstance(spec, Face):
        return die.face_index(spec)
    if isinstance(spec, bool) or not isinstance(spec, (int, np.integer)):
        raise TypeError(f"a die is a Face or a number, not {spec!r}")
    matches = [i for i, face in enumerate(die.distinct_faces()) if face.number == spec]
    if len(matches) != 1:
        raise ValueError(f"die {die.name!r} has {len(matches)} faces numbered {spec}; pass the Face")
    return matches[0]


@lru_cache(maxsize=64)
def _build(groups: tuple[tuple[Die, int], ...]) -> DiceSpace:
    if not groups:
        raise ValueError("a roll needs at least one die")
    return DiceSpace(groups, tuple(die_space(die, count) for die, count in groups))


def dice_space(groups: Sequence[tuple[Die, int]] | Sequence[Die]) -> DiceSpace:
    """The (memoised) space of a roll: ``[(die, count), ...]``, or a list of dice (adjacent equal dice
    are grouped, so ``[D6] * 5`` is the same space as ``[(D6, 5)]``)."""
    pairs: list[tuple[Die, int]] = []
    for item in groups:
        die, count = (item, 1) if isinstance(item, Die) else item
        if pairs and pairs[-1][0] == die:
            pairs[-1] = (die, pairs[-1][1] + count)
        else:
            pairs.append((die, int(count)))
    return _build(tuple(pairs))
