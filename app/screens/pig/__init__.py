"""Pig on the TV: set-up, the race to 100, the odds view, the results.

The home carousel calls :func:`start` (the set-up screen) and the Resume list :func:`resume` (the
game at the saved point). Everything the box knows about Pig is in :data:`FAMILY`.
"""

from __future__ import annotations

from typing import Any


def start(app: Any, entry: Any) -> None:
    """Push the set-up screen."""
    app.push(setup_screen(app, entry))


def setup_screen(app: Any, entry: Any) -> Any:
    """The set-up screen with its defaults."""
    from app.screens.pig.setup import SetupScreen

    return SetupScreen()


def resume(app: Any, info: Any, payload: dict) -> bool:
    """Push the saved game; a damaged save is moved aside with one line of notice, never a crash."""
    from app.screens.dice_game import resume_saved
    from app.screens.pig.game import PigScreen

    return resume_saved(app, info, payload, PigScreen.from_payload, "Pig", "pig.save.damaged")


def tile_art(surface: Any, box: Any, screen: Any, entry: Any) -> None:
    """The home tile: a 1 between two sixes, the risk of every roll."""
    from app.widgets import dice_tile_art

    theme = screen.theme
    dice_tile_art(
        surface,
        screen.app,
        box,
        (6, 1, 6),
        (theme.colour("die"), theme.colour("accent"), theme.colour("die")),
    )


def demo(app: Any) -> Any:
    """Two computers of the demo level (quick to decide: no table to build)."""
    from app.attract import DEMO_LEVEL
    from app.match import PlayerSpec
    from app.screens.pig.game import PigScreen

    return PigScreen.new([PlayerSpec(True, DEMO_LEVEL)] * 2, app.rng)


def _family() -> Any:
    from app.descriptor import DemoGame, GameEntry, GameFamily

    return GameFamily(
        name="pig",
        phone_view="app.screens.pig.phone:view",
        tiles=(
            GameEntry(
                "pig",
                "home.pig",
                "home.pig.subtitle",
                "tile_pig",
                (200, 95, 120),
                start="app.screens.pig:start",
                resume="app.screens.pig:resume",
                engines=("pig",),
                tile_art="app.screens.pig:tile_art",
                how_to_play="app.screens.howto:show",
                setup="app.screens.pig:setup_screen",
                guide="pig",
                demos=(DemoGame("pig", "app.screens.pig:demo"),),
            ),
        ),
        scenes=("app.screens.pig.scenes",),
        simulate="engines.pig.simulate",
        solve="app.screens.pig.solve:run",
        idle_scenes=("pig-start",),
        players=("random", "easy", "medium", "hard", "hold-N"),
    )


FAMILY = _family()
"""This family's descriptor (registered in :data:`app.catalog.FAMILY_PACKAGES`)."""
