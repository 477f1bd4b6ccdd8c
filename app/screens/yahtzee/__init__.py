"""Yahtzee (Classic, Painted, Power) and Dice Party on the TV: set-up, game, scorecard, hint, review.

The home carousel calls :func:`start` (the set-up screen) and the Resume list :func:`resume` (the
game screen at the saved point). Modules import pygame-heavy pieces lazily so that
``app.screens.yahtzee.decisions`` stays cheap.
"""

from __future__ import annotations

from typing import Any


def start(app: Any, entry: Any) -> None:
    """Push the set-up screen of the home tile ``entry`` ("yahtzee" or "dice-party")."""
    from app.screens.yahtzee.setup import SetupScreen

    app.push(SetupScreen(entry.id))


def resume(app: Any, info: Any, payload: dict) -> bool:
    """Push the saved game; a damaged save is moved aside with one line of notice, never a crash."""
    from app.screens.dice_game import resume_saved
    from app.screens.yahtzee.game import GameScreen

    return resume_saved(app, info, payload, GameScreen.from_payload, "Yahtzee", "yahtzee.save.damaged")
