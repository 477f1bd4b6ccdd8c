"""The games of the box, as data: one :class:`GameFamily` descriptor per game family.

A family's screens package (``app/screens/<family>/__init__.py``) defines ``FAMILY``, a
:class:`GameFamily` (types in :mod:`app.descriptor`), and one line in :data:`FAMILY_PACKAGES`
registers it. Everything the shell needs comes from there; no other list names the games, and no
core module (app/*.py, app/commands/, the shell screens in app/screens/*.py) imports a family's
module or names a family (``tests/app/test_core_knows_no_family.py`` holds it):

- the home carousel's tiles (:class:`GameEntry`: title, subtitle, colour and its value, tile art,
  where the game's screens start and resume, the engines it plays and its how-to-play page with
  the game's own die faces, the set-up screen, the guided first turn's steps, the attract demos);
- the scenes for ``tvgames screenshot``, the golden images and ``tvgames bench``
  (:func:`scene_modules`);
- the ``tvgames simulate`` and ``tvgames solve`` hooks (:func:`family`);
- the game's own settings (:class:`GameSetting`, e.g. Monopoly Dice's target score), which
  :mod:`app.settings` keeps alongside the box's (:func:`game_settings`).

Hooks are ``"package.module:function"`` strings, imported on first use, so reading the catalog
stays cheap (no pygame, no engine):

- ``start(app, entry)`` pushes the game's first screen (a set-up screen or the game itself). A
  tile without ``start`` shows "Coming soon" on the home screen and cannot be entered.
- ``resume(app, info, payload)`` pushes the game screen for a saved game (``info`` is the
  :class:`app.saves.SaveInfo`, ``payload`` the dict the game saved). Saves whose ``kind`` is in
  ``save_kinds`` (default: the entry's id) are resumed by it.
- ``tile_art(surface, box, screen, entry)`` draws the tile's picture in ``box`` (``screen`` is
  the home screen: ``screen.app``, ``screen.theme``, ``screen.rtl``).
- ``how_to_play(app, entry)`` pushes the game's rules page (None: the game has none yet).
- ``solve(args) -> int`` runs ``tvgames solve <family>`` and ``analyse(args) -> int`` runs
  ``tvgames analyse <family>``; ``simulate`` names a module with ``run(options) -> dict`` and
  ``format_text(result) -> str`` for ``tvgames simulate <family>``. The family's own options of
  those commands are data (:class:`CommandOption`), and ``players`` names its computer players
  for the simulate help.
- ``setup(app, entry) -> Screen`` builds the set-up screen with its defaults;
  ``DemoGame.make(app) -> Screen`` a demo game with computers in every seat;
  ``howto_faces(surface, app, rect, face)`` and ``howto_face_word(face, lang)`` draw and name a
  die face of the game on its How to play pages.

The engines themselves need no line anywhere: every subpackage of ``engines/`` registers its games
when imported (:func:`engines.core.registered_games`).
"""

from __future__ import annotations

import importlib

from app.descriptor import CommandOption, DemoGame, GameEntry, GameFamily, GameSetting, resolve

__all__ = ["GAMES", "CommandOption", "DemoGame", "GameEntry", "GameFamily", "GameSetting", "resolve"]

FAMILY_PACKAGES: tuple[str, ...] = (
    "app.screens.yahtzee",
    "app.screens.monopoly_dice",
    "app.screens.monopoly",
    "app.screens.pig",
)
"""The registration lines: each package defines ``FAMILY``; tiles appear in this order."""

COMING_SOON: tuple[GameEntry, ...] = ()
"""Tiles of games still being built, after the families' tiles."""


def families() -> tuple[GameFamily, ...]:
    """Every registered family, in carousel order."""
    return tuple(importlib.import_module(package).FAMILY for package in FAMILY_PACKAGES)


def family(name: str) -> GameFamily:
    """The family called ``name``; KeyError naming the known ones otherwise."""
    for found in families():
        if found.name == name:
            return found
    raise KeyError(f"no game family {name!r} (known: {', '.join(f.name for f in families())})")


def scene_modules() -> tuple[str, ...]:
    """Every family's scene modules."""
    return tuple(module for found in families() for module in found.scenes)


def game_settings() -> tuple[GameSetting, ...]:
    """Every family's own settings."""
    return tuple(setting for found in families() for setting in found.settings)


GAMES: tuple[GameEntry, ...] = (*(tile for found in families() for tile in found.tiles), *COMING_SOON)
"""The game tiles, in carousel order."""


def game(game_id: str) -> GameEntry:
    """The entry with id ``game_id``; KeyError if none."""
    for entry in GAMES:
        if entry.id == game_id:
            return entry
    raise KeyError(game_id)


def entry_for_save_kind(kind: str) -> GameEntry | None:
    """The game that resumes saves of ``kind``, or None."""
    for entry in GAMES:
        if kind in entry.kinds():
            return entry
    return None
