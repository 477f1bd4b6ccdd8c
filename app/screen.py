"""Screens, bindings, focus and the screen stack: the framework every screen of the box is built on.

How to write a game screen
==========================

A screen is a subclass of :class:`Screen`. The app keeps a stack of them; the top one gets the
buttons and is drawn (modal screens also draw the screen below them first).

Bindings (stage 2 of the input: buttons -> actions) are data::

    from app.screen import Binding, Screen
    from remote.buttons import Button, Press

    class YahtzeeScreen(Screen):
        BINDINGS = (
            Binding(Button.DIGIT_2, "shake", "yahtzee.key.roll"),                     # on press
            Binding(Button.DIGIT_2, "roll", "", kind=Press.RELEASE, show=False),     # on release
            Binding(Button.DIGIT_3, "end_turn", "yahtzee.key.end_turn"),
            Binding(Button.LEFT, "focus", "key.move", args=(-1,), repeat=True),
            Binding(Button.RIGHT, "focus", "", args=(1,), repeat=True, show=False),
        )

        def action_shake(self) -> None: ...
        def action_roll(self) -> None: ...
        def action_focus(self, step: int) -> None: ...

        def check_action(self, action: str, args: tuple) -> bool:
            return action != "end_turn" or self.state.can_end_turn()

- ``Binding(button, action, label, show=True, kind=Press.PRESS, repeat=False, args=())``: the
  ``label`` is an i18n key (``app.i18n.t``) shown in the help bar and the INFO overlay; ``show=False``
  hides it from both. ``kind`` picks PRESS or RELEASE; ``repeat=True`` also fires on the pipeline's
  auto-repeats while the button is held (arrows in lists). A binding fires ``action_<action>(*args)``.
- Press AND release (hold 2 to shake, release to roll): bind the same button twice, once with
  ``kind=Press.PRESS`` and once with ``kind=Press.RELEASE``. The release arrives from IR, CEC and
  keyboard alike (the input pipeline synthesises it where a remote sends none). The event being
  handled is in ``self.event`` (a :class:`remote.buttons.ButtonEvent`; ``self.event.long_press`` is
  True once the button has been held for the profile's long-press time).
- ``check_action(action, args) -> bool``: return False for what is not possible now. Such an
  action is greyed out in the help bar and the INFO overlay, and a press does nothing but play the
  "error" sound. The app asks it at every draw, so keep it cheap.
- Global fallbacks (:data:`GLOBAL_BINDINGS`), used when the top screen does not bind a button:
  BACK -> ``action_back`` (pop this screen), MENU -> ``action_menu`` (the menu modal; add your own
  entries with :meth:`Screen.menu_items` and handle them in :meth:`Screen.on_menu`), INFO ->
  ``action_help`` (the help overlay listing the keys this screen takes). Override them like any action.

Drawing, animation and redraw-on-change
---------------------------------------

- ``draw(surface)`` draws the whole screen into the framebuffer (a modal draws only itself: the
  app has already drawn the screens below it, dimmed) (``surface`` is the profile's size;
  ``self.theme`` gives safe colours, sizes and the safe area ``self.theme.safe``). It is only called
  after something called ``self.refresh()``: call it whenever what is shown changes. Input handled
  through a binding refreshes automatically.
- ``animating`` (property): return True while something moves (dice tumbling, a slide). While any
  screen animates, the app calls ``update(dt)`` (dt in seconds) and redraws at the profile's refresh
  rate; otherwise the loop sleeps and costs no CPU. ``update`` is also called with the time since
  the last update when the screen becomes active again.
- Right-to-left: ``self.rtl`` is True in Persian. Lay out left-to-right and pass rectangles through
  ``self.theme.mirror(rect, self.rtl)``; use :func:`focus_step` for arrows, which mirrors left/right.

Widgets (app/widgets.py)
------------------------

``widgets.draw_text(surface, app.text, text, size, colour, pos, anchor="topleft")`` draws a string
(Persian shaped and reordered by app.text; digits localised by ``app.i18n``), ``widgets.panel``,
``widgets.draw_die(surface, rect, face, colour, held, pixel_aspect)`` draws a die that looks square on
every TV (face 1-6 = pips, any string = a label such as "Freeze"; ``widgets.draw_die_themed(surface,
app, rect, face, held)`` does it in the theme's safe colours), ``widgets.help_bar`` draws this
screen's bindings, ``widgets.FocusList`` is the focus of a list (arrows, disabled items skipped,
wrap) and ``widgets.list_rows`` draws one, ``widgets.title`` / ``widgets.background`` the usual
frame, and ``app.toast(message)`` shows one line for a few seconds.

Modals with a typed result
--------------------------

::

    def action_new_game(self) -> None:
        self.app.push(ChoiceScreen[int]("yahtzee.players", [("1", 1), ("2", 2)]), self._players_chosen)

    def _players_chosen(self, players: int | None) -> None:  # None: dismissed with BACK
        ...

A modal is a ``ModalScreen[T]``; it hands back its result with ``self.dismiss(result)`` and the app
pops it and calls the callback with the result (BACK dismisses with None).

Services
--------

From a screen: ``self.app.settings`` (:class:`app.settings.Settings`; change a field then call
``self.app.save_settings()``), ``self.app.saves`` (:class:`app.saves.SaveStore`),
``self.app.high_scores`` (:class:`app.saves.HighScores`), ``self.app.sound.play("roll")``,
``self.app.text`` (the text renderer), ``self.app.rng`` (a ``numpy.random.Generator``; seed with
``--seed``), ``self.app.profile``, ``self.app.toast(msg)``, ``self.app.push / pop / replace``.
``app.i18n.t(key, **fmt)`` translates (your strings go in assets/i18n/<your-game>.yaml).

Registering a game and a screenshot scene
-----------------------------------------

- A game family is a package ``app/screens/<family>/`` whose ``__init__`` defines ``FAMILY``, an
  :class:`app.catalog.GameFamily`: its home tiles (``start="app.screens.yahtzee:start"``, a
  function ``start(app, entry)`` that pushes your screen, ``resume`` for saved games, the engines
  it plays and the tile art), its scene modules, its simulate and solve hooks and its own settings.
  One line in ``app.catalog.FAMILY_PACKAGES`` registers it. A tile without ``start`` shows
  "Coming soon" and cannot be entered.
- Screenshots, goldens and benchmarks: in a scene module listed in the descriptor, decorate
  builders with ``@scene("yahtzee-roll", "after one roll")``: ``def build(app): ...``
  pushes screens onto the app (a fixed seed: ``app.rng``), optionally with ``keys="2:hold=800"``.
  ``tests/golden`` then renders every scene at every profile in en and fa
  (``TVGAMES_UPDATE_GOLDEN=1`` writes the PNGs), and ``tvgames bench`` benches it.

Testing with scripted presses
-----------------------------

::

    from app.app import Headless

    def test_roll(tmp_path):
        h = Headless(profile="sd-pal", lang="en")
        h.app.push(YahtzeeScreen(...))
        h.keys("2:hold=800,3")        # press 2, hold 800 ms (fake clock), release; press and release 3
        h.press(Button.SELECT)        # one press + release
        assert h.top.state.rolls_left == 2
        h.render().get_at((10, 10))   # the framebuffer after drawing
        h.close()

Holds go through the real input pipeline, so repeats and long-press arrive as on the box.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from remote.buttons import Button, ButtonEvent, Press

if TYPE_CHECKING:
    import pygame

    from app.app import App
    from app.theme import Theme

T = TypeVar("T")


class Shell(Protocol):
    """The shell's own screens, which the global keys open (MENU, INFO, the menu's Settings).

    The framework only knows this interface; :class:`app.screens.shell.ShellScreens` is the box's
    implementation, handed to the :class:`~app.app.App` so that this module never imports a
    concrete screen.
    """

    def home(self) -> Screen:
        """The home screen, the bottom of the stack."""
        ...

    def menu(self, items: Sequence[tuple[str, str]]) -> ModalScreen[str]:
        """The MENU modal listing ``items`` (label key, value); hands back the chosen value."""
        ...

    def help(self, screen: Screen) -> Screen:
        """The INFO overlay: the keys ``screen`` takes now."""
        ...

    def settings(self) -> Screen:
        """The settings screen."""
        ...


@dataclass(frozen=True)
class Binding:
    """One line of a screen's keymap: ``button`` (on ``kind``) runs ``action_<action>(*args)``."""

    button: Button
    action: str
    label: str = ""
    show: bool = True
    kind: Press = Press.PRESS
    repeat: bool = False
    args: tuple[Any, ...] = ()

    def matches(self, event: ButtonEvent) -> bool:
        if event.button != self.button:
            return False
        if event.kind == self.kind:
            return True
        return self.repeat and self.kind == Press.PRESS and event.kind == Press.REPEAT


GLOBAL_BINDINGS: tuple[Binding, ...] = (
    Binding(Button.BACK, "back", "action.back"),
    Binding(Button.MENU, "menu", "action.menu"),
    Binding(Button.INFO, "help", "action.help"),
)
"""Used when the top screen does not bind the button itself."""


def find_binding(bindings: Sequence[Binding], event: ButtonEvent) -> Binding | None:
    """The first binding that matches ``event``, else None."""
    for binding in bindings:
        if binding.matches(event):
            return binding
    return None


# -- focus -----------------------------------------------------------------------------------------


def next_focus(enabled: Sequence[bool], current: int, step: int, wrap: bool = True) -> int:
    """The next enabled index from ``current`` moving by ``step`` (+1/-1); ``current`` if none.

    >>> next_focus([True, False, True], 0, 1)
    2
    >>> next_focus([True, True, True], 2, 1)
    0
    >>> next_focus([True, True, True], 2, 1, wrap=False)
    2
    """
    n = len(enabled)
    if n == 0 or step == 0:
        return current
    i = current
    for _ in range(n):
        i += step
        if not 0 <= i < n:
            if not wrap:
                return current
            i %= n
        if enabled[i]:
            return i
    return current


def first_focus(enabled: Sequence[bool], preferred: int = 0) -> int:
    """``preferred`` if enabled, else the next enabled index after it (0 if none is enabled)."""
    if not enabled:
        return 0
    preferred = min(max(preferred, 0), len(enabled) - 1)
    if enabled[preferred]:
        return preferred
    found = next_focus(enabled, preferred, 1)
    return found if enabled[found] else 0


def focus_step(button: Button, rtl: bool, vertical: bool = False) -> int:
    """How an arrow moves focus in a list laid out across (``vertical=False``) or down the screen.

    Across the screen, RIGHT means "next" left-to-right and "previous" right-to-left, because a
    right-to-left layout is mirrored. Buttons that do not move along that axis give 0.

    >>> focus_step(Button.RIGHT, rtl=False), focus_step(Button.RIGHT, rtl=True)
    (1, -1)
    >>> focus_step(Button.DOWN, rtl=True, vertical=True)
    1
    """
    if vertical:
        return {Button.DOWN: 1, Button.UP: -1}.get(button, 0)
    step = {Button.RIGHT: 1, Button.LEFT: -1}.get(button, 0)
    return -step if rtl else step


# -- screens ---------------------------------------------------------------------------------------


class Screen:
    """Base class of every screen. See the module docstring for the whole recipe."""

    BINDINGS: tuple[Binding, ...] = ()
    modal: bool = False
    """Modal screens are drawn over the screen below them and take all the buttons."""
    title_key: str = ""

    def __init__(self) -> None:
        self.app: App = None  # type: ignore[assignment]  # set by the stack on push
        self.event: ButtonEvent | None = None
        self._dirty = True

    # -- lifecycle ------------------------------------------------------------------------------------
    def on_enter(self) -> None:
        """Called once when pushed, after ``self.app`` is set."""

    def on_resume(self) -> None:
        """Called when the screen above it was popped."""

    def on_leave(self) -> None:
        """Called once when popped or replaced."""

    def on_layout(self) -> None:
        """Called when the profile (size) or language (direction) changed; recompute cached layout."""

    # -- services -----------------------------------------------------------------------------------
    @property
    def theme(self) -> Theme:
        return self.app.theme

    @property
    def rtl(self) -> bool:
        return self.app.rtl

    # -- drawing ------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Ask for a redraw at the next frame."""
        self._dirty = True
        if self.app is not None:
            self.app.refresh()

    @property
    def dirty(self) -> bool:
        """The screen has changed since the app last drew it."""
        return self._dirty

    def drawn(self) -> None:
        """The app drew this screen: it is clean until the next change."""
        self._dirty = False

    @property
    def animating(self) -> bool:
        """True while something moves: the app then calls ``update`` and redraws every frame."""
        return False

    @property
    def ticking(self) -> bool:
        """True while a timer runs but nothing moves on screen (a computer player's pause between
        two moves): the app calls ``update`` every frame but redraws only after ``refresh()``."""
        return False

    @property
    def passing(self) -> bool:
        """True while a still picture shows for a set time (a banner): a timer, not an animation,
        but what a scripted run (:meth:`app.app.Headless.settle`) waits for like one."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds (called while ``animating`` or
        ``ticking``, and on resume)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole screen. Modal screens draw only themselves (the app draws what is below)."""

    # -- input --------------------------------------------------------------------------------------
    def bindings(self) -> tuple[Binding, ...]:
        """The screen's bindings followed by the global fallbacks it does not override."""
        own = self.BINDINGS
        taken = {(b.button, b.kind) for b in own}
        return own + tuple(b for b in GLOBAL_BINDINGS if (b.button, b.kind) not in taken)

    def check_action(self, action: str, args: tuple[Any, ...]) -> bool:
        """False greys out ``action`` (help bar, INFO) and makes its button do nothing."""
        return True

    def handle(self, event: ButtonEvent) -> bool:
        """Run the binding for ``event``; True if one matched (even if it was disabled)."""
        binding = find_binding(self.bindings(), event)
        if binding is None:
            return False
        if not self.check_action(binding.action, binding.args):
            if event.kind != Press.RELEASE:
                self.app.refuse(binding.button)
            return True
        method = getattr(self, f"action_{binding.action}", None)
        if method is None:
            raise AttributeError(
                f"{type(self).__name__} binds {binding.action!r} but has no action_{binding.action}"
            )
        self.event = event
        try:
            method(*binding.args)
        finally:
            self.event = None
        self.refresh()
        return True

    # -- global actions ----------------------------------------------------------------------------------
    def action_back(self) -> None:
        if len(self.app.stack) > 1:
            self.app.pop()

    def action_menu(self) -> None:
        from app.screens.phones import menu_items as phone_items

        items = self.menu_items()
        place = len(items) - 1 if items and items[-1][1] == "help" else len(items)  # Help stays last
        items[place:place] = phone_items(self.app)
        self.app.push(self.app.shell.menu(items), self._menu_chosen)

    def action_help(self) -> None:
        self.app.push(self.app.shell.help(self))

    def menu_items(self) -> list[tuple[str, str]]:
        """Menu entries as (i18n label key, value); a game screen adds e.g. ("menu.save_and_quit", "save")."""
        items = [
            ("menu.continue", "close"),
            ("menu.quit", "home"),
            ("home.settings", "settings"),
            ("home.help", "help"),
        ]
        if self.app.stack and self.app.stack[0] is self:
            items = [i for i in items if i[1] != "home"]
        return [i for i in items if i[1] != "settings" or self.app.allows("settings")]

    def _menu_chosen(self, value: str | None) -> None:
        if value is None or value == "close":
            return
        if value == "phones":
            from app.screens.phones import PhonesScreen

            self.app.push(PhonesScreen())
            return
        if not self.on_menu(value):
            if value == "home":
                self.app.go_home()
            elif value == "settings":
                self.app.push(self.app.shell.settings())
            elif value == "help":
                self.action_help()

    def on_menu(self, value: str) -> bool:
        """Handle a menu entry of your own; return True if handled."""
        return False


class ModalScreen(Screen, Generic[T]):
    """A screen pushed over another that hands back a result of type ``T`` (None = dismissed).

    The app draws the screens below it first, dimmed unless ``dim_below`` is False, and keeps
    that picture while they do not change, so a modal only pays for drawing itself.
    """

    modal = True
    dim_below: bool = True

    def dismiss(self, result: T | None = None) -> None:
        """Pop this screen and give ``result`` to the callback it was pushed with."""
        self.app.pop(self, result)

    def action_back(self) -> None:
        self.dismiss(None)

    def action_menu(self) -> None:
        self.dismiss(None)


@dataclass
class StackEntry:
    screen: Screen
    callback: Callable[[Any], None] | None = field(default=None)


class ScreenStack:
    """The screens, bottom first. Pushing a modal keeps the one below visible beneath it."""

    def __init__(self) -> None:
        self.entries: list[StackEntry] = []

    def __len__(self) -> int:
        return len(self.entries)

    def __getitem__(self, index: int) -> Screen:
        return self.entries[index].screen

    def __iter__(self):
        return (e.screen for e in self.entries)

    @property
    def top(self) -> Screen | None:
        return self.entries[-1].screen if self.entries else None

    def push(self, screen: Screen, callback: Callable[[Any], None] | None = None) -> None:
        self.entries.append(StackEntry(screen, callback))

    def pop(self, screen: Screen | None = None) -> StackEntry:
        """Remove ``screen`` (default: the top one) and return its entry."""
        if not self.entries:
            raise IndexError("pop from an empty screen stack")
        if screen is None:
            return self.entries.pop()
        for i in range(len(self.entries) - 1, -1, -1):
            if self.entries[i].screen is screen:
                return self.entries.pop(i)
        raise ValueError(f"{type(screen).__name__} is not on the stack")

    def visible(self) -> list[Screen]:
        """The screens to draw, bottom first: the top screen and every modal run below it."""
        out: list[Screen] = []
        for entry in reversed(self.entries):
            out.append(entry.screen)
            if not entry.screen.modal:
                break
        return out[::-1]
