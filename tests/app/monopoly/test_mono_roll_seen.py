"""The roll is seen: the dice land in the overview with their total (and doubles in words), then
the close-up follows the token, and the decision it lands on shows only when it arrives."""

from __future__ import annotations

from app.app import Headless
from app.match import TurnStarted
from app.screens.monopoly import game as mono_game
from app.screens.monopoly.scenes import _human, _round, board_at
from engines.monopoly import game as G
from remote.buttons import Button

ROLL_AT_40 = _human(G.P_ROLL, _round(40))


def _drawn(h: Headless) -> list[str]:
    h.render()
    return [run.text for run in h.app.text.runs if not run.covered]


def _roll(h: Headless, game, outcome: int = 3 * 6 + 1) -> None:
    """Hold 2 and let it go, with the dice chosen (4 and 2 unless told) so the walk is known."""
    h.app.pipeline.push_key(Button.DIGIT_2, True, h.clock.now, source="script")
    h.app.step()
    h.advance(300)
    game._stop_shaking()
    game.match.act(G.ROLL, outcomes=(outcome,))


def test_the_dice_land_in_view_with_their_total_before_the_token_walks(tmp_path):
    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path, home=False)
    h.settle_workers = True
    try:
        game = board_at(h.app, 1, ROLL_AT_40)
        h.app.step()
        start = game.state.pos[0]
        _roll(h, game)
        assert not game.closeup and game.rows() == []  # the dice first, in the overview
        h.advance(game.match.rules.pace.settle_s * 1000 + 100)
        assert not game.closeup and game._dice_rects
        drawn = _drawn(h)
        assert "4 + 2 = 6." in drawn
        assert game.rows() == []
        h.advance(mono_game.LAND_S * 1000)
        assert game.closeup and game._walk  # now the view follows the token
        assert game.rows() == [] and "Player 1 threw 4 + 2 = 6." in " ".join(_drawn(h))
        h.advance(mono_game.STEP_S * 1000 * 8 + 200)
        assert not game._walk and game.state.pos[0] == (start + 6) % 40
        assert game.rows() or game.computer_turn  # the decision waited for the token
    finally:
        h.close()


def test_doubles_are_said_in_words(tmp_path):
    h = Headless(profile="hd-720", lang="en", data_dir=tmp_path, home=False)
    h.settle_workers = True
    try:
        game = board_at(h.app, 1, ROLL_AT_40)
        h.app.step()
        h.app.pipeline.push_key(Button.DIGIT_2, True, h.clock.now, source="script")
        h.app.step()
        game._stop_shaking()
        game.match.act(G.ROLL, outcomes=(4 * 6 + 4,))
        h.advance(game.match.rules.pace.settle_s * 1000 + 100)
        assert "5 + 5 = 10. Doubles!" in _drawn(h)
    finally:
        h.close()


def test_a_throw_that_ends_the_turn_is_shown_before_the_next_turn(tmp_path):
    """4 + 3 from Illinois Avenue lands on Go to Jail: the turn is over at once in the engine, but
    the next player waits until the dice and the walk have been seen."""
    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path, home=False)
    h.settle_workers = True
    try:
        game = board_at(h.app, 1, ROLL_AT_40)
        h.app.step()
        assert game.state.pos[0] == 23
        started: list[TurnStarted] = []
        game.match.subscribe(lambda e: started.append(e) if isinstance(e, TurnStarted) else None)
        _roll(h, game, 3 * 6 + 2)
        assert game.state.in_jail[0]
        h.advance(game.match.rules.pace.settle_s * 1000 + 100)
        assert "4 + 3 = 7." in _drawn(h) and not started
        h.advance(mono_game.LAND_S * 1000 + mono_game.STEP_S * 1000 * 3)
        assert game.closeup and game._walk and not started
        h.advance(mono_game.STEP_S * 1000 * 6 + 200)
        assert not game._walk and [e.player for e in started] == [1]  # once the walk is seen
    finally:
        h.close()
