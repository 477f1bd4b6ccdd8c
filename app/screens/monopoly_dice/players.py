"""The seats of a Monopoly Dice game (human or computer) and the computer players the screen uses.

The computer players are the engine's (:mod:`engines.monopoly_dice.ai`): ``make_chooser`` asks it
for the player of a level. A chooser is ``choose(state) -> action`` for a state where that player
is to act; the board screen calls it in a worker thread on a clone of the position.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from app.i18n import t

LEVELS = ("easy", "medium", "hard")

Choose = Callable[[Any], int]


@dataclass(frozen=True)
class PlayerSpec:
    """One seat: a human, or a computer of a difficulty level."""

    computer: bool = False
    level: str = "medium"

    def to_json(self) -> dict[str, Any]:
        return {"computer": self.computer, "level": self.level}

    @classmethod
    def from_json(cls, data: Any) -> PlayerSpec:
        if not isinstance(data, dict) or not isinstance(data.get("computer"), bool):
            raise ValueError("a player is {computer: bool, level: str}")
        level = data.get("level", "medium")
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        return cls(data["computer"], level)


def player_names(players: Sequence[PlayerSpec]) -> list[str]:
    """ "Player 1", "Computer 2", ... numbered by seat, in the current language."""
    return [
        t("mdice.player.name.computer" if p.computer else "mdice.player.name.human", n=i + 1)
        for i, p in enumerate(players)
    ]


def make_chooser(level: str, seed: int) -> Choose:
    """The engine's computer player of ``level`` (:func:`engines.monopoly_dice.ai.make_player`)."""
    from engines.monopoly_dice.ai import make_player

    return make_player(level, seed)
