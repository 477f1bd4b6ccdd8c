"""Small modal screens that hand back a choice: the MENU menu, a generic choice list, a yes/no."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

import pygame

from app import widgets
from app.i18n import t
from app.screen import Binding, ModalScreen
from app.widgets import FocusList
from remote.buttons import Button

T = TypeVar("T")


class ChoiceScreen(ModalScreen[T], Generic[T]):
    """A titled list of (label key, value) in a centred panel; SELECT hands back the value.

    Labels are i18n keys; pass ``translate=False`` to show them as given (names, numbers).
    """

    BINDINGS = (
        Binding(Button.UP, "move", "action.move", repeat=True, args=(Button.UP,)),
        Binding(Button.DOWN, "move", "action.move", repeat=True, args=(Button.DOWN,)),
        Binding(Button.SELECT, "choose", "action.select"),
        Binding(Button.BACK, "back", "action.close"),
    )

    def __init__(
        self,
        title_key: str,
        items: Sequence[tuple[str, T]],
        *,
        focus: int = 0,
        translate: bool = True,
        message_key: str = "",
    ) -> None:
        super().__init__()
        self.title_key = title_key
        self.items = list(items)
        self.translate = translate
        self.message_key = message_key
        self.focus = FocusList([True] * len(self.items), focus, vertical=True)

    def action_move(self, button: Button) -> None:
        if self.focus.move(button, self.rtl):
            self.app.sound.play("move")

    def action_choose(self) -> None:
        self.app.sound.play("select")
        self.dismiss(self.items[self.focus.focus][1])

    def label(self, i: int) -> str:
        key = self.items[i][0]
        return t(key) if self.translate else key

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        size = theme.font("body")
        row_h = int(app.text.line_height(size) * 1.6)
        width = min(theme.safe.w, max(theme.px(520), theme.safe.w // 2))
        message_h = theme.font("body") * 2 if self.message_key else 0
        # the help bar's own height at the panel's width: at SD its chips wrap to a second row
        bar_h = widgets.help_bar_height(app, self, pygame.Rect(0, 0, width - theme.px(40), theme.safe.h))
        bar_h += theme.px(12)
        height = theme.font("title") + theme.px(60) + message_h + row_h * len(self.items) + bar_h
        box = pygame.Rect(0, 0, width, min(height, theme.safe.h - theme.px(60)))
        box.center = theme.safe.center
        widgets.panel(
            surface, box, theme.colour("background_2"), theme.radius, theme.px(4), theme.colour("accent")
        )
        x = box.right - theme.px(24) if self.rtl else box.x + theme.px(24)
        widgets.draw_text(
            surface,
            app.text,
            t(self.title_key),
            theme.font("title"),
            theme.colour("text"),
            (x, box.y + theme.px(16)),
            widgets.start_anchor(self.rtl),
            bold=True,
            max_width=box.w - theme.px(48),
        )
        y = box.y + theme.font("title") + theme.px(36)
        if self.message_key:
            widgets.draw_text(
                surface,
                app.text,
                t(self.message_key),
                theme.font("body"),
                theme.colour("text_dim"),
                (x, y),
                widgets.start_anchor(self.rtl),
                max_width=box.w - theme.px(48),
            )
            y += message_h
        rows = pygame.Rect(
            box.x + theme.px(20), y, box.w - theme.px(40), box.bottom - y - theme.px(12) - bar_h
        )
        widgets.list_rows(
            surface,
            app,
            rows,
            [self.label(i) for i in range(len(self.items))],
            self.focus.focus,
            row_height=row_h,
        )
        widgets.help_bar(surface, app, self, box.inflate(-theme.px(40), -theme.px(20)))


DISCARD = "quit"
"""The value of a game menu's "Quit without saving": the game is gone (kiosk mode hides it)."""


class MenuScreen(ChoiceScreen[str]):
    """The MENU key's menu: (label key, value) items from the screen below. In kiosk mode a game's
    "Quit without saving" is left out: a guest would throw away the game another guest left."""

    BINDINGS = (*ChoiceScreen.BINDINGS, Binding(Button.MENU, "back", "action.close"))

    def __init__(self, items: Sequence[tuple[str, str]]) -> None:
        super().__init__("menu.title", items)

    def on_enter(self) -> None:
        if not self.app.allows("discard_game"):
            self.items = [item for item in self.items if item[1] != DISCARD]
            self.focus = FocusList([True] * len(self.items), 0, vertical=True)


class ConfirmScreen(ChoiceScreen[bool]):
    """A yes/no question; hands back True for yes (BACK or "No" gives False/None)."""

    def __init__(self, message_key: str, title_key: str = "menu.title") -> None:
        super().__init__(title_key, [("common.no", False), ("common.yes", True)], message_key=message_key)
