"""Monopoly Dice on the TV: set-up, the board (with the scoring table), the odds screen, the results.

The home carousel calls :func:`start` (the set-up screen) and the Resume list :func:`resume` (the
board at the saved point, mid-turn included).
"""

from __future__ import annotations

from typing import Any


def start(app: Any, entry: Any) -> None:
    """Push the set-up screen."""
    from app.screens.monopoly_dice.setup import SetupScreen

    app.push(SetupScreen())


def resume(app: Any, info: Any, payload: dict) -> bool:
    """Push the saved game; a damaged save is moved aside with one line of notice, never a crash."""
    from app.screens.dice_game import resume_saved
    from app.screens.monopoly_dice.board import BoardScreen

    return resume_saved(app, info, payload, BoardScreen.from_payload, "Monopoly Dice", "mdice.save.damaged")
