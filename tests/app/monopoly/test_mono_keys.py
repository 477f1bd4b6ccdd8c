"""Amounts typed with the digit keys (an auction bid, a trade's cash), the starting cash row of the
set-up, and the between-turns window a human asks for with 3."""

from __future__ import annotations

import json

from mono_driver import Driver, digit_keys, human_policy

from app.app import Headless
from app.match import Acted
from app.screens.monopoly.game import GameScreen
from app.screens.monopoly.scenes import _human, board_at
from engines.monopoly import game as G
from remote.buttons import Button

AUCTION = _human(G.P_AUCTION, lambda s: s.auction[5] > 0)


def _board(tmp_path, until, players: int = 4) -> tuple[Headless, GameScreen, list[Acted]]:
    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path, home=False)
    h.settle_workers = True
    game = board_at(h.app, 1, until, players)
    acted: list[Acted] = []
    game.match.subscribe(lambda e: acted.append(e) if isinstance(e, Acted) else None)
    h.app.step()
    return h, game, acted


def _type(h: Headless, amount: int) -> None:
    for key in digit_keys(amount):
        h.press(key)


def test_a_bid_is_typed_with_the_digit_keys_and_stepped_with_the_arrows(tmp_path):
    h, game, acted = _board(tmp_path, AUCTION)
    try:
        high, cash = game.state.auction[5], game.state.cash[0]
        row = game.rows()[0]
        assert (row.entry, row.amount, row.low, row.high) == ("bid", high + 1, high + 1, cash)
        assert game.entry_row() == row and game.row == 0
        _type(h, 5)  # below the least bid: SELECT does nothing yet
        assert game.rows()[0].amount == 5 and game.rows()[0].action is None
        h.press(Button.SELECT)
        assert game.state.phase == G.P_AUCTION and game.match.actor == 0 and not acted
        amount = high + 27
        h.press(Button.BACK)  # takes the 5 off: $0
        _type(h, amount)
        assert game.rows()[0].amount == amount
        _type(h, 0)  # ten times as much is more than the bidder has: refused
        assert game.rows()[0].amount == amount
        h.press(Button.RIGHT)  # $10 more
        h.press(Button.RIGHT)
        h.press(Button.LEFT)  # $10 less
        assert game.rows()[0].amount == amount + 10 and game.fresh
        _type(h, 9)  # after a step the next digit starts a new amount
        assert game.rows()[0].amount == 9
        h.press(Button.LEFT)  # never below the least bid
        assert game.rows()[0].amount == high + 1
        h.press(Button.DOWN)  # the raise rows are still there
        assert game.rows()[game.row].action == G.BID_BASE and game.entry_row() is None
        h.press(Button.UP)
        _type(h, amount)
        h.press(Button.SELECT)
        assert acted[0].player == 0 and acted[0].action == G.BID_TO_BASE + amount
    finally:
        h.close()


def test_a_trades_cash_is_typed_with_the_digit_keys(tmp_path):
    at_roll = _human(G.P_ROLL, lambda s: G.TRADE_WITH_BASE + 1 in s.legal_actions() and s.cash[1] >= 5)
    h, game, _ = _board(tmp_path, at_roll)
    try:
        rows = game.rows()
        index = next(i for i, r in enumerate(rows) if r.action == G.TRADE_WITH_BASE + 1)
        while game.row != index:
            h.press(Button.DOWN)
        h.press(Button.SELECT)
        assert game.state.phase == G.P_TRADE

        def go_to(entry: str) -> None:
            while game.rows()[game.row].entry != entry:
                h.press(Button.DOWN)

        go_to("give")
        amount = min(120, game.state.cash[0])
        _type(h, amount)
        assert game.state.trade[3] == amount  # in the offer at once
        assert "pay" in game.prompt(game.obs())
        go_to("ask")
        _type(h, 5)
        assert game.state.trade[3] == -5 and game.rows()[game.row].value == "$5"
        assert [r.value for r in game.rows() if r.entry == "give"] == ["$0"]
        h.press(Button.BACK)  # the last digit off
        assert game.state.trade[3] == 0 and game.state.phase == G.P_TRADE
        _type(h, game.state.cash[1] * 10)  # the last digit would ask more than they have
        assert game.state.trade[3] == -game.state.cash[1]
        h.press(Button.SELECT)  # the cash is in: back to the top, Propose
        assert game.row == 0 and game.rows()[0].action == G.PROPOSE
    finally:
        h.close()


def _play_until(driver: Driver, done, limit: int = 2_000) -> None:
    """The driver plays (the computers skipped, the human by its policy) until ``done()``."""
    for _ in range(limit):
        if done():
            return
        driver.step()
    raise AssertionError("the moment never came")


def test_three_books_the_window_between_turns_for_a_human(tmp_path):
    computer_rolls = lambda s: s.turn == 1 and s.phase == G.P_ROLL  # noqa: E731
    h, game, acted = _board(tmp_path, computer_rolls, players=2)
    try:
        state = game.state
        driver = Driver(h, {0: human_policy(7)})
        assert game.computer_turn and game.floor_candidates() == [0]
        # unasked, the window after the computer's turn is passed for the human
        _play_until(driver, lambda: state.turn == 0 and state.phase == G.P_ROLL)
        assert any(e.player == 0 and e.action == G.PASS for e in acted)
        _play_until(driver, lambda: state.turn == 1 and game.computer_turn)
        h.press(Button.DIGIT_3)
        assert game.booked == [0] and "After this turn: Player 1" in game.prompt(game.obs())
        h.press(Button.DIGIT_3)  # pressed again: nobody
        assert game.booked == []
        h.press(Button.DIGIT_3)
        payload = json.loads(json.dumps(game.save_payload()))
        assert GameScreen.from_payload(payload).booked == [0]
        _play_until(driver, lambda: state.phase == G.P_FLOOR and state.turn == 1)
        h.advance(2000)  # the game waits for the human
        assert state.phase == G.P_FLOOR and game.match.actor == 0 and not game.computer_turn
        rows = game.rows()
        assert rows[0].action == G.PASS and any(r.command == "manage" or r.owner == 1 for r in rows[1:])
        assert "Player 1: trade, build or mortgage" in game.prompt(game.obs())  # after what happened
        h.press(Button.SELECT)  # nothing to do this time
        assert game.booked == [] and state.phase == G.P_ROLL and state.turn == 0
    finally:
        h.close()


def test_the_starting_cash_is_chosen_in_the_set_up_and_saved(tmp_path):
    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path, seed=3)
    try:
        h.top.select_tile("monopoly")
        h.press(Button.SELECT)
        setup = h.top
        while setup.rows()[setup.focus] != "cash":
            h.press(Button.UP)
        assert setup.label("cash") == ("Starting cash", "$1,500")
        h.press(Button.RIGHT)
        assert setup.label("cash")[1] == "$2,000"
        while setup.rows()[setup.focus] != "start":
            h.press(Button.DOWN)
        h.press(Button.SELECT)
        game = h.top
        assert isinstance(game, GameScreen) and game.state.cash == [2_000, 2_000]
        payload = json.loads(json.dumps(game.save_payload()))
        assert GameScreen.from_payload(payload).state.game.starting_cash == 2_000
    finally:
        h.close()
