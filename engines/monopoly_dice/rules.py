"""Monopoly Dice rules as data: the board, the eleven dice, the house/hotel die and the bonuses.

The manual fixes the board's groups and three values (light blue $1,000, railroads $2,500,
utilities $800); the dice faces and the other values are ours, chosen so that the more a group is
worth, the harder it is to complete (``engines/monopoly_dice/rarity.py`` computes how hard,
exactly). The seven property dice come in four kinds of identical dice (Street, Avenue, Park Place,
Boardwalk) so that the exact turn policy only has to count the dice of each kind left in the cup.
Every number a player might argue about is a constant here, one line to change.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.odds.dice import Die, Face


@dataclass(frozen=True)
class Group:
    """A board group: ``squares`` to fill, ``board_value`` when complete, ``die_value`` printed on its faces.

    ``colour`` is True for the solid colour groups (properties): only they take a Chance die and
    only they bring the house/hotel die into play when completed.
    """

    key: str
    name: str
    squares: int
    board_value: int
    die_value: int
    colour: bool = True


GROUPS: tuple[Group, ...] = (
    Group("brown", "Brown", 2, 600, 200),
    Group("light-blue", "Light Blue", 3, 1_000, 200),
    Group("pink", "Pink", 3, 1_500, 300),
    Group("orange", "Orange", 3, 1_800, 400),
    Group("red", "Red", 3, 2_200, 500),
    Group("yellow", "Yellow", 3, 2_600, 600),
    Group("green", "Green", 3, 3_000, 700),
    Group("dark-blue", "Dark Blue", 2, 3_500, 1_000),
    Group("railroads", "Railroads", 4, 2_500, 300, colour=False),
    Group("utilities", "Utilities", 2, 800, 200, colour=False),
)
GROUP_INDEX: dict[str, int] = {g.key: i for i, g in enumerate(GROUPS)}
COLOUR_GROUPS: tuple[int, ...] = tuple(i for i, g in enumerate(GROUPS) if g.colour)

# Face colours (the ``colour`` of a Face) that are not groups.
CHANCE = "chance"
BLANK = "blank"
POLICEMAN = "policeman"
GO = "go"
HOUSE = "house"
BROKEN_HOUSE = "broken-house"
HOTEL = "hotel"
JAIL_FREE = "jail-free"


def _group_face(key: str) -> Face:
    group = GROUPS[GROUP_INDEX[key]]
    return Face(group.die_value, key, f"{group.name} ${group.die_value:,}")


def _property_die(name: str, *keys: str) -> Die:
    faces = tuple(Face(None, CHANCE, "Chance ?") if k == CHANCE else _group_face(k) for k in keys)
    return Die(name, faces)


# Seven property dice in four kinds; dice of one kind are identical, so a cup of dice is just four
# counts (how many Street, Avenue, Park Place and Boardwalk dice are left to throw), which is what
# makes the exact turn policy (``docs/monopoly-dice-exact.md``) small enough to compute.
#
# The faces keep the rulebook's promise, "the more valuable the color group, the less frequently
# that color appears on the dice, so the harder it is to roll", in two ways: the faces of a colour
# never rise with its value (brown 5, light blue 5, pink 4, orange 4, red 4, yellow 3, green 3,
# dark blue 1), and the chance of completing a group in one turn played for it alone
# (``engines/monopoly_dice/rarity.py``) falls strictly as its board value rises, railroads and
# utilities included. A search over every way to share out the faces of three kinds of dice found
# no such set (the cheap groups need faces on many dice, and three kinds give eighteen face slots
# for ten groups and the Chance); four kinds (3 + 2 + 1 + 1 dice) give twenty-four. Dark blue
# needs the Boardwalk die and the Park Place die's Chance; the two Chance faces sit on different
# dice, so the rule "one Chance per group" still binds.
_STREET = ("brown", "utilities", "light-blue", "pink", "railroads", "yellow")
_AVENUE = ("brown", "orange", "red", "red", "railroads", "green")
_PARK = ("utilities", "light-blue", "light-blue", "pink", "orange", CHANCE)
_BOARDWALK = ("orange", "railroads", "railroads", "green", "dark-blue", CHANCE)
PROPERTY_DICE: tuple[Die, ...] = (
    _property_die("P1", *_STREET),
    _property_die("P2", *_STREET),
    _property_die("P3", *_STREET),
    _property_die("P4", *_AVENUE),
    _property_die("P5", *_AVENUE),
    _property_die("P6", *_PARK),
    _property_die("P7", *_BOARDWALK),
)
DIE_KINDS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("street", (0, 1, 2)),
    ("avenue", (3, 4)),
    ("park", (5,)),
    ("boardwalk", (6,)),
)
"""The kinds of property dice with their die ids (P1-P3, P4-P5, P6, P7); one kind, one set of faces."""
KIND_OF: tuple[int, ...] = tuple(
    next(k for k, (_, dice) in enumerate(DIE_KINDS) if d in dice) for d in range(len(PROPERTY_DICE))
)
"""Property die id -> index of its kind in ``DIE_KINDS``."""

_POLICE = Face(None, POLICEMAN, "Policeman")
_BLANK = Face(None, BLANK, "Blank")
GO_AMOUNT = 200
# Three Go-to-Jail dice: two policemen and four blanks each; on J1 one blank is GO.
JAIL_DICE: tuple[Die, ...] = (
    Die("J1", (_POLICE, _POLICE, Face(GO_AMOUNT, GO, "GO $200"), _BLANK, _BLANK, _BLANK)),
    Die("J2", (_POLICE, _POLICE, _BLANK, _BLANK, _BLANK, _BLANK)),
    Die("J3", (_POLICE, _POLICE, _BLANK, _BLANK, _BLANK, _BLANK)),
)
JAIL_SQUARES = len(JAIL_DICE)
"""The third policeman on the jail squares ends the turn with nothing scored."""

# The house/hotel die: 3 houses, 1 broken house, 1 hotel, 1 Get Out of Jail Free. Houses pay
# often (a completed group is worth chasing), the broken house keeps it a gamble, and the hotel
# (only with four houses) is the jackpot.
HOUSE_DIE = Die(
    "H",
    (
        Face(None, HOUSE, "House"),
        Face(None, HOUSE, "House"),
        Face(None, HOUSE, "House"),
        Face(None, BROKEN_HOUSE, "Broken House"),
        Face(None, HOTEL, "Hotel"),
        Face(None, JAIL_FREE, "Get Out of Jail Free"),
    ),
)

ALL_DICE: tuple[Die, ...] = (*PROPERTY_DICE, *JAIL_DICE, HOUSE_DIE)
"""Die index order everywhere: P1..P7 (0-6), J1..J3 (7-9), H (10)."""
PROPERTY_IDS = tuple(range(len(PROPERTY_DICE)))
JAIL_IDS = tuple(range(len(PROPERTY_DICE), len(PROPERTY_DICE) + len(JAIL_DICE)))
HOUSE_ID = len(ALL_DICE) - 1
GO_DIE_ID = JAIL_IDS[0]

HOUSE_VALUE = 1_000
HOTEL_VALUE = 5_000
MAX_HOUSES = 4
"""At most four houses on the scoring table in one turn (a broken house frees a place again)."""
MAX_HOTELS = 1
HOTEL_NEEDS_HOUSES = 4
"""A hotel counts only with four houses; the houses stay on the table (both are scored)."""

TARGETS: tuple[int, ...] = (10_000, 15_000, 25_000)
DEFAULT_TARGET = 15_000

# Winner's bonuses (the manual names them, the formulas are ours):
HOUSE_BONUS = 500
"""Houses/Hotels bonus: $500 for every house scored during the game ..."""
HOTEL_BONUS = 2_500
"""... and $2,500 for every hotel scored."""
SPECIAL_BONUS_PER_TURN = 1_000
"""Special bonus: $1,000 for every turn fewer than par, where par is one turn per $1,000 of target."""


def par_turns(target: int) -> int:
    """The turns a winner may take before the Special bonus is gone (10, 15 or 25)."""
    return target // 1_000


def special_bonus(target: int, turns: int) -> int:
    """The fewer-turns bonus for a winner who needed ``turns`` turns.

    >>> special_bonus(15_000, 6)
    9000
    >>> special_bonus(10_000, 12)
    0
    """
    return SPECIAL_BONUS_PER_TURN * max(0, par_turns(target) - turns)


def houses_hotels_bonus(houses: int, hotels: int) -> int:
    """The winner's bonus for houses and hotels scored over the whole game.

    >>> houses_hotels_bonus(6, 1)
    5500
    """
    return HOUSE_BONUS * houses + HOTEL_BONUS * hotels
