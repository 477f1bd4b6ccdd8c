"""Named scenes: a screen (stack) in a known state, for screenshots, golden images and benchmarks.

A scene builder takes a fresh headless :class:`~app.app.App` (empty stack, fixed seed, empty data
directory) and pushes screens onto it; ``keys`` (a press script, see :func:`app.keys.parse_keys`) is
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
import tempfile
from collections.abc import Callable
from dataclasses import dataclass

from app.app import App, Headless
from app.catalog import scene_modules


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
SHELL_SCENE_MODULES = ("app.screens.shell_scenes",)
"""Where the shell's screens keep their scenes; imported by name only, so the core imports no screen."""


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


# -- rendering a scene -----------------------------------------------------------------------------


def shoot(
    name: str, profile: str = "hd-720", lang: str = "en", keys: str | None = None, data_dir: str | None = None
):
    """Render scene ``name`` headless and return ``(headless, framebuffer)``; close the headless after.

    ``keys`` (if given) replaces the scene's own press script. With no ``data_dir`` a fresh empty
    one is used, so the picture does not depend on the user's settings or saves.
    """
    temp = None
    if data_dir is None:
        temp = tempfile.TemporaryDirectory(prefix="tvgames-scene-")
        data_dir = temp.name
    found = get(name)
    headless = Headless(profile=profile, lang=lang, data_dir=data_dir, home=False)
    if temp is not None:
        headless.keep(temp)
    found.build(headless.app)
    headless.app.step()
    headless.settle()
    script = found.keys if keys is None else keys
    if script:
        headless.keys(script)
        headless.settle()
    return headless, headless.render()
