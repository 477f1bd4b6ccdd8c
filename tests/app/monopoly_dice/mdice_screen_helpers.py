"""Drive the Monopoly Dice screens from the home screen with remote presses only, and replay the engine."""

from __future__ import annotations

import numpy as np
from dice_screen_helpers import open_tile

from app.app import Headless
from app.screens.monopoly_dice.board import BoardScreen
from app.screens.monopoly_dice.players import make_chooser
from engines.core import sample_chance
from engines.monopoly_dice import ROLL, MonopolyDiceGame
from remote.buttons import Button


def start_game(h: Headless, setup_keys: str = "") -> BoardScreen:
    """Home -> Monopoly Dice -> set-up (``setup_keys`` played there, ending on Start) -> the board."""
    open_tile(h, "monopoly-dice")
    if setup_keys:
        h.keys(setup_keys)
    h.press(Button.SELECT)
    screen = h.top
    assert isinstance(screen, BoardScreen), type(screen).__name__
    screen.inline = True  # computer decisions on the frame: the same picture at every speed
    return screen


def record_actions(screen: BoardScreen) -> list[tuple[int, int]]:
    """Log every (player, action) the screen applies to its engine state (not the chance outcomes)."""
    from app.match import Acting

    log: list[tuple[int, int]] = []
    screen.match.subscribe(
        lambda event: log.append((event.player, event.action)) if isinstance(event, Acting) else None
    )
    return log


def step_keys(h: Headless, screen: BoardScreen, stop_at: int = 1200) -> None:
    """One step of a simple human strategy, with keys only: roll (hold 2), SELECT every rolled die
    (a Chance die: SELECT again on the group offered first), stop (3) at ``stop_at`` dollars or a
    policeman. A computer's turn is skipped with SELECT; a notice is cleared with any key."""
    if screen.jail_notice is not None or screen.passing_to is not None:
        h.press(Button.DIGIT_0)
        return
    if screen.computer_turn or screen.busy:
        h.press(Button.SELECT) if screen.computer_turn and not screen.match.skipping else None
        h.advance(200)
        return
    obs = screen.obs()
    if screen.choosing is not None or screen.die_focus is not None:
        h.press(Button.SELECT)
    elif obs["rolls"] and (obs["score_parts"]["turn"] >= stop_at or obs["policemen"] >= 1):
        h.press(Button.DIGIT_3)
    else:
        h.press(Button.DIGIT_2, 300)


def play_to_end(h: Headless, screen: BoardScreen, stop_at: int = 1200, limit: int = 6000) -> None:
    for _ in range(limit):
        if screen.state.is_terminal():
            return
        step_keys(h, screen, stop_at)
    raise AssertionError("the game did not end")


def replay(players, target: int, log: list[tuple[int, int]], seed: int = 0):
    """The same game straight through the engine: chance from a generator seeded like the app's,
    the humans' logged actions, the computers' own choices. Returns the final state."""
    rng = np.random.default_rng(seed)
    seeds = [int(s) for s in rng.integers(2**31, size=len(players))]
    game = MonopolyDiceGame(num_players=len(players), target=target)
    state = game.new_initial_state()
    choosers = [make_chooser(p.level, s) if p.computer else None for p, s in zip(players, seeds, strict=True)]
    actions = iter(log)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        player, action = next(actions)
        assert player == state.current_player()
        if choosers[player] is not None:
            assert choosers[player](state) == action
        state.apply_action(action)
        if action == ROLL:
            while state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
    assert next(actions, None) is None
    return state
