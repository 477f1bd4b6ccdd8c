"""Screenshot scenes of the Monopoly Dice screens (set-up, board, odds, a computer turn, jail).

Positions are reached through the engine with chosen faces where the picture needs a particular
roll, or with a generator picked so that the roll the scene's keys make does what the scene shows.
Computer decisions and the odds run on the frame here (``inline``), so every picture is the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np

from app.scenes import scene
from app.screens.guide import start_guided
from app.screens.howto import HowToScreen
from app.screens.monopoly_dice.board import BoardScreen
from app.screens.monopoly_dice.players import PlayerSpec
from engines.core import sample_chance
from engines.monopoly_dice import ROLL, place_action
from engines.monopoly_dice import rules as R

if TYPE_CHECKING:
    from app.app import App

HUMAN = PlayerSpec(False)


def _home(app: App) -> None:
    from app.screens.home import HomeScreen

    home = HomeScreen()
    app.push(home)
    home.select_tile("monopoly-dice")


def _board(app: App, players: list[PlayerSpec], target: int = 15_000) -> BoardScreen:
    _home(app)
    screen = BoardScreen.new(players, target, app.rng)
    screen.inline = True
    app.push(screen)
    return screen


def face_index(die: int, colour: str) -> int:
    """The distinct-face index of the first face of ``die`` whose colour is ``colour``."""
    faces = R.ALL_DICE[die].distinct_faces()
    return next(i for i, f in enumerate(faces) if f.colour == colour)


def roll_to(screen: BoardScreen, faces: Mapping[str, str]) -> None:
    """Roll with chosen faces: ``{"P1": "pink", "J1": "go", ...}`` (dice not named show a blank or
    their first face), as if the dice fell so."""
    state = screen.state
    state.apply_action(ROLL)
    names = [d.name for d in R.ALL_DICE]
    while state.is_chance_node():
        die = state.pending[0]
        colour = faces.get(names[die])
        if colour is None:
            colour = R.BLANK if die in R.JAIL_IDS else None
        state.apply_action(face_index(die, colour) if colour else 0)
    screen.changed()
    screen.fix_focus()


def place(screen: BoardScreen, die: str, group: str) -> None:
    names = [d.name for d in R.PROPERTY_DICE]
    screen.state.apply_action(place_action(names.index(die), R.GROUP_INDEX[group]))
    screen.changed()
    screen.fix_focus()


def play_turns(screen: BoardScreen, turns: int, rng: np.random.Generator) -> None:
    """Whole turns through the engine: one roll, every group die placed, stop."""
    from engines.monopoly_dice.ai import make_player

    computer = make_player("medium")
    state = screen.state
    done = 0
    while done < turns and not state.is_terminal():
        player = state.player
        before = state.turns[player]
        while state.turns[player] == before:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(computer(state))
        done += 1
    screen.changed()
    screen.match.start()


def _mid_turn(app: App) -> BoardScreen:
    screen = _board(app, [HUMAN, PlayerSpec(True, "hard")])
    play_turns(screen, 4, np.random.default_rng(5))
    roll_to(
        screen,
        {
            "P1": "pink",
            "P2": "pink",
            "P3": "light-blue",
            "P4": "orange",
            "P5": "orange",
            "P6": "chance",
            "P7": "dark-blue",
            "J2": "policeman",
            "J1": "go",
        },
    )
    place(screen, "P1", "pink")
    place(screen, "P2", "pink")
    place(screen, "P4", "orange")
    place(screen, "P5", "orange")
    return screen


@scene("monopoly-dice-setup", "Monopoly Dice set-up: players, who plays, target", keys="UP,RIGHT,UP,RIGHT")
def _setup(app: App) -> None:
    from app.screens.monopoly_dice.setup import SetupScreen

    _home(app)
    app.push(SetupScreen())


def _chance_focused(app: App) -> BoardScreen:
    """Mid-turn with the cursor on the Chance die (P6), set directly: an arrow key moves the other
    way in Persian, and both languages should show the same moment."""
    screen = _mid_turn(app)
    screen.die_focus = R.PROPERTY_IDS[5]
    screen.changed()
    return screen


@scene("monopoly-dice-board", "Monopoly Dice mid-turn: placed dice, a policeman, GO, the Chance die focused")
def _board_scene(app: App) -> None:
    _chance_focused(app)


@scene("monopoly-dice-chance", "Monopoly Dice: choosing the group for a Chance die", keys="SELECT")
def _chance(app: App) -> None:
    _chance_focused(app)


@scene("monopoly-dice-odds", "Monopoly Dice odds screen (key 5): die sides, jail, completion, roll or stop")
def _odds(app: App) -> None:
    from app.screens.monopoly_dice.odds import OddsScreen

    screen = _mid_turn(app)
    app.push(OddsScreen(screen.obs(), inline=True))


@scene("monopoly-dice-scores", "Monopoly Dice: four seats before the first roll, every total and last turn")
def _scores(app: App) -> None:
    screen = _board(app, [HUMAN, PlayerSpec(True, "easy"), HUMAN, PlayerSpec(True, "medium")])
    play_turns(screen, 8, np.random.default_rng(4))


@scene("monopoly-dice-complete", "Monopoly Dice: a completed group, houses and the house die in play")
def _complete(app: App) -> None:
    screen = _board(app, [HUMAN, HUMAN, PlayerSpec(True, "easy")], target=10_000)
    play_turns(screen, 6, np.random.default_rng(9))
    roll_to(
        screen,
        {
            "P1": "brown",
            "P4": "brown",
            "P2": "light-blue",
            "P3": "light-blue",
            "P6": "light-blue",
            "P5": "red",
            "P7": "railroads",
            "J3": "policeman",
        },
    )
    for die, group in (
        ("P1", "brown"),
        ("P4", "brown"),
        ("P2", "light-blue"),
        ("P3", "light-blue"),
        ("P6", "light-blue"),
        ("P5", "red"),
    ):
        place(screen, die, group)
    roll_to(screen, {"P7": "orange", "J1": "go", "H": "house"})
    roll_to(screen, {"P7": "railroads", "J1": "policeman", "H": "house"})


def _seed_where(first_roll_busts: bool) -> int:
    """The first seed whose generator makes the first roll of a game end in jail (or not)."""
    from engines.monopoly_dice import MonopolyDiceGame

    for seed in range(1000):
        rng = np.random.default_rng(seed)
        state = MonopolyDiceGame(2).new_initial_state()
        state.apply_action(ROLL)
        while state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        if (state.turns[0] == 1) == first_roll_busts:
            return seed
    raise LookupError("no such seed")


@scene("monopoly-dice-jail", "Monopoly Dice: the third policeman, going to jail", keys="2:hold=400")
def _jail(app: App) -> None:
    screen = _board(app, [HUMAN, PlayerSpec(True, "medium")])
    screen.rng = np.random.default_rng(_seed_where(first_roll_busts=True))


@scene("monopoly-dice-computer", "Monopoly Dice: a computer's turn, step by step", keys="wait=5000")
def _computer(app: App) -> None:
    screen = _board(app, [PlayerSpec(True, "medium"), HUMAN])
    screen.rng = np.random.default_rng(3)


@scene("monopoly-dice-results", "Monopoly Dice: the winner, the bonuses and the final table")
def _results(app: App) -> None:
    from app.screens.monopoly_dice.results import ResultsScreen

    screen = _board(app, [HUMAN, PlayerSpec(True, "hard")], target=10_000)
    play_turns(screen, 200, np.random.default_rng(2))
    app.push(ResultsScreen(screen.state, screen.players))


@scene(
    "guide-monopoly-dice",
    "guided first turn, Monopoly Dice: the dice thrown, place one",
    keys="SELECT,2:hold=600,wait=3000",
)
def _guide(app: App) -> None:
    start_guided(app, "monopoly-dice")


scene("howto-monopoly-dice-police", "How to play Monopoly Dice, the policemen page", keys="RIGHT,RIGHT")(
    lambda app: app.push(HowToScreen("monopoly-dice"))
)
