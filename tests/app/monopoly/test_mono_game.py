"""The Monopoly board played from the home screen with remote presses only, against the engine."""

from __future__ import annotations

from mono_driver import Driver, human_policy

from app.app import Headless
from app.screens.monopoly.game import GameScreen
from app.screens.monopoly.modals import ResultsScreen
from engines.monopoly import game as G
from remote.buttons import Button


def open_monopoly(h: Headless) -> None:
    home = h.top
    home.select_tile("monopoly")
    h.press(Button.SELECT)


def setup_four_players(h: Headless) -> None:
    """Players 4: you, a second human, two computers."""
    setup = h.top
    while setup.rows()[setup.focus] != "count":
        h.press(Button.UP)
    h.press(Button.RIGHT)
    h.press(Button.RIGHT)
    assert setup.choice.count == 4
    while setup.rows()[setup.focus] != "seat1":
        h.press(Button.DOWN)
    while setup.choice.seats[1].spec.computer:
        h.press(Button.LEFT)
    while setup.rows()[setup.focus] != "start":
        h.press(Button.DOWN)
    h.press(Button.SELECT)


def test_four_player_game_by_remote_matches_the_engine(tmp_path):
    """Two humans (the engine's medium player deciding, the remote doing) and two computers play
    to the last one standing; the engine plays the same decisions and dice to the same end."""
    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path, seed=25)
    h.settle_workers = True
    try:
        open_monopoly(h)
        setup_four_players(h)
        game = h.top
        assert isinstance(game, GameScreen)
        assert [s.spec.computer for s in game.seats] == [False, False, True, True]
        game.inline = True
        driver = Driver(h, {0: human_policy(101), 1: human_policy(102)}, typed_bids=frozenset({0}))
        for _ in range(60_000):
            if not driver.step():
                break
        assert isinstance(h.top, ResultsScreen)
        screen_state = game.state
        assert screen_state.is_terminal()
        engine_state = driver.engine_play()
        assert engine_state.to_dict() == screen_state.to_dict()
        stats = screen_state.stats
        # the game: an auction, a trade, a building shortage, bankruptcies, and mortgages
        # made by the humans with the remote
        assert stats["auctions"] >= 1 and stats["trades"] >= 1 and stats["shortages"] >= 1
        assert stats["bankruptcies"] == 3
        assert any(G.MORTGAGE_BASE <= a < G.UNMORTGAGE_BASE for _, a in driver.made)
        # bids typed with the digit keys, and bids by the raise rows
        assert any(p == 0 and a >= G.BID_TO_BASE for p, a in driver.made)
        assert any(p == 1 and G.BID_BASE <= a < G.BID_TO_BASE for p, a in driver.made)
    finally:
        h.close()
