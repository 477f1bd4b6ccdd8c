"""The bankruptcy to a player that leaves one player standing (issue 34): the winner pays the 10%
on every mortgage handed over, is not asked to lift one, and the standings read the settled figures."""

from __future__ import annotations

import numpy as np
import pytest

from engines.core import SaveFormatError, load_state, save_state
from engines.monopoly import rules as R
from engines.monopoly.game import P_ROLL, S_ROLL
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

HOTELS = ("Park Place", "Boardwalk")


def interest(*names: str) -> int:
    return sum(R.INTEREST[SQ[n]] for n in names)


def price(*names: str) -> int:
    return sum(R.BOARD[SQ[n]].price for n in names)


def hotel_owner(s, player: int) -> None:
    """Set-up: ``player`` holds Park Place and Boardwalk with a hotel each ($2,000 on Boardwalk)."""
    give(s, player, *HOTELS)
    for name in HOTELS:
        build(s, name, R.HOTEL_LEVEL)


HOTELS_WORTH = price(*HOTELS) + 2 * R.HOTEL_LEVEL * R.BOARD[SQ["Boardwalk"]].house_cost


def mortgage(s, *names: str) -> None:
    for name in names:
        s.mortgaged[SQ[name]] = True


def lands_on_boardwalk(s, player: int) -> None:
    """``player`` (the turn player) throws from Luxury's neighbour onto Boardwalk and cannot pay."""
    at(s, player, 36)
    throw(s, 1, 2)
    assert phase(s) == "debt" and "bankrupt" in legal_texts(s)


def test_two_players_one_mortgaged_railroad_costs_the_winner_its_ten_dollars() -> None:
    s = new_state()
    give(s, 0, "Reading Railroad")
    mortgage(s, "Reading Railroad")
    hotel_owner(s, 1)
    set_cash(s, 0, 10)
    bank_in = s.bank_in
    lands_on_boardwalk(s, 0)
    act(s, "bankrupt")
    assert s.is_terminal() and s.winners() == [1]
    assert interest("Reading Railroad") == 10
    assert s.cash[1] == R.STARTING_CASH + 10 - 10 and s.bank_in == bank_in + 10
    assert s.mortgaged[SQ["Reading Railroad"]] and s.owner[SQ["Reading Railroad"]] == 1  # kept, not lifted
    worth = R.STARTING_CASH + price("Reading Railroad") + HOTELS_WORTH
    assert s.worth(1) == worth and s.returns() == [0.0, float(worth)]
    assert s.to_dict(1)["players"][1]["worth"] == worth
    assert money_balances(s)


def test_two_players_several_mortgaged_lots_each_cost_their_interest() -> None:
    s = new_state()
    lots = (
        "Reading Railroad",
        "Oriental Avenue",
        "Electric Company",
        "Mediterranean Avenue",
        "Baltic Avenue",
    )
    give(s, 0, *lots)
    build(s, "Mediterranean Avenue", 1)  # sold for $25 before the hand-over
    mortgage(s, "Reading Railroad", "Oriental Avenue", "Electric Company")
    s.jail_cards[0] = [0]
    s.unseen[0].remove(R.JAIL_FREE_CARD[0])
    hotel_owner(s, 1)
    set_cash(s, 0, 10)
    lands_on_boardwalk(s, 0)
    act(s, "bankrupt")
    due = interest("Reading Railroad", "Oriental Avenue", "Electric Company")
    assert due == 10 + 5 + 8  # the Electric Company's 10% of $75 is rounded up
    assert s.is_terminal() and s.winners() == [1]
    assert s.cash[1] == R.STARTING_CASH + 10 + 25 - due
    assert s.worth(1) == s.cash[1] + price(*lots) + HOTELS_WORTH
    assert s.returns()[1] == s.worth(1) and s.jail_cards[1] == [0]
    assert all(s.mortgaged[SQ[n]] for n in ("Reading Railroad", "Oriental Avenue", "Electric Company"))
    assert money_balances(s) and buildings_balance(s)


def test_three_players_going_down_to_one_the_last_hand_over_is_settled_too() -> None:
    s = new_state(3)
    give(s, 0, "Reading Railroad")
    give(s, 2, "Oriental Avenue", "Vermont Avenue", "Short Line")
    mortgage(s, "Reading Railroad", "Oriental Avenue", "Short Line")
    hotel_owner(s, 1)
    set_cash(s, 0, 10)
    set_cash(s, 2, 7)
    lands_on_boardwalk(s, 0)
    act(s, "bankrupt")
    # two players are left: the creditor is asked, as ever
    assert phase(s) == "lift-or-keep" and s.current_player() == 1
    act(s, "keep")
    assert s.cash[1] == R.STARTING_CASH + 10 - 10
    end_turn_passes(s)
    at(s, 1, 17)
    throw(s, 1, 2)  # Free Parking
    end_turn(s)
    assert s.turn == 2 and phase(s) == "roll"
    lands_on_boardwalk(s, 2)
    act(s, "bankrupt")
    assert s.is_terminal() and s.winners() == [1]
    assert s.cash[1] == R.STARTING_CASH + 7 - interest("Oriental Avenue", "Short Line")
    lots = ("Reading Railroad", "Oriental Avenue", "Vermont Avenue", "Short Line")
    assert s.returns() == [0.0, float(s.cash[1] + price(*lots) + HOTELS_WORTH), 0.0]
    assert s.stats["bankruptcies"] == 2 and money_balances(s)


def end_turn_passes(s) -> None:
    """After a bankrupt turn player's turn: every other player passes between turns."""
    while phase(s) == "between-turns":
        act(s, "pass")
    assert phase(s) == "roll"


def winner_short_of_the_interest():
    """Seat 1 wins with $5 in hand, owing $10 on the railroad it inherits: it must raise the rest."""
    s = new_state()
    give(s, 0, "Reading Railroad")
    mortgage(s, "Reading Railroad")
    hotel_owner(s, 1)
    give(s, 1, "Oriental Avenue")
    set_cash(s, 0, 5)
    set_cash(s, 1, 0)
    lands_on_boardwalk(s, 0)
    act(s, "bankrupt")
    return s


def test_a_winner_short_of_the_interest_raises_it_before_the_game_ends() -> None:
    s = winner_short_of_the_interest()
    assert phase(s) == "debt" and s.current_player() == 1 and not s.is_terminal()
    # no bankruptcy (everything could pay) and nobody left to trade with
    assert legal_texts(s) == {"mortgage Oriental Avenue", "sell Park Place", "sell Boardwalk"}
    act(s, "mortgage Oriental Avenue")
    assert s.is_terminal() and s.winners() == [1]
    assert s.cash[1] == 5 + R.BOARD[SQ["Oriental Avenue"]].mortgage - 10
    assert s.returns()[1] == s.cash[1] + price("Reading Railroad", "Oriental Avenue") + HOTELS_WORTH
    assert money_balances(s)


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard", "buy-everything"])
def test_every_computer_player_raises_the_interest_with_no_rival_left(level) -> None:
    s = winner_short_of_the_interest()
    assert s.current_player() == 1
    choose = s.game.make_player(level, np.random.default_rng(1))
    for _ in range(20):
        if s.is_terminal():
            break
        s.apply_action(choose(s))
    assert s.is_terminal() and s.winners() == [1] and s.cash[1] >= 0 and money_balances(s)


def test_a_winner_who_could_not_raise_the_interest_pays_what_they_have() -> None:
    s = new_state()
    give(s, 0, "Reading Railroad")
    give(s, 1, "Mediterranean Avenue")
    mortgage(s, "Reading Railroad", "Mediterranean Avenue")
    set_cash(s, 0, 30)
    set_cash(s, 1, 0)
    at(s, 0, 4)
    throw(s, 1, 2)
    draw(s, "chairman")  # $50 to every other player: $30 and nothing to mortgage
    act(s, "bankrupt")
    # the winner holds $30 and owes $10: paid in full
    assert s.is_terminal() and s.cash[1] == 20
    s = new_state()
    give(s, 0, "Reading Railroad", "Pennsylvania Railroad")
    give(s, 1, "Mediterranean Avenue")
    mortgage(s, "Reading Railroad", "Pennsylvania Railroad", "Mediterranean Avenue")
    set_cash(s, 0, 12)
    set_cash(s, 1, 0)
    at(s, 0, 4)
    throw(s, 1, 2)
    draw(s, "chairman")
    act(s, "bankrupt")
    # $20 due, $12 in hand and nothing to mortgage or sell: the bank takes $12 and writes off the rest
    assert s.is_terminal() and s.winners() == [1] and s.cash[1] == 0
    assert s.log[-2] == "P2 cannot pay $8: the bank writes it off"
    assert money_balances(s)


def test_a_save_while_the_winner_raises_the_interest_resumes() -> None:
    s = winner_short_of_the_interest()
    s.bank_in, s.bank_out = s.bank_in - s.bank_out, 0  # the set-up's cash as taken in by the bank
    loaded = load_state(save_state(s))
    assert loaded.to_dict() == s.to_dict()
    act(loaded, "mortgage Oriental Avenue")
    assert loaded.is_terminal() and loaded.cash[1] == 45


def test_a_save_of_a_decided_game_still_playing_is_refused() -> None:
    s = winner_short_of_the_interest()
    s.bank_in, s.bank_out = s.bank_in - s.bank_out, 0
    data = s.to_dict()
    data["phase"], data["turn"], data["stage"], data["debts"] = P_ROLL, 1, S_ROLL, []
    with pytest.raises(SaveFormatError, match="one player left"):
        type(s).from_dict(s.game, data)
    # a debt the winner could never raise would leave them nothing legal but bankruptcy
    data = s.to_dict()
    data["debts"] = [[1, -1, 10_000]]
    with pytest.raises(SaveFormatError, match="one player left"):
        type(s).from_dict(s.game, data)
