"""Hypothesis: money is conserved and the 32 houses and 12 hotels are all accounted for, always."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core import load_game, sample_chance
from engines.monopoly.game import (
    BUILD_BASE,
    BUY,
    MORTGAGE_BASE,
    PLACE_BASE,
    SELL_BASE,
    UNMORTGAGE_BASE,
    MonopolyState,
)
from tests.engines.monopoly.game_helpers import build, buildings_balance, give, money_balances, set_cash


@settings(max_examples=15)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    jackpot=st.booleans(),
    cards=st.sampled_from(["deck", "uniform"]),
    crowded=st.booleans(),
)
def test_money_and_buildings_balance_after_every_action(
    seed: int, players: int, jackpot: bool, cards: str, crowded: bool
) -> None:
    """``crowded`` starts with most of the bank's houses on the board and groups to build on for
    two players, so that shortages, building auctions and hotel break-downs come up."""
    game = load_game("monopoly", num_players=players, max_turns=25, free_parking_jackpot=jackpot, cards=cards)
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    if crowded:
        crowd(state)
    turns = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            # Lean towards buying and building so that the bank runs short of houses in many games.
            eager = [a for a in legal if a == BUY or BUILD_BASE <= a < SELL_BASE or a >= PLACE_BASE]
            pool = eager if eager and rng.random() < 0.7 else legal
            state.apply_action(pool[int(rng.integers(len(pool)))])
        # the players' cash and the pot against what the bank paid out and took in
        assert money_balances(state)
        assert buildings_balance(state)
        assert min(state.cash) >= 0
        turns = state.stats["turns"]
    assert turns > 0


def crowd(state: MonopolyState) -> None:
    give(state, 0, "Pacific Avenue", "North Carolina Avenue", "Pennsylvania Avenue", "Kentucky Avenue",
         "Indiana Avenue", "Illinois Avenue", "Park Place", "Boardwalk")  # fmt: skip
    give(state, 1, "Mediterranean Avenue", "Baltic Avenue", "Oriental Avenue", "Vermont Avenue",
         "Connecticut Avenue")  # fmt: skip
    for name in ("Pacific Avenue", "North Carolina Avenue", "Pennsylvania Avenue", "Kentucky Avenue",
                 "Indiana Avenue", "Illinois Avenue"):  # fmt: skip
        build(state, name, 4)
    build(state, "Park Place", 5)
    build(state, "Boardwalk", 5)
    set_cash(state, 0, 3000)
    set_cash(state, 1, 3000)


def managing_by_the_rules(state: MonopolyState, player: int, full: bool) -> list[int]:
    """The managing actions as the can_* rules define them (legal_actions computes them inline)."""
    actions = []
    for sq in range(40):
        if state.can_sell(player, sq):
            actions.append(SELL_BASE + sq)
        if full and state.can_build(player, sq):
            actions.append(BUILD_BASE + sq)
        if state.can_mortgage(player, sq):
            actions.append(MORTGAGE_BASE + sq)
        if full and state.can_unmortgage(player, sq):
            actions.append(UNMORTGAGE_BASE + sq)
    return sorted(actions)


@settings(max_examples=8)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_fast_managing_actions_match_the_rules(seed: int) -> None:
    state = load_game("monopoly", num_players=3, max_turns=12).new_initial_state()
    crowd(state)
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        player = state.current_player()
        for full in (True, False):
            fast: list[int] = []
            state._manage(player, fast, full)
            expected = managing_by_the_rules(state, player, full)
            assert sorted(a for a in fast if a >= BUILD_BASE) == expected
        legal = state.legal_actions()
        eager = [a for a in legal if BUILD_BASE <= a < SELL_BASE or a >= PLACE_BASE]
        pool = eager if eager and rng.random() < 0.5 else legal
        state.apply_action(pool[int(rng.integers(len(pool)))])
