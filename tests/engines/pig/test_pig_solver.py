"""The optimal player's table, its published numbers, and the players and odds built on it."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from engines.core import make_player, play_out
from engines.pig import HOLD, ROLL, PigGame, solver
from engines.pig import odds as pig_odds


def reference_table(goal: int) -> dict[tuple[int, int, int], float]:
    """A plain value iteration, position by position, to check the vectorised sweep against."""
    win = {(i, j, k): 0.5 for i in range(goal) for j in range(goal) for k in range(goal - i)}

    def value(i: int, j: int, k: int) -> float:
        return 1.0 if i + k >= goal else win[i, j, k]

    for _ in range(2000):
        change = 0.0
        for (i, j, k), old in win.items():
            roll = ((1 - win[j, i, 0]) + sum(value(i, j, k + r) for r in range(2, 7))) / 6
            best = max(roll, 1 - win[j, i + k, 0] if k else 0.0) if i + k < goal else 1.0
            win[i, j, k] = best
            change = max(change, abs(best - old))
        if change < 1e-13:
            return win
    raise AssertionError("the reference did not converge")


@pytest.mark.parametrize("goal", [2, 5, 9])
def test_the_sweep_agrees_with_a_plain_value_iteration(goal: int) -> None:
    table = solver.build(goal)
    for (i, j, k), expected in reference_table(goal).items():
        assert table.win[i, j, k] == pytest.approx(expected, abs=1e-9)


def test_with_a_goal_of_two_the_first_roll_wins_unless_it_is_a_one() -> None:
    # any face but 1 reaches 2 at once; after a 1 the opponent is in the same spot
    p = solver.build(2).win[0, 0, 0]
    assert p == pytest.approx(5 / 6 + 1 / 6 * (1 - p))
    assert p == pytest.approx(6 / 7)


@cache
def table_100() -> solver.Solution:
    return solver.solve()


def test_the_optimal_first_player_wins_53_06_percent() -> None:
    # Neller and Presser (2004): 0.5306 for the first player when both play optimally
    assert round(table_100().win[0, 0, 0], 4) == 0.5306


def test_two_hold_at_20_players_give_the_first_53_47_percent() -> None:
    assert round(solver.policy_win_chance(solver.hold_at(20), solver.hold_at(20)), 4) == 0.5347


def test_the_optimal_player_banks_a_good_turn_early_and_rolls_on_when_far_behind() -> None:
    table = table_100()
    assert table.should_roll(0, 0, 19) and not table.should_roll(0, 0, 25)
    assert table.should_roll(0, 90, 30)  # the opponent wins soon: keep going
    # one more roll wins 5 times in 6, and a 1 leaves the opponent 80 behind: roll
    assert table.should_roll(80, 0, 19)


def test_a_cached_table_is_read_back_and_a_damaged_one_rebuilt(tmp_path) -> None:
    built = solver.build(9)
    path = solver.save(built, tmp_path / "pig.npy")
    assert np.allclose(solver.load(9, path).win, built.win)
    np.save(path, np.full((9, 9), 0.25))
    assert solver.load(9, path) is None
    path.write_bytes(b"not numpy")
    assert solver.load(9, path) is None


def test_the_hard_player_plays_the_table_move() -> None:
    game = PigGame()
    state = game.new_initial_state()
    play = make_player("hard", game, np.random.default_rng(0))
    state.apply_action(ROLL)
    state.apply_action(6)
    assert play(state) == ROLL
    state.turn_total, state.rolls = 25, 5
    assert play(state) == HOLD
    state.scores = [0, 90]
    assert play(state) == ROLL


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "hold-25"])
def test_every_level_holds_on_a_big_turn_total_and_finishes_games(level: str) -> None:
    game = PigGame()
    rng = np.random.default_rng(3)
    player = make_player(level, game, rng)
    state = game.new_initial_state()
    state.scores = [0, 0]
    state.apply_action(ROLL)
    state.apply_action(6)
    state.turn_total, state.rolls = 30, 5
    assert player(state) == HOLD
    assert play_out(game.new_initial_state(), rng, player).is_terminal()


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="no Pig player 'hold-x'"):
        make_player("hold-x", PigGame(), np.random.default_rng(0))


def test_the_odds_of_a_position() -> None:
    state = PigGame().new_initial_state()
    state.scores = [50, 60]
    state.apply_action(ROLL)
    state.apply_action(5)
    odds = pig_odds.odds(state.to_dict(0))
    assert odds.survive == Fraction(5, 6)
    assert odds.expected_gain == Fraction(15, 6)
    table = table_100()
    assert odds.win_if_roll == pytest.approx(table.roll[50, 60, 5])
    assert odds.win_if_hold == pytest.approx(1 - table.win[60, 55, 0])
    assert odds.best == "roll" and odds.win_best == odds.win_if_roll
    fresh = pig_odds.odds(PigGame().new_initial_state().to_dict(0))
    assert fresh.win_if_hold is None and fresh.best == "roll"
