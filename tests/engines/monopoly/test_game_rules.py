"""The rules of issue 11 beyond the manual pages: GO, doubles, buying and auctions, rent,
mortgages, trades, raising money, bankruptcy, the end of the game, chance and options."""

from __future__ import annotations

import json

import numpy as np
import pytest

from engines.core import (
    CHANCE,
    TERMINAL,
    IllegalActionError,
    InvalidActionError,
    SaveFormatError,
    load_game,
    load_state,
    save_state,
)
from engines.monopoly import rules as R
from engines.monopoly.game import (
    ACCEPT,
    BID_BASE,
    BID_TO_BASE,
    CANCEL,
    ITEM_HOUSE,
    P_AUCTION,
    PROPOSE,
    REJECT,
    TRADE_WITH_BASE,
    action_text,
)
from tests.engines.monopoly.game_helpers import (
    SQ,
    act,
    at,
    build,
    buildings_balance,
    dice,
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


# -- start, GO, doubles --------------------------------------------------------------------
def test_start_with_1500_each_for_two_to_six_players() -> None:
    for n in range(2, 7):
        assert new_state(n).cash == [R.STARTING_CASH] * n
    for n in (1, 7):
        with pytest.raises(ValueError):
            load_game("monopoly", num_players=n)


def test_go_pays_200_when_passed() -> None:
    s = new_state()
    at(s, 0, 38)
    throw(s, 1, 2)
    assert s.pos[0] == 1 and s.cash[0] == R.STARTING_CASH + R.GO_SALARY


def test_go_pays_200_when_landed_on() -> None:
    s = new_state()
    at(s, 0, 35)
    throw(s, 2, 3)
    assert s.pos[0] == R.GO and s.cash[0] == R.STARTING_CASH + R.GO_SALARY and phase(s) == "after-roll"


def test_a_double_throws_again_and_the_count_starts_over_next_turn() -> None:
    s = new_state()
    throw(s, 5, 5)
    assert phase(s) == "roll" and s.current_player() == 0 and s.doubles == 1
    throw(s, 4, 6)
    assert s.pos[0] == R.FREE_PARKING and phase(s) == "after-roll"
    end_turn(s)
    assert s.turn == 1 and s.doubles == 0


# -- buying and auctions -------------------------------------------------------------------
def test_buy_at_the_printed_price() -> None:
    s = new_state()
    throw(s, 1, 2)
    assert phase(s) == "buy" and legal_texts(s) >= {"buy", "decline"}
    act(s, "buy")
    assert s.owner[SQ["Baltic Avenue"]] == 0 and s.cash[0] == R.STARTING_CASH - 60


def test_buying_needs_the_cash_but_mortgaging_may_raise_it() -> None:
    s = new_state()
    give(s, 0, "Reading Railroad")
    set_cash(s, 0, 50)
    throw(s, 1, 2)
    assert "buy" not in legal_texts(s) and "mortgage Reading Railroad" in legal_texts(s)
    act(s, "mortgage Reading Railroad")
    assert phase(s) == "buy"
    act(s, "buy")
    assert s.cash[0] == 90


def test_a_declined_property_is_auctioned_the_lander_included() -> None:
    s = new_state(3)
    throw(s, 1, 2)
    act(s, "decline")
    assert phase(s) == "auction" and s.auction[2] == [0, 1, 2] and s.current_player() == 0
    act(s, "bid +10")  # P1 (the lander) 10
    act(s, "bid +10")  # P2 20
    act(s, "pass")  # P3 out
    act(s, "bid +100")  # P1 120
    assert s.current_player() == 1
    act(s, "pass")  # P2 out: sold to P1
    assert s.owner[SQ["Baltic Avenue"]] == 0 and s.cash[0] == R.STARTING_CASH - 120
    assert phase(s) == "after-roll" and money_balances(s)


def test_an_auction_nobody_bids_in_leaves_the_property_with_the_bank() -> None:
    s = new_state()
    throw(s, 1, 2)
    act(s, "decline")
    act(s, "pass")
    act(s, "pass")
    assert s.owner[SQ["Baltic Avenue"]] == -1 and phase(s) == "after-roll"


def test_no_bid_above_the_bidders_cash() -> None:
    s = new_state()
    set_cash(s, 1, 15)
    throw(s, 1, 2)
    act(s, "decline")
    act(s, "bid +10")
    assert s.current_player() == 1
    assert legal_texts(s) == {"pass", "bid +1", "bid $11", "bid $12", "bid $13", "bid $14", "bid $15"}
    with pytest.raises(IllegalActionError):
        s.apply_action(BID_BASE + 1)
    with pytest.raises(IllegalActionError):
        s.apply_action(BID_TO_BASE + 16)


def test_an_exact_bid_names_an_amount_above_the_highest_up_to_999_more_and_the_cash() -> None:
    s = new_state(3)
    throw(s, 1, 2)
    act(s, "decline")
    act(s, "bid $75")  # P1, typed
    assert s.auction[5] == 75 and s.auction[6] == 0 and s.current_player() == 1
    exact = [a - BID_TO_BASE for a in s.legal_actions() if a >= BID_TO_BASE]
    assert exact == list(range(76, 76 + R.EXACT_BIDS))
    with pytest.raises(IllegalActionError):
        act(s, "bid $75")  # not above the highest bid
    act(s, "bid +10")  # P2: 85, the raises work as before
    with pytest.raises(IllegalActionError):
        act(s, "bid $1086")  # $1,000 over the least bid: in two bids
    act(s, "bid $1085")  # P3
    act(s, "pass")
    act(s, "pass")
    assert s.owner[SQ["Baltic Avenue"]] == 2 and s.cash[2] == R.STARTING_CASH - 1085 and money_balances(s)


def test_an_exact_bid_starts_at_the_opening_bid_of_a_building_auction() -> None:
    s = new_state()
    s.auction = [ITEM_HOUSE, SQ["Boardwalk"], [0, 1], [True, True], 0, 0, -1, 200]
    s.phase = P_AUCTION
    exact = [a - BID_TO_BASE for a in s.legal_actions() if a >= BID_TO_BASE]
    assert exact[0] == 200 and exact[-1] == 200 + R.EXACT_BIDS - 1


# -- rent ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("level", "rent"), [(0, 50), (1, 200), (2, 600), (3, 1400), (4, 1700), (5, 2000)])
def test_street_rent_by_buildings(level: int, rent: int) -> None:
    s = new_state()
    give(s, 1, "Boardwalk")
    if level:
        give(s, 1, "Park Place")
        build(s, "Park Place", level)
        build(s, "Boardwalk", level)
    else:
        assert s.rent(SQ["Boardwalk"]) == 50
        give(s, 1, "Park Place")
        rent = 100
    assert s.rent(SQ["Boardwalk"]) == rent


@pytest.mark.parametrize(("held", "rent"), [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_railroad_rent(held: int, rent: int) -> None:
    s = new_state()
    give(s, 1, *[R.BOARD[sq].name for sq in R.RAILROADS[:held]])
    at(s, 0, 2)
    throw(s, 1, 2)
    assert s.cash[0] == R.STARTING_CASH - rent


@pytest.mark.parametrize(("held", "factor"), [(1, 4), (2, 10)])
def test_utility_rent_is_4x_or_10x_the_dice(held: int, factor: int) -> None:
    s = new_state()
    give(s, 1, *["Electric Company", "Water Works"][:held])
    at(s, 0, 7)
    throw(s, 2, 3)
    assert s.cash[0] == R.STARTING_CASH - factor * 5


def test_no_rent_on_a_mortgaged_property() -> None:
    s = new_state()
    give(s, 1, "Baltic Avenue", "Mediterranean Avenue")
    s.mortgaged[SQ["Baltic Avenue"]] = True
    throw(s, 1, 2)
    assert s.cash == [R.STARTING_CASH, R.STARTING_CASH] and phase(s) == "after-roll"


# -- mortgages -----------------------------------------------------------------------------
def test_mortgage_at_the_printed_value_and_lift_at_that_plus_ten_percent() -> None:
    s = new_state()
    give(s, 0, "Electric Company")
    act(s, "mortgage Electric Company")
    assert s.cash[0] == R.STARTING_CASH + 75
    act(s, "unmortgage Electric Company")
    assert s.cash[0] == R.STARTING_CASH + 75 - 83  # 75 + 7.50, rounded up
    assert not s.mortgaged[SQ["Electric Company"]] and money_balances(s)


def test_no_buildings_on_a_group_with_a_mortgaged_lot_and_no_mortgage_with_buildings() -> None:
    s = new_state()
    give(s, 0, "Park Place", "Boardwalk")
    s.mortgaged[SQ["Park Place"]] = True
    assert not any(t.startswith("build") for t in legal_texts(s))
    s.mortgaged[SQ["Park Place"]] = False
    build(s, "Boardwalk", 1)
    assert not any(t.startswith("mortgage") for t in legal_texts(s))


def test_a_mortgaged_property_changes_hands_with_ten_percent_due_at_once() -> None:
    s = new_state()
    give(s, 1, "Boardwalk")
    s.mortgaged[SQ["Boardwalk"]] = True
    act(s, "trade with P2")
    act(s, "toggle Boardwalk")
    act(s, "give $100")
    act(s, "propose")
    act(s, "accept")
    assert phase(s) == "lift-or-keep" and s.current_player() == 0 and legal_texts(s) == {"lift", "keep"}
    act(s, "keep")
    assert s.cash[0] == R.STARTING_CASH - 100 - 20 and s.mortgaged[SQ["Boardwalk"]]
    act(s, "unmortgage Boardwalk")  # lifting later costs the mortgage and 10% again
    assert s.cash[0] == R.STARTING_CASH - 100 - 20 - 220


def test_lifting_at_once_pays_the_mortgage_and_ten_percent_only() -> None:
    s = new_state()
    give(s, 1, "Boardwalk")
    s.mortgaged[SQ["Boardwalk"]] = True
    act(s, "trade with P2")
    act(s, "toggle Boardwalk")
    act(s, "propose")
    act(s, "accept")
    act(s, "lift")
    assert s.cash[0] == R.STARTING_CASH - 220 and not s.mortgaged[SQ["Boardwalk"]]


# -- trades --------------------------------------------------------------------------------
def test_a_trade_is_proposed_piece_by_piece_and_declined_changes_nothing() -> None:
    s = new_state()
    give(s, 0, "Baltic Avenue")
    give(s, 1, "Mediterranean Avenue")
    s.apply_action(TRADE_WITH_BASE + 1)
    assert PROPOSE not in s.legal_actions()  # an empty offer cannot be made
    act(s, "toggle Baltic Avenue")
    act(s, "toggle Mediterranean Avenue")
    act(s, "ask $10")
    assert s.to_dict(1)["pending"]["trade"] == {
        "proposer": 0, "partner": 1, "squares": [1, 3], "cash": -10, "cards": [],
    }  # fmt: skip
    s.apply_action(PROPOSE)
    assert s.current_player() == 1 and s.legal_actions() == [ACCEPT, REJECT]
    s.apply_action(REJECT)
    assert s.owner[1] == 1 and s.owner[3] == 0 and phase(s) == "roll"
    s.apply_action(TRADE_WITH_BASE + 1)
    act(s, "toggle Baltic Avenue")
    act(s, "toggle Mediterranean Avenue")
    act(s, "ask $10")
    s.apply_action(PROPOSE)
    s.apply_action(ACCEPT)
    assert s.owner[1] == 0 and s.owner[3] == 1 and s.cash == [R.STARTING_CASH + 10, R.STARTING_CASH - 10]
    assert s.stats["trades"] == 1


def test_no_trade_of_a_property_whose_group_has_buildings() -> None:
    s = new_state()
    give(s, 0, "Park Place", "Boardwalk", "Baltic Avenue")
    build(s, "Boardwalk", 1)
    act(s, "trade with P2")
    assert "toggle Park Place" not in legal_texts(s) and "toggle Baltic Avenue" in legal_texts(s)
    s.apply_action(CANCEL)
    assert phase(s) == "roll"


def test_trades_outside_another_players_roll_between_turns() -> None:
    s = new_state(3)
    give(s, 2, "Boardwalk")
    throw(s, 1, 2)
    act(s, "decline")
    assert not any(t.startswith("trade with") for t in legal_texts(s))  # not during the auction
    for _ in range(3):
        act(s, "pass")
    act(s, "end turn")
    assert phase(s) == "between-turns" and s.current_player() == 1
    act(s, "trade with P3")
    act(s, "toggle Boardwalk")
    act(s, "give $100")
    act(s, "give $100")
    act(s, "give $100")
    act(s, "give $100")
    act(s, "propose")
    act(s, "accept")
    assert s.owner[SQ["Boardwalk"]] == 1 and phase(s) == "between-turns"


def test_a_player_makes_at_most_three_offers_a_turn() -> None:
    s = new_state()
    for _ in range(R.TRADES_PER_TURN):
        act(s, "trade with P2")
        act(s, "cancel")
    assert "trade with P2" not in legal_texts(s)


def test_trading_can_be_turned_off() -> None:
    s = new_state(trading=False)
    assert not any(t.startswith("trade") for t in legal_texts(s))


# -- raising money and bankruptcy ----------------------------------------------------------
def test_a_player_short_of_rent_sells_and_mortgages_before_paying() -> None:
    s = new_state()
    give(s, 0, "Mediterranean Avenue", "Baltic Avenue")
    build(s, "Mediterranean Avenue", 1)
    give(s, 1, "Park Place", "Boardwalk")
    build(s, "Boardwalk", 1)
    build(s, "Park Place", 1)
    set_cash(s, 0, 120)
    at(s, 0, 37)
    throw(s, 1, 1)  # Boardwalk, one house: $200
    assert phase(s) == "debt" and "bankrupt" not in legal_texts(s)
    assert legal_texts(s) == {"sell Mediterranean Avenue", "trade with P2"}  # the house goes first
    act(s, "sell Mediterranean Avenue")
    act(s, "mortgage Mediterranean Avenue")
    assert phase(s) == "debt"
    act(s, "mortgage Baltic Avenue")
    assert s.cash == [120 + 25 + 30 + 30 - 200, R.STARTING_CASH + 200]
    assert phase(s) == "roll"  # the double still throws again


def test_bankrupt_to_a_player_hands_over_everything_mortgages_included() -> None:
    s = new_state(3)
    give(s, 0, "Mediterranean Avenue", "Baltic Avenue", "Reading Railroad")
    build(s, "Mediterranean Avenue", 1)
    s.mortgaged[SQ["Reading Railroad"]] = True
    s.jail_cards[0] = [0]
    s.unseen[0].remove(R.JAIL_FREE_CARD[0])
    give(s, 1, "Park Place", "Boardwalk")
    build(s, "Park Place", 5)
    build(s, "Boardwalk", 5)
    set_cash(s, 0, 10)
    at(s, 0, 36)
    throw(s, 1, 2)  # Boardwalk with a hotel: $2,000
    assert phase(s) == "debt" and "bankrupt" in legal_texts(s)
    act(s, "bankrupt")
    assert s.bankrupt[0] and s.cash[0] == 0
    assert all(s.owner[SQ[n]] == 1 for n in ("Mediterranean Avenue", "Baltic Avenue", "Reading Railroad"))
    assert s.level[SQ["Mediterranean Avenue"]] == 0 and s.jail_cards[1] == [0]
    assert s.cash[1] == R.STARTING_CASH + 10 + 25  # the cash and the house sold at half price
    assert phase(s) == "lift-or-keep" and s.current_player() == 1
    act(s, "keep")
    assert s.cash[1] == R.STARTING_CASH + 35 - 10
    assert phase(s) == "between-turns" and buildings_balance(s) and money_balances(s)


def test_bankrupt_to_the_bank_returns_buildings_and_auctions_the_properties() -> None:
    s = new_state(3)
    give(s, 0, "Mediterranean Avenue", "Baltic Avenue")
    build(s, "Mediterranean Avenue", 1)
    set_cash(s, 0, 0)
    at(s, 0, 14)
    throw(s, 1, 2)
    draw(s, "school-tax")  # $150: everything sold and mortgaged would raise 25 + 30 + 30
    assert phase(s) == "debt" and "bankrupt" in legal_texts(s)
    act(s, "bankrupt")
    assert s.bankrupt[0] and s.bank_houses == R.BANK_HOUSES and s.level[SQ["Mediterranean Avenue"]] == 0
    assert phase(s) == "auction" and s.auction[1] == SQ["Mediterranean Avenue"] and s.auction[2] == [1, 2]
    act(s, "bid +10")
    act(s, "pass")
    assert s.owner[SQ["Mediterranean Avenue"]] == 1 and s.auction[1] == SQ["Baltic Avenue"]
    act(s, "pass")
    act(s, "pass")
    assert s.owner[SQ["Baltic Avenue"]] == -1 and phase(s) == "between-turns" and money_balances(s)


def test_the_last_player_standing_wins() -> None:
    s = new_state()
    give(s, 1, "Park Place", "Boardwalk")
    build(s, "Park Place", 5)
    build(s, "Boardwalk", 5)
    set_cash(s, 0, 10)
    at(s, 0, 36)
    throw(s, 1, 2)
    act(s, "bankrupt")
    assert s.current_player() == TERMINAL and s.winners() == [1] and s.to_dict(0)["over"]


def test_the_turn_capped_game_ends_and_the_richest_by_worth_wins() -> None:
    s = new_state(max_turns=1)
    give(s, 1, "Boardwalk")
    at(s, 0, 17)
    throw(s, 1, 2)
    end_turn(s)
    throw(s, 1, 2)
    act(s, "decline")
    act(s, "pass")
    act(s, "pass")
    act(s, "end turn")
    assert s.is_terminal() and s.winners() == [1] and s.returns() == [1500.0, 1900.0]


def test_calling_time_ends_the_game_after_the_current_turn() -> None:
    s = new_state()
    at(s, 0, 17)
    throw(s, 1, 2)
    s.call_time()
    assert not s.is_terminal()
    act(s, "end turn")
    assert s.is_terminal() and s.winners() == [0, 1]


# -- chance, options, text -----------------------------------------------------------------
def test_throws_are_36_ordered_pairs_and_cards_uniform_over_the_unseen() -> None:
    s = new_state()
    s.apply_action(0)
    assert s.current_player() == CHANCE and len(s.chance_outcomes()) == 36
    assert s.action_to_string(s.chance_outcomes()[8][0]) == "dice 2+3"
    dice(s, 3, 4)
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 16 and all(p == pytest.approx(1 / 16) for _, p in outcomes)


def test_the_observation_never_shows_the_deck_order() -> None:
    s = new_state()
    s.pile[0] = s.unseen[0][:8]
    s.unseen[0] = s.unseen[0][8:]
    other = s.perturb_hidden(0, np.random.default_rng(1))
    assert other.pile[0] != s.pile[0] and sorted(other.pile[0]) == sorted(s.pile[0])
    assert other.to_dict(0) == s.to_dict(0) and other.to_dict(1) == s.to_dict(1)
    assert "pile" not in json.dumps(s.to_dict(0))


def test_uniform_cards_put_each_card_straight_back() -> None:
    s = new_state(cards="uniform")
    throw(s, 3, 4)
    s.apply_action(6)
    assert len(s.unseen[0]) == 16 and s.pile[0] == []


def test_the_starting_cash_is_an_option_kept_in_the_save() -> None:
    s = new_state(3, starting_cash=2_500)
    assert s.cash == [2_500] * 3 and money_balances(s)
    throw(s, 1, 2)
    act(s, "buy")
    saved = save_state(s)
    assert saved["game"]["starting_cash"] == 2_500
    restored = load_state(saved)
    assert restored.cash == [2_440, 2_500, 2_500] and restored.to_dict() == s.to_dict()
    # the same position under the classic $1,500 does not add up: refused
    classic = {**saved, "game": {k: v for k, v in saved["game"].items() if k != "starting_cash"}}
    with pytest.raises(SaveFormatError):
        load_state(classic)


@pytest.mark.parametrize(
    "options",
    [{"max_turns": -1}, {"cards": "x"}, {"trading": 1}, {"colour": "red"}, {"starting_cash": 0},
     {"starting_cash": 100_001}, {"starting_cash": 1500.0}, {"starting_cash": True}],
)  # fmt: skip
def test_unknown_options_and_bad_values_are_rejected(options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        load_game("monopoly", num_players=2, **options)


def test_every_action_has_a_unique_text_that_round_trips() -> None:
    s = new_state()
    texts = {}
    for action in range(400):
        try:
            text = action_text(action)
        except InvalidActionError:
            continue
        assert text not in texts
        texts[text] = action
        assert s.string_to_action(text) == action
    with pytest.raises(InvalidActionError):
        s.apply_action(399)
    for amount in (1, 250, 99_999):
        assert action_text(BID_TO_BASE + amount) == f"bid ${amount}"
        assert s.string_to_action(f"bid ${amount}") == BID_TO_BASE + amount
    for text in ("bid $0", "bid $025", "bid $-5", "bid $", "bid $2.5", "bid $٢٥"):
        with pytest.raises(InvalidActionError):
            s.string_to_action(text)
    with pytest.raises(InvalidActionError):
        s.apply_action(BID_TO_BASE)
    with pytest.raises(InvalidActionError):
        s.string_to_action("build GO")


def test_calling_time_between_turns_ends_the_game_at_once() -> None:
    s = new_state(3)
    at(s, 0, 17)
    throw(s, 1, 2)
    act(s, "end turn")
    assert phase(s) == "between-turns"
    s.call_time()
    assert s.is_terminal()
