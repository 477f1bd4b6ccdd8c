"""The guided first turn: a few steps over the real game screen, pointing at the real keys.

The first time a game kind is played on this box (the kinds already offered are kept in the
settings, :attr:`app.settings.BoxSettings.guided`; Settings > Guided first turn turns it off, and
on again offers every game again), its set-up calls :func:`offer` with the game screen it has
just pushed. :class:`GuideScreen` then lies over that screen: first it asks (SELECT: show me,
BACK: no thanks), then each step of ``assets/guide/<guide>.yaml`` rings a part of the game's
layout (``target``, found with the game screen's ``guide_target(part)``), says in a few words
what to do, and lets through to the game only the keys it names (``keys``). The game does what
the key does, as always; the step is done when one of its ``next`` keys is let go. BACK ends the
guide at any step, MENU ends it and opens the game's menu, INFO lists the keys that act now.

A step may depend on the real game (the Monopoly board, where the first throw decides what comes
next): ``when`` names situations, and the step is shown only when the game's
``guide_situation()`` (a set of words, None while its dice, token or computers move) holds one of
them. After each step the guide takes the first step not yet shown that holds now (``repeat``:
it may be shown again, an auction's every bid); while none holds it stands aside and every key
reaches the game. A step with no ``keys`` is read, not played: SELECT goes on. ``{word}`` in a
text is filled from the game's ``guide_facts()`` (the square, its price, the cash) and the names
of the keys (``{select}``, ``{info}``, ``{back}``) as this remote shows them. The guide is
over after its last step, or after a step marked ``last``.

One overlay for every game: a game takes part by having a guide file and a screen with
``guide_target``. The guide files are our own assets, so a mistake in one fails loudly when it is
read (the file and the step are named), unlike a player's file.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pygame
import yaml

from app import catalog, widgets
from app.descriptor import resolve
from app.i18n import LANGUAGES, current_language, t
from app.screen import Binding, Screen
from remote.buttons import Button, ButtonEvent, Press, parse_button

log = logging.getLogger(__name__)

GUIDE_DIR = Path(__file__).resolve().parent.parent.parent / "assets" / "guide"


def guides() -> dict[str, str]:
    """Game kind (the home tile's id) -> its guide file, from the tiles' descriptors."""
    return {entry.id: entry.guide for entry in catalog.GAMES if entry.guide}


ALWAYS_OURS = (Button.BACK, Button.MENU, Button.INFO)
"""Keys a step never lets through: they end the guide or explain it."""


@dataclass(frozen=True)
class Step:
    target: str
    """The part of the game's layout to ring ("dice", "card", "tray", "board"; "keys": the
    guide's own key chips)."""
    keys: tuple[Button, ...]
    """The keys the game gets during this step, in the order the help bar shows them (none: a
    step to read, SELECT goes on)."""
    next: frozenset[Button]
    """Letting go of one of these (pressed during the step) ends the step."""
    text: dict[str, str]
    when: frozenset[str] = frozenset()
    """Shown only when the game's situation holds one of these (empty: at once)."""
    repeat: bool = False
    """May be shown again each time its situation comes back."""
    last: bool = False
    """The guide is over after this step."""


@dataclass(frozen=True)
class Guide:
    name: str
    offer: dict[str, str]
    steps: tuple[Step, ...]
    done: dict[str, str]


def _texts(value: Any, where: str) -> dict[str, str]:
    if not isinstance(value, dict) or any(not isinstance(value.get(lang), str) for lang in LANGUAGES):
        raise ValueError(f"{where} needs a text in each of {', '.join(LANGUAGES)}")
    return {lang: " ".join(value[lang].split()) for lang in LANGUAGES}


def _buttons(value: Any, where: str, empty: bool = False) -> tuple[Button, ...]:
    if not isinstance(value, list) or (not value and not empty):
        raise ValueError(f"{where} needs a list of keys")
    try:
        buttons = tuple(parse_button(str(name)) for name in value)
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None
    ours = [b.name for b in buttons if b in ALWAYS_OURS]
    if ours:
        raise ValueError(f"{where}: {', '.join(ours)} belong to the guide itself")
    return buttons


@cache
def load(name: str) -> Guide:
    """The guide ``assets/guide/<name>.yaml``; ValueError naming the file and step if it is wrong."""
    path = GUIDE_DIR / f"{name}.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    where = path.name
    if not isinstance(data, dict) or not isinstance(data.get("steps"), list) or not data["steps"]:
        raise ValueError(f"{where}: needs offer, steps and done")
    steps = []
    for i, raw in enumerate(data["steps"]):
        at = f"{where}: steps[{i}]"
        if not isinstance(raw, dict) or not isinstance(raw.get("target"), str):
            raise ValueError(f"{at} needs a target")
        keys = _buttons(raw.get("keys"), f"{at}.keys", empty=True)
        after = _buttons(raw.get("next", []), f"{at}.next", empty=not keys)
        if not set(after) <= set(keys):
            raise ValueError(f"{at}.next: a next key must be one of the step's keys")
        when = raw.get("when", [])
        if not isinstance(when, list) or not all(isinstance(w, str) for w in when):
            raise ValueError(f"{at}.when needs a list of situations")
        steps.append(
            Step(
                raw["target"],
                keys,
                frozenset(after),
                _texts(raw.get("text"), f"{at}.text"),
                frozenset(when),
                raw.get("repeat") is True,
                raw.get("last") is True,
            )
        )
    return Guide(
        name,
        _texts(data.get("offer"), f"{where}: offer"),
        tuple(steps),
        _texts(data.get("done"), f"{where}: done"),
    )


def offer(app: Any, kind: str, game: Screen) -> bool:
    """Lay the guided first turn over ``game`` (just pushed) if ``kind`` has never been played on
    this box and the guide is on; True if it was offered. It is offered once: the kind is written
    to the settings at once, whether the player takes the guide or not."""
    settings = app.settings
    if (
        not app.guides
        or kind not in guides()
        or not settings.guide
        or kind in settings.guided
        or app.demo_running
    ):
        return False
    settings.guided = (*settings.guided, kind)
    app.save_settings()
    GuideOverlay(guides()[kind], game).attach(app)
    return True


class GuideOverlay(Screen):
    """The guide over ``game``: see the module docstring. ``step`` is -1 while it asks, None
    while it stands aside (no step holds in the game's situation now).

    Not a screen on the stack: the game must stay the top screen, or it would pause (a game
    stops its dice and its computers under a modal). The guide is drawn over it as one of the
    app's overlays and sees every key first as one of its input filters; it is only awake while
    ``game`` is the top screen (under the game's menu or INFO it waits) and leaves when ``game``
    leaves the stack."""

    def __init__(self, name: str, game: Screen) -> None:
        super().__init__()
        self.guide = load(name)
        self.game = game
        self.step: int | None = -1
        self.shown: list[int] = []
        """The steps shown so far, in order (a ``repeat`` step as often as it came)."""
        self._down: set[Button] = set()
        self._layout_cache: tuple[tuple, tuple] | None = None
        self.ring: pygame.Rect | None = None
        """The ring drawn in the last frame (None: none), for the tests to check."""

    @property
    def current(self) -> Step | None:
        return self.guide.steps[self.step] if self.step is not None and self.step >= 0 else None

    @property
    def howto_game(self) -> str | None:
        """INFO over the guide offers the game's own How to play pages."""
        return getattr(self.game, "howto_game", None)

    def attach(self, app: Any) -> None:
        self.app = app
        app.input_filters.append(self.filter)
        app.overlays.append(self.overlay)
        app.refresh()

    def detach(self) -> None:
        if self.filter in self.app.input_filters:
            self.app.input_filters.remove(self.filter)
        if self.overlay in self.app.overlays:
            self.app.overlays.remove(self.overlay)
        self.app.refresh()

    @property
    def awake(self) -> bool:
        if self.game not in list(self.app.stack):
            self.detach()  # the game is over, or was left
            return False
        return self.app.top is self.game

    # -- which step -------------------------------------------------------------------------------------
    def situation(self) -> frozenset[str] | None:
        """The game's situation (a game without one has none: only steps without ``when`` hold)."""
        find = getattr(self.game, "guide_situation", None)
        return frozenset() if find is None else find()

    def _resolve(self) -> None:
        """Standing aside: take the first step not yet shown (or a ``repeat`` one) that holds now."""
        if self.step is not None:
            return
        facts = None
        for i, step in enumerate(self.guide.steps):
            if i in self.shown and not step.repeat:
                continue
            if step.when:
                if facts is None:
                    facts = self.situation()
                    if facts is None:
                        return  # the game is still moving: ask again on the next frame or key
                if not step.when & facts:
                    continue
            self.step = i
            self.shown.append(i)
            self.refresh()
            return

    # -- keys -------------------------------------------------------------------------------------------
    def bindings(self) -> tuple[Binding, ...]:
        step = self.current
        if self.step == -1:
            own: tuple[Binding, ...] = (
                Binding(Button.SELECT, "start", "guide.key.start"),
                Binding(Button.BACK, "back", "guide.key.skip"),
            )
        elif step is None:
            own = ()
        elif not step.keys:  # a step to read
            own = (
                Binding(Button.SELECT, "next", "guide.key.next"),
                Binding(Button.BACK, "back", "guide.key.end", show=False),
            )
        else:
            own = tuple(
                Binding(button, "pass", self._label(button), show=bool(self._label(button)), args=(button,))
                for button in step.keys
            ) + (Binding(Button.BACK, "back", "guide.key.end", show=False),)  # the card says it
        return (
            *own,
            Binding(Button.MENU, "menu", "action.menu"),
            Binding(Button.INFO, "help", "action.help"),
        )

    def _label(self, button: Button) -> str:
        """What ``button`` does in the game now: the label of the game's own binding."""
        labels = [b.label for b in self.game.bindings() if b.button == button and b.label and b.show]
        return labels[0] if labels else ""

    def check_action(self, action: str, args: tuple) -> bool:
        if action == "pass":
            button = args[0]
            found = [b for b in self.game.bindings() if b.button == button and b.kind == Press.PRESS]
            return not found or self.game.check_action(found[0].action, found[0].args)
        return True

    def filter(self, event: ButtonEvent) -> bool:
        """An input filter: False lets the key through to the game, True keeps it for the guide."""
        if not self.awake:
            return False
        self._resolve()
        if self.step is None:
            return False  # standing aside: the game plays on as usual
        step = self.current
        if event.button == Button.MENU or (step is not None and event.button in step.keys):
            if event.kind == Press.PRESS:
                self._down.add(event.button)
            elif step is not None and event.kind == Press.RELEASE and event.button in step.next:
                if event.button in self._down:
                    self._advance()
            self.refresh()
            return False  # the game does what the key does
        if not self.handle(event) and event.kind == Press.PRESS:
            self.app.refuse(event.button)  # not now: the guide waits for the keys it names
        return True

    def action_pass(self, button: Button) -> None:
        """Never reached: a step's keys go to the game (see :meth:`filter`)."""

    def action_start(self) -> None:
        self.app.sound.play("select")
        self._advance()

    def action_next(self) -> None:
        self.app.sound.play("move")
        self._advance()

    def _advance(self) -> None:
        done = self.current
        self._down.clear()
        if done is not None and (done.last or self.step == len(self.guide.steps) - 1):
            self.app.toast(self._text(self.guide.done))
            self.detach()
            return
        self.step = None
        self._resolve()
        self.refresh()

    def action_back(self) -> None:
        self.app.sound.play("move")
        self.detach()

    # -- drawing ------------------------------------------------------------------------------------------
    def _text(self, texts: dict[str, str]) -> str:
        lang = current_language()
        return texts.get(lang, texts["en"])

    def _end_line(self) -> str:
        return t("guide.end_line", button=widgets.key_name(Button.BACK))

    def words(self, step: Step) -> str:
        """The step's text, its ``{word}`` filled from the game's ``guide_facts()``."""
        text = self._text(step.text)
        if "{" not in text:
            return text
        find = getattr(self.game, "guide_facts", None)
        keys = {name: widgets.key_name(Button[name.upper()]) for name in ("select", "info", "back")}
        facts = {**keys, **(find() if find is not None else {})}
        try:
            return text.format_map(facts)
        except (KeyError, ValueError, IndexError) as exc:
            log.warning("guide %s: step %s: no fact %s", self.guide.name, self.step, exc)
            return text

    def target(self) -> pygame.Rect | None:
        step = self.current
        find = getattr(self.game, "guide_target", None)
        if step is None or find is None:
            return None
        if step.target == "keys":
            return self.band()
        return find(step.target)

    def overlay(self, surface: pygame.Surface) -> None:
        """Drawn over every frame while the guide is awake (and not standing aside)."""
        if self.awake:
            self._resolve()
            if self.step is not None:
                self.draw(surface)

    def band(self) -> pygame.Rect:
        """The guide's key chips across the bottom of the safe area, over the game's help bar."""
        theme = self.theme
        safe = theme.safe
        bar_h = max(widgets.help_bar_height(self.app, self), widgets.help_bar_height(self.app, self.game))
        return pygame.Rect(
            safe.x - theme.px(8),
            safe.bottom - bar_h - theme.px(8),
            safe.w + theme.px(16),
            bar_h + theme.px(8),
        )

    def card_rect(self) -> pygame.Rect | None:
        """Where the step's card was last drawn (None before the first frame)."""
        return None if self._layout_cache is None else self._layout_cache[1][1]

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        target = self.target()
        band, card, head, lines = self._geometry(surface, target)
        self.ring = None
        if target is not None:
            runs = [pygame.Rect(run.rect) for run in app.text.runs if not run.covered]
            ring = ring_rect(target, theme.px(8), runs).clip(theme.safe.inflate(theme.px(12), theme.px(12)))
            self.ring = ring
            pygame.draw.rect(
                surface, theme.colour("accent"), ring, width=theme.px(5), border_radius=theme.px(14)
            )
        # the guide's keys replace the game's help bar, across the bottom of the safe area
        widgets.panel(surface, band, theme.colour("background_2"), theme.px(10))
        app.text.cover(tuple(band))  # the game's own help bar lies under it
        widgets.help_bar(surface, app, self)
        self._draw_card(surface, card, head, lines)

    def _geometry(
        self, surface: pygame.Surface, target: pygame.Rect | None
    ) -> tuple[pygame.Rect, pygame.Rect, str, list[str]]:
        """The help band, the card, its heading and lines: worked out once per step (they cost more
        than drawing them, and the guide is drawn every frame the dice move)."""
        app, theme = self.app, self.theme
        step = self.current
        words = self._text(self.guide.offer) if step is None else self.words(step)
        key = (
            len(self.shown),
            app.lang,
            surface.get_size(),
            None if target is None else tuple(target),
            words,
        )
        if self._layout_cache is not None and self._layout_cache[0] == key:
            return self._layout_cache[1]
        safe = theme.safe
        band = self.band()
        if step is None:
            head = t("guide.title")
        elif any(s.when for s in self.guide.steps):  # which steps come depends on the game
            head = t("guide.step_open", n=len(self.shown))
        else:
            head = t("guide.step", n=len(self.shown), of=len(self.guide.steps))
        room = pygame.Rect(safe.x, safe.y, safe.w, band.y - theme.px(10) - safe.y)
        pad = theme.px(20)
        card = self._place(room, target, words, pad)
        lines = app.text.wrap(words, theme.font("body"), card.w - 2 * pad)
        found = (band, card, head, lines)
        self._layout_cache = (key, found)
        return found

    def _draw_card(self, surface: pygame.Surface, card: pygame.Rect, head: str, lines: list[str]) -> None:
        """The step's words in their panel (placed by :meth:`_place`)."""
        app, theme = self.app, self.theme
        small, body = theme.font("small"), theme.font("body")
        app.text.cover(tuple(card))
        widgets.panel(
            surface, card, theme.colour("background_2"), theme.radius, theme.px(4), theme.colour("accent")
        )
        inner = card.inflate(-2 * theme.px(20), -2 * theme.px(20))
        x, anchor = (inner.right, "topright") if self.rtl else (inner.x, "topleft")
        y = inner.y
        widgets.draw_text(
            surface,
            app.text,
            head,
            small,
            theme.colour("accent"),
            (x, y),
            anchor,
            bold=True,
            max_width=inner.w,
        )
        y += app.text.line_height(small, bold=True) + theme.px(6)
        for line in lines:
            widgets.draw_text(
                surface, app.text, line, body, theme.colour("text"), (x, y), anchor, max_width=inner.w
            )
            y += app.text.line_height(body)
        if self.current is not None:
            # BACK is on the card, not in the help bar: there it would crowd out a key of the game
            y += theme.px(6)
            for line in app.text.wrap(self._end_line(), small, inner.w):  # two lines on a narrow card
                widgets.draw_text(
                    surface,
                    app.text,
                    line,
                    small,
                    theme.colour("text_dim"),
                    (x, y),
                    anchor,
                    max_width=inner.w,
                )
                y += app.text.line_height(small)

    def _place(self, room: pygame.Rect, target: pygame.Rect | None, words: str, pad: int) -> pygame.Rect:
        """Beside the ringed part if there is room across (a quarter of the screen at least), else
        along the top or the bottom of ``room``, whichever covers less of it."""
        app, theme = self.app, self.theme
        body, small = theme.font("body"), theme.font("small")

        def height(width: int) -> int:
            lines = len(app.text.wrap(words, body, width - 2 * pad))
            head_h = app.text.line_height(small, bold=True) + theme.px(6)
            end_h = 0
            if self.current is not None:
                ends = len(app.text.wrap(self._end_line(), small, width - 2 * pad))
                end_h = theme.px(6) + ends * app.text.line_height(small)
            return head_h + lines * app.text.line_height(body) + end_h + 2 * pad

        gap = theme.px(24)
        candidates: list[pygame.Rect] = []
        if target is not None:
            least = max(theme.px(300), room.w // 4)
            left = pygame.Rect(room.x, room.y, target.x - gap - room.x, room.h)
            right = pygame.Rect(target.right + gap, room.y, room.right - target.right - gap, room.h)
            for side in sorted((left, right), key=lambda r: -r.w):
                if side.w >= least:
                    width = min(side.w, room.w * 2 // 3)
                    h = min(height(width), room.h)
                    x = side.x if side is right else side.right - width
                    candidates.append(pygame.Rect(x, side.y + (side.h - h) // 2, width, h))
        width = min(room.w, theme.px(900))
        h = min(height(width), room.h)
        x = room.x + (room.w - width) // 2
        candidates += [pygame.Rect(x, room.y, width, h), pygame.Rect(x, room.bottom - h, width, h)]
        if target is None:
            return candidates[-1]

        def covered(rect: pygame.Rect) -> int:
            part = rect.clip(target)
            return part.w * part.h

        return min(candidates, key=covered)


# -- scenes ------------------------------------------------------------------------------------------
def ring_rect(target: pygame.Rect, margin: int, texts: list[pygame.Rect]) -> pygame.Rect:
    """The ring round ``target``: ``margin`` outside it on each side, less on a side where a
    neighbouring text run (``texts``, the game's text drawn this frame) lies closer, so the ring
    touches no words but the target's own; a run overlapping the target is the target's."""
    top = bottom = left = right = margin
    for run in texts:
        gaps = {
            "top": target.top - run.bottom,
            "bottom": run.top - target.bottom,
            "left": target.left - run.right,
            "right": run.left - target.right,
        }
        side, gap = max(gaps.items(), key=lambda item: item[1])
        if gap < 0:  # inside or across the target
            continue
        # a run beside the ring's side but past its ends does not touch it
        if side in ("top", "bottom"):
            if run.right <= target.left - left or run.left >= target.right + right:
                continue
        elif run.bottom <= target.top - top or run.top >= target.bottom + bottom:
            continue
        if side == "top":
            top = min(top, gap)
        elif side == "bottom":
            bottom = min(bottom, gap)
        elif side == "left":
            left = min(left, gap)
        else:
            right = min(right, gap)
    return pygame.Rect(target.x - left, target.y - top, target.w + left + right, target.h + top + bottom)


def start_guided(app: Any, game_id: str, seed: int | None = None) -> None:
    """For a scene: the set-up of the tile ``game_id`` with its defaults, and SELECT on Start, so
    the guide asks (``seed``: the app's dice start from this seed instead of the scene's own)."""
    app.guides = True
    if seed is not None:
        app.reseed(seed)
    entry = catalog.game(game_id)
    setup: Screen = resolve(entry.setup)(app, entry)
    app.push(setup)
    setup.focus = len(setup.rows()) - 1
    setup.action_select()
