"""Every sentence of the Monopoly manual pages (jail, taxes, cards, Free Parking, houses, hotels,
building shortages), each played out with scripted dice and cards."""

from __future__ import annotations

import pytest

from engines.core import IllegalActionError
from engines.monopoly import rules as R
from engines.monopoly.game import PAY_FINE, USE_CARD
from tests.engines.monopoly.game_helpers import (
    SQ,
    act,
    at,
    build,
    buildings_balance,
    draw,
    end_turn,
    give,
    legal_texts,
    money_balances,
    new_state,
    phase,
    set_cash,
    throw,
)

CHANCE_1, CHEST_1 = SQ["Chance"], SQ["Community Chest"]


# -- cards: "return the card facedown to the bottom of the deck" --------------------------------
def test_a_card_goes_back_to_the_bottom_of_its_deck() -> None:
    s = new_state()
    at(s, 0, CHANCE_1 - 4)
    throw(s, 1, 3)
    draw(s, "dividend")
    assert s.cash[0] == R.STARTING_CASH + 50
    assert s.pile[0] == [R.DECKS[0].index(next(c for c in R.DECKS[0] if c.key == "dividend"))]
    assert len(s.unseen[0]) == 15


def test_once_every_card_is_drawn_the_oldest_returned_comes_up_first() -> None:
    s = new_state()
    s.pile[0] = s.unseen[0][:]
    s.pile[0].remove(R.JAIL_FREE_CARD[0])
    s.unseen[0] = [R.JAIL_FREE_CARD[0]]
    at(s, 0, CHANCE_1 - 4)
    throw(s, 1, 3)
    draw(s, "jail-free")  # the last unseen card
    end_turn(s)
    at(s, 1, CHANCE_1 - 4)
    throw(s, 1, 3)  # no chance node: the top of the pile is the first card returned
    assert phase(s) != "card"
    assert s.last_card[:2] == [0, 0] and R.DECKS[0][0].key == "advance-go"
    assert s.pos[1] == R.GO and s.cash[1] == R.STARTING_CASH + R.GO_SALARY


# -- "Get Out of Jail Free" is held until used, then returned to the bottom -------------------
def test_get_out_of_jail_free_is_held_then_returned_to_the_bottom() -> None:
    s = new_state()
    at(s, 0, CHEST_1 - 2)
    throw(s, 1, 1)
    draw(s, "jail-free")
    assert s.jail_cards[0] == [1] and R.JAIL_FREE_CARD[1] not in s.pile[1] + s.unseen[1]
    s.in_jail[0] = True
    at(s, 0, R.JAIL)
    s.stage = 0
    s.phase = 0
    act(s, "use card")
    assert not s.in_jail[0] and s.jail_cards[0] == []
    assert s.pile[1][-1] == R.JAIL_FREE_CARD[1]


def test_get_out_of_jail_free_may_be_sold_at_an_agreed_price() -> None:
    s = new_state()
    s.jail_cards[1] = [0]
    s.unseen[0].remove(R.JAIL_FREE_CARD[0])
    act(s, "trade with P2")
    act(s, "toggle card chance")
    for _ in range(3):
        act(s, "give $10")
    act(s, "propose")
    assert s.current_player() == 1
    act(s, "accept")
    assert s.jail_cards == [[0], []]
    assert s.cash == [R.STARTING_CASH - 30, R.STARTING_CASH + 30]


# -- Income Tax ----------------------------------------------------------------------------
def test_income_tax_offers_two_options() -> None:
    s = new_state()
    throw(s, 1, 3)
    assert phase(s) == "income-tax" and legal_texts(s) == {"tax flat", "tax percent"}
    act(s, "tax flat")
    assert s.cash[0] == R.STARTING_CASH - R.INCOME_TAX_FLAT


def test_income_tax_ten_percent_of_cash_printed_prices_mortgaged_or_not_and_building_costs() -> None:
    s = new_state()
    give(s, 0, "Park Place", "Boardwalk", "Reading Railroad")
    s.mortgaged[SQ["Reading Railroad"]] = True
    build(s, "Park Place", 2)
    build(s, "Boardwalk", 2)
    set_cash(s, 0, 1000)
    throw(s, 1, 3)  # the choice is made first; the worth is added up after it
    act(s, "tax percent")
    worth = 1000 + 350 + 400 + 200 + 4 * 200
    assert s.cash[0] == 1000 - worth // 10


# -- Jail: three ways in -------------------------------------------------------------------
def test_the_go_to_jail_square_sends_you_to_jail_without_salary_and_ends_the_turn() -> None:
    s = new_state()
    at(s, 0, 26)
    throw(s, 2, 2)  # a double onto Go to Jail: no throw again
    assert s.pos[0] == R.JAIL and s.in_jail[0] and s.cash[0] == R.STARTING_CASH
    assert phase(s) == "between-turns" and s.current_player() == 1


def test_a_go_to_jail_card_sends_you_to_jail_without_salary() -> None:
    s = new_state()
    at(s, 0, 32)
    throw(s, 1, 3)  # Chance at 36: the jail is behind, GO would be passed going forward
    draw(s, "go-to-jail")
    assert s.pos[0] == R.JAIL and s.in_jail[0] and s.cash[0] == R.STARTING_CASH
    assert phase(s) == "between-turns"


def test_three_doubles_in_succession_send_you_to_jail() -> None:
    s = new_state()
    throw(s, 5, 5)  # Just Visiting
    throw(s, 5, 5)  # Free Parking
    assert phase(s) == "roll"
    throw(s, 1, 1)
    assert s.pos[0] == R.JAIL and s.in_jail[0] and phase(s) == "between-turns"


def test_landing_on_jail_in_the_ordinary_course_is_just_visiting() -> None:
    s = new_state()
    at(s, 0, 4)
    throw(s, 3, 3)
    assert s.pos[0] == R.JAIL and not s.in_jail[0] and phase(s) == "roll"
    throw(s, 1, 2)
    assert s.pos[0] == 13


# -- Jail: four ways out -------------------------------------------------------------------
def jailed(turns: int = 0) -> object:
    s = new_state()
    s.in_jail[0] = True
    s.jail_turns[0] = turns
    at(s, 0, R.JAIL)
    return s


@pytest.mark.parametrize("turns", [0, 1, 2])
def test_doubles_on_any_of_the_next_three_turns_move_you_out_without_another_throw(turns: int) -> None:
    s = jailed(turns)
    throw(s, 2, 2)
    assert not s.in_jail[0] and s.pos[0] == 14 and s.cash[0] == R.STARTING_CASH
    act(s, "decline")
    for _ in range(2):
        act(s, "pass")
    assert phase(s) == "after-roll"


def test_a_failed_throw_in_jail_keeps_you_there() -> None:
    s = jailed()
    throw(s, 1, 2)
    assert s.in_jail[0] and s.pos[0] == R.JAIL and s.jail_turns[0] == 1 and phase(s) == "after-roll"


def test_using_your_own_get_out_of_jail_free_card() -> None:
    s = jailed()
    s.jail_cards[0] = [1]
    s.unseen[1].remove(R.JAIL_FREE_CARD[1])
    act(s, "use card")
    throw(s, 1, 2)
    assert s.pos[0] == 13 and not s.in_jail[0]


def test_buying_the_card_from_another_player_and_playing_it() -> None:
    s = jailed()
    s.jail_cards[1] = [1]
    s.unseen[1].remove(R.JAIL_FREE_CARD[1])
    assert USE_CARD not in s.legal_actions()
    act(s, "trade with P2")
    act(s, "toggle card community-chest")
    act(s, "give $100")
    act(s, "propose")
    act(s, "accept")
    act(s, "use card")
    assert not s.in_jail[0] and s.cash[0] == R.STARTING_CASH - 100


@pytest.mark.parametrize("turns", [0, 1])
def test_paying_the_fine_before_rolling_on_either_of_the_next_two_turns(turns: int) -> None:
    s = jailed(turns)
    act(s, "pay fine")
    assert not s.in_jail[0] and s.cash[0] == R.STARTING_CASH - R.JAIL_FINE
    throw(s, 3, 3)
    assert s.pos[0] == 16 and s.doubles == 1  # out of jail, a double throws again


def test_no_fine_before_rolling_on_the_third_turn() -> None:
    s = jailed(2)
    assert PAY_FINE not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        act(s, "pay fine")


def test_without_doubles_by_the_third_turn_you_pay_the_fine_and_move_by_the_throw() -> None:
    s = jailed(2)
    throw(s, 1, 2)
    assert not s.in_jail[0] and s.pos[0] == 13
    assert s.cash[0] == R.STARTING_CASH - R.JAIL_FINE


def test_the_three_jail_turns_in_a_row() -> None:
    s = jailed()
    for expected in (1, 2):
        throw(s, 1, 2)
        assert s.jail_turns[0] == expected
        end_turn(s)
        throw(s, 1, 2)  # the other player
        act(s, "decline")
        act(s, "pass")
        act(s, "pass")
        end_turn(s)
    throw(s, 1, 2)
    assert s.pos[0] == 13 and not s.in_jail[0]


def test_in_jail_you_buy_sell_build_mortgage_and_collect_rent() -> None:
    s = jailed()
    give(s, 0, "Mediterranean Avenue", "Baltic Avenue", "Oriental Avenue")
    build(s, "Baltic Avenue", 1)
    texts = legal_texts(s)
    assert {"build Mediterranean Avenue", "sell Baltic Avenue", "mortgage Oriental Avenue"} <= texts
    act(s, "build Mediterranean Avenue")
    act(s, "trade with P2")
    act(s, "toggle Oriental Avenue")
    act(s, "give $1")
    act(s, "ask $100")
    act(s, "propose")
    act(s, "accept")  # sold a property from jail
    assert s.owner[SQ["Oriental Avenue"]] == 1
    throw(s, 1, 2)
    end_turn(s)
    at(s, 1, 0)
    throw(s, 1, 2)  # Baltic Avenue, one house: rent to the player in jail
    assert s.cash[0] == R.STARTING_CASH - 50 + 99 + 20


def test_in_jail_you_bid_for_and_buy_property() -> None:
    s = jailed()
    throw(s, 1, 2)
    end_turn(s)
    throw(s, 1, 2)  # the other player on Baltic Avenue declines it
    act(s, "decline")
    assert s.current_player() == 1
    act(s, "pass")
    act(s, "bid +10")  # the player in jail
    assert s.owner[SQ["Baltic Avenue"]] == 0 and s.in_jail[0]


# -- Free Parking --------------------------------------------------------------------------
def test_free_parking_gives_nothing() -> None:
    s = new_state()
    at(s, 0, 17)
    throw(s, 1, 2)
    assert s.pos[0] == R.FREE_PARKING and s.cash[0] == R.STARTING_CASH and phase(s) == "after-roll"


def test_the_free_parking_jackpot_house_rule_is_an_option() -> None:
    s = new_state(free_parking_jackpot=True)
    throw(s, 1, 3)
    act(s, "tax flat")
    assert s.pot == R.INCOME_TAX_FLAT and money_balances(s)
    end_turn(s)
    at(s, 1, 17)
    throw(s, 1, 2)
    assert s.cash[1] == R.STARTING_CASH + R.INCOME_TAX_FLAT and s.pot == 0 and money_balances(s)


# -- Houses --------------------------------------------------------------------------------
def test_houses_only_on_a_complete_colour_group() -> None:
    s = new_state()
    give(s, 0, "Oriental Avenue", "Vermont Avenue")
    assert not any(t.startswith("build") for t in legal_texts(s))
    give(s, 0, "Connecticut Avenue")
    assert {t for t in legal_texts(s) if t.startswith("build")} == {
        "build Oriental Avenue", "build Vermont Avenue", "build Connecticut Avenue",
    }  # fmt: skip


def test_the_first_house_on_any_lot_the_next_on_an_unimproved_one_at_the_deed_price() -> None:
    s = new_state()
    give(s, 0, "Oriental Avenue", "Vermont Avenue", "Connecticut Avenue", "Park Place", "Boardwalk")
    act(s, "build Vermont Avenue")
    assert s.cash[0] == R.STARTING_CASH - 50 and s.bank_houses == R.BANK_HOUSES - 1
    builds = {t for t in legal_texts(s) if t.startswith("build")}
    others = ("Oriental Avenue", "Connecticut Avenue", "Park Place", "Boardwalk")
    assert builds == {f"build {name}" for name in others}
    act(s, "build Boardwalk")
    assert s.cash[0] == R.STARTING_CASH - 50 - 200


def test_double_rent_on_the_unimproved_lots_of_a_complete_group() -> None:
    s = new_state()
    give(s, 1, "Oriental Avenue", "Vermont Avenue", "Connecticut Avenue")
    build(s, "Connecticut Avenue", 1)
    throw(s, 3, 3)  # Oriental: unimproved in a complete group
    assert s.cash[0] == R.STARTING_CASH - 12
    throw(s, 1, 1)  # Vermont
    assert s.cash[0] == R.STARTING_CASH - 24


def test_as_many_houses_as_your_cash_allows() -> None:
    s = new_state()
    give(s, 0, "Park Place", "Boardwalk")
    set_cash(s, 0, 599)
    act(s, "build Park Place")
    act(s, "build Boardwalk")
    assert s.cash[0] == 199 and not any(t.startswith("build") for t in legal_texts(s))


def test_build_evenly_up_to_four_houses() -> None:
    s = new_state()
    give(s, 0, "Mediterranean Avenue", "Baltic Avenue")
    set_cash(s, 0, 5000)
    act(s, "build Mediterranean Avenue")
    assert "build Mediterranean Avenue" not in legal_texts(s)  # two on one, none on the other
    for _ in range(3):
        act(s, "build Baltic Avenue")
        act(s, "build Mediterranean Avenue")
    act(s, "build Baltic Avenue")
    assert s.level[SQ["Mediterranean Avenue"]] == 4 and s.level[SQ["Baltic Avenue"]] == 4


def test_you_cannot_build_three_on_one_lot_with_only_one_on_another() -> None:
    s = new_state()
    give(s, 0, "St. Charles Place", "States Avenue", "Virginia Avenue")
    build(s, "St. Charles Place", 2)
    build(s, "States Avenue", 1)
    build(s, "Virginia Avenue", 2)
    assert "build St. Charles Place" not in legal_texts(s)
    with pytest.raises(IllegalActionError):
        act(s, "build Virginia Avenue")


def test_break_down_evenly_when_selling_houses_at_half_price() -> None:
    s = new_state()
    give(s, 0, "St. Charles Place", "States Avenue", "Virginia Avenue")
    build(s, "St. Charles Place", 2)
    build(s, "States Avenue", 1)
    build(s, "Virginia Avenue", 2)
    sells = {t for t in legal_texts(s) if t.startswith("sell")}
    assert sells == {"sell St. Charles Place", "sell Virginia Avenue"}
    act(s, "sell Virginia Avenue")
    assert s.cash[0] == R.STARTING_CASH + 50 and buildings_balance(s)


# -- Hotels --------------------------------------------------------------------------------
def test_a_hotel_needs_four_houses_on_every_lot_and_returns_the_four_to_the_bank() -> None:
    s = new_state()
    give(s, 0, "Park Place", "Boardwalk")
    build(s, "Park Place", 4)
    build(s, "Boardwalk", 3)
    assert "build Park Place" not in legal_texts(s)
    build(s, "Boardwalk", 4)
    bank = s.bank_houses
    act(s, "build Park Place")
    assert s.level[SQ["Park Place"]] == R.HOTEL_LEVEL and s.bank_houses == bank + 4
    assert s.bank_hotels == R.BANK_HOTELS - 1 and s.cash[0] == R.STARTING_CASH - 200
    assert "build Park Place" not in legal_texts(s)  # one hotel a lot
    act(s, "build Boardwalk")
    assert "build Boardwalk" not in legal_texts(s) and buildings_balance(s)


# -- Building shortages --------------------------------------------------------------------
def short_bank(houses: int) -> object:
    s = new_state(3)
    give(s, 0, "Park Place", "Boardwalk")
    give(s, 1, "Mediterranean Avenue", "Baltic Avenue")
    # the rest of the houses stand on a third player's greens
    give(s, 2, "Pacific Avenue", "North Carolina Avenue", "Pennsylvania Avenue")
    for name in ("Pacific Avenue", "North Carolina Avenue", "Pennsylvania Avenue"):
        build(s, name, 4)
    spare = R.BANK_HOUSES - 12 - houses
    lots = ("Oriental Avenue", "Vermont Avenue", "Connecticut Avenue", "St. James Place", "Tennessee Avenue",
            "New York Avenue")  # fmt: skip
    give(s, 2, *lots)
    for k in range(spare):  # one house a lot in turn: the groups stay even
        name = lots[k % len(lots)]
        build(s, name, s.level[SQ[name]] + 1)
    assert s.bank_houses == houses and buildings_balance(s)
    return s


def test_with_no_houses_in_the_bank_builders_wait() -> None:
    s = short_bank(0)
    assert not any(t.startswith("build") for t in legal_texts(s))
    at(s, 0, 17)
    throw(s, 1, 2)
    act(s, "end turn")
    act(s, "pass")  # P2
    act(s, "sell Pennsylvania Avenue")  # P3, between turns: the bank has a house again
    act(s, "pass")
    assert s.current_player() == 1 and "build Mediterranean Avenue" in legal_texts(s)


def test_two_players_wanting_more_houses_than_the_bank_has_go_to_auction() -> None:
    s = short_bank(2)
    act(s, "build Park Place")
    assert phase(s) == "shortage-claim" and s.current_player() == 1
    act(s, "want")
    assert s.current_player() == 2
    act(s, "pass")
    assert phase(s) == "auction" and s.auction[2] == [0, 1]
    assert s.auction[7] == 50  # the bidding opens at the cheapest building cost among the bidders
    act(s, "bid +1")  # P1 opens at the minimum
    act(s, "bid +10")  # P2
    act(s, "bid +10")  # P1
    act(s, "pass")  # P2 drops out
    assert phase(s) == "place-building" and s.current_player() == 0
    assert legal_texts(s) == {"place Park Place", "place Boardwalk"}
    act(s, "place Boardwalk")
    assert s.level[SQ["Boardwalk"]] == 1 and s.bank_houses == 1
    assert s.cash[0] == R.STARTING_CASH - 70 and money_balances(s) and phase(s) == "roll"


def test_when_nobody_else_wants_a_house_the_builder_buys_it_at_cost() -> None:
    s = short_bank(2)
    act(s, "build Park Place")
    act(s, "pass")
    act(s, "pass")
    assert s.level[SQ["Park Place"]] == 1 and s.cash[0] == R.STARTING_CASH - 200 and phase(s) == "roll"


def test_a_hotel_breaks_down_into_four_houses_when_the_bank_has_them() -> None:
    s = new_state()
    give(s, 0, "Park Place", "Boardwalk")
    build(s, "Park Place", 5)
    build(s, "Boardwalk", 5)
    act(s, "sell Boardwalk")
    assert s.level[SQ["Boardwalk"]] == 4 and s.cash[0] == R.STARTING_CASH + 100 and buildings_balance(s)


def test_a_hotel_sold_without_four_houses_in_the_bank_brings_the_group_down_evenly() -> None:
    s = short_bank(2)
    build(s, "Park Place", 5)
    build(s, "Boardwalk", 5)
    bank = s.bank_houses
    act(s, "sell Boardwalk")
    # two houses in the bank: one on each lot (Boardwalk at 1 and Park Place at 2 would need three);
    # both hotels go back and the other eight house-worths are sold at half price
    assert [s.level[SQ["Park Place"]], s.level[SQ["Boardwalk"]]] == [1, 1]
    assert s.bank_houses == bank - 2 and s.bank_hotels == R.BANK_HOTELS
    assert s.cash[0] == R.STARTING_CASH + 100 * 8 and buildings_balance(s) and money_balances(s)
