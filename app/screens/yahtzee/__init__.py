"""Yahtzee (Classic, Painted, Power) and Dice Party on the TV: set-up, game, scorecard, hint, review.

The home carousel calls :func:`start` (the set-up screen) and the Resume list :func:`resume` (the
game screen at the saved point). Modules import pygame-heavy pieces lazily so that
``app.screens.yahtzee.decisions`` stays cheap.
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)


def start(app: Any, entry: Any) -> None:
    """Push the set-up screen of the home tile ``entry`` ("yahtzee" or "dice-party")."""
    from app.screens.yahtzee.setup import SetupScreen

    app.push(SetupScreen(entry.id))


def resume(app: Any, info: Any, payload: dict) -> bool:
    """Push the saved game; a damaged save is moved aside with one line of notice, never a crash."""
    from app.i18n import t
    from app.screens.yahtzee.game import GameScreen

    try:
        screen = GameScreen.from_payload(payload)
    except (ValueError, TypeError, KeyError) as exc:
        log.warning("damaged Yahtzee save %s: %s", getattr(info, "slot", "?"), exc)
        slot = getattr(info, "slot", None)
        if slot:
            app.saves.storage.move_aside(f"saves/{slot}.json", "notice.file_damaged")
            app._take_storage_messages()
        else:
            app.toast(t("yahtzee.save.damaged"))
        top = app.top
        if top is not None and hasattr(top, "reload"):
            top.reload()
        return False
    app.push(screen)
    return True
