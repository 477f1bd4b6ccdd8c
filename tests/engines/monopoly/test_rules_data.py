"""The board and card data files against the classic US edition's facts."""

from __future__ import annotations

import doctest

import pytest

from engines.monopoly import rules as R


def test_forty_squares_in_order_with_the_corners() -> None:
    assert len(R.BOARD) == 40 and [s.index for s in R.BOARD] == list(range(40))
    assert (R.GO, R.JAIL, R.FREE_PARKING, R.GO_TO_JAIL) == (0, 10, 20, 30)
    assert [s.index for s in R.BOARD if s.kind == "chance"] == [7, 22, 36]
    assert [s.index for s in R.BOARD if s.kind == "community-chest"] == [2, 17, 33]
    assert R.BOARD[4].tax == 200 and R.BOARD[38].tax == 75


@pytest.mark.parametrize(("group", "size", "house_cost"), [
    ("brown", 2, 50), ("light-blue", 3, 50), ("pink", 3, 100), ("orange", 3, 100), ("red", 3, 150),
    ("yellow", 3, 150), ("green", 3, 200), ("dark-blue", 2, 200), ("railroad", 4, 0), ("utility", 2, 0),
])  # fmt: skip
def test_groups_and_house_costs(group: str, size: int, house_cost: int) -> None:
    squares = R.GROUPS[group]
    assert len(squares) == size and {R.BOARD[sq].house_cost for sq in squares} == {house_cost}


def test_28_properties_mortgaged_at_half_their_price() -> None:
    assert len(R.PROPERTIES) == 28 and len(R.STREETS) == 22
    assert all(R.BOARD[sq].mortgage * 2 == R.BOARD[sq].price for sq in R.PROPERTIES)
    assert sum(R.BOARD[sq].price for sq in R.PROPERTIES) == 5_690


@pytest.mark.parametrize(("name", "price", "rents"), [
    ("Mediterranean Avenue", 60, (2, 10, 30, 90, 160, 250)),
    ("Connecticut Avenue", 120, (8, 40, 100, 300, 450, 600)),
    ("New York Avenue", 200, (16, 80, 220, 600, 800, 1000)),
    ("Illinois Avenue", 240, (20, 100, 300, 750, 925, 1100)),
    ("Marvin Gardens", 280, (24, 120, 360, 850, 1025, 1200)),
    ("Pennsylvania Avenue", 320, (28, 150, 450, 1000, 1200, 1400)),
    ("Boardwalk", 400, (50, 200, 600, 1400, 1700, 2000)),
])  # fmt: skip
def test_deed_facts(name: str, price: int, rents: tuple[int, ...]) -> None:
    square = next(s for s in R.BOARD if s.name == name)
    assert square.price == price and square.rents == rents


def test_rents_rise_with_every_building() -> None:
    for sq in R.STREETS:
        rents = R.BOARD[sq].rents
        assert all(a < b for a, b in zip(rents, rents[1:], strict=False))


def test_two_decks_of_sixteen_with_one_get_out_of_jail_free_each() -> None:
    assert [len(d) for d in R.DECKS] == [16, 16]
    for d, deck in enumerate(R.DECKS):
        assert [c.index for c in deck] == list(range(16)) and {c.deck for c in deck} == {R.DECK_NAMES[d]}
        assert [c.effect for c in deck].count("jail-free") == 1
        assert len({c.key for c in deck}) == 16 and all(c.text for c in deck)
    assert R.JAIL_FREE_CARD == (7, 4)


def test_card_effects_are_complete_and_consistent() -> None:
    for deck in R.DECKS:
        for c in deck:
            if c.effect == "advance":
                assert 0 <= c.square < 40 and (c.square == 0 or R.BOARD[c.square].is_property)
            if c.effect == "repairs":
                assert c.per_house > 0 and c.per_hotel > c.per_house
            if c.effect in ("bank", "each-player", "back"):
                assert c.amount != 0
    effects = {c.effect for deck in R.DECKS for c in deck}
    assert effects == R.CARD_EFFECTS


def test_the_rule_choices() -> None:
    assert (R.STARTING_CASH, R.GO_SALARY, R.JAIL_FINE, R.LUXURY_TAX) == (1500, 200, 50, 75)
    assert (R.INCOME_TAX_FLAT, R.INCOME_TAX_PERCENT) == (200, 10)
    assert (R.BANK_HOUSES, R.BANK_HOTELS, R.MORTGAGE_INTEREST_PERCENT) == (32, 12, 10)
    assert R.FREE_PARKING_JACKPOT is False
    assert R.LIFT_COST[39] == 220 and R.LIFT_COST[12] == 83 and R.INTEREST[1] == 3


def test_doctests() -> None:
    result = doctest.testmod(R)
    assert result.attempted > 0 and result.failed == 0
