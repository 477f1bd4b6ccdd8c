"""The exact end-of-turn solver and the whole-turn census (die by die, by kind), checked on the engine."""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from engines.monopoly_dice import ROLL, MonopolyDiceGame, exact, place_action
from engines.monopoly_dice import rules as R
from engines.monopoly_dice.odds import Position, roll_once_value
from tests.engines.monopoly_dice.helpers import outcome

# Every property die on the board, with faces the dice have (Street P1-P3, Avenue P4-P5, Park Place
# P6, Boardwalk P7).
# COLOUR: Brown complete (the house die plays), best incomplete Green $700 -> Basic $1,300.
# PLAIN: no group complete, best incomplete Dark Blue -> Basic $1,000.
# CHANCY: both Chance-bearing dice show Chance, worth nothing, one of them on Light Blue next to a
# real die (still $200, not more) -> Basic $400 (Orange).
COLOUR = {"P1": "brown", "P2": "pink", "P3": "yellow", "P4": "brown", "P5": "green", "P6": "orange",
          "P7": "railroads"}  # fmt: skip
PLAIN = {"P1": "pink", "P2": "railroads", "P3": "light-blue", "P4": "red", "P5": "green", "P6": "utilities",
         "P7": "dark-blue"}  # fmt: skip
CHANCY = {"P1": "railroads", "P2": "pink", "P3": "light-blue", "P4": "brown", "P5": "orange",
          "P6": ("chance", "light-blue"), "P7": ("chance", "green")}  # fmt: skip
BOARDS = {"colour": (COLOUR, 1300, True), "plain": (PLAIN, 1000, False), "chancy": (CHANCY, 400, False)}


@pytest.fixture(scope="module")
def solver():
    return exact.endgame_solver()


def board_state(board, jailed=(False, False, False), go=0, houses=0, hotels=0):
    """An engine state after a roll with every property die placed as ``board`` says."""
    state = MonopolyDiceGame(1, target=25_000).new_initial_state()
    names = [d.name for d in R.PROPERTY_DICE]
    for name, spec in board.items():
        colour, group = spec if isinstance(spec, tuple) else (spec, spec)
        d = names.index(name)
        state.faces[d] = outcome(d, colour)
        state.placed[d] = R.GROUP_INDEX[group]
    state.rolls = 1
    state.jailed = list(jailed)
    state.go_count, state.houses, state.hotels = go, houses, hotels
    state.house_die_in = state.any_colour_complete()
    return state


def engine_throw(state):
    """Every way one ROLL through the engine ends: ``{(jailed, go, houses, hotels) or "jail": prob}``."""
    result: dict = {}

    def walk(s, p):
        if s.is_chance_node():
            for action, q in s.chance_outcomes():
                child = s.clone()
                child.apply_action(action)
                walk(child, p * q)
            return
        key = "jail" if s.turns[0] else (tuple(s.jailed), s.go_count, s.houses, s.hotels)
        result[key] = result.get(key, 0.0) + p

    rolled = state.clone()
    rolled.apply_action(ROLL)
    walk(rolled, 1.0)
    return result


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_the_engine_agrees_on_the_basic_score(name):
    board, basic, house_die = BOARDS[name]
    state = board_state(board)
    assert state.score_parts()["basic"] == basic
    pos = Position.from_observation(state.to_dict(0))
    assert pos.cup() == () and pos.house_die_next() is house_die


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_values_satisfy_bellman_through_the_engine(solver, name):
    # The solver's transitions come from odds.bank_outcomes; here every throw is played through
    # the engine's own chance nodes instead, and the values must be the fixed point of the rule.
    board, basic, house_die = BOARDS[name]
    houses = range(R.MAX_HOUSES + 1) if house_die else (0,)
    hotels = range(R.MAX_HOTELS + 1) if house_die else (0,)
    checked = 0
    for jailed, go, h, ht in itertools.product(exact.JAIL_STATES, (0, 3), houses, hotels):
        state = board_state(board, jailed, go, h, ht)
        stop = state.score_parts()["turn"]
        roll = sum(
            p * solver.value(basic, key[0], key[1], key[2], key[3], house_die)
            for key, p in engine_throw(state).items()
            if key != "jail"
        )
        value = solver.value(basic, jailed, go, h, ht, house_die)
        assert value == pytest.approx(max(stop, roll), abs=1e-6)
        assert solver.roll_value(basic, jailed, go, h, ht, house_die) == pytest.approx(roll, abs=1e-6)
        checked += 1
    assert checked == len(exact.JAIL_STATES) * 2 * len(houses) * len(hotels)


@pytest.mark.parametrize(
    ("name", "jailed", "houses"),
    [
        ("colour", (True, True, False), 2),
        ("colour", (False, True, True), 4),
        ("chancy", (False, False, True), 0),
    ],
)
def test_values_match_a_brute_force_expectimax_over_the_engine(solver, name, jailed, houses):
    # Optimal play with at most `depth` more rolls, enumerated through the engine; it rises to the
    # solver's value as the depth grows (every roll risks jail, so the tail shrinks geometrically).
    board, basic, house_die = BOARDS[name]

    @cache
    def throw(key):
        return engine_throw(board_state(board, *key))

    @cache
    def best(key, depth):
        stop = float(board_state(board, *key).score_parts()["turn"])
        if depth == 0:
            return stop
        roll = sum(p * best(k, depth - 1) for k, p in throw(key).items() if k != "jail")
        return max(stop, roll)

    start = (jailed, 0, houses, 0)
    brute = best(start, 16)
    value = solver.value(basic, jailed, 0, houses, 0, house_die)
    assert brute <= value + 1e-9
    assert brute == pytest.approx(value, abs=0.05)
    assert best(start, 1) == pytest.approx(max(basic + 1000 * houses, _roll_once(board, jailed, houses)))


def _roll_once(board, jailed, houses):
    return roll_once_value(Position.from_observation(board_state(board, jailed, 0, houses).to_dict(0)))


def test_optimal_is_at_least_the_one_step_rule(solver):
    for name, (board, _, _) in BOARDS.items():
        for jailed in exact.JAIL_STATES:
            pos = Position.from_observation(board_state(board, jailed).to_dict(0))
            value = solver.position_value(pos)
            assert value >= max(pos.turn_score(), roll_once_value(pos)) - 1e-9, (name, jailed)


def test_the_house_die_makes_rolling_on_worth_it(solver):
    # Brown complete, Basic $1,300, one policeman: a house is 1/2 a throw, jail 1/9.
    jailed = (True, False, False)
    assert solver.stop_or_roll(1300, jailed, 0, 0, 0, house_die=True) == "roll"
    assert solver.value(1300, jailed, 0, 0, 0, house_die=True) > 1300 + 500
    # Without the house die the only gain left is GO, and J1 (the GO die) is on a jail square.
    assert solver.stop_or_roll(1300, jailed, 0, 0, 0, house_die=False) == "stop"
    assert solver.value(1300, jailed, 0, 0, 0, house_die=False) == 1300


def test_the_two_plain_jail_dice_are_interchangeable(solver):
    # J2 and J3 are the same die, so which of them is on a jail square cannot change a value: the
    # whole-turn solver counts them (five jail states), this solver keeps them apart (seven).
    assert R.JAIL_DICE[1].faces == R.JAIL_DICE[2].faces
    for flag in (False, True):
        chain = solver.chains[flag]
        values = solver.values[flag]
        swapped = 0
        for i, s in enumerate(chain.states):
            twin = exact.BankState((s.jailed[0], s.jailed[2], s.jailed[1]), s.go_count, s.houses, s.hotels)
            j = chain.index[twin]
            assert values[:, i] == pytest.approx(values[:, j], abs=1e-9)
            swapped += i != j
        assert swapped == len(chain.states) * 4 // 7  # (F,T,F) <-> (F,F,T) and (T,T,F) <-> (T,F,T)


def test_position_value_needs_an_empty_cup(solver):
    state = MonopolyDiceGame(1).new_initial_state()
    with pytest.raises(ValueError, match="every property die"):
        solver.position_value(Position.from_observation(state.to_dict(0)))
    with pytest.raises(ValueError, match="Basic"):
        solver.value(150, (False, False, False), 0, 0, 0, False)


# -- the census ---------------------------------------------------------------------------------------
def test_census_of_one_die_by_hand():
    # P1 (a Street die) has no Chance: six faces, each a group with room -> the full cup and six
    # one-die boards.
    c = exact.census([0])
    assert (c.pairs, c.pairs_by_cup_size, c.pairs_with_colour_complete) == (7, ((0, 6), (1, 1)), 0)
    assert c.throw_outcomes == 6 + 6 * 1  # the full cup throws 6 distinct faces; an empty cup one "throw"
    # P7 (the Boardwalk die): four distinct group faces (Railroads twice) and a Chance for any of
    # the eight colour groups.
    c = exact.census([6])
    assert c.pairs == 1 + 4 + 8
    assert c.states == c.pairs * 7 * (exact.GO_CAP + 1)
    # One die has nothing to interchange: counted by kind, the figures are the same.
    assert (c.kind_pairs, c.kind_states, c.kind_throw_outcomes, c.kind_sweep_evaluations) == (
        c.pairs,
        c.states,
        c.throw_outcomes,
        c.sweep_evaluations,
    )


def test_census_of_two_street_dice_by_hand():
    # P1 and P2 are both Street dice (six group faces each, no Chance). Die by die: the full cup;
    # either die placed on one of its six groups (2 x 6); both placed, on one group (6: Brown and
    # Utilities are then complete, the rest hold two real dice) or on two (15) -> 21 boards with an
    # empty cup; Brown is the one colour group among them.
    bank = 7 * (exact.GO_CAP + 1)
    c = exact.census([0, 1])
    assert (c.pairs, c.pairs_by_cup_size, c.distinct_boards) == (
        1 + 12 + 21,
        ((0, 21), (1, 12), (2, 1)),
        1 + 6 + 21,
    )
    assert c.pairs_with_colour_complete == 1
    assert c.states == 33 * bank + 1 * bank * 10
    # Throws: 6 x 6 from the full cup, 6 from each one-die cup, one "throw" of an empty cup.
    assert c.throw_outcomes == 36 + 12 * 6 + 21
    # By kind, "P1 left" and "P2 left" are one cup (6 one-die pairs instead of 12), and the full cup
    # throws 21 unordered pairs of faces (6 doubles + 15 others) instead of 36 ordered ones.
    assert c.kind_pairs == 1 + 6 + 21
    assert c.kind_states == 27 * bank + 1 * bank * 10
    assert c.kind_throw_outcomes == 21 + 6 * 6 + 21
    assert c.kind_sweep_evaluations == 21 * bank + 6 * 6 * bank + 20 * bank + bank * 10


def _engine_boards(dice):
    """The same census by brute force through the engine: every subset of dice, every face, every
    order of legal placements, summarised from the engine's own board."""
    found = set()
    names = [d.name for d in R.PROPERTY_DICE]
    for size in range(len(dice) + 1):
        for placed in itertools.combinations(dice, size):
            options = [range(len(R.PROPERTY_DICE[d].distinct_faces())) for d in placed]
            for faces in itertools.product(*options):
                state = MonopolyDiceGame(1).new_initial_state()
                state.rolls = 1
                for d, f in zip(placed, faces, strict=True):
                    state.faces[d] = f
                _place_all(state, list(placed), found, dice, names)
    return found


def _place_all(state, left, found, dice, names):
    if not left:
        cup = sum(1 << d for d in dice if state.placed[d] is None)
        board = []
        for g, group in enumerate(R.GROUPS):
            members = state.group_dice(g)
            chance = state.group_has_chance(g)
            full = len(members) == group.squares
            board.append(exact.COMPLETE if full else (len(members) - chance, int(chance)))
        found.add((cup, tuple(board)))
        return
    d = left[0]
    for g in state.place_targets(d):
        child = state.clone()
        child.apply_action(place_action(d, g))
        _place_all(child, left[1:], found, dice, names)


@pytest.mark.parametrize("dice", [(0, 1), (2, 5, 6), (4, 5, 6)])
def test_census_matches_the_engine(dice):
    found = _engine_boards(dice)
    assert exact.reachable_boards(dice) == found
    # By kind: the engine's (cup, board) pairs with the cup as a count per kind, and every throw
    # of each such cup, die by die through the faces, with the dice of a kind made interchangeable.
    by_kind = {}
    for cup, board in found:
        in_cup = [d for d in dice if cup >> d & 1]
        counts = tuple(sum(R.KIND_OF[d] == k for d in in_cup) for k in range(len(R.DIE_KINDS)))
        by_kind[counts, board] = in_cup
    throws = 0
    for in_cup in by_kind.values():
        faces = [R.PROPERTY_DICE[d].distinct_faces() for d in in_cup]
        throws += len({_unordered_by_kind(in_cup, throw) for throw in itertools.product(*faces)})
    c = exact.census(dice)
    assert (c.kind_pairs, c.kind_throw_outcomes) == (len(by_kind), throws)


def _unordered_by_kind(dice, faces):
    """A throw of ``dice`` with the order of the faces forgotten within each kind of die."""
    kinds = range(len(R.DIE_KINDS))
    return tuple(
        tuple(sorted(str(f) for d, f in zip(dice, faces, strict=True) if R.KIND_OF[d] == k)) for k in kinds
    )


def test_the_one_step_rule_is_hards_rule_and_never_beats_the_optimum(solver):
    # Without the house die only GO can still be won and every throw can only worsen the jail
    # squares: a monotone stopping problem, where the one-step rule is optimal. The house die's
    # broken house and Get Out of Jail Free break that, and the rules differ by up to ~$200.
    gaps = {flag: solver.values[flag] - solver.one_step_values(flag) for flag in (False, True)}
    assert abs(gaps[False]).max() < 1e-6
    assert gaps[True].min() > -1e-6 and gaps[True].max() > 100
    for _, (board, basic, house_die) in BOARDS.items():
        for jailed in exact.JAIL_STATES:
            pos = Position.from_observation(board_state(board, jailed).to_dict(0))
            chain, b, s = solver.locate(basic, jailed, 0, 0, 0, house_die)
            assert solver.one_step_rolls(house_die)[b, s] == (roll_once_value(pos) > pos.turn_score())


def test_endgame_gain_counts_are_consistent():
    gain = exact.endgame_gain("medium", turns=40, seed=3)
    assert 0 < gain.arrivals <= gain.turns == 40
    assert gain.arrivals <= gain.decisions
    assert 0 <= gain.disagreements <= gain.decisions
    assert 0 <= gain.gain_per_turn <= gain.max_gain


def test_docstring_examples():
    import doctest

    result = doctest.testmod(exact)
    assert result.attempted > 0 and result.failed == 0
