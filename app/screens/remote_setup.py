"""Set up your remote, on the TV: any remote in the drawer learns the box's buttons.

Hold any button of the remote to begin; the screen then asks for each function in turn (2, 3, 4,
5, OK, the arrows, BACK, MENU, INFO, the other digits) and shows what it heard. Holding a button
skips a function (OK cannot be skipped), a button already taken for another function is refused,
and at the end the list of what was learned lets any function be redone before it is saved. The
remote is heard raw (:mod:`remote.learn`): key names, or scancodes with their protocol where the
kernel has no keymap for it. Its button events are ignored here; a keyboard or another remote
works the screen as usual.

The learned maps, one per input device, are kept in ``remotes.json`` in the data dir (written
atomically; a damaged file is moved aside and the defaults used, with one line on the TV).
:class:`Remotes` loads them at start, offers this screen when a remote the box does not know is
pressed (in kiosk mode only the owner may: Settings is behind the PIN), and says once which keys
stand in for the ones a remote lacks.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

import pygame

from app import widgets
from app.i18n import t
from app.screen import Binding, Screen
from app.screens.menu import ChoiceScreen
from app.storage import StorageError
from app.widgets import FocusList
from remote.buttons import DIGITS, Button, ButtonEvent, Press
from remote.keymap import keymap_for_device
from remote.learn import Caught, LearnedMap, PressCatcher
from remote.pipeline import KEYBOARD_SOURCE

if TYPE_CHECKING:
    from app.app import App

FILE_NAME = "remotes.json"
SCHEMA_VERSION = 1
MAX_DEVICES = 16
FUNCTIONS: tuple[Button, ...] = (
    *DIGITS[2:6],
    Button.SELECT,
    Button.UP,
    Button.DOWN,
    Button.LEFT,
    Button.RIGHT,
    Button.BACK,
    Button.MENU,
    Button.INFO,
    *DIGITS[0:2],
    *DIGITS[6:10],
)
"""What the screen asks for, in order: the game keys first, so a remote with few buttons gives them."""
LOCAL_SOURCES = frozenset({KEYBOARD_SOURCE, "script"})
"""Button events not from a remote: the window's keyboard, and a test's or screenshot's script."""
MUST_HAVE = frozenset({Button.SELECT})
"""Cannot be skipped: the list of what was learned is worked with it."""
OFFER_PRESSES = 2
OFFER_WINDOW_S = 20.0
"""This many presses that map to nothing, this close together, from one remote: offer the set-up."""
_KEY_LABELS = {
    "KEY_CHANNELUP": "CH+",
    "KEY_CHANNELDOWN": "CH-",
    "KEY_VOLUMEUP": "VOL+",
    "KEY_VOLUMEDOWN": "VOL-",
    "KEY_NEXTSONG": ">>|",
    "KEY_NEXT": ">>|",
    "KEY_PREVIOUSSONG": "|<<",
    "KEY_PREVIOUS": "|<<",
    "KEY_FASTFORWARD": ">>",
    "KEY_FORWARD": ">>",
    "KEY_REWIND": "<<",
}


def heard_name(name: str) -> str:
    """A heard button as the screen shows it: ``KEY_CHANNELUP`` -> ``CH+``, ``nec:0x40bf12`` ->
    ``NEC 0x40bf12``.

    >>> heard_name("KEY_CHANNELUP"), heard_name("KEY_MUTE"), heard_name("nec:0x40bf12")
    ('CH+', 'MUTE', 'NEC 0x40bf12')
    """
    if ":" in name:
        protocol, code = name.split(":", 1)
        return f"{protocol.upper()} {code}"
    return _KEY_LABELS.get(name, name.removeprefix("KEY_").removeprefix("BTN_"))


# -- the learned maps in the data dir ---------------------------------------------------------------


def load_learned(storage: Any) -> dict[str, LearnedMap]:
    """The learned maps by device name; a damaged file is moved aside (one line on the TV)."""
    data = storage.read_json(FILE_NAME, SCHEMA_VERSION)
    if data is None:
        return {}
    devices = data.get("devices")
    try:
        if not isinstance(devices, dict) or len(devices) > MAX_DEVICES:
            raise ValueError(f"expected at most {MAX_DEVICES} devices")
        learned = {}
        for device, names in devices.items():
            if not isinstance(device, str) or not 0 < len(device) <= 200:
                raise ValueError("a device name is 1 to 200 characters")
            learned[device] = LearnedMap.from_json(names)
        return learned
    except ValueError:
        storage.move_aside(FILE_NAME, "notice.file_damaged")
        return {}


class Remotes:
    """The learned maps of a running box, the set-up offer and the stand-in notices."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.learned = load_learned(app.storage)
        for device in self.learned:
            self._apply(device)
        self._unmapped: dict[str, deque[float]] = {}
        self.offered: set[str] = set()
        app.tickers.append(self.tick)

    def _apply(self, device: str) -> None:
        learned = self.learned.get(device)
        base = keymap_for_device(self.app.profile.remotes, device)
        self.app.pipeline.set_learned(device, None if learned is None else learned.keymap(base, device))

    def _write(self) -> bool:
        data = {"devices": {device: m.to_json() for device, m in sorted(self.learned.items())}}
        try:
            self.app.storage.write_json(FILE_NAME, data, SCHEMA_VERSION)
        except StorageError as exc:
            self.app.toast(t("notice.write_failed", file=FILE_NAME, error=exc.strerror or "?"))
            return False
        return True

    def keep(self, device: str, learned: LearnedMap) -> bool:
        """Use ``learned`` for ``device`` from now on and write it down; False if it could not be."""
        self.learned[device] = learned
        self._apply(device)
        return self._write()

    def remove(self, device: str) -> bool:
        """Forget what was learned for ``device`` (its profile keymap reads it again)."""
        self.learned.pop(device, None)
        self._apply(device)
        return self._write()

    def tick(self, now: float) -> None:
        pipeline = self.app.pipeline
        if pipeline.notices:
            notices, pipeline.notices[:] = list(pipeline.notices), []
            for _, standing in notices:
                self.app.toast(stand_in_line(standing))
        if not pipeline.unmapped:
            return
        unmapped, pipeline.unmapped[:] = list(pipeline.unmapped), []
        for device, at in unmapped:
            recent = self._unmapped.setdefault(device, deque(maxlen=OFFER_PRESSES))
            recent.append(at)
            if len(recent) < OFFER_PRESSES or at - recent[0] > OFFER_WINDOW_S or device in self.offered:
                continue
            if any(isinstance(s, RemoteSetupScreen) for s in self.app.stack):
                continue
            self.offered.add(device)
            if self.app.allows("settings"):
                self.app.push(RemoteSetupScreen(offered=True))
            else:  # kiosk mode: only the owner sets up a remote (Settings, behind the PIN)
                self.app.toast(t("remote.offer_kiosk"))


def stand_in_line(standing: dict[Button, list[str]]) -> str:
    """One line for the TV: which keys stand in for the ones this remote lacks."""
    parts = []
    for pair in ((Button.UP, Button.DOWN), (Button.LEFT, Button.RIGHT)):
        if all(b in standing for b in pair):
            keys = " ".join(widgets.key_name(b) for b in pair)
            parts.append(f"{keys}: {'/'.join(heard_name(standing[b][0]) for b in pair)}")
    for button, codes in standing.items():
        if button in (Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT) and any(
            button in pair and all(b in standing for b in pair)
            for pair in ((Button.UP, Button.DOWN), (Button.LEFT, Button.RIGHT))
        ):
            continue
        use = t("remote.hold_back") if codes == ["BACK"] else heard_name(codes[0])
        parts.append(f"{widgets.key_name(button)}: {use}")
    return t("remote.stand_ins", keys="; ".join(parts))


# -- the screen -------------------------------------------------------------------------------------


class RemoteSetupScreen(Screen):
    """Hold to begin, each function in turn, then the list to redo any and save."""

    title_key = "remote.title"
    BINDINGS = (
        Binding(Button.UP, "move", "action.move", repeat=True, args=(-1,)),
        Binding(Button.DOWN, "move", "", repeat=True, args=(1,), show=False),
        Binding(Button.SELECT, "choose", "action.select"),
        # BACK acts when it comes up: holding it may be how someone begins (a short one leaves)
        Binding(Button.BACK, "wait", "", show=False),
        Binding(Button.BACK, "leave", "remote.key.leave", kind=Press.RELEASE),
    )

    def __init__(self, offered: bool = False) -> None:
        super().__init__()
        self.offered = offered
        self.phase = "start"
        self.device = ""
        self.index = 0
        self.only: Button | None = None
        """Redoing one function from the list: back to the list after it."""
        self.heard: dict[Button, str] = {}
        self.message = ""
        self.catcher = PressCatcher()
        self._fed = False
        self._leave_asked = False
        self.focus = FocusList([True] * (len(FUNCTIONS) + 1), 0, vertical=True, wrap=True)

    # -- raw input ------------------------------------------------------------------------------
    def on_enter(self) -> None:
        if self._tap not in self.app.pipeline.taps:
            self.app.pipeline.taps.append(self._tap)

    def on_leave(self) -> None:
        if self._tap in self.app.pipeline.taps:
            self.app.pipeline.taps.remove(self._tap)

    def _tap(self, raw: Any) -> None:
        if self.app.stack.top is not self or (self.device and raw.device != self.device):
            return  # under the menu or the help nothing is learned
        self.catcher.feed(raw)
        self._fed = True

    @property
    def ticking(self) -> bool:
        return self._fed or self.catcher.busy

    def update(self, dt: float) -> None:
        self._fed = False
        for caught in self.catcher.poll(self.app.clock()):
            self.caught(caught)
            self.refresh()

    def handle(self, event: ButtonEvent) -> bool:
        if self.device and event.source == self.device:
            return True  # the remote being learned is heard raw, never through its old map
        if not self.device and event.source not in LOCAL_SOURCES and event.button is not Button.BACK:
            return True  # any remote's button may be the one held to begin: only its BACK leaves
        return super().handle(event)

    @property
    def function(self) -> Button:
        return self.only or FUNCTIONS[self.index]

    def caught(self, caught: Caught) -> None:
        """A physical button of the remote was pressed (or held)."""
        if self.phase == "start":
            if caught.held:
                self.device, self.phase, self.message = caught.device, "learn", ""
                self.app.sound.play("select")
            return
        if self.phase == "learn":
            self._learn(caught)
        else:
            self._review(caught)

    def _learn(self, caught: Caught) -> None:
        function = self.function
        if caught.held:
            if function in MUST_HAVE:
                self.message = t("remote.cannot_skip", button=widgets.key_name(function))
                self.app.sound.play("error")
                return
            self.heard.pop(function, None)
            self._next()
            return
        taken = next((b for b, name in self.heard.items() if name == caught.name and b != function), None)
        if taken is not None:
            self.message = t("remote.taken", heard=heard_name(caught.name), button=widgets.key_name(taken))
            self.app.sound.play("error")
            return
        self.heard[function] = caught.name
        self.app.sound.play("move")
        self._next()

    def _next(self) -> None:
        self.message = ""
        if self.only is not None:
            self.only, self.phase = None, "review"
            return
        self.index += 1
        if self.index >= len(FUNCTIONS):
            self.phase = "review"
            self.focus.focus = 0

    def _review(self, caught: Caught) -> None:
        if caught.held:
            return
        button = next((b for b, name in self.heard.items() if name == caught.name), None)
        if button in (Button.UP, Button.DOWN):
            self.action_move(-1 if button is Button.UP else 1)
        elif button is Button.SELECT:
            self.action_choose()
        elif button is Button.BACK:
            self.action_leave()

    # -- actions (a keyboard or another remote; the learned remote in the list) ----------------------
    def check_action(self, action: str, args: tuple) -> bool:
        return action in ("leave", "wait") or self.phase == "review"

    def action_move(self, step: int) -> None:
        self.focus.move(Button.UP if step < 0 else Button.DOWN, False)
        self._leave_asked = False
        self.app.sound.play("move")

    def action_choose(self) -> None:
        self._leave_asked = False
        if self.focus.focus == 0:
            self._save()
            return
        self.only, self.phase = FUNCTIONS[self.focus.focus - 1], "learn"
        self.message = ""
        self.app.sound.play("select")

    def action_wait(self) -> None:
        """BACK went down: nothing yet (see the bindings)."""

    def action_leave(self) -> None:
        if self.event is not None and self.event.long_press:
            return  # the end of a hold that began the set-up
        if self.phase == "review" and self.heard and not self._leave_asked:
            # what was learned is lost on leaving: a reflex press asks first
            self._leave_asked = True
            self.message = t("remote.leave_again")
            self.app.sound.play("error")
            return
        self.app.toast(t("remote.not_saved") if self.phase != "start" else t("remote.later"))
        self.app.pop(self)

    def _save(self) -> None:
        learned = LearnedMap({name: button for button, name in self.heard.items()})
        ok = self.app.remotes.keep(self.device, learned)
        self.app.sound.play("select")
        if ok:
            self.app.toast(t("remote.saved"))
        self.app.pop(self)

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        safe = theme.safe
        widgets.background(surface, theme)
        widgets.title(surface, app, t("remote.title"))
        x = safe.right if self.rtl else safe.left
        anchor = widgets.start_anchor(self.rtl)
        y = safe.y + theme.font("title") + theme.px(30)
        body, small = theme.font("body"), theme.font("small")
        bottom = safe.bottom - widgets.help_bar_height(app, self)
        if self.phase == "review":
            self._draw_review(surface, y, bottom)
            widgets.help_bar(surface, app, self)
            return
        if self.phase == "start":
            lines = [t("remote.offered") if self.offered else t("remote.intro"), t("remote.hold_to_begin")]
            for line in lines:
                rect = widgets.draw_text(
                    surface, app.text, line, body, theme.colour("text"), (x, y), anchor, max_width=safe.w
                )
                y = rect.bottom + theme.px(16)
        else:
            step = t("remote.step", n=FUNCTIONS.index(self.function) + 1, of=len(FUNCTIONS))
            rect = widgets.draw_text(surface, app.text, step, small, theme.colour("text_dim"), (x, y), anchor)
            y = rect.bottom + theme.px(12)
            rect = widgets.draw_text(
                surface, app.text, t("remote.press_for"), body, theme.colour("text"), (x, y), anchor
            )
            y = rect.bottom + theme.px(12)
            rect = widgets.draw_text(
                surface,
                app.text,
                widgets.key_name(self.function),
                theme.font("title") * 2,
                theme.colour("accent"),
                (safe.centerx, y),
                "midtop",
                bold=True,
            )
            y = rect.bottom + theme.px(12)
            hint = t("remote.skip_hint") if self.function not in MUST_HAVE else t("remote.no_skip_hint")
            rect = widgets.draw_text(
                surface, app.text, hint, small, theme.colour("text_dim"), (x, y), anchor, max_width=safe.w
            )
            y = rect.bottom + theme.px(10)
            last = list(self.heard.items())[-1:]  # the last one: a line of all would not fit at 576
            heard = " ".join(f"{widgets.key_name(b)} = {heard_name(n)}" for b, n in last)
            if heard:
                line = t("remote.heard", heard=heard)
                rect = widgets.draw_text(
                    surface, app.text, line, small, theme.colour("text"), (x, y), anchor, max_width=safe.w
                )
                y = rect.bottom + theme.px(10)
        if self.message:
            widgets.draw_text(
                surface, app.text, self.message, body, theme.colour("error"), (x, y), anchor, max_width=safe.w
            )
        widgets.help_bar(surface, app, self)

    def _draw_review(self, surface: pygame.Surface, top: int, bottom: int) -> None:
        app, theme = self.app, self.theme
        message_h = app.text.line_height(theme.font("small")) + theme.px(12)
        rows = pygame.Rect(theme.safe.x, top, theme.safe.w, bottom - top - message_h)
        labels = [t("remote.save")] + [t("remote.function", button=widgets.key_name(b)) for b in FUNCTIONS]
        values = [""] + [
            heard_name(self.heard[b]) if b in self.heard else t("remote.skipped") for b in FUNCTIONS
        ]
        drawn = widgets.list_rows(surface, app, rows, labels, self.focus.focus, None, values)
        y = (drawn[-1].bottom if drawn else rows.y) + theme.px(8)
        x = theme.safe.right if self.rtl else theme.safe.left
        line = self.message or t("remote.review_hint")
        colour = theme.colour("error" if self.message else "text_dim")
        widgets.draw_text(
            surface,
            app.text,
            line,
            theme.font("small"),
            colour,
            (x, y),
            widgets.start_anchor(self.rtl),
            max_width=theme.safe.w,
        )


# -- Settings ---------------------------------------------------------------------------------------


def settings_value(app: App) -> str:
    """What the Settings row shows: how many remotes are set up."""
    n = len(app.remotes.learned)
    return t("remote.settings.value", n=n) if n else t("remote.settings.none")


def open_from_settings(app: App) -> None:
    """Set up a remote, or remove one that was set up (asked twice: it cannot be undone)."""
    items: list[tuple[str, str]] = [(t("remote.setup_new"), "")]
    items += [(t("remote.remove", device=device), device) for device in sorted(app.remotes.learned)]

    def chosen(device: str | None) -> None:
        if device is None:
            return
        if device == "":
            app.push(RemoteSetupScreen())
            return
        confirm = [(t("remote.remove_yes", device=device), True), (t("menu.continue"), False)]

        def confirmed(yes: bool | None) -> None:
            if yes and app.remotes.remove(device):
                app.toast(t("remote.removed", device=device))

        app.push(ChoiceScreen("remote.remove_title", confirm, focus=1, translate=False), confirmed)

    app.push(ChoiceScreen("remote.title", items, translate=False), chosen)
