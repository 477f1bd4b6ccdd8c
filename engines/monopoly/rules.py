"""Monopoly rules as data: the board, the two decks and every rule choice, one line each.

The board (``data/board.csv``) and the cards (``data/cards.csv``) are our own files; the facts
(prices, rents, house costs, mortgages, card effects) are the classic US edition's. Where the
manual is silent the choice a player of the original would expect is a constant below and is
listed in ``docs/monopoly.md``.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

_DATA = Path(__file__).with_name("data")

# -- rule choices (one line to change each) ----------------------------------------------------
STARTING_CASH = 1_500
"""Each player's cash at the start: the classic amount, the default of the ``starting_cash`` option."""
STARTING_CASH_RANGE = (1, 100_000)
"""The ``starting_cash`` option takes any whole number of dollars in this range."""
GO_SALARY = 200
"""Paid for passing or landing on GO."""
JAIL_FINE = 50
JAIL_MAX_TURNS = 3
"""Turns spent trying for doubles; after the third failed throw the fine is due and the token moves."""
JAIL_FINE_TURNS = 2
"""The fine may be paid before rolling on the first two turns in jail (the manual's wording)."""
DOUBLES_TO_JAIL = 3
INCOME_TAX_FLAT = 200
INCOME_TAX_PERCENT = 10
"""Income Tax: $200 or 10% of total worth, chosen before the worth is added up."""
LUXURY_TAX = 75
BANK_HOUSES = 32
BANK_HOTELS = 12
MAX_HOUSES = 4
HOTEL_LEVEL = 5
"""A lot's building level: 0-4 houses, 5 = a hotel."""
MORTGAGE_INTEREST_PERCENT = 10
"""Lifting a mortgage costs its value plus 10%, rounded up to the dollar."""
BUILDING_SELL_PERCENT = 50
"""Buildings sell back to the bank at half their cost."""
FREE_PARKING_JACKPOT = False
"""House rule, off by default: taxes, fines and card payments to the bank go into a pot that the
next player to land on Free Parking takes."""
BID_STEPS = (1, 10, 100)
"""An auction bid raises the highest bid by one of these, or names an exact amount above it."""
EXACT_BIDS = 1_000
"""An exact bid is one of this many amounts from the least next bid up (never above the
bidder's cash): one legal action per dollar of the bidder's cash would put tens of thousands
of actions in a rich player's every bid; a larger jump is made in more than one bid."""
TRADE_CASH_STEPS = (1, 10, 100)
"""A trade's cash is composed by these steps (either way)."""
TRADES_PER_TURN = 3
"""Trade offers one player may make in one turn (or one between-turns window): it stops a
player pestering the table, and it keeps every game finite."""
RAILROAD_RENTS = (0, 25, 50, 100, 200)
"""Railroad rent by how many railroads the owner holds."""
UTILITY_MULTIPLIERS = (0, 4, 10)
"""Utility rent: the dice times 4 with one utility owned, times 10 with both."""
CARD_UTILITY_MULTIPLIER = 10
CARD_RAILROAD_FACTOR = 2


# -- the board -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Square:
    """One of the 40 squares. Money fields are 0 where they do not apply.

    ``rents`` is (base, 1 house, 2, 3, 4 houses, hotel) for a street; a railroad's and utility's
    rent depends on how many of its group the owner holds (``RAILROAD_RENTS``, ``UTILITY_MULTIPLIERS``).
    """

    index: int
    name: str
    kind: str
    group: str
    price: int
    rents: tuple[int, ...]
    house_cost: int
    mortgage: int
    tax: int

    @property
    def is_property(self) -> bool:
        return self.kind in PROPERTY_KINDS


PROPERTY_KINDS = frozenset({"street", "railroad", "utility"})
SQUARE_KINDS = frozenset(
    {"go", "street", "railroad", "utility", "community-chest", "chance", "income-tax", "luxury-tax",
     "jail", "free-parking", "go-to-jail"}
)  # fmt: skip


def _load_board() -> tuple[Square, ...]:
    with (_DATA / "board.csv").open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    squares = []
    for i, row in enumerate(rows):
        if int(row["index"]) != i or row["kind"] not in SQUARE_KINDS:
            raise ValueError(f"board.csv row {i}: bad index or kind")
        rents = tuple(
            int(row[k])
            for k in ("rent", "rent_1_house", "rent_2_houses", "rent_3_houses", "rent_4_houses", "rent_hotel")
        )
        squares.append(
            Square(i, row["name"], row["kind"], row["group"], int(row["price"]), rents,
                   int(row["house_cost"]), int(row["mortgage"]), int(row["tax"]))
        )  # fmt: skip
    if len(squares) != 40:
        raise ValueError(f"board.csv has {len(squares)} squares, not 40")
    return tuple(squares)


BOARD: tuple[Square, ...] = _load_board()
NUM_SQUARES = len(BOARD)
GO = 0
JAIL = next(s.index for s in BOARD if s.kind == "jail")
GO_TO_JAIL = next(s.index for s in BOARD if s.kind == "go-to-jail")
FREE_PARKING = next(s.index for s in BOARD if s.kind == "free-parking")
PROPERTIES: tuple[int, ...] = tuple(s.index for s in BOARD if s.is_property)
STREETS: tuple[int, ...] = tuple(s.index for s in BOARD if s.kind == "street")
RAILROADS: tuple[int, ...] = tuple(s.index for s in BOARD if s.kind == "railroad")
UTILITIES: tuple[int, ...] = tuple(s.index for s in BOARD if s.kind == "utility")
GROUP_NAMES: tuple[str, ...] = tuple(dict.fromkeys(s.group for s in BOARD if s.group))
"""Group keys in the order they first appear on the board (brown, railroad, light-blue, ...)."""
GROUPS: dict[str, tuple[int, ...]] = {g: tuple(s.index for s in BOARD if s.group == g) for g in GROUP_NAMES}
GROUP_OF: tuple[tuple[int, ...], ...] = tuple(GROUPS[s.group] if s.group else () for s in BOARD)
"""Square -> the squares of its group (itself included); empty for squares that are not property."""
LIFT_COST: tuple[int, ...] = tuple(
    s.mortgage + -(-s.mortgage * MORTGAGE_INTEREST_PERCENT // 100) for s in BOARD
)
"""What lifting each square's mortgage costs: the mortgage plus 10%, rounded up."""
INTEREST: tuple[int, ...] = tuple(-(-s.mortgage * MORTGAGE_INTEREST_PERCENT // 100) for s in BOARD)
"""The 10% due at once when a mortgaged property changes hands."""


def next_of(position: int, targets: tuple[int, ...]) -> int:
    """The first of ``targets`` strictly ahead of ``position``, going round the board.

    >>> next_of(36, RAILROADS), next_of(7, UTILITIES), next_of(22, UTILITIES)
    (5, 12, 28)
    """
    return min(targets, key=lambda t: (t - position - 1) % NUM_SQUARES)


# -- the cards -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Card:
    """A card and its machine-readable effect.

    ``effect`` is one of ``CARD_EFFECTS``: ``advance`` (to ``square``, $200 if GO is passed),
    ``nearest-railroad`` (twice the rent), ``nearest-utility`` (ten times a new throw), ``back``
    (``amount`` squares), ``go-to-jail``, ``jail-free`` (kept), ``bank`` (collect ``amount``, or pay
    when negative), ``each-player`` (collect ``amount`` from every other player, or pay each when
    negative), ``repairs`` (``per_house`` and ``per_hotel``).
    """

    deck: str
    index: int
    key: str
    text: str
    effect: str
    square: int
    amount: int
    per_house: int
    per_hotel: int


CARD_EFFECTS = frozenset(
    {"advance", "nearest-railroad", "nearest-utility", "back", "go-to-jail", "jail-free", "bank",
     "each-player", "repairs"}
)  # fmt: skip
DECK_NAMES: tuple[str, ...] = ("chance", "community-chest")
"""Deck index order everywhere: 0 = Chance, 1 = Community Chest (the square kinds' names)."""


def _load_cards() -> tuple[tuple[Card, ...], ...]:
    decks: dict[str, list[Card]] = {d: [] for d in DECK_NAMES}
    with (_DATA / "cards.csv").open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            deck = decks[row["deck"]]
            if row["effect"] not in CARD_EFFECTS:
                raise ValueError(f"cards.csv: unknown effect {row['effect']!r}")
            deck.append(
                Card(row["deck"], len(deck), row["key"], row["text"], row["effect"], int(row["square"]),
                     int(row["amount"]), int(row["per_house"]), int(row["per_hotel"]))
            )  # fmt: skip
    if any(len(cards) != 16 for cards in decks.values()):
        raise ValueError("cards.csv: each deck has 16 cards")
    return tuple(tuple(decks[d]) for d in DECK_NAMES)


DECKS: tuple[tuple[Card, ...], ...] = _load_cards()
DECK_OF_KIND = {"chance": 0, "community-chest": 1}
JAIL_FREE_CARD: tuple[int, ...] = tuple(
    next(c.index for c in cards if c.effect == "jail-free") for cards in DECKS
)
"""The Get Out of Jail Free card's index in each deck."""
