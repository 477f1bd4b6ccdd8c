"""The app: services, the screen stack and the loop (handle input -> update -> draw only on change).

:class:`App` ties a profile, the display, the input pipeline and the services (settings, saves,
sound, text) to a :class:`~app.screen.ScreenStack`. :meth:`App.step` is one turn of the loop and
is what tests, screenshots and benchmarks drive with a fake clock (:class:`Headless`);
:meth:`App.run` is the real loop, which sleeps while nothing animates and no button is held, so
an idle box costs next to no CPU.
"""

from __future__ import annotations

import logging
import select
import time
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from app import i18n, widgets
from app.appliance import Notifier
from app.descriptor import resolve
from app.display import Display
from app.keys import parse_keys
from app.profiles import Profile, available_profiles, load_profile
from app.saves import HighScores, SaveStore
from app.screen import Screen, ScreenStack, Shell
from app.storage import Storage
from app.storage import data_dir as resolve_data_dir
from app.text import TextRenderer
from app.theme import Theme
from app.widgets import MOTION_S
from app.work import WorkService, run_in_process
from engines.runtime import set_build_runner
from remote.buttons import Button, ButtonEvent
from remote.keyboard import button_for_key
from remote.pipeline import InputPipeline

if TYPE_CHECKING:
    from app.settings import Settings
    from remote.sources import EventSource

# Imports sit at the top: nothing in app/ below the screens imports a screen, so no cycle forces them
# into functions. The few left inside functions are there for start-up speed (numpy and the sound
# synthesis, evdev, an engine's tables) or name a family's module the catalog resolves.

log = logging.getLogger(__name__)

IDLE_WAKE_S = 1.0
"""Longest sleep of an idle loop: the tickers (attract loop, burn-in, TV standby, the remote's
rescan) count in seconds or minutes, so one turn a second is all they need; input wakes it sooner."""
TIMER_TICK_S = 0.05
"""How often the loop turns for a timer over a still picture (a computer's pause, a banner's
count-down, a decision being worked out): no one sees a pause end 50 ms late, and a turn that
draws nothing still costs about 0.1 ms, 60 times a second."""
FRAME_SLACK_S = 0.001
"""A loop turn this much early for the next refresh still draws the animation's next frame
(timers and select may wake a little before the exact instant)."""
TOAST_SECONDS = 5.0
REFUSED_FLASH_S = 0.6
"""How long the help-bar chip of a refused key shows red."""
TRANSITION_S = 0.14
"""A change of screen made by a key cross-fades from the old picture for this long (at most 200 ms:
the issue's limit; shorter than the gap between two scripted presses). Only the picture moves: the
new screen has every key from the first frame."""
INPUT_POLL_FRACTION = 0.5
"""Where keys come through a desktop window, the sleeping loop peeks at the window's queue every
half frame (a peek, not a loop turn), so a press is on screen within about half a frame plus the
drawing after it."""


class App:
    """One running box. Screens reach everything through ``screen.app``."""

    INSTALLED: dict[str, str] = {
        "shell": "app.screens.shell:ShellScreens",
        "remotes": "app.screens.remote_setup:Remotes",
    }
    """The box's own screens and services installed by name (``module:attribute``), the way a
    family's tiles name their start: the core never imports a screen, so it sits below them. A
    subclass or a test may install others; ``shell=`` given to the constructor wins."""

    def __init__(
        self,
        profile: Profile,
        *,
        display_mode: str = "window",
        lang: str | None = None,
        data_dir: str | Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        seed: int | None = None,
        sources: Sequence[EventSource] = (),
        sound: bool | None = None,
        shell: Shell | None = None,
        storage: Storage | None = None,
        settings: Settings | None = None,
    ) -> None:
        """``storage`` and ``settings``, if given, are already loaded (see :func:`app.boot.prepare`)."""
        # Settings read the families' descriptors (their own settings): only a running app loads them.
        from app.settings import FILE_NAME as SETTINGS_FILE
        from app.settings import Settings

        # Long engine builds (the optimal tables) run in a child process, never on this interpreter.
        set_build_runner(run_in_process)
        self.work = WorkService()  # the screens' background work
        self.clock = clock
        self.profile = profile
        self._shell = shell
        self.storage = storage or Storage(resolve_data_dir(data_dir))
        self.settings = settings or Settings.load(self.storage, available_profiles())
        self.saves = SaveStore(self.storage)
        self.high_scores = HighScores(self.storage)
        # A box that has never been set up speaks its profile's language.
        first_start = not self.storage.exists(SETTINGS_FILE)
        self.lang = lang or (profile.default_language if first_start else self.settings.language)
        self.settings.language = self.lang  # what the settings screen shows (saved only on a change)
        if first_start and profile.name in available_profiles():  # and the profile it runs
            self.settings.profile = profile.name
        i18n.set_language(self.lang)
        # Only what the picture needs, and the display first: a display already initialised
        # (pygame.init() would do it) could not be told which video driver to use any more.
        self.display = Display(profile, display_mode)
        pygame.font.init()
        self.theme = Theme.from_profile(profile)
        # Letters, like dice, look their true shape on a TV whose pixels are not square.
        self.text = TextRenderer(
            x_scale=1 / profile.pixel_aspect,
            min_px=self.theme.min_text_px,
            min_main_px=self.theme.min_number_px,
        )
        if self.text.font_fallback:
            self.storage.notice("notice.font_fallback")
        self._sound_wanted = self.settings.sound if sound is None else sound and self.settings.sound
        self._sound = None
        self.pipeline = InputPipeline(profile.input, profile.remotes, sources)
        self.seed = seed
        self._rng = None
        self.stack = ScreenStack()
        self.running = False
        self.frames = 0
        self._dirty = True
        self._last_update = clock()
        self._wake_at: float | None = None
        self._last_frame_at = float("-inf")
        """When the last frame was drawn (on the app clock): the next animation frame is due one
        refresh interval later."""
        self._toast: tuple[str, float] | None = None
        self._refused: tuple[str, float] | None = None
        self._under: tuple[tuple, pygame.Surface, list] | None = None
        self._transition: tuple[pygame.Surface, pygame.Surface, float] | None = None
        """While a change of screen fades: the old picture, the new one, and when the fade began."""
        self._fade_drawn = False
        self._transition_wanted = False
        self._handling = 0
        self._motion_until = 0.0
        self.focus_memory: dict[Hashable, tuple] = {}
        """Where each cursor was and when it moved (see :func:`app.widgets.focus_slide`)."""
        self.last_input = clock()
        self.input_filters: list[Callable[[ButtonEvent], bool]] = []
        """Called with each button event before the screens; True swallows it (kiosk, attract loop)."""
        self.tickers: list[Callable[[float], None]] = []
        """Called with the time at every turn of the loop (idle timers, burn-in, TV standby)."""
        self.overlays: list[Callable[[pygame.Surface], None]] = []
        """Drawn over everything at every frame drawn (the attract loop's banner, burn-in dimming)."""
        self.notifier = Notifier()
        self.guides = True
        """Offer a game's guided first turn (:mod:`app.screens.guide`). A headless app does not,
        unless asked: a scripted test then plays the game its presses describe."""
        self.demo_running = False
        """A demo game of the attract loop is on the stack: nothing is saved (:mod:`app.attract`)."""
        self.kiosk: Any = None
        """Kiosk mode (:class:`app.kiosk.Kiosk`), set by ``tvgames run``; None: everything allowed."""
        self.remotes = self.installed("remotes")(self)
        """The remotes set up on the TV, the set-up offer and the stand-in notices."""
        self.phones: Any = None
        """The phones' server (:class:`app.phones.service.PhoneService`) while it runs."""
        self.take_storage_messages()

    # -- services ------------------------------------------------------------------------------------
    # Sound (numpy synthesis, the mixer) and the random generator (numpy) are made on first use,
    # which the real loop arranges right after the first frame, so the home screen comes up sooner.
    @property
    def sound(self):
        """The :class:`app.sound.Sound` of this box."""
        if self._sound is None:
            from app.sound import Sound

            self._sound = Sound(enabled=self._sound_wanted, volume=self.settings.volume)
        return self._sound

    def reseed(self, seed: int | None) -> None:
        """Start the app's generator again from ``seed`` (a scripted scene, a guided first turn)."""
        self.seed = seed
        self._rng = None

    @property
    def rng(self):
        """The app's ``numpy.random.Generator`` (seeded with ``seed`` if one was given)."""
        if self._rng is None:
            import numpy as np

            self._rng = np.random.default_rng(self.seed)
        return self._rng

    @property
    def shell(self) -> Shell:
        """The shell's screens (home, menu, help, settings) the global keys open.

        Given to the constructor, or else the one installed as ``shell`` (:mod:`app.screens.shell`),
        looked up on first use: the app imports no screen.
        """
        if self._shell is None:
            self._shell = self.installed("shell")()
        return self._shell

    def installed(self, name: str) -> Any:
        """What is installed under ``name`` in :attr:`INSTALLED` (imported on first use)."""
        return resolve(self.INSTALLED[name])

    @property
    def rtl(self) -> bool:
        return i18n.is_rtl(self.lang)

    @property
    def top(self) -> Screen | None:
        return self.stack.top

    def allows(self, what: str) -> bool:
        """May ``what`` ("settings", "quit", "delete_save", "discard_game") be offered? Not in kiosk mode."""
        return self.kiosk is None or self.kiosk.allows(what)

    def refresh(self) -> None:
        """Redraw at the next frame."""
        self._dirty = True

    def wake_at(self, when: float) -> None:
        """A ticker has something due at ``when`` (app clock): the sleeping loop turns by then."""
        if self._wake_at is None or when < self._wake_at:
            self._wake_at = when

    def motion(self, seconds: float = MOTION_S) -> None:
        """Something small moves for ``seconds`` (a focus sliding): draw every frame until then."""
        self._motion_until = max(self._motion_until, self.clock() + seconds)
        self._dirty = True

    @property
    def fading(self) -> bool:
        """A cross-fade between two whole screens is under way."""
        return self._transition is not None

    @property
    def moving(self) -> bool:
        """A screen transition or a small motion is under way (frames are drawn until it ends)."""
        return self._transition is not None or self.clock() < self._motion_until

    def start_fade(self) -> None:
        """Cross-fade from the picture on the screen to the one the next frame draws (what a key
        that changes the whole screen does; ``tvgames bench`` times the frames of one)."""
        self._transition_wanted = True
        self.refresh()

    def _changed_screen(self, screen: Screen) -> None:
        """A screen came or went: a key did it (not a test's or a scene's direct push), and it is
        a whole screen, not a modal over one: fade to the new picture."""
        if not screen.modal:
            self.focus_memory.clear()  # a list of the new screen starts at rest
            if self._handling:
                self.start_fade()

    def toast(self, message: str, seconds: float = TOAST_SECONDS) -> None:
        """Show one line of text above the help bar for a few seconds."""
        self._toast = (message, self.clock() + seconds)
        log.info("toast: %s", message)
        self.refresh()

    def refuse(self, button) -> None:
        """A key that does nothing now was pressed: the error sound, and its help-bar chip flashes
        red for :data:`REFUSED_FLASH_S`, so a muted TV answers too."""
        self.sound.play("error")
        self._refused = (widgets.key_name(button), self.clock() + REFUSED_FLASH_S)
        self.refresh()

    @property
    def refused_key(self) -> str | None:
        """The printed name of the key just refused (its chip is flashing), else None."""
        return self._refused[0] if self._refused else None

    @property
    def toast_message(self) -> str | None:
        return self._toast[0] if self._toast else None

    def take_storage_messages(self) -> None:
        """Say what the storage had to do (a damaged file moved aside, a full disk) in a toast."""
        new = self.storage.take_messages()
        if new:
            self.toast(new[-1] if len(new) == 1 else "  |  ".join(new), TOAST_SECONDS * 2)

    def save_settings(self) -> None:
        """Write the settings now and apply sound changes."""
        self.sound.set_enabled(self.settings.sound)
        self.sound.set_volume(self.settings.volume)
        try:
            self.settings.save(self.storage)
        except OSError as exc:  # a full or read-only card: keep running with the settings in memory
            self.toast(i18n.t("settings.save_failed", error=str(exc)))
        self.take_storage_messages()

    def set_language(self, lang: str) -> None:
        """Switch the whole shell (text and layout direction) to ``lang``."""
        self.lang = lang
        i18n.set_language(lang)
        for screen in self.stack:
            screen.on_layout()
            screen.refresh()

    # -- stack ---------------------------------------------------------------------------------------
    def push(self, screen: Screen, callback: Callable[[Any], None] | None = None) -> None:
        """Put ``screen`` on top; ``callback(result)`` runs when it is popped."""
        screen.app = self
        self.stack.push(screen, callback)
        self._changed_screen(screen)
        screen.on_enter()
        screen.refresh()

    def pop(self, screen: Screen | None = None, result: Any = None) -> None:
        """Remove ``screen`` (default: the top one); its callback gets ``result``."""
        entry = self.stack.pop(screen)
        entry.screen.on_leave()
        self._changed_screen(entry.screen)
        top = self.stack.top
        if top is not None:
            self._last_update = self.clock()
            top.on_resume()
        if entry.callback is not None:
            entry.callback(result)
        self.refresh()

    def replace(self, screen: Screen) -> None:
        """Swap the top screen for ``screen`` (no callback runs)."""
        entry = self.stack.pop()
        entry.screen.on_leave()
        self.push(screen, entry.callback)

    def go_home(self) -> None:
        """Pop every screen above the bottom one (the home screen); callbacks get None."""
        while len(self.stack) > 1:
            self.pop()

    # -- the loop ------------------------------------------------------------------------------------
    def dispatch(self, event: ButtonEvent) -> bool:
        """Give a button event to the top screen; True if a binding took it."""
        top = self.stack.top
        if top is None:
            return False
        self._handling += 1
        try:
            return top.handle(event)
        finally:
            self._handling -= 1

    @property
    def animating(self) -> bool:
        return self.moving or any(s.animating for s in self.stack.visible())

    @property
    def ticking(self) -> bool:
        """Something needs ``update`` every frame: an animation, or a timer with a still picture."""
        return self.moving or any(s.animating or s.ticking for s in self.stack.visible())

    def step(self, now: float | None = None) -> bool:
        """One turn of the loop: input, update, draw if anything changed. True if a frame was drawn."""
        now = self.clock() if now is None else now
        for event in self.pipeline.poll(now):
            self.last_input = now
            if not any(swallow(event) for swallow in self.input_filters):
                self.dispatch(event)
        if self._wake_at is not None and now >= self._wake_at:
            self._wake_at = None  # a ticker that still waits asks again
        for tick in self.tickers:
            tick(now)
        # Animations draw once a refresh interval: a turn woken sooner (a key) draws what the key
        # changed, never an extra animation frame (time moves on for them all the same).
        frame_due = now >= self._last_frame_at + 1.0 / self.profile.refresh_hz - FRAME_SLACK_S
        dt = max(0.0, now - self._last_update)
        self._last_update = now
        for screen in self.stack.visible():
            if screen.animating:
                screen.update(dt)
                if frame_due:
                    screen.refresh()
            elif screen.ticking:
                screen.update(dt)  # a timer: the screen refreshes itself if what it shows changes
        if self._toast is not None and now >= self._toast[1]:
            self._toast = None
            self.refresh()
        if self._refused is not None and now >= self._refused[1]:
            self._refused = None
            self.refresh()
        if self._transition_wanted or (frame_due and now < self._motion_until):
            self.refresh()
        if self.storage.messages:  # a file moved aside while a screen read it: say so on the TV
            self.take_storage_messages()
        # a fade shows a new mix every frame, but draws the screens again only if they changed
        if (self._dirty or (frame_due and self._transition is not None)) and self.stack:
            self._last_frame_at = now
            self.draw()
            self.display.present()
            return True
        return False

    def draw(self) -> None:
        """Draw the visible screens, the toast line, and mark everything clean."""
        surface = self.display.framebuffer
        if self._transition_wanted:
            self._transition_wanted = False
            if self.frames:  # the framebuffer still holds the last picture: fade from it
                self._begin_fade(surface)
        if self._transition is not None and self._transition[0].get_size() != surface.get_size():
            self._transition = None  # the profile changed under the fade: show the new picture
        if self._transition is None:
            self._draw_screens(surface)
        else:
            self._fade(surface)
        self._dirty = False
        self.frames += 1

    def _draw_screens(self, surface: pygame.Surface) -> None:
        """Everything the screens show (and the toast and overlays) into ``surface``."""
        self.text.begin_frame()
        visible = self.stack.visible()
        *below, top = visible
        if below:
            # A modal over unchanged screens: reuse the picture beneath it (dimmed) from the last frame.
            key = (tuple(id(s) for s in below), surface.get_size(), self.lang)
            stale = any(s.dirty or s.animating for s in below)
            if self._under is None or self._under[0] != key or stale:
                with self.text.capture() as runs:
                    for screen in below:
                        screen.draw(surface)
                        screen.drawn()
                if top.modal and getattr(top, "dim_below", True):
                    widgets.dim(surface, self.theme)
                self._under = (key, surface.copy(), runs)
            else:
                surface.blit(self._under[1], (0, 0))
            self.text.replay(self._under[2], covered=top.modal)
        else:
            self._under = None
        top.draw(surface)
        top.drawn()
        if self._toast is not None:
            widgets.toast_line(surface, self, self._toast[0])
        for overlay in self.overlays:
            overlay(surface)

    def _begin_fade(self, surface: pygame.Surface) -> None:
        """Keep the picture on the screen to fade from. The old picture has per-pixel alpha (all
        opaque) because pygame blends that with a surface alpha about twice as fast as a plain
        surface; the new one has the framebuffer's own format, so showing it is a plain copy."""
        # Made for each fade and let go when it ends: two framebuffer-sized pictures (7 MB at 720
        # lines) are worth more to a small box between fades than one allocation per fade.
        old = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        new = pygame.Surface(surface.get_size(), 0, surface)
        old.blit(surface, (0, 0))  # a copy that makes every pixel opaque
        self._transition = (old, new, self.clock())
        self._fade_drawn = False

    def _fade(self, surface: pygame.Surface) -> None:
        """The old picture over the new one, fading out (eased: quick at first, gentle at the end).

        The new screen is drawn once into its own picture and again only when it changes (a key
        pressed during the fade); the frames between only mix the two. A screen that moves all
        the while (dice shaking) is drawn straight into the framebuffer each frame instead."""
        old, new, start = self._transition
        redraw = self._dirty or not self._fade_drawn
        done = (self.clock() - start) / TRANSITION_S
        alpha = round(255 * (1.0 - done) ** 2) if done < 1.0 else 0
        if alpha >= 255:  # the first frame is still all old picture, which the framebuffer holds
            self._draw_screens(new)
            self._fade_drawn = True
            return
        if not redraw:
            surface.blit(new, (0, 0))
        else:
            self._draw_screens(surface)
            # kept for the frames that only mix, unless it will be drawn again at the next one anyway
            self._fade_drawn = not any(s.animating for s in self.stack.visible())
            if self._fade_drawn and alpha:
                new.blit(surface, (0, 0))
        if not alpha:
            self._transition = None
            return
        old.set_alpha(alpha)
        surface.blit(old, (0, 0))

    def next_wake(self, now: float, ticking: bool | None = None) -> float:
        """How long the real loop may sleep before the next thing is due: the next frame while
        something moves or a timer runs, else the next toast, refused-key flash or held key's
        repeat, and at most :data:`IDLE_WAKE_S` (the tickers' heartbeat)."""
        if self.ticking if ticking is None else ticking:
            return 1.0 / self.profile.refresh_hz
        wake = IDLE_WAKE_S
        deadline = self.pipeline.next_deadline()
        if deadline is not None:
            wake = min(wake, max(0.0, deadline - now))
        for due in (self._toast and self._toast[1], self._refused and self._refused[1], self._wake_at):
            if due is not None:
                wake = min(wake, max(0.0, due - now))
        return wake

    def handle_pygame_event(self, event: pygame.event.Event, now: float) -> None:
        if event.type == pygame.QUIT:
            self.running = not self.allows("quit")
        elif event.type in (pygame.KEYDOWN, pygame.KEYUP):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
                self.running = not self.allows("quit")
                return
            button = button_for_key(event.key)
            if button is not None:
                self.pipeline.push_key(button, event.type == pygame.KEYDOWN, now)
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.display.resized()
            self.refresh()
        elif event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self.refresh()

    def run(
        self,
        until: float | None = None,
        on_first_frame: Callable[[], None] | None = None,
        late_sources: Callable[[], Sequence[EventSource]] | None = None,
    ) -> None:
        """The real loop, until the window closes (or ``until`` on the app clock, for benchmarks).

        After the first frame: ``on_first_frame()`` runs, the input sources from ``late_sources()``
        are added (opening /dev/input costs time the home screen need not wait for) and the
        sound is made ready."""
        pygame.key.set_repeat(0)  # the input pipeline makes its own repeats, alike for every source
        self.running = True
        period = 1.0 / self.profile.refresh_hz
        next_frame = self.clock()
        first = True
        try:
            while self.running and self.stack:
                now = self.clock()
                for event in pygame.event.get():
                    self.handle_pygame_event(event, now)
                drew = self.step(now)
                self.notifier.ping()
                if drew and first:
                    first = False
                    self.notifier.ready()
                    if on_first_frame is not None:
                        on_first_frame()
                    if late_sources is not None:
                        for source in late_sources():
                            self.pipeline.add_source(source)
                    _ = self.sound
                if until is not None and now >= until:
                    break
                now = self.clock()
                if self.animating:  # asked once a turn: every screen answers it
                    # frames on a steady beat; a turn woken early by a key keeps the beat
                    if next_frame <= now:
                        next_frame = max(next_frame + period, now)
                    wait = next_frame - now
                else:
                    wait = self.next_wake(now, ticking=False)
                    if any(s.ticking for s in self.stack.visible()):
                        wait = min(wait, max(period, TIMER_TICK_S))
                if until is not None:
                    wait = min(wait, max(0.0, until - now))
                self.sleep(wait)
        finally:
            self.running = False

    def sleep(self, seconds: float) -> None:
        """Sleep until the next thing is due, waking at once for input.

        Input sources that offer ``wait_fds()`` (file descriptors that become readable on input,
        such as evdev remotes) are waited on with select, so a remote press wakes the loop at
        once. Where a desktop window brings the keys, its queue is peeked at every half frame
        in between (pygame's ``event.wait(timeout)`` polls every millisecond instead: several %
        of a core). The dummy and offscreen drivers bring no keys: they sleep as the box does.
        """
        if seconds <= 0:
            return
        fds = self.wait_fds()
        if not self.display.window_reads_keys:
            self._wait_input(fds, seconds)
            return
        end = time.monotonic() + seconds
        step = INPUT_POLL_FRACTION / self.profile.refresh_hz
        while True:
            left = end - time.monotonic()
            if left <= 0 or self._wait_input(fds, min(step, left)) or pygame.event.peek():
                return

    @staticmethod
    def _wait_input(fds: list[int], seconds: float) -> bool:
        """Wait up to ``seconds`` for one of ``fds`` to be readable; True if one is."""
        if fds:
            try:
                return bool(select.select(fds, [], [], seconds)[0])
            except (OSError, ValueError):  # a device went away mid-wait: its source will tell
                return True
        time.sleep(seconds)
        return False

    def wait_fds(self) -> list[int]:
        """The file descriptors the loop's sleep wakes on: every input source's that offers them."""
        fds: list[int] = []
        for source in self.pipeline.sources:
            wait_fds = getattr(source, "wait_fds", None)
            if wait_fds is not None:
                fds.extend(wait_fds())
        return fds

    def close(self) -> None:
        while self.stack:
            self.pop()
        self.work.cancel_all()
        if self._sound is not None and hasattr(self._sound, "close"):
            self._sound.close()
        self.pipeline.close()
        self.display.close()


# -- headless driving: tests, screenshots, benchmarks ----------------------------------------------


class FakeClock:
    """A clock that only moves when told to."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Headless:
    """An offscreen app on a fake clock, driven by scripted presses (tests, screenshots, bench).

    With no ``home``, the home screen is pushed; pass ``home=False`` to start with an empty stack.
    ``guides=True`` lets a first game offer its guided first turn (off: presses reach the game).
    """

    GAP_MS = 150
    """Time between scripted presses: longer than the IR de-duplication window."""

    settle_workers = False
    """Wait for the screens' background work (a computer's decision) before fake time moves on.

    The test suite turns it on: a scripted game then plays the same on a busy machine as on an
    idle one. Off, a slow worker costs fake time exactly as it costs real time on the box."""

    def __init__(
        self,
        profile: str | Profile = "hd-720",
        lang: str | None = "en",
        data_dir: str | Path | None = None,
        seed: int = 0,
        home: bool = True,
        shell: Shell | None = None,
        guides: bool = False,
    ) -> None:
        self.clock = FakeClock()
        self._kept: list[Any] = []
        prof = load_profile(profile) if isinstance(profile, (str, Path)) else profile
        self.app = App(
            prof,
            display_mode="offscreen",
            lang=lang,
            data_dir=data_dir,
            clock=self.clock,
            seed=seed,
            sound=False,
            shell=shell,
        )
        self.app.running = True
        self.app.guides = guides
        if home:
            self.app.push(self.app.shell.home())
        self.app.step()

    @property
    def top(self) -> Screen | None:
        return self.app.stack.top

    @property
    def frame_s(self) -> float:
        return 1.0 / self.app.profile.refresh_hz

    def advance(self, ms: float) -> None:
        """Let ``ms`` pass on the fake clock, one frame at a time (repeats and animations run)."""
        end = self.clock.now + ms / 1000.0
        while self.clock.now + 1e-9 < end:
            if self.settle_workers:
                for screen in self.app.stack:
                    settle = getattr(screen, "settle", None)
                    if settle is not None:
                        settle()
            self.clock.advance(min(self.frame_s, end - self.clock.now))
            self.app.step()

    def press(self, button: Button, hold_ms: int = 0) -> None:
        """Press ``button``, hold it ``hold_ms`` (fake time), release it, then leave a short gap."""
        self.app.pipeline.push_key(button, True, self.clock.now, source="script")
        self.app.step()
        self.advance(hold_ms)
        self.app.pipeline.push_key(button, False, self.clock.now, source="script")
        self.app.step()
        self.advance(self.GAP_MS)

    def keys(self, script: str) -> None:
        """Play a press script (see :func:`parse_keys`)."""
        for button, ms in parse_keys(script):
            if button is None:
                self.advance(ms)
            else:
                self.press(button, ms)

    def settle(self, max_ms: int = 5000) -> None:
        """Run frames until nothing animates and no banner shows (at most ``max_ms``)."""
        waited = 0.0
        while (self.app.animating or any(s.passing for s in self.app.stack.visible())) and waited < max_ms:
            self.advance(self.frame_s * 1000)
            waited += self.frame_s * 1000

    def render(self) -> pygame.Surface:
        """The framebuffer after drawing everything (forced)."""
        self.app.refresh()
        self.app.step()
        return self.app.display.framebuffer

    def keep(self, resource: Any) -> None:
        """Hold ``resource`` (a scene's temporary data directory) as long as this app lives."""
        self._kept.append(resource)

    def close(self) -> None:
        self.app.close()
