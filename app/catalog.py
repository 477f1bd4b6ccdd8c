"""The games on the home screen, as data.

Each :class:`GameEntry` names its title and subtitle (i18n keys), its tile colour (a theme colour
name) and, once the game is built, where its screens live:

- ``start``: ``"package.module:function"``; ``function(app, entry)`` pushes the game's first screen
  (a set-up screen or the game itself). A game without ``start`` shows "Coming soon" on the home
  screen and cannot be entered.
- ``resume``: ``"package.module:function"``; ``function(app, info, payload)`` pushes the game
  screen for a saved game (``info`` is the :class:`app.saves.SaveInfo`, ``payload`` the dict the
  game saved). Saves whose ``kind`` is in ``save_kinds`` (default: the entry's id) are resumed by it.

To register a game, fill in ``start`` and ``resume`` on its entry below; nothing else changes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameEntry:
    """One game tile of the home carousel."""

    id: str
    title_key: str
    subtitle_key: str
    colour: str
    start: str | None = None
    resume: str | None = None
    save_kinds: tuple[str, ...] = ()

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


def resolve(target: str) -> Callable[..., Any]:
    """``"package.module:function"`` -> the function (imported on first use)."""
    module_name, sep, attr = target.partition(":")
    if not sep or not attr:
        raise ValueError(f"expected 'package.module:function', got {target!r}")
    return getattr(importlib.import_module(module_name), attr)


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        "yahtzee",
        "home.yahtzee",
        "home.yahtzee.subtitle",
        "tile_yahtzee",
        start="app.screens.yahtzee:start",
        resume="app.screens.yahtzee:resume",
    ),
    GameEntry(
        "dice-party",
        "home.dice_party",
        "home.dice_party.subtitle",
        "tile_dice_party",
        start="app.screens.yahtzee:start",
        resume="app.screens.yahtzee:resume",
    ),
    GameEntry(
        "monopoly-dice",
        "home.monopoly_dice",
        "home.monopoly_dice.subtitle",
        "tile_monopoly_dice",
        start="app.screens.monopoly_dice:start",
        resume="app.screens.monopoly_dice:resume",
    ),
    GameEntry("monopoly", "home.monopoly", "home.monopoly.subtitle", "tile_monopoly"),
)
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
