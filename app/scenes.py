"""Named scenes: a screen (stack) in a known state, for screenshots, golden images and benchmarks.

A scene builder takes a fresh headless :class:`~app.app.App` (empty stack, fixed seed, empty data
directory) and pushes screens onto it; ``keys`` (a press script, see :func:`app.app.parse_keys`) is
then played before the picture is taken. Register one with the decorator::

    @scene("yahtzee-roll", "Yahtzee after the first roll", keys="2:hold=800")
    def _yahtzee_roll(app):
        start_yahtzee(app, players=1)

Game screens put their scenes in their own modules and list them in their family's descriptor
(``GameFamily.scenes``, :mod:`app.catalog`); ``tvgames screenshot --list``, ``tests/golden`` and
``tvgames bench`` then pick them up.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.app import App


@dataclass(frozen=True)
class Scene:
    name: str
    description: str
    build: Callable[[App], None]
    keys: str = ""
    golden: bool = True
    """False for scenes whose picture is not stable enough for a golden image (e.g. live clocks)."""


_SCENES: dict[str, Scene] = {}
_loaded = False
SHELL_SCENE_MODULES = ("app.screens.players", "app.screens.guide", "app.screens.remote_setup")
"""The shell's screens that keep their scenes beside them (the named players, the keyboard)."""


def scene(
    name: str, description: str, keys: str = "", golden: bool = True
) -> Callable[[Callable[[App], None]], Callable[[App], None]]:
    """Register the decorated ``build(app)`` as scene ``name``."""

    def register(build: Callable[[App], None]) -> Callable[[App], None]:
        if name in _SCENES and _SCENES[name].build is not build:
            raise ValueError(f"scene {name!r} is registered twice")
        _SCENES[name] = Scene(name, description, build, keys, golden)
        return build

    return register


def scenes() -> dict[str, Scene]:
    """Every registered scene by name (imports the families' scene modules on first use), sorted."""
    global _loaded
    if not _loaded:
        from app.catalog import scene_modules

        for module in (*SHELL_SCENE_MODULES, *scene_modules()):
            importlib.import_module(module)
        _loaded = True
    return dict(sorted(_SCENES.items()))


def get(name: str) -> Scene:
    """The scene ``name``; KeyError naming the known scenes otherwise."""
    found = scenes()
    if name not in found:
        raise KeyError(f"unknown scene {name!r} (known: {', '.join(found)})")
    return found[name]


def build_scene(app: App, name: str) -> Scene:
    """Push scene ``name`` onto ``app`` (keys are played by the caller)."""
    found = get(name)
    found.build(app)
    return found


# -- the shell's own scenes ------------------------------------------------------------------------


def _home(app: App, focus: str | None = None):
    from app.screens.home import HomeScreen

    home = HomeScreen()
    app.push(home)
    if focus:
        home.select_tile(focus)
    return home


@scene("home", "home carousel, first tile focused")
def _scene_home(app: App) -> None:
    _home(app)


@scene("settings", "settings screen")
def _scene_settings(app: App) -> None:
    from app.screens.settings import SettingsScreen

    _home(app, "settings")
    app.push(SettingsScreen())


@scene("help", "INFO help overlay over the home screen")
def _scene_help(app: App) -> None:
    from app.screens.help import HelpOverlay

    home = _home(app)
    app.push(HelpOverlay(home))


@scene("remote-help", "the Help tile: every key of the remote")
def _scene_remote_help(app: App) -> None:
    from app.screens.help import RemoteHelpScreen

    _home(app, "help")
    app.push(RemoteHelpScreen())


@scene("menu", "MENU over the home screen")
def _scene_menu(app: App) -> None:
    home = _home(app, "settings")
    home.action_menu()


@scene("resume", "saved games list, empty")
def _scene_resume(app: App) -> None:
    from app.screens.resume import ResumeScreen

    _home(app, "resume")
    app.push(ResumeScreen())


@scene("resume-list", "saved games list with two saves (times vary: no golden image)", golden=False)
def _scene_resume_list(app: App) -> None:
    from app.catalog import GAMES
    from app.screens.resume import ResumeScreen

    first, second = [entry for entry in GAMES if entry.resume][:2]
    app.saves.save("demo-1", first.kinds()[0], "You 212, Computer 198", {})
    app.saves.save("demo-2", second.kinds()[0], "You 11,400, Computer 9,800", {})
    _home(app, "resume")
    app.push(ResumeScreen())


# -- rendering a scene -----------------------------------------------------------------------------


def shoot(
    name: str, profile: str = "hd-720", lang: str = "en", keys: str | None = None, data_dir: str | None = None
):
    """Render scene ``name`` headless and return ``(headless, framebuffer)``; close the headless after.

    ``keys`` (if given) replaces the scene's own press script. With no ``data_dir`` a fresh empty
    one is used, so the picture does not depend on the user's settings or saves.
    """
    import tempfile

    from app.app import Headless

    temp = None
    if data_dir is None:
        temp = tempfile.TemporaryDirectory(prefix="tvgames-scene-")
        data_dir = temp.name
    found = get(name)
    headless = Headless(profile=profile, lang=lang, data_dir=data_dir, home=False)
    if temp is not None:
        headless._tempdir = temp  # lives as long as the headless app
    found.build(headless.app)
    headless.app.step()
    headless.settle()
    script = found.keys if keys is None else keys
    if script:
        headless.keys(script)
        headless.settle()
    return headless, headless.render()
