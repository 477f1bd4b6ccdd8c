"""The numbers of Pig's odds view (key 5): the risk of the next roll and the optimal move's chances."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from engines.pig import rules as R


@dataclass(frozen=True)
class Odds:
    """What the view shows for the player to move."""

    survive: Fraction
    """The chance the turn total survives the next roll (the die shows no 1)."""
    expected_gain: Fraction
    """The points one more roll adds to the turn total on average (negative: it loses on average)."""
    win_if_roll: float
    win_if_hold: float | None
    """None at the start of a turn (holding nothing is not a move)."""
    best: str
    """``"roll"`` or ``"hold"``: the optimal player's move."""

    @property
    def win_best(self) -> float:
        return self.win_if_roll if self.best == "roll" else float(self.win_if_hold or 0.0)


def survive_chance() -> Fraction:
    """The chance a roll shows no 1: 5/6 on the six-sided die."""
    return Fraction(R.DIE_SIDES - 1, R.DIE_SIDES)


def expected_gain(turn_total: int) -> Fraction:
    """The turn total's expected change from one more roll: the faces 2-6 add, a 1 takes it all.

    >>> expected_gain(0), expected_gain(20), expected_gain(24)
    (Fraction(10, 3), Fraction(0, 1), Fraction(-2, 3))
    """
    rise = sum(face for face in R.FACES if face != R.BUST_FACE)
    return Fraction(rise - turn_total, R.DIE_SIDES)


def odds(observation: dict[str, Any]) -> Odds:
    """The odds for the player to move in ``observation`` (``state.to_dict(player)``)."""
    from engines.pig.solver import solve

    me = observation["player"]
    mine, theirs = observation["scores"][me], observation["scores"][1 - me]
    total = observation["turn_total"]
    table = solve(observation.get("goal", R.GOAL))
    roll = float(table.roll[mine, theirs, total])
    hold = float(table.hold[mine, theirs, total]) if total > 0 else None
    best = "roll" if table.should_roll(mine, theirs, total) else "hold"
    return Odds(survive_chance(), expected_gain(total), roll, hold, best)


def warm_up() -> None:
    """Build or load the table now (a few seconds the first time), so the first look is instant."""
    from engines.pig.solver import solve

    solve()
