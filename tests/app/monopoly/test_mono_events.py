"""Every event said with its reason, when the token arrives, and kept: the history page (6)."""

from __future__ import annotations

from mono_driver import board, throw

from app.screens.monopoly import game as mono_game
from app.screens.monopoly.events import describe
from app.screens.monopoly.look import money, player_name, square_name
from app.screens.monopoly.modals import HistoryScreen
from app.screens.monopoly.scenes import _human, _round, _seats, play_until
from engines.monopoly import game as G
from remote.buttons import Button

ROLL_AT_40 = _human(G.P_ROLL, _round(40))


def _name(p: int) -> str:
    return player_name(_seats(4), p)


def test_a_purchase_and_a_mortgage_are_said_with_their_square_and_money():
    state, _ = play_until(1, 4, _human(G.P_BUY))
    square = state.pending_buy
    before = state.to_dict(0)
    state.apply_action(G.BUY)
    lines = describe(before, state.to_dict(0), 0, _name, rolled=False)
    paid = before["players"][0]["cash"] - state.cash[0]
    assert paid > 0
    assert lines == [f"Player 1 buys {square_name(square)} for {money(paid)}."]
    before = state.to_dict(0)
    state.apply_action(G.MORTGAGE_BASE + square)
    lines = describe(before, state.to_dict(0), 0, _name, rolled=False)
    raised = money(state.cash[0] - before["players"][0]["cash"])
    assert lines == [f"Player 1 mortgages {square_name(square)} ({raised})"]


def test_rent_is_said_with_its_square_once_the_token_arrives_and_kept(tmp_path):
    """1 + 2 from Indiana Avenue lands on Atlantic Avenue, Computer 2's."""
    with board(tmp_path, ROLL_AT_40) as (h, game):
        throw(h, game, 0 * 6 + 1)
        said = "Rent for Atlantic Avenue to Computer 2: Player 1 pays $22."
        h.advance(game.match.rules.pace.settle_s * 1000 + mono_game.LAND_S * 1000 + 100)
        assert game.walking and said not in game.history and not game.message  # not before it arrives
        h.advance(mono_game.STEP_S * 1000 * 5)
        assert not game.walking and game.history[-2:] == ["Player 1 threw 1 + 2 = 3.", said]
        h.render()
        drawn = " ".join(run.text for run in h.app.text.runs if not run.covered)
        assert "Rent for Atlantic Avenue" in drawn  # beside the decision, in the close-up
        h.advance(mono_game.FLASH_S * 1000 + 500)
        assert game.message == said  # the line stays after the cash stops flashing
        h.press(Button.DIGIT_6)
        page = h.top
        assert isinstance(page, HistoryScreen) and page.lines[0] == said  # newest first
        h.press(Button.BACK)
        assert h.top is game


def test_the_history_keeps_the_last_thirty_lines(tmp_path):
    with board(tmp_path, ROLL_AT_40, "hd-720") as (_, game):
        game.add_history([f"line {k}" for k in range(45)])
        assert game.history == [f"line {k}" for k in range(15, 45)]


def test_after_paying_the_jail_fine_the_cursor_is_on_roll(tmp_path):
    with board(tmp_path, _human(G.P_ROLL, lambda s: s.in_jail[0])) as (h, game):
        fine = next(i for i, r in enumerate(game.rows()) if r.action == G.PAY_FINE)
        for _ in range(fine):
            h.press(Button.DOWN)
        h.press(Button.SELECT)
        assert not game.state.in_jail[0]
        assert game.rows()[game.row].action == G.ROLL


def test_start_stays_on_the_set_up_screen_when_four_seats_push_the_rows_down(tmp_path):
    from app.app import Headless
    from app.screens.monopoly.setup import SetupScreen

    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path, home=False)
    try:
        setup = SetupScreen()
        h.app.push(setup)
        h.app.step()
        h.keys("DOWN,RIGHT,RIGHT")  # from Start round to Players: 4
        assert setup.choice.count == 4 and setup.rows()[setup.focus] == "count"
        h.render()
        drawn = [run.text for run in h.app.text.runs if not run.covered]
        assert "Players" in drawn and "Start the game" in drawn
    finally:
        h.close()
