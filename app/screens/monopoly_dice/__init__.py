"""Monopoly Dice on the TV: set-up, the board (with the scoring table), the odds screen, the results.

The home carousel calls :func:`start` (the set-up screen) and the Resume list :func:`resume` (the
board at the saved point, mid-turn included).
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)


def start(app: Any, entry: Any) -> None:
    """Push the set-up screen."""
    from app.screens.monopoly_dice.setup import SetupScreen

    app.push(SetupScreen())


def resume(app: Any, info: Any, payload: dict) -> bool:
    """Push the saved game; a damaged save is moved aside with one line of notice, never a crash."""
    from app.i18n import t
    from app.screens.monopoly_dice.board import BoardScreen

    try:
        screen = BoardScreen.from_payload(payload)
    except (ValueError, TypeError, KeyError) as exc:
        log.warning("damaged Monopoly Dice save %s: %s", getattr(info, "slot", "?"), exc)
        slot = getattr(info, "slot", None)
        if slot:
            app.saves.storage.move_aside(f"saves/{slot}.json", "notice.file_damaged")
            app._take_storage_messages()
        else:
            app.toast(t("mdice.save.damaged"))
        top = app.top
        if top is not None and hasattr(top, "reload"):
            top.reload()
        return False
    app.push(screen)
    return True
