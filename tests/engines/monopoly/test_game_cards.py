"""Every Chance and Community Chest card, drawn in play."""

from __future__ import annotations

import pytest

from engines.monopoly import rules as R
from tests.engines.monopoly.game_helpers import (
    SQ,
    act,
    at,
    build,
    dice,
    draw,
    give,
    money_balances,
    new_state,
    phase,
    throw,
)

CHANCE = (7, 22, 36)
CHEST = (2, 17, 33)


def drawn(key: str, square: int, players: int = 2) -> object:
    """Player 1 throws 1+2 onto ``square`` and draws ``key``."""
    s = new_state(players)
    at(s, 0, (square - 3) % R.NUM_SQUARES)
    throw(s, 1, 2)
    draw(s, key)
    return s


CASH_CARDS = [
    ("chance", "dividend", 50), ("chance", "poor-tax", -15), ("chance", "building-loan", 150),
    ("community-chest", "bank-error", 200), ("community-chest", "doctor", -50),
    ("community-chest", "stock-sale", 45), ("community-chest", "xmas-fund", 100),
    ("community-chest", "tax-refund", 20), ("community-chest", "life-insurance", 100),
    ("community-chest", "hospital", -100), ("community-chest", "school-tax", -150),
    ("community-chest", "services", 25), ("community-chest", "beauty-contest", 10),
    ("community-chest", "inheritance", 100),
]  # fmt: skip


@pytest.mark.parametrize(("deck", "key", "amount"), CASH_CARDS)
def test_cards_that_pay_or_collect_from_the_bank(deck: str, key: str, amount: int) -> None:
    s = drawn(key, CHANCE[0] if deck == "chance" else CHEST[1])
    assert s.cash[0] == R.STARTING_CASH + amount and money_balances(s) and phase(s) == "after-roll"


@pytest.mark.parametrize(("deck", "square"), [("chance", 7), ("community-chest", 17)])
def test_advance_to_go_collects_200(deck: str, square: int) -> None:
    s = drawn("advance-go", square)
    assert s.pos[0] == R.GO and s.cash[0] == R.STARTING_CASH + R.GO_SALARY


@pytest.mark.parametrize(
    ("key", "start", "target", "salary"),
    [
        ("advance-illinois", 7, "Illinois Avenue", 0), ("advance-illinois", 36, "Illinois Avenue", 200),
        ("advance-st-charles", 7, "St. Charles Place", 0),
        ("advance-st-charles", 22, "St. Charles Place", 200),
        ("reading-railroad", 7, "Reading Railroad", 200), ("boardwalk", 7, "Boardwalk", 0),
    ],
)  # fmt: skip
def test_advance_cards_pay_200_past_go(key: str, start: int, target: str, salary: int) -> None:
    s = drawn(key, start)
    assert s.pos[0] == SQ[target] and s.cash[0] == R.STARTING_CASH + salary
    assert phase(s) == "buy" and s.pending_buy == SQ[target]


def test_an_advance_card_onto_an_owned_property_pays_the_normal_rent() -> None:
    s = new_state()
    give(s, 1, "Park Place", "Boardwalk")
    at(s, 0, 4)
    throw(s, 1, 2)
    draw(s, "boardwalk")
    assert s.cash == [R.STARTING_CASH - 100, R.STARTING_CASH + 100]


@pytest.mark.parametrize(("key", "start", "railroad"), [
    ("nearest-railroad-1", 7, 15), ("nearest-railroad-2", 22, 25), ("nearest-railroad-1", 36, 5),
])  # fmt: skip
def test_nearest_railroad_unowned_may_be_bought(key: str, start: int, railroad: int) -> None:
    s = drawn(key, start)
    assert s.pos[0] == railroad and phase(s) == "buy"
    assert s.cash[0] == R.STARTING_CASH + (R.GO_SALARY if railroad < start else 0)


@pytest.mark.parametrize("key", ["nearest-railroad-1", "nearest-railroad-2"])
def test_nearest_railroad_owned_pays_twice_the_rent(key: str) -> None:
    s = new_state()
    give(s, 1, "Pennsylvania Railroad", "B. & O. Railroad")
    at(s, 0, 4)
    throw(s, 1, 2)
    draw(s, key)
    assert s.pos[0] == 15 and s.cash == [R.STARTING_CASH - 100, R.STARTING_CASH + 100]


def test_nearest_utility_unowned_may_be_bought() -> None:
    s = drawn("nearest-utility", 36)
    assert s.pos[0] == 12 and phase(s) == "buy" and s.cash[0] == R.STARTING_CASH + R.GO_SALARY


def test_nearest_utility_owned_pays_ten_times_a_new_throw() -> None:
    s = new_state()
    give(s, 1, "Water Works")  # one utility: a landing by dice would be 4x
    at(s, 0, 19)
    throw(s, 1, 2)
    draw(s, "nearest-utility")
    assert s.pos[0] == 28 and phase(s) == "dice"
    dice(s, 6, 5)
    assert s.cash == [R.STARTING_CASH - 110, R.STARTING_CASH + 110]
    assert s.doubles == 0 and phase(s) == "after-roll"  # the rent throw is no move and no double


@pytest.mark.parametrize(
    ("start", "lands", "then"), [(7, 4, "income-tax"), (22, 19, "buy"), (36, 33, "card")]
)
def test_go_back_three_spaces(start: int, lands: int, then: str) -> None:
    s = drawn("back-three", start)
    assert s.pos[0] == lands and phase(s) == then and s.cash[0] == R.STARTING_CASH
    if then == "card":
        assert s.card_deck == R.DECK_NAMES.index("community-chest")


@pytest.mark.parametrize(("deck", "square"), [("chance", 22), ("community-chest", 33)])
def test_go_to_jail_cards(deck: str, square: int) -> None:
    s = drawn("go-to-jail", square)
    assert s.pos[0] == R.JAIL and s.in_jail[0] and s.cash[0] == R.STARTING_CASH
    assert phase(s) == "between-turns"


@pytest.mark.parametrize(("deck", "square"), [("chance", 7), ("community-chest", 2)])
def test_get_out_of_jail_free_cards_are_kept(deck: str, square: int) -> None:
    s = drawn("jail-free", square)
    d = R.DECK_NAMES.index(deck)
    assert s.jail_cards[0] == [d]
    assert R.JAIL_FREE_CARD[d] not in s.unseen[d] + s.pile[d]


@pytest.mark.parametrize(("deck", "key", "square", "per_house", "per_hotel"), [
    ("chance", "general-repairs", 7, 25, 100), ("community-chest", "street-repairs", 17, 40, 115),
])  # fmt: skip
def test_repairs_per_house_and_hotel(
    deck: str, key: str, square: int, per_house: int, per_hotel: int
) -> None:
    s = new_state()
    give(s, 0, "St. Charles Place", "States Avenue", "Virginia Avenue", "Park Place", "Boardwalk")
    for name, level in [("St. Charles Place", 1), ("States Avenue", 1), ("Virginia Avenue", 2),
                        ("Park Place", 5), ("Boardwalk", 5)]:  # fmt: skip
        build(s, name, level)
    at(s, 0, square - 3)
    throw(s, 1, 2)
    draw(s, key)
    assert s.cash[0] == R.STARTING_CASH - (4 * per_house + 2 * per_hotel)


def test_chairman_pays_each_other_player_50() -> None:
    s = drawn("chairman", 7, players=4)
    assert s.cash == [R.STARTING_CASH - 150] + [R.STARTING_CASH + 50] * 3


def test_opera_collects_50_from_each_other_player() -> None:
    s = drawn("opera", 17, players=3)
    assert s.cash == [R.STARTING_CASH + 100, R.STARTING_CASH - 50, R.STARTING_CASH - 50]


def test_a_player_short_for_the_opera_raises_the_money_first() -> None:
    s = new_state(3)
    give(s, 2, "Boardwalk")
    s.bank_in += s.cash[2] - 20
    s.cash[2] = 20
    at(s, 0, 14)
    throw(s, 1, 2)
    draw(s, "opera")
    assert phase(s) == "debt" and s.current_player() == 2
    act(s, "mortgage Boardwalk")
    assert s.cash == [R.STARTING_CASH + 100, R.STARTING_CASH - 50, 20 + 200 - 50]
    assert phase(s) == "after-roll" and s.current_player() == 0


def test_every_card_is_tested() -> None:
    """The decks hold exactly the cards the tests above draw (a new card needs a test)."""
    covered = {(d, k) for d, k, _ in CASH_CARDS} | {
        ("chance", "advance-go"), ("community-chest", "advance-go"), ("chance", "advance-illinois"),
        ("chance", "advance-st-charles"), ("chance", "reading-railroad"), ("chance", "boardwalk"),
        ("chance", "nearest-railroad-1"), ("chance", "nearest-railroad-2"), ("chance", "nearest-utility"),
        ("chance", "back-three"), ("chance", "go-to-jail"), ("community-chest", "go-to-jail"),
        ("chance", "jail-free"), ("community-chest", "jail-free"), ("chance", "chairman"),
        ("community-chest", "opera"), ("chance", "general-repairs"), ("community-chest", "street-repairs"),
    }  # fmt: skip
    every = {(c.deck, c.key) for deck in R.DECKS for c in deck}
    assert covered == every
