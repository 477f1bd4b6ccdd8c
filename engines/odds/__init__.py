"""The numpy dice-odds core shared by every game (docs/odds.md).

- :mod:`~engines.odds.dice`: dice as data (:class:`Face`, :class:`Die`, :data:`D6`).
- :mod:`~engines.odds.multiset`: identical dice as multisets; keeps; the keep -> outcome matrix.
- :mod:`~engines.odds.space`: a roll of several kinds of dice as a product of multiset spaces.
- :mod:`~engines.odds.turn`: exact odds over a turn (next roll, end of turn with the best holds).
- :mod:`~engines.odds.signature`: many different dice collapsed by additive signatures.
"""

from __future__ import annotations

from engines.odds.dice import D6, Die, Face
from engines.odds.multiset import MultisetSpace, die_space, multiset_space
from engines.odds.signature import (
    SignatureDistribution,
    reroll_signature_distribution,
    signature_distribution,
)
from engines.odds.space import DiceSpace, FaceTuple, dice_space
from engines.odds.turn import Hint, TurnOdds, turn_odds

__all__ = [
    "D6",
    "DiceSpace",
    "Die",
    "Face",
    "FaceTuple",
    "Hint",
    "MultisetSpace",
    "SignatureDistribution",
    "TurnOdds",
    "dice_space",
    "die_space",
    "multiset_space",
    "reroll_signature_distribution",
    "signature_distribution",
    "turn_odds",
]
