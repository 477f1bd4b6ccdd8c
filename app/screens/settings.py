"""The settings screen: profile, language, difficulty, sound, volume, the named players, the guided
first turn, then each game's own settings.

UP/DOWN pick a row; LEFT/RIGHT (mirrored in Persian) or SELECT change its value; on Players they
open the list of named players (:mod:`app.screens.players`). Every change is saved at once through
:class:`app.settings.Settings`; language and sound apply at once, the display profile at the next
start (the row names the profile running now). The volume is drawn as a bar.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import pygame

from app import i18n, widgets
from app.catalog import GameSetting
from app.i18n import t
from app.profiles import available_profiles
from app.screen import Binding, Screen, focus_step
from app.screens.players import PlayersScreen
from app.screens.remote_setup import open_from_settings, settings_value
from app.settings import CHOICES, GAME_SETTINGS, Settings
from app.widgets import FocusList
from remote.buttons import Button


@dataclass(frozen=True)
class Row:
    """One setting: its field, label, the values it steps through and how a value is shown."""

    field: str
    label_key: str
    choices: Callable[[], tuple]
    show: Callable[[object], str]
    hint_key: str = ""
    opens: bool = False
    """SELECT or an arrow opens a screen of its own (the named players) instead of a value."""


def _on_off(value: object) -> str:
    return t("settings.on" if value else "settings.off")


def _volume(value: object) -> str:
    return t("settings.volume.value", percent=round(float(value) * 100))


@cache
def _profiles() -> tuple[str, ...]:
    """The shipped profiles, looked up once: the help bar asks at every frame drawn."""
    return tuple(available_profiles())


def profile_label(name: object) -> str:
    """A profile's name as the player reads it ("PAL TV 4:3"); its file name if it has none."""
    key = f"profile.{name}"
    return t(key) if key in i18n.catalogue() else str(name)


def _players(value: object) -> str:
    names = tuple(value) if isinstance(value, tuple | list) else ()
    return t("settings.players.value", n=len(names)) if names else t("settings.players.none")


def _game_row(setting: GameSetting) -> Row:
    """A game's setting (Monopoly Dice's target: "$15,000 (standard)")."""

    def show(value: object) -> str:
        return f"{i18n.format_number(value, money=setting.money)} ({t(setting.labels[value])})"

    return Row(setting.key, setting.label_key, lambda: setting.choices, show, setting.hint_key)


ROWS: tuple[Row, ...] = (
    Row(
        "profile",
        "settings.profile",
        lambda: _profiles(),
        profile_label,
        "settings.profile.hint",
    ),
    Row("language", "settings.language", lambda: CHOICES["language"], lambda v: t(f"language.{v}")),
    Row("difficulty", "settings.difficulty", lambda: CHOICES["difficulty"], lambda v: t(f"difficulty.{v}")),
    Row("sound", "settings.sound", lambda: CHOICES["sound"], _on_off),
    Row("volume", "settings.volume", lambda: CHOICES["volume"], _volume),
    Row("players", "settings.players", lambda: (), _players, "settings.players.hint", opens=True),
    Row("remote", "remote.settings", lambda: (), str, "remote.settings.hint", opens=True),
    Row("guide", "settings.guide", lambda: CHOICES["guide"], _on_off, "settings.guide.hint"),
    Row(
        "phones",
        "settings.phones",
        lambda: CHOICES["phones"],
        lambda v: t(f"phones.mode.{v}"),
        "settings.phones.hint",
    ),
    *(_game_row(setting) for setting in GAME_SETTINGS.values()),
)


def step_value(choices: tuple, current: object, step: int, wrap: bool) -> object:
    """The value ``step`` places from ``current`` among ``choices`` (nearest if ``current`` is not one).

    >>> step_value((0.0, 0.5, 1.0), 0.5, 1, wrap=False), step_value((0.0, 0.5, 1.0), 1.0, 1, wrap=False)
    (1.0, 1.0)
    >>> step_value(("en", "fa"), "fa", 1, wrap=True)
    'en'
    """
    if not choices:
        return current
    if current in choices:
        i = choices.index(current)
    elif all(isinstance(c, int | float) for c in choices) and isinstance(current, int | float):
        i = min(range(len(choices)), key=lambda k: abs(choices[k] - current))
    else:
        i = 0
    j = i + step
    j = j % len(choices) if wrap else min(max(j, 0), len(choices) - 1)
    return choices[j]


class SettingsScreen(Screen):
    title_key = "settings.title"
    BINDINGS = (
        Binding(Button.UP, "move", "action.move", repeat=True, args=(Button.UP,)),
        Binding(Button.DOWN, "move", "action.move", repeat=True, args=(Button.DOWN,)),
        Binding(Button.LEFT, "change", "action.change", repeat=True, args=(Button.LEFT,)),
        Binding(Button.RIGHT, "change", "action.change", repeat=True, args=(Button.RIGHT,)),
        Binding(Button.SELECT, "change", "action.next", args=(None,)),
    )

    def __init__(self) -> None:
        super().__init__()
        self.focus = FocusList([True] * len(ROWS), 0, vertical=True, wrap=True)

    @property
    def settings(self) -> Settings:
        return self.app.settings

    def row_enabled(self, row: Row) -> bool:
        return row.field != "volume" or bool(self.settings.sound)

    def on_enter(self) -> None:
        self.focus.set_enabled([self.row_enabled(r) for r in ROWS])

    def check_action(self, action: str, args: tuple) -> bool:
        if action == "change":
            row = ROWS[self.focus.focus]
            return self.row_enabled(row) and (row.opens or len(row.choices()) > 1)
        return True

    def action_move(self, button: Button) -> None:
        if self.focus.move(button, self.rtl):
            self.app.sound.play("move")

    def action_change(self, button: Button | None) -> None:
        row = ROWS[self.focus.focus]
        if row.opens:
            self.app.sound.play("select")
            if row.field == "remote":
                open_from_settings(self.app)
            else:
                self.app.push(PlayersScreen())
            return
        if button is None:
            step, wrap = 1, True
        else:
            step = focus_step(button, self.rtl)
            wrap = row.field in ("language", "sound", "difficulty", "guide")
        old = getattr(self.settings, row.field)
        new = step_value(row.choices(), old, step, wrap)
        if new == old:
            return
        setattr(self.settings, row.field, new)
        if row.field == "guide" and new:  # on again: every game offers its guided turn again
            self.settings.guided = ()
        self.app.save_settings()
        if row.field == "language":
            self.app.set_language(str(new))
        if row.field == "phones":
            from app.phones.service import follow_setting

            follow_setting(self.app)
        self.focus.set_enabled([self.row_enabled(r) for r in ROWS])
        self.app.sound.play("select")

    def value(self, row: Row) -> str:
        """What the row shows at its end ("" for the volume, which is a bar)."""
        if row.field == "remote":
            return settings_value(self.app)
        value = getattr(self.settings, row.field)
        if row.field == "volume":
            return ""
        if row.field == "profile" and value == self.app.profile.name:
            return t("settings.profile.running", name=profile_label(value))
        return row.show(value)

    def hint(self, row: Row) -> str:
        if row.field == "profile" and self.settings.profile != self.app.profile.name:
            return t("settings.profile.next", name=profile_label(self.app.profile.name))
        return t(row.hint_key) if row.hint_key else ""

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        safe = theme.safe
        widgets.background(surface, theme)
        widgets.title(surface, app, t("settings.title"))
        top = safe.y + theme.font("title") + theme.px(40)
        hint_h = app.text.line_height(theme.font("small")) + theme.px(28)
        bottom = safe.bottom - widgets.help_bar_height(app, self) - hint_h
        rows = pygame.Rect(safe.x, top, safe.w, bottom - top)
        labels = [t(r.label_key) for r in ROWS]
        values = [self.value(r) for r in ROWS]
        enabled = [self.row_enabled(r) for r in ROWS]
        focus = self.focus.focus
        drawn = widgets.list_rows(surface, app, rows, labels, focus, enabled, values)
        first = widgets.first_visible(focus, len(drawn), len(ROWS))
        for i, rect in enumerate(drawn, start=first):
            if ROWS[i].field == "volume":
                self._volume_bar(surface, rect, float(self.settings.volume), enabled[i], i == focus)
        hint = self.hint(ROWS[focus])
        if hint:
            y = (drawn[-1].bottom if drawn else rows.y) + theme.px(14)
            x = safe.right if self.rtl else safe.left
            widgets.draw_text(
                surface,
                app.text,
                hint,
                theme.font("small"),
                theme.colour("text_dim"),
                (x, y),
                widgets.start_anchor(self.rtl),
                max_width=safe.w,
            )
        widgets.help_bar(surface, app, self)

    def _volume_bar(
        self, surface: pygame.Surface, row: pygame.Rect, volume: float, on: bool, focused: bool
    ) -> None:
        """The volume as ten steps of a bar at the row's end, the percentage beside it."""
        app, theme = self.app, self.theme
        pad = theme.px(20)
        size = theme.font("body")
        percent = _volume(volume)
        text_w = app.text.size(t("settings.volume.value", percent=100), size, bold=True)[0]
        steps = len(CHOICES["volume"]) - 1
        gap = theme.px(4)
        seg_w = max(theme.px(10), theme.px(16))
        bar_w = steps * seg_w + (steps - 1) * gap
        seg_h = row.h // 2
        lit = round(volume * steps)
        colour = theme.colour("accent" if focused else "text") if on else theme.colour("text_disabled")
        dark = theme.colour("panel_disabled")
        # the bar fills from the reading start: left to right, or right to left in Persian
        end = row.x + pad if self.rtl else row.right - pad
        bar_x = end + text_w + pad if self.rtl else end - text_w - pad - bar_w
        for k in range(steps):
            x = bar_x + k * (seg_w + gap) if not self.rtl else bar_x + bar_w - (k + 1) * seg_w - k * gap
            h = seg_h * (k + 6) // (steps + 5)  # rising steps, like a volume wedge
            seg = pygame.Rect(x, row.centery + seg_h // 2 - h, seg_w, h)
            pygame.draw.rect(surface, colour if k < lit else dark, seg, border_radius=theme.px(3))
        anchor = "midleft" if self.rtl else "midright"
        widgets.draw_text(surface, app.text, percent, size, colour, (end, row.centery), anchor, bold=True)
