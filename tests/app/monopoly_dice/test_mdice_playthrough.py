"""Whole games from the home screen with scripted remote presses only; the final scores must be
the engine's for the same seed and the same choices."""

from __future__ import annotations

import pytest
from mdice_screen_helpers import play_to_end, record_actions, replay, start_game

from app.app import Headless
from app.screens.monopoly_dice.players import PlayerSpec

HUMAN = PlayerSpec(False)

CASES = [
    # (set-up keys from the Start row, players, target)
    ("UP,LEFT,UP,LEFT,DOWN,DOWN", [HUMAN, PlayerSpec(True, "easy")], 10_000),
    ("UP,RIGHT,UP,RIGHT,RIGHT,DOWN,DOWN", [HUMAN, HUMAN], 25_000),
]


@pytest.mark.parametrize(("keys", "players", "target"), CASES, ids=["vs-easy-10k", "two-humans-25k"])
def test_whole_game_from_home_matches_engine(tmp_path, keys, players, target):
    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path)
    try:
        screen = start_game(h, keys)
        assert screen.players == players
        assert screen.game.target == target
        log = record_actions(screen)
        play_to_end(h, screen)
        expected = replay(players, target, log)
        assert screen.state.to_dict() == expected.to_dict()
        assert screen.state.returns() == expected.returns()
        winner = expected.winner
        assert expected.scores[winner] >= target
        # the results follow, with the engine's bonuses and final totals
        h.advance(3000)
        results = h.top
        assert type(results).__name__ == "ResultsScreen"
        lines = dict(results.lines())
        assert lines["Final"] == f"${int(expected.returns()[winner]):,}"
        h.render()
    finally:
        h.close()
