"""The odds screen's numbers against brute force through the engine and a seeded Monte Carlo."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from engines.core import sample_chance
from engines.monopoly_dice import ROLL, place_action
from engines.monopoly_dice import rules as R
from engines.monopoly_dice.odds import (
    CHANCE_SYMBOL,
    Position,
    best_basic_after,
    completion_chances,
    hint,
    jail_chance,
    outcome_table,
    roll_once_value,
)
from tests.engines.monopoly_dice.helpers import new_state, place, roll


def best_placed_score(state, part="basic"):
    """Brute force: the best score over every way to place (or not) the rolled dice."""
    dice = state.unplaced_rolled()
    best = state.score_parts()[part]
    for combo in itertools.product(*([None, *state.place_targets(d)] for d in dice)):
        trial = state.clone()
        legal = True
        for die, group in zip(dice, combo, strict=True):
            if group is None:
                continue
            action = place_action(die, group)
            if action not in trial.legal_actions():
                legal = False
                break
            trial.apply_action(action)
        if legal:
            best = max(best, trial.score_parts()[part])
    return best


def enumerate_roll(state):
    """Every leaf of the engine's chance nodes after ROLL: (probability, state after)."""
    start = state.clone()
    start.apply_action(ROLL)
    leaves = []

    def walk(s, p):
        if not s.is_chance_node():
            leaves.append((p, s))
            return
        for outcome, q in s.chance_outcomes():
            child = s.clone()
            child.apply_action(outcome)
            walk(child, p * q)

    walk(start, 1.0)
    return leaves


def brute_force(state):
    me, turns = state.player, state.turns[state.player]
    jail = value = 0.0
    for p, leaf in enumerate_roll(state):
        if leaf.turns[me] != turns:
            jail += p
        else:
            value += p * best_placed_score(leaf, "turn")
    return jail, value


def position(state):
    return Position.from_observation(state.to_dict(state.player))


def two_dice_left_with_houses():
    s = new_state()
    roll(s, P1="brown", P2="brown", P3="pink", P4="orange", P5="red", J2="policeman", J3="policeman")
    for die, group in (("P1", "brown"), ("P2", "brown"), ("P3", "pink"), ("P4", "orange"), ("P5", "red")):
        place(s, die, group)
    return s


def two_dice_left_no_house_die():
    s = new_state()
    roll(s, P6="chance", P4="red", P1="light-blue", P2="light-blue", P3="yellow", J1="go", J2="policeman")
    for die, group in (
        ("P6", "red"),
        ("P4", "red"),
        ("P1", "light-blue"),
        ("P2", "light-blue"),
        ("P3", "yellow"),
    ):
        place(s, die, group)
    return s


@pytest.mark.parametrize("make", [two_dice_left_with_houses, two_dice_left_no_house_die])
def test_jail_chance_and_one_more_roll_match_brute_force(make):
    state = make()
    jail, value = brute_force(state)
    pos = position(state)
    assert jail_chance(pos) == pytest.approx(jail, abs=1e-12)
    assert roll_once_value(pos) == pytest.approx(value, rel=1e-12)


def test_completion_chances_match_brute_force():
    state = two_dice_left_no_house_die()
    pos = position(state)
    expected = {}
    free = 0.0
    for p, leaf in enumerate_roll(state):
        if leaf.turns != state.turns:
            continue  # jailed: the dice are independent of the policemen, so condition them away
        free += p
        for g, group in enumerate(R.GROUPS):
            if state.group_complete(g):
                continue
            trial = leaf.clone()
            for die in trial.unplaced_rolled():
                if g in trial.place_targets(die):
                    trial.apply_action(place_action(die, g))
            expected[group.key] = expected.get(group.key, 0.0) + p * trial.group_complete(g)
    got = completion_chances(pos)
    assert got.keys() == expected.keys()
    for key, value in expected.items():
        assert got[key] == pytest.approx(value / free, abs=1e-12), key


def test_best_placement_per_outcome_matches_brute_force():
    rng = np.random.default_rng(5)
    checked = 0
    while checked < 25:
        s = new_state(players=1)
        for _ in range(int(rng.integers(0, 3))):
            s.apply_action(ROLL)
            while s.is_chance_node():
                s.apply_action(sample_chance(s, rng))
            if s.rolls == 0:
                break
            for action in [a for a in s.legal_actions() if a >= 10]:
                if action in s.legal_actions() and rng.random() < 0.5:
                    s.apply_action(action)
        if s.turns[0]:
            continue
        pos = position(s)
        cup = pos.cup()
        s.apply_action(ROLL)
        while s.is_chance_node():
            die = s.pending[0]
            if die in R.PROPERTY_IDS:
                s.apply_action(sample_chance(s, rng))
            else:
                s.apply_action(
                    next(
                        o
                        for o, _ in s.chance_outcomes()
                        if R.ALL_DICE[die].distinct_faces()[o].colour in (R.BLANK, R.HOUSE)
                    )
                )
        counts = np.zeros((1, CHANCE_SYMBOL + 1), dtype=np.int64)
        for die in cup:
            colour = s.face(die).colour
            counts[0, CHANCE_SYMBOL if colour == R.CHANCE else R.GROUP_INDEX[colour]] += 1
        assert int(best_basic_after(pos, counts)[0]) == best_placed_score(s)
        checked += 1


def test_outcome_table_is_the_product_of_the_dice():
    dice = (0, 5, 6)
    counts, probs = outcome_table(dice)
    assert math.isclose(probs.sum(), 1.0)
    expected: dict[tuple, float] = {}
    for faces in itertools.product(*(R.PROPERTY_DICE[d].faces for d in dice)):
        row = [0] * (CHANCE_SYMBOL + 1)
        for face in faces:
            row[CHANCE_SYMBOL if face.colour == R.CHANCE else R.GROUP_INDEX[face.colour]] += 1
        expected[tuple(row)] = expected.get(tuple(row), 0.0) + 1 / 6**3
    assert {tuple(r): p for r, p in zip(counts.tolist(), probs, strict=True)} == pytest.approx(expected)


def test_fresh_turn_numbers_match_a_seeded_monte_carlo():
    """Throw all seven property dice 40,000 times with numpy, independently of the outcome table."""
    rng = np.random.default_rng(2026)
    pos = Position(placed=(None,) * 7, showing=(None,) * 7, jailed=(False,) * 3)
    n = 40_000
    symbols = np.array(
        [
            [CHANCE_SYMBOL if f.colour == R.CHANCE else R.GROUP_INDEX[f.colour] for f in d.faces]
            for d in R.PROPERTY_DICE
        ]
    )
    throws = symbols[np.arange(7), rng.integers(0, 6, size=(n, 7))]
    counts = np.zeros((n, CHANCE_SYMBOL + 1), dtype=np.int64)
    for col in range(7):
        np.add.at(counts, (np.arange(n), throws[:, col]), 1)
    basic = best_basic_after(pos, counts).astype(float)
    police = (rng.integers(0, 6, size=(n, 3)) < 2).sum(axis=1)
    go = rng.integers(0, 6, size=n) == 2  # J1's GO face, independent of its policeman check below
    jail = police == 3
    mc_jail = jail.mean()
    assert jail_chance(pos) == pytest.approx(1 / 27)
    assert abs(mc_jail - 1 / 27) < 4 * math.sqrt(1 / 27 * 26 / 27 / n)
    # Expected turn score = P(no jail) * E[basic] + E[GO money, no jail]; J1 shows GO with 1/6 and
    # then is no policeman, so the GO term is 1/6 * 200 * P(not both J2 and J3 policemen) = 1/6*200*8/9.
    mc_value = basic.mean() * (26 / 27) + 200 / 6 * 8 / 9
    sd = basic.std() / math.sqrt(n)
    assert roll_once_value(pos) == pytest.approx(mc_value, abs=4 * sd)
    for key, p in completion_chances(pos).items():
        g = R.GROUP_INDEX[key]
        have = counts[:, g] + ((counts[:, CHANCE_SYMBOL] > 0) if R.GROUPS[g].colour else 0)
        mc = (have >= R.GROUPS[g].squares).mean()
        assert abs(mc - p) < 4 * math.sqrt(p * (1 - p) / n) + 1e-4, key
    del go, police


def test_hint_has_every_number_of_the_odds_screen():
    h = hint(position(two_dice_left_with_houses()))
    assert [d["name"] for d in h["dice"]] == [d.name for d in R.ALL_DICE]
    assert all(len(d["faces"]) == 6 for d in h["dice"])
    assert 0 < h["jail"] < 1 and h["advice"] in ("roll", "stop")
    assert h["stop_value"] == 600 + 500  # brown complete + the red die (the best incomplete group)
    assert set(h["complete"]) == {g.key for g in R.GROUPS if g.key != "brown"}
