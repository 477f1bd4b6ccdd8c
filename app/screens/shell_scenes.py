"""The shell's own scenes: home, settings, INFO, MENU, saved games, players, remotes, how to play.

What a scene is: :mod:`app.scenes`. The shell's screens import no scene machinery themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app import howto, widgets
from app.catalog import GAMES
from app.i18n import t
from app.scenes import scene
from app.screens.help import HelpOverlay, RemoteHelpScreen
from app.screens.home import HomeScreen
from app.screens.howto import HowToScreen
from app.screens.keyboard import KeyboardScreen
from app.screens.players import PlayersScreen
from app.screens.remote_setup import FUNCTIONS, RemoteSetupScreen, heard_name
from app.screens.resume import ResumeScreen
from app.screens.settings import SettingsScreen
from remote.buttons import DIGITS, Button

if TYPE_CHECKING:
    from app.app import App


def open_home(app: App, focus: str | None = None) -> HomeScreen:
    """Push the home screen with tile ``focus`` focused (the bottom of most scenes)."""
    home = HomeScreen()
    app.push(home)
    if focus:
        home.select_tile(focus)
    return home


@scene("home", "home carousel, first tile focused")
def _scene_home(app: App) -> None:
    open_home(app)


@scene("settings", "settings screen")
def _scene_settings(app: App) -> None:
    open_home(app, "settings")
    app.push(SettingsScreen())


@scene("help", "INFO help overlay over the home screen")
def _scene_help(app: App) -> None:
    home = open_home(app)
    app.push(HelpOverlay(home))


@scene("remote-help", "the Help tile: every key of the remote")
def _scene_remote_help(app: App) -> None:
    open_home(app, "help")
    app.push(RemoteHelpScreen())


@scene("menu", "MENU over the home screen")
def _scene_menu(app: App) -> None:
    home = open_home(app, "settings")
    home.action_menu()


@scene("resume", "saved games list, empty")
def _scene_resume(app: App) -> None:
    open_home(app, "resume")
    app.push(ResumeScreen())


@scene("resume-list", "saved games list with two saves (times vary: no golden image)", golden=False)
def _scene_resume_list(app: App) -> None:
    first, second = [entry for entry in GAMES if entry.resume][:2]
    app.saves.save("demo-1", first.kinds()[0], "You 212, Computer 198", {})
    app.saves.save("demo-2", second.kinds()[0], "You 11,400, Computer 9,800", {})
    open_home(app, "resume")
    app.push(ResumeScreen())


# -- Settings > Players and the on-screen keyboard --------------------------------------------------
@scene("players", "Settings > Players: three named players, the second one focused")
def _players(app) -> None:
    app.settings.players = ("Sara", "Ali", "مریم")
    open_home(app, "settings")
    screen = PlayersScreen()
    app.push(screen)
    screen.focus.focus = 1


@scene("players-remove", "Settings > Players: 4 asks for a second 4 before a name goes", keys="4")
def _players_remove(app) -> None:
    _players(app)


@scene("keyboard", "the on-screen keyboard, Latin letters, a name half typed", keys="DOWN,RIGHT,SELECT")
def _keyboard(app) -> None:
    open_home(app, "settings")
    app.push(PlayersScreen())
    app.push(KeyboardScreen("players.new_title", "Sar", script="en"))


@scene(
    "keyboard-persian",
    "the on-screen keyboard, Persian letters, a name half typed",
    keys="DOWN,DOWN," + "LEFT," * 8 + "SELECT",  # a right-to-left grid: LEFT goes on
)
def _keyboard_persian(app) -> None:
    open_home(app, "settings")
    app.push(PlayersScreen())
    app.push(KeyboardScreen("players.new_title", "مری", script="fa"))


# -- setting up a remote ---------------------------------------------------------------------------
def _learning(app: App, heard: int) -> RemoteSetupScreen:
    open_home(app, "settings")
    screen = RemoteSetupScreen()
    app.push(screen)
    screen.device, screen.phase = "gpio_ir_recv", "learn"
    names = ["nec:0x40bf0c", "nec:0x40bf18", "nec:0x40bf5e", "nec:0x40bf08", "KEY_PLAYPAUSE"]
    names += [f"nec:0x40bf{n:02x}" for n in range(0x40, 0x40 + len(FUNCTIONS))]
    screen.heard = {function: names[i] for i, function in enumerate(FUNCTIONS[:heard])}
    screen.heard.pop(Button.INFO, None)  # skipped: this remote has none
    screen.index = min(heard, len(FUNCTIONS) - 1)
    return screen


@scene("remote-setup-start", "Set up your remote, offered for a remote the box does not know")
def _start(app: App) -> None:
    open_home(app)
    app.push(RemoteSetupScreen(offered=True))


@scene("remote-setup-learn", "Set up your remote: the sixth function, a button refused as taken")
def _learn(app: App) -> None:
    screen = _learning(app, 5)
    screen.message = t("remote.taken", heard=heard_name("nec:0x40bf0c"), button=widgets.key_name(DIGITS[2]))


@scene("remote-setup-review", "Set up your remote: what was learned, INFO skipped, before saving")
def _review(app: App) -> None:
    screen = _learning(app, len(FUNCTIONS))
    screen.phase = "review"


# -- how to play, one scene per game ---------------------------------------------------------------
for name in howto.games():

    def build(app, name=name) -> None:
        app.push(HowToScreen(name))

    scene(f"howto-{name}", f"How to play {name}, first page")(build)
