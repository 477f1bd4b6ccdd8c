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


def tile_art(surface: Any, box: Any, screen: Any, entry: Any) -> None:
    """The home tile: a money die, a six and a Chance die."""
    from app.widgets import dice_tile_art

    theme = screen.theme
    accent = theme.colour("accent")
    dice_tile_art(surface, screen.app, box, ("$", 6, "?"), (accent, theme.colour("die"), accent))


def _family() -> Any:
    from app.descriptor import GameEntry, GameFamily, GameSetting

    return GameFamily(
        name="monopoly-dice",
        phone_view="app.screens.monopoly_dice.phone:view",
        tiles=(
            GameEntry(
                "monopoly-dice",
                "home.monopoly_dice",
                "home.monopoly_dice.subtitle",
                "tile_monopoly_dice",
                start="app.screens.monopoly_dice:start",
                resume="app.screens.monopoly_dice:resume",
                engines=("monopoly-dice",),
                tile_art="app.screens.monopoly_dice:tile_art",
                how_to_play="app.screens.howto:show",
            ),
        ),
        scenes=("app.screens.monopoly_dice.scenes", "app.screens.howto"),
        simulate="engines.monopoly_dice.simulate",
        solve="app.screens.monopoly_dice.solve:run",
        settings=(
            GameSetting(
                "target_score",
                engine="monopoly-dice",
                option="target",
                label_key="settings.target_score",
                hint_key="settings.target_score.hint",
                labels={
                    10000: "settings.target.short",
                    15000: "settings.target.standard",
                    25000: "settings.target.long",
                },
                default=15000,
                money=True,
            ),
        ),
    )


FAMILY = _family()
"""This family's descriptor (registered in :data:`app.catalog.FAMILY_PACKAGES`)."""
