"""Distinct dice collapsed by additive signatures (Monopoly Dice style), against brute force."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest

from engines.odds.dice import D6, Die, Face
from engines.odds.signature import reroll_signature_distribution, signature_distribution

POLICE, BLANK, GO, CHANCE = (Face(label=x) for x in ("policeman", "blank", "GO", "chance"))
JAIL = Die("jail", (POLICE,) * 2 + (BLANK,) * 4)
JAIL_GO = Die("jail go", (POLICE,) * 2 + (GO,) + (BLANK,) * 3)
GROUPS = ("brown", "blue", "pink", "rail")
PROPERTY = [
    Die(f"property {d}", tuple(Face(100 * (i + 1), GROUPS[(d + i) % 4], "") for i in range(5)) + (CHANCE,))
    for d in range(3)
]
DICE = [JAIL, JAIL, JAIL_GO, *PROPERTY]


def feature(face):
    return [face == POLICE, face == GO, face == CHANCE] + [face.colour == g for g in GROUPS]


def brute(dice, faces=None, held=None):
    faces = faces or [None] * len(dice)
    held = held or [False] * len(dice)
    options = [[f] if h else list(d.faces) for d, f, h in zip(dice, faces, held, strict=True)]
    total = Counter()
    n = np.prod([len(o) for o in options])
    for roll in itertools.product(*options):
        total[tuple(int(v) for v in np.sum([feature(f) for f in roll], axis=0))] += 1 / n
    return total


def test_whole_roll_matches_every_ordered_roll():
    dist = signature_distribution(DICE, feature)
    expected = brute(DICE)
    got = dist.as_dict()
    assert got.keys() == expected.keys()
    assert max(abs(got[k] - expected[k]) for k in got) < 1e-12
    assert abs(dist.probs.sum() - 1) < 1e-12
    assert list(map(tuple, dist.signatures)) == sorted(map(tuple, dist.signatures))


@pytest.mark.parametrize("seed", range(4))
def test_reroll_with_holds_matches_brute_force(seed):
    rng = np.random.default_rng(seed)
    faces = [die.faces[rng.integers(6)] for die in DICE]
    held = list(rng.random(len(DICE)) < 0.4)
    dist = reroll_signature_distribution(DICE, faces, held, feature)
    expected = brute(DICE, faces, held)
    got = dist.as_dict()
    assert got.keys() == expected.keys()
    assert max(abs(got[k] - expected[k]) for k in got) < 1e-12


def test_queries_and_errors():
    dist = signature_distribution([JAIL] * 3, lambda f: [f == POLICE])
    assert dist.probability([3]) == pytest.approx(1 / 27, abs=1e-15)
    assert dist.probability([4]) == 0.0
    assert dist.where(dist.signatures[:, 0] >= 2) == pytest.approx(7 / 27, abs=1e-15)
    with pytest.raises(ValueError):
        reroll_signature_distribution([JAIL], [GO], [True], feature)
    with pytest.raises(ValueError):
        reroll_signature_distribution([JAIL, JAIL], [POLICE], [True], feature)
    with pytest.raises(ValueError):
        signature_distribution([JAIL, D6], lambda f: [1] * (1 + (f.number or 0) % 2))


def test_all_held_is_certain():
    dist = reroll_signature_distribution(PROPERTY, [d.faces[0] for d in PROPERTY], [True] * 3, feature)
    assert dist.probs.tolist() == [1.0]


def test_ten_dice_take_one_step_per_die():
    big = [JAIL, JAIL, JAIL_GO, *(PROPERTY * 2), PROPERTY[0]]
    dist = signature_distribution(big, feature)
    police = dist.signatures[:, 0]
    # Three jail dice, each a policeman with probability 1/3, independently of the rest.
    assert dist.where(police == 3) == pytest.approx(1 / 27, abs=1e-13)
    assert dist.where(police == 0) == pytest.approx(8 / 27, abs=1e-13)
    assert len(dist.probs) < 6**10
