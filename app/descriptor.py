"""The game descriptor's types: :class:`GameFamily`, its tiles (:class:`GameEntry`) and settings.

What each field and hook means, and the registry, are in :mod:`app.catalog`. This module imports
nothing of the box, so a family's package can build its descriptor without an import cycle.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class DemoGame:
    """One game of the attract loop: ``make(app) -> Screen`` builds it with computers in every seat."""

    kind: str
    """What the loop counts it as (the engine name it plays, say)."""
    make: str
    """The builder, ``"package.module:function"``."""


@dataclass(frozen=True)
class CommandOption:
    """A command-line option a family adds to ``tvgames simulate``, ``solve`` or ``analyse``.

    ``flags`` and ``settings`` go to ``argparse.ArgumentParser.add_argument``; ``help`` is shown
    after the family's name. Two families may declare the same flag with the same settings: the
    option is added once and its help names both.
    """

    commands: tuple[str, ...]
    flags: tuple[str, ...]
    help: str
    settings: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GameEntry:
    """One game tile of the home carousel."""

    id: str
    title_key: str
    subtitle_key: str
    colour: str
    """The theme's name for the tile's colour (``theme.colour(name)``)."""
    rgb: RGB = (90, 100, 120)
    """That colour's value, added to the theme's palette under ``colour``."""
    start: str | None = None
    resume: str | None = None
    save_kinds: tuple[str, ...] = ()
    engines: tuple[str, ...] = ()
    """The engine registry names this tile plays (``engines.core.load_game``)."""
    tile_art: str | None = None
    how_to_play: str | None = None
    howto_faces: str | None = None
    """``draw(surface, app, rect, face)``: a die face named on a How to play page (``faces:``)."""
    howto_face_word: str | None = None
    """``word(face, lang) -> str``: that face in words (``tvgames howto --write-docs``)."""
    setup: str | None = None
    """``setup(app, entry) -> Screen``: the set-up screen with its defaults (the guided scenes)."""
    guide: str | None = None
    """The guided first turn's steps, ``assets/guide/<guide>.yaml`` (None: no guide)."""
    demos: tuple[DemoGame, ...] = ()
    """The attract loop's games of this tile."""

    @property
    def built(self) -> bool:
        """Whether the game can be entered (otherwise it is "coming soon")."""
        return self.start is not None

    def kinds(self) -> tuple[str, ...]:
        return self.save_kinds or (self.id,)

    def start_function(self) -> Callable[..., Any]:
        if self.start is None:
            raise LookupError(f"{self.id} is not built yet")
        return resolve(self.start)

    def resume_function(self) -> Callable[..., Any]:
        if self.resume is None:
            raise LookupError(f"{self.id} cannot resume saved games")
        return resolve(self.resume)


@dataclass(frozen=True)
class GameSetting:
    """A setting of one game, kept in the settings file and offered on the settings screen.

    It is the box's default for the set-up option ``option`` of engine game ``engine``
    (``engines.core.Game.options``): ``labels`` lists that option's allowed values, each with its
    name (an i18n key), and ``default`` is its default. A test checks both against the engine, so
    that reading the settings imports no engine. The settings screen shows a value as the number
    (as money if ``money``) followed by its name.
    """

    key: str
    """The field in ``settings.json`` (and the attribute of :class:`app.settings.Settings`)."""
    engine: str
    option: str
    label_key: str
    hint_key: str
    labels: Mapping[Any, str]
    default: Any
    money: bool = False

    @property
    def choices(self) -> tuple[Any, ...]:
        return tuple(self.labels)


@dataclass(frozen=True)
class GameFamily:
    """Everything the shell knows about one game family (see :mod:`app.catalog`)."""

    name: str
    """The family's name on the command line (``tvgames simulate NAME``)."""
    tiles: tuple[GameEntry, ...]
    scenes: tuple[str, ...] = ()
    """Modules that register the family's scenes when imported (:func:`app.scenes.scene`)."""
    simulate: str | None = None
    solve: str | None = None
    analyse: str | None = None
    """``analyse(args) -> int`` runs ``tvgames analyse <family>``."""
    options: tuple[CommandOption, ...] = ()
    """The family's own options of simulate, solve and analyse."""
    players: tuple[str, ...] = ()
    """The computer players ``tvgames simulate <family> --players`` knows (for its help)."""
    settings: tuple[GameSetting, ...] = ()
    phone_view: str | None = None
    """``view(state, seat) -> dict``: what a seat's phone shows privately (:mod:`app.phones`); only
    what that seat may see. None: the seat's observation ``state.to_dict(seat)``."""
    idle_scenes: tuple[str, ...] = ()
    """Scenes where a game of the family waits for a person: ``tvgames bench`` measures the box's
    idle CPU and wakes there."""
    table_budget: Mapping[str, float] = field(default_factory=dict)
    """The budget of ``tvgames solve <family> --rebuild`` that ``tvgames bench --tables`` checks:
    ``seconds`` (time on one core) and/or ``peak_mb`` (peak memory). Empty: the family has no table
    worth a budget."""
    phone_bench: str | None = None
    """``table(app, players) -> (screen, taps)``: pushes a game of ``players`` humans and names the
    moves seat 1 may tap again and again, for ``tvgames bench``'s phone figures (one family is enough)."""

    @property
    def engines(self) -> tuple[str, ...]:
        return tuple(name for tile in self.tiles for name in tile.engines)


def resolve(target: str) -> Callable[..., Any]:
    """``"package.module:function"`` -> the function (imported on first use)."""
    module_name, sep, attr = target.partition(":")
    if not sep or not attr:
        raise ValueError(f"expected 'package.module:function', got {target!r}")
    return getattr(importlib.import_module(module_name), attr)
