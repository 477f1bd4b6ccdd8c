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


def setup_screen(app: Any, entry: Any) -> Any:
    """The set-up screen with its defaults."""
    from app.screens.monopoly.setup import SetupScreen

    return SetupScreen()


DEMO_TURNS = 20
"""A Monopoly demo is turn-capped (the richest wins), so it ends within a waiting-room visit."""


def demo(app: Any) -> Any:
    """Four computers, turn-capped."""
    from app.attract import DEMO_LEVEL
    from app.match import PlayerSpec
    from app.screens.monopoly.game import GameScreen
    from app.screens.monopoly.look import Seat

    seats = [Seat(PlayerSpec(True, DEMO_LEVEL), i, i) for i in range(4)]
    return GameScreen.new(seats, app.rng, turns=DEMO_TURNS)


def _family() -> Any:
    from app.descriptor import CommandOption, DemoGame, GameEntry, GameFamily

    return GameFamily(
        name="monopoly",
        phone_view="app.screens.monopoly.phone:view",
        tiles=(
            GameEntry(
                "monopoly",
                "home.monopoly",
                "home.monopoly.subtitle",
                "tile_monopoly",
                (30, 110, 170),
                start="app.screens.monopoly:start",
                resume="app.screens.monopoly:resume",
                engines=("monopoly",),
                tile_art="app.screens.home:house_art",
                how_to_play="app.screens.howto:show",
                setup="app.screens.monopoly:setup_screen",
                guide="monopoly",
                demos=(DemoGame("monopoly", "app.screens.monopoly:demo"),),
            ),
        ),
        scenes=("app.screens.monopoly.scenes",),
        idle_scenes=("monopoly-board",),
        simulate="engines.monopoly.simulate",
        analyse="app.screens.monopoly.analyse:run",
        players=("random", "easy", "medium", "hard", "buy-everything", "gnome-v3"),
        options=(
            CommandOption(
                ("simulate",),
                ("--max-turns",),
                "turns each before the richest wins",
                {"type": int, "default": None},
            ),
            CommandOption(("simulate",), ("--no-trading",), "trading off", {"action": "store_true"}),
            CommandOption(
                ("simulate",),
                ("--core",),
                "the compiled core (hard, medium, buy-everything) or the Python engine; auto picks",
                {"choices": ("auto", "fast", "engine"), "default": None},
            ),
            CommandOption(
                ("analyse",),
                ("--landing",),
                "long-run landing chances of every square",
                {"action": "store_true"},
            ),
            CommandOption(
                ("analyse",),
                ("--income",),
                "expected rent per opponent turn at each level",
                {"action": "store_true"},
            ),
            CommandOption(
                ("analyse",),
                ("--jail",),
                "leave jail at once, or stay (text order)",
                {"choices": ("short", "long"), "default": "short"},
            ),
        ),
    )


FAMILY = _family()
"""This family's descriptor (registered in :data:`app.catalog.FAMILY_PACKAGES`)."""
