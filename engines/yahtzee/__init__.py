"""The Yahtzee family: Classic, Painted, Power and Dice Party (importing registers the games)."""

from __future__ import annotations

from engines.core import register_players
from engines.yahtzee.game import (
    GAMES_BY_MODE,
    ROLL,
    SCORE,
    TOGGLE_HOLD,
    UNDO,
    ClassicGame,
    DicePartyGame,
    PaintedGame,
    PowerGame,
    YahtzeeGame,
    YahtzeeState,
    score_action,
    toggle_hold,
)

register_players(YahtzeeGame, "engines.yahtzee.players:make_player")

__all__ = [
    "GAMES_BY_MODE",
    "ROLL",
    "SCORE",
    "TOGGLE_HOLD",
    "UNDO",
    "ClassicGame",
    "DicePartyGame",
    "PaintedGame",
    "PowerGame",
    "YahtzeeGame",
    "YahtzeeState",
    "score_action",
    "toggle_hold",
]
