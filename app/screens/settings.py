"""The settings screen: profile, language, difficulty, sound, volume, then each game's own settings.

UP/DOWN pick a row; LEFT/RIGHT (mirrored in Persian) or SELECT change its value. Every change is
saved at once through :class:`app.settings.Settings`; language and sound apply at once, the
display profile at the next start.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from app import i18n, widgets
from app.catalog import GameSetting
from app.i18n import t
from app.profiles import available_profiles
from app.screen import Binding, Screen, focus_step
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


def _on_off(value: object) -> str:
    return t("settings.on" if value else "settings.off")


def _volume(value: object) -> str:
    return t("settings.volume.value", percent=round(float(value) * 100))


def _game_row(setting: GameSetting) -> Row:
    """A game's setting (Monopoly Dice's target: "$15,000 (standard)")."""

    def show(value: object) -> str:
        return f"{i18n.format_number(value, money=setting.money)} ({t(setting.labels[value])})"

    return Row(setting.key, setting.label_key, lambda: setting.choices, show, setting.hint_key)


ROWS: tuple[Row, ...] = (
    Row("profile", "settings.profile", lambda: tuple(available_profiles()), str, "settings.profile.hint"),
    Row("language", "settings.language", lambda: CHOICES["language"], lambda v: t(f"language.{v}")),
    Row("difficulty", "settings.difficulty", lambda: CHOICES["difficulty"], lambda v: t(f"difficulty.{v}")),
    Row("sound", "settings.sound", lambda: CHOICES["sound"], _on_off),
    Row("volume", "settings.volume", lambda: CHOICES["volume"], _volume),
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
            return self.row_enabled(row) and len(row.choices()) > 1
        return True

    def action_move(self, button: Button) -> None:
        if self.focus.move(button, self.rtl):
            self.app.sound.play("move")

    def action_change(self, button: Button | None) -> None:
        row = ROWS[self.focus.focus]
        if button is None:
            step, wrap = 1, True
        else:
            step, wrap = focus_step(button, self.rtl), row.field in ("language", "sound", "difficulty")
        old = getattr(self.settings, row.field)
        new = step_value(row.choices(), old, step, wrap)
        if new == old:
            return
        setattr(self.settings, row.field, new)
        self.app.save_settings()
        if row.field == "language":
            self.app.set_language(str(new))
        self.focus.set_enabled([self.row_enabled(r) for r in ROWS])
        self.app.sound.play("select")

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        safe = theme.safe
        widgets.background(surface, theme)
        widgets.title(surface, app, t("settings.title"))
        top = safe.y + theme.font("title") + theme.px(40)
        hint_h = theme.font("small") * 3
        rows = pygame.Rect(safe.x, top, safe.w, safe.bottom - top - hint_h - theme.px(40))
        labels = [t(r.label_key) for r in ROWS]
        values = [r.show(getattr(self.settings, r.field)) for r in ROWS]
        enabled = [self.row_enabled(r) for r in ROWS]
        drawn = widgets.list_rows(surface, app, rows, labels, self.focus.focus, enabled, values)
        hint = ROWS[self.focus.focus].hint_key
        if hint:
            y = (drawn[-1].bottom if drawn else rows.y) + theme.px(14)
            x = safe.right if self.rtl else safe.left
            widgets.draw_text(
                surface,
                app.text,
                t(hint),
                theme.font("small"),
                theme.colour("text_dim"),
                (x, y),
                widgets.start_anchor(self.rtl),
                max_width=safe.w,
            )
        widgets.help_bar(surface, app, self)
