"""The Pig-style end game: the win-probability table over both totals and the way hard plays a turn."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.monopoly_dice import endgame as E
from engines.monopoly_dice.ai import make_player


def turns(rows) -> E.Turns:
    return E.Turns.from_rows(np.asarray(rows).ravel().tolist())


def mine(ev_rows, all_in) -> dict[str, E.Turns]:
    """Hard's two ways: expected-score turns as (best, final) rows, all-in turns as their best
    before jail (an all-in turn that misses ends in jail with nothing)."""
    return {"ev": turns(ev_rows), "all-in": turns([[best, 0] for best in all_in])}


# A small world: expected-score turns reach 0-6 steps, all-in turns are often jailed but go far.
SMALL = mine([[0, 0], [2, 2], [3, 3], [4, 0], [4, 4], [6, 6], [3, 0], [2, 2]], [0, 0, 0, 0, 5, 8, 9, 12])
# A timid opponent: banks one or two steps, never more.
TIMID = turns([[1, 1], [2, 2], [0, 0], [1, 1]])


# An opponent who banks like TIMID while both are far from the target and goes all-in near it.
CHOOSY = E.Opponent((TIMID, SMALL["all-in"]), np.add.outer(np.arange(10), np.arange(10)) >= 12)


def bellman(ways: dict[str, E.Turns], opponent, w: np.ndarray) -> np.ndarray:
    """The right-hand side of the end game's equation, written out term by term."""
    n = len(w)

    def lose(b: int, c: int) -> float:
        """The opponent, to move with b against my c, does not win before my next turn."""
        if opponent is None:
            return 1 - w[b, c]
        turns = opponent
        if isinstance(opponent, E.Opponent):
            turns = opponent.ways[int(opponent.choice[b, c])]
        return sum(p * w[c, b + s] for s, p in enumerate(turns.misses(n - b)))

    out = np.empty_like(w)
    for a in range(n):
        for b in range(n):
            need = n - a
            out[a, b] = max(
                ways[way].win(need) + sum(p * lose(b, a + s) for s, p in enumerate(ways[way].misses(need)))
                for way in ways
            )
    return out


@pytest.mark.parametrize("opponent", [None, TIMID, CHOOSY], ids=["hard", "timid", "choosy"])
def test_the_win_table_solves_its_equation(opponent):
    game = E.Endgame(SMALL, opponent, target=1_000)
    assert game.win.shape == (10, 10)
    assert np.allclose(bellman(SMALL, opponent, game.win), game.win, atol=1e-9)
    assert ((game.win >= 0) & (game.win <= 1)).all()
    # the chance of the way it plays is the chance of the position
    chosen = np.choose(game.choice, [game.q[way] for way in game.ways])
    assert np.allclose(chosen, game.win, atol=1e-9)


def test_more_ways_solve_their_equation_and_never_lose_chances():
    ways = {**SMALL, "bank-200": turns([[2, 2], [2, 2], [0, 0], [2, 2]])}
    for opponent in (None, TIMID):
        game = E.Endgame(ways, opponent, target=1_000)
        assert np.allclose(bellman(ways, opponent, game.win), game.win, atol=1e-9)
    # against a fixed opponent a way more can only help
    more, fewer = E.Endgame(ways, TIMID, target=1_000), E.Endgame(SMALL, TIMID, target=1_000)
    assert (more.win >= fewer.win - 1e-12).all() and (more.win > fewer.win + 1e-6).any()
    # needing at most $200, banking $200 is the expected-score turn itself
    assert np.allclose(more.q["bank-200"][8:], more.q["ev"][8:])


@pytest.mark.parametrize(
    ("way", "table_rolls", "stop", "rolls"),
    [
        ("ev", True, 5_000, True),
        ("ev", False, 100, False),
        ("all-in", False, 9_000, True),
        ("mirror-all-in", False, 9_000, True),
        ("push-3000", False, 2_900, True),
        ("push-3000", False, 3_000, False),
        ("push-3000", True, 8_000, True),
        ("bank-1500", True, 1_400, True),
        ("bank-1500", True, 1_500, False),
        ("bank-1500", False, 200, False),
    ],
)
def test_each_way_throws_where_it_says(way, table_rolls, stop, rolls):
    assert E.rolls_on(way, table_rolls, stop) is rolls


def test_far_behind_it_goes_all_in_and_far_ahead_it_plays_for_points():
    game = E.Endgame(SMALL, None, target=1_000)
    assert game.way(0, 900) == "all-in"  # the opponent needs one step: only a long shot wins
    assert game.way(900, 0) == "ev"  # one step to go: the safe turn gets there
    assert game.chance(900, 0) > game.chance(0, 900)


def test_a_weaker_opponent_is_beaten_more_often_and_raced_less():
    hard, timid = E.Endgame(SMALL, None, target=1_000), E.Endgame(SMALL, TIMID, target=1_000)
    assert (timid.win >= hard.win - 1e-9).all() and timid.chance(0, 0) > hard.chance(0, 0)
    # against the timid player there are totals where hard goes all-in and it need not
    assert (timid.q["all-in"] > timid.q["ev"]).sum() < (hard.q["all-in"] > hard.q["ev"]).sum()


@settings(max_examples=20)
@given(
    st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), min_size=1, max_size=12),
    st.lists(st.integers(0, 12), min_size=1, max_size=12),
    st.booleans(),
)
def test_more_points_never_hurt(ev_rows, all_in, against_timid):
    rows = [[best, min(final, best)] for best, final in ev_rows]  # a turn ends at most at its best
    game = E.Endgame(mine(rows, all_in), TIMID if against_timid else None, target=800)
    w = game.win
    assert (np.diff(w, axis=0) >= -1e-9).all()  # more of my own points: at least as likely to win
    assert (np.diff(w, axis=1) <= 1e-9).all()  # more of theirs: at most as likely


def test_the_shipped_measurements_fit_these_dice():
    outs = E.load_outcomes()
    assert outs is not None, "regenerate with: python -m engines.monopoly_dice.endgame --cache DIR"
    data = json.loads(E.ASSET.read_text())
    assert set(outs.ways) == set(E.ALL_WAYS)
    assert all(len(t.final) == data["turns"][way] for way, t in outs.ways.items())
    # the expected-score turn's mean matches the solved turn's value within sampling error
    ev = outs.ways["ev"].final
    mean, sem = ev.mean() * E.STEP, ev.std() * E.STEP / np.sqrt(len(ev))
    assert abs(mean - outs.start_value) < 4 * sem
    # and the levels score in the order they play
    means = {level: outs.ways[level].final.mean() for level in ("medium", "easy", "police2")}
    assert ev.mean() > max(means.values())


def test_measurements_for_other_dice_or_damaged_are_refused(tmp_path):
    path = tmp_path / "outcomes.json"
    path.write_text(json.dumps({"ev": [1, 1], "all_in": [2], "fingerprint": "other", "turns": 1}))
    assert E.load_outcomes(path) is None
    path.write_text("{not json")
    assert E.load_outcomes(path) is None
    assert E.load_outcomes(tmp_path / "missing.json") is None


def test_hard_plays_the_way_the_end_game_says(monkeypatch):
    game = E.Endgame(SMALL, None, target=1_000)
    monkeypatch.setattr(E, "endgame", lambda target, level="hard": game)
    hard = make_player("hard")
    obs = {"current_player": 0, "target": 1_000, "scores": [0, 900], "turns": [0, 0], "busts": [0, 0]}
    assert hard.way(obs) == "all-in"
    obs["scores"] = [900, 0]
    assert hard.way(obs) == "ev"
    assert hard.way({**obs, "scores": [0]}) == "ev"  # solo: nobody to race
    threat = make_player("hard-threat")
    assert threat.way({"current_player": 0, "target": 15_000, "scores": [0, 12_500]}) == "all-in"
    assert threat.way({"current_player": 0, "target": 15_000, "scores": [0, 12_000]}) == "ev"


def test_hard_races_each_opponent_at_its_level(monkeypatch):
    games = {"hard": E.Endgame(SMALL, None, target=1_000), "medium": E.Endgame(SMALL, TIMID, target=1_000)}
    monkeypatch.setattr(E, "endgame", lambda target, level="hard": games[level])
    hard = make_player("hard")
    hard.seat_levels = ["hard", "medium", None]
    obs = {"current_player": 0, "target": 1_000, "scores": [0, 0, 0], "turns": [5, 5, 1], "busts": [0, 0, 0]}
    assert hard.opponent_level(obs, 1) == "medium"  # a computer seat: its level is known
    assert hard.opponent_level(obs, 2) == "hard"  # a human after one turn: assumed as strong as hard
    # the product of the races: an opponent far behind hardly moves the choice
    mine_total, leader = 300, 800
    alone = E.best_way(1_000, mine_total, [(leader, "hard")])
    with_straggler = E.best_way(1_000, mine_total, [(leader, "hard"), (0, "medium")])
    assert alone == with_straggler


def test_a_human_is_matched_to_the_level_their_turns_look_like(monkeypatch):
    outs = E.TurnOutcomes(
        {
            "ev": turns([[30, 30], [0, 0], [40, 40]]),
            "all-in": turns([[50, 0]]),
            "medium": turns([[20, 20], [18, 18], [0, 0], [22, 22]]),
            "easy": turns([[10, 10], [12, 12], [11, 11]]),
            "police2": turns([[15, 15], [0, 0], [0, 0], [25, 25]]),
        },
        "test",
        2_333.0,
    )
    monkeypatch.setattr(E, "_outcomes", lambda: outs)
    assert E.estimate_level(1_000, 1, 0) == "hard"  # too early to judge
    assert E.estimate_level(11 * 100 * 10, 10, 0) == "easy"
    assert E.estimate_level(20 * 100 * 10, 10, 1) == "medium"


@pytest.mark.parametrize("target", [10_000, 15_000, 25_000])
@pytest.mark.parametrize("level", E.COMPUTERS)
def test_the_real_end_game_builds_for_every_target_and_level(target, level):
    game = E.endgame(target, level)
    assert game is not None
    # I need $2,500 and the opponent only $500: this turn is my last real chance
    assert game.way(target - 2_500, target - 500) == "all-in"
    # far ahead, mid-game: points, or safer still against a weaker player; never a push
    assert game.way(target // 2, 0) in ("ev", "bank-1500")
    assert 0.5 < game.chance(0, 0) < 1.0  # the first player's edge, more against weaker players
