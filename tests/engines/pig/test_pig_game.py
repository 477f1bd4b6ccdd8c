"""Pig's rules, exactly: the 1 that loses the turn, the hold that banks it, the goal, saves."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core import (
    CHANCE,
    TERMINAL,
    IllegalActionError,
    SaveFormatError,
    load_game,
    load_state,
    save_state,
)
from engines.pig import HOLD, ROLL, PigGame, PigState


def play(state: PigState, *moves: int | str) -> PigState:
    """Apply moves: "r" rolls, "h" holds, an int is the face the die lands on."""
    for move in moves:
        if move == "r":
            state.apply_action(ROLL)
        elif move == "h":
            state.apply_action(HOLD)
        else:
            state.apply_action(ROLL)
            state.apply_action(move)
    return state


def test_a_roll_is_a_chance_node_of_six_equal_faces() -> None:
    state = play(PigGame().new_initial_state(), "r")
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(face, 1 / 6) for face in range(1, 7)]
    assert state.action_to_string(4) == "face 4"


def test_faces_add_up_and_a_hold_banks_them_and_passes_the_die() -> None:
    state = play(PigGame().new_initial_state(), 4, 6)
    assert state.turn_total == 10 and state.current_player() == 0
    play(state, "h")
    assert state.scores == [10, 0] and state.turn_total == 0 and state.current_player() == 1
    assert state.last_turn == {"player": 0, "how": "hold", "banked": 10, "lost": 0, "rolls": 2}


def test_a_one_loses_the_turn_total_and_nothing_banked_before() -> None:
    state = play(PigGame().new_initial_state(), 5, "h", 3, "h", 6, 2, 1)
    assert state.scores == [5, 3]
    assert state.current_player() == 1
    assert state.last_turn == {"player": 0, "how": "bust", "banked": 0, "lost": 8, "rolls": 3}


def test_the_first_roll_of_a_turn_is_compulsory() -> None:
    state = PigGame().new_initial_state()
    assert state.legal_actions() == [ROLL]
    with pytest.raises(IllegalActionError):
        state.apply_action(HOLD)
    play(state, 3)
    assert state.legal_actions() == [ROLL, HOLD]


def test_reaching_the_goal_wins_at_once_without_a_hold() -> None:
    state = PigGame().new_initial_state()
    state.scores = [96, 50]
    play(state, 2)
    assert state.current_player() == 0
    play(state, 2)
    assert state.current_player() == TERMINAL
    assert state.scores == [100, 50] and state.winners() == [0]
    assert state.to_dict(1)["over"] and state.to_dict(1)["winner"] == 0


def test_pig_is_two_players_only() -> None:
    with pytest.raises(ValueError, match="2 to 2"):
        load_game("pig", num_players=3)


def test_a_save_mid_roll_reloads_and_goes_on_alike() -> None:
    state = play(PigGame().new_initial_state(), 5, "h", 4, "r")
    saved = json.loads(json.dumps(save_state(state)))
    again = load_state(saved)
    assert again.to_dict() == state.to_dict()
    for s in (state, again):
        s.apply_action(6)
        s.apply_action(HOLD)
    assert again.to_dict() == state.to_dict()


@pytest.mark.parametrize(
    "change",
    [
        {"version": 2},
        {"scores": [1]},
        {"scores": ["10", 0]},
        {"scores": [True, 0]},
        {"player": 2},
        {"turn_total": -3},
        {"turn_total": 5, "rolls": 0},
        {"rolling": "yes"},
        {"last_face": 7},
        {"winner": 0},
        {"scores": [100, 0]},
        {"last_turn": {"player": 0, "how": "cheat", "banked": 0, "lost": 0, "rolls": 1}},
        {"last_turn": [1, 2]},
        {"turns": None},
    ],
)
def test_a_damaged_save_is_refused_with_a_save_error(change: dict) -> None:
    data = play(PigGame().new_initial_state(), 5, "h").to_dict()
    data.update(change)
    with pytest.raises(SaveFormatError):
        PigState.from_dict(PigGame(), data)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(1, 6)), max_size=120))
def test_any_game_keeps_its_books(moves: list[tuple[bool, int]]) -> None:
    """Banked scores only grow, by what was held; the total is never lost except by a 1; saves round-trip."""
    state = PigGame().new_initial_state()
    for hold, face in moves:
        if state.is_terminal():
            break
        before = list(state.scores)
        mover = state.current_player()
        if hold and HOLD in state.legal_actions():
            total = state.turn_total
            state.apply_action(HOLD)
            assert state.scores[mover] == before[mover] + total
        else:
            total = state.turn_total
            state.apply_action(ROLL)
            state.apply_action(face)
            if face == 1:
                assert state.scores == before and state.turn_total == 0
                assert state.current_player() == 1 - mover
            elif state.is_terminal():
                assert state.scores[mover] == before[mover] + total + face >= 100
            else:
                assert state.turn_total == total + face
        assert all(0 <= s < 100 for s in state.scores) or state.is_terminal()
        assert (
            PigState.from_dict(state.game, json.loads(json.dumps(state.to_dict()))).to_dict()
            == state.to_dict()
        )
