"""Identical dice: rolls as multisets, keeps as sub-multisets, and the keep -> outcome matrix.

``n`` identical dice with ``k`` distinct faces show one of C(n+k-1, n) multisets: 252 for 5d6. A
*keep* is a sub-multiset of any size 0..n (462 for 5d6): the dice held before a roll. Re-rolling the
other dice turns a keep into an outcome with a multinomial probability; :attr:`MultisetSpace.transition`
is that (keeps x outcomes) matrix. :attr:`MultisetSpace.sub_keeps` lists, for every outcome, the
keeps it allows (padded with the outcome's own full keep, so a max or argmax over the padded row is
a max over the allowed keeps), which makes "best hold" one gather and one max in numpy.

Faces are numbered 0..k-1 in the order of :meth:`Die.distinct_faces`; for a d6, face ``i`` is the
number ``i + 1``. Outcomes are listed in the order of sorted face tuples, keeps by size and then
in the same order. Spaces are built once per (n, face probabilities) and shared: their arrays are
read-only.

>>> space = multiset_space(5)
>>> space.n_outcomes, space.n_keeps, space.sub_keeps.shape
(252, 462, (252, 32))
>>> i = space.outcome_index((0, 0, 2, 4, 5))
>>> space.outcome_tuples[i]
(0, 0, 2, 4, 5)
>>> round(float(space.outcome_probs[space.outcome_index((5, 5, 5, 5, 5))] * 6**5), 9)
1.0
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from engines.odds.dice import Die


def _readonly(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)
    return array


@dataclass(frozen=True, eq=False)
class MultisetSpace:
    """Every roll and every keep of ``n_dice`` identical dice (see the module docstring)."""

    n_dice: int
    face_probs: np.ndarray
    """(k,) probability of each face."""
    outcomes: np.ndarray
    """(O, k) face counts of every outcome."""
    outcome_tuples: tuple[tuple[int, ...], ...]
    """Every outcome as a sorted tuple of face indices."""
    outcome_probs: np.ndarray
    """(O,) probability of each outcome when all the dice are rolled."""
    keeps: np.ndarray
    """(K, k) face counts of every keep (sizes 0..n_dice)."""
    keep_tuples: tuple[tuple[int, ...], ...]
    keep_sizes: np.ndarray
    """(K,) number of dice held by each keep."""
    transition: np.ndarray
    """(K, O) probability of each outcome after holding the keep and rolling the other dice."""
    sub_keeps: np.ndarray
    """(O, P) indices of the keeps inside each outcome, padded with :attr:`full_keep`."""
    sub_keep_counts: np.ndarray
    """(O,) how many entries of each :attr:`sub_keeps` row are distinct keeps."""
    full_keep: np.ndarray
    """(O,) index of the keep that holds every die of the outcome (that is: stop rolling)."""
    children: np.ndarray
    """(K, k) the keep made by adding one die showing face f to keep k (-1 when k holds every die)."""
    parents: np.ndarray
    """(K, k) the keep made by taking one die showing face f out of keep k (the empty keep, 0, when
    k holds no such die: it is inside every keep, so a max over parents stays a max over sub-keeps)."""
    size_levels: tuple[np.ndarray, ...]
    """``size_levels[s]``: the indices of the keeps holding s dice, for s = 0..n_dice."""
    level_parents: tuple[np.ndarray, ...]
    """``level_parents[s]``: :attr:`parents` of ``size_levels[s]`` without repeated columns (a
    single die's keeps all have the empty keep as their only parent: one column, not k)."""
    _outcome_codes: np.ndarray
    _outcome_order: np.ndarray
    _keep_codes: np.ndarray
    _keep_order: np.ndarray

    @property
    def n_faces(self) -> int:
        return len(self.face_probs)

    @property
    def n_outcomes(self) -> int:
        return len(self.outcomes)

    @property
    def n_keeps(self) -> int:
        return len(self.keeps)

    # -- lookups --------------------------------------------------------------------------------
    def counts_of(self, faces: Iterable[int]) -> np.ndarray:
        """The face counts of some dice given as face indices (any order)."""
        faces = np.asarray(list(faces), dtype=np.int64)
        if faces.size and (faces.min() < 0 or faces.max() >= self.n_faces):
            raise ValueError(f"face index out of range 0..{self.n_faces - 1}: {faces.tolist()}")
        return np.bincount(faces, minlength=self.n_faces)

    def outcome_index(self, faces: Iterable[int]) -> int:
        """The index of the outcome showing ``faces`` (face indices, any order, all n dice)."""
        counts = self.counts_of(faces)
        if counts.sum() != self.n_dice:
            raise ValueError(f"an outcome has {self.n_dice} dice, not {int(counts.sum())}")
        return int(self.outcome_indices(counts[None, :])[0])

    def keep_index(self, faces: Iterable[int]) -> int:
        """The index of the keep holding ``faces`` (face indices, any order, 0..n dice)."""
        counts = self.counts_of(faces)
        if counts.sum() > self.n_dice:
            raise ValueError(f"cannot hold {int(counts.sum())} of {self.n_dice} dice")
        return int(self.keep_indices(counts[None, :])[0])

    def outcome_indices(self, counts: np.ndarray) -> np.ndarray:
        """Vectorised :meth:`outcome_index` for an (..., k) array of face counts."""
        return self._lookup(counts, self._outcome_codes, self._outcome_order)

    def keep_indices(self, counts: np.ndarray) -> np.ndarray:
        """Vectorised :meth:`keep_index` for an (..., k) array of face counts."""
        return self._lookup(counts, self._keep_codes, self._keep_order)

    def _lookup(self, counts: np.ndarray, codes: np.ndarray, order: np.ndarray) -> np.ndarray:
        counts = np.asarray(counts, dtype=np.int64)
        code = _encode(counts, self.n_dice)
        pos = np.searchsorted(codes, code)
        pos = np.minimum(pos, len(codes) - 1)
        if not np.all(codes[pos] == code):
            raise ValueError("face counts that are no outcome/keep of this space")
        return order[pos]

    # -- probabilities --------------------------------------------------------------------------
    def roll_distribution(self, held: Iterable[int] = ()) -> np.ndarray:
        """(O,) distribution of the outcome after holding ``held`` (face indices) and rolling the rest."""
        return self.transition[self.keep_index(held)]


def _encode(counts: np.ndarray, n_dice: int) -> np.ndarray:
    weights = (n_dice + 1) ** np.arange(counts.shape[-1], dtype=np.int64)
    return counts @ weights


def _multisets(n_faces: int, size: int) -> list[tuple[int, ...]]:
    return list(itertools.combinations_with_replacement(range(n_faces), size))


def _counts(tuples: Sequence[tuple[int, ...]], n_faces: int) -> np.ndarray:
    counts = np.zeros((len(tuples), n_faces), dtype=np.int64)
    for row, faces in enumerate(tuples):
        for face in faces:
            counts[row, face] += 1
    return counts


def _multinomial_probs(counts: np.ndarray, probs: np.ndarray) -> np.ndarray:
    """Probability of rolling exactly ``counts`` (..., k) with counts.sum(-1) dice (0 where negative)."""
    valid = np.all(counts >= 0, axis=-1)
    safe = np.where(counts >= 0, counts, 0)
    fact = np.array([math.factorial(i) for i in range(int(safe.max(initial=0)) + 1)], dtype=float)
    coef = fact[safe.sum(axis=-1)] / np.prod(fact[safe], axis=-1)
    power = np.prod(probs**safe, axis=-1)
    return np.where(valid, coef * power, 0.0)


@lru_cache(maxsize=32)
def _build(n_dice: int, face_probs: tuple[float, ...]) -> MultisetSpace:
    if n_dice < 0:
        raise ValueError("the number of dice cannot be negative")
    probs = np.array(face_probs, dtype=float)
    if probs.ndim != 1 or probs.size == 0 or np.any(probs < 0) or abs(probs.sum() - 1) > 1e-12:
        raise ValueError(f"face probabilities must be a non-empty distribution, not {face_probs}")
    k = probs.size

    outcome_tuples = tuple(_multisets(k, n_dice))
    outcomes = _counts(outcome_tuples, k)
    keep_tuples = tuple(t for size in range(n_dice + 1) for t in _multisets(k, size))
    keeps = _counts(keep_tuples, k)
    keep_sizes = keeps.sum(axis=1)

    diff = outcomes[None, :, :] - keeps[:, None, :]
    transition = _multinomial_probs(diff, probs)
    outcome_probs = _multinomial_probs(outcomes, probs)

    inside = np.all(diff >= 0, axis=-1).T  # (O, K): keep is a sub-multiset of the outcome
    sub_counts = inside.sum(axis=1)
    width = int(sub_counts.max())
    keep_codes = _encode(keeps, n_dice)
    keep_order = np.argsort(keep_codes, kind="stable")
    outcome_codes = _encode(outcomes, n_dice)
    outcome_order = np.argsort(outcome_codes, kind="stable")
    full_keep = keep_order[np.searchsorted(keep_codes[keep_order], outcome_codes)]
    sub_keeps = np.repeat(full_keep[:, None], width, axis=1)
    rows, cols = np.nonzero(inside)
    slot = np.arange(rows.size) - np.searchsorted(rows, rows)  # rank of each keep within its row
    sub_keeps[rows, slot] = cols

    children = np.full((len(keeps), k), -1, dtype=np.int64)
    open_keeps = keep_sizes < n_dice
    grown = keeps[open_keeps][:, None, :] + np.eye(k, dtype=np.int64)[None, :, :]
    children[open_keeps] = keep_order[np.searchsorted(keep_codes[keep_order], _encode(grown, n_dice))]
    shrunk = keeps[:, None, :] - np.eye(k, dtype=np.int64)[None, :, :]
    has_face = keeps > 0
    parents = np.zeros((len(keeps), k), dtype=np.int64)
    parents[has_face] = keep_order[np.searchsorted(keep_codes[keep_order], _encode(shrunk[has_face], n_dice))]
    size_levels = tuple(_readonly(np.flatnonzero(keep_sizes == s)) for s in range(n_dice + 1))
    level_parents = tuple(_readonly(np.unique(parents[level], axis=1)) for level in size_levels)

    return MultisetSpace(
        n_dice=n_dice,
        face_probs=_readonly(probs),
        outcomes=_readonly(outcomes),
        outcome_tuples=outcome_tuples,
        outcome_probs=_readonly(outcome_probs),
        keeps=_readonly(keeps),
        keep_tuples=keep_tuples,
        keep_sizes=_readonly(keep_sizes),
        transition=_readonly(transition),
        sub_keeps=_readonly(sub_keeps),
        sub_keep_counts=_readonly(sub_counts),
        full_keep=_readonly(full_keep),
        children=_readonly(children),
        parents=_readonly(parents),
        size_levels=size_levels,
        level_parents=level_parents,
        _outcome_codes=_readonly(outcome_codes[outcome_order]),
        _outcome_order=_readonly(outcome_order),
        _keep_codes=_readonly(keep_codes[keep_order]),
        _keep_order=_readonly(keep_order),
    )


def multiset_space(n_dice: int, face_probs: Sequence[float] | np.ndarray | None = None) -> MultisetSpace:
    """The (memoised) space of ``n_dice`` identical dice; default: fair six-sided dice."""
    if face_probs is None:
        face_probs = (1 / 6,) * 6
    return _build(int(n_dice), tuple(float(p) for p in face_probs))


def die_space(die: Die, n_dice: int) -> MultisetSpace:
    """The space of ``n_dice`` copies of ``die`` (faces numbered as in ``die.distinct_faces()``)."""
    return multiset_space(n_dice, die.face_probabilities())
