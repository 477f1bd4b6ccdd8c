"""The results screen's figures after the game-ending bankruptcy (issue 34): the winner's total worth
is drawn after the 10% paid on the mortgages handed over."""

from __future__ import annotations

import numpy as np

from app.app import Headless
from app.screens.monopoly import look
from app.screens.monopoly.game import GameScreen
from app.screens.monopoly.modals import ManageScreen, ResultsScreen
from app.screens.monopoly.scenes import _home, _seats
from engines.monopoly import rules as R
from remote.buttons import Button
from tests.engines.monopoly.game_helpers import SQ, act, at, build, give, new_state, set_cash, throw
from tests.engines.monopoly.test_game_last_bankruptcy import winner_short_of_the_interest


def test_the_results_show_the_winners_worth_after_the_interest(tmp_path):
    s = new_state()
    give(s, 0, "Reading Railroad", "Short Line")
    for name in ("Reading Railroad", "Short Line"):
        s.mortgaged[SQ[name]] = True
    give(s, 1, "Park Place", "Boardwalk")
    build(s, "Park Place", R.HOTEL_LEVEL)
    build(s, "Boardwalk", R.HOTEL_LEVEL)
    set_cash(s, 0, 10)
    at(s, 0, 36)
    throw(s, 1, 2)  # Boardwalk with a hotel: P1 is bankrupt to P2
    act(s, "bankrupt")
    assert s.is_terminal()
    cash = R.STARTING_CASH + 10 - 2 * 10  # $10 on each $100 railroad mortgage
    settled = cash + 2 * 200 + 350 + 400 + 2 * 5 * 200
    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path, home=False)
    try:
        h.app.push(ResultsScreen(s, _seats(2)))
        h.render()
        texts = [r.text for r in h.app.text.runs if not r.covered]
        assert look.money(settled) in texts and look.money(0) in texts
        assert look.money(settled + 20) not in texts  # the figure before the interest
    finally:
        h.close()


def test_a_winner_short_of_the_interest_raises_it_by_remote_then_sees_the_results(tmp_path):
    s = winner_short_of_the_interest()  # P2 holds $5 and owes $10 on the railroad handed over
    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path, home=False)
    try:
        _home(h.app)
        game = GameScreen(s, _seats(2, humans=2), np.random.default_rng(1), [1, 2])
        game.inline = True
        h.app.push(game)
        h.settle()
        h.render()
        assert "You owe $10 to the bank" in [r.text for r in h.app.text.runs if not r.covered]
        h.press(Button.SELECT)  # Raise money
        assert isinstance(h.top, ManageScreen)
        h.press(Button.SELECT)  # mortgage Oriental Avenue, the first lot that can be
        h.settle()
        assert isinstance(h.top, ResultsScreen) and s.mortgaged[SQ["Oriental Avenue"]]
        h.render()
        worth = 5 + 50 - 10 + 200 + 100 + 350 + 400 + 2 * 5 * 200
        assert look.money(worth) in [r.text for r in h.app.text.runs if not r.covered]
    finally:
        h.close()
