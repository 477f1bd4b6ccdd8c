"""The exact landing chain (engines/monopoly/landing.py) and `tvgames analyse monopoly --landing`."""

from __future__ import annotations

import json

import numpy as np
import pytest

from app import cli
from engines.monopoly import landing
from engines.monopoly import rules as R
from engines.monopoly.landing import IN_JAIL, JAIL


@pytest.mark.parametrize("strategy", landing.STRATEGIES)
def test_the_chain_is_a_stochastic_matrix_and_its_stationary_point_balances(strategy):
    c = landing.chain(strategy)
    assert np.allclose(c.matrix.sum(axis=1), 1.0)
    assert np.all(c.stationary > -1e-15)
    assert c.stationary.sum() == pytest.approx(1.0)
    assert np.allclose(c.stationary @ c.matrix, c.stationary, atol=1e-14)


@pytest.mark.parametrize("strategy", landing.STRATEGIES)
def test_nobody_stays_on_go_to_jail_and_every_throw_lands_somewhere(strategy):
    shares = landing.chain(strategy).landing()
    assert len(shares) == R.NUM_SQUARES + 1
    assert shares[R.GO_TO_JAIL] == 0.0
    assert shares.sum() == pytest.approx(1.0)
    assert shares[R.JAIL] > 0  # Just Visiting is a square like any other


def test_staying_in_jail_makes_in_jail_the_most_landed_on_by_far():
    short, long = landing.chain("short").landing(), landing.chain("long").landing()
    assert long[IN_JAIL] > 2 * short[IN_JAIL]
    assert np.argmax(short) == np.argmax(long) == IN_JAIL
    # Illinois Avenue is the most landed-on property with either strategy (cards send tokens there)
    props = list(R.PROPERTIES)
    assert props[int(np.argmax(short[props]))] == props[int(np.argmax(long[props]))] == 24


def test_a_third_double_goes_to_jail_whatever_it_would_have_thrown():
    c = landing.chain("short")
    after_two = c.transitions[c.state(0, 2)]
    to_jail = sum(p for t, where, _, _, p in after_two if where == IN_JAIL)
    # the six doubles, plus the non-doubles that reach Go to Jail or a Go to Jail card
    assert to_jail >= 6 / 36
    doubles_on = [t for t, *_ in after_two if c.describe(t)[1] > 0 and not c.describe(t)[2]]
    assert doubles_on == []


def test_card_moves_chain_back_three_from_chance_onto_community_chest():
    m = landing.movement_from_rules()
    ends = {(where, route): p for where, route, p in m.resolve(36)}
    chance, chest = R.DECKS
    n_back = sum(c.effect == "back" for c in chance)
    chest_stays = sum(c.effect not in ("advance", "go-to-jail", "back") for c in chest)
    chest_to_go = sum(c.effect == "advance" and c.square == R.GO for c in chest)
    chance_to_go = sum(c.effect == "advance" and c.square == R.GO for c in chance)
    assert ends[(33, "normal")] == pytest.approx(n_back / 16 * chest_stays / 16)
    assert ends[(R.GO, "normal")] == pytest.approx(chance_to_go / 16 + n_back / 16 * chest_to_go / 16)
    jail_cards = sum(c.effect == "go-to-jail" for c in chance)
    assert ends[(JAIL, "normal")] == pytest.approx(jail_cards / 16 + n_back / 16 * 1 / 16)
    # the nearest railroad from the last Chance is Reading, past GO, at double rent
    assert ends[(5, "double")] == pytest.approx(2 / 16)


def test_leaving_jail_at_once_throws_as_from_just_visiting():
    c = landing.chain("short")
    from_jail = sorted((t, p) for t, *_, p in c.transitions[c.jail_state(0)])
    from_visiting = sorted((t, p) for t, *_, p in c.transitions[c.state(R.JAIL, 0)])
    assert from_jail == from_visiting


def test_staying_in_jail_moves_on_doubles_without_another_throw_and_pays_after_the_third_miss():
    c = landing.chain("long")
    first = c.transitions[c.jail_state(0)]
    stay = sum(p for t, *_, p in first if t == c.jail_state(1))
    assert stay == pytest.approx(30 / 36)
    assert all(c.describe(t)[1] == 0 for t, *_ in first if not c.describe(t)[2])  # no throw again
    last = c.transitions[c.jail_state(R.JAIL_MAX_TURNS - 1)]
    assert sum(q for t, *_, q in last if c.describe(t)[2]) < 1 / 36  # out, unless a card sends back


def test_analyse_json_lists_41_rows_for_both_strategies(capsys):
    assert cli.main(["analyse", "monopoly", "--landing", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    rows = out["squares"]
    assert [r["index"] for r in rows] == list(range(41))
    assert rows[IN_JAIL]["name"] == "In Jail" and rows[R.JAIL]["name"] == "Just Visiting"
    assert rows[24]["name"] == R.BOARD[24].name
    for strategy in landing.STRATEGIES:
        assert sum(r[strategy] for r in rows) == pytest.approx(100.0, abs=1e-3)


def test_analyse_text_ranks_squares_for_the_chosen_strategy(capsys):
    assert cli.main(["analyse", "monopoly", "--landing", "--jail", "long"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "long" in lines[0]
    assert "In Jail" in lines[2] and "Illinois Avenue" in lines[3]
    assert len(lines) == 2 + 41


def test_analyse_without_a_question_is_a_user_error(capsys):
    assert cli.main(["analyse", "monopoly"]) == 2


@pytest.mark.parametrize("strategy", landing.STRATEGIES)
def test_the_engine_with_uniform_cards_lands_as_the_chain_says(strategy):
    # the engine's own moves, cards drawn the model's way; every square within 4 standard errors
    # (``python -m engines.monopoly.bench landing`` runs a million throws per strategy)
    mc = landing.monte_carlo(20_000, strategy, cards="uniform", seed=1, batches=40)
    check = landing.compare(mc)
    assert check["max_abs_z"] < 4.0, check
    assert mc["shares"][R.GO_TO_JAIL] == 0.0
