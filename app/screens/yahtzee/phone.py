"""What a Yahtzee or Dice Party player's phone shows: their own scorecard, the dice to hold, the odds."""

from __future__ import annotations

from typing import Any

from engines.yahtzee.game import ROLL, YahtzeeState, toggle_hold
from engines.yahtzee.odds import box_odds, mode_odds_ready


def view(state: YahtzeeState, seat: int) -> dict[str, Any]:
    """``seat``'s card (with what each open box would score now on its turn), the dice, the rolls
    left, the others' totals only, and the "view die sides" odds of its open boxes on its turn."""
    obs = state.to_dict(seat)
    mine = obs["current_player"] == seat
    card = obs["cards"][seat]
    boxes = [
        {
            "key": key,
            "name": box["name"],
            "section": box["section"],
            "score": box["score"],
            "potential": box["potential"] if mine else None,
            "allowed": bool(box["allowed"]) and mine,
        }
        for key, box in card["boxes"].items()
    ]
    odds = []
    # the odds table is built by the TV's odds screen or the computers; a phone never waits for it
    if mine and obs["rolls"] > 0 and mode_odds_ready(state.game) and not state.is_chance_node():
        odds = [
            {"key": o.key, "next_roll": o.next_roll, "end_of_turn": o.end_of_turn} for o in box_odds(state)
        ]
    return {
        "family": "yahtzee",
        "mode": obs["mode"],
        "your_turn": mine,
        "turn_player": obs["turn_player"],
        "dice": [{"face": d["face"], "held": d["held"], "power": d["power"]} for d in obs["dice"]],
        "rolls": obs["rolls"],
        "rolls_left": obs["rolls_left"],
        "must_score": bool(obs["must_score"]) and mine,
        "boxes": boxes,
        "total": card["total"],
        "upper": card["upper"],
        "upper_bonus": card["upper_bonus"],
        "totals": [c["total"] for c in obs["cards"]],
        "odds": odds,
        "over": obs["over"],
    }


def bench_table(app: Any, players: int) -> tuple[Any, list[int]]:
    """``tvgames bench``'s phone table: Yahtzee Classic between ``players`` humans, the first roll
    thrown, and the taps seat 1 may repeat for ever: holding and releasing each die."""
    import numpy as np

    from app.match import PlayerSpec
    from app.screens.yahtzee.game import GameScreen
    from engines.core import load_game

    state = load_game("yahtzee-classic", num_players=players).new_initial_state()
    seats = [PlayerSpec(name=f"P{n + 1}") for n in range(players)]
    screen = GameScreen(state, seats, np.random.default_rng(1), np.random.default_rng(2))
    app.push(screen)
    screen.match.act(ROLL)
    return screen, [toggle_hold(die) for die in range(len(state.game.all_dice))]
