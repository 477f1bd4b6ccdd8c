"""What a Monopoly Dice player's phone shows: the dice to place, the score so far, their odds."""

from __future__ import annotations

from typing import Any

from engines.monopoly_dice.game import MonopolyDiceState
from engines.monopoly_dice.odds import Position, completion_chances, jail_chance


def view(state: MonopolyDiceState, seat: int) -> dict[str, Any]:
    """The board's groups and dice as the table shows them, ``seat``'s score, and on its turn the
    chance that the next roll lands in jail or completes each group."""
    obs = state.to_dict(seat)
    mine = obs["current_player"] == seat
    odds: dict[str, Any] = {}
    if mine and not state.is_terminal() and not state.is_chance_node() and obs["dice_to_roll"]:
        position = Position.from_observation(obs)
        odds = {"jail": jail_chance(position), "complete": completion_chances(position)}
    return {
        "family": "monopoly-dice",
        "your_turn": mine,
        "target": obs["target"],
        "dice": [
            {"id": d["id"], "name": d["name"], "face": d["face"], "where": d["where"], "group": d["group"]}
            for d in obs["dice"]
        ],
        "groups": [
            {
                "key": g["key"],
                "name": g["name"],
                "squares": g["squares"],
                "complete": g["complete"],
                "value": g["value"],
                "dice": g["dice"],
            }
            for g in obs["groups"]
        ],  # fmt: skip
        "policemen": obs["policemen"],
        "score": obs["table"][seat],
        "totals": [row["total"] for row in obs["table"]],
        "can_undo": obs["can_undo"] and mine,
        "odds": odds,
        "over": obs["over"],
    }
