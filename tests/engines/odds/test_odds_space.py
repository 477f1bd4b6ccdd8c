"""Rolls of several kinds of dice (Painted, Power): the product space against brute force over faces."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest

from engines.odds.dice import D6, Die, Face
from engines.odds.space import dice_space

COLOURS = ("blue", "red", "purple", "green", "yellow")
PAINTED = tuple(
    Die(f"painted {d}", tuple(Face(n, COLOURS[(d + n) % 5], "") for n in range(1, 7))) for d in range(5)
)
POWER = Die(
    "power",
    tuple(Face(n, None, str(n)) for n in (1, 2, 3))
    + (Face(None, None, "Freeze"), Face(None, None, "Double"), Face(None, None, "Power")),
)
GO_JAIL = Die("jail+go", (Face(label="policeman"),) * 2 + (Face(label="GO"),) + (Face(label="blank"),) * 3)


def brute_distribution(space, dice, held):
    """Distribution over the space's outcomes by re-rolling the unheld physical dice face by face."""
    physical = [die for die, count in space.groups for _ in range(count)]
    rolled = [i for i, h in enumerate(held) if not h]
    dist = np.zeros(space.n_outcomes)
    options = list(itertools.product(*(physical[i].faces for i in rolled)))
    for faces in options:
        new = list(dice)
        for i, face in zip(rolled, faces, strict=True):
            new[i] = face
        dist[space.outcome_index(new)] += 1 / len(options)
    return dist


@pytest.mark.parametrize(
    "groups",
    [list(PAINTED), [(D6, 3), POWER], [(D6, 2), GO_JAIL, (D6, 1)]],
    ids=["painted", "3d6+power", "mixed"],
)
def test_outcome_probabilities_match_the_product_of_faces(groups):
    space = dice_space(groups)
    assert brute_distribution(space, [None] * space.n_dice, [False] * space.n_dice) == pytest.approx(
        space.outcome_probs, abs=1e-12
    )
    assert abs(space.outcome_probs.sum() - 1) < 1e-12


def test_painted_is_five_groups_and_power_two():
    assert dice_space(PAINTED).outcome_shape == (6,) * 5
    assert dice_space([(D6, 5), POWER]).outcome_shape == (252, 6)
    assert dice_space([D6] * 5) is dice_space([(D6, 5)])
    assert dice_space([(D6, 5), POWER]).n_keeps == 462 * 7


@pytest.mark.parametrize("seed", range(6))
def test_reroll_distribution_matches_brute_force(seed):
    rng = np.random.default_rng(seed)
    for groups in (list(PAINTED), [(D6, 4), POWER]):
        space = dice_space(groups)
        physical = [die for die, count in space.groups for _ in range(count)]
        dice = [die.faces[rng.integers(len(die.faces))] for die in physical]
        held = rng.random(space.n_dice) < 0.5
        brute = brute_distribution(space, dice, held)
        assert np.abs(space.roll_distribution(dice, held) - brute).max() < 1e-12


def test_transition_rows_are_kronecker_products_of_the_groups():
    space = dice_space([(D6, 2), POWER, (D6, 1)])
    keeps = np.arange(space.n_keeps)
    rows = space.transition_rows(keeps)
    parts = np.unravel_index(keeps, space.keep_shape)
    for k in range(0, space.n_keeps, 7):
        factors = [s.transition[p[k]] for s, p in zip(space.spaces, parts, strict=True)]
        expected = np.kron(np.kron(factors[0], factors[1]), factors[2])
        assert np.abs(rows[k] - expected).max() < 1e-15


def test_expect_and_best_keep_agree_with_dense_matrices():
    space = dice_space([(D6, 2), POWER])
    rng = np.random.default_rng(3)
    values = rng.random((space.n_outcomes, 3))
    dense = space.transition_rows(np.arange(space.n_keeps))
    assert np.abs(space.expect(values) - dense @ values).max() < 1e-13
    keep_values = rng.random((space.n_keeps, 3))
    best = space.best_keep(keep_values)
    for o in range(space.n_outcomes):
        faces = space.outcome_faces(o)
        masks = itertools.product((False, True), repeat=space.n_dice)
        allowed = [space.keep_index(faces, m) for m in masks]
        assert np.array_equal(best[o], keep_values[allowed].max(axis=0))


def test_positions_take_faces_or_numbers_in_any_order():
    space = dice_space([(D6, 5), POWER])
    freeze = Face(None, None, "Freeze")
    a = space.outcome_index([6, 2, 2, 5, 1, freeze])
    b = space.outcome_index([Face(1, None, "1"), 2, 5, 2, 6, freeze])
    assert a == b
    assert [str(f) for f in space.outcome_faces(a)] == ["1", "2", "2", "5", "6", "Freeze"]
    with pytest.raises(ValueError):
        space.outcome_index([1, 2, 3, 4, 5])
    with pytest.raises(ValueError):
        space.outcome_index([1, 2, 3, 4, 5, 6])  # the Power die has no 6
    with pytest.raises(TypeError):
        space.outcome_index([1, 2, 3, 4, 5, "Freeze"])
    with pytest.raises(ValueError):
        dice_space([])


def test_face_counts_and_sums_match_the_faces():
    space = dice_space(PAINTED)
    counts = space.face_counts(lambda f: f.colour, COLOURS)
    numbers = space.face_counts(lambda f: f.number, range(1, 7))
    sums = space.face_sums(lambda f: f.number)
    blue = space.face_sums(lambda f: f.number if f.colour == "blue" else 0)
    for o in range(0, space.n_outcomes, 37):
        faces = space.outcome_faces(o)
        by_colour = Counter(f.colour for f in faces)
        assert counts[o].tolist() == [by_colour[c] for c in COLOURS]
        by_number = Counter(f.number for f in faces)
        assert numbers[o].tolist() == [by_number[n] for n in range(1, 7)]
        assert sums[o] == sum(f.number for f in faces)
        assert blue[o] == sum(f.number for f in faces if f.colour == "blue")
    power = dice_space([(D6, 5), POWER])
    shows = power.shows("Power")
    assert shows.mean() == pytest.approx(1 / 6) and power.outcome_probs[shows].sum() == pytest.approx(1 / 6)


def test_collapse_by_signature_keeps_the_probabilities():
    space = dice_space(PAINTED)

    def signature(faces):
        colours = Counter(f.colour for f in faces)
        return tuple(sorted(f.number for f in faces)), tuple(sorted(colours.values()))

    keys, inverse = space.collapse(signature)
    collapsed = np.bincount(inverse, weights=space.outcome_probs)
    brute = Counter()
    for roll in itertools.product(*(die.faces for die in PAINTED)):
        brute[signature(roll)] += 6.0**-5
    assert len(keys) == len(brute)
    assert max(abs(collapsed[i] - brute[key]) for i, key in enumerate(keys)) < 1e-12


def test_rows_and_per_box_functions_give_the_same_table():
    space = dice_space([(D6, 2), POWER])
    boxes = [lambda f: f[0].number + f[1].number, lambda f: f[-1].label == "Freeze"]
    by_box = space.evaluate(boxes)
    by_row = space.evaluate_rows(lambda f: [box(f) for box in boxes])
    assert by_box.shape == by_row.shape == (21 * 6, 2)
    assert np.array_equal(by_box, by_row)
    assert by_box[:, 1].sum() == 21


def test_collapse_by_count_rows_matches_the_function_form():
    space = dice_space(PAINTED)
    rows = np.hstack(
        [space.face_counts(lambda f: f.number, range(1, 7)), space.face_counts(lambda f: f.colour, COLOURS)]
    )
    keys, inverse = space.collapse(rows)

    def signature(faces):
        numbers, colours = Counter(f.number for f in faces), Counter(f.colour for f in faces)
        return tuple(numbers[n] for n in range(1, 7)) + tuple(colours[c] for c in COLOURS)

    fn_keys, fn_inverse = space.collapse(signature)
    assert sorted(keys) == sorted(fn_keys)
    by_array = dict(zip(keys, np.bincount(inverse, weights=space.outcome_probs), strict=True))
    by_function = dict(zip(fn_keys, np.bincount(fn_inverse, weights=space.outcome_probs), strict=True))
    assert max(abs(by_array[k] - by_function[k]) for k in keys) < 1e-15
