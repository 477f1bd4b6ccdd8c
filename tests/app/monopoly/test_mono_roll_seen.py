"""The roll is seen: the dice land in the overview with their total (and doubles in words), then
the close-up follows the token, and the decision it lands on shows only when it arrives."""

from __future__ import annotations

from mono_driver import board, throw

from app.app import Headless
from app.match import TurnStarted
from app.screens.monopoly import game as mono_game
from app.screens.monopoly.scenes import _human, _round
from engines.monopoly import game as G

ROLL_AT_40 = _human(G.P_ROLL, _round(40))
"""Player 1 on Indiana Avenue (23), to roll."""


def _drawn(h: Headless) -> list[str]:
    h.render()
    return [run.text for run in h.app.text.runs if not run.covered]


def _landed(h: Headless, game) -> None:
    h.advance(game.match.rules.pace.settle_s * 1000 + 100)


def test_the_dice_land_in_view_with_their_total_before_the_token_walks(tmp_path):
    with board(tmp_path, ROLL_AT_40) as (h, game):
        start = game.state.pos[0]
        throw(h, game, 3 * 6 + 1, hold_ms=300)  # 4 and 2
        assert not game.closeup and game.rows() == []  # the dice first, in the overview
        _landed(h, game)
        assert not game.closeup and game.dice_rects
        assert "4 + 2 = 6." in _drawn(h)
        assert game.rows() == []
        h.advance(mono_game.LAND_S * 1000)
        assert game.closeup and game.walking  # now the view follows the token
        assert game.rows() == [] and "Player 1 threw 4 + 2 = 6." in " ".join(_drawn(h))
        h.advance(mono_game.STEP_S * 1000 * 8 + 200)
        assert not game.walking and game.state.pos[0] == (start + 6) % 40
        assert game.rows() or game.computer_turn  # the decision waited for the token


def test_doubles_are_said_in_words(tmp_path):
    with board(tmp_path, ROLL_AT_40, "hd-720") as (h, game):
        throw(h, game, 4 * 6 + 4)  # 5 and 5
        _landed(h, game)
        assert "5 + 5 = 10. Doubles!" in _drawn(h)


def test_a_throw_that_ends_the_turn_is_shown_before_the_next_turn(tmp_path):
    """4 + 3 from Indiana Avenue lands on Go to Jail: the turn is over at once in the engine, but
    the next player waits until the dice and the walk have been seen."""
    with board(tmp_path, ROLL_AT_40) as (h, game):
        assert game.state.pos[0] == 23
        started: list[TurnStarted] = []
        game.match.subscribe(lambda e: started.append(e) if isinstance(e, TurnStarted) else None)
        throw(h, game, 3 * 6 + 2)
        assert game.state.in_jail[0]
        _landed(h, game)
        assert "4 + 3 = 7." in _drawn(h) and not started
        h.advance(mono_game.LAND_S * 1000 + mono_game.STEP_S * 1000 * 3)
        assert game.closeup and game.walking and not started
        h.advance(mono_game.STEP_S * 1000 * 6 + 200)
        assert not game.walking and [e.player for e in started] == [1]  # once the walk is seen
