"""The saved-games list: SELECT asks the game's catalog entry to resume it; RED deletes (after a yes)."""

from __future__ import annotations

import pygame

from app import catalog, widgets
from app.i18n import localize_digits, t
from app.screen import Binding, Screen
from app.screens.menu import ConfirmScreen
from app.widgets import FocusList
from remote.buttons import Button


def saved_when(info) -> str:
    """The save time as local "YYYY-MM-DD HH:MM" (digits localised)."""
    try:
        when = info.saved_datetime.astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, TypeError, AttributeError, OSError):
        when = str(info.saved_at)
    return localize_digits(when)


class ResumeScreen(Screen):
    title_key = "resume.title"
    BINDINGS = (
        Binding(Button.UP, "move", "action.move", repeat=True, args=(Button.UP,)),
        Binding(Button.DOWN, "move", "action.move", repeat=True, args=(Button.DOWN,)),
        Binding(Button.SELECT, "open", "action.select"),
        Binding(Button.RED, "delete", "action.delete"),
    )

    def __init__(self) -> None:
        super().__init__()
        self.saves: list = []
        self.focus = FocusList([], 0)

    def on_enter(self) -> None:
        self.reload()

    def reload(self) -> None:
        self.saves = self.app.saves.list()
        self.focus.set_enabled([True] * len(self.saves))
        self.app._take_storage_messages()
        self.refresh()

    def bindings(self):
        """RED (delete) is not there at all in kiosk mode."""
        own = super().bindings()
        return own if self.app.allows("delete_save") else tuple(b for b in own if b.action != "delete")

    def check_action(self, action: str, args: tuple) -> bool:
        if action == "open":
            if not self.saves:
                return False
            entry = catalog.entry_for_save_kind(self.saves[self.focus.focus].kind)
            return entry is not None and entry.resume is not None
        if action in ("delete", "move"):
            return bool(self.saves)
        return True

    def action_move(self, button: Button) -> None:
        if self.focus.move(button, self.rtl):
            self.app.sound.play("move")

    def action_open(self) -> None:
        info = self.saves[self.focus.focus]
        entry = catalog.entry_for_save_kind(info.kind)
        payload = self.app.saves.load(info.slot)
        if payload is None or entry is None:
            self.app.toast(t("resume.cannot_open"))
            self.reload()
            return
        self.app.sound.play("select")
        entry.resume_function()(self.app, info, payload)

    def action_delete(self) -> None:
        info = self.saves[self.focus.focus]
        self.app.push(ConfirmScreen("action.delete", "resume.title"), lambda yes: self._delete(info, yes))

    def _delete(self, info, yes: bool | None) -> None:
        if yes:
            self.app.saves.delete(info.slot)
            self.app.toast(t("resume.deleted"))
            self.reload()

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        safe = theme.safe
        widgets.background(surface, theme)
        widgets.title(surface, app, t("resume.title"))
        top = safe.y + theme.font("title") + theme.px(40)
        if not self.saves:
            widgets.draw_text(
                surface,
                app.text,
                t("resume.empty"),
                theme.font("heading"),
                theme.colour("text"),
                (theme.width // 2, safe.centery - theme.px(30)),
                "center",
                bold=True,
                max_width=safe.w,
            )
            widgets.draw_text(
                surface,
                app.text,
                t("resume.empty.hint"),
                theme.font("body"),
                theme.colour("text_dim"),
                (theme.width // 2, safe.centery + theme.px(30)),
                "center",
                max_width=safe.w,
            )
        else:
            rows = pygame.Rect(safe.x, top, safe.w, safe.bottom - top - theme.px(80))
            labels = []
            for info in self.saves:
                entry = catalog.entry_for_save_kind(info.kind)
                game = t(entry.title_key) if entry is not None else info.kind
                labels.append(f"{game}: {info.title}")
            values = [saved_when(info) for info in self.saves]
            widgets.list_rows(surface, app, rows, labels, self.focus.focus, None, values)
        widgets.help_bar(surface, app, self)
