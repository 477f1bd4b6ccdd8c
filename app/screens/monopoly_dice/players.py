"""The seats of a Monopoly Dice game (human or computer) and the computer players the screen uses.

The computer players are the engine's (:mod:`engines.monopoly_dice.ai`): ``make_chooser`` asks it
for the player of a level. A chooser is ``choose(state) -> action`` for a state where that player
is to act; the board screen calls it in a worker thread on a clone of the position.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from app.screens.dice_game import LEVELS, PlayerSpec, seat_names

__all__ = ["LEVELS", "Choose", "PlayerSpec", "make_chooser", "player_names"]

Choose = Callable[[Any], int]


def player_names(players: Sequence[PlayerSpec]) -> list[str]:
    """ "Player 1", "Computer 2", ... numbered by seat, in the current language."""
    return seat_names(players, "mdice.player.name.human", "mdice.player.name.computer")


def make_chooser(level: str, seed: int, seat_levels: Sequence[str | None] | None = None) -> Choose:
    """The engine's computer player of ``level`` (:func:`engines.monopoly_dice.ai.make_player`).

    A ``hard`` computer reads the solved turn; if this box has not solved it yet, the build starts
    now in the background and the player plays its one-step look-ahead until it is ready. It is
    told the level of every computer seat (``seat_levels``, None for a human) for its end game."""
    from engines.monopoly_dice import turn_table
    from engines.monopoly_dice.ai import HardPlayer, make_player

    if level == "hard":
        turn_table.set_background_tables(True)
        turn_table.available_table()
    player = make_player(level, seed)
    if isinstance(player, HardPlayer) and seat_levels is not None:
        player.seat_levels = list(seat_levels)
    return player
