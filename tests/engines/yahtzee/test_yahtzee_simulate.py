"""The headless simulator and the player registry."""

from __future__ import annotations

import json
from collections.abc import Callable

import numpy as np
import pytest

from app.cli import main
from engines.core import State, load_game, play_out
from engines.yahtzee import YahtzeeGame, players
from engines.yahtzee.players import available_players, make_player, register_player
from engines.yahtzee.simulate import format_text, run


def without_timing(result: dict) -> dict:
    return {k: v for k, v in result.items() if k != "timing"}


def test_same_seed_same_result_and_the_statistics_reported() -> None:
    options = {"mode": "painted", "players": ["greedy", "random"], "games": 12, "seed": 5}
    first, second = run(options), run(dict(options))
    assert without_timing(first) == without_timing(second)
    assert without_timing(run({**options, "seed": 6})) != without_timing(first)
    greedy, rnd = first["per_player"]
    assert greedy["mean"] > rnd["mean"] and greedy["win_rate"] + rnd["win_rate"] == pytest.approx(1)
    for key in ("mean", "std", "stderr", "min", "max", "win_rate", "upper_bonus_rate", "colour_bonus_rate"):
        assert key in greedy
    assert greedy["min"] <= greedy["mean"] <= greedy["max"]
    assert set(greedy["boxes"]) == {b.key for b in load_game("yahtzee-painted").boxes}
    assert all(0 <= b["scored_rate"] <= 1 and b["mean"] >= 0 for b in greedy["boxes"].values())
    assert set(first["timing"]) == {"seconds", "games_per_second"}
    text = format_text(first)
    assert "1:greedy" in text and "2:random" in text and "games/s" in text


def test_box_means_add_up_to_the_mean_score() -> None:
    result = run({"mode": "classic", "players": ["greedy"], "games": 10, "seed": 2})
    row = result["per_player"][0]
    boxes = sum(b["mean"] for b in row["boxes"].values())
    upper = sum(row["boxes"][k]["mean"] for k in ("ones", "twos", "threes", "fours", "fives", "sixes"))
    assert upper >= 0
    bonus = row["upper_bonus_rate"] * 35 + row["yahtzee_bonus_mean"] * 100
    assert boxes + bonus == pytest.approx(row["mean"], abs=1e-3)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"mode": "dice-party", "players": ["random"] * 3}, "exactly 2"),
        ({"mode": "classic", "players": ["random"] * 5}, "1 to 4"),
        ({"mode": "poker", "players": ["random"]}, "no Yahtzee mode"),
        ({"mode": "classic", "players": ["nobody"]}, "no Yahtzee player"),
        ({"mode": "classic", "players": ["random"], "games": 0}, "at least 1"),
    ],
)
def test_bad_options(options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        run({"games": 1, **options})


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "simulate",
        "yahtzee",
        "--mode",
        "power",
        "--players",
        "greedy",
        "--games",
        "3",
        "--seed",
        "4",
        "--json",
    ]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == "yahtzee-power" and result["per_player"][0]["games"] == 3
    assert main(["simulate", "yahtzee", "--mode", "dice-party", "--players", "a,b,c", "--games", "1"]) == 2
    assert "exactly 2" in capsys.readouterr().err
    assert main(["simulate", "yahtzee", "--mode", "dice-party", "--players", "greedy", "--games", "2"]) == 0
    assert "2:greedy" in capsys.readouterr().out


def test_player_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    assert {"random", "greedy"} <= set(available_players())
    game = load_game("yahtzee-classic")
    monkeypatch.setattr(players, "_PLAYERS", dict(players._PLAYERS))

    @register_player("last-legal")
    def last_legal(game: YahtzeeGame, rng: np.random.Generator) -> Callable[[State], int]:
        return lambda state: state.legal_actions()[-1]

    rng = np.random.default_rng(0)
    state = play_out(game.new_initial_state(), rng, make_player("last-legal", game, rng))
    assert state.is_terminal() and "last-legal" in available_players()
    with pytest.raises(ValueError, match="no Yahtzee player"):
        make_player("nobody", game, rng)
