"""The engine contract, checked on random playouts of every registered game.

Every game found by :func:`engines.core.registered_games` is played to the end by its "random"
computer players (one per seat, made by :func:`engines.core.make_player`, asked whenever
``current_player()`` is theirs and shown only their own observation), at its smallest and largest
number of players. Along the way: only legal actions are offered (sorted, unique) and every one of
them and every chance outcome round-trips through text; chance probabilities sum to one;
observations are JSON, hold :data:`engines.core.OBSERVATION_KEYS` and show nothing hidden; a save
taken mid-game and reloaded continues exactly like the game that never stopped; the game ends, and
its returns are consistent. Set-up options are declared, and unknown options and values rejected.
"""

from __future__ import annotations

import doctest
import json
import math
from collections.abc import Callable

import numpy as np
import pytest

import engines.core
from engines.core import (
    CHANCE,
    OBSERVATION_KEYS,
    PLAYER_LEVELS,
    TERMINAL,
    Game,
    IllegalActionError,
    InvalidActionError,
    State,
    load_game,
    load_state,
    make_player,
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


class PlayerView:
    """What a player is handed: whose move it is and that player's own observation, nothing more."""

    def __init__(self, state: State) -> None:
        self._state = state

    def current_player(self) -> int:
        return self._state.current_player()

    def legal_actions(self) -> list[int]:
        return self._state.legal_actions()

    def to_dict(self, player: int | None = None) -> dict:
        assert player == self._state.current_player(), "a player reads only its own observation"
        return self._state.to_dict(player)


Players = list[Callable[[State], int]]


def random_players(game: Game, seed: int) -> Players:
    """The game's "random" computer player for every seat, each with its own generator."""
    return [make_player("random", game, np.random.default_rng([seed, p])) for p in range(game.num_players)]


def play(state: State, rng: np.random.Generator, players: Players, steps: int | None = None) -> list[int]:
    """Play on: chance from ``rng``, each decision asked of the player whose ``current_player()`` it is."""
    taken = []
    while not state.is_terminal() and (steps is None or len(taken) < steps):
        player = state.current_player()
        if player == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = players[player](PlayerView(state))
            assert action in state.legal_actions(), f"player {player} chose an illegal action"
        state.apply_action(action)
        taken.append(action)
        assert len(taken) < MAX_STEPS, "the game did not end"
    return taken


def check_observations(state: State, game: Game, name: str, rng: np.random.Generator) -> bool:
    """The observation contract at this position; True if a hidden-information change was seen."""
    observations = [state.to_dict(p) for p in range(game.num_players)]
    legal = state.legal_actions()
    for viewer, obs in enumerate(observations):
        json.dumps(obs)
        assert set(OBSERVATION_KEYS) <= set(obs), f"missing {set(OBSERVATION_KEYS) - set(obs)}"
        assert obs["game"] == name and obs["viewer"] == viewer
        assert obs["num_players"] == game.num_players
        assert obs["current_player"] == state.current_player()
        assert obs["legal"] == [{"action": a, "text": state.action_to_string(a)} for a in legal]
        assert obs["returns"] == state.returns()
        assert obs["over"] is state.is_terminal()
    if game.perfect_information:
        same = [{k: v for k, v in obs.items() if k != "viewer"} for obs in observations]
        assert all(o == same[0] for o in same), "a game without hidden information shows everyone the same"
    hidden_changed = False
    for viewer, obs in enumerate(observations):
        other = state.perturb_hidden(viewer, rng)
        assert other.to_dict(viewer) == obs, "changing what a player cannot see changed their view"
        hidden_changed |= other.to_dict() != state.to_dict()
    return hidden_changed


@pytest.mark.parametrize(("name", "num_players", "seed"), CASES)
def test_random_playout(name: str, num_players: int, seed: int) -> None:
    game = load_game(name, num_players=num_players)
    rng = np.random.default_rng(seed)
    players = random_players(game, seed)
    state = game.new_initial_state()
    steps = 0
    hidden_changed = False
    while not state.is_terminal():
        check_position(state, game)
        if steps % 7 == 0:
            hidden_changed |= check_observations(state, game, name, rng)
        play(state, rng, players, steps=1)
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
    check_position(state, game)
    check_observations(state, game, name, rng)
    # a perfect-information game has nothing to perturb (that a hiding game does hide something is
    # test_hidden_information_is_found_and_kept_hidden's job: one random game may never show it)
    assert not (game.perfect_information and hidden_changed)
    returns = state.returns()
    assert len(returns) == game.num_players and all(math.isfinite(r) for r in returns)
    assert set(state.winners()) <= set(range(game.num_players))
    assert all(returns[w] == max(returns) for w in state.winners())
    with pytest.raises(IllegalActionError):
        state.apply_action(0)
    finished = load_state(json.loads(json.dumps(save_state(state))))
    assert finished.is_terminal() and finished.returns() == returns


HIDDEN_GAMES = [
    name
    for name in registered_games()
    if not load_game(name, num_players=player_counts(name)[0]).perfect_information
]
HIDDEN_SEARCH_GAMES = 20


@pytest.mark.parametrize("name", HIDDEN_GAMES)
def test_hidden_information_is_found_and_kept_hidden(name: str) -> None:
    """A game that says it hides something hides something in real play, and no view shows it.

    Random games at the largest table are checked at every fifth position until changing the hidden part
    (``perturb_hidden``) changes the state; :func:`check_observations` asserts every player's view
    stays the same. Searching over games keeps this from resting on what one seed happens to draw.
    """
    game = load_game(name, num_players=player_counts(name)[-1])
    for seed in range(HIDDEN_SEARCH_GAMES):
        rng = np.random.default_rng([seed, len(name)])
        players = random_players(game, seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            # a hidden part, once there, lasts a while: every fifth position is enough to find it
            if steps % 5 == 0 and check_observations(state, game, name, rng):
                return
            play(state, rng, players, steps=1)
            steps += 1
    pytest.fail(f"{name} hid nothing in {HIDDEN_SEARCH_GAMES} random games")


@pytest.mark.parametrize(("name", "num_players", "seed"), CASES)
def test_save_mid_game_continues_identically(name: str, num_players: int, seed: int) -> None:
    game = load_game(name, num_players=num_players)
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    # stop somewhere inside the game: sometimes mid-roll, sometimes at a decision
    length = len(
        play(game.new_initial_state(), np.random.default_rng(seed + 1000), random_players(game, seed))
    )
    play(state, rng, random_players(game, seed), steps=int(rng.integers(1, max(2, length // 2))))
    assert not state.is_terminal()

    saved = json.loads(json.dumps(save_state(state)))
    restored = load_state(saved)
    assert restored.to_dict() == state.to_dict()
    assert restored.current_player() == state.current_player()
    assert restored.legal_actions() == state.legal_actions()

    rng_copy = rng_from_state(json.loads(json.dumps(rng_state(rng))))
    original_moves = play(state, rng, random_players(game, seed + 1))
    restored_moves = play(restored, rng_copy, random_players(game, seed + 1))
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


@pytest.mark.parametrize("name", registered_games())
def test_options_are_declared_and_unknown_ones_rejected(name: str) -> None:
    cls = type(load_game(name, num_players=player_counts(name)[0]))
    num_players = player_counts(name)[0]
    with pytest.raises(ValueError, match="no option colour"):
        load_game(name, num_players=num_players, colour="red")
    for key, option in cls.options.items():
        assert load_game(name, num_players=num_players).option(key) == option.default
        if option.allowed is None:
            continue
        assert option.default in option.allowed
        for value in option.allowed:
            assert load_game(name, num_players=num_players, **{key: value}).option(key) == value
        with pytest.raises(ValueError, match=key):
            load_game(name, num_players=num_players, **{key: "not a choice"})


@pytest.mark.parametrize("name", registered_games())
@pytest.mark.parametrize("level", PLAYER_LEVELS)
def test_every_level_makes_a_player(name: str, level: str) -> None:
    game = load_game(name, num_players=player_counts(name)[-1])
    player = make_player(level, game, np.random.default_rng(5))
    state = game.new_initial_state()
    rng = np.random.default_rng(6)
    # play on to the first real choice, then ask the player for it
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        play(state, rng, random_players(game, 7), steps=1)
    assert player(PlayerView(state)) in state.legal_actions()
    with pytest.raises(ValueError):
        make_player("no such level", game, rng)


def test_core_docstring_examples() -> None:
    result = doctest.testmod(engines.core)
    assert result.attempted > 0 and result.failed == 0
