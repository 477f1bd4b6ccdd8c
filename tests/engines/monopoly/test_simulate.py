"""`tvgames simulate monopoly` (engines/monopoly/simulate.py)."""

from __future__ import annotations

import doctest
import json

import pytest

from app import cli
from engines.monopoly import simulate


def test_doctests():
    assert doctest.testmod(simulate).failed == 0


def _without_timing(result: dict) -> dict:
    return {k: v for k, v in result.items() if k != "timing"}


def test_the_same_seed_gives_the_same_result_and_another_seed_another():
    options = {"players": ["hard", "medium", "easy"], "games": 3, "seed": 5, "max_turns": 40}
    first = simulate.run(options)
    assert _without_timing(first) == _without_timing(simulate.run(dict(options)))
    assert _without_timing(first) != _without_timing(simulate.run(dict(options, seed=6)))
    assert sum(p["wins"] for p in first["players"]) == pytest.approx(3)
    for p in first["players"]:
        assert 0 <= p["win_rate"] <= 1 and p["standard_error"] >= 0
    assert first["length"]["mean_turns"] > 0 and first["timing"]["games_per_second"] > 0


def test_checked_play_gives_the_same_games_as_the_fast_path():
    names = ["medium", "hard"]
    fast = simulate.play_game(names, seed=2, game_index=0, max_turns=50, trading=True)
    checked = simulate.play_game(names, seed=2, game_index=0, max_turns=50, trading=True, checked=True)
    assert fast == checked


def test_trading_off_means_no_trades():
    result = simulate.run(
        {"players": ["hard", "hard"], "games": 2, "seed": 1, "max_turns": 60, "no_trading": True}
    )
    assert result["totals"]["trades"] == 0 and result["trading"] is False


def test_the_command_prints_json(capsys):
    argv = ["simulate", "monopoly", "--players", "medium,buy-everything", "--games", "2", "--max-turns", "30"]
    assert cli.main([*argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "monopoly" and [p["name"] for p in out["players"]] == ["medium", "buy-everything"]
    assert cli.main(argv) == 0
    assert "games/s" in capsys.readouterr().out


@pytest.mark.parametrize("players", ["medium", "medium,grandmaster", ",".join(["medium"] * 7)])
def test_bad_players_are_a_user_error(players, capsys):
    assert cli.main(["simulate", "monopoly", "--players", players, "--games", "1"]) == 2
