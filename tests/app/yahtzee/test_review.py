"""The game review lists exactly the human decisions that lost expected points, with the right loss."""

from __future__ import annotations

import numpy as np
import pytest

from app.app import Headless
from app.screens.yahtzee.decisions import Decision
from app.screens.yahtzee.hint import CLASSIC_SCENE_TURNS, play_turns, roll, subgame_solver
from app.screens.yahtzee.review import (
    LOSS_EPSILON,
    ReviewScreen,
    judged_choice,
    play_recorded,
    review_decisions,
)
from engines.core import load_game
from engines.yahtzee.ai import analyse
from engines.yahtzee.game import SCORE, YahtzeeState
from remote.buttons import Button

FILLED = [key for _, key in CLASSIC_SCENE_TURNS]


@pytest.fixture(scope="module")
def solver():
    return subgame_solver("classic", FILLED)


def _start():
    game = load_game("yahtzee-classic")
    state = game.new_initial_state()
    play_turns(state, CLASSIC_SCENE_TURNS)
    return game, state


def test_a_yahtzee_put_in_three_of_a_kind_is_a_blunder(solver):
    game, state = _start()
    roll(state, (5, 5, 5, 5, 5))  # five sixes, the YAHTZEE box open
    chance = SCORE + next(b.id for b in game.boxes if b.key == "three_of_a_kind")  # chance is filled
    yahtzee = SCORE + next(b.id for b in game.boxes if b.key == "yahtzee")
    decisions = [Decision(0, state.to_dict(), chance)]
    review = review_decisions(decisions, game, solver)
    assert len(review.items) == 1
    item = review.items[0]
    options = {o.action: o.expected for o in analyse(state, solver)}
    assert item.chosen.action == "score three_of_a_kind" and item.best.action == "score yahtzee"
    assert item.lost == pytest.approx(options["score yahtzee"] - options["score three_of_a_kind"])
    assert item.lost > 15 and item.grade == "blunder"
    assert item.points["three_of_a_kind"] == 30 and item.points["yahtzee"] == 50
    assert review.total.decisions == 1 and review.total.optimal == 0 and review.total.accuracy == 0
    # the right box is no loss at all
    good = review_decisions([Decision(0, state.to_dict(), yahtzee)], game, solver)
    assert good.items == [] and good.total.optimal == 1 and good.total.accuracy == 100


def test_exactly_the_decisions_that_lost_points_are_listed(solver):
    game, state = _start()
    picks = {(0, 7, 1): 3, (0, 8, 1): 1, (0, 9, 2): 1, (0, 10, 1): 6, (0, 12, 1): 2, (0, 13, 1): 1}
    decisions = play_recorded(state, solver, np.random.default_rng(4), picks)
    assert state.is_terminal()
    # the judge, independently: every roll after the first and every box, valued by the analysis
    expected_lost = {}
    judged = 0
    for i, decision in enumerate(decisions):
        position = YahtzeeState.from_dict(game, decision.state_before)
        choice = judged_choice(position, decision.action)
        if choice is None:
            continue
        judged += 1
        options = analyse(position, solver)
        value = next(o.expected for o in options if o.action == choice[0])
        if options[0].expected - value > LOSS_EPSILON:
            expected_lost[i] = options[0].expected - value
    review = review_decisions(decisions, game, solver)
    assert {item.index: item.lost for item in review.items} == pytest.approx(expected_lost)
    assert len(expected_lost) >= 3  # the picks made real mistakes
    assert review.total.decisions == judged
    assert review.total.optimal == judged - len(expected_lost)
    assert review.total.lost == pytest.approx(sum(expected_lost.values()))
    # every pick that was not a tie shows up, at its turn and roll
    flagged = {(item.turn, item.roll) for item in review.items}
    assert flagged <= {(turn, r) for (_, turn, r) in picks}


def test_toggles_and_first_rolls_are_not_decisions(solver):
    game, state = _start()
    assert judged_choice(state, 0) is None  # the first roll of a turn
    roll(state, (0, 0, 0, 1, 2))
    assert judged_choice(state, 1) is None  # a toggle
    state.apply_action(1)
    state.apply_action(2)
    assert judged_choice(state, 0) == ("hold 1 1", "hold")


def test_damaged_records_are_skipped(solver):
    game, state = _start()
    roll(state, (5, 5, 5, 5, 5))
    chance = SCORE + next(b.id for b in game.boxes if b.key == "three_of_a_kind")
    broken = dict(state.to_dict(), rolls=9)
    review = review_decisions(
        [Decision(0, broken, chance), Decision(0, state.to_dict(), chance)], game, solver
    )
    assert [item.index for item in review.items] == [1]


def test_screen_steps_through_the_mistakes(solver):
    game, state = _start()
    picks = {(0, 7, 1): 3, (0, 9, 2): 1, (0, 10, 1): 6, (0, 12, 1): 2}
    decisions = play_recorded(state, solver, np.random.default_rng(4), picks)
    h = Headless(profile="sd-pal", lang="en", home=False)
    try:
        done = []
        screen = ReviewScreen(decisions, game, solver=solver)
        h.app.push(ReviewScreen([], game, solver=solver))  # something to go back to
        h.app.push(screen, done.append)
        h.render()  # the progress picture, drawn while the worker runs
        assert screen.wait(30)
        count = len(screen.review.items)
        assert count >= 2
        assert not screen.check_action("step", (Button.LEFT,))
        h.press(Button.RIGHT)
        assert screen.current == 1
        for _ in range(count + 2):
            h.press(Button.RIGHT)
        assert screen.current == count - 1
        h.press(Button.LEFT)
        assert screen.current == count - 2
        h.render()
        h.press(Button.BACK)
        assert done == [None] and h.top is not screen
    finally:
        h.close()
