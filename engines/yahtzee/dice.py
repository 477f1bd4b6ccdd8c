"""The Yahtzee family's dice as data: plain d6s, the five Painted dice and the Power die.

Painted: die ``d`` (0-4) shows number ``n`` in colour ``COLOURS[(d + n) % 5]``. Every colour is on
exactly 6 of the 30 faces, every number shows all five colours across the five dice, and no two
dice are coloured alike (docs/yahtzee-rules.md has the table).

>>> [str(face) for face in PAINTED_DICE[0].faces]
['1 Red', '2 Purple', '3 Green', '4 Yellow', '5 Blue', '6 Red']
>>> [str(face) for face in POWER_DIE.faces]
['1', '2', '3', 'Freeze', 'Double', 'Power']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.odds.dice import D6, Die, Face
from engines.yahtzee.scoring import COLOURS

if TYPE_CHECKING:
    import numpy as np

    from engines.odds.space import DiceSpace

CLASSIC_DICE: tuple[Die, ...] = (D6,) * 5


def painted_colour(die: int, number: int) -> str:
    """The colour of ``number`` on Painted die ``die`` (0-4)."""
    return COLOURS[(die + number) % len(COLOURS)]


PAINTED_DICE: tuple[Die, ...] = tuple(
    Die(
        f"painted {d + 1}",
        tuple(Face(n, painted_colour(d, n), f"{n} {painted_colour(d, n).title()}") for n in range(1, 7)),
    )
    for d in range(5)
)

FREEZE, DOUBLE, POWER = "Freeze", "Double", "Power"

POWER_DIE = Die(
    "power",
    (
        Face(1, None, "1"),
        Face(2, None, "2"),
        Face(3, None, "3"),
        Face(None, None, FREEZE),
        Face(None, None, DOUBLE),
        Face(None, None, POWER),
    ),
)
"""The Power die: its number is the multiplier; the symbol faces carry their rule in the label."""

POWER_MULTIPLIER: dict[str, int] = {"1": 1, "2": 2, "3": 3, FREEZE: 1, DOUBLE: 2, POWER: 3}
"""The multiplier each Power die face gives every box scored with it (the manual's "Power")."""

STOP_FACE = FREEZE
"""The Power die face that ends the rolling at once (the turn's score must be taken)."""
EXTRA_ROLL_FACE = POWER
"""The Power die face that, held after the last regular roll, buys one more (a fourth) roll."""


def power_stops_rolling(face: str | None) -> bool:
    """Whether the Power die showing ``face`` ends the rolling (Freeze)."""
    return face == STOP_FACE


def power_grants_extra_roll(face: str | None, held: bool) -> bool:
    """Whether the Power die showing ``face`` (held or not) gives a fourth roll (a held Power)."""
    return face == EXTRA_ROLL_FACE and held


def power_turn_flags(space: DiceSpace) -> dict[str, np.ndarray]:
    """The same rule for the odds core: :class:`engines.odds.turn.TurnOdds`'s ``stop``,
    ``extra_roll`` and ``extra_keep`` over the outcomes of ``space`` (a roll with the Power die)."""
    return {
        "stop": space.shows(STOP_FACE),
        "extra_roll": space.shows(EXTRA_ROLL_FACE),
        "extra_keep": space.keep_shows(EXTRA_ROLL_FACE),
    }
