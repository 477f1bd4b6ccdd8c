"""Every event said with its reason, when the token arrives, and kept: the history page (6)."""

from __future__ import annotations

from app.app import Headless
from app.screens.monopoly import game as mono_game
from app.screens.monopoly.events import describe
from app.screens.monopoly.look import money, player_name, square_name
from app.screens.monopoly.modals import HistoryScreen
from app.screens.monopoly.scenes import _human, _round, _seats, board_at, play_until
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
    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path, home=False)
    h.settle_workers = True
    try:
        game = board_at(h.app, 1, ROLL_AT_40)
        h.app.step()
        h.app.pipeline.push_key(Button.DIGIT_2, True, h.clock.now, source="script")
        h.app.step()
        game._stop_shaking()
        game.match.act(G.ROLL, outcomes=(0 * 6 + 1,))
        said = "Rent for Atlantic Avenue to Computer 2: Player 1 pays $22."
        h.advance(game.match.rules.pace.settle_s * 1000 + mono_game.LAND_S * 1000 + 100)
        assert game._walk and said not in game.history and not game.message  # not before it arrives
        h.advance(mono_game.STEP_S * 1000 * 5)
        assert not game._walk and game.history[-2:] == ["Player 1 threw 1 + 2 = 3.", said]
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
    finally:
        h.close()


def test_the_history_keeps_the_last_thirty_lines(tmp_path):
    h = Headless(profile="hd-720", lang="en", data_dir=tmp_path, home=False)
    try:
        game = board_at(h.app, 1, ROLL_AT_40)
        game._log([f"line {k}" for k in range(45)])
        assert game.history == [f"line {k}" for k in range(15, 45)]
    finally:
        h.close()


def test_after_paying_the_jail_fine_the_cursor_is_on_roll(tmp_path):
    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path, home=False)
    h.settle_workers = True
    try:
        game = board_at(h.app, 1, _human(G.P_ROLL, lambda s: s.in_jail[0]))
        h.app.step()
        rows = game.rows()
        fine = next(i for i, r in enumerate(rows) if r.action == G.PAY_FINE)
        for _ in range(fine):
            h.press(Button.DOWN)
        h.press(Button.SELECT)
        assert not game.state.in_jail[0]
        assert game.rows()[game.row].action == G.ROLL
    finally:
        h.close()
