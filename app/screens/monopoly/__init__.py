"""Monopoly, the board game, on the TV: set-up, the board with every decision, the modals.

The home carousel calls :func:`start` (the set-up screen) and the Resume list :func:`resume` (the
board at the saved point: mid-auction and mid-trade included).
"""

from __future__ import annotations

from typing import Any


def start(app: Any, entry: Any) -> None:
    """Push the set-up screen."""
    from app.screens.monopoly.setup import SetupScreen

    app.push(SetupScreen())


def resume(app: Any, info: Any, payload: dict) -> bool:
    """Push the saved game; a damaged save is moved aside with one line of notice, never a crash."""
    from app.screens.dice_game import resume_saved
    from app.screens.monopoly.game import GameScreen

    return resume_saved(app, info, payload, GameScreen.from_payload, "Monopoly", "mono.save.damaged")


def _family() -> Any:
    from app.descriptor import GameEntry, GameFamily

    return GameFamily(
        name="monopoly",
        phone_view="app.screens.monopoly.phone:view",
        tiles=(
            GameEntry(
                "monopoly",
                "home.monopoly",
                "home.monopoly.subtitle",
                "tile_monopoly",
                start="app.screens.monopoly:start",
                resume="app.screens.monopoly:resume",
                engines=("monopoly",),
                tile_art="app.screens.home:house_art",
                how_to_play="app.screens.howto:show",
            ),
        ),
        scenes=("app.screens.monopoly.scenes",),
        simulate="engines.monopoly.simulate",
    )


FAMILY = _family()
"""This family's descriptor (registered in :data:`app.catalog.FAMILY_PACKAGES`)."""
