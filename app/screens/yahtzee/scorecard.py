"""The Yahtzee scorecard on the TV: what each box is called, how it scores, where it sits.

The card is laid out in columns, one per section (a long section is split in two), each headed by
its section's name and closed by its totals and bonus rows. The layout is pure data
(:func:`card_columns`), so the box order that LEFT/RIGHT walk through and the picture agree.

>>> from engines.core import load_game
>>> [len(c.rows) for c in card_columns(load_game("yahtzee-power"))]
[9, 7, 7]
>>> [c.header for c in card_columns(load_game("yahtzee-painted"))]
['upper', 'lower', 'colour']

Where the columns do not fit across the screen at a readable size (Painted and Power at 576
lines), the card is shown in pages of whole columns (:func:`card_pages`).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from app.i18n import t
from engines.yahtzee.game import YahtzeeGame
from engines.yahtzee.scoring import Box, Kind, Section

MAX_COLUMN_ROWS = 10
"""A section with more rows than this (boxes plus totals) is split into two columns."""

PAINTED_RGB: dict[str, tuple[int, int, int]] = {
    "blue": (50, 110, 215),
    "red": (205, 50, 50),
    "purple": (140, 70, 190),
    "green": (40, 160, 80),
    "yellow": (225, 195, 40),
}
"""The Painted dice colours as drawn (made broadcast-safe by the profile before use)."""
PAINTED_PIPS: dict[str, str] = {
    "blue": "square",
    "red": "round",
    "purple": "cross",
    "green": "triangle",
    "yellow": "diamond",
}
"""Each Painted colour's pip shape (:data:`app.widgets.PIP_SHAPES`), also drawn in its box's
swatch: red, green and yellow merge for a red-green colour-blind player, their shapes do not."""


@dataclass(frozen=True)
class Row:
    """One line of a card column: a box (``box`` set) or a totals line (``total`` names it)."""

    box: Box | None = None
    total: str | None = None


@dataclass(frozen=True)
class Column:
    header: str
    """The section this column shows: "upper", "lower" or "colour"."""
    rows: tuple[Row, ...]


def card_columns(game: YahtzeeGame) -> list[Column]:
    """The card's columns, left to right, with their box rows and totals rows."""
    columns: list[Column] = []
    for section in (Section.UPPER, Section.LOWER, Section.COLOUR):
        boxes = [b for b in game.boxes if b.section is section]
        if not boxes:
            continue
        totals: list[str] = []
        if section is Section.UPPER:
            totals = ["upper_total", "upper_bonus"]
        elif section is Section.COLOUR:
            totals = ["colour_total", "colour_bonus"]
        elif game.bonus_per_yahtzee:
            totals = ["yahtzee_bonus"]
        rows = [Row(box=b) for b in boxes] + [Row(total=name) for name in totals]
        if len(rows) > MAX_COLUMN_ROWS:
            half = (len(rows) + 1) // 2
            columns += [Column(str(section), tuple(rows[:half])), Column(str(section), tuple(rows[half:]))]
        else:
            columns.append(Column(str(section), tuple(rows)))
    return columns


def card_pages(columns: list[Column], per_page: int) -> list[list[int]]:
    """The columns (by index) on each page when ``per_page`` fit side by side. A section starts a
    new page rather than be split across two, unless it is wider than a page itself.

    >>> from engines.core import load_game
    >>> power = card_columns(load_game("yahtzee-power"))
    >>> card_pages(power, 3), card_pages(power, 2), card_pages(power, 1)
    ([[0, 1, 2]], [[0], [1, 2]], [[0], [1], [2]])
    >>> card_pages(card_columns(load_game("yahtzee-painted")), 2)
    [[0, 1], [2]]
    """
    per_page = max(1, per_page)
    sections = [
        [i for i, _ in run] for _, run in groupby(enumerate(columns), key=lambda item: item[1].header)
    ]
    pages: list[list[int]] = [[]]
    for section in sections:
        if pages[-1] and len(pages[-1]) + len(section) > per_page:
            pages.append([])
        for i in section:
            if len(pages[-1]) == per_page:
                pages.append([])
            pages[-1].append(i)
    return pages


def box_order(game: YahtzeeGame) -> list[int]:
    """Box ids in the order the cursor walks them (column by column, top to bottom)."""
    return [row.box.id for column in card_columns(game) for row in column.rows if row.box is not None]


def box_name(game: YahtzeeGame, box: Box) -> str:
    """The box's name in the current language (Dice Party has its own names for some boxes)."""
    base = box.group or box.key
    key = f"yahtzee.box.{base}"
    if game.mode == "dice-party" and base in ("full_house", "yahtzee", "three_of_a_kind", "four_of_a_kind"):
        key = f"dice_party.box.{base}"
    name = t(key)
    if box.rank:
        name = t(f"yahtzee.ordinal.{box.rank}", name=name)
    return name


SHORT_NAMES = frozenset(
    {
        "small_straight",
        "large_straight",
        "three_of_a_kind",
        "four_of_a_kind",
        "painted_house",
        "four_of_a_color",
    }
)
"""Boxes with a short name for narrow columns (Power's 1st/2nd boxes at 576 lines, the hint's table)."""


def box_short_name(game: YahtzeeGame, box: Box) -> str:
    """A shorter name where one exists ("Sm Straight 1st"), else the name."""
    base = box.group or box.key
    if base not in SHORT_NAMES or game.mode == "dice-party":
        return box_name(game, box)
    name = t(f"yahtzee.box_short.{base}")
    if box.rank:
        name = t(f"yahtzee.ordinal.{box.rank}", name=name)
    return name


def box_how(box: Box, multiplier: int = 1) -> str:
    """How the box's value is calculated, in one line (with the Power when it is above one)."""
    kind = box.kind
    if kind is Kind.UPPER:
        how = t("yahtzee.how.upper", face=box.face)
    elif kind is Kind.STRAIGHT:
        how = t(f"yahtzee.how.straight{box.count}", value=box.value)
    elif kind is Kind.COLOUR:
        how = t("yahtzee.how.colour", colour=t(f"yahtzee.box.{box.colour}"))
    elif kind in (Kind.OF_A_KIND, Kind.OF_A_COLOUR):
        how = t(f"yahtzee.how.{kind.value}", count=box.count)
    else:
        how = t(f"yahtzee.how.{kind.value}", value=box.value or 0)
    if multiplier > 1:
        how = t("yahtzee.how.power", how=how, n=multiplier)
    return how


def total_label(game: YahtzeeGame, name: str, *, in_column: bool = False) -> str:
    """The label of a totals row; ``in_column``: under its section's header on the card, where
    the colour bonus is just "Bonus (63+)" like the upper one."""
    if name == "upper_bonus" or (name == "colour_bonus" and in_column):
        tiers = game.upper_bonus_tiers if name == "upper_bonus" else game.colour_bonus_tiers
        return t("yahtzee.row.upper_bonus", threshold=tiers[-1][0])
    if name == "colour_bonus":
        return t("yahtzee.row.colour_bonus", threshold=game.colour_bonus_tiers[-1][0])
    if name == "yahtzee_bonus" and game.mode == "dice-party":
        return t("dice_party.row.yahtzee_bonus")
    return t(f"yahtzee.row.{name}")
