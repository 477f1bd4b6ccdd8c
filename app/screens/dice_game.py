"""What the two dice-game screens share: the Yahtzee family's game screen and the Monopoly Dice board.

Both play one game from the first roll to the results with the same machinery, kept here once:
the seats (:class:`PlayerSpec`), reopening a save from the Resume list (:func:`resume_saved`) and
:class:`DiceGameScreen`, the base of the two screens: the position's observation cache, the cup
(put down with :meth:`~DiceGameScreen._stop_shaking`), the computers' worker thread, the game menu's
Save and quit / Quit without saving, writing the save, the centred banner and the right-to-left
drawing helpers. Each family keeps its own texts (i18n keys are passed in) and its own rules of play.
:class:`MirroredText` is the text helper of the Yahtzee hint, results and review screens, which lay
out in left-to-right coordinates and mirror them in Persian.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

import pygame

from app import widgets
from app.i18n import t
from app.screen import Screen
from remote.buttons import Button, ButtonEvent, Press

log = logging.getLogger(__name__)

LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True)
class PlayerSpec:
    """One seat: a human, or a computer of a difficulty level."""

    computer: bool = False
    level: str = "medium"

    def to_json(self) -> dict[str, Any]:
        return {"computer": self.computer, "level": self.level}

    @classmethod
    def from_json(cls, data: Any) -> PlayerSpec:
        if not isinstance(data, dict) or not isinstance(data.get("computer"), bool):
            raise ValueError("a player is {computer: bool, level: str}")
        level = data.get("level", "medium")
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        return cls(data["computer"], level)


SEAT_CHOICES: tuple[PlayerSpec, ...] = (PlayerSpec(False),) + tuple(PlayerSpec(True, lv) for lv in LEVELS)
"""What a set-up screen's seat row cycles through: Human, then Computer easy, medium, hard."""


def next_seat(seat: PlayerSpec, step: int) -> PlayerSpec:
    """The seat ``step`` places on from ``seat`` in :data:`SEAT_CHOICES`, wrapping round."""
    return SEAT_CHOICES[(SEAT_CHOICES.index(seat) + step) % len(SEAT_CHOICES)]


def default_seats(difficulty: str, count: int) -> list[PlayerSpec]:
    """A set-up screen's ``count`` seats at first: you, then computers of ``difficulty`` (medium if
    it is not a level)."""
    level = difficulty if difficulty in LEVELS else "medium"
    return [PlayerSpec(False)] + [PlayerSpec(True, level) for _ in range(count - 1)]


def seat_names(players: Sequence[PlayerSpec], human_key: str, computer_key: str) -> list[str]:
    """One name a seat, numbered from 1 (``n``), from the family's human and computer texts."""
    return [t(computer_key if p.computer else human_key, n=i + 1) for i, p in enumerate(players)]


def resume_saved(
    app: Any, info: Any, payload: dict, from_payload: Callable[[Any], Screen], game: str, damaged_key: str
) -> bool:
    """Push the screen ``from_payload`` rebuilds; a damaged save is moved aside with one line of
    notice (``damaged_key`` where it has no slot), never a crash. ``game`` names it in the log."""
    try:
        screen = from_payload(payload)
    except (ValueError, TypeError, KeyError) as exc:
        log.warning("damaged %s save %s: %s", game, getattr(info, "slot", "?"), exc)
        slot = getattr(info, "slot", None)
        if slot:
            app.saves.storage.move_aside(f"saves/{slot}.json", "notice.file_damaged")
            app._take_storage_messages()
        else:
            app.toast(t(damaged_key))
        top = app.top
        if top is not None and hasattr(top, "reload"):
            top.reload()
        return False
    app.push(screen)
    return True


class MirroredText:
    """``_text`` for a screen laid out in left-to-right coordinates: mirrored in Persian.

    Mixed in before the screen's base (``class HintScreen(MirroredText, ModalScreen[None])``)."""

    def _text(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        colour: str,
        pos: tuple[int, int],
        width: int,
        *,
        anchor: str = "topleft",
        bold: bool = False,
    ) -> pygame.Rect:
        """``text`` in the theme colour ``colour``, at most ``width`` wide, at ``pos`` measured from
        the left (from the right in Persian, the anchor mirrored with it)."""
        x, y = pos
        if self.rtl:
            x = self.theme.width - x
            anchor = anchor.replace("left", "@").replace("right", "left").replace("@", "right")
        return widgets.draw_text(
            surface,
            self.app.text,
            text,
            size,
            self.theme.colour(colour),
            (x, y),
            anchor,
            bold=bold,
            max_width=width,
        )


class DiceGameScreen(Screen):
    """The base of a dice game's screen: ``state`` (an engine state) played by ``players``.

    A subclass sets ``state``, ``players``, ``_version`` (bumped by :meth:`_changed` whenever the
    position changes) and the fields named in :meth:`_init_shared`, and names its computers'
    thread with ``CPU_THREAD``."""

    CPU_THREAD = "dice-cpu"

    state: Any
    players: list[PlayerSpec]

    def _init_shared(self) -> None:
        """The fields this base uses, before the subclass sets its own."""
        self.shaking = False
        self._executor: ThreadPoolExecutor | None = None
        self._future: Future | None = None
        self._version = 0
        self._obs_cache: tuple[int, dict] | None = None
        self._layer: tuple[tuple, pygame.Surface, list] | None = None
        self._pass_to: str | None = None
        """The human to pass the remote to: the banner stays up until the next press."""

    # -- lifecycle --------------------------------------------------------------------------------
    def on_leave(self) -> None:
        self._stop_shaking()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def on_resume(self) -> None:
        self._changed()

    # -- the position -----------------------------------------------------------------------------
    @property
    def turn_player(self) -> int:
        raise NotImplementedError

    def obs(self) -> dict[str, Any]:
        """The observation of the player to act (cached until the position changes)."""
        if self._obs_cache is None or self._obs_cache[0] != self._version:
            self._obs_cache = (self._version, self.state.to_dict(self.turn_player))
        return self._obs_cache[1]

    @property
    def computer_turn(self) -> bool:
        return not self.state.is_terminal() and self.players[self.turn_player].computer

    def _changed(self) -> None:
        self._version += 1
        self.refresh()

    def _clear_pass_notice(self, event: ButtonEvent) -> bool:
        """The first press (MENU and INFO aside) after "pass the remote" only clears the banner,
        so the new player makes no accidental move; True if this press did."""
        if self._pass_to is None or event.kind != Press.PRESS or event.button in (Button.MENU, Button.INFO):
            return False
        self._pass_to = None
        self._changed()
        return True

    def _stop_shaking(self) -> None:
        if self.shaking:
            self.shaking = False
            if self.app is not None:
                self.app.sound.stop("shake")

    # -- computer players -------------------------------------------------------------------------
    def _ask_computer(self, chooser: Callable[[Any], int], inline: bool = False) -> None:
        """Start ``chooser``'s decision on a clone of the position: in the worker thread, or on the
        frame where ``inline`` (screenshots and tests). :meth:`_computer_decision` collects it."""
        if inline:
            self._future = Future()
            self._future.set_result(chooser(self.state.clone()))
            return
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=self.CPU_THREAD)
        self._future = self._executor.submit(chooser, self.state.clone())

    def settle(self, timeout: float = 60.0) -> None:
        """Wait (real time) for a decision still being made: see ``Headless.settle_workers``."""
        if self._future is not None:
            wait([self._future], timeout=timeout)

    def _computer_decision(self) -> int | None:
        """The decision asked for, once it is made (and then no longer pending); else None."""
        if self._future is None or not self._future.done():
            return None
        future, self._future = self._future, None
        return future.result()

    # -- menu and saving --------------------------------------------------------------------------
    def on_menu(self, value: str) -> bool:
        if value == "save":
            self.save_and_quit()
        elif value == "quit":
            from app.screens.menu import ConfirmScreen

            self.app.push(ConfirmScreen("menu.confirm_quit"), lambda yes: self.app.go_home() if yes else None)
        else:
            return False
        return True

    def save_and_quit(self) -> bool:
        raise NotImplementedError

    def _write_save(self, slot: str, kind: str, title: str, payload: dict, failed_key: str) -> bool:
        """Write the save and go home; on a disk error say so (``failed_key``) and stay in the game."""
        from app.storage import StorageError

        try:
            self.app.saves.save(slot, kind, title, payload)
        except (StorageError, OSError) as exc:
            self.app.toast(t(failed_key, error=str(exc)))
            return False
        self.app.go_home()
        self.app.toast(t("notice.game_saved"))
        return True

    # -- drawing ----------------------------------------------------------------------------------
    def _rect(self, rect: pygame.Rect) -> pygame.Rect:
        return self.theme.mirror(rect, self.rtl)

    def _text(self, surface, text, size, colour, pos, anchor, **kw) -> pygame.Rect:
        return widgets.draw_text(surface, self.app.text, text, size, colour, pos, anchor, **kw)

    def _start(self, rect: pygame.Rect, pad: int) -> tuple[tuple[int, int], str]:
        """The reading-start point of a (mirrored) rect, vertically centred, and its anchor."""
        if self.rtl:
            return (rect.right - pad, rect.centery), "midright"
        return (rect.x + pad, rect.centery), "midleft"

    def _end(self, rect: pygame.Rect, pad: int) -> tuple[tuple[int, int], str]:
        if self.rtl:
            return (rect.x + pad, rect.centery), "midleft"
        return (rect.right - pad, rect.centery), "midright"

    def _blit_layer(self, surface: pygame.Surface, key: tuple, draw: Callable[[pygame.Surface], Any]) -> None:
        """Blit the still picture under the moving parts; ``draw`` paints it again only when ``key``
        (everything it shows) changed, on the old layer where the size still fits."""
        if self._layer is None or self._layer[0] != key:
            fits = self._layer is not None and self._layer[1].get_size() == surface.get_size()
            layer = self._layer[1] if fits else None
            if layer is None:
                layer = pygame.Surface(surface.get_size())
                if pygame.display.get_surface() is not None:
                    layer = layer.convert()
            with self.app.text.capture() as runs:
                draw(layer)
            self._layer = (key, layer, runs)
        surface.blit(self._layer[1], (0, 0))
        self.app.text.replay(self._layer[2])

    def _draw_banner(self, surface, text: str, sub: str = "") -> None:
        """A centred panel with ``text`` (and a dim ``sub`` line): announcements, "pass the remote"."""
        theme = self.theme
        size = theme.font("heading")
        small = theme.font("small")
        w = min(theme.safe.w - theme.px(40), self.app.text.size(text, size, bold=True)[0] + theme.px(80))
        h = size * 2 + theme.px(10) + (self.app.text.line_height(small) if sub else 0)
        box = pygame.Rect(0, 0, w, h)
        box.center = (theme.safe.centerx, theme.safe.centery - theme.px(20))
        widgets.panel(surface, box, theme.colour("shadow"), theme.radius, theme.px(5), theme.colour("accent"))
        self.app.text.cover(box)  # the opaque banner hides what it lies on
        centre = (box.centerx, box.y + size + theme.px(5))
        self._text(
            surface,
            text,
            size,
            theme.colour("accent"),
            centre,
            "center",
            bold=True,
            max_width=box.w - theme.px(30),
        )
        if sub:
            self._text(
                surface,
                sub,
                small,
                theme.colour("text_dim"),
                (box.centerx, box.bottom - theme.px(8)),
                "midbottom",
                max_width=box.w - theme.px(30),
            )
