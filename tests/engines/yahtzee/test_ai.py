"""The Classic and Dice Party players, the analysis API, the batched simulation and `tvgames solve`.

The optimal player is tested on late-game positions with a table built only for that sub-game
(installed as the loaded table), so no test here pays for a full build.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from yahtzee_helpers import new_state, roll

from engines.core import TERMINAL, play_out
from engines.yahtzee import ai
from engines.yahtzee.players import make_player
from engines.yahtzee.solver import ALL_FILLED, BOXES, CLASSIC, DICE_PARTY, Solver, state_index
from engines.yahtzee.solver_sim import play_cards
from engines.yahtzee.solver_table import _loaded, load_table, save_table, table_path

OPEN = ("threes", "full_house", "yahtzee", "chance")
MASK = ALL_FILLED & ~sum(1 << BOXES.index(k) for k in OPEN)


def late_cards(open_keys=OPEN) -> dict[str, int]:
    """Every box but ``open_keys`` filled with zero."""
    return {key: 0 for key in BOXES if key not in open_keys}


@pytest.fixture
def sub_game_table(monkeypatch):
    """Install tables built only for the late-game positions below (Classic and Dice Party)."""
    solvers = {}
    for rules in (CLASSIC, DICE_PARTY):
        solver = Solver(rules)
        solver.build(within=MASK)
        monkeypatch.setitem(_loaded, rules, solver)
        solvers[rules.mode] = solver
    return solvers


class ObservationOnly:
    """A state stand-in offering only what a player may look at."""

    def __init__(self, state):
        self._state = state

    def legal_actions(self):
        return self._state.legal_actions()

    def current_player(self):
        return self._state.current_player()

    def to_dict(self, player):
        return self._state.to_dict(player)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize(("name", "players"), [("yahtzee-classic", 1), ("dice-party", 2)])
def test_players_finish_late_games_reading_only_the_observation(sub_game_table, level, name, players):
    rng = np.random.default_rng(11)
    for _ in range(3):
        state = new_state(name, players, {p: late_cards() for p in range(players)})
        player = make_player(level, state.game, np.random.default_rng(2))
        while state.current_player() != TERMINAL:
            if state.is_chance_node():
                state.apply_action(int(rng.integers(6)))
            else:
                state.apply_action(player(ObservationOnly(state)))
        assert state.is_terminal()


def test_heuristic_players_play_whole_games_and_medium_beats_easy():
    means = {}
    for level in ("easy", "medium"):
        game = new_state("yahtzee-classic").game
        player = make_player(level, game, np.random.default_rng(1))
        rng = np.random.default_rng(4)
        scores = [play_out(game.new_initial_state(), rng, player).returns()[0] for _ in range(12)]
        means[level] = np.mean(scores)
    assert means["medium"] > means["easy"] + 15
    assert means["medium"] > 200


def test_hard_takes_the_best_option_of_the_analysis(sub_game_table):
    state = new_state("yahtzee-classic", 1, {0: late_cards()})
    roll(state, [3, 3, 3, 5, 6])
    options = ai.analyse(state)
    assert ai.analysis_is_exact(state.game)
    assert options[0].expected == max(o.expected for o in options)
    assert ai.points_lost(options, options[0].action) == 0
    assert all(ai.points_lost(options, o.action) >= 0 for o in options)
    keep_threes = ai.points_lost(options, ai.hold_action([3, 3, 3]))
    keep_nothing = ai.points_lost(options, ai.hold_action([]))
    assert keep_threes < keep_nothing
    with pytest.raises(ValueError):
        ai.points_lost(options, "hold 1 1")
    assert {o.box for o in options if o.box} == set(OPEN)
    # the best hold's value is the table's value of this roll with two rolls left
    solver = sub_game_table["classic"]
    tables = solver.turn(np.array([state_index(MASK, 0, 0)]))
    r = solver.dice.roll_of([3, 3, 3, 5, 6])
    assert options[0].expected == pytest.approx(tables.roll[2][r, 0])
    assert options[0].hold is not None and options[0].hold.count(3) == 3
    hard = make_player("hard", state.game, np.random.default_rng(0))
    hold = ai.holds_for(state.numbers(), options[0].hold)
    for _ in range(5):
        action = hard(state)
        state.apply_action(action)
        if state.is_chance_node():
            break
    assert state.is_chance_node()  # the hold was carried out, then the dice rolled
    assert [d["held"] for d in state.to_dict(0)["dice"]] == hold


def test_joker_analysis_follows_the_forced_rule():
    open_keys = ("sixes", "full_house", "chance")
    cards = {**late_cards(open_keys), "yahtzee": 50}
    solver = Solver(CLASSIC)
    solver.build(within=ALL_FILLED & ~sum(1 << BOXES.index(k) for k in open_keys))
    state = new_state("yahtzee-classic", 1, {0: cards})
    roll(state, [6, 6, 6, 6, 6])
    assert [o.box for o in ai.analyse(state, solver) if o.box] == ["sixes"]
    state = new_state("yahtzee-classic", 1, {0: {**cards, "sixes": 12}})
    roll(state, [6, 6, 6, 6, 6])
    options = {o.box: o.expected for o in ai.analyse(state, solver) if o.box}
    # Sixes filled: only the open lower boxes, at full value, plus the 100 bonus
    assert set(options) == {"full_house", "chance"}
    assert min(options.values()) > 50 + 12 + 100 + 25


def test_expected_scores_include_points_so_far(sub_game_table):
    with_points = new_state("yahtzee-classic", 1, {0: {**late_cards(), "ones": 4}})
    plain = new_state("yahtzee-classic", 1, {0: late_cards()})
    for state in (with_points, plain):
        roll(state, [2, 2, 4, 4, 4])
    # Only Threes is open in the upper section, so the bonus is out of reach either way.
    assert ai.analyse(with_points)[0].expected == pytest.approx(ai.analyse(plain)[0].expected + 4)


def test_batched_simulation_matches_the_table_and_is_deterministic(sub_game_table):
    solver = sub_game_table["classic"]
    first = play_cards(solver, 6000, 5, within=MASK)
    again = play_cards(solver, 6000, 5, within=MASK)
    np.testing.assert_array_equal(first["total"], again["total"])
    value = solver.values[state_index(MASK, 0, 0)]
    stderr = first["total"].std() / np.sqrt(len(first["total"]))
    assert abs(first["total"].mean() - value) < 4 * stderr
    filled = first["boxes"][:, [BOXES.index(k) for k in OPEN]]
    assert (first["total"] == filled.sum(1) + 100 * first["yahtzee_bonuses"] + first["upper_bonus"]).all()


def test_dice_party_simulation_never_rerolls_five_of_a_kind(sub_game_table):
    solver = sub_game_table["dice-party"]
    cards = play_cards(solver, 3000, 9, within=MASK)
    value = solver.values[state_index(MASK, 0, 0)]
    stderr = cards["total"].std() / np.sqrt(len(cards["total"]))
    assert abs(cards["total"].mean() - value) < 4 * stderr


def test_decision_times_are_measured(sub_game_table):
    times = ai.decision_times(sub_game_table["classic"], count=20)
    assert times["count"] == 20 and 0 < times["median_ms"] <= times["p90_ms"]


@pytest.fixture
def empty_cache(tmp_path, monkeypatch, engine_runtime):
    """A table cache of this test's own, empty. The suite's shared cache (tests/conftest.py) may
    already hold the full Classic table, saved by whichever earlier test of the run built it."""
    cache = tmp_path / "table-cache"
    monkeypatch.setenv("TVGAMES_CACHE", str(cache))  # for the command, which configures the engines
    engine_runtime.set_cache_dir(cache)
    assert not table_path(CLASSIC).exists()
    return cache


def test_solve_command_reports_the_table(sub_game_table, empty_cache, capsys):
    from app.cli import main

    assert main(["solve", "yahtzee", "--mode", "classic", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["expected_score"] == pytest.approx(sub_game_table["classic"].values[0])
    assert result["table"] == "cache" and result["table_bytes"] > 8 * 2**20
    assert result["table_path"] == str(empty_cache / table_path(CLASSIC).name)  # not the shared cache
    saved = load_table(CLASSIC, table_path(CLASSIC))
    assert saved is None  # a sub-game table is not a plausible full table, so it is refused


def test_saved_tables_round_trip(tmp_path):
    solver = Solver(CLASSIC)
    solver.values[state_index(0, 0, 0)] = 254.5
    path = tmp_path / "t.npy"
    save_table(solver, path)
    assert load_table(CLASSIC, path).values[0] == 254.5
    path.write_bytes(b"damaged")
    assert load_table(CLASSIC, path) is None


@pytest.mark.parametrize(
    ("name", "joker"),
    [
        ("yahtzee-classic", "forced"),
        ("yahtzee-classic", "free"),
        ("yahtzee-classic", "none"),
        ("dice-party", "forced"),
    ],
)
def test_solver_allows_exactly_the_engines_boxes_and_scores_alike(name, joker):
    rng = np.random.default_rng(8)
    rules = None
    for _ in range(150):
        filled = rng.permutation(BOXES)[: rng.integers(0, 13)]
        cards = {key: int(rng.choice([0, 50])) if key == "yahtzee" else 0 for key in filled}
        players = 2 if name == "dice-party" else 1
        state = new_state(name, players, {0: cards}, joker=joker)
        face = int(rng.integers(1, 7))
        numbers = [face] * 5 if rng.random() < 0.6 else list(rng.integers(1, 7, size=5))
        roll(state, numbers)
        obs = state.to_dict(0)
        rules = rules or ai.solver_rules(state.game)
        pos = ai.Position.from_observation(obs, rules)
        solver = Solver(rules)
        value, points = solver.box_values(np.array([pos.state]), np.array([solver.dice.roll_of(numbers)]))
        allowed = {BOXES[i] for i in np.flatnonzero(np.isfinite(value[0]))}
        assert allowed == {state.game.boxes[i].key for i in state.allowed_boxes()}, (cards, numbers)
        for key in allowed:
            assert points[0, BOXES.index(key)] == obs["cards"][0]["boxes"][key]["potential"], (
                cards,
                numbers,
                key,
            )
