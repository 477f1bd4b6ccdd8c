"""Random remote presses never break the board: no exception, the engine never sees an illegal
action, and the screen always ends up waiting for a key or playing a computer's turn."""

from __future__ import annotations

import random

import pytest
from mdice_screen_helpers import record_actions, replay, start_game

from app.app import Headless
from app.screens.monopoly_dice.board import BoardScreen
from remote.buttons import Button

KEYS = [
    (Button.DIGIT_2, 300), (Button.DIGIT_2, 0), (Button.DIGIT_3, 0), (Button.DIGIT_4, 0),
    (Button.DIGIT_5, 0), (Button.SELECT, 0), (Button.SELECT, 0), (Button.LEFT, 0), (Button.RIGHT, 0),
    (Button.UP, 0), (Button.DOWN, 0), (Button.BACK, 0), (Button.INFO, 0), (Button.DIGIT_0, 0),
]  # fmt: skip


@pytest.mark.parametrize("seed", [1, 2])
def test_random_presses_keep_the_game_consistent(tmp_path, seed):
    rnd = random.Random(seed)
    h = Headless(profile="hd-720", lang="fa" if seed == 2 else "en", data_dir=tmp_path)
    try:
        screen = start_game(h, "UP,UP,LEFT,DOWN,DOWN")  # you against an easy computer
        log = record_actions(screen)
        for _ in range(400):
            top = h.top
            if top is not screen and not isinstance(top, BoardScreen):
                h.press(Button.BACK)  # close the odds screen, the menu, the help
                if type(h.top).__name__ == "HomeScreen":
                    break
                continue
            if screen.state.is_terminal():
                break
            button, hold = rnd.choice(KEYS)
            h.press(button, hold)
            h.advance(rnd.choice([0, 100, 400]))
        h.render()
        # whatever happened, it is a game the engine replays to the same position
        if not screen.state.is_chance_node():
            expected = _replay_prefix(screen, log)
            assert expected == screen.state.to_dict()
    finally:
        h.close()


def _replay_prefix(screen: BoardScreen, log):
    """The engine position after the logged actions (chance from the same seed), as a save dict."""
    import numpy as np

    from app.screens.monopoly_dice.players import make_chooser
    from engines.core import sample_chance
    from engines.monopoly_dice import ROLL, MonopolyDiceGame

    rng = np.random.default_rng(0)
    players = screen.players
    seeds = [int(s) for s in rng.integers(2**31, size=len(players))]
    choosers = [make_chooser(p.level, s) if p.computer else None for p, s in zip(players, seeds, strict=True)]
    state = MonopolyDiceGame(num_players=len(players), target=screen.game.target).new_initial_state()
    for player, action in log:
        assert player == state.current_player()
        assert action in state.legal_actions()
        if choosers[player] is not None:
            assert choosers[player](state) == action
        state.apply_action(action)
        if action == ROLL:
            while state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
    return state.to_dict()


def test_replay_helper_is_the_engine(tmp_path):
    """The helper that checks the fuzz run replays a finished scripted game exactly."""
    from mdice_screen_helpers import play_to_end

    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path)
    try:
        screen = start_game(h, "UP,LEFT,UP,LEFT,DOWN,DOWN")
        log = record_actions(screen)
        play_to_end(h, screen)
        assert _replay_prefix(screen, log) == replay(screen.players, screen.game.target, log).to_dict()
    finally:
        h.close()
