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

from engines.odds.dice import D6, Die, Face
from engines.yahtzee.scoring import COLOURS

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
