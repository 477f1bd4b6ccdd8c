"""Whole games of every mode from the home screen, with scripted remote presses only; the final
scores must be the engine's for the same seed and the same choices."""

from __future__ import annotations

import pytest
from yahtzee_screen_helpers import play_to_end, replay, start_game

from app.app import Headless
from app.screens.yahtzee.game import PlayerSpec

HUMAN = PlayerSpec(False)

CASES = [
    # (tile, set-up keys, mode, players, rolls per turn)
    ("yahtzee", "", "classic", [HUMAN], 2),
    ("yahtzee", "UP,UP,UP,RIGHT,DOWN,DOWN,DOWN", "painted", [HUMAN], 1),
    ("yahtzee", "UP,UP,UP,RIGHT,RIGHT,DOWN,DOWN,DOWN", "power", [HUMAN], 3),
    ("dice-party", "", "dice-party", [HUMAN, PlayerSpec(True, "medium")], 2),
    (
        "yahtzee",
        "UP,UP,UP,RIGHT,RIGHT,DOWN,RIGHT,DOWN,DOWN,RIGHT,DOWN",
        "power",
        [HUMAN, PlayerSpec(True, "hard")],
        2,
    ),
]


@pytest.mark.parametrize(
    ("tile", "keys", "mode", "players", "rolls"), CASES, ids=[f"{c[2]}-{len(c[3])}" for c in CASES]
)
def test_whole_game_from_home_matches_engine(tmp_path, tile, keys, mode, players, rolls):
    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path)
    try:
        screen = start_game(h, tile, keys)
        assert screen.game.mode == mode
        assert screen.players == players
        play_to_end(h, screen, rolls)
        expected = replay(mode, players, screen.decisions)
        assert screen.state.returns() == expected.returns()
        assert screen.state.to_dict() == expected.to_dict()
        shown = screen.state.to_dict(0)["cards"]
        assert [c["total"] for c in shown] == [int(r) for r in expected.returns()]
        # the results screen follows the last box
        h.advance(2500)
        assert type(h.top).__name__ == "ResultsScreen"
    finally:
        h.close()
