"""Monopoly Dice for :class:`app.match.Match`: the glue between a match and the engine, without pygame."""

from __future__ import annotations

from typing import Any

from app.match import Jailed, MatchRules, Pace, Placed
from engines.core import State
from engines.monopoly_dice import END_TURN, ROLL, UNDO, decode_place

SETTLE_S = 0.5
"""Dice tumble this long after a roll before they show their faces."""
CPU_PAUSE_S = {"start": 0.7, "roll": 0.5, "place": 0.45}
"""Pauses while a computer plays, so its turn can be followed step by step."""
CPU_SHAKE_S = 0.5
END_PAUSE_S = 1.5


class MonopolyDiceRules(MatchRules):
    """Monopoly Dice for :class:`~app.match.Match`."""

    roll = ROLL
    pace = Pace(SETTLE_S, CPU_SHAKE_S, CPU_PAUSE_S, END_PAUSE_S, end_skip_s=0.4, sequential=True)

    def thrown(self, state: State) -> tuple[int, ...]:
        return tuple(state.dice_to_roll())  # type: ignore[attr-defined]

    def turn_count(self, state: State) -> int:
        return sum(state.turns)  # type: ignore[attr-defined]

    def kind(self, action: int) -> str:
        return {ROLL: "roll", END_TURN: "stop", UNDO: "undo"}.get(action, "place")

    def events(self, state: State, player: int, action: int, turn_over: bool) -> list[Any]:
        if action == ROLL:
            return [Jailed(player)] if turn_over else []  # only the third policeman ends a turn in a roll
        if action in (END_TURN, UNDO):
            return []
        return [Placed(player, *decode_place(action))]
