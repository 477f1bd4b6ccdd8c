"""Monopoly for :class:`app.match.Match`: the glue between a match and the engine, without pygame."""

from __future__ import annotations

from app.match import MatchRules, Pace
from engines.core import State
from engines.monopoly import game as G

CPU_PAUSES = {"start": 0.6, "roll": 0.5, "move": 0.7}
"""Pauses while a computer plays, so its turn can be followed step by step."""


class MonopolyRules(MatchRules):
    """The Monopoly board game for :class:`~app.match.Match`."""

    roll = G.ROLL
    pace = Pace(0.5, 0.5, CPU_PAUSES, end_s=1.5, end_skip_s=0.4, sequential=True)

    def thrown(self, state: State) -> tuple[int, ...]:
        return (0, 1)

    def turn_count(self, state: State) -> int:
        return int(state.stats["turns"])  # type: ignore[attr-defined]

    def kind(self, action: int) -> str:
        return "roll" if action == G.ROLL else "move"
