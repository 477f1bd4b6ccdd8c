"""Drive the Yahtzee screens from the home screen with remote presses only, and replay the engine."""

from __future__ import annotations

import numpy as np
from dice_screen_helpers import open_tile

from app.app import Headless
from app.screens.yahtzee.game import GameScreen, make_chooser
from engines.core import CHANCE, sample_chance
from engines.yahtzee.game import GAMES_BY_MODE
from remote.buttons import Button


def start_game(h: Headless, tile: str, setup_keys: str = "") -> GameScreen:
    """Home -> tile -> set-up (``setup_keys`` played there, ending on Start) -> SELECT -> the game."""
    open_tile(h, tile)
    if setup_keys:
        h.keys(setup_keys)
    h.press(Button.SELECT)
    screen = h.top
    assert isinstance(screen, GameScreen), type(screen).__name__
    return screen


def play_turn_keys(h: Headless, screen: GameScreen, rolls: int = 1) -> None:
    """One step of a simple human strategy, with keys: roll (hold 2) until ``rolls`` rolls are made,
    then RIGHT (boxes) and SELECT (score the box under the cursor, with the second SELECT a zero or
    a wasteful score asks for). Computers are skipped with SELECT."""
    if screen.passing_to is not None or screen.computer_turn:
        h.press(Button.SELECT)
        h.advance(300)
        return
    obs = screen.obs()
    if obs["rolls"] < rolls and obs["rolls_left"] > 0:
        h.press(Button.DIGIT_2, 300)
    else:
        h.press(Button.RIGHT)
        h.press(Button.SELECT)
        if screen.confirming is not None:
            h.press(Button.SELECT)


def play_to_end(h: Headless, screen: GameScreen, rolls: int = 1, limit: int = 2000) -> None:
    for _ in range(limit):
        if screen.state.is_terminal():
            return
        play_turn_keys(h, screen, rolls)
    raise AssertionError("the game did not end")


def replay(mode: str, players, decisions, seed: int = 0):
    """The same game straight through the engine: chance from a generator seeded like the app's,
    the humans' recorded actions, the computers' own choices. Returns the final state."""
    rng = np.random.default_rng(int(np.random.default_rng(seed).integers(2**63)))
    ai_rng = np.random.default_rng(int(rng.integers(2**63)))
    game = GAMES_BY_MODE[mode](num_players=len(players))
    state = game.new_initial_state()
    choosers = [make_chooser(game, p.level, ai_rng) if p.computer else None for p in players]
    human = iter(decisions)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance(state, rng))
        elif choosers[player] is not None:
            state.apply_action(choosers[player](state))
        else:
            decision = next(human)
            assert decision.player == player
            assert decision.state_before == state.to_dict()
            state.apply_action(decision.action)
    assert next(human, None) is None
    return state
