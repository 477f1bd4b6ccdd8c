"""The engine contract, checked on random playouts of every registered game.

Every game found by :func:`engines.core.registered_games` is played to the end by a uniformly random
player, at its smallest and largest number of players. Along the way: only legal actions are offered
(sorted, unique) and every one of them and every chance outcome round-trips through text; chance
probabilities sum to one; observations are JSON; a save taken mid-game and reloaded continues
exactly like the game that never stopped; the game ends, and its returns are consistent.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from engines.core import (
    CHANCE,
    TERMINAL,
    Game,
    IllegalActionError,
    InvalidActionError,
    State,
    load_game,
    load_state,
    registered_games,
    rng_from_state,
    rng_state,
    sample_chance,
    save_state,
)

MAX_STEPS = 200_000
SEEDS = (11, 12)


def player_counts(name: str) -> list[int]:
    counts = []
    for n in range(1, 9):
        try:
            load_game(name, num_players=n)
        except ValueError:
            continue
        counts.append(n)
    assert counts, f"{name} cannot be made with 1 to 8 players"
    return sorted({counts[0], counts[-1]})


CASES = [(name, n, seed) for name in registered_games() for n in player_counts(name) for seed in SEEDS]


def check_position(state: State, game: Game) -> None:
    player = state.current_player()
    assert player in (CHANCE, TERMINAL) or 0 <= player < game.num_players
    if player == TERMINAL:
        assert state.legal_actions() == []
        return
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert outcomes and state.legal_actions() == []
        actions = [o for o, _ in outcomes]
        assert len(set(actions)) == len(actions)
        assert all(p > 0 for _, p in outcomes)
        assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
    else:
        actions = state.legal_actions()
        assert actions, "a player to act must have a move"
        assert actions == sorted(set(actions))
        assert all(isinstance(a, int) and not isinstance(a, bool) for a in actions)
    texts = [state.action_to_string(a) for a in actions]
    assert len(set(texts)) == len(texts), "action texts must be unique"
    for action, text in zip(actions, texts, strict=True):
        assert state.string_to_action(text) == action


def play(state: State, rng: np.random.Generator, steps: int | None = None) -> list[int]:
    """Play on with a uniformly random player, drawing everything from ``rng``; the actions taken."""
    taken = []
    while not state.is_terminal() and (steps is None or len(taken) < steps):
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
        state.apply_action(action)
        taken.append(action)
        assert len(taken) < MAX_STEPS, "the game did not end"
    return taken


@pytest.mark.parametrize(("name", "num_players", "seed"), CASES)
def test_random_playout(name: str, num_players: int, seed: int) -> None:
    game = load_game(name, num_players=num_players)
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        check_position(state, game)
        if steps % 7 == 0:
            for p in range(game.num_players):
                json.dumps(state.to_dict(p))
        play(state, rng, steps=1)
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
    check_position(state, game)
    returns = state.returns()
    assert len(returns) == game.num_players and all(math.isfinite(r) for r in returns)
    assert set(state.winners()) <= set(range(game.num_players))
    assert all(returns[w] == max(returns) for w in state.winners())
    with pytest.raises(IllegalActionError):
        state.apply_action(0)
    finished = load_state(json.loads(json.dumps(save_state(state))))
    assert finished.is_terminal() and finished.returns() == returns


@pytest.mark.parametrize(("name", "num_players", "seed"), CASES)
def test_save_mid_game_continues_identically(name: str, num_players: int, seed: int) -> None:
    game = load_game(name, num_players=num_players)
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    # stop somewhere inside the game: sometimes mid-roll, sometimes at a decision
    length = len(play(game.new_initial_state(), np.random.default_rng(seed + 1000)))
    play(state, rng, steps=int(rng.integers(1, max(2, length // 2))))
    assert not state.is_terminal()

    saved = json.loads(json.dumps(save_state(state)))
    restored = load_state(saved)
    assert restored.to_dict() == state.to_dict()
    assert restored.current_player() == state.current_player()
    assert restored.legal_actions() == state.legal_actions()

    rng_copy = rng_from_state(json.loads(json.dumps(rng_state(rng))))
    original_moves = play(state, rng)
    restored_moves = play(restored, rng_copy)
    assert restored_moves == original_moves
    assert restored.returns() == state.returns()
    assert restored.to_dict() == state.to_dict()


@pytest.mark.parametrize("name", registered_games())
def test_malformed_actions_are_rejected(name: str) -> None:
    game = load_game(name, num_players=player_counts(name)[0])
    state = game.new_initial_state()
    with pytest.raises(InvalidActionError):
        state.apply_action(True)  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError):
        state.apply_action("roll")  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError):
        state.string_to_action("not an action of any game")
    legal = set(state.legal_actions()) | {o for o, _ in state.chance_outcomes()}
    outside = max(legal) + 1
    with pytest.raises((IllegalActionError, InvalidActionError)):
        state.apply_action(outside)
