"""The named players (Settings > Players): the names a set-up's human seat can take, and the high
scores then carry.

UP/DOWN pick a name; SELECT renames it on the on-screen keyboard (:mod:`app.screens.keyboard`),
or, on the last row, adds a player (at most :data:`app.names.NAMED_SEATS_MAX`). 4 removes the
focused name, after a second 4 (a banner asks; any other key keeps it): the high scores already
written with the name stay. Every change is saved at once.
"""

from __future__ import annotations

import pygame

from app import widgets
from app.i18n import t
from app.names import NAMED_SEATS_MAX
from app.screen import Binding, Screen
from app.screens.keyboard import KeyboardScreen
from app.widgets import FocusList
from remote.buttons import Button, ButtonEvent, Press


class PlayersScreen(Screen):
    title_key = "players.title"
    BINDINGS = (
        Binding(Button.UP, "move", "action.move", repeat=True, args=(Button.UP,)),
        Binding(Button.DOWN, "move", "action.move", repeat=True, args=(Button.DOWN,)),
        Binding(Button.SELECT, "edit", "players.key.edit"),
        Binding(Button.DIGIT_4, "remove", "players.key.remove"),
    )

    def __init__(self) -> None:
        super().__init__()
        self.focus = FocusList([True], 0, vertical=True, wrap=True)
        self.removing: str | None = None
        """The name a first 4 asked to remove: a second 4 removes it."""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.app.settings.players)

    def _rows(self) -> int:
        return len(self.names) + 1

    def _on_add_row(self) -> bool:
        return self.focus.focus == len(self.names)

    def on_enter(self) -> None:
        self._reset_focus(0)

    def _reset_focus(self, focus: int) -> None:
        enabled = [True] * len(self.names) + [len(self.names) < NAMED_SEATS_MAX]
        self.focus = FocusList(enabled, min(focus, len(enabled) - 1), vertical=True, wrap=True)

    def handle(self, event: ButtonEvent) -> bool:
        # any key but a second 4 keeps the name the first 4 asked about
        if self.removing is not None and event.kind == Press.PRESS and event.button != Button.DIGIT_4:
            self.removing = None
            self.refresh()
        return super().handle(event)

    def check_action(self, action: str, args: tuple) -> bool:
        if action == "remove":
            return not self._on_add_row()
        if action == "edit":
            return not self._on_add_row() or len(self.names) < NAMED_SEATS_MAX
        return True

    def action_move(self, button: Button) -> None:
        if self.focus.move(button, self.rtl):
            self.app.sound.play("move")

    def action_edit(self) -> None:
        self.app.sound.play("select")
        if self._on_add_row():
            keyboard = KeyboardScreen("players.new_title")
        else:
            keyboard = KeyboardScreen("players.rename_title", self.names[self.focus.focus])
        self.app.push(keyboard, self._typed)

    def _typed(self, name: str | None) -> None:
        if not name:  # BACK, or nothing typed: no change
            return
        names = list(self.names)
        index = self.focus.focus
        if name in names and names.index(name) != index:
            self.app.toast(t("players.taken", name=name))
            return
        if index == len(names):
            names.append(name)
        else:
            names[index] = name
        self._store(names, index)

    def action_remove(self) -> None:
        name = self.names[self.focus.focus]
        if self.removing != name:
            self.removing = name
            self.app.sound.play("error")
            return
        self.removing = None
        names = [n for n in self.names if n != name]
        self._store(names, self.focus.focus)
        self.app.sound.play("select")

    def _store(self, names: list[str], focus: int) -> None:
        self.app.settings.players = tuple(names)
        self.app.save_settings()
        self._reset_focus(focus)
        self.refresh()

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        safe = theme.safe
        widgets.background(surface, theme)
        widgets.title(surface, app, t("players.title"))
        top = safe.y + theme.font("title") + theme.px(40)
        note_h = app.text.line_height(theme.font("small")) * 2 + theme.px(20)
        bottom = safe.bottom - widgets.help_bar_height(app, self) - note_h
        area = pygame.Rect(safe.x, top, safe.w, bottom - top)
        labels = [*self.names, t("players.add")]
        values = [""] * len(self.names) + [t("players.count", n=len(self.names), of=NAMED_SEATS_MAX)]
        drawn = widgets.list_rows(surface, app, area, labels, self.focus.focus, self.focus.enabled, values)
        y = (drawn[-1].bottom if drawn else area.y) + theme.px(14)
        if self.removing is not None:
            note, colour = t("players.remove_again", name=self.removing), theme.colour("error")
        elif not self.names:
            note, colour = t("players.none_yet"), theme.colour("text_dim")
        else:
            note, colour = t("players.hint"), theme.colour("text_dim")
        widgets.draw_text(
            surface,
            app.text,
            note,
            theme.font("small"),
            colour,
            (safe.right if self.rtl else safe.x, y),
            widgets.start_anchor(self.rtl),
            max_width=safe.w,
        )
        widgets.help_bar(surface, app, self)
