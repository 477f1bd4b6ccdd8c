"""Yahtzee family scoring as data and pure functions: the boxes of every mode and their values.

The box lists and bonus tables below are the rules; :func:`score_box` is the base value of a
hand in a box (before the Power multiplier and before Joker handling), :func:`joker_score` the
value when a YAHTZEE is played as a Joker. Nothing here knows about turns or players, so the
solver, the odds core and the screens can all call it.

>>> score_box(CLASSIC_BOXES[2], (3, 3, 3, 2, 4))
9
>>> score_box(CLASSIC_BOXES[8], (3, 3, 5, 5, 3))
25
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache


class Section(StrEnum):
    UPPER = "upper"
    LOWER = "lower"
    COLOUR = "colour"


class Kind(StrEnum):
    """The scoring pattern of a box (several boxes may share one, e.g. Power's 1st/2nd boxes)."""

    UPPER = "upper"  # sum of the dice showing `face`
    CHOICE = "choice"  # Power: the best single number scored again (sum of the dice showing it)
    OF_A_KIND = "of_a_kind"  # at least `count` equal numbers: sum of all dice
    OF_A_COLOUR = "of_a_colour"  # at least `count` dice of one colour: sum of all dice
    TWO_PAIRS = "two_pairs"  # two different numbers, each on at least two dice: sum of all dice
    FULL_HOUSE = "full_house"  # three of one number and two of another: `value`
    PAINTED_HOUSE = "painted_house"  # three of one colour and two of another: `value`
    STRAIGHT = "straight"  # `count` consecutive numbers: `value`
    RAINBOW = "rainbow"  # five different colours: `value`
    FLUSH = "flush"  # five dice of one colour: `value`
    YAHTZEE = "yahtzee"  # five equal numbers: `value`
    CHANCE = "chance"  # sum of all dice
    COLOUR = "colour"  # sum of the numbers on the dice of `colour`


COLOURS: tuple[str, ...] = ("blue", "red", "purple", "green", "yellow")
"""The Painted colours, in the order of the scorecard's Color Section."""


@dataclass(frozen=True)
class Box:
    """One scorecard box. ``id`` is its index on the mode's card; ``key`` is unique in the mode."""

    id: int
    key: str
    name: str
    section: Section
    kind: Kind
    face: int | None = None
    count: int | None = None
    value: int | None = None
    colour: str | None = None
    group: str | None = None
    """Power: boxes of one group ("three_of_a_kind", "yahtzee", ...) are filled in order."""
    rank: int = 0
    """Power: 1 for the 1st box of a group, 2 for the 2nd, 3 for the 3rd; 0 outside groups."""

    def __post_init__(self) -> None:
        # boxes key the score cache, so hash once instead of over every field on each lookup
        object.__setattr__(self, "_hash", hash(tuple(getattr(self, f) for f in self.__dataclass_fields__)))

    def __hash__(self) -> int:
        return self._hash


UPPER_NAMES = ("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes")
UPPER_KEYS = ("ones", "twos", "threes", "fours", "fives", "sixes")

FULL_HOUSE_VALUE = 25
PAINTED_HOUSE_VALUE = 25
SMALL_STRAIGHT_VALUE = 30
LARGE_STRAIGHT_VALUE = 40
PAINTED_STRAIGHT_VALUE = 40
RAINBOW_VALUE = 40
FLUSH_VALUE = 45
"""The Painted text does not value the Flush ("a colour YAHTZEE"); 45 is the published Painted sheet."""
YAHTZEE_VALUE = 50
YAHTZEE_BONUS = 100
"""Classic, Painted and Dice Party: each further YAHTZEE while the YAHTZEE box holds 50."""
POWER_YAHTZEE_VALUES = (50, 100, 150)
"""The text says "similar to Classic"; the published Power sheet values the 1st/2nd/3rd 50/100/150."""

UPPER_BONUS: tuple[tuple[int, int], ...] = ((63, 35),)
"""(threshold, bonus) pairs, highest first: the first threshold reached pays (not cumulative)."""
COLOUR_BONUS: tuple[tuple[int, int], ...] = ((63, 35),)
POWER_UPPER_BONUS: tuple[tuple[int, int], ...] = ((300, 200), (200, 100), (150, 50))


def _upper(start: int = 0) -> list[Box]:
    return [
        Box(start + i, UPPER_KEYS[i], UPPER_NAMES[i], Section.UPPER, Kind.UPPER, face=i + 1) for i in range(6)
    ]


def _number(boxes: list[Box]) -> tuple[Box, ...]:
    """Give the boxes their ids in card order."""
    return tuple(replace(box, id=i) for i, box in enumerate(boxes))


L = Section.LOWER

CLASSIC_BOXES: tuple[Box, ...] = _number(
    [
        *_upper(),
        Box(0, "three_of_a_kind", "3 of a Kind", L, Kind.OF_A_KIND, count=3),
        Box(0, "four_of_a_kind", "4 of a Kind", L, Kind.OF_A_KIND, count=4),
        Box(0, "full_house", "Full House", L, Kind.FULL_HOUSE, value=FULL_HOUSE_VALUE),
        Box(0, "small_straight", "Small Straight", L, Kind.STRAIGHT, count=4, value=SMALL_STRAIGHT_VALUE),
        Box(0, "large_straight", "Large Straight", L, Kind.STRAIGHT, count=5, value=LARGE_STRAIGHT_VALUE),
        Box(0, "yahtzee", "YAHTZEE", L, Kind.YAHTZEE, value=YAHTZEE_VALUE),
        Box(0, "chance", "Chance", L, Kind.CHANCE),
    ]
)
"""Ids 0-5 Ones-Sixes, 6 3 of a Kind, 7 4 of a Kind, 8 Full House, 9 Small Straight,
10 Large Straight, 11 YAHTZEE, 12 Chance."""

DICE_PARTY_BOXES: tuple[Box, ...] = _number(
    [
        *_upper(),
        Box(0, "three_of_a_kind", "3 of a Kind", L, Kind.OF_A_KIND, count=3),
        Box(0, "four_of_a_kind", "4 of a Kind", L, Kind.OF_A_KIND, count=4),
        Box(0, "full_house", "Full", L, Kind.FULL_HOUSE, value=FULL_HOUSE_VALUE),
        Box(0, "small_straight", "Small Straight", L, Kind.STRAIGHT, count=4, value=SMALL_STRAIGHT_VALUE),
        Box(0, "large_straight", "Large Straight", L, Kind.STRAIGHT, count=5, value=LARGE_STRAIGHT_VALUE),
        Box(0, "yahtzee", "5 of a Kind", L, Kind.YAHTZEE, value=YAHTZEE_VALUE),
        Box(0, "chance", "Chance", L, Kind.CHANCE),
    ]
)
"""The Classic card under Dice Party's names (same ids and keys, so one solver serves both)."""

PAINTED_BOXES: tuple[Box, ...] = _number(
    [
        *_upper(),
        Box(0, "four_of_a_kind", "4 of a Kind", L, Kind.OF_A_KIND, count=4),
        Box(0, "four_of_a_color", "4 of a Color", L, Kind.OF_A_COLOUR, count=4),
        Box(0, "full_house", "Full House", L, Kind.FULL_HOUSE, value=FULL_HOUSE_VALUE),
        Box(0, "painted_house", "Painted House", L, Kind.PAINTED_HOUSE, value=PAINTED_HOUSE_VALUE),
        Box(0, "straight", "Straight", L, Kind.STRAIGHT, count=5, value=PAINTED_STRAIGHT_VALUE),
        Box(0, "rainbow", "Rainbow", L, Kind.RAINBOW, value=RAINBOW_VALUE),
        Box(0, "flush", "Flush", L, Kind.FLUSH, value=FLUSH_VALUE),
        Box(0, "yahtzee", "YAHTZEE", L, Kind.YAHTZEE, value=YAHTZEE_VALUE),
        Box(0, "chance", "Chance", L, Kind.CHANCE),
        *(Box(0, c, c.title(), Section.COLOUR, Kind.COLOUR, colour=c) for c in COLOURS),
    ]
)
"""Ids 0-5 Ones-Sixes, 6-14 the lower section, 15-19 Blue, Red, Purple, Green, Yellow."""


def _power_group(key: str, name: str, kind: Kind, n: int, **fields: int) -> list[Box]:
    ordinals = ("1st", "2nd", "3rd")
    return [
        Box(0, f"{key}_{r + 1}", f"{name} {ordinals[r]}", L, kind, group=key, rank=r + 1, **fields)
        for r in range(n)
    ]


POWER_BOXES: tuple[Box, ...] = _number(
    [
        *_upper(),
        Box(0, "choice", "Choice", Section.UPPER, Kind.CHOICE),
        Box(0, "two_pairs", "2 Pairs", L, Kind.TWO_PAIRS),
        *_power_group("three_of_a_kind", "3 of a Kind", Kind.OF_A_KIND, 2, count=3),
        *_power_group("four_of_a_kind", "4 of a Kind", Kind.OF_A_KIND, 2, count=4),
        Box(0, "full_house", "Full House", L, Kind.FULL_HOUSE, value=FULL_HOUSE_VALUE),
        *_power_group(
            "small_straight", "Small Straight", Kind.STRAIGHT, 2, count=4, value=SMALL_STRAIGHT_VALUE
        ),
        *_power_group(
            "large_straight", "Large Straight", Kind.STRAIGHT, 2, count=5, value=LARGE_STRAIGHT_VALUE
        ),
        *(
            Box(0, f"yahtzee_{r + 1}", f"YAHTZEE {o}", L, Kind.YAHTZEE, value=v, group="yahtzee", rank=r + 1)
            for r, (o, v) in enumerate(zip(("1st", "2nd", "3rd"), POWER_YAHTZEE_VALUES, strict=True))
        ),
        Box(0, "chance", "Chance", L, Kind.CHANCE),
    ]
)
"""21 boxes: ids 0-5 Ones-Sixes, 6 Choice, 7 2 Pairs, 8-9 3 of a Kind 1st/2nd, 10-11 4 of a Kind
1st/2nd, 12 Full House, 13-14 Small Straight 1st/2nd, 15-16 Large Straight 1st/2nd,
17-19 YAHTZEE 1st/2nd/3rd, 20 Chance."""

BOXES_BY_MODE: dict[str, tuple[Box, ...]] = {
    "classic": CLASSIC_BOXES,
    "painted": PAINTED_BOXES,
    "power": POWER_BOXES,
    "dice-party": DICE_PARTY_BOXES,
}


def box_by_key(boxes: Sequence[Box], key: str) -> Box:
    """The box called ``key`` on a card (``KeyError`` if there is none)."""
    for box in boxes:
        if box.key == key:
            return box
    raise KeyError(key)


# -- pure scoring ------------------------------------------------------------------------------


def is_yahtzee(numbers: Sequence[int]) -> bool:
    """Five dice showing the same number.

    >>> is_yahtzee((4, 4, 4, 4, 4)), is_yahtzee((4, 4, 4, 4, 3))
    (True, False)
    """
    return len(numbers) == 5 and len(set(numbers)) == 1


def has_straight(numbers: Sequence[int], length: int) -> bool:
    """``length`` consecutive numbers among the dice (a Large Straight also holds a Small one)."""
    present = set(numbers)
    return any(all(n in present for n in range(low, low + length)) for low in range(1, 8 - length))


def _is_house(values: Sequence[object]) -> bool:
    # Three of one and two of another: five of a kind is not a house (Dice Party says so
    # outright, Classic's "two of another number" too); it reaches the box only as a Joker.
    return sorted(Counter(values).values()) == [2, 3]


NUMBER_KINDS = frozenset(Kind) - {Kind.COLOUR, Kind.OF_A_COLOUR, Kind.PAINTED_HOUSE, Kind.RAINBOW, Kind.FLUSH}
"""The patterns that read only the numbers, whatever order the dice lie in."""

SCORE_CACHE_SIZE = 1 << 14
"""Cached number-box values: a hand is keyed sorted, so the four modes together need at most 252
hands times their 34 number boxes (8,568 values, about 2 MB, all made as the computers' tables
are built), however long the process plays."""


@lru_cache(maxsize=SCORE_CACHE_SIZE)
def _number_score(box: Box, hand: tuple[int, ...]) -> int:
    # ``hand`` is sorted: every number pattern is blind to the order of the dice
    kind = box.kind
    if kind is Kind.UPPER:
        return box.face * hand.count(box.face)
    if kind is Kind.CHANCE:
        return sum(hand)
    if kind is Kind.CHOICE:
        return max(n * hand.count(n) for n in set(hand))
    if kind is Kind.OF_A_KIND:
        return sum(hand) if max(Counter(hand).values()) >= box.count else 0
    if kind is Kind.TWO_PAIRS:
        pairs = [n for n, c in Counter(hand).items() if c >= 2]
        return sum(hand) if len(pairs) >= 2 else 0
    if kind is Kind.FULL_HOUSE:
        return box.value if _is_house(hand) else 0
    if kind is Kind.STRAIGHT:
        return box.value if has_straight(hand, box.count) else 0
    if kind is Kind.YAHTZEE:
        return box.value if is_yahtzee(hand) else 0
    raise AssertionError(kind)


def _colour_score(box: Box, numbers: Sequence[int], colours: Sequence[str] | None) -> int:
    # not cached: a count over five dice, and (numbers, colours) pairs would make 7,776 x 3,125 keys
    if colours is None:
        raise ValueError(f"{box.name} needs the colours of the dice")
    kind = box.kind
    if kind is Kind.COLOUR:
        return sum(n for n, c in zip(numbers, colours, strict=True) if c == box.colour)
    if kind is Kind.OF_A_COLOUR:
        return sum(numbers) if max(Counter(colours).values()) >= box.count else 0
    if kind is Kind.PAINTED_HOUSE:
        return box.value if _is_house(colours) else 0
    if kind is Kind.RAINBOW:
        return box.value if len(set(colours)) == 5 else 0
    if kind is Kind.FLUSH:
        return box.value if len(set(colours)) == 1 else 0
    raise AssertionError(kind)


def score_box(box: Box, numbers: Sequence[int], colours: Sequence[str] | None = None) -> int:
    """The base value of the hand in ``box``: no Power multiplier, no Joker, no bonus.

    ``numbers`` are the five dice's numbers (1-6); ``colours`` the Painted colours, needed only
    by colour boxes.

    >>> score_box(CLASSIC_BOXES[6], (1, 4, 4, 4, 5))
    18
    """
    # The cache keys numpy ints and ints alike: whichever came first would be handed back, so make
    # the result a plain int (saves and JSON need one).
    if box.kind in NUMBER_KINDS:
        return int(_number_score(box, tuple(sorted(numbers))))
    return int(_colour_score(box, numbers, colours))


def joker_score(box: Box, numbers: Sequence[int], colours: Sequence[str] | None = None) -> int:
    """The value of a YAHTZEE played as a Joker in ``box``.

    Full House and the straights score their full value; every other box scores the hand as it
    is (3 of a Kind the sum, a non-matching upper box zero, a colour box its colour's sum).

    >>> joker_score(CLASSIC_BOXES[10], (2, 2, 2, 2, 2))
    40
    """
    if box.kind in (Kind.FULL_HOUSE, Kind.STRAIGHT):
        return box.value
    return score_box(box, numbers, colours)


def bonus_for(total: int, tiers: Sequence[tuple[int, int]]) -> int:
    """The bonus for a section total: the first (threshold, bonus) reached, highest first.

    >>> bonus_for(62, UPPER_BONUS), bonus_for(63, UPPER_BONUS), bonus_for(210, POWER_UPPER_BONUS)
    (0, 35, 100)
    """
    for threshold, bonus in tiers:
        if total >= threshold:
            return bonus
    return 0
