"""The Pig-style end game: the win-probability table over both totals and the way hard plays a turn."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.monopoly_dice import endgame as E
from engines.monopoly_dice.ai import make_player
from engines.monopoly_dice.turn_table import fingerprint


def outcomes(ev_rows, all_in) -> E.TurnOutcomes:
    return E.TurnOutcomes(np.asarray(ev_rows).reshape(-1, 2), np.asarray(all_in), fingerprint())


# A small world: expected-score turns reach 0-6 steps, all-in turns are often jailed but go far.
SMALL = outcomes(
    [[0, 0], [2, 2], [3, 3], [4, 0], [4, 4], [6, 6], [3, 0], [2, 2]],
    [0, 0, 0, 0, 5, 8, 9, 12],
)


def bellman(outs: E.TurnOutcomes, w: np.ndarray) -> np.ndarray:
    """The right-hand side of the end game's equation, written out term by term."""
    n = len(w)
    out = np.empty_like(w)
    for a in range(n):
        for b in range(n):
            need = n - a
            ev = outs.ev_win(need)
            for s, p in enumerate(outs.ev_misses(need)):
                ev += p * (1 - w[b, a + s])
            all_in = outs.all_in_win(need) + (1 - outs.all_in_win(need)) * (1 - w[b, a])
            out[a, b] = max(ev, all_in)
    return out


def test_the_win_table_solves_its_equation():
    game = E.Endgame(SMALL, target=1_000)
    assert game.win.shape == (10, 10)
    assert np.allclose(bellman(SMALL, game.win), game.win, atol=1e-9)
    assert ((game.win >= 0) & (game.win <= 1)).all()


def test_far_behind_it_goes_all_in_and_far_ahead_it_plays_for_points():
    game = E.Endgame(SMALL, target=1_000)
    assert game.way(0, 900) == "all-in"  # the opponent needs one step: only a long shot wins
    assert game.way(900, 0) == "ev"  # one step to go: the safe turn gets there
    assert game.chance(900, 0) > game.chance(0, 900)


@settings(max_examples=20)
@given(
    st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), min_size=1, max_size=12),
    st.lists(st.integers(0, 12), min_size=1, max_size=12),
)
def test_more_points_never_hurt(ev_rows, all_in):
    rows = [[best, min(final, best)] for best, final in ev_rows]  # a turn ends at most at its best
    game = E.Endgame(outcomes(rows, all_in), target=800)
    w = game.win
    assert (np.diff(w, axis=0) >= -1e-9).all()  # more of my own points: at least as likely to win
    assert (np.diff(w, axis=1) <= 1e-9).all()  # more of theirs: at most as likely


def test_the_shipped_measurements_fit_these_dice():
    outs = E.load_outcomes()
    assert outs is not None, "regenerate with: python -m engines.monopoly_dice.endgame"
    data = json.loads(E.ASSET.read_text())
    assert len(outs.ev) == data["turns"] and len(outs.all_in) == data["turns"]
    # the expected-score turn's mean matches the solved turn's value within sampling error
    mean = outs.ev[:, 1].mean() * E.STEP
    sem = outs.ev[:, 1].std() * E.STEP / np.sqrt(len(outs.ev))
    assert abs(mean - 3068.42) < 4 * sem


def test_measurements_for_other_dice_or_damaged_are_refused(tmp_path):
    path = tmp_path / "outcomes.json"
    path.write_text(json.dumps({"ev": [1, 1], "all_in": [2], "fingerprint": "other", "turns": 1}))
    assert E.load_outcomes(path) is None
    path.write_text("{not json")
    assert E.load_outcomes(path) is None
    assert E.load_outcomes(tmp_path / "missing.json") is None


def test_hard_plays_the_way_the_end_game_says(monkeypatch):
    game = E.Endgame(SMALL, target=1_000)
    monkeypatch.setattr(E, "endgame", lambda target: game)
    hard = make_player("hard")
    obs = {"current_player": 0, "target": 1_000, "scores": [0, 900]}
    assert hard.way(obs) == "all-in"
    obs["scores"] = [900, 0]
    assert hard.way(obs) == "ev"
    obs["scores"] = [0]
    assert hard.way(obs) == "ev"  # solo: nobody to race
    threat = make_player("hard-threat")
    assert threat.way({"current_player": 0, "target": 15_000, "scores": [0, 12_500]}) == "all-in"
    assert threat.way({"current_player": 0, "target": 15_000, "scores": [0, 12_000]}) == "ev"


@pytest.mark.parametrize("target", [10_000, 15_000, 25_000])
def test_the_real_end_game_builds_for_every_target(target):
    game = E.endgame(target)
    assert game is not None
    # I need $2,500 and the opponent only $500: this turn is my last real chance
    assert game.way(target - 2_500, target - 500) == "all-in"
    assert game.way(target // 2, 0) == "ev"  # far ahead, mid-game: points
    assert 0.5 < game.chance(0, 0) < 0.75  # the first player's edge
