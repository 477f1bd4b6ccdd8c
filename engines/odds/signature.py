"""Distinct dice collapsed by an additive signature: the joint roll of many different dice, exactly.

Ten different Monopoly Dice dice have 6^10 ordered rolls, too many to list, but a game usually
only cares about counts: how many policemen, how many faces of each property group, whether GO
showed. When the signature of a roll is the *sum* of one integer vector per face, the distribution
of the signature is the convolution of the dice's face distributions, which takes one small numpy
step per die and never lists the rolls.

>>> from engines.odds.dice import Die, Face
>>> jail = Die("jail", (Face(label="policeman"),) * 2 + (Face(label="blank"),) * 4)
>>> dist = signature_distribution([jail] * 3, lambda face: [face.label == "policeman"])
>>> [(s.tolist(), round(float(p) * 27)) for s, p in zip(dist.signatures, dist.probs)]
[([0], 8), ([1], 12), ([2], 6), ([3], 1)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from engines.odds.dice import Die, Face

Feature = Callable[[Face], Sequence[int]]
"""Maps a face to its integer vector; a roll's signature is the sum over its dice."""


@dataclass(frozen=True, eq=False)
class SignatureDistribution:
    """Every reachable signature (rows, in lexicographic order) and its probability."""

    signatures: np.ndarray
    """(S, F) int64 signatures, sorted lexicographically."""
    probs: np.ndarray
    """(S,) their probabilities (summing to 1)."""

    def probability(self, signature: Sequence[int]) -> float:
        """The probability of one signature (0 if it cannot be rolled)."""
        row = np.asarray(signature, dtype=np.int64)
        hits = np.flatnonzero((self.signatures == row).all(axis=1))
        return float(self.probs[hits[0]]) if hits.size else 0.0

    def where(self, predicate: np.ndarray) -> float:
        """The probability of the signatures selected by a boolean (S,) vector."""
        return float(self.probs[np.asarray(predicate, dtype=bool)].sum())

    def as_dict(self) -> dict[tuple[int, ...], float]:
        """``{signature: probability}`` with plain ints and floats."""
        rows = self.signatures.tolist()
        return {tuple(row): float(p) for row, p in zip(rows, self.probs, strict=True)}


def face_features(die: Die, feature: Feature) -> tuple[np.ndarray, np.ndarray]:
    """(k, F) integer vectors of a die's distinct faces, and their probabilities."""
    vectors = np.array([list(feature(face)) for face in die.distinct_faces()], dtype=np.int64)
    return vectors.reshape(len(die.distinct_faces()), -1), die.face_probabilities()


def signature_distribution(
    dice: Sequence[Die], feature: Feature, offset: Sequence[int] | None = None
) -> SignatureDistribution:
    """The distribution of ``offset + sum(feature(face))`` over a roll of ``dice``.

    One convolution step per die: add every face vector to every signature so far, then merge
    equal signatures. The cost follows the number of distinct signatures, not the number of rolls.
    """
    per_die = [face_features(die, feature) for die in dice]
    width = per_die[0][0].shape[1] if per_die else (0 if offset is None else len(offset))
    start = np.zeros((1, width), dtype=np.int64)
    if offset is not None:
        start[0] = np.asarray(offset, dtype=np.int64)
    signatures, probs = start, np.ones(1)
    for vectors, face_probs in per_die:
        if vectors.shape[1] != width:
            raise ValueError("every face must map to a vector of the same length")
        joined = (signatures[:, None, :] + vectors[None, :, :]).reshape(-1, width)
        weights = (probs[:, None] * face_probs[None, :]).ravel()
        signatures, inverse = np.unique(joined, axis=0, return_inverse=True)
        probs = np.bincount(inverse.ravel(), weights=weights, minlength=len(signatures))
    signatures.setflags(write=False)
    probs.setflags(write=False)
    return SignatureDistribution(signatures, probs)


def reroll_signature_distribution(
    dice: Sequence[Die], faces: Sequence[Face], held: Sequence[bool], feature: Feature
) -> SignatureDistribution:
    """The signature distribution after holding ``held`` of the dice (showing ``faces``) and
    rolling the rest: the held dice add a fixed offset to the convolution of the rolled ones."""
    if not len(dice) == len(faces) == len(held):
        raise ValueError("dice, faces and held must have one entry per die")
    rolled = [die for die, h in zip(dice, held, strict=True) if not h]
    kept = []
    for die, face, h in zip(dice, faces, held, strict=True):
        if h:
            die.face_index(face)  # a held face must be on its die
            kept.append(np.asarray(list(feature(face)), dtype=np.int64))
    return signature_distribution(rolled, feature, np.sum(kept, axis=0) if kept else None)
