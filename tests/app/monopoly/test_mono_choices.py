"""The decision rows offer every legal move and nothing else; the board's squares tile its ring."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from app.i18n import set_language
from app.screens.monopoly.board_view import board_cells
from app.screens.monopoly.choices import cash_steps, choices, managing, trade_summary
from app.screens.monopoly.game import make_chooser
from engines.core import sample_chance
from engines.monopoly import game as G


@pytest.mark.parametrize("seed", [1, 2])
def test_rows_are_the_legal_moves(seed):
    set_language("en")
    rng = np.random.default_rng(seed)
    state = G.MonopolyGame(num_players=3).new_initial_state()
    bots = [make_chooser("medium", seed + p) for p in range(3)]
    phases = set()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        p = state.current_player()
        obs = state.to_dict(p)
        legal = set(state.legal_actions())
        rows = choices(obs, lambda q: f"P{q}")
        offered = {r.action for r in rows if r.action is not None}
        assert offered <= legal
        commands = {r.command for r in rows if r.command}
        assert ("manage" in commands) == managing(sorted(legal))
        # the amount rows: the bid row types every legal exact bid, the cash rows the cash steps
        typed = set()
        for r in rows:
            if r.entry == "bid":
                typed |= {G.BID_TO_BASE + x for x in range(r.low, r.high + 1)}
            elif r.entry:
                base = G.CASH_GIVE_BASE if r.entry == "give" else G.CASH_ASK_BASE
                typed |= {base + k for k in range(3)}
        assert {a for a in legal if a >= G.BID_TO_BASE} <= typed
        for action in legal:
            reachable = (
                action in offered
                or action in typed
                or (G.BUILD_BASE <= action < G.TOGGLE_BASE and "manage" in commands)
            )
            assert reachable, (obs["phase"], state.action_to_string(action))
        phases.add(obs["phase"])
        state.apply_action(bots[p](obs))
    assert {"roll", "buy", "after-roll", "auction", "debt"} <= phases


def test_board_cells_ring_the_board():
    board = pygame.Rect(10, 20, 480, 480)
    cells = board_cells(board)
    assert len(cells) == 40
    assert cells[0].bottomright == board.bottomright  # GO
    assert cells[10].bottomleft == board.bottomleft  # Jail
    assert cells[20].topleft == board.topleft  # Free Parking
    assert cells[30].topright == board.topright  # Go to Jail
    for i, a in enumerate(cells):
        assert board.contains(a)
        for b in cells[i + 1 :]:
            assert a.clip(b).w * a.clip(b).h == 0


@pytest.mark.parametrize(("cash", "target"), [(0, 120), (120, 0), (35, -1_234), (-7, 7), (5, 5)])
def test_a_typed_trade_cash_is_reached_by_legal_steps(cash, target):
    state = G.MonopolyGame(num_players=2).new_initial_state()
    state.apply_action(G.TRADE_WITH_BASE + 1)
    state.trade[3] = cash
    for action in cash_steps(cash, target):
        state.apply_action(action)  # each one legal on the way
    assert state.trade[3] == target


def _offer_to_seat_1(owner: dict[int, int], squares: list[int], cash: int) -> dict:
    """Seat 0 proposes ``squares`` and ``cash`` (in $1 steps) to seat 1; seat 1's observation."""
    state = G.MonopolyGame(num_players=2).new_initial_state()
    for sq, p in owner.items():
        state.owner[sq] = p
    for action in [
        G.TRADE_WITH_BASE + 1,
        *(G.TOGGLE_BASE + sq for sq in squares),
        *[G.CASH_GIVE_BASE] * cash,
    ]:
        state.apply_action(action)
    state.apply_action(G.PROPOSE)
    return state.to_dict(1)


def test_an_offer_that_helps_its_proposer_much_more_says_so_plainly():
    set_language("en")
    # Park Place for $1 completes the proposer's dark blue
    unfair = trade_summary(_offer_to_seat_1({39: 0, 37: 1}, [37], 1), lambda q: f"Computer {q + 1}")
    assert unfair == "Computer 1 offers $1 for Park Place; it helps them more than you"
    # a lone lot at its price helps nobody more
    fair = trade_summary(_offer_to_seat_1({1: 1}, [1], 60), lambda q: f"Computer {q + 1}")
    assert fair == "Computer 1 offers $60 for Mediterranean Avenue"
