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


def tile_art(surface: Any, box: Any, screen: Any, entry: Any) -> None:
    """The home tile: three dice, 5 6 5 in Yahtzee's white, 3 4 2 in Dice Party's colours."""
    from app.widgets import dice_tile_art

    theme = screen.theme
    if entry.id == "dice-party":
        dice_tile_art(
            surface,
            screen.app,
            box,
            (3, 4, 2),
            (theme.colour("held"), theme.colour("die"), theme.colour("accent")),
        )
    else:
        dice_tile_art(surface, screen.app, box, (5, 6, 5), (theme.colour("die"),) * 3)


def setup_screen(app: Any, entry: Any) -> Any:
    """The set-up screen of the tile ``entry`` with its defaults."""
    from app.screens.yahtzee.setup import SetupScreen

    return SetupScreen(entry.id)


def _demo(mode: str, seats: int) -> Any:
    def make(app: Any) -> Any:
        from app.attract import DEMO_LEVEL
        from app.screens.dice_game import PlayerSpec
        from app.screens.yahtzee.game import GameScreen

        return GameScreen.new(mode, [PlayerSpec(True, DEMO_LEVEL)] * seats, app.rng)

    return make


demo_classic = _demo("classic", 2)
demo_dice_party = _demo("dice-party", 2)
demo_painted = _demo("painted", 2)
demo_power = _demo("power", 2)


def _family() -> Any:
    from app.descriptor import CommandOption, DemoGame, GameEntry, GameFamily

    hooks = {
        "start": "app.screens.yahtzee:start",
        "resume": "app.screens.yahtzee:resume",
        "how_to_play": "app.screens.howto:show",
        "setup": "app.screens.yahtzee:setup_screen",
        "guide": "yahtzee",
    }
    return GameFamily(
        name="yahtzee",
        phone_view="app.screens.yahtzee.phone:view",
        phone_bench="app.screens.yahtzee.phone:bench_table",
        tiles=(
            GameEntry(
                "yahtzee",
                "home.yahtzee",
                "home.yahtzee.subtitle",
                "tile_yahtzee",
                (190, 60, 60),
                engines=("yahtzee-classic", "yahtzee-painted", "yahtzee-power"),
                demos=(
                    DemoGame("yahtzee-classic", "app.screens.yahtzee:demo_classic"),
                    DemoGame("yahtzee-painted", "app.screens.yahtzee:demo_painted"),
                    DemoGame("yahtzee-power", "app.screens.yahtzee:demo_power"),
                ),
                tile_art="app.screens.yahtzee:tile_art",
                **hooks,
            ),
            GameEntry(
                "dice-party",
                "home.dice_party",
                "home.dice_party.subtitle",
                "tile_dice_party",
                (120, 70, 170),
                engines=("dice-party",),
                demos=(DemoGame("dice-party", "app.screens.yahtzee:demo_dice_party"),),
                tile_art="app.screens.yahtzee:tile_art",
                **hooks,
            ),
        ),
        scenes=(
            "app.screens.yahtzee.scenes",
            "app.screens.yahtzee.hint",
            "app.screens.yahtzee.results",
            "app.screens.yahtzee.review",
            "app.screens.howto",
        ),
        simulate="engines.yahtzee.simulate",
        solve="app.screens.yahtzee.solve:run",
        idle_scenes=("yahtzee-start", "dice-party", "yahtzee-painted"),
        table_budget={"seconds": 1.0},
        players=("random", "greedy", "easy", "medium", "hard"),
        options=(
            CommandOption(
                ("simulate",), ("--mode",), "classic, painted, power or dice-party", {"default": None}
            ),
            CommandOption(
                ("solve",),
                ("--mode",),
                "the rules",
                {"default": "classic", "choices": ["classic", "dice-party"]},
            ),
            CommandOption(
                ("simulate",),
                ("--joker",),
                "classic: the Joker convention (default: the manual's, forced)",
                {"choices": ("forced", "free", "none"), "default": None},
            ),
            CommandOption(
                ("solve",),
                ("--joker",),
                "the Joker convention",
                {"default": None, "choices": ["forced", "free", "none"]},
            ),
        ),
    )


FAMILY = _family()
"""This family's descriptor (registered in :data:`app.catalog.FAMILY_PACKAGES`)."""
