"""What the Yahtzee and Monopoly Dice screen tests share: walking the home screen, damaged saves."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from app.app import Headless
from remote.buttons import Button


def open_tile(h: Headless, tile: str) -> None:
    """From the home screen, walk with LEFT/RIGHT to ``tile`` and SELECT it."""
    home = h.top
    ids = [t.id for t in home.tiles]
    steps = ids.index(tile) - home.focus.focus
    for _ in range(abs(steps)):
        h.press(Button.RIGHT if (steps > 0) != h.app.rtl else Button.LEFT)
    assert home.focused.id == tile
    h.press(Button.SELECT)


def save_and_quit(h: Headless) -> None:
    """MENU -> Save and quit, the second row of every game's menu (Resume, Save and quit, ...)."""
    h.press(Button.MENU)
    h.keys("DOWN,SELECT")


def try_every_damage(payload: dict, from_payload: Callable[[Any], Any], bad_values: Sequence[Any]) -> None:
    """Each field of ``payload`` and of its engine state set to each bad value: ``from_payload``
    either works or says no with ValueError (anything else fails the test)."""
    for key in list(payload):
        for value in bad_values:
            try:
                from_payload(dict(payload, **{key: value}))
            except ValueError:
                pass
    for key in list(payload["engine"]["state"]):
        for value in bad_values:
            engine = dict(payload["engine"], state=dict(payload["engine"]["state"], **{key: value}))
            try:
                from_payload(dict(payload, engine=engine))
            except ValueError:
                pass


def check_damaged_save_moved_aside(h: Headless, saves_dir: Path, slot: str, kind: str) -> None:
    """From the home screen: a damaged save picked in the Resume list is moved aside with a
    one-line notice, never a traceback, and the Resume list stays up."""
    h.app.saves.save(slot, kind, "broken", {"version": 1, "engine": {"game": 3}})
    open_tile(h, "resume")
    h.press(Button.SELECT)
    assert type(h.top).__name__ == "ResumeScreen"
    assert h.app.toast_message and "\n" not in h.app.toast_message
    assert not (saves_dir / f"{slot}.json").exists()
    assert any(p.name.startswith(f"{slot}.json.corrupt") for p in saves_dir.iterdir())
