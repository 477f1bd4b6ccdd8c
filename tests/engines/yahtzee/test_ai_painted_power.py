"""The Painted and Power players: legal, observation-only, deterministic, sensible on hand-made positions,
and the hard player's vectorised turn values agree with the engine's own scoring."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from yahtzee_helpers import hold, new_state, roll

from engines.core import TERMINAL
from engines.yahtzee import ai_painted_power as pp
from engines.yahtzee.ai_pp_fit import main as fit_main
from engines.yahtzee.game import ROLL, SCORE, UNDO
from engines.yahtzee.players import make_player

GAMES = {"painted": "yahtzee-painted", "power": "yahtzee-power"}


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


def play(state, players, dice_seed):
    """Play to the end through the observation only; the action texts of the players' moves."""
    rng = np.random.default_rng(dice_seed)
    moves = []
    while state.current_player() != TERMINAL:
        if state.is_chance_node():
            state.apply_action(int(rng.integers(len(state.chance_outcomes()))))
            continue
        player = state.current_player()
        action = players[player](ObservationOnly(state))
        assert action in state.legal_actions()
        assert action != UNDO
        moves.append(state.action_to_string(action))
        state.apply_action(action)
    return moves


def hard(state):
    return pp.HardPlayer(state.game, np.random.default_rng(0))


def plan_of(player, state):
    obs = state.to_dict(state.current_player())
    return player.plan(obs, pp.situation(obs, state.legal_actions()))


def keys(state, boxes):
    return [state.game.boxes[b].key for b in boxes]


# -- whole games -----------------------------------------------------------------------------------
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("mode", ["painted", "power"])
def test_players_finish_games_with_legal_moves_from_the_observation(level, mode):
    state = new_state(GAMES[mode], 2)
    seats = [make_player(level, state.game, np.random.default_rng(s)) for s in (1, 2)]
    play(state, seats, dice_seed=5)
    assert state.is_terminal()
    if mode == "painted":
        assert all(s is not None for p in range(2) for s in state.scores(p))


@pytest.mark.parametrize("level", ["easy", "hard"])
@pytest.mark.parametrize("mode", ["painted", "power"])
def test_a_seed_replays_the_same_decisions(level, mode):
    runs = []
    for _ in range(2):
        state = new_state(GAMES[mode])
        runs.append(play(state, [make_player(level, state.game, np.random.default_rng(9))], dice_seed=3))
    assert runs[0] == runs[1]


# -- hand-made positions ------------------------------------------------------------------------
def test_power_keeps_the_power_die_for_the_fourth_roll_when_chasing_a_yahtzee():
    state = new_state("yahtzee-power")
    roll(state, [6, 6, 6, 6, 3], "1")
    hold(state, 0, 1, 2, 3)
    roll(state, [3], "2")
    roll(state, [2], "Power")  # the third roll shows Power: a fourth roll if it stays held
    player = make_player("hard", state.game, np.random.default_rng(0))
    for _ in range(4):
        action = player(ObservationOnly(state))
        state.apply_action(action)
        if action == ROLL:
            break
    assert action == ROLL
    assert state.to_dict(0)["dice"][5]["held"] and state.to_dict(0)["power"]["fourth_roll"]
    assert [d["held"] for d in state.to_dict(0)["dice"][:5]] == [True] * 4 + [False]


def test_power_rerolls_a_weak_power_die_early_and_keeps_a_triple():
    state = new_state("yahtzee-power")
    roll(state, [5, 5, 5, 2, 1], "1")
    plan = plan_of(hard(state), state)
    assert plan.hold is not None and not plan.hold[5]
    state = new_state("yahtzee-power")
    roll(state, [5, 5, 5, 2, 1], "3")
    plan = plan_of(hard(state), state)
    assert plan.hold is not None and plan.hold[5] and plan.hold[:3] == (True,) * 3


def test_a_double_fills_two_boxes_well():
    state = new_state("yahtzee-power")
    roll(state, [4, 4, 4, 1, 6], "1")
    hold(state, 0, 1, 2)
    roll(state, [4, 6], "2")
    hold(state, 3)
    roll(state, [6], "Double")  # the manual's hand: 4 4 4 4 6 with Double, no roll left
    player = make_player("hard", state.game, np.random.default_rng(0))
    first = player(ObservationOnly(state))
    state.apply_action(first)
    assert state.to_dict(0)["pending_double"] is not None
    second = player(ObservationOnly(state))
    state.apply_action(second)
    scores = {state.game.boxes[a - SCORE].key: state.scores(0)[a - SCORE] for a in (first, second)}
    assert all(v > 0 for v in scores.values())
    assert sum(scores.values()) >= 32 + 44  # at least the manual's Fours and 4 of a Kind
    assert state.turns_taken() == [1]


def test_freeze_scores_at_once_and_a_double_on_the_last_box_fills_one():
    state = new_state("yahtzee-power")
    roll(state, [2, 3, 4, 5, 6], "Freeze")
    player = make_player("hard", state.game, np.random.default_rng(0))
    assert player(ObservationOnly(state)) >= SCORE
    last = {b.key: 0 for b in pp.mode_tables("power").boxes if b.key != "sixes"}
    state = new_state("yahtzee-power", cards={0: last})
    roll(state, [6, 6, 6, 2, 1], "Double")
    while not state.is_terminal():
        action = player(ObservationOnly(state))
        assert action in state.legal_actions()
        state.apply_action(action)
        while state.is_chance_node():
            state.apply_action(5)
    assert state.scores(0)[5] > 0


def test_painted_takes_a_made_rainbow_straight_or_flush_and_chases_a_yahtzee():
    state = new_state("yahtzee-painted")
    roll(state, [2, 3, 4, 5, 1])  # a straight, and the five dice show five colours
    plan = plan_of(hard(state), state)
    assert keys(state, plan.boxes)[0] in {"straight", "rainbow"}
    state = new_state("yahtzee-painted")
    roll(state, [6, 6, 6, 6, 1])
    plan = plan_of(hard(state), state)
    assert plan.hold == (True, True, True, True, False)


def test_painted_joker_goes_where_the_rules_allow():
    cards = {"yahtzee": 50, "threes": 9}
    state = new_state("yahtzee-painted", cards={0: cards})
    roll(state, [3, 3, 3, 3, 3])
    player = make_player("hard", state.game, np.random.default_rng(0))
    action = player(ObservationOnly(state))
    assert action >= SCORE and action in state.legal_actions()
    state.apply_action(action)
    assert state.card_totals(0)["yahtzee_bonus_count"] == 1


# -- the vectorised turn values against the engine ------------------------------------------------
def random_card(mode, rng, filled):
    tables = pp.mode_tables(mode)
    state = new_state(GAMES[mode])
    player = make_player("medium", state.game, np.random.default_rng(int(rng.integers(1000))))
    dice = np.random.default_rng(int(rng.integers(1000)))
    while not state.is_terminal():
        if sum(s is not None for s in state.scores(0)) >= filled and state.to_dict(0)["rolls"] == 0:
            break
        if state.is_chance_node():
            state.apply_action(int(dice.integers(len(state.chance_outcomes()))))
        else:
            state.apply_action(player(state))
    return tables, state


@pytest.mark.parametrize("mode", ["painted", "power"])
def test_final_values_match_the_best_box_the_engine_allows(mode):
    rng = np.random.default_rng(17)
    model = pp.value_model(mode)
    faces = {"power": ["1", "2", "3", "Freeze", "Power"], "painted": [None]}[mode]
    for filled in (0, 6, 12, 16):
        tables, base = random_card(mode, rng, filled)
        if base.is_terminal() or base.current_player() != 0:
            continue
        data = base.to_dict()
        ev = pp.Evaluator(tables, model, pp.Card.from_observation(base.to_dict(0), tables))
        final = ev.final_values()
        for _ in range(25):
            numbers = [int(n) for n in rng.integers(1, 7, 5)]
            if rng.random() < 0.2:
                numbers = [numbers[0]] * 5
            face = faces[int(rng.integers(len(faces)))]
            state = type(base).from_dict(base.game, data)
            roll(state, numbers, face)
            obs = state.to_dict(0)
            sit = pp.situation(obs, state.legal_actions())
            best = pp.score_choices(ev, sit)[0][0]
            dice = sit.dice
            outcome, _ = pp.position(tables, dice)
            assert final[outcome] == pytest.approx(best), (numbers, face, filled)


def test_double_values_match_the_exact_pair_once_the_upper_section_is_decided():
    tables = pp.mode_tables("power")
    model = pp.value_model("power")
    upper = {b.key: 0 for b in tables.boxes if b.id in tables.upper_ids}
    for extra in ([], ["three_of_a_kind_1"], ["yahtzee_3", "yahtzee_2"], ["chance", "full_house"]):
        base = new_state("yahtzee-power", cards={0: {**upper, **{k: 0 for k in extra}}})
        ev = pp.Evaluator(tables, model, pp.Card.from_observation(base.to_dict(0), tables))
        final = ev.final_values()
        for numbers in itertools.islice(itertools.product(range(1, 7), repeat=5), 0, 7776, 97):
            state = new_state("yahtzee-power", cards={0: {**upper, **{k: 0 for k in extra}}})
            roll(state, list(numbers), "Double")
            sit = pp.situation(state.to_dict(0), state.legal_actions())
            exact = pp.score_choices(ev, sit)[0][0]
            assert final[pp.position(tables, sit.dice)[0]] == pytest.approx(exact)


def test_expected_bonus_table_against_enumeration():
    dists = [np.array([0.2, 0.0, 0.5, 0.3]), np.array([0.6, 0.4]), np.array([0.1, 0.0, 0.0, 0.0, 0.9])]
    tiers = ((6, 50), (4, 20))
    table = pp.expected_bonus_table(dists, tiers, 6)
    for mask in range(8):
        for sub in range(7):
            boxes = [d for j, d in enumerate(dists) if mask >> j & 1]
            expected = 0.0
            for xs in itertools.product(*(range(len(d)) for d in boxes)):
                p = np.prod([d[x] for d, x in zip(boxes, xs, strict=True)])
                total = sub + sum(xs)
                expected += p * (50 if total >= 6 else 20 if total >= 4 else 0)
            assert table[mask, sub] == pytest.approx(expected)


def test_positions_index_the_odds_core_space():
    for mode, extra in (("painted", []), ("power", [pp.POWER_DIE.faces[4]])):
        tables = pp.mode_tables(mode)
        rng = np.random.default_rng(1)
        for _ in range(20):
            dice = [int(n) for n in rng.integers(1, 7, 5)] + extra
            outcome, keeps = pp.position(tables, dice)
            assert outcome == tables.space.outcome_index(dice)
            masks = pp.hold_masks(len(dice))
            assert (keeps == tables.space.hold_keep_indices(dice, masks)).all()


# -- the fitted asset -----------------------------------------------------------------------------
def test_the_shipped_values_cover_every_box():
    fit = pp.load_fit()
    for mode in ("painted", "power"):
        tables = pp.mode_tables(mode)
        assert set(fit[mode]["box_means"]) == {b.key for b in tables.boxes}
        model = pp.value_model(mode)
        assert model.upper_table.shape == (1 << len(tables.upper_ids), tables.upper_cap + 1)
        # the bonus is certain once reached and the expectation never falls with a higher subtotal
        assert (np.diff(model.upper_table, axis=1) >= -1e-9).all()


def test_the_fit_script_writes_a_loadable_asset(tmp_path):
    out = tmp_path / "values.json"
    assert fit_main(["--games", "2", "--rounds", "1", "--modes", "power", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    model = pp.ValueModel.from_fit(pp.mode_tables("power"), data["power"])
    assert model.box_values.shape == (21,)
    assert set(data["power"]["score_distributions"]) == {
        b.key for b in pp.mode_tables("power").boxes if b.id in pp.mode_tables("power").upper_ids
    }


def test_building_the_tables_leaves_the_engine_scoring_plain_ints():
    pp.mode_tables("painted")
    state = new_state("yahtzee-painted")
    roll(state, [1, 2, 3, 4, 5])
    assert all(type(v) is int for v in state.box_values(range(20)))


def test_docstring_examples():
    import doctest

    result = doctest.testmod(pp)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("mode", ["painted", "power"])
def test_the_score_tables_are_the_engines_scores(mode):
    from engines.yahtzee.scoring import score_box

    tables = pp.mode_tables(mode)
    for i in range(0, len(tables.numbers), 5):
        numbers = tuple(int(n) for n in tables.numbers[i])
        colours = tables.colours[i] if tables.colours else None
        assert tables.scores[i].tolist() == [score_box(b, numbers, colours) for b in tables.boxes]


@pytest.mark.parametrize("mode", ["painted", "power"])
def test_analysis_ranks_the_hard_players_choice_first(mode):
    state = new_state(GAMES[mode])
    roll(state, [5, 5, 5, 2, 1], "3" if mode == "power" else None)
    options = pp.analyse(state)
    assert options == sorted(options, key=lambda o: -o.expected)
    plan = plan_of(hard(state), state)
    assert options[0].hold == plan.hold
    assert pp.analyse(new_state(GAMES[mode])) == []


def test_analysis_of_the_last_box_is_the_final_score():
    last = {b.key: 0 for b in pp.mode_tables("painted").boxes if b.key != "chance"}
    last.update({"sixes": 24, "fives": 20, "fours": 16, "threes": 3})  # 63: the upper bonus is in
    state = new_state("yahtzee-painted", cards={0: last})
    roll(state, [6, 6, 5, 4, 3])
    hold(state, 0, 1, 2, 3, 4)
    score_now = next(o for o in pp.analyse(state) if o.boxes == ("chance",))
    state.apply_action(state.string_to_action("score chance"))
    assert score_now.expected == pytest.approx(state.returns()[0])


@pytest.mark.parametrize("joker", ["free", "none"])
def test_painted_under_the_other_joker_conventions(joker):
    state = new_state("yahtzee-painted", joker=joker)
    tables = pp.mode_tables("painted")
    ev_card = pp.Card.from_observation(state.to_dict(0), tables)
    assert ev_card.joker == joker
    play(state, [make_player("hard", state.game, np.random.default_rng(1))], dice_seed=8)
    assert state.is_terminal()
    # a YAHTZEE with the YAHTZEE box filled: the DP's value of it is the best box the engine allows
    cards = {"yahtzee": 50, "fours": 8}
    base = new_state("yahtzee-painted", cards={0: cards}, joker=joker)
    ev = pp.Evaluator(tables, pp.value_model("painted"), pp.Card.from_observation(base.to_dict(0), tables))
    final = ev.final_values()
    for n in range(1, 7):
        state = new_state("yahtzee-painted", cards={0: cards}, joker=joker)
        roll(state, [n] * 5)
        sit = pp.situation(state.to_dict(0), state.legal_actions())
        assert final[pp.position(tables, sit.dice)[0]] == pytest.approx(pp.score_choices(ev, sit)[0][0])
