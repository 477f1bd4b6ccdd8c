"""The optimal solver against a brute-force expectimax on small sub-games, and its published value.

The brute force below is written from the rules texts, dice by dice: it enumerates every ordered
re-roll and every hold, and applies the Joker conventions itself (only the engine's pure scoring
functions are shared), so it checks the solver's batching, best-hold passes, state pruning and
Joker handling independently.
"""

from __future__ import annotations

import hashlib
import itertools
from functools import cache

import numpy as np
import pytest

from engines.yahtzee import solver as S
from engines.yahtzee.scoring import CLASSIC_BOXES, joker_score, score_box
from engines.yahtzee.solver import (
    ALL_FILLED,
    BOXES,
    CLASSIC,
    DICE_PARTY,
    Solver,
    SolverRules,
    dice_tables,
    layer_states,
    rules_for,
    state_index,
)

KEY = {key: i for i, key in enumerate(BOXES)}
LOWER = range(6, 13)
Y = KEY["yahtzee"]
FIXED_JOKER = {KEY["full_house"], KEY["small_straight"], KEY["large_straight"]}


def brute_force(rules: SolverRules):
    """Expected future score of (mask, upper, bonus) by plain recursion over dice tuples."""
    boxes = rules.boxes
    cap = rules.upper_bonus_threshold

    def choices(mask, bonus, dice):
        open_ = [c for c in range(13) if not mask >> c & 1]
        five = len(set(dice)) == 1
        if rules.joker == "none" or not five or not mask >> Y & 1:
            return [(c, score_box(boxes[c], dice)) for c in open_], 0
        extra = rules.yahtzee_bonus if bonus else 0
        face_box = dice[0] - 1
        if rules.joker == "forced":
            if face_box in open_:
                return [(face_box, 5 * dice[0])], extra
            lower = [c for c in open_ if c in LOWER]
            if lower:
                return [(c, joker_score(boxes[c], dice)) for c in lower], extra
            return [(c, 0) for c in open_], extra
        matching_filled = bool(mask >> face_box & 1)
        out = []
        for c in open_:
            full = c in FIXED_JOKER and matching_filled
            out.append((c, joker_score(boxes[c], dice) if full else score_box(boxes[c], dice)))
        return out, extra

    @cache
    def value(mask, upper, bonus):
        if mask == ALL_FILLED:
            return rules.upper_bonus if upper >= cap else 0.0

        @cache
        def final(dice):
            options, extra = choices(mask, bonus, dice)
            best = -1e9
            for c, points in options:
                up = min(cap, upper + points) if c < 6 else upper
                b = int(points > 0) if c == Y and rules.joker != "none" else bonus
                best = max(best, points + extra + value(mask | 1 << c, up, b))
            return best

        @cache
        def roll_value(dice, left):
            if left == 0 or (rules.stop_on_yahtzee and len(set(dice)) == 1):
                return final(dice)
            holds = {tuple(sorted(k)) for r in range(6) for k in itertools.combinations(dice, r)}
            return max(keep_value(k, left) for k in holds)

        @cache
        def keep_value(kept, left):
            n = 5 - len(kept)
            total = sum(
                weight * roll_value(tuple(sorted(kept + new)), left - 1) for new, weight in rerolls(n)
            )
            return total / 6**n

        return keep_value((), rules.rolls_per_turn)

    return value


@cache
def rerolls(n: int) -> list[tuple[tuple[int, ...], int]]:
    """Every result of rolling ``n`` dice as a sorted tuple, with how many ordered rolls give it."""
    counts: dict[tuple[int, ...], int] = {}
    for ordered in itertools.product(range(1, 7), repeat=n):
        key = tuple(sorted(ordered))
        counts[key] = counts.get(key, 0) + 1
    return list(counts.items())


def mask_with_open(*keys: str) -> int:
    mask = ALL_FILLED
    for key in keys:
        mask &= ~(1 << KEY[key])
    return mask


CASES = [
    # the upper bonus within reach; a YAHTZEE of fives forced into Fives; the bonus flag
    (CLASSIC, ("fives", "chance"), [(0, 0), (45, 1), (58, 1), (63, 0)]),
    # the looser convention: a Full House Joker pays only once Threes is filled
    (rules_for("classic", "free"), ("threes", "full_house"), [(0, 1), (50, 1), (50, 0)]),
    # forced with every lower box filled: an upper box for zero
    (CLASSIC, ("twos", "sixes"), [(40, 1), (0, 0)]),
    # no bonus and no Joker: a five of a kind is no Full House
    (rules_for("classic", "none"), ("yahtzee", "full_house"), [(0, 0)]),
    # Dice Party: rolling stops at once on five of a kind
    (DICE_PARTY, ("yahtzee", "chance"), [(0, 0), (63, 0)]),
    (DICE_PARTY, ("sixes", "large_straight"), [(0, 1), (57, 0)]),
]


@pytest.mark.parametrize(("rules", "open_keys", "starts"), CASES, ids=lambda x: str(x)[:40])
def test_sub_games_match_brute_force(rules, open_keys, starts):
    mask = mask_with_open(*open_keys)
    solver = Solver(rules)
    solver.build(within=mask)
    brute = brute_force(rules)
    for upper, bonus in starts:
        if bonus and not mask >> Y & 1:
            continue
        expected = brute(mask, upper, bonus)
        assert solver.values[state_index(mask, upper, bonus)] == pytest.approx(expected, abs=1e-9), (
            upper,
            bonus,
        )


def test_one_roll_per_turn_matches_brute_force():
    rules = SolverRules(mode="classic", joker="forced", rolls_per_turn=1)
    mask = mask_with_open("ones", "yahtzee", "small_straight", "chance")
    solver = Solver(rules)
    solver.build(within=mask)
    assert solver.values[state_index(mask, 0, 0)] == pytest.approx(brute_force(rules)(mask, 0, 0), abs=1e-9)


def test_keep_and_roll_passes_equal_the_dense_forms():
    dice = dice_tables()
    rng = np.random.default_rng(3)
    rolls = rng.random((252, 7))
    solver = Solver(CLASSIC)
    keep = solver.keep_values(rolls)
    np.testing.assert_allclose(keep, dice.space.transition @ rolls, atol=1e-12)
    np.testing.assert_array_equal(solver.roll_values(keep), keep[dice.sub_keeps].max(1))


def test_small_and_batched_turns_agree():
    solver = Solver(CLASSIC)
    mask = mask_with_open("threes", "four_of_a_kind", "yahtzee", "chance")
    solver.build(within=mask)
    states, _ = layer_states(10, CLASSIC, within=mask)
    batched = solver.turn(states)
    for i in (0, len(states) // 2, len(states) - 1):
        single = solver.turn(states[i : i + 1])
        np.testing.assert_allclose(single.final[:, 0], batched.final[:, i], atol=1e-9)
        np.testing.assert_allclose(single.keep[1][:, 0], batched.keep[1][:, i], atol=1e-9)
        assert single.expected[0] == pytest.approx(batched.expected[i])


def test_hopeless_upper_subtotals_share_one_value():
    mask = mask_with_open("ones", "twos", "chance")
    solver = Solver(CLASSIC)
    solver.build(within=mask)
    # With only Ones and Twos open at most 15 more upper points come: below 48 no bonus is possible.
    values = [solver.values[state_index(mask, up, 0)] for up in (0, 10, 30, 47)]
    assert values == pytest.approx([values[0]] * 4)
    assert solver.values[state_index(mask, 60, 0)] > values[0] + 20


def test_rules_come_from_the_engine():
    assert CLASSIC.boxes is CLASSIC_BOXES
    assert (CLASSIC.upper_bonus_threshold, CLASSIC.upper_bonus, CLASSIC.yahtzee_bonus) == (63, 35, 100)
    assert DICE_PARTY.stop_on_yahtzee and not CLASSIC.stop_on_yahtzee
    with pytest.raises(ValueError):
        rules_for("power")
    with pytest.raises(ValueError):
        rules_for("classic", "loose")


def test_full_classic_table_reaches_the_published_value():
    # Published: 254.5877 with the manual's (forced) Joker rules. The looser convention (254.5896)
    # and no Joker (245.87) are measured with `tvgames solve` (docs/solver.md): three full builds
    # here would cost half a minute of a shared CI machine.
    solver = Solver(CLASSIC)
    assert solver.build() == pytest.approx(254.5877, abs=5e-5)
    assert solver.values[state_index(0, 0, 0)] == pytest.approx(254.587728734, abs=1e-8)
    # The whole table, bit for bit: the same on every machine and with either kernel (the C kernel's
    # loops must do numpy's operations in numpy's order, docs/arm64.md says why).
    assert hashlib.sha256(solver.values.tobytes()).hexdigest() == (
        "423216e6d550bfa39731c41825676458061f31eae1703627b5d7c3d82763796f"
    )
    # A slice of the full table: late-game states against the brute force.
    brute = brute_force(CLASSIC)
    for open_keys, upper, bonus in [
        (("sixes", "yahtzee"), 45, 0),
        (("small_straight", "chance"), 63, 1),
        (("ones", "four_of_a_kind"), 60, 1),
    ]:
        mask = mask_with_open(*open_keys)
        expected = brute(mask, upper, bonus)
        assert solver.values[state_index(mask, upper, bonus)] == pytest.approx(expected, abs=1e-9)


needs_c = pytest.mark.skipif(S.C_KERNEL_MISSING is not None, reason="the C kernel is not built")

KERNEL_CASES = [
    CLASSIC,
    rules_for("classic", "free"),
    rules_for("classic", "none"),
    DICE_PARTY,
    SolverRules(mode="classic", joker="forced", rolls_per_turn=1),
]


def same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape == b.shape and np.array_equal(a.view(np.int64), b.view(np.int64))


@needs_c
@pytest.mark.parametrize("rules", KERNEL_CASES, ids=lambda rules: rules.key)
def test_the_c_kernel_builds_the_numpy_table_bit_for_bit(rules):
    # Seven open boxes: Joker rows with the matching upper box open and filled, lower boxes left or
    # not, both bonus flags. Chunks of 50 leave a short last block in the C kernel's block loops.
    mask = mask_with_open("ones", "threes", "sixes", "full_house", "small_straight", "yahtzee", "chance")
    built = {}
    for kernel in ("c", "numpy"):
        solver = Solver(rules, kernel=kernel)
        solver.build(within=mask, chunk=50, workers=1)
        built[kernel] = solver.values
    assert same_bits(built["c"], built["numpy"])
    assert built["c"][state_index(mask, 0, 0)] > 0


@needs_c
@pytest.mark.parametrize("rules", [CLASSIC, DICE_PARTY], ids=lambda rules: rules.key)
def test_the_c_kernel_turn_tables_equal_the_numpy_ones(rules):
    # turn() (the simulator reads its keep tables) takes the kernel's row passes, not the block pass.
    mask = mask_with_open("twos", "fives", "four_of_a_kind", "large_straight", "yahtzee", "chance")
    c, numpy = Solver(rules, kernel="c"), Solver(rules, kernel="numpy")
    c.build(within=mask)
    numpy.values[:] = c.values
    states, _ = layer_states(9, rules, within=mask)
    got, want = c.turn(states), numpy.turn(states)
    assert len(states) > 2 * S.SMALL_BATCH
    for name in ("final", "expected"):
        assert same_bits(getattr(got, name), getattr(want, name)), name
    for a, b in zip(got.keep + got.roll, want.keep + want.roll, strict=True):
        assert same_bits(a, b)
    assert same_bits(c.expected(states), want.expected)


@needs_c
def test_the_c_kernel_refuses_arrays_that_do_not_fit():
    from engines.yahtzee import _turnkernel

    best = np.zeros((4, 3))
    with pytest.raises(IndexError, match="index 9"):  # row 9 of a 4-row table
        _turnkernel.max_rows(best, np.array([1, 2]), np.array([[0, 0], [9, 0]]))
    with pytest.raises(TypeError):  # float32 where float64 is wanted
        _turnkernel.max_rows(best.astype(np.float32), np.array([1]), np.array([[0]]))
    table = np.zeros(8192 * 64 * 2)
    states = np.array([1, 2, 3]), np.array([0, 64, 0]), np.array([0, 0, 1])  # upper 64 is off the table
    scores, rolls = np.zeros((13, 4), np.int64), np.zeros((4, 6), np.int64)
    with pytest.raises(ValueError, match="outside the table"):
        _turnkernel.final(best, table, *states, scores, rolls, 63, True)
    with pytest.raises(ValueError, match="wrong shape"):
        _turnkernel.final(best, table[:-1], *states, scores, rolls, 63, True)
    assert not best.any()


def test_the_build_says_which_kernel_ran(monkeypatch):
    assert S.default_kernel() == ("numpy" if S.C_KERNEL_MISSING else "c")
    assert Solver(CLASSIC).kernel == S.default_kernel()
    with pytest.raises(ValueError):
        Solver(CLASSIC, kernel="fortran")
    monkeypatch.setattr(S, "_turnkernel", None)
    assert S.default_kernel() == "numpy"
    with pytest.raises(ValueError):
        Solver(CLASSIC, kernel="c")
