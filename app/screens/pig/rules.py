"""Pig for :class:`app.match.Match`: the glue between a match and the engine, without pygame."""

from __future__ import annotations

from typing import Any

from app.match import Event, MatchRules, Pace
from engines.core import State
from engines.pig import HOLD, ROLL

SETTLE_S = 0.5
CPU_PAUSE_S = {"start": 0.7, "roll": 0.6, "hold": 0.5}
"""Pauses while a computer plays, so each roll can be followed."""


class PigRules(MatchRules):
    """One die, thrown by ROLL; a turn ends on a 1, a hold or the goal."""

    roll = ROLL
    pace = Pace(SETTLE_S, 0.45, CPU_PAUSE_S, 1.5, end_skip_s=0.4, sequential=True)

    def thrown(self, state: State) -> tuple[int, ...]:
        return (0,)

    def turn_count(self, state: State) -> int:
        return sum(state.to_dict()["turns"])

    def kind(self, action: int) -> str:
        return {ROLL: "roll", HOLD: "hold"}.get(action, "move")

    def events(self, state: State, player: int, action: int, turn_over: bool) -> list[Event]:
        return []

    def view(self, state: State, player: int) -> Any:
        return state.clone()
