"""Screenshot scenes of the Yahtzee screens (set-up, Classic, Painted, Power, Dice Party, menus).

Positions are reached through the engine with the app's seeded generator, or with chosen dice
where the picture needs a particular roll (a Power die showing Power or Double).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.scenes import scene
from app.screens.guide import start_guided
from app.screens.yahtzee.game import GameScreen, PlayerSpec
from engines.core import sample_chance
from engines.yahtzee.game import ROLL, SCORE

if TYPE_CHECKING:
    from app.app import App

HUMAN = PlayerSpec(False)


def _home(app: App, tile: str) -> None:
    from app.screens.home import HomeScreen

    home = HomeScreen()
    app.push(home)
    home.select_tile(tile)


def _best_box(screen: GameScreen) -> int:
    """The allowed box scoring most now (ties: the first on the card)."""
    state = screen.state
    allowed = state.allowed_boxes()
    values = state.box_values(allowed)
    return SCORE + max(zip(values, [-b for b in allowed], allowed, strict=True))[2]


def play_turns(screen: GameScreen, turns: int) -> None:
    """Play ``turns`` quick turns (one roll, best box) through the engine with the game's generator."""
    state = screen.state
    for _ in range(turns):
        state.apply_action(ROLL)
        while state.is_chance_node():
            state.apply_action(sample_chance(state, screen.rng))
        state.apply_action(_best_box(screen))
        while not state.is_terminal() and state.to_dict()["double_first"] is not None:
            state.apply_action(_best_box(screen))
    screen.changed()
    screen.match.start()


def roll_to(screen: GameScreen, faces: list[int]) -> None:
    """Roll with chosen face indices for the dice thrown (as if the dice fell so, landed already)."""
    screen.match.act(ROLL, outcomes=faces)
    screen.match.land()
    screen.clear_banner()
    screen.changed()


def _game(app: App, mode: str, players: list[PlayerSpec], tile: str, lang: str | None = None) -> GameScreen:
    _home(app, tile)
    screen = GameScreen.new(mode, players, app.rng, lang=lang)
    app.push(screen)
    return screen


@scene("yahtzee-setup", "Yahtzee set-up: mode, players, who plays", keys="UP,UP,RIGHT,DOWN,RIGHT")
def _setup(app: App) -> None:
    from app.screens.yahtzee.setup import SetupScreen

    _home(app, "yahtzee")
    app.push(SetupScreen("yahtzee"))


@scene("yahtzee-setup-dice-party", "Dice Party set-up (Persian by default)")
def _setup_dp(app: App) -> None:
    from app.screens.yahtzee.setup import SetupScreen

    _home(app, "dice-party")
    app.push(SetupScreen("dice-party"))


@scene("yahtzee-start", "Classic, solo, before the first roll")
def _start(app: App) -> None:
    _game(app, "classic", [HUMAN], "yahtzee")


@scene(
    "yahtzee-classic",
    "Classic mid-game: a roll with two dice held",
    keys="2:hold=500,DOWN,SELECT,DOWN,SELECT",
)
def _classic(app: App) -> None:
    screen = _game(app, "classic", [HUMAN, PlayerSpec(True, "medium")], "yahtzee")
    play_turns(screen, 8)


@scene(
    "yahtzee-classic-boxes", "Classic: choosing a box, the info line above the cursor", keys="2,RIGHT,RIGHT"
)
def _classic_boxes(app: App) -> None:
    screen = _game(app, "classic", [HUMAN], "yahtzee")
    play_turns(screen, 5)


@scene("yahtzee-confirm", "Classic: SELECT on a box worth 0 asks for a second SELECT")
def _classic_confirm(app: App) -> None:
    screen = _game(app, "classic", [HUMAN], "yahtzee")
    roll_to(screen, [0, 0, 1, 2, 4])  # 1 1 2 3 5: no six
    sixes = next(box.id for box in screen.game.boxes if box.key == "sixes")
    screen.zone, screen.box_focus, screen.confirming = "card", sixes, sixes


@scene("yahtzee-classic-info-off", "Classic: 3 hides the info line", keys="2,RIGHT,3")
def _classic_info_off(app: App) -> None:
    screen = _game(app, "classic", [HUMAN], "yahtzee")
    play_turns(screen, 5)


@scene("yahtzee-painted", "Painted scorecard mid-game with coloured dice", keys="RIGHT")
def _painted(app: App) -> None:
    screen = _game(app, "painted", [HUMAN], "yahtzee")
    play_turns(screen, 11)
    roll_to(screen, [3, 3, 3, 1, 1])


@scene(
    "yahtzee-power",
    "Power: the Power die shows Power (x3, a fourth roll)",
    keys="DOWN,DOWN,DOWN,DOWN,DOWN,SELECT",
)
def _power(app: App) -> None:
    screen = _game(app, "power", [HUMAN], "yahtzee")
    play_turns(screen, 6)
    roll_to(screen, [5, 5, 5, 2, 0, 5])


@scene(
    "yahtzee-power-double",
    "Power: a Double, the first box (Fours) scored, 4 undoes it",
    keys="RIGHT,RIGHT,RIGHT,SELECT",
)
def _power_double(app: App) -> None:
    screen = _game(app, "power", [HUMAN], "yahtzee")
    play_turns(screen, 4)
    roll_to(screen, [3, 3, 3, 3, 1, 4])


@scene("yahtzee-power-freeze", "Power: Freeze ends the rolling")
def _power_freeze(app: App) -> None:
    screen = _game(app, "power", [HUMAN], "yahtzee")
    play_turns(screen, 2)
    roll_to(screen, [0, 1, 1, 4, 5, 3])


@scene("yahtzee-pass", "Two humans: pass the remote", keys="2,RIGHT,SELECT")
def _pass(app: App) -> None:
    screen = _game(app, "classic", [HUMAN, HUMAN], "yahtzee")
    play_turns(screen, 4)


@scene("yahtzee-menu", "MENU in a game: resume, save and quit, quit without saving, help", keys="2,MENU")
def _menu(app: App) -> None:
    screen = _game(app, "classic", [HUMAN], "yahtzee")
    play_turns(screen, 3)


@scene("dice-party", "Dice Party in Persian (the default), two players", keys="2:hold=400,DOWN,SELECT,RIGHT")
def _dice_party(app: App) -> None:
    screen = _game(app, "dice-party", [HUMAN, HUMAN], "dice-party")
    play_turns(screen, 9)


@scene(
    "dice-party-en", "Dice Party switched to English with GREEN", keys="GREEN,2:hold=400,DOWN,SELECT,RIGHT"
)
def _dice_party_en(app: App) -> None:
    screen = _game(app, "dice-party", [HUMAN, HUMAN], "dice-party")
    play_turns(screen, 9)


@scene("yahtzee-shaking", "Classic: 2 held down, the dice shaking (for the bench)", golden=False)
def _shaking(app: App) -> None:
    screen = _game(app, "classic", [HUMAN], "yahtzee")
    play_turns(screen, 4)
    screen.action_shake()


@scene("yahtzee-power-shaking", "Power: six dice shaking, two held (for the bench)", golden=False)
def _power_shaking(app: App) -> None:
    screen = _game(app, "power", [HUMAN], "yahtzee")
    play_turns(screen, 4)
    roll_to(screen, [5, 5, 5, 2, 0, 5])
    screen.state.apply_action(screen.state.string_to_action("toggle 6"))
    screen.state.apply_action(screen.state.string_to_action("toggle 1"))
    screen.changed()
    screen.action_shake()


@scene("yahtzee-four-players", "Painted with four seats (two computers): every total in the strip", keys="2")
def _four_players(app: App) -> None:
    seats = [HUMAN, PlayerSpec(True, "easy"), HUMAN, PlayerSpec(True, "medium")]
    screen = _game(app, "painted", seats, "yahtzee")
    play_turns(screen, 8)


@scene("guide-offer", "a first game of Yahtzee: the guided first turn is offered")
def _offer(app: App) -> None:
    start_guided(app, "yahtzee")


@scene("guide-yahtzee-roll", "guided first turn, Yahtzee: hold 2 to shake, let go to throw", keys="SELECT")
def _guide_roll(app: App) -> None:
    start_guided(app, "yahtzee")


@scene(
    "guide-yahtzee-hold",
    "guided first turn, Yahtzee: the dice thrown, UP/DOWN and OK keep one",
    keys="SELECT,2:hold=600",
)
def _guide_hold(app: App) -> None:
    start_guided(app, "yahtzee")


@scene(
    "guide-yahtzee-score",
    "guided first turn, Yahtzee: OK writes the score in the chosen box",
    keys="SELECT,2:hold=600,SELECT,2:hold=600,RIGHT",
)
def _guide_score(app: App) -> None:
    start_guided(app, "yahtzee")


@scene("yahtzee-setup-named", "Yahtzee set-up: two named players take the human seats")
def _setup_named(app: App) -> None:
    from app.screens.shell_scenes import open_home as _home
    from app.screens.yahtzee.setup import SetupScreen

    app.settings.players = ("Sara", "Ali")
    _home(app, "yahtzee")
    screen = SetupScreen("yahtzee")
    app.push(screen)
    screen.choice.count = 2
    screen.choice.seats[:2] = [PlayerSpec(False, name="Sara"), PlayerSpec(False, name="Ali")]
    screen.focus = screen.rows().index("seat1")
