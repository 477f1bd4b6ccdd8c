"""The exact Monopoly Dice turn, checked against the engine's own rules.

The whole turn takes minutes to solve, so these tests solve the rest of a turn from a position a
few dice before its end (``TurnSolver(start=...)``: the same programme, fewer levels). Every value
must then be the fixed point of the Bellman optimality equation computed through the engine: every
chance outcome of a ROLL (die by die, as the engine throws them) and every sequence of the
engine's legal placement actions after it, a third policeman scoring nothing. A fixed point of that
equation is the optimal value, so this pins the table down exactly.
"""

from __future__ import annotations

import numpy as np
import pytest

from engines.monopoly_dice import END_TURN, ROLL, MonopolyDiceState, odds, place_action
from engines.monopoly_dice import rules as R
from engines.monopoly_dice import solver as S
from engines.monopoly_dice import turn_table as TT
from engines.monopoly_dice.ai import make_player
from engines.monopoly_dice.game import _is_place, decode_place
from engines.monopoly_dice.odds import Position
from tests.engines.monopoly_dice.helpers import new_state, place, roll


def position(state: MonopolyDiceState) -> Position:
    return Position.from_observation(state.to_dict(state.current_player()))


def solve_from(state: MonopolyDiceState) -> TT.TurnTable:
    """The rest of the turn from ``state``, solved exactly (float32 values, as the table is saved)."""
    start = TT.position_pair(position(state))
    return TT.TurnTable(S.TurnSolver(start=start).solve())


def colour_turn() -> MonopolyDiceState:
    """Brown complete (the house die plays), two Light Blue dice and a Red die down: P6 and P7
    (the Park Place and Boardwalk dice, both with a Chance) still to throw."""
    state = new_state()
    roll(state, P1="brown", P4="brown", P2="light-blue", P3="light-blue", P5="red")
    for die, group in (
        ("P1", "brown"),
        ("P4", "brown"),
        ("P2", "light-blue"),
        ("P3", "light-blue"),
        ("P5", "red"),
    ):
        place(state, die, group)
    return state


def plain_turn() -> MonopolyDiceState:
    """Two Red dice, a Yellow and an Orange die down, one policeman: P1, P2, P6 still to throw."""
    state = new_state()
    roll(state, P4="red", P5="red", P3="yellow", P7="orange", J2="policeman")
    for die, group in (("P4", "red"), ("P5", "red"), ("P3", "yellow"), ("P7", "orange")):
        place(state, die, group)
    return state


@pytest.fixture(scope="module")
def colour_case() -> tuple[MonopolyDiceState, TT.TurnTable]:
    state = colour_turn()
    return state, solve_from(state)


@pytest.fixture(scope="module")
def plain_case() -> tuple[MonopolyDiceState, TT.TurnTable]:
    state = plain_turn()
    return state, solve_from(state)


def best_after_roll(
    state: MonopolyDiceState, table: TT.TurnTable, player: int, turns: int, first_die: int = 0
) -> float:
    """After the dice landed: the best of every set of legal placements (made in die order, so each
    set once), then stop or roll on."""
    if state.turns[player] != turns:  # the third policeman ended the turn
        return 0.0
    best = table.value(position(state))
    for action in state.legal_actions():
        if _is_place(action) and decode_place(action)[0] >= first_die:
            child = state.clone()
            child.apply_action(action)
            best = max(best, best_after_roll(child, table, player, turns, decode_place(action)[0] + 1))
    return best


def engine_roll_value(state: MonopolyDiceState, table: TT.TurnTable) -> float:
    """Roll from ``state`` through the engine's chance nodes, valuing what follows by the table."""
    player, turns = state.current_player(), state.turns[state.current_player()]

    def expand(node: MonopolyDiceState) -> float:
        if not node.is_chance_node():
            return best_after_roll(node, table, player, turns)
        total = 0.0
        for outcome, p in node.chance_outcomes():
            child = node.clone()
            child.apply_action(outcome)
            total += p * expand(child)
        return total

    start = state.clone()
    start.apply_action(ROLL)
    return expand(start)


@pytest.mark.parametrize("case", ["colour_case", "plain_case"])
def test_every_value_is_the_bellman_fixed_point_through_the_engine(case, request):
    state, table = request.getfixturevalue(case)
    # the position itself, and positions reached from it by one scripted throw
    states = [state]
    follow = state.clone()
    roll(follow, **({"H": "house"} if state.any_colour_complete() else {}))
    states.append(follow)
    for s in states:
        pos = position(s)
        assert table.roll_value(pos) == pytest.approx(engine_roll_value(s, table), abs=1e-3)


def test_the_optimal_turn_is_worth_at_least_any_simple_rule(plain_case, colour_case):
    for state, table in (plain_case, colour_case):
        pos = position(state)
        exact = table.value(pos)
        assert exact >= pos.turn_score() - 1e-9
        assert exact >= odds.roll_once_value(pos) - 1e-6  # "one more roll, then stop" is a policy
        assert exact > odds.roll_once_value(pos) + 1.0  # and here looking further pays


def state_after_roll(state: MonopolyDiceState) -> MonopolyDiceState:
    """The colour turn after a throw: P7 shows Chance, P6 Light Blue, the house die a house."""
    after = state.clone()
    roll(after, P7="chance", P6="light-blue", H="house")
    return after


def test_placements_cover_every_legal_placement(colour_case):
    state, table = colour_case
    after = state_after_roll(state)
    pos = position(after)
    outcomes = table.placements(pos)
    # the engine's placement sequences reach exactly these distinct boards
    seen = set()

    def walk(s: MonopolyDiceState) -> None:
        seen.add(TT.position_pair(position(s)))
        for action in s.legal_actions():
            if _is_place(action):
                child = s.clone()
                child.apply_action(action)
                walk(child)  # every order: the set of boards must not depend on it

    walk(after)
    assert len(outcomes) == len(seen)
    best_moves, best_value = outcomes[0]
    assert best_value == pytest.approx(best_after_roll(after, table, 0, 0), abs=1e-9)
    assert best_value == max(value for _, value in outcomes)
    replay = after.clone()
    for die, group in best_moves:
        replay.apply_action(place_action(die, group))
    assert table.value(position(replay)) == pytest.approx(best_value, abs=1e-9)


def test_hard_plays_the_table_when_it_has_one(colour_case, monkeypatch):
    state, table = colour_case
    monkeypatch.setattr(TT, "_loaded", table)
    after = state_after_roll(state)
    hard = make_player("hard")
    moves = []
    while True:
        action = hard(after)
        if not _is_place(action):
            break
        moves.append(action)
        after.apply_action(action)
    expected = table.best_placement(position(state_after_roll(state)))
    assert moves == [place_action(d, g) for d, g in expected]
    pos = position(after)
    assert (action == ROLL) == (table.roll_value(pos) > pos.turn_score() + 1e-6)
    assert action in (ROLL, END_TURN)
    hint = odds.hint(pos)
    assert hint["roll_kind"] == "best"
    assert hint["roll_value"] == pytest.approx(table.roll_value(pos))


def test_without_a_table_hard_and_the_hint_look_one_roll_ahead(monkeypatch):
    monkeypatch.setattr(TT, "_loaded", None)
    monkeypatch.setattr(TT, "_preparer", TT._NO_PREPARER)
    pos = position(plain_turn())
    hint = odds.hint(pos)
    assert hint["roll_kind"] == "once"
    assert hint["roll_value"] == pytest.approx(odds.roll_once_value(pos))


def test_a_saved_table_loads_and_a_damaged_one_is_refused(plain_case, tmp_path):
    _, table = plain_case
    arrays = {
        "plain_keys": table.keys[0],
        "plain_roll": table.rolls[0],
        "colour_keys": table.keys[1],
        "colour_roll": table.rolls[1],
    }
    path = tmp_path / "table.npz"
    TT.save_arrays(arrays, path)
    loaded = TT.load_table(path)
    assert loaded is not None
    pos = position(plain_turn())
    assert loaded.roll_value(pos) == pytest.approx(table.roll_value(pos), rel=1e-6)  # float32 on disk
    path.write_bytes(path.read_bytes()[:200])
    assert TT.load_table(path) is None
    assert TT.load_table(tmp_path / "missing.npz") is None


def test_the_table_file_name_follows_the_dice(monkeypatch):
    before = TT.fingerprint()
    changed = list(R.PROPERTY_DICE)
    changed[0], changed[6] = changed[6], changed[0]
    monkeypatch.setattr(R, "PROPERTY_DICE", tuple(changed))
    assert TT.fingerprint() != before


def test_kinds_and_bank_states():
    kinds = S.kinds_of()
    assert [kind.dice for kind in kinds] == [(0, 1, 2), (3, 4), (5,), (6,)]
    assert [len(kind.symbols) for kind in kinds] == [6, 5, 5, 5]  # a face twice on a die is one symbol
    matrix, money = S.bank_matrix(True)
    assert matrix.shape == (S.S_COLOUR, S.S_COLOUR)
    # rows sum to the chance of not going to jail on the throw (Get Out of Jail Free rescues)
    start = S.substate((0, 0), 0, (0, 0))
    assert matrix[start].sum() == pytest.approx(1 - (1 / 3) ** 3 * 5 / 6)
    assert money[S.substate((1, 1), 3, (4, 1))] == 3 * 200 + 4 * 1_000 + 5_000
    plain, _ = S.bank_matrix(False)
    assert np.allclose(
        plain.sum(axis=1)[: S.NJ],
        [1 - (1 / 3) ** 3, 1 - (1 / 3) ** 2, 1 - 1 / 3, 1 - (1 / 3) ** 2, 1 - 1 / 3],
    )


def test_the_background_build_runs_in_another_process_and_saves_the_table(
    tmp_path, monkeypatch, engine_runtime
):
    from app.work import run_in_process

    engine_runtime.set_cache_dir(tmp_path)
    engine_runtime.set_build_runner(run_in_process)
    monkeypatch.setattr(TT, "_loaded", None)
    state = plain_turn()
    start = TT.position_pair(position(state))
    prep = TT.TablePreparer(start=start)  # the rest of a turn: seconds, not minutes
    assert prep.wait(120) and prep.error is None
    assert prep.progress == 1.0 and TT.table_path().exists()
    table = TT.loaded_table()
    assert table.roll_value(position(state)) == pytest.approx(
        solve_from(state).roll_value(position(state)), rel=1e-6
    )


needs_c = pytest.mark.skipif(S.C_KERNEL_MISSING is not None, reason=str(S.C_KERNEL_MISSING))


def four_dice_turn() -> MonopolyDiceState:
    """A Brown, a Red and a Light Blue die down, four dice still to throw (Brown can complete)."""
    state = new_state()
    roll(state, P1="brown", P4="red", P2="light-blue")
    for die, group in (("P1", "brown"), ("P4", "red"), ("P2", "light-blue")):
        place(state, die, group)
    return state


@needs_c
def test_the_c_kernel_builds_the_numpy_kernels_table():
    start = TT.position_pair(position(four_dice_turn()))
    by = {kernel: S.TurnSolver(start=start, kernel=kernel).solve() for kernel in ("numpy", "c")}
    for name in ("plain", "colour"):
        assert np.array_equal(by["c"][f"{name}_keys"], by["numpy"][f"{name}_keys"])
        c, reference = by["c"][f"{name}_roll"], by["numpy"][f"{name}_roll"]
        assert c.shape == reference.shape and c.size
        # the same programme; the values are float32, so a sum rounded the other way moves an ulp
        np.testing.assert_allclose(c, reference, rtol=5e-7, atol=1e-4)


@needs_c
def test_the_c_policy_evaluation_and_products_match_numpy():
    rng = np.random.default_rng(16)
    width, pairs = 25, 300
    matrix = rng.random((width, width)) / width  # a throw: rows sum to under 1 (jail scores nothing)
    a = rng.random((pairs, width)) * 3000
    b = rng.random((pairs, width))
    known = rng.random((pairs, width)) * 100
    stop = rng.random((pairs, width)) * 2000
    roll = rng.random((pairs, width)) < 0.6
    roll[:10] = False  # pairs that throw nowhere keep their stop values
    c, reference = S.CKernel(), S.NumpyKernel()
    np.testing.assert_allclose(
        c.evaluate(matrix, a, b, known, stop, roll),
        reference.evaluate(matrix, a, b, known, stop, roll),
        rtol=1e-12,
    )
    np.testing.assert_allclose(c.times(a, matrix, known), reference.times(a, matrix, known), rtol=1e-12)
    np.testing.assert_allclose(c.times(a, matrix), a @ matrix.T, rtol=1e-12)


@needs_c
def test_the_c_kernel_refuses_arrays_that_do_not_fit():
    from engines.monopoly_dice import _turnkernel

    out = np.zeros((4, 5), dtype=np.float32)
    below = np.zeros((3, 5), dtype=np.float32)
    counts = np.ones(4, dtype=np.uint8)
    skip = np.full(4, -1, dtype=np.int32)
    with pytest.raises(ValueError, match="outside the level below"):  # row 7 of 3
        _turnkernel.wplus(out, below, below, counts, np.asarray([0, 1, 7], dtype=np.int32), skip, 1, 3)
    with pytest.raises(TypeError):  # float64 where float32 is wanted
        _turnkernel.wplus(out.astype(np.float64), below, below, counts, np.zeros(3, np.int32), skip, 1, 3)


def test_the_build_says_which_kernel_ran(monkeypatch):
    assert S.default_kernel() == ("numpy" if S.C_KERNEL_MISSING else "c")
    with pytest.raises(ValueError):
        S.TurnSolver(kernel="fortran")
    monkeypatch.setattr(S, "_turnkernel", None)
    assert S.default_kernel() == "numpy"
    with pytest.raises(ValueError):
        S.TurnSolver(kernel="c")
