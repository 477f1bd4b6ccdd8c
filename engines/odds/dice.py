"""Dice as data: a die is a tuple of equally likely faces; a face has a number, a colour and a label.

Every game describes its dice with these two types (plain d6, the Painted dice, the Power die, the
Monopoly Dice dice), and the odds core works on them without knowing the game. A face repeated on a
die (say two policeman faces) simply counts twice: :meth:`Die.distinct_faces` and
:meth:`Die.face_probabilities` collapse repeats into one face with a larger probability.

>>> D6.distinct_faces()[0]
Face(number=1, colour=None, label='1')
>>> coin = Die("coin", (Face(label="heads"), Face(label="tails"), Face(label="tails")))
>>> [round(float(p), 3) for p in coin.face_probabilities()]
[0.333, 0.667]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np


@dataclass(frozen=True)
class Face:
    """One face of a die. ``number`` is what it adds up to (None for symbols such as "Freeze")."""

    number: int | None = None
    colour: str | None = None
    label: str = ""

    def __str__(self) -> str:
        if self.label:
            return self.label
        if self.number is not None:
            return str(self.number) if self.colour is None else f"{self.number} {self.colour}"
        return self.colour or "?"


@dataclass(frozen=True)
class Die:
    """A die: ``faces`` are equally likely; a face listed twice is twice as likely."""

    name: str
    faces: tuple[Face, ...]

    def __post_init__(self) -> None:
        if not self.faces:
            raise ValueError(f"die {self.name!r} has no faces")
        if not all(isinstance(face, Face) for face in self.faces):
            raise TypeError(f"die {self.name!r}: every face must be a Face")

    def distinct_faces(self) -> tuple[Face, ...]:
        """The different faces, in the order they first appear on the die."""
        return self._distinct[0]

    def face_probabilities(self) -> np.ndarray:
        """The probability of each of :meth:`distinct_faces` (a read-only float array)."""
        return self._distinct[1]

    def face_index(self, face: Face) -> int:
        """The position of ``face`` in :meth:`distinct_faces` (ValueError if the die lacks it)."""
        try:
            return self._index[face]
        except KeyError:
            raise ValueError(f"die {self.name!r} has no face {face}") from None

    @cached_property
    def _distinct(self) -> tuple[tuple[Face, ...], np.ndarray]:
        distinct = tuple(dict.fromkeys(self.faces))
        counts = np.array([self.faces.count(face) for face in distinct], dtype=float)
        probs = counts / len(self.faces)
        probs.setflags(write=False)
        return distinct, probs

    @cached_property
    def _index(self) -> dict[Face, int]:
        return {face: i for i, face in enumerate(self.distinct_faces())}

    def __str__(self) -> str:
        return self.name


D6 = Die("d6", tuple(Face(n, None, str(n)) for n in range(1, 7)))
"""The plain six-sided die with the numbers 1 to 6."""
