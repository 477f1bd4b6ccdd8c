"""The turn odds (next roll, end of turn with the best holds) against brute force and Monte Carlo."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from odds_reference import OrderedTurn, recursive_value
from test_odds_space import PAINTED, POWER

from engines.odds.dice import D6, Face
from engines.odds.space import dice_space
from engines.odds.turn import TurnOdds, turn_odds

TOL = 1e-12


def numbers(faces):
    return sorted(f.number for f in faces[:5])


def counts(faces):
    return sorted(Counter(numbers(faces)).values())


def straight(faces, length):
    values = set(numbers(faces))
    return any(set(range(s, s + length)) <= values for s in range(1, 8 - length))


CLASSIC_MADE = [(lambda faces, n=n: n in numbers(faces)) for n in range(1, 7)] + [
    lambda faces: counts(faces)[-1] >= 3,
    lambda faces: counts(faces)[-1] >= 4,
    lambda faces: counts(faces) == [2, 3],
    lambda faces: straight(faces, 4),
    lambda faces: straight(faces, 5),
    lambda faces: counts(faces) == [5],
    lambda faces: True,
]
"""Whether each Classic box scores above zero (Joker rules aside): Ones..Sixes, 3K, 4K, FH, SS, LS, Y, C."""

CLASSIC_POINTS = [
    lambda faces: sum(numbers(faces)),
    lambda faces: 25.0 * (counts(faces) == [2, 3]),
    lambda faces: sum(n for n in numbers(faces) if n == 6),
]

CLASSIC = dice_space([(D6, 5)])
CLASSIC_ODDS = TurnOdds(CLASSIC, CLASSIC_MADE)
CLASSIC_POINT_ODDS = TurnOdds(CLASSIC, CLASSIC_POINTS)
_REFERENCES: dict[str, OrderedTurn] = {}


def reference(name):
    """Brute-force tables, built once per module (they take a moment)."""
    if name not in _REFERENCES:
        if name == "classic":
            _REFERENCES[name] = OrderedTurn([D6] * 5, CLASSIC_MADE)
        elif name == "points":
            _REFERENCES[name] = OrderedTurn([D6] * 5, CLASSIC_POINTS)
        elif name == "painted":
            _REFERENCES[name] = OrderedTurn(PAINTED, PAINTED_MADE)
        elif name == "power":
            _REFERENCES[name] = OrderedTurn([D6] * 4 + [POWER], POWER_MADE, "Freeze", "Power")
    return _REFERENCES[name]


def check(odds, ref, dice, held, rolls_left, extra=True):
    hint = odds.hint(dice, held, rolls_left, extra)
    now, next_roll, current, end = ref.position(dice, held, rolls_left, extra)
    assert np.abs(hint.now - now).max() < TOL
    assert np.array_equal(np.isnan(hint.next_roll), np.isnan(next_roll))
    assert np.nan_to_num(np.abs(hint.next_roll - next_roll)).max() < TOL
    assert np.abs(hint.end_with_current_holds - current).max() < TOL
    assert np.abs(hint.end_of_turn - end).max() < TOL
    # The best hold reaches the best value, and no hold beats it.
    for b in range(odds.n_boxes):
        row = np.flatnonzero((hint.hold_masks == hint.best_hold[b]).all(axis=1))[0]
        assert abs(hint.hold_values[row, b] - hint.end_of_turn[b]) < TOL
    assert np.all(hint.hold_values <= hint.end_of_turn + TOL)
    return hint


dice5 = st.lists(st.integers(1, 6), min_size=5, max_size=5)
mask5 = st.lists(st.booleans(), min_size=5, max_size=5)


@settings(max_examples=60, deadline=None)
@given(dice5, mask5, st.integers(0, 2))
def test_classic_boxes_match_every_ordered_roll(dice, held, rolls_left):
    faces = [D6.faces[n - 1] for n in dice]
    check(CLASSIC_ODDS, reference("classic"), faces, held, rolls_left)


@settings(max_examples=25, deadline=None)
@given(dice5, mask5, st.integers(0, 2))
def test_expected_points_match_every_ordered_roll(dice, held, rolls_left):
    faces = [D6.faces[n - 1] for n in dice]
    check(CLASSIC_POINT_ODDS, reference("points"), faces, held, rolls_left)


def test_a_yahtzee_in_three_rolls_is_the_known_4_6_percent():
    start = CLASSIC_ODDS.hint(None, None, rolls_left=3)
    assert start.end_of_turn[11] == pytest.approx(0.0460286, abs=1e-7)
    assert np.abs(start.end_of_turn - reference("classic").start(3)).max() < TOL
    assert np.abs(start.next_roll - CLASSIC.outcome_probs @ CLASSIC_ODDS.final).max() < TOL
    assert start.next_roll[11] == pytest.approx(6 / 6**5, abs=TOL)
    assert np.isnan(start.now).all()


@pytest.mark.parametrize("n", [1, 2, 3])
def test_small_rolls_match_plain_recursion(n):
    rng = np.random.default_rng(n)
    table = {roll: rng.random() < 0.3 for roll in itertools.combinations_with_replacement(range(1, 7), n)}

    def box(faces):
        return table[tuple(sorted(f.number for f in faces))]

    odds = TurnOdds(dice_space([(D6, n)]), [box])
    value = recursive_value([D6] * n, box)
    for roll in itertools.islice(itertools.product(D6.faces, repeat=n), 0, None, 5):
        for rolls_left in (1, 2, 3):
            expected = value(tuple(roll), rolls_left)
            got = odds.hint(roll, [False] * n, rolls_left).end_of_turn[0]
            assert abs(got - expected) < TOL


PAINTED_MADE = [
    lambda faces: len({f.colour for f in faces}) == 1,  # flush
    lambda faces: len({f.colour for f in faces}) == 5,  # rainbow
    lambda faces: sorted(Counter(f.colour for f in faces).values()) == [2, 3],  # painted house
    lambda faces: max(Counter(f.colour for f in faces).values()) >= 4,  # 4 of a colour
    lambda faces: sum(f.number for f in faces if f.colour == "blue") >= 9,
    lambda faces: straight(faces, 5),
]


@pytest.mark.parametrize("seed", range(4))
def test_painted_colour_boxes_match_every_ordered_roll(seed):
    rng = np.random.default_rng(seed)
    odds = TurnOdds(dice_space(PAINTED), PAINTED_MADE)
    for rolls_left in (0, 1, 2):
        dice = [die.faces[rng.integers(6)] for die in PAINTED]
        check(odds, reference("painted"), dice, rng.random(5) < 0.5, rolls_left)


MULTIPLIER = {"Power": 3, "2": 2, "Double": 2, "3": 3}


def power_numbers(faces):
    return [f.number for f in faces[:4]]


POWER_MADE = [
    lambda faces: max(Counter(power_numbers(faces)).values()) >= 3,
    lambda faces: {1, 2, 3} <= set(power_numbers(faces)) or {4, 5, 6} <= set(power_numbers(faces)),
    lambda faces: sum(power_numbers(faces)) * MULTIPLIER.get(faces[-1].label, 1),
]
"""Four d6 and the Power die: 3 of a kind, a run of three high or low, and points times the power."""


def power_odds(space):
    return TurnOdds(
        space,
        POWER_MADE,
        stop=space.shows("Freeze"),
        extra_roll=space.shows("Power"),
        extra_keep=space.keep_shows("Power"),
    )


@pytest.mark.parametrize("power_face", ["1", "Freeze", "Double", "Power"])
def test_power_die_freeze_and_fourth_roll_match_every_ordered_roll(power_face):
    space = dice_space([(D6, 4), POWER])
    odds = power_odds(space)
    ref = reference("power")
    rng = np.random.default_rng(len(power_face))
    face = next(f for f in POWER.faces if f.label == power_face)
    for rolls_left in (0, 1, 2):
        for extra in (True, False):
            dice = [D6.faces[i] for i in rng.integers(0, 6, 4)] + [face]
            hint = check(odds, ref, dice, rng.random(5) < 0.5, rolls_left, extra)
            if power_face == "Freeze":
                assert hint.rolls_available == 0 and np.isnan(hint.next_roll).all()
            if power_face == "Power" and rolls_left == 0 and extra:
                assert hint.rolls_available == 1
                assert hint.hold_masks[:, -1].all() and hint.best_hold[:, -1].all()
            if power_face == "Power" and rolls_left == 0 and not extra:
                assert hint.rolls_available == 0


def test_the_fourth_roll_needs_the_power_die_held():
    space = dice_space([(D6, 4), POWER])
    odds = power_odds(space)
    power = POWER.faces[-1]
    dice = [6, 6, 1, 2, power]
    kept = odds.hint(dice, [True, True, False, False, True], rolls_left=0)
    let_go = odds.hint(dice, [True, True, False, False, False], rolls_left=0)
    assert kept.rolls_available == 1 and np.isfinite(kept.next_roll).all()
    assert np.isnan(let_go.next_roll).all()
    assert np.array_equal(let_go.end_with_current_holds, let_go.now)
    assert np.array_equal(let_go.end_of_turn, kept.end_of_turn)
    assert len(kept.hold_masks) == 2**4
    # Three of a kind from two sixes: the fourth roll is worth taking with the Power die held.
    assert kept.end_of_turn[0] > kept.now[0] == 0


def test_no_roll_left_means_the_dice_stand():
    hint = CLASSIC_ODDS.hint((2, 2, 2, 5, 5), (True, False, False, False, False), rolls_left=0)
    assert hint.rolls_available == 0
    assert np.isnan(hint.next_roll).all()
    assert np.array_equal(hint.end_of_turn, hint.now)
    assert hint.best_hold.all()
    assert hint.now.tolist() == [0, 1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 1]


def test_a_made_box_is_best_held_whole_and_ties_keep_dice():
    hint = CLASSIC_ODDS.hint((1, 2, 3, 4, 5), None, rolls_left=2)
    assert hint.end_of_turn[10] == 1.0 and hint.best_hold[10].all()  # large straight: stop
    assert hint.best_hold[12].all()  # chance is made by anything
    sixes = CLASSIC_ODDS.hint((6, 6, 6, 1, 2), None, rolls_left=1)
    assert sixes.best_hold[11].tolist() == [True, True, True, False, False]


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError):
        TurnOdds(CLASSIC, np.zeros((10, 2)))
    with pytest.raises(ValueError):
        TurnOdds(CLASSIC, np.zeros(252), stop=np.zeros(5, bool))
    with pytest.raises(ValueError):
        CLASSIC_ODDS.hint((1, 2, 3, 4, 5), (True,), rolls_left=1)
    with pytest.raises(ValueError):
        CLASSIC_ODDS.hint(None, None, rolls_left=0)
    with pytest.raises(ValueError):
        CLASSIC_ODDS.table(-1)


def simulate(odds, dice, rolls_left, box, trials, rng):
    """Play the hint's best hold for ``box`` from ``dice``; return how often the box is made."""
    decisions: dict[tuple[tuple[int, ...], int], np.ndarray] = {}
    made = 0
    for _ in range(trials):
        current = list(dice)
        for left in range(rolls_left, 0, -1):
            key = (tuple(sorted(current)), left)
            if key not in decisions:
                hold = odds.hint(sorted(current), None, left).best_hold[box]
                decisions[key] = hold
            hold = decisions[key]
            ordered = sorted(current)
            current = [ordered[i] if hold[i] else int(rng.integers(1, 7)) for i in range(5)]
        made += bool(odds.final[CLASSIC.outcome_index(current), box])
    return made / trials


@pytest.mark.parametrize(
    ("dice", "box"), [((1, 2, 3, 3, 6), 10), ((4, 4, 1, 2, 6), 8), ((5, 5, 5, 2, 1), 11)]
)
def test_best_holds_agree_with_monte_carlo(dice, box):
    rng = np.random.default_rng(sum(dice) * 13 + box)
    trials = 20_000
    predicted = CLASSIC_ODDS.hint(dice, None, rolls_left=2).end_of_turn[box]
    observed = simulate(CLASSIC_ODDS, dice, 2, box, trials, rng)
    stderr = np.sqrt(predicted * (1 - predicted) / trials)
    assert abs(observed - predicted) < 4.5 * stderr + 1e-9


def test_next_roll_agrees_with_monte_carlo():
    rng = np.random.default_rng(7)
    held = (True, True, False, False, False)
    hint = CLASSIC_ODDS.hint((3, 4, 1, 1, 6), held, rolls_left=1)
    trials = 40_000
    rolls = rng.integers(1, 7, size=(trials, 3))
    dice = np.concatenate([np.tile([3, 4], (trials, 1)), rolls], axis=1)
    counts = (dice[:, :, None] == np.arange(1, 7)).sum(axis=1)
    observed = CLASSIC_ODDS.final[CLASSIC.spaces[0].outcome_indices(counts)].mean(axis=0)
    stderr = np.sqrt(hint.next_roll * (1 - hint.next_roll) / trials)
    assert np.all(np.abs(observed - hint.next_roll) <= 4.5 * stderr + 1e-9)
    # Holding 3 and 4, a small straight needs {1,2}, {2,5} or {5,6} among three dice.
    assert 0 < hint.next_roll[9] < 1


def test_faces_given_as_objects_or_numbers_agree():
    a = CLASSIC_ODDS.hint((6, 6, 1, 2, 3), (True, True, False, False, False), 2)
    b = CLASSIC_ODDS.hint([Face(n, None, str(n)) for n in (6, 6, 1, 2, 3)], (1, 1, 0, 0, 0), 2)
    assert np.array_equal(a.end_of_turn, b.end_of_turn) and np.array_equal(a.best_hold, b.best_hold)


def test_turn_odds_are_shared_per_dice_and_boxes():
    boxes = tuple(POWER_MADE)
    a = turn_odds([(D6, 4), POWER], boxes, stop_label="Freeze", extra_label="Power")
    b = turn_odds([D6, D6, D6, D6, POWER], boxes, stop_label="Freeze", extra_label="Power")
    assert a is b
    assert a.stop.sum() == 126 and a.extra_roll.sum() == 126  # 4d6 multisets x one Power face
    assert turn_odds([(D6, 4), POWER], boxes) is not a


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(0, 5), min_size=4, max_size=4),
    st.integers(0, 5),
    st.lists(st.booleans(), min_size=5, max_size=5),
    st.integers(0, 2),
    st.booleans(),
)
def test_power_positions_match_every_ordered_roll(numbers, power_face, held, rolls_left, extra):
    dice = [D6.faces[i] for i in numbers] + [POWER.faces[power_face]]
    odds = turn_odds([(D6, 4), POWER], tuple(POWER_MADE), stop_label="Freeze", extra_label="Power")
    check(odds, reference("power"), dice, held, rolls_left, extra)


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=5, max_size=5), mask5, st.integers(0, 2))
def test_painted_positions_match_every_ordered_roll(faces, held, rolls_left):
    dice = [die.faces[i] for die, i in zip(PAINTED, faces, strict=True)]
    check(turn_odds(PAINTED, tuple(PAINTED_MADE)), reference("painted"), dice, held, rolls_left)


def test_painted_next_roll_agrees_with_monte_carlo():
    rng = np.random.default_rng(11)
    space = dice_space(PAINTED)
    odds = turn_odds(PAINTED, tuple(PAINTED_MADE))
    dice = [die.faces[i] for die, i in zip(PAINTED, (0, 3, 3, 1, 5), strict=True)]
    held = [True, False, True, False, False]
    hint = odds.hint(dice, held, rolls_left=1)
    trials = 20_000
    picks = rng.integers(0, 6, size=(trials, 5))
    hits = np.zeros(odds.n_boxes)
    for row in picks.tolist():
        rolled = [dice[i] if held[i] else PAINTED[i].faces[row[i]] for i in range(5)]
        hits += odds.final[space.outcome_index(rolled)]
    observed = hits / trials
    stderr = np.sqrt(hint.next_roll * (1 - hint.next_roll) / trials)
    assert np.all(np.abs(observed - hint.next_roll) <= 4.5 * stderr + 1e-9)
