"""The saved-games list: SELECT asks the game's catalog entry to resume it; RED deletes (after a yes).

Each row shows the game and its players, how far it got and when it was saved (and, in kiosk
mode, whose it is). :class:`ReplaceScreen` is the same list, shown when a new game is saved with
the saves full: the family picks the one to give up (SELECT twice), or BACK keeps them all.
"""

from __future__ import annotations

import pygame

from app import catalog, widgets
from app.i18n import localize_digits, t
from app.saves import OWNER_GUEST
from app.screen import Binding, ModalScreen, Screen
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
        self.app.take_storage_messages()
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

    def row_text(self, info) -> tuple[str, str]:
        """A save's two lines: the game and its players; how far, when and (kiosk) whose."""
        entry = catalog.entry_for_save_kind(info.kind)
        game = t(entry.title_key) if entry is not None else info.kind
        when = saved_when(info)
        if info.players:
            heading = t("resume.heading", game=game, players=", ".join(info.players))
            line = t("resume.row_progress", progress=info.progress or info.title, when=when)
        else:  # a save from an earlier version: its title said the rest
            heading, line = info.title, t("resume.row", game=game, when=when)
        if self._show_owners:
            owner = t("resume.owner.guest" if info.owner == OWNER_GUEST else "resume.owner.owner")
            line = t("resume.row_owner", row=line, owner=owner)
        return heading, line

    @property
    def _show_owners(self) -> bool:
        """Whose each save is, in kiosk mode or where a guest's save is listed (after leaving it)."""
        kiosk = getattr(self.app, "kiosk", None)
        return bool(kiosk is not None and kiosk.active) or any(i.owner == OWNER_GUEST for i in self.saves)

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
        widgets.title(surface, app, t(self.title_key))
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
            bottom = safe.bottom - widgets.help_bar_height(app, self) - theme.px(10)
            self._draw_rows(surface, pygame.Rect(safe.x, top, safe.w, bottom - top))
        widgets.help_bar(surface, app, self)

    def _draw_rows(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """One row per save: the game and its players large on the first line; how far it got,
        when, and whose (kiosk), smaller, below. A save from an earlier version shows its title."""
        app, theme, rtl = self.app, self.theme, self.rtl
        title_size, small = theme.font("heading"), theme.font("small")
        title_h = app.text.line_height(title_size, bold=True)
        small_h = app.text.line_height(small)
        row_h = title_h + small_h + theme.px(22)
        visible = max(1, area.h // row_h)
        focus = self.focus.focus
        first = widgets.first_visible(focus, visible, len(self.saves))
        pad = theme.px(20)
        anchor = widgets.start_anchor(rtl)
        for i in range(first, min(len(self.saves), first + visible)):
            info = self.saves[i]
            row = pygame.Rect(area.x, area.y + (i - first) * row_h, area.w, row_h - theme.px(8))
            focused = i == focus
            if focused:
                widgets.panel(
                    surface,
                    row,
                    theme.colour("panel_focus"),
                    theme.radius,
                    theme.px(4),
                    theme.colour("accent"),
                )
            else:
                widgets.panel(surface, row, theme.colour("panel"), theme.radius)
            x = row.right - pad if rtl else row.x + pad
            room = row.w - 2 * pad
            y = row.y + theme.px(8)
            heading, line = self.row_text(info)
            title = fit_line(app.text, heading, title_size, room, bold=True)
            widgets.draw_text(
                surface,
                app.text,
                title,
                title_size,
                theme.colour("text"),
                (x, y),
                anchor,
                bold=True,
                max_width=room,
            )
            line = fit_line(app.text, line, small, room)
            colour = theme.colour("accent" if focused else "text_dim")
            widgets.draw_text(
                surface, app.text, line, small, colour, (x, y + title_h), anchor, max_width=room
            )
        if first + visible < len(self.saves):  # more saves below the last row shown
            widgets.draw_text(
                surface,
                app.text,
                "▼",
                small,
                theme.colour("text_dim"),
                (area.centerx, area.bottom),
                "midbottom",
            )


class ReplaceScreen(ModalScreen[str], ResumeScreen):
    """The saves are full and a new game is being saved: which save goes? SELECT marks a row and
    asks once more (nothing is replaced by a reflex press); hands back its slot, None for BACK."""

    title_key = "resume.replace.title"
    BINDINGS = (
        *ResumeScreen.BINDINGS[:2],  # UP and DOWN move
        Binding(Button.SELECT, "open", "resume.replace.key"),
        Binding(Button.BACK, "back", "resume.replace.keep"),
    )

    def bindings(self):
        return Screen.bindings(self)  # its own, RED (delete) never among them

    def action_open(self) -> None:
        info = self.saves[self.focus.focus]
        self.app.push(
            ConfirmScreen("resume.replace.confirm", self.title_key),
            lambda yes: self.dismiss(info.slot) if yes else None,
        )

    def check_action(self, action: str, args: tuple) -> bool:
        return action == "back" or bool(self.saves)


def fit_line(text_renderer, line: str, size: int, width: int, *, bold: bool = False) -> str:
    """``line`` as it fits ``width`` pixels at ``size``: whole, or cut at a word (or a letter) with
    an ellipsis, so a long title from a file is never drawn cut through a letter."""
    if text_renderer.size(line, size, bold=bold)[0] <= width:
        return line
    words = line.split(" ")
    while len(words) > 1:
        words.pop()
        shorter = " ".join(words).rstrip(",:;") + "…"
        if text_renderer.size(shorter, size, bold=bold)[0] <= width:
            return shorter
    word = words[0]
    while len(word) > 1 and text_renderer.size(word + "…", size, bold=bold)[0] > width:
        word = word[:-1]
    return word + "…"
