"""The decision rows offer every legal move and nothing else; the board's squares tile its ring."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from app.i18n import set_language
from app.screens.monopoly.board_view import board_cells
from app.screens.monopoly.choices import cash_steps, choices, managing
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
