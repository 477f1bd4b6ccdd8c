"""The GNOME background agent v3.1 re-written (engines/monopoly/gnome.py): each rule decides on a
hand-built position as the original (GNOME-p3, monopoly_simulator/background_agent_v3_1.py and
agent_helper_functions.py) does; the expected answers are worked out by hand from its rules."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from engines.monopoly import ai, gnome, simulate
from engines.monopoly import game as G
from engines.monopoly import rules as R
from engines.monopoly.ai import View

MEDITERRANEAN, BALTIC = 1, 3
READING, PENNSYLVANIA_RR, BO_RR, SHORT_LINE = 5, 15, 25, 35
ORIENTAL, VERMONT, CONNECTICUT = 6, 8, 9
KENTUCKY, INDIANA, ILLINOIS = 21, 23, 24
PARK_PLACE, BOARDWALK = 37, 39


def _view(owner: dict[int, int], legal=(), me: int = 0, players: int = 4, **changes) -> View:
    state = G.MonopolyGame(players).new_initial_state()
    for sq, p in owner.items():
        state.owner[sq] = p
    view = View.from_state(state)
    changes.setdefault("trading", False)
    return dataclasses.replace(view, me=me, _legal=frozenset(legal), **changes)


def _player() -> gnome.GnomePlayer:
    return gnome.GnomePlayer("gnome-v3", np.random.default_rng(0), fast=True)


@pytest.mark.parametrize(
    ("cash", "cards", "expected"),
    [(200, 1, G.USE_CARD), (200, 0, G.PAY_FINE), (199, 1, G.ROLL)],
)
def test_jail_leaves_at_once_only_with_the_go_salary_in_hand(cash, cards, expected):
    legal = {G.ROLL, G.PAY_FINE} | ({G.USE_CARD} if cards else set())
    v = _view({}, legal, phase="roll", cash=[cash, 1500, 1500, 1500], in_jail=[True, False, False, False],
              jail_cards=[cards, 0, 0, 0])  # fmt: skip
    assert _player().decide(v) == expected


@pytest.mark.parametrize(
    ("owner", "cash", "sq", "expected"),
    [
        ({}, 600, BOARDWALK, G.BUY),  # $200 left after the price
        ({}, 599, BOARDWALK, G.DECLINE),
        ({PARK_PLACE: 0}, 400, BOARDWALK, G.BUY),  # completes a group, the price in hand
        ({READING: 0, PENNSYLVANIA_RR: 0, BO_RR: 0}, 200, SHORT_LINE, G.BUY),  # the fourth railroad
        ({READING: 0, PENNSYLVANIA_RR: 0}, 200, SHORT_LINE, G.DECLINE),
    ],
)
def test_buys_with_200_left_or_to_complete_a_group(owner, cash, sq, expected):
    v = _view(owner, {G.BUY, G.DECLINE}, phase="buy", buy=sq, cash=[cash, 1500, 1500, 1500])
    assert _player().decide(v) == expected


def test_short_of_a_groups_last_lot_it_mortgages_one_lot_that_covers_the_price_and_is_not_alone():
    # Baltic ($60) completes brown; Reading is my only railroad (lone), Oriental's mortgage ($50) is
    # short of the price, Kentucky and Indiana ($110 each) cover it: the first by name
    owner = {MEDITERRANEAN: 0, READING: 0, ORIENTAL: 0, VERMONT: 0, KENTUCKY: 0, INDIANA: 0}
    legal = {G.DECLINE} | {G.MORTGAGE_BASE + s for s in (READING, ORIENTAL, VERMONT, KENTUCKY, INDIANA)}
    v = _view(owner, legal, phase="buy", buy=BALTIC, cash=[50, 1500, 1500, 1500])
    assert _player().decide(v) == G.MORTGAGE_BASE + INDIANA
    # a lot that does not complete a group is left to the auction
    v = dataclasses.replace(v, buy=PARK_PLACE)
    assert _player().decide(v) == G.DECLINE


def _auction(sq, high, least, cash, owner=None, leader=1):
    legal = {G.PASS} | {G.BID_TO_BASE + x for x in range(least, cash + 1)}
    auction = {"item": "property", "square": sq, "high_bid": high, "leader": leader, "min_bid": least,
               "bidders": [0, 1], "active": [True, True]}  # fmt: skip
    return _view(owner or {}, legal, phase="auction", auction=auction, cash=[cash, 1500, 1500, 1500])


@pytest.mark.parametrize(
    ("high", "least", "cash", "owner", "expected"),
    [
        (100, 101, 500, None, 150),  # half-way to the price ($200)
        (150, 151, 500, None, 175),
        (199, 200, 500, None, 200),  # half a dollar over rounds down, below the least bid
        (100, 101, 150, None, None),  # half-way is not below its cash
        (200, 201, 600, None, None),  # at the price, and no group to make
        (200, 201, 600, {READING: 0, PENNSYLVANIA_RR: 0, BO_RR: 0}, 300),  # a quarter of the way to its cash
    ],
)
def test_bids_half_way_to_the_price_and_past_it_only_for_a_group(high, least, cash, owner, expected):
    v = _auction(SHORT_LINE, high, least, cash, owner)
    assert _player().decide(v) == (G.PASS if expected is None else G.BID_TO_BASE + expected)


def test_builds_between_turns_where_the_added_rent_less_the_cost_is_most_and_never_on_its_own_turn():
    owner = {PARK_PLACE: 0, BOARDWALK: 0}
    legal = {G.PASS, G.BUILD_BASE + PARK_PLACE, G.BUILD_BASE + BOARDWALK}
    # Park Place: 175 - 2 x 35 - 200 = -95; Boardwalk: 200 - 2 x 50 - 200 = -100
    v = _view(owner, legal, phase="between-turns", turn_player=1, cash=[200, 1500, 1500, 1500])
    assert _player().decide(v) == G.BUILD_BASE + PARK_PLACE
    # no reserve: a house whose cost is in hand, not one more
    assert _player().decide(dataclasses.replace(v, cash=[199, 1500, 1500, 1500])) == G.PASS
    own_turn = _view(owner, legal | {G.ROLL}, phase="roll", turn_player=0, cash=[2000, 1500, 1500, 1500])
    assert _player().decide(own_turn) == G.ROLL


@pytest.mark.parametrize(
    ("me", "turn", "players", "moves"), [(1, 0, 4, 2), (2, 0, 4, 2), (3, 0, 4, 1), (1, 0, 2, 3)]
)
def test_makes_as_many_moves_in_another_players_turn_as_gnome_asks_of_it(me, turn, players, moves):
    # six out-of-turn moves a turn, going round the players from the one after the turn's
    owner = {MEDITERRANEAN: me, BALTIC: me}
    legal = {G.PASS, G.BUILD_BASE + MEDITERRANEAN, G.BUILD_BASE + BALTIC}
    cash = [1500] * players
    v = _view(owner, legal, me=me, players=players, phase="between-turns", turn_player=turn, cash=cash)
    player = _player()
    answers = [player.decide(v) for _ in range(4)]
    assert answers.count(G.PASS) == 4 - moves and G.PASS not in answers[:moves]


def test_lifts_the_first_mortgage_by_name_that_leaves_200():
    owner = {KENTUCKY: 0, READING: 0}
    mortgaged = [False] * 40
    mortgaged[KENTUCKY] = mortgaged[READING] = True
    legal = {G.PASS, G.UNMORTGAGE_BASE + KENTUCKY, G.UNMORTGAGE_BASE + READING}
    # Kentucky comes first by name and costs 110 x 1.1 = 121; Reading 100 x 1.1 = 110
    v = _view(owner, legal, phase="between-turns", turn_player=1, mortgaged=mortgaged, cash=[321, 0, 0, 0])
    assert _player().decide(v) == G.UNMORTGAGE_BASE + KENTUCKY
    v = dataclasses.replace(v, cash=[320, 0, 0, 0])
    assert _player().decide(v) == G.UNMORTGAGE_BASE + READING
    v = dataclasses.replace(v, cash=[309, 0, 0, 0])
    assert _player().decide(v) == G.PASS


def _offers(owner, cash):
    v = _view(owner, (), phase="roll", turn_player=0, cash=cash, trading=True)
    return _player().trade_offers(v)


def test_short_of_200_it_offers_each_partner_the_lone_lot_that_completes_their_group():
    # player 1 lacks my Baltic for brown; player 2 lacks my Connecticut for light blue
    owner = {BALTIC: 0, MEDITERRANEAN: 1, CONNECTICUT: 0, ORIENTAL: 2, VERMONT: 2}
    # 1.5 x $120 = $180 from player 2, but half their $1,000 is more: $500 (the dearer first);
    # 1.5 x $60 = $90 from player 1, but half their $300 is more: $150
    assert _offers(owner, [150, 300, 1000, 1000]) == [(2, [CONNECTICUT], -500), (1, [BALTIC], -150)]
    # never more than the partner holds: 1.5 x $120 = $180 is over player 2's $170
    assert _offers(owner, [150, 300, 170, 1000]) == [(1, [BALTIC], -150)]


def test_with_200_it_swaps_lone_lots_with_a_partner_or_else_buys_at_1_125_times_the_price():
    # player 1's lone Connecticut completes my light blue, my lone Illinois their red: swap, paying
    # 0.75 x $120 = $90 and asking max(1.5 x $240, half their cash $500) = $500
    owner = {ORIENTAL: 0, VERMONT: 0, ILLINOIS: 0, CONNECTICUT: 1, KENTUCKY: 1, INDIANA: 1}
    assert _offers(owner, [1000, 1000, 0, 0]) == [(1, [CONNECTICUT, ILLINOIS], 90 - 500)]
    # nothing they can pay for to give: 1.5 x 0.75 x $400 = $450 for Boardwalk while over $100 stays
    owner = {PARK_PLACE: 0, BOARDWALK: 1}
    assert _offers(owner, [551, 0, 0, 0]) == [(1, [BOARDWALK], 450)]
    assert _offers(owner, [550, 0, 0, 0]) == []
    # under $200 it only sells
    assert _offers(owner, [199, 0, 0, 0]) == []


def test_two_holders_of_a_two_lot_group_offer_to_swap_its_lots_as_gnome_does():
    # GNOME's quirk, kept: each lone brown lot "completes" the other's group, so the swap is offered
    # (and taken), at 0.75 x $60 = $45 against half the partner's cash
    owner = {BALTIC: 0, MEDITERRANEAN: 1}
    assert _offers(owner, [1000, 1000, 0, 0]) == [(1, [MEDITERRANEAN, BALTIC], 45 - 500)]


def _reply(trade_squares, cash, owner, my_cash, mortgaged=()):
    m = [False] * 40
    for sq in mortgaged:
        m[sq] = True
    trade = {"proposer": 1, "partner": 0, "squares": sorted(trade_squares), "cash": cash, "cards": []}
    v = _view(owner, {G.ACCEPT, G.REJECT}, phase="trade-reply", trade=trade, mortgaged=m,
              cash=[my_cash, 1500, 1500, 1500])  # fmt: skip
    return _player().decide(v)


@pytest.mark.parametrize(
    ("squares", "cash", "owner", "my_cash", "mortgaged", "expected"),
    [
        ([BOARDWALK], 0, {BOARDWALK: 0}, 1000, (), G.REJECT),  # something for nothing
        ([BOARDWALK], 1, {BOARDWALK: 0}, 1000, (), G.ACCEPT),  # no group lost, $200 stays: taken
        ([BOARDWALK], 1, {BOARDWALK: 0}, 198, (), G.REJECT),  # under $200 and a loss by prices
        ([KENTUCKY, ILLINOIS], 0, {KENTUCKY: 0, ILLINOIS: 1}, 150, (), G.ACCEPT),  # under $200, a gain
        ([KENTUCKY, INDIANA], 0, {KENTUCKY: 0, INDIANA: 1}, 150, (), G.REJECT),  # under $200, even
        ([ILLINOIS], -50, {ILLINOIS: 1}, 150, (), G.ACCEPT),
        ([ILLINOIS], -50, {ILLINOIS: 1}, 149, (), G.REJECT),  # under $100 after
        ([BOARDWALK], 1, {BOARDWALK: 0}, 1000, (BOARDWALK,), G.REJECT),  # mortgaged
        ([BOARDWALK], 500, {BOARDWALK: 0, PARK_PLACE: 0}, 1000, (), G.REJECT),  # breaks my group
        ([BALTIC], -900, {MEDITERRANEAN: 0, BALTIC: 1}, 1000, (), G.ACCEPT),  # makes a group
        ([BALTIC], -1000, {MEDITERRANEAN: 0, BALTIC: 1}, 1000, (), G.REJECT),  # all its cash
    ],
)
def test_answers_offers_as_gnome_does(squares, cash, owner, my_cash, mortgaged, expected):
    assert _reply(squares, cash, owner, my_cash, mortgaged) == expected


def test_raises_money_by_mortgage_when_that_covers_the_debt_else_outside_its_groups_then_houses():
    owner = {MEDITERRANEAN: 0, BALTIC: 0, READING: 0, KENTUCKY: 0}
    level = [0] * 40
    level[MEDITERRANEAN] = level[BALTIC] = 1
    legal = {G.MORTGAGE_BASE + READING, G.MORTGAGE_BASE + KENTUCKY, G.SELL_BASE + MEDITERRANEAN,
             G.SELL_BASE + BALTIC, G.BANKRUPT}  # fmt: skip
    v = _view(owner, legal, phase="debt", level=level, cash=[0, 0, 0, 0], debt=150)
    # the two mortgages raise $210: the cheapest first
    assert _player().decide(v) == G.MORTGAGE_BASE + READING
    # they cannot cover $300: the cheapest lot outside a group, by price (Reading $200 < Kentucky)
    assert _player().decide(dataclasses.replace(v, debt=300)) == G.MORTGAGE_BASE + READING
    # nothing left outside the groups: the cheapest group's houses, first lot by name
    only_houses = {G.SELL_BASE + MEDITERRANEAN, G.SELL_BASE + BALTIC, G.BANKRUPT}
    v = dataclasses.replace(v, debt=300, _legal=frozenset(only_houses))
    assert _player().decide(v) == G.SELL_BASE + BALTIC


def test_gnome_plays_whole_games_through_the_simulator():
    result = simulate.run(
        {"players": ["hard", "gnome-v3", "gnome-v3"], "games": 3, "seed": 7, "max_turns": 80}
    )
    assert [p["name"] for p in result["players"]] == ["hard", "gnome-v3", "gnome-v3"]
    assert result["core"] == "engine" and sum(p["wins"] for p in result["players"]) == pytest.approx(3)
    assert "gnome-v3" not in ai.LEVELS  # a benchmark, not a level the TV offers
    assert R.GO_SALARY == gnome.GO_INCREMENT
