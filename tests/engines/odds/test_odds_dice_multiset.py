"""Dice as data and the identical-dice machinery, against brute force over every ordered roll."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np
import pytest

from engines.odds.dice import D6, Die, Face
from engines.odds.multiset import die_space, multiset_space

JAIL = Die("jail", (Face(label="policeman"),) * 2 + (Face(label="blank"),) * 4)


def test_d6_faces_are_the_numbers_one_to_six():
    assert [face.number for face in D6.faces] == [1, 2, 3, 4, 5, 6]
    assert np.allclose(D6.face_probabilities(), 1 / 6)
    assert D6.face_index(Face(4, None, "4")) == 3


def test_repeated_faces_collapse_into_one_likelier_face():
    assert JAIL.distinct_faces() == (Face(label="policeman"), Face(label="blank"))
    assert JAIL.face_probabilities().tolist() == pytest.approx([1 / 3, 2 / 3], abs=1e-15)
    with pytest.raises(ValueError):
        JAIL.face_index(Face(label="GO"))
    with pytest.raises(ValueError):
        Die("empty", ())
    with pytest.raises(TypeError):
        Die("bad", (1, 2))  # type: ignore[arg-type]


def test_face_text_prefers_the_label():
    assert str(Face(3, "red", "")) == "3 red"
    assert str(Face(None, None, "Freeze")) == "Freeze"
    assert str(Face(5)) == "5"


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 5, 6])
def test_sizes_are_the_multiset_counts(n):
    space = multiset_space(n)
    assert space.n_outcomes == math.comb(n + 5, 5)
    assert space.n_keeps == sum(math.comb(s + 5, 5) for s in range(n + 1))
    assert len(set(space.outcome_tuples)) == space.n_outcomes


def test_five_d6_has_252_rolls_and_462_keeps():
    space = multiset_space(5)
    assert (space.n_outcomes, space.n_keeps, space.sub_keeps.shape[1]) == (252, 462, 32)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_outcome_probabilities_match_every_ordered_roll(n):
    space = multiset_space(n)
    brute = np.zeros(space.n_outcomes)
    for roll in itertools.product(range(6), repeat=n):
        brute[space.outcome_index(roll)] += 6.0**-n
    assert np.abs(space.outcome_probs - brute).max() < 1e-12


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_every_transition_row_matches_every_ordered_reroll(n):
    space = multiset_space(n)
    for k, kept in enumerate(space.keep_tuples):
        brute = np.zeros(space.n_outcomes)
        rolled = n - len(kept)
        for roll in itertools.product(range(6), repeat=rolled):
            brute[space.outcome_index(kept + roll)] += 6.0**-rolled
        assert np.abs(space.transition[k] - brute).max() < 1e-12, kept


def test_uneven_die_matches_the_product_of_its_raw_faces():
    space = die_space(JAIL, 3)
    brute = np.zeros(space.n_outcomes)
    for roll in itertools.product(JAIL.faces, repeat=3):
        brute[space.outcome_index(JAIL.face_index(f) for f in roll)] += 6.0**-3
    assert np.abs(space.outcome_probs - brute).max() < 1e-12
    assert np.abs(space.transition.sum(axis=1) - 1).max() < 1e-12


@pytest.mark.parametrize("n", [1, 3, 5])
def test_allowed_keeps_are_exactly_the_sub_multisets(n):
    space = multiset_space(n)
    for o, roll in enumerate(space.outcome_tuples):
        expected = {
            space.keep_index(sub) for size in range(n + 1) for sub in itertools.combinations(roll, size)
        }
        assert set(space.sub_keeps[o].tolist()) == expected
        assert space.sub_keep_counts[o] == len(expected)
        assert space.full_keep[o] == space.keep_index(roll)
        assert space.keep_tuples[space.full_keep[o]] == roll


@pytest.mark.parametrize("n", [1, 3, 5])
def test_children_add_a_die_parents_take_one_away_levels_sort_by_size(n):
    space = multiset_space(n)
    for k in range(space.n_keeps):
        for face in range(6):
            child = space.children[k, face]
            if space.keep_sizes[k] == n:
                assert child == -1
            else:
                expected = space.keeps[k] + np.eye(6, dtype=np.int64)[face]
                assert np.array_equal(space.keeps[child], expected)
        for face in range(6):
            parent = space.parents[k, face]
            if space.keeps[k, face] == 0:
                assert parent == 0 and space.keep_sizes[0] == 0
            else:
                expected = space.keeps[k] - np.eye(6, dtype=np.int64)[face]
                assert np.array_equal(space.keeps[parent], expected)
    for level, reduced in zip(space.size_levels, space.level_parents, strict=True):
        for row, keep in enumerate(level):
            assert set(reduced[row]) <= set(space.parents[keep])
            assert {tuple(c) for c in reduced.T} == {tuple(c) for c in space.parents[level].T}
    for size, level in enumerate(space.size_levels):
        assert np.all(space.keep_sizes[level] == size)
    assert sum(len(level) for level in space.size_levels) == space.n_keeps


def test_lookups_round_trip_and_take_any_order():
    space = multiset_space(5)
    for i, roll in enumerate(space.outcome_tuples):
        assert space.outcome_index(roll[::-1]) == i
    for k, kept in enumerate(space.keep_tuples):
        assert space.keep_index(kept) == k
    counts = space.outcomes[[3, 100, 251]]
    assert space.outcome_indices(counts).tolist() == [3, 100, 251]
    assert Counter(space.outcome_tuples[space.outcome_index((5, 0, 5, 2, 2))]) == Counter((0, 2, 2, 5, 5))


def test_lookups_refuse_what_is_not_there():
    space = multiset_space(5)
    with pytest.raises(ValueError):
        space.outcome_index((1, 2, 3))
    with pytest.raises(ValueError):
        space.keep_index((1, 2, 3, 4, 5, 0))
    with pytest.raises(ValueError):
        space.outcome_index((1, 2, 3, 4, 6))
    with pytest.raises(ValueError):
        multiset_space(2, (0.5, 0.6))


def test_spaces_are_built_once_and_read_only():
    assert multiset_space(5) is multiset_space(5) is die_space(D6, 5)
    with pytest.raises(ValueError):
        multiset_space(5).transition[0, 0] = 1.0
