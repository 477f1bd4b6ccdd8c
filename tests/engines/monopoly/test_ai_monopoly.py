"""Monopoly computer players (engines/monopoly/ai.py): they finish games, read only their view,
and hard keeps its groups."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from engines.core import CHANCE
from engines.monopoly import ai
from engines.monopoly import game as G
from engines.monopoly import rules as R
from engines.monopoly.ai import View


def play(levels, seed, max_turns=60, fast=False, check_views=False):
    game = G.MonopolyGame(len(levels), max_turns=max_turns)
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    players = [
        ai.make_player(level, game, np.random.default_rng([seed, k]), fast=fast)
        for k, level in enumerate(levels)
    ]
    twins = [
        ai.make_player(level, game, np.random.default_rng([seed, k]), fast=True)
        for k, level in enumerate(levels)
    ]
    decisions = 0

    def watch(p, action):
        nonlocal decisions
        if check_views:
            assert twins[p](state) == action, (state.to_dict(p)["phase"], action)
        decisions += 1

    play_out(state, players, rng, watch)
    return state, decisions


def play_out(state, players, rng, watch):
    """Play ``state`` to the end; ``watch(player, action)`` sees each decision before it is applied."""
    while not state.is_terminal():
        p = state.current_player()
        if p == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
            continue
        action = players[p](state)
        watch(p, action)
        state.apply_action(action)


@pytest.mark.parametrize(
    "levels", [("hard", "medium"), ("easy", "buy-everything", "random"), ("medium",) * 4]
)
def test_every_level_plays_legal_moves_to_the_end(levels):
    for seed in range(2):
        state, decisions = play(levels, seed)
        assert state.is_terminal() and decisions > 0


@pytest.mark.parametrize("levels", [("hard", "medium", "medium"), ("buy-everything", "hard")])
def test_the_state_view_decides_as_the_observation_does(levels):
    play(levels, seed=3, max_turns=80, check_views=True)


def _view(owner: dict[int, int], me: int = 0, **changes) -> View:
    state = G.MonopolyGame(2).new_initial_state()
    for sq, p in owner.items():
        state.owner[sq] = p
    view = View.from_state(state)
    return dataclasses.replace(view, me=me, **changes)


ORANGE = R.GROUPS["orange"]
RED = R.GROUPS["red"]


def _offer(squares, cash, proposer=1, partner=0):
    return {"proposer": proposer, "partner": partner, "squares": list(squares), "cash": cash, "cards": []}


def test_hard_never_sells_an_opponent_their_group_for_its_price():
    # P1 holds two oranges and offers cash for hard's third
    owner = {ORANGE[0]: 1, ORANGE[1]: 1, ORANGE[2]: 0}
    hard = ai.make_player("hard", None, np.random.default_rng(0))
    for cash in (200, 400, 600):
        v = _view(
            owner,
            phase="trade-reply",
            trade=_offer([ORANGE[2]], cash),
            legal_source=lambda: [G.ACCEPT, G.REJECT],
        )
        assert hard.decide(v) == G.REJECT
    # easy sees only printed prices and takes the money
    easy = ai.make_player("easy", None, np.random.default_rng(0))
    v = _view(
        owner, phase="trade-reply", trade=_offer([ORANGE[2]], 400), legal_source=lambda: [G.ACCEPT, G.REJECT]
    )
    assert easy.decide(v) == G.ACCEPT


def test_hard_takes_a_swap_that_completes_its_better_group():
    # hard gives one red (P1 completes red) and gets the orange it lacks (hard completes orange) plus cash
    owner = {ORANGE[0]: 0, ORANGE[1]: 0, ORANGE[2]: 1, RED[0]: 1, RED[1]: 1, RED[2]: 0}
    hard = ai.make_player("hard", None, np.random.default_rng(0))
    fair = _offer([ORANGE[2], RED[2]], 500)
    v = _view(owner, phase="trade-reply", trade=fair, legal_source=lambda: [G.ACCEPT, G.REJECT])
    assert hard.decide(v) == G.ACCEPT
    stingy = _offer([ORANGE[2], RED[2]], -500)  # hard would pay for the privilege
    v = _view(owner, phase="trade-reply", trade=stingy, legal_source=lambda: [G.ACCEPT, G.REJECT])
    assert hard.decide(v) == G.REJECT


def test_hard_and_medium_propose_a_swap_that_completes_groups_and_buy_everything_never_trades():
    owner = {ORANGE[0]: 0, ORANGE[1]: 0, ORANGE[2]: 1, RED[0]: 1, RED[1]: 1, RED[2]: 0}
    state = G.MonopolyGame(2).new_initial_state()
    for sq, p in owner.items():
        state.owner[sq] = p
    assert state.phase == G.P_ROLL and state.turn == 0
    for level in ("hard", "medium"):
        player = ai.make_player(level, state.game, np.random.default_rng(0), fast=True)
        s = state.clone()
        assert player(s) == G.TRADE_WITH_BASE + 1
        s.apply_action(G.TRADE_WITH_BASE + 1)
        while s.phase == G.P_TRADE:
            s.apply_action(player(s))
        assert s.phase == G.P_REPLY
        after = list(s.owner)
        for sq in s.trade[2]:
            after[sq] = 1 - after[sq]
        # the swap completes a group for the proposer (orange, or red by giving up orange)
        assert any(all(after[q] == 0 for q in group) for group in (ORANGE, RED))
    baseline = ai.make_player("buy-everything", state.game, np.random.default_rng(0), fast=True)
    assert baseline(state.clone()) == G.ROLL
    v = _view(
        owner, phase="trade-reply", trade=_offer([ORANGE[2]], 1000), legal_source=lambda: [G.ACCEPT, G.REJECT]
    )
    assert ai.make_player("buy-everything", None, np.random.default_rng(0)).decide(v) == G.REJECT


def test_bids_stop_at_the_players_limit():
    sq = 39
    auction = {"item": "property", "square": sq, "high_bid": 0, "leader": None, "min_bid": 1}
    legal = [G.PASS, G.BID_BASE, G.BID_BASE + 1, G.BID_BASE + 2]
    player = ai.make_player("buy-everything", None, np.random.default_rng(0))
    v = _view({}, phase="auction", auction=auction, legal_source=lambda: legal)
    assert player.decide(v) == G.BID_BASE + 2  # far below the price: the big step
    near = dict(auction, high_bid=R.BOARD[sq].price - 5)
    assert player.decide(dataclasses.replace(v, auction=near)) == G.BID_BASE  # $1 more still within
    at = dict(auction, high_bid=R.BOARD[sq].price)
    assert player.decide(dataclasses.replace(v, auction=at)) == G.PASS


def test_income_tax_choice_is_the_cheaper_one():
    player = ai.make_player("hard", None, np.random.default_rng(0))
    poor = _view({}, phase="income-tax", cash=[900, 1500], legal_source=lambda: [G.TAX_FLAT, G.TAX_PERCENT])
    assert player.decide(poor) == G.TAX_PERCENT
    rich = dataclasses.replace(poor, cash=[2500, 1500])
    assert player.decide(rich) == G.TAX_FLAT


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="no Monopoly player"):
        ai.make_player("grandmaster", None, np.random.default_rng(0))


PINK = R.GROUPS["pink"]
LIGHT_BLUE = R.GROUPS["light-blue"]
BIDS = [G.PASS, G.BID_BASE, G.BID_BASE + 1, G.BID_BASE + 2]


def _auction(sq, high, cash, bidders=(0, 1), active=(True, True)):
    auction = {
        "item": "property", "square": sq, "high_bid": high, "leader": None if high == 0 else 1,
        "min_bid": 1, "bidders": list(bidders), "active": list(active),
    }  # fmt: skip
    return _view(
        {},
        phase="auction",
        auction=auction,
        cash=cash,
        bankrupt=[False] * len(cash),
        legal_source=lambda: BIDS,
    )


def test_hard_bids_no_more_than_the_richest_rival_still_in_could_answer():
    hard = ai.make_player("hard", None, np.random.default_rng(0))
    boardwalk = 39  # price 400: hard wants it far above what the rival holds
    assert hard.decide(_auction(boardwalk, 0, [1500, 60])) == G.BID_BASE + 1  # $10, not $100
    assert hard.decide(_auction(boardwalk, 55, [1500, 60])) == G.BID_BASE  # $56 ... $61
    assert hard.decide(_auction(boardwalk, 61, [1500, 60])) == G.PASS  # $61 cannot be answered
    # a rival who has passed bids no more: only the one still in counts
    three = _auction(boardwalk, 61, [1500, 60, 1000], bidders=(0, 1, 2), active=(True, True, False))
    assert hard.decide(three) == G.PASS
    # above nine tenths of the price it raises a dollar at a time
    assert hard.decide(_auction(boardwalk, 365, [1500, 1500])) == G.BID_BASE


def test_hard_lets_a_property_go_to_auction_only_when_no_rival_can_pay_its_price():
    hard = ai.make_player("hard", None, np.random.default_rng(0))
    buy = _view({}, phase="buy", buy=39, cash=[1500, 100], legal_source=lambda: [G.BUY, G.DECLINE])
    assert hard.decide(buy) == G.DECLINE  # the auction gives it for at most $101
    assert hard.decide(dataclasses.replace(buy, cash=[1500, 390])) == G.BUY


def test_hard_without_the_price_declines_rather_than_mortgage_when_its_cash_beats_the_rival():
    # Boardwalk at $400: hard holds $300 and Reading Railroad, the rival $100
    hard = ai.make_player("hard", None, np.random.default_rng(0))
    legal = [G.DECLINE, G.MORTGAGE_BASE + 5]
    buy = _view({5: 0}, phase="buy", buy=39, cash=[300, 100], legal_source=lambda: legal)
    assert hard.decide(buy) == G.DECLINE  # the auction gives it for $101, no mortgage needed
    assert hard.decide(dataclasses.replace(buy, cash=[300, 390])) == G.MORTGAGE_BASE + 5


def test_hard_buys_a_split_lot_once_no_group_is_left_to_make():
    # every colour group has lots of both players; Tennessee Avenue is the oranges' free lot
    hard = ai.make_player("hard", None, np.random.default_rng(0))
    st_james, tennessee, new_york = ORANGE
    owner = {lots[0]: 0 for lots in ai.COLOUR_GROUPS} | {lots[-1]: 1 for lots in ai.COLOUR_GROUPS}
    legal = [G.BUY, G.DECLINE]
    fields = {"phase": "buy", "buy": tennessee, "cash": [1500, 1500], "legal_source": lambda: legal}
    assert owner[st_james] == 0 and owner[new_york] == 1
    assert hard.decide(_view(owner, **fields)) == G.BUY  # the rival's cash has nothing to build
    # while the rival holds a group (it builds with its cash), or a group may still be made
    brown = R.GROUPS["brown"]
    assert hard.decide(_view(owner | {brown[0]: 1}, **fields)) == G.DECLINE
    boardwalk = R.GROUPS["dark-blue"][-1]
    assert hard.decide(_view(owner | {boardwalk: -1}, **fields)) == G.DECLINE


def test_hard_lifts_its_groups_mortgages_first_and_mortgages_shared_groups_first():
    hard = ai.make_player("hard", None, np.random.default_rng(0))
    # hard holds the pinks, one mortgaged, a light blue shared with P1, and Reading Railroad
    owner = {PINK[0]: 0, PINK[1]: 0, PINK[2]: 0, LIGHT_BLUE[0]: 0, LIGHT_BLUE[1]: 1, 5: 0}
    mortgaged = [False] * R.NUM_SQUARES
    mortgaged[PINK[0]] = True
    legal = [G.END_TURN, G.UNMORTGAGE_BASE + PINK[0], G.MORTGAGE_BASE + LIGHT_BLUE[0], G.MORTGAGE_BASE + 5]
    v = _view(owner, phase="after-roll", mortgaged=mortgaged, cash=[400, 1500], legal_source=lambda: legal)
    assert hard.decide(v) == G.UNMORTGAGE_BASE + PINK[0]
    # short of the $77: first the lot of a group it shares with an opponent
    poor = dataclasses.replace(v, cash=[60, 1500], legal_source=lambda: legal[2:] + [G.END_TURN])
    assert hard.decide(poor) == G.MORTGAGE_BASE + LIGHT_BLUE[0]


def _proposals(refusals_before_wait, monkeypatch):
    # hard holds two oranges, buy-everything (who never trades) the third: hard has an offer to
    # make all game long
    monkeypatch.setattr(ai, "REFUSALS_BEFORE_WAIT", refusals_before_wait)
    game = G.MonopolyGame(2, max_turns=120)
    state = game.new_initial_state()
    for sq, p in {ORANGE[0]: 0, ORANGE[1]: 0, ORANGE[2]: 1}.items():
        state.owner[sq] = p
    players = [ai.make_player(level, game, np.random.default_rng(k), fast=True) for k, level in
               enumerate(("hard", "buy-everything"))]  # fmt: skip
    offers = []
    play_out(
        state,
        players,
        np.random.default_rng(5),
        lambda p, action: offers.append(p == 0 and action == G.PROPOSE),
    )
    return sum(offers)


def test_hard_stops_asking_a_partner_who_refuses_everything(monkeypatch):
    patient = _proposals(ai.REFUSALS_BEFORE_WAIT, monkeypatch)
    assert patient <= ai.REFUSALS_BEFORE_WAIT + 8  # then after 2, 4, 8, 16, 32, 32 ... turns
    assert _proposals(10_000, monkeypatch) > 2 * patient  # never waiting: an offer at every change


def test_hard_buys_into_a_group_split_three_ways_and_leaves_one_seller():
    # orange: one lot each for hard, P1 and P2; hard offers P1 a little over the price of its lot
    game = G.MonopolyGame(3)
    state = game.new_initial_state()
    for sq, p in {ORANGE[0]: 0, ORANGE[1]: 1, ORANGE[2]: 2}.items():
        state.owner[sq] = p
    poor = state.clone()
    hard = ai.make_player("hard", game, np.random.default_rng(0), fast=True)
    first = hard(state)
    assert first in (G.TRADE_WITH_BASE + 1, G.TRADE_WITH_BASE + 2)
    state.apply_action(first)
    while state.phase == G.P_TRADE:
        state.apply_action(hard(state))
    proposer, partner, squares, cash, _ = state.trade
    assert sorted(squares) == [ORANGE[partner]]
    assert R.BOARD[ORANGE[partner]].price < cash <= R.BOARD[ORANGE[partner]].price + 30
    # no step when the rest of the group is unowned (it may still come by landing) or when the
    # buyer could not then pay the group's price for the last lot
    unowned = list(state.owner)
    unowned[ORANGE[2]] = -1
    assert ai.step_candidates(0, 1, tuple(unowned), tuple(state.level), tuple(state.mortgaged)) == ()
    poor.cash[0] = 400
    assert ai.make_player("hard", game, np.random.default_rng(0), fast=True)(poor) == G.ROLL


def test_hard_stays_in_jail_only_while_some_rent_is_high():
    hard = ai.make_player("hard", None, np.random.default_rng(0))
    legal = [G.ROLL, G.PAY_FINE]
    jailed = _view({}, phase="roll", in_jail=[True, False], legal_source=lambda: legal)
    assert hard.decide(jailed) == G.PAY_FINE  # nothing dangerous: out, to pass GO and buy
    # nothing left to buy, but nothing dangerous either (all hard's): out, to pass GO
    mine = dataclasses.replace(jailed, owner=[0 if sq in R.PROPERTIES else -1 for sq in range(40)])
    assert hard.decide(mine) == G.PAY_FINE
    level = [0] * R.NUM_SQUARES
    level[ORANGE[0]] = level[ORANGE[1]] = level[ORANGE[2]] = 1  # P1's oranges, a house each
    built = dataclasses.replace(jailed, owner=[1 if sq in ORANGE else -1 for sq in range(40)], level=level)
    assert hard.decide(built) == G.PAY_FINE  # $70-80 rents: still out
    level = [3 if sq in ORANGE else 0 for sq in range(40)]
    assert hard.decide(dataclasses.replace(built, level=level)) == G.ROLL  # $500+: stays in


def test_hard_keeps_an_opponents_last_lot_from_them_against_a_single_opponent():
    # P1 holds Boardwalk; Park Place, the last dark blue, is unowned
    hard = ai.make_player("hard", None, np.random.default_rng(0))
    park, boardwalk, reading = 37, 39, 5
    owner = _view({boardwalk: 1}).owner
    # at its auction hard bids every dollar it has (no reserve kept back) to answer the rival's $199
    assert hard.decide(dataclasses.replace(_auction(park, 199, [205, 200]), owner=owner)) == G.BID_BASE
    # it keeps the cash for it: no other square out of it ...
    buy = _view(
        {boardwalk: 1}, phase="buy", buy=reading, cash=[300, 1500], legal_source=lambda: [G.BUY, G.DECLINE]
    )
    assert hard.decide(buy) == G.DECLINE
    assert hard.decide(dataclasses.replace(buy, cash=[700, 1500])) == G.BUY
    # ... and it mortgages a lot outside its groups to raise it before an opponent without the
    # price throws (a dollar over their $300 wins the auction if they land there)
    legal = [G.END_TURN, G.MORTGAGE_BASE + reading]
    short = _view({boardwalk: 1, reading: 0}, phase="after-roll", cash=[100, 300], legal_source=lambda: legal)
    assert hard.decide(short) == G.MORTGAGE_BASE + reading
    assert hard.decide(dataclasses.replace(short, cash=[400, 300])) == G.END_TURN
    # an opponent with the price buys it on landing; for its own landing hard would mortgage
    # then, and mortgaging now raises nothing the mortgage would not: it keeps the lot
    assert hard.decide(dataclasses.replace(short, cash=[100, 1500])) == G.END_TURN


def test_hard_keeps_the_cash_for_the_auction_of_its_own_last_lot_while_the_opponent_is_a_throw_away():
    # hard holds Boardwalk; Park Place ($350) is unowned and P1, with $300, stands on Pacific Avenue
    hard = ai.make_player("hard", None, np.random.default_rng(0))
    park, boardwalk, reading, pacific = 37, 39, 5, 31
    legal = [G.END_TURN, G.MORTGAGE_BASE + reading]
    near = _view(
        {boardwalk: 0, reading: 0}, phase="after-roll", cash=[100, 300], position=[0, pacific],
        legal_source=lambda: legal,
    )  # fmt: skip
    # landing there without the price, P1 puts it to auction: hard mortgages for a dollar over $300
    assert hard.decide(near) == G.MORTGAGE_BASE + reading
    assert hard.decide(dataclasses.replace(near, cash=[400, 300])) == G.END_TURN
    # not while P1 is more than a throw from it, nor when P1 has the price (it buys on landing)
    assert hard.decide(dataclasses.replace(near, position=[0, 10])) == G.END_TURN
    assert hard.decide(dataclasses.replace(near, position=[0, park])) == G.END_TURN
    assert hard.decide(dataclasses.replace(near, cash=[100, 1500])) == G.END_TURN
    assert park - pacific in ai.ONE_THROW


def test_hard_keeps_the_cash_for_the_auction_of_any_lot_the_opponent_may_throw_onto_without_its_price():
    # nothing is owned but hard's Reading Railroad; P1, with $200, stands on Free Parking, a throw
    # from the reds, the yellows and more, all dearer than that
    hard = ai.make_player("hard", None, np.random.default_rng(0))
    reading, free_parking, go = 5, 20, 0
    legal = [G.END_TURN, G.MORTGAGE_BASE + reading]
    view = _view(
        {reading: 0}, phase="after-roll", cash=[100, 200], position=[0, free_parking],
        legal_source=lambda: legal,
    )  # fmt: skip
    assert hard.decide(view) == G.MORTGAGE_BASE + reading  # for a dollar over $200
    assert hard.decide(dataclasses.replace(view, cash=[100, 1500])) == G.END_TURN  # P1 would buy
    # from Go, the dearest lots ahead are St. Charles Place ($140) and the Electric Company
    from_go = dataclasses.replace(view, cash=[100, 130], position=[0, go])
    assert hard.decide(from_go) == G.MORTGAGE_BASE + reading
    # a lot of a split group is left to them (here St. Charles: the Electric Company is hard's)
    _, states, virginia = R.GROUPS["pink"]
    fields = {"phase": "after-roll", "cash": [100, 130], "position": [0, go], "legal_source": lambda: legal}
    assert hard.decide(_view({reading: 0, 12: 0, states: 0, virginia: 1}, **fields)) == G.END_TURN
    assert hard.decide(_view({reading: 0, 12: 0, states: 0}, **fields)) == G.MORTGAGE_BASE + reading


def test_hard_raises_the_price_of_an_opponents_last_lot_from_its_own_groups():
    # P1 holds Boardwalk; hard lands on Park Place ($350) with $200 and the oranges, nothing idle
    park, boardwalk = 37, 39
    hard = ai.make_player("hard", None, np.random.default_rng(0))
    oranges = dict.fromkeys(ORANGE, 0)
    legal = [G.DECLINE, *(G.MORTGAGE_BASE + sq for sq in ORANGE)]
    buy = _view(
        {boardwalk: 1, **oranges}, phase="buy", buy=park, cash=[200, 1500], legal_source=lambda: legal
    )
    assert G.MORTGAGE_BASE + ORANGE[0] <= hard.decide(buy) <= G.MORTGAGE_BASE + ORANGE[-1]
    # with a house on each orange it sells houses first (no orange can be mortgaged)
    level = [1 if sq in ORANGE else 0 for sq in range(R.NUM_SQUARES)]
    sells = [G.DECLINE, *(G.SELL_BASE + sq for sq in ORANGE)]
    built = dataclasses.replace(buy, level=level, legal_source=lambda: sells, _legal=None)
    assert G.SELL_BASE + ORANGE[0] <= hard.decide(built) <= G.SELL_BASE + ORANGE[-1]
    # not when everything it has would not make the price
    assert hard.decide(dataclasses.replace(buy, cash=[0, 1500])) == G.DECLINE
    # nor for a lot that completes no group, nor with two opponents (it is not the only one left
    # to stop them)
    fields = {"phase": "buy", "buy": park, "legal_source": lambda: legal}
    assert hard.decide(_view(oranges, cash=[200, 1500], **fields)) == G.DECLINE
    three = _view({boardwalk: 1, **oranges}, cash=[200, 1500, 1500], bankrupt=[False] * 3, **fields)
    assert hard.decide(three) == G.DECLINE


def test_hard_makes_a_rival_pay_all_it_can_for_a_lot_of_a_split_group():
    # the oranges are split: hard holds St. James Place, P1 New York Avenue; Tennessee is unowned
    hard = ai.make_player("hard", None, np.random.default_rng(0))
    st_james, tennessee, new_york = ORANGE
    buy = _view(
        {st_james: 0, new_york: 1}, phase="buy", buy=tennessee, cash=[1500, 1500],
        legal_source=lambda: [G.BUY, G.DECLINE],
    )  # fmt: skip
    assert hard.decide(buy) == G.DECLINE  # nobody completes the oranges with it: to the auction
    price = R.BOARD[tennessee].price

    def bid(high, cash):
        return hard.decide(dataclasses.replace(_auction(tennessee, high, cash), owner=buy.owner))

    # hard bids it up to a dollar below the price, then leaves it to the rival ...
    assert bid(price - 2, [1500, 1500]) == G.BID_BASE
    assert bid(price - 1, [1500, 1500]) == G.PASS
    # ... or to a dollar below all the rival's cash, when that is less
    assert bid(98, [1500, 100]) == G.BID_BASE
    assert bid(99, [1500, 100]) == G.PASS
    # a rival without a dollar cannot bid: the least bid takes it
    assert bid(0, [1500, 0]) == G.BID_BASE
    # it declines without the price too, rather than mortgage a railroad for it
    owner = [0 if sq == 5 else o for sq, o in enumerate(buy.owner)]
    short = dataclasses.replace(
        buy, owner=owner, cash=[100, 1500], legal_source=lambda: [G.DECLINE, G.MORTGAGE_BASE + 5]
    )
    assert hard.decide(short) == G.DECLINE
    # but it buys a lot it could still complete, or one that keeps the group from the rival
    fields = {k: getattr(buy, k) for k in ("phase", "buy", "cash", "legal_source")}
    assert hard.decide(_view({st_james: 0}, **fields)) == G.BUY
    assert hard.decide(_view({new_york: 1}, **fields)) == G.BUY


def test_hard_mortgages_to_pay_for_an_offer_only_to_a_partner_who_has_not_just_refused():
    # hard holds two oranges and lots outside any group, P1 the third orange; hard's $300 in cash
    # is not all of the offer it makes
    hard = ai.make_player("hard", None, np.random.default_rng(0))
    idle = {5: 0, 15: 0, 24: 0, 34: 0, 39: 0}  # two railroads, Illinois, Pennsylvania, Boardwalk
    legal = [G.END_TURN, G.TRADE_WITH_BASE + 1, *(G.MORTGAGE_BASE + sq for sq in idle)]
    view = _view(
        {ORANGE[0]: 0, ORANGE[1]: 0, ORANGE[2]: 1, **idle}, phase="after-roll", cash=[300, 1500],
        trading=True, legal_source=lambda: legal,
    )  # fmt: skip
    first = hard.decide(view)
    assert G.MORTGAGE_BASE <= first < G.MORTGAGE_BASE + 40  # raise the price, then offer it
    # after a refusal the lots would only be lifted again: it offers what its cash pays
    refused = ai.make_player("hard", None, np.random.default_rng(0))
    refused.refusals[1] = (1, 0)
    assert refused.decide(dataclasses.replace(view)) == G.TRADE_WITH_BASE + 1
    gives = [a - G.CASH_GIVE_BASE for a in refused.plan if G.CASH_GIVE_BASE <= a < G.CASH_ASK_BASE]
    assert 0 < sum(R.TRADE_CASH_STEPS[k] for k in gives) <= 300


def test_hards_refusal_clock_counts_turns_not_decisions():
    # a build, a mortgage or an offer before rolling is another decision in the same roll phase
    hard = ai.make_player("hard", None, np.random.default_rng(0))
    roll = _view({}, phase="roll", legal_source=lambda: [G.ROLL])
    for _ in range(3):
        hard.decide(dataclasses.replace(roll))
    assert hard.turns == 1
    hard.decide(_view({}, phase="after-roll", legal_source=lambda: [G.END_TURN]))
    hard.decide(dataclasses.replace(roll))
    assert hard.turns == 2


def test_hard_keeps_cash_to_build_with_when_nothing_is_left_to_mortgage():
    # hard holds the oranges and nothing else; its single opponent holds no group
    hard = ai.make_player("hard", None, np.random.default_rng(0))
    legal = [G.END_TURN, *(G.BUILD_BASE + sq for sq in ORANGE)]
    oranges = dict.fromkeys(ORANGE, 0)
    v = _view(oranges, phase="after-roll", cash=[300, 1500], legal_source=lambda: legal)
    assert hard.decide(v) == G.END_TURN  # $200 left after a house: under RESERVE_BARE
    assert hard.decide(dataclasses.replace(v, cash=[400, 1500])) in legal[1:]
    # with a railroad still to mortgage, or an opponent who holds a group, the usual $100 will do
    mortgage = [*legal, G.MORTGAGE_BASE + 5]
    railroad = _view({**oranges, 5: 0}, phase="after-roll", cash=[300, 1500], legal_source=lambda: mortgage)
    assert hard.decide(railroad) in legal[1:]
    browns = _view({**oranges, 1: 1, 3: 1}, phase="after-roll", cash=[300, 1500], legal_source=lambda: legal)
    assert hard.decide(browns) in legal[1:]


def test_hard_builds_no_more_where_the_rent_takes_most_of_what_the_opponent_has():
    # three houses on each orange charge $550-600; the opponent could raise only its cash
    hard = ai.make_player("hard", None, np.random.default_rng(0))
    legal = [G.END_TURN, *(G.BUILD_BASE + sq for sq in ORANGE)]
    level = [3 if sq in ORANGE else 0 for sq in range(R.NUM_SQUARES)]
    fields = {"phase": "after-roll", "level": level, "legal_source": lambda: legal}
    assert hard.decide(_view(dict.fromkeys(ORANGE, 0), cash=[1500, 700], **fields)) == G.END_TURN
    assert hard.decide(_view(dict.fromkeys(ORANGE, 0), cash=[1500, 1000], **fields)) in legal[1:]


def test_hard_mortgages_for_hotels_on_a_group_with_cheap_houses_only():
    # three houses on each light blue ($50 houses) or green ($200), Reading Railroad idle, $40
    hard = ai.make_player("hard", None, np.random.default_rng(0))
    reading = 5
    for group, expected in (("light-blue", G.MORTGAGE_BASE + reading), ("green", G.END_TURN)):
        lots = R.GROUPS[group]
        legal = [G.END_TURN, G.MORTGAGE_BASE + reading, *(G.BUILD_BASE + sq for sq in lots)]
        level = [3 if sq in lots else 0 for sq in range(R.NUM_SQUARES)]
        v = _view(
            {**dict.fromkeys(lots, 0), reading: 0},
            phase="after-roll",
            cash=[40, 1500],
            level=level,
            legal_source=lambda legal=legal: legal,
        )
        assert hard.decide(v) == expected


def test_hards_reserve_minds_less_of_the_worst_rent_with_more_opponents():
    # the opponent's dark blue with two houses: Boardwalk charges $600; against one opponent a
    # fifth of it goes into the reserve, against two or more a tenth (they build and trade into
    # groups around hard)
    park_place, boardwalk = R.GROUPS["dark-blue"]
    hard = ai.MonopolyPlayer("hard", np.random.default_rng(0))
    owner = {park_place: 1, boardwalk: 1}
    level = [0] * 40
    level[park_place] = level[boardwalk] = 2
    duel = _view(owner, level=level)
    assert hard.reserve(duel) == ai.RESERVE_DUEL + 0.2 * 600
    state = G.MonopolyGame(4).new_initial_state()
    for sq in owner:
        state.owner[sq] = 1
    table = dataclasses.replace(View.from_state(state), me=0, level=level)
    assert hard.reserve(table) == ai.RESERVE_BASE + 0.1 * 600
