"""Screenshot scenes of Pig (also the golden images and ``tvgames bench``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.match import PlayerSpec
from app.scenes import scene
from app.screens.guide import start_guided
from app.screens.pig.game import PigScreen
from app.screens.pig.odds import OddsScreen
from app.screens.pig.results import ResultsScreen
from app.screens.pig.setup import SetupScreen
from engines.pig import HOLD, ROLL

if TYPE_CHECKING:
    from app.app import App

HUMAN = PlayerSpec(False)
COMPUTER = PlayerSpec(True, "medium")


def _home(app: App) -> None:
    from app.screens.home import HomeScreen

    home = HomeScreen()
    app.push(home)
    home.select_tile("pig")


def game(app: App, seats: list[PlayerSpec] | None = None, scores: tuple[int, int] = (0, 0)) -> PigScreen:
    """A game pushed over the home screen, its computers deciding on the frame, at ``scores``."""
    _home(app)
    screen = PigScreen.new(seats or [HUMAN, COMPUTER], app.rng)
    screen.inline = True
    screen.state.scores = list(scores)
    app.push(screen)
    return screen


def roll(screen: PigScreen, *faces: int) -> None:
    """The player to move rolls, the die falling on ``faces`` in turn; it lies still at once."""
    for face in faces:
        screen.match.act(ROLL, outcomes=[face])
    screen.match.land()
    screen.refresh()


@scene("pig-setup", "Pig set-up: you against a computer")
def _setup(app: App) -> None:
    _home(app)
    app.push(SetupScreen())


@scene("pig-start", "Pig: a new game, your first roll to make")
def _start(app: App) -> None:
    game(app)


@scene("pig-rolled", "Pig mid-game: three rolls in, 14 at stake")
def _rolled(app: App) -> None:
    screen = game(app, scores=(41, 57))
    roll(screen, 4, 6, 4)


@scene("pig-bust", "Pig: a 1 lost the turn total, the computer to move")
def _bust(app: App) -> None:
    screen = game(app, scores=(41, 57))
    roll(screen, 5, 3, 1)


@scene("pig-banked", "Pig: the bank, then the computer's turn")
def _banked(app: App) -> None:
    screen = game(app, scores=(41, 57))
    roll(screen, 6, 5)
    screen.match.act(HOLD)


@scene("pig-odds", "Pig: the odds view (key 5) with 14 at stake")
def _odds(app: App) -> None:
    screen = game(app, scores=(80, 91))
    roll(screen, 4, 6, 4)
    app.push(OddsScreen(screen.obs(), screen.names, inline=True))


@scene("pig-two-humans", "Pig, two humans: pass the remote", keys="2:hold=600,wait=900,3,wait=2000")
def _two_humans(app: App) -> None:
    game(app, [HUMAN, PlayerSpec(False, name="Sara")])


@scene("pig-results", "Pig: the results")
def _results(app: App) -> None:
    screen = game(app, scores=(96, 73))
    screen.state.turns = [14, 13]
    roll(screen, 6)
    app.push(ResultsScreen(screen.state, screen.names))


@scene("guide-pig", "guided first turn, Pig: hold 2 to shake, let go to roll", keys="SELECT")
def _guide(app: App) -> None:
    start_guided(app, "pig")
