"""Monopoly with two phones and the remote in real headless Chromium: a trade composed on Ann's
phone and accepted on Bob's, then the game played to its end (from a near-the-end position)."""

from __future__ import annotations

import os
import time

import numpy as np
import pytest

from app.match import PlayerSpec
from app.phones.service import PhoneService
from engines.core import load_game
from engines.monopoly import game as G
from engines.monopoly import rules as R
from tests.app.phones.helpers import Pump

BALTIC = 3
PREFERRED = ("bankrupt", "roll", "end turn", "pass", "decline", "pay fine")
"""What the players tap, first listed first: a short game."""


def near_the_end() -> G.MonopolyState:
    """Ann owns every property but Baltic Avenue (Bob's), a hotel on twelve streets and $5,000;
    Bob and Cy have $1 each: the first rent they owe ends them."""
    game = load_game("monopoly", num_players=3)
    data = game.new_initial_state().to_dict(None)
    hotels = 0
    for square, facts in enumerate(G._BOARD):
        if facts.is_property:
            data["owner"][square] = 0
            if facts.kind == "street" and square > 5 and hotels < R.BANK_HOTELS:
                data["level"][square] = R.HOTEL_LEVEL
                hotels += 1
    data["owner"][BALTIC] = 1
    data["bank_hotels"] = R.BANK_HOTELS - hotels
    data["cash"] = [5000, 1, 1]
    data["bank_out"] = sum(data["cash"]) - 3 * game.starting_cash
    return G.MonopolyState.from_dict(game, data)


@pytest.fixture
def table(tmp_path):
    from app.app import Headless
    from app.screens.monopoly.game import GameScreen
    from app.screens.monopoly.look import Seat

    box = Headless(data_dir=tmp_path)
    seats = [Seat(PlayerSpec(name=name), n, n) for n, name in enumerate(("Ann", "Bob", "Cy"))]
    box.app.push(GameScreen(near_the_end(), seats, np.random.default_rng(5), [1, 2, 3]))
    service = PhoneService(box.app, "127.0.0.1", 0).start()
    box.advance(50)
    yield box, service
    box.close()


def tap(page, text: str) -> None:
    page.get_by_role("button", name=text, exact=True).click()


def test_two_phones_and_the_remote_play_monopoly_to_the_end_with_a_trade(table, phone):
    box, service = table
    match = box.top.match
    ann, bob = phone.new(), phone.new()
    with Pump(box) as pump:
        for page, seat in ((ann, "Seat 1: Ann"), (bob, "Seat 2: Bob")):
            page.goto(service.url)
            page.get_by_role("button", name=seat).click()
        pump.until(lambda: len(service.connected()) == 2, "both phones seated")
        ann.get_by_text("Your turn").wait_for()
        tap(ann, "trade with P2")
        tap(ann, "toggle Baltic Avenue")
        tap(ann, "give $100")
        ann.get_by_text("offer to Player 2").wait_for()
        assert "offer" not in (bob.locator("#private").inner_text()).lower()  # still Ann's own draft
        tap(ann, "propose")
        bob.get_by_text("offer from Player 1").wait_for()
        if shots := os.environ.get("TVGAMES_PHONE_SHOTS"):  # docs/screenshots, made again on demand
            bob.screenshot(path=os.path.join(shots, "phone-monopoly-trade-en.png"))
        tap(bob, "accept")
        pump.until(lambda: match.state.owner[BALTIC] == 0, "Baltic Avenue to change hands")
        assert pump.call(lambda: match.state.cash[:2]) == [4900, 101]
        ann.locator(".deed span", has_text="Baltic Avenue").wait_for()  # among Ann's deeds now
        pages = {0: ann, 1: bob}
        deadline = time.monotonic() + 90
        while not pump.call(lambda: match.state.is_terminal()):
            assert time.monotonic() < deadline, "the game did not end"
            actor, texts, move = pump.call(lambda: _turn(service, match))
            if actor is None:
                time.sleep(0.05)
                continue
            pick = next((text for text in PREFERRED if text in texts), texts[0])
            if actor == 2:  # Cy plays from the remote: 2 rolls, SELECT takes the screen's offer
                keys = "2:hold=300" if pick == "roll" else "SELECT"
                pump.call(lambda keys=keys: box.keys(keys))
            else:  # on the view of this very position, so the tap is never a stale one
                pages[actor].locator(f'#status[data-move="{move}"]').wait_for()
                tap(pages[actor], pick)
            try:
                pump.until(lambda move=move: service.move != move, "the move to land", limit_s=1)
            except AssertionError:
                pass  # a remote key the screen took for itself (closing a presentation): ask again
        ann.get_by_text("Game over").wait_for()
    assert match.state.winners() == [0]
    assert match.state.stats["trades"] == 1


def _turn(service, match):
    if match.actor is None or not service._may_act(match):
        return None, [], service.move
    state = match.state
    return match.actor, [state.action_to_string(a) for a in state.legal_actions()], service.move
