"""What the two dice-game screens share: the Yahtzee family's game screen and the Monopoly Dice board.

Both play one :class:`app.match.Match` (the game, its seats, generators, computers and pace) from
the first roll to the results, with the screen machinery kept here once: the seat choices of the
set-up screens (:data:`SEAT_CHOICES`), reopening a save from the Resume list (:func:`resume_saved`)
and :class:`DiceGameScreen`, the base of the two screens: the match's events handed to
``_on_<event>`` methods, the position's observation cache, the cup (put down with
:meth:`~DiceGameScreen.stop_shaking`), the tumbling faces, the game menu's Save and quit / Quit
without saving, writing the save, the centred banner and the right-to-left drawing helpers. Each
family keeps its own texts (i18n keys are passed in) and its own rules of play.
:class:`MirroredText` is the text helper of the Yahtzee hint, results and review screens, which lay
out in left-to-right coordinates and mirror them in Persian.
"""

from __future__ import annotations

import logging
import random
import re
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from app import widgets
from app.i18n import t
from app.match import LEVELS, Match, PlayerSpec
from app.screen import Screen
from remote.buttons import Button, ButtonEvent, Press

log = logging.getLogger(__name__)

__all__ = [
    "LEVELS",
    "DiceGameScreen",
    "MirroredText",
    "PlayerSpec",
    "default_seats",
    "free_names",
    "next_seat",
    "seat_phones",
    "resume_saved",
    "seat_names",
    "SEAT_CHOICES",
]


SEAT_CHOICES: tuple[PlayerSpec, ...] = (PlayerSpec(False),) + tuple(PlayerSpec(True, lv) for lv in LEVELS)
"""What a set-up screen's seat row cycles through: Human, then Computer easy, medium, hard."""


def next_seat(seat: PlayerSpec, step: int, names: Sequence[str] = ()) -> PlayerSpec:
    """The seat ``step`` places on from ``seat``, wrapping round: Human, then a human seat for each
    of the named players ``names`` (those of the settings not taken by another seat), then the
    computers (:data:`SEAT_CHOICES`).

    >>> next_seat(PlayerSpec(False), 1, ["Sara"]).name, next_seat(PlayerSpec(False, name="Sara"), 1, ["Sara"])
    ('Sara', PlayerSpec(computer=True, level='easy', name=''))
    """
    named = tuple(PlayerSpec(False, name=name) for name in names)
    choices = SEAT_CHOICES[:1] + named + SEAT_CHOICES[1:]
    index = choices.index(seat) if seat in choices else 0
    return choices[(index + step) % len(choices)]


def seat_phones(seats: list[PlayerSpec], connected: dict[int, str], limit: int) -> int:
    """Make each seat below ``limit`` whose phone is connected (:mod:`app.phones`, seat -> the
    name typed on it) a human of that name; the seats the game needs for them (0: none).

    >>> seats = [PlayerSpec(False), PlayerSpec(True)]
    >>> seat_phones(seats, {1: "Ann", 5: "Bob"}, 2), seats[1].name, seats[1].computer
    (2, 'Ann', False)
    """
    needed = 0
    for seat, name in connected.items():
        if seat < limit:  # the lobby offers four seats; a two-seat game has no third to give
            seats[seat] = PlayerSpec(False, name=name)
            needed = max(needed, seat + 1)
    return needed


def free_names(names: Sequence[str], seats: Sequence[PlayerSpec], seat: int) -> list[str]:
    """The named players seat ``seat`` may pick: those no other seat has taken (its own included).

    >>> free_names(["Ali", "Sara"], [PlayerSpec(False, name="Ali"), PlayerSpec(False)], 1)
    ['Sara']
    """
    taken = {s.name for i, s in enumerate(seats) if i != seat and s.name}
    return [name for name in names if name not in taken]


def default_seats(difficulty: str, count: int) -> list[PlayerSpec]:
    """A set-up screen's ``count`` seats at first: you, then computers of ``difficulty`` (medium if
    it is not a level)."""
    level = difficulty if difficulty in LEVELS else "medium"
    return [PlayerSpec(False)] + [PlayerSpec(True, level) for _ in range(count - 1)]


def seat_names(players: Sequence[PlayerSpec], human_key: str, computer_key: str) -> list[str]:
    """One name a seat: a named player's own name, else numbered from 1 (``n``) from the family's
    human and computer texts."""
    return [
        getattr(p, "name", "") or t(computer_key if p.computer else human_key, n=i + 1)
        for i, p in enumerate(players)
    ]


def resume_saved(
    app: Any, info: Any, payload: dict, from_payload: Callable[[Any], Screen], game: str, damaged_key: str
) -> bool:
    """Push the screen ``from_payload`` rebuilds; a damaged save is moved aside with one line of
    notice (``damaged_key`` where it has no slot), never a crash. ``game`` names it in the log."""
    try:
        screen = from_payload(payload)
    except (ValueError, TypeError, KeyError) as exc:
        log.warning("damaged %s save %s: %s", game, getattr(info, "slot", "?"), str(exc)[:200])
        slot = getattr(info, "slot", None)
        if slot:
            app.saves.storage.move_aside(f"saves/{slot}.json", "notice.file_damaged")
            app.take_storage_messages()
        else:
            app.toast(t(damaged_key))
        top = app.top
        if top is not None and hasattr(top, "reload"):
            top.reload()
        return False
    screen.save_slot = getattr(info, "slot", None)  # saved again there; finished, that save goes
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
    """The base of a dice game's screen: draws :attr:`match` (an :class:`app.match.Match`).

    A subclass calls :meth:`_init_match` with its match and reacts to the match's events with
    methods named after them: ``_on_rolled(event)`` for :class:`~app.match.Rolled`,
    ``_on_turn_started`` for :class:`~app.match.TurnStarted`, and so on. The position's version
    (:attr:`_version`) is bumped before each event is handled, so the observation is fresh."""

    FACE_FLIP_S = 0.07
    """While shaking or tumbling, a die shows a new face this often."""
    LAND_S = 0.14
    """The end of a throw's tumble: the dice show their faces and swing less and less, then rest."""

    match: Match
    roll_action: int
    """The engine's action that throws the dice (hold 2 shakes them, letting go throws)."""
    save_slot: str | None = None
    """The save this game came from or was last written to (None: a new game, never saved)."""

    def _init_match(self, match: Match, anim_seed: int) -> None:
        """Play ``match``: the fields this base uses, before the subclass sets its own."""
        self.match = match
        match.subscribe(self._on_match_event)
        self._version = 0
        self._obs_cache: tuple[int, dict] | None = None
        self._layer: tuple[tuple, pygame.Surface, list] | None = None
        self._flip_t = 0.0
        self._anim = random.Random(anim_seed)  # looks only: never the game's generator
        self._anim_faces: dict[int, int] = {}
        self._pass_to: str | None = None
        """The human to pass the remote to: the banner stays up until the next press."""

    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def passing_to(self) -> str | None:
        """Whom the "pass the remote" banner names now; None when no hand-over waits for a press."""
        return self._pass_to

    @property
    def players(self) -> list[PlayerSpec]:
        return self.match.seats

    @property
    def inline(self) -> bool:
        """Computers decide on the frame (screenshots and tests) instead of in a worker thread."""
        return self.match.inline

    @inline.setter
    def inline(self, value: bool) -> None:
        self.match.inline = value

    @property
    def shaking(self) -> bool:
        return self.match.shaking

    def _on_match_event(self, event: Any) -> None:
        self._version += 1
        name = re.sub(r"(?<!^)(?=[A-Z])", "_", type(event).__name__).lower()
        handler = getattr(self, f"_on_{name}", None)
        if handler is not None:
            handler(event)
        self.refresh()

    # -- lifecycle --------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.match.work = self.app.work  # the computers' decisions are the app's background work
        self.match.start()

    def on_leave(self) -> None:
        from app.appliance import release_memory

        self.stop_shaking()
        self.match.close()
        # The game's positions, computers and pictures are garbage now: give their pages back, or
        # malloc keeps them for good (see tvgames soak --presses). A demo's: the attract loop does.
        if self.app is not None and not self.app.demo_running:
            release_memory()

    def on_resume(self) -> None:
        self.changed()

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
        return self.match.computer_to_act

    @property
    def version(self) -> int:
        """Counts the changes of what the screen shows; a picture keyed on it is drawn again when it moves."""
        return self._version

    def changed(self) -> None:
        """The game or the screen's own state changed (a move, a scene set up by hand): draw afresh."""
        self._version += 1
        self.refresh()

    def phone_acted(self, seat: int, action: int) -> None:
        """A player moved from their phone (:mod:`app.phones`): the remote needs no passing to them."""
        if self._pass_to is not None:
            self._pass_to = None
            self.changed()

    def _clear_pass_notice(self, event: ButtonEvent) -> bool:
        """The first press (MENU and INFO aside) after "pass the remote" only clears the banner,
        so the new player makes no accidental move; True if this press did."""
        if self._pass_to is None or event.kind != Press.PRESS or event.button in (Button.MENU, Button.INFO):
            return False
        self._pass_to = None
        self.changed()
        return True

    def action_shake(self) -> None:
        self.match.shake()
        self.app.sound.play("shake")

    def action_roll(self) -> None:
        self.stop_shaking()
        self.app.sound.play("roll")
        self.match.act(self.roll_action)

    def stop_shaking(self) -> None:
        """Let go of the held 2: the dice stop tumbling and the shake sound ends."""
        if self.match.stop_shaking() and self.app is not None:
            self.app.sound.stop("shake")

    def _on_shake_started(self, event: Any) -> None:
        self.app.sound.play("shake")

    def _on_shake_stopped(self, event: Any) -> None:
        self.app.sound.stop("shake")
        self.app.sound.play("roll")

    def _flip_faces(self, dt: float, sides: Callable[[int], int]) -> None:
        """While dice shake or tumble, each shows a new face (of ``sides(die)``) every flip; thrown
        dice turn over more and more slowly as they come to rest, so they are seen to land."""
        if self.match.shaking or self.match.settling:
            self._flip_t += dt
            slowing = 1.0 if self.match.shaking else 1.0 + 2.0 * (1.0 - self.match.settle_left)
            if self._flip_t >= self.FACE_FLIP_S * slowing:
                self._flip_t = 0.0
                for die in self.match.tumbling:
                    self._anim_faces[die] = self._anim.randrange(sides(die))

    @property
    def tumbling_faces(self) -> dict[int, int]:
        """The face each die shows while it shakes or tumbles now (die -> face index)."""
        return dict(self._anim_faces)

    def swing(self) -> float:
        """How far tumbling dice swing from their places: 1 while in the cup or in the air, then
        down to 0 over the last :data:`LAND_S` of the tumble (eased out: each frame moves less)."""
        if self.match.shaking or not self.match.settling:
            return 1.0
        land = min(self.LAND_S, self.match.rules.pace.settle_s / 2)
        left = self.match.settle_left * self.match.rules.pace.settle_s
        return 1.0 if left >= land else (left / land) ** 2

    @property
    def landing(self) -> bool:
        """Thrown dice are coming to rest: they show the faces they landed on (:meth:`swing` < 1)."""
        return self.swing() < 1.0

    def _jitter(self, x: int, y: int) -> tuple[int, int]:
        """Where a tumbling die is drawn from its place: up to ``x`` and ``y`` pixels off while
        it flies, less and less as it lands."""
        offset = self.swing()
        return round(self._anim.randint(-x, x) * offset), round(self._anim.randint(-y, y) * offset)

    def settle(self, timeout: float = 60.0) -> None:
        """Wait (real time) for a decision still being made: see ``Headless.settle_workers``."""
        self.match.wait_for_decision(timeout)

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

    def save_and_quit(self, ask: bool = True) -> bool:
        """Save the game as it stands and go home; True once it is on disk. ``ask`` False: nobody
        is there to choose a save to replace (a stop signal, an idle game), so none is replaced."""
        raise NotImplementedError

    def _write_save(
        self,
        kind: str,
        title: str,
        payload: dict,
        failed_key: str,
        players: Sequence[str],
        progress: str,
        ask: bool = True,
    ) -> bool:
        """Write this game's own save and go home; on a disk error say so (``failed_key``) and stay.

        A game never saved before gets a new slot; when the saves are full, ``ask`` shows them to
        choose the one to replace (False: one more is kept, nothing is replaced unasked). True
        when the save is on disk (not while the choice is still open)."""
        record = {"kind": kind, "title": title, "payload": payload, "players": tuple(players)}
        record["progress"] = progress
        if self.save_slot is None and self.app.saves.full():
            if ask:
                from app.screens.resume import ReplaceScreen

                self.app.push(ReplaceScreen(), lambda slot: self._replace(slot, record, failed_key))
                return False
            log.warning("saves full: one more is kept (nobody to ask which to replace)")
        return self._write(record, failed_key)

    def _replace(self, slot: str | None, record: dict, failed_key: str) -> None:
        """The save the family chose to give up for this game (None: they kept them all)."""
        if slot is None:
            self.app.toast(t("resume.not_saved"))
            return
        if self._write(record, failed_key):
            self.app.saves.delete(slot)  # after the new save is on disk: never neither of them

    def _write(self, record: dict, failed_key: str) -> bool:
        from app.storage import StorageError

        saves = self.app.saves
        slot = self.save_slot or saves.new_slot(record["kind"])
        try:
            saves.save(slot, **record)
        except (StorageError, OSError) as exc:
            self.app.toast(t(failed_key, error=str(exc)))
            return False
        self.save_slot = slot
        self.app.go_home()
        self.app.toast(t("notice.game_saved"))
        return True

    def _forget_save(self) -> None:
        """The game is over: its own save goes (no other), so it is not offered to resume."""
        if self.save_slot is not None:
            self.app.saves.delete(self.save_slot)
            self.save_slot = None

    # -- drawing ----------------------------------------------------------------------------------
    def layout(self) -> dict[str, Any]:
        """Where each named part of the screen is (rects, lists or dicts of rects); a game fills it in."""
        return {}

    def guide_target(self, part: str) -> pygame.Rect | None:
        """Where part ``part`` of the layout ("dice", "card", "tray", "board") is on the screen, for
        the guided first turn (:mod:`app.screens.guide`) to ring; None if the layout has no such part."""
        found = self.layout().get(part)
        values = found.values() if isinstance(found, dict) else found if isinstance(found, list) else [found]
        rects = [self._rect(r) for r in values if isinstance(r, pygame.Rect)]
        return rects[0].unionall(rects[1:]) if rects else None

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
        key = (*key, widgets.phone_seats(self.app))  # a phone coming or going changes the players' rows
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
        words = max(
            self.app.text.size(text, size, bold=True)[0], self.app.text.size(sub, small)[0] if sub else 0
        )
        w = min(theme.safe.w - theme.px(40), words + theme.px(80))
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
