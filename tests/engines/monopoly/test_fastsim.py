"""The fast simulator core (engines/monopoly/_fastsim.c via fastsim.py) plays the engine's games."""

from __future__ import annotations

import doctest
import random

import pytest

from engines.core import Option
from engines.monopoly import ai, fastsim, fastsim_check, simulate
from engines.monopoly import game as G
from engines.monopoly import rules as R

pytestmark = pytest.mark.skipif(not fastsim.available(), reason=f"no fast core: {fastsim.UNAVAILABLE}")


def test_doctests():
    assert doctest.testmod(fastsim).failed == 0


def test_the_set_order_is_pythons():
    # the players take the first of equal keys from frozenset(legal): the core must lay it out alike
    rng = random.Random(3)
    for _ in range(400):
        keys = sorted(rng.sample(range(G.PLACE_BASE + R.NUM_SQUARES), rng.randint(0, 60)))
        assert fastsim.set_order(keys) == list(frozenset(keys))


SIX = ["medium", "medium", "buy-everything", "medium", "buy-everything", "medium"]
HARD_DUEL = ["hard", "buy-everything"]
HARD_TABLE = ["hard", "medium", "medium", "medium"]


@pytest.mark.parametrize(
    ("names", "seed", "games", "max_turns", "trading", "jackpot"),
    [
        (["medium"] * 4, 5, 12, 500, True, False),
        (["medium", "buy-everything"], 5, 3, 100, True, False),
        (["buy-everything"] * 3, 5, 4, 200, True, False),
        (SIX, 5, 4, 150, True, False),
        (["medium"] * 3, 5, 4, 300, False, False),
        (["medium"] * 4, 5, 4, 300, True, True),
        (["medium"] * 4, 5, 6, 12, True, False),
        # hard: whole games (most end in a bankruptcy before the cap), and short ones for the cap
        (HARD_DUEL, 5, 60, 500, True, False),
        (HARD_DUEL, 6, 30, 500, False, False),
        (HARD_DUEL, 7, 40, 20, True, False),
        (HARD_TABLE, 5, 40, 500, True, False),
        (HARD_TABLE, 8, 10, 500, False, False),
        (HARD_TABLE, 9, 30, 25, True, False),
        (["hard", "hard"], 5, 40, 500, True, False),
        (["medium", "hard", "buy-everything"], 11, 20, 60, True, True),
    ],
)
def test_the_same_seed_plays_the_same_game_on_both_cores(names, seed, games, max_turns, trading, jackpot):
    assert fastsim_check.mismatches(names, seed, games, max_turns, trading, jackpot) == []


@pytest.mark.parametrize(
    ("names", "seed", "games"), [(HARD_DUEL, 12, 20), (["medium", "buy-everything", "medium"], 12, 8)]
)
def test_the_bankruptcy_that_ends_the_game_settles_the_same_interest_on_both_cores(
    monkeypatch, names, seed, games
):
    # issue 34: the winner keeps the mortgages handed over and pays their 10% before the game ends
    due = []
    settle = G.MonopolyState._go_bankrupt

    def watched(state, p, creditor):
        settle(state, p, creditor)
        if state._last_one_standing():
            due.append(sum(d[2] for d in state.debts))

    monkeypatch.setattr(G.MonopolyState, "_go_bankrupt", watched)
    assert fastsim_check.mismatches(names, seed, games, 500) == []
    assert sum(1 for amount in due if amount) >= games // 2


@pytest.mark.parametrize(
    ("names", "cash", "index", "path"),
    [
        (["buy-everything"] * 2, 1500, 1195, "raise"),
        (["medium", "buy-everything", "medium"], 1500, 2281, "raise"),
        (HARD_TABLE, 1500, 1779, "raise"),
        (["medium", "medium"], 300, 26, "raise"),
        (["buy-everything"] * 2, 50, 2200, "write-off"),
    ],
)
def test_a_winner_short_of_the_interest_plays_alike_on_both_cores(monkeypatch, names, cash, index, path):
    # the rare games (found on seed 3) whose winner must raise the interest, or cannot at all
    paths = []
    settle, event = G.MonopolyState._go_bankrupt, G.MonopolyState._event

    def watched(state, p, creditor):
        settle(state, p, creditor)
        if state._last_one_standing() and state.debts:
            paths.append(
                "raise" if state.cash[state.debts[0][0]] < sum(d[2] for d in state.debts) else "paid"
            )

    def logged(state, text):
        if text.endswith("the bank writes it off"):
            paths.append("write-off")
        event(state, text)

    try:
        monkeypatch.setattr(G.MonopolyState, "_go_bankrupt", watched)
        monkeypatch.setattr(G.MonopolyState, "_event", logged)
        monkeypatch.setattr(R, "STARTING_CASH", cash)
        monkeypatch.setattr(
            G.MonopolyGame, "options", {**G.MonopolyGame.options, "starting_cash": Option(cash)}
        )
        fastsim.reconfigure()
        engine = fastsim_check.engine_game(names, 3, index, 500, True)
        fast = fastsim.play_raw(names, 3, index, 500, True)
    finally:
        monkeypatch.undo()
        fastsim.reconfigure()
    assert path in paths
    assert {k: fast[k] for k in fastsim_check.COMPARED} == {k: engine[k] for k in fastsim_check.COMPARED}


def test_every_throw_and_card_leaves_the_same_cash_and_positions():
    names = ["medium", "buy-everything", "medium"]
    engine = fastsim_check.engine_game(names, 9, 0, 80, True, trace=True)
    fast = fastsim.play_raw(names, 9, 0, 80, True, trace=True)
    assert len(engine["trace"]) > 100
    assert fast["trace"] == engine["trace"]


def _both(script, names=("medium", "medium"), max_turns=1):
    """The same scripted game on both cores; every chance outcome's row must agree."""
    names = list(names)
    engine = fastsim_check.engine_game(names, 0, 0, max_turns, True, script=script, trace=True)
    fast = fastsim.play_raw(names, 0, 0, max_turns, True, script=script, trace=True)
    assert fast["trace"] == engine["trace"]
    assert fast["landings"] == engine["landings"] and fast["cash"] == engine["cash"]
    return fast["trace"]


def _throw(d1, d2):
    return G.dice_outcome(d1, d2)


def _price(name):
    return next(s.price for s in R.BOARD if s.name == name)


def test_scripted_three_doubles_send_the_thrower_to_jail():
    # rows: (outcome, cash 0, cash 1, position 0, position 1)
    rows = _both([_throw(3, 3), _throw(4, 4), _throw(5, 5)])
    assert rows[0][3] == 6 and rows[1][3] == 14
    assert rows[2][3] == R.JAIL  # the third double: jail, not square 24
    assert rows[2][1] == R.STARTING_CASH - _price("Oriental Avenue") - _price("Virginia Avenue")


def test_scripted_go_to_jail_square_and_the_fine():
    six_four = _throw(6, 4)
    rows = _both([six_four] * 5 + [_throw(1, 2), _throw(1, 2)], max_turns=4)
    assert [r[3] for r in rows[:5:2]] == [10, 20, R.JAIL]  # 10, 20, then Go to Jail (30) sends to 10
    # player 0's first turn in jail: medium pays the fine before throwing (much is still unowned)
    assert rows[6][3] == R.JAIL + 3 and rows[6][1] == R.STARTING_CASH - R.JAIL_FINE


def test_scripted_income_tax_is_the_ten_percent_choice_at_the_start():
    rows = _both([_throw(1, 3), _throw(1, 1)], names=("medium", "buy-everything", "medium"), max_turns=2)
    assert rows[0][4] == 4  # Income Tax
    assert rows[1][1] == R.STARTING_CASH * (100 - R.INCOME_TAX_PERCENT) // 100


MEDIUMS = ["medium"] * 4
HARD_AND_MEDIUMS = ["hard", "medium", "medium", "medium"]


@pytest.mark.parametrize(
    ("module", "changes", "names", "seed"),
    [
        (R, {"GO_SALARY": 400, "LUXURY_TAX": 150}, MEDIUMS, 3),
        # hard's constants are read from ai.py when the core is configured, not copied into it
        (ai, {"RESERVE_SHARE": 0.6}, HARD_AND_MEDIUMS, 4),
        (ai, {"STEP_PREMIUM": 60}, HARD_AND_MEDIUMS, 4),
        (ai, {"RESERVE_SHARE_DUEL": 0.6}, ["hard", "medium"], 6),
    ],
    ids=["rules", "hard-float", "hard-int", "hard-duel-float"],
)
def test_a_changed_rule_changes_both_cores_alike(monkeypatch, module, changes, names, seed):
    try:
        for name, value in changes.items():
            monkeypatch.setattr(module, name, value)
        fastsim.reconfigure()
        changed = fastsim.play_raw(names, seed, 0, 60, True)
        assert changed["cash"] == fastsim_check.engine_game(names, seed, 0, 60, True)["cash"]
    finally:
        monkeypatch.undo()
        fastsim.reconfigure()
    assert fastsim.play_raw(names, seed, 0, 60, True)["cash"] != changed["cash"]


def test_the_cores_agree_in_distribution_on_other_seeds():
    # independent samples: 1000 fast games against 24 engine games, every measure within 4
    # standard errors of the difference (seat 0 wins, length, auctions, trades, bankruptcies and
    # the 41 landing shares)
    result = fastsim_check.agreement(["medium"] * 4, 1000, 24, 500, seed=11)
    worst = max(result, key=lambda k: abs(result[k]["z"]))
    assert abs(result[worst]["z"]) < 4, (worst, result[worst])
    assert result["turns"]["fast"] > 50 and result["bankruptcies"]["engine"] > 1


def _without_core(result):
    return {k: v for k, v in result.items() if k not in ("timing", "core")}


@pytest.mark.parametrize("players", [["medium", "buy-everything", "medium"], ["hard", "buy-everything"]])
def test_simulate_gives_the_same_json_on_either_core(players):
    options = {"players": players, "games": 6, "seed": 4, "max_turns": 120}
    fast = simulate.run({**options, "core": "fast"})
    engine = simulate.run({**options, "core": "engine"})
    assert fast["core"] == "fast" and engine["core"] == "engine"
    assert _without_core(fast) == _without_core(engine)
    assert simulate.run(options)["core"] == "fast"


def test_a_player_the_core_lacks_falls_back_to_the_engine():
    result = simulate.run({"players": ["easy", "hard"], "games": 1, "seed": 1, "max_turns": 20})
    assert result["core"] == "engine"
    with pytest.raises(ValueError, match="plays hard, medium and buy-everything only"):
        simulate.run({"players": ["easy", "hard"], "games": 1, "core": "fast"})


def test_without_the_extension_the_engine_plays_and_says_so_once(monkeypatch):
    monkeypatch.setattr(fastsim, "_core", None)
    monkeypatch.setattr(fastsim, "UNAVAILABLE", "the compiled core is not built (test)")
    lines = []
    result = simulate.run(
        {"players": ["medium", "medium"], "games": 2, "seed": 1, "max_turns": 10, "log": lines.append}
    )
    assert result["core"] == "engine"
    assert lines == [
        "monopoly simulate: playing through the Python engine: the compiled core is not built (test)"
    ]
    with pytest.raises(ValueError, match="no fast core"):
        simulate.run({"players": ["medium", "medium"], "games": 1, "core": "fast"})


def test_bench_speed_reports_both_cores(capsys):
    from engines.monopoly import bench

    assert bench.main(["speed", "--games", "20", "--engine-games", "2", "--players", "medium,medium"]) == 0
    out = capsys.readouterr().out
    assert "fast: 20 games" in out and "engine: 2 games" in out and "fast / engine" in out
