"""Yahtzee for :class:`app.match.Match`: the glue between a match and the engine, without pygame."""

from __future__ import annotations

from typing import Any

from app.match import Held, MatchRules, Pace, Scored, Undone
from engines.core import State
from engines.yahtzee.game import ROLL, SCORE, TOGGLE_HOLD, UNDO

SETTLE_S = 0.45
"""Dice tumble this long after a roll before they show their faces."""
CPU_PAUSE_S = {"toggle": 0.35, "roll": 0.55, "score": 1.1, "start": 0.6}
"""Pauses while a computer plays, so its turn can be followed step by step."""
CPU_SHAKE_S = 0.5
END_PAUSE_S = 1.2


class YahtzeeRules(MatchRules):
    """The Yahtzee family for :class:`~app.match.Match`."""

    roll = ROLL
    pace = Pace(SETTLE_S, CPU_SHAKE_S, CPU_PAUSE_S, END_PAUSE_S, end_skip_s=0.3, sequential=False)

    def thrown(self, state: State) -> tuple[int, ...]:
        return tuple(i for i, held in enumerate(state.to_dict()["held"]) if not held)

    def turn_count(self, state: State) -> int:
        return sum(state.turns_taken())  # type: ignore[attr-defined]

    def kind(self, action: int) -> str:
        if action == ROLL:
            return "roll"
        if TOGGLE_HOLD <= action < UNDO:
            return "toggle"
        return "score" if action >= SCORE else "undo"

    def events(self, state: State, player: int, action: int, turn_over: bool) -> list[Any]:
        if TOGGLE_HOLD <= action < UNDO:
            return [Held(player, action - TOGGLE_HOLD)]
        if action == UNDO:
            return [Undone(player)]
        if action >= SCORE:
            box = action - SCORE
            return [Scored(player, box, state.scores(player)[box])]  # type: ignore[attr-defined]
        return []
