"""What a Pig player's phone shows: the race to the goal, the turn at stake and the last die."""

from __future__ import annotations

from typing import Any

from engines.pig.game import PigState


def view(state: PigState, seat: int) -> dict[str, Any]:
    """Everything in Pig is on the table; the phone shows ``seat``'s banked score first."""
    obs = state.to_dict(seat)
    return {
        "family": "pig",
        "your_turn": obs["current_player"] == seat,
        "score": obs["scores"][seat],
        "scores": obs["scores"],
        "turn_total": obs["turn_total"] if obs["player"] == seat else 0,
        "last_face": obs["last_face"],
        "goal": obs["goal"],
        "over": obs["over"],
    }
