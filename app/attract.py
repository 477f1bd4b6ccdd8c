"""The attract loop: after a while idle on the home screen the box plays demo games on its own.

EmulationStation's screensaver plays game videos; this box plays the games themselves, every seat a
computer, each game in turn at the pace a person can follow, under a "Press any key to play" banner.

- After ``attract_after_s`` without a key on the home screen (default 2 minutes, ``kiosk.json``),
  the demos start: :func:`demos` lists them, every built game of the catalog (each Yahtzee mode).
- A demo game ends at its results, which stay up :data:`RESULTS_S`; then the next game starts,
  once the memory of the last one is given back (:func:`app.appliance.release_memory`), so a day
  of demos leaves the box as big as an hour does.
- The first key stops the demo and brings the home screen back; that key (its press, repeats and
  release) is swallowed, not acted on.
- Demos never write saves or high scores: while one runs the app's stores are :class:`NoWrites`.
- A screen other than home left without a key for ``idle_game_s`` (default 5 minutes): a game in
  progress is saved as MENU -> Save and quit does (the next person resumes it), and the demos start.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from app import catalog, widgets
from app.descriptor import resolve
from app.i18n import t
from remote.buttons import ButtonEvent, Press

log = logging.getLogger(__name__)

DEMO_LEVEL = "medium"
"""The computers of a demo: quick to decide, nothing built in the background."""
RESULTS_S = 6.0
"""How long a demo's results stay up before the next game."""
MAX_DEMO_S = 30 * 60.0
"""A demo that has not ended after this long (a game stuck waiting) gives way to the next."""


@dataclass(frozen=True)
class Demo:
    """One demo game: its catalog tile, its kind (for counting) and the screen that plays it."""

    game_id: str
    kind: str
    make: Callable[[Any], Any]


def _interleaved() -> tuple[Demo, ...]:
    # each tile's demos in turn, so that different games come next to each other
    queues = [
        [Demo(entry.id, game.kind, resolve(game.make)) for game in entry.demos] for entry in catalog.GAMES
    ]
    order: list[Demo] = []
    while any(queues):
        order += [queue.pop(0) for queue in queues if queue]
    return tuple(order)


DEMOS: tuple[Demo, ...] = _interleaved()
"""Every game in turn (different games next to each other), from the families' descriptors."""


def demos() -> list[Demo]:
    """The demos of the games that are built."""
    built = {entry.id for entry in catalog.GAMES if entry.built}
    return [demo for demo in DEMOS if demo.game_id in built]


class NoWrites:
    """A save store or high-score table that reads as usual and writes nothing (a demo's)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def save(self, *args: Any, **kwargs: Any) -> None:
        log.debug("demo: a save was not written")

    def add(self, *args: Any, **kwargs: Any) -> None:
        return None

    def qualifies(self, *args: Any, **kwargs: Any) -> bool:
        return False

    def delete(self, *args: Any, **kwargs: Any) -> bool:
        return False

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


class Attract:
    """The attract loop on a running app: a ticker, an input filter and the banner overlay."""

    def __init__(self, app: Any, attract_after_s: float = 120.0, idle_game_s: float = 300.0) -> None:
        self.app = app
        self.attract_after_s = attract_after_s
        self.idle_game_s = idle_game_s
        self.demos = demos()
        self.next = 0
        self.screen: Any = None
        self.demo: Demo | None = None
        self._started = 0.0
        self._results_since: float | None = None
        self._stores: tuple[Any, Any] | None = None
        self._swallow: Any = None
        self.started: Counter[str] = Counter()
        """Demo games started, per kind."""
        self.finished: Counter[str] = Counter()
        """Demo games played to their results, per kind."""
        self.idle_saves = 0
        """Games saved because nobody played them for ``idle_game_s``."""
        self.paused = False
        """No demos (the TV is in standby)."""
        self._banner: tuple[tuple, pygame.Surface, tuple[int, int]] | None = None

    def install(self) -> Attract:
        self.app.tickers.append(self.tick)
        self.app.input_filters.append(self.filter)
        self.app.overlays.append(self.overlay)
        return self

    @property
    def running(self) -> bool:
        return self.screen is not None

    # -- the loop -------------------------------------------------------------------------------------
    def tick(self, now: float) -> None:
        app = self.app
        if self.running:
            self._watch_demo(now)
            return
        if not app.stack or not self.demos or self.attract_after_s <= 0 or self.paused:
            return
        idle = now - app.last_input
        if len(app.stack) == 1:
            if idle >= self.attract_after_s:
                self.start(now)
        elif idle >= self.idle_game_s:
            from app.appliance import save_game_in_progress

            if save_game_in_progress(app):
                self.idle_saves += 1
                log.info("attract: a game idle for %.0f s was saved", idle)
            app.go_home()
            self.start(now)

    def _watch_demo(self, now: float) -> None:
        app = self.app
        if self.screen not in app.stack or now - self._started > MAX_DEMO_S:
            self._next_demo(now)
        elif app.top is not self.screen:  # the results (or anything else) over the game
            if self._results_since is None:
                self._results_since = now
                self.finished[self.demo.kind] += 1
            elif now - self._results_since >= RESULTS_S:
                self._next_demo(now)

    def start(self, now: float) -> None:
        """Start the demos (from the home screen)."""
        app = self.app
        app.go_home()
        self._stores = (app.saves, app.high_scores)
        app.saves, app.high_scores = NoWrites(app.saves), NoWrites(app.high_scores)
        app.demo_running = True
        log.info("attract: the demos start")
        self._next_demo(now)

    def _next_demo(self, now: float) -> None:
        from app.appliance import release_memory

        app = self.app
        app.go_home()
        self.screen = None
        release_memory()  # the last demo's game, computers and tables: freed, and given back
        self.demo = self.demos[self.next % len(self.demos)]
        self.next += 1
        self.screen = self.demo.make(app)
        self.screen.match.autoplay()  # every seat a computer: the match plays on as a demo
        self._started, self._results_since = now, None
        self.started[self.demo.kind] += 1
        app.push(self.screen)

    def stop(self) -> None:
        """Back to the home screen, the stores as they were."""
        app = self.app
        self.screen = self.demo = None
        app.go_home()
        if self._stores is not None:
            app.saves, app.high_scores = self._stores
            self._stores = None
        app.demo_running = False
        log.info("attract: stopped by a key")

    def filter(self, event: ButtonEvent) -> bool:
        """The first key stops the demo; that button is swallowed until it is released."""
        if self.running and event.kind == Press.PRESS:
            self.stop()
            self._swallow = event.button
            return True
        if self._swallow is not None and event.button == self._swallow:
            if event.kind == Press.RELEASE:
                self._swallow = None
            return True
        return False

    # -- drawing --------------------------------------------------------------------------------------
    def overlay(self, surface: pygame.Surface) -> None:
        """The banner over a demo, in place of the help bar (no key does what it says there):
        "Press any key to play", and the game's name at the reading start. Drawn once per game,
        size and language, then blitted (a demo redraws every frame)."""
        if not self.running or self.demo is None:
            return
        app = self.app
        key = (self.demo.game_id, surface.get_size(), app.lang)
        if self._banner is None or self._banner[0] != key:
            self._banner = (key, *self._draw_banner())
        _, image, pos = self._banner
        surface.blit(image, pos)

    def _draw_banner(self) -> tuple[pygame.Surface, tuple[int, int]]:
        app, theme = self.app, self.app.theme
        size, small = theme.font("body"), theme.font("small")
        box = pygame.Rect(0, 0, theme.safe.w, app.text.line_height(size) + theme.px(8))
        box.midbottom = (theme.safe.centerx, theme.safe.bottom)
        image = pygame.Surface(box.size, pygame.SRCALPHA)
        area = image.get_rect()
        widgets.panel(image, area, theme.colour("shadow"), theme.radius, theme.px(4), theme.colour("accent"))
        name = t("attract.demo", game=t(catalog.game(self.demo.game_id).title_key))
        pad = theme.px(18)
        start = (area.right - pad, area.centery) if app.rtl else (area.x + pad, area.centery)
        name_rect = widgets.draw_text(
            image,
            app.text,
            name,
            small,
            theme.colour("text_dim"),
            start,
            "midright" if app.rtl else "midleft",
            max_width=area.w // 4,
        )
        widgets.draw_text(
            image,
            app.text,
            t("attract.press_any"),
            size,
            theme.colour("accent"),
            area.center,
            "center",
            bold=True,
            max_width=area.w - 2 * (name_rect.w + 2 * pad),
        )
        return image, box.topleft
