"""Help: the INFO overlay (the keys the current screen takes) and the remote's key page (home tile)."""

from __future__ import annotations

import pygame

from app import widgets
from app.i18n import t
from app.screen import Binding, ModalScreen, Screen
from app.screens.howto import HowToScreen, game_of
from remote.buttons import Button

GAME_KEYS: tuple[tuple[str, str], ...] = (
    ("key.digit_2", "action.shake_roll"),
    ("key.digit_3", "help.remote.digit_3"),
    ("key.digit_4", "action.undo"),
    ("key.digit_5", "help.remote.digit_5"),
    ("key.green", "help.remote.green"),
    ("key.red", "help.remote.red"),
    ("key.yellow", "help.remote.unused"),
    ("key.blue", "help.remote.unused"),
)
"""The number and colour keys and what they do in the games (i18n keys: key name, meaning)."""

MOVE_KEYS: tuple[tuple[str, str], ...] = (
    ("key.select", "action.select"),
    ("key.arrows", "action.move"),
    ("key.back", "action.back"),
    ("key.menu", "action.menu"),
    ("key.info", "action.help"),
)
"""The keys that move around the box (i18n keys: key name, meaning)."""

REMOTE_KEYS = GAME_KEYS + MOVE_KEYS
"""Every key the Help tile lists."""

KEY_COLOURS: dict[str, tuple[tuple[int, int, int], bool]] = {
    "key.red": ((200, 50, 45), False),
    "key.green": ((40, 160, 70), True),
    "key.yellow": ((245, 225, 60), True),
    "key.blue": ((45, 95, 200), False),
}
"""A colour key's chip is drawn in its own colour (and whether its name is dark on it)."""


def key_table_width(screen: Screen, rows: list[tuple[str, str, bool]]) -> int:
    """The width :func:`draw_key_table` needs to show ``rows`` without cutting a word."""
    app, theme = screen.app, screen.theme
    size = theme.font("body")
    chip_w = max(app.text.size(key, size, bold=True)[0] for key, _, _ in rows) + theme.px(28)
    return chip_w + theme.px(24) + max(app.text.size(meaning, size)[0] for _, meaning, _ in rows)


def draw_key_table(
    surface: pygame.Surface,
    screen: Screen,
    box: pygame.Rect,
    rows: list[tuple[str, str, bool]],
    chips: dict[str, tuple[tuple[int, int, int], bool]] | None = None,
) -> None:
    """Rows of [key chip] meaning, greyed where not possible now, laid out from the reading side;
    ``chips`` gives some keys (by their shown name) a chip colour of their own."""
    app, theme, rtl = screen.app, screen.theme, screen.rtl
    size = theme.font("body")
    line_h = app.text.line_height(size)
    row_h = int(line_h * 1.45)
    chip_w = max(app.text.size(key, size, bold=True)[0] for key, _, _ in rows) + theme.px(28) if rows else 0
    chip_w = min(chip_w, box.w * 2 // 3)  # the meaning keeps a third at least
    for i, (key, meaning, enabled) in enumerate(rows):
        y = box.y + i * row_h
        if y + row_h > box.bottom:
            break
        chip = pygame.Rect(box.x, y, chip_w, line_h + theme.px(6))
        if rtl:
            chip.right = box.right
        colour = theme.colour("accent") if enabled else theme.colour("text_disabled")
        key_colour = theme.colour("background")
        if chips and key in chips:
            rgb, dark = chips[key]
            colour = app.profile.safe_colour(rgb)
            key_colour = theme.colour("background" if dark else "text")
        widgets.panel(surface, chip, colour, theme.px(8))
        if chips and key in chips:  # set apart from the usual key chips (YELLOW is near their colour)
            widgets.panel(surface, chip, colour, theme.px(8), theme.px(3), theme.colour("text"))
        widgets.draw_text(
            surface,
            app.text,
            key,
            size,
            key_colour,
            chip.center,
            "center",
            bold=True,
            max_width=chip.w - theme.px(8),
        )
        text_colour = theme.colour("text") if enabled else theme.colour("text_disabled")
        if rtl:
            pos, anchor = (chip.x - theme.px(20), chip.centery), "midright"
        else:
            pos, anchor = (chip.right + theme.px(20), chip.centery), "midleft"
        widgets.draw_text(
            surface,
            app.text,
            meaning,
            size,
            text_colour,
            pos,
            anchor,
            max_width=box.w - chip_w - theme.px(24),
        )


class HelpOverlay(ModalScreen[None]):
    """INFO: the keys the screen below takes right now (greyed where not possible now)."""

    BINDINGS = (
        Binding(Button.BACK, "back", "action.close"),
        Binding(Button.INFO, "back", "", show=False),
        Binding(Button.SELECT, "back", "", show=False),
    )

    def __init__(self, subject: Screen) -> None:
        super().__init__()
        self.subject = subject

    def bindings(self) -> tuple[Binding, ...]:
        if game_of(self.subject) is None:
            return super().bindings()
        # In a game or its set-up, SELECT opens the game's How to play pages.
        own = tuple(b for b in super().bindings() if b.button is not Button.SELECT)
        return (Binding(Button.SELECT, "howto", "help.howto"), *own)

    def action_howto(self) -> None:
        game = game_of(self.subject)
        self.dismiss(None)
        if game is not None:
            self.app.push(HowToScreen(game))

    def rows(self) -> list[tuple[str, str, bool]]:
        return widgets.help_items(self.subject)

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        rows = self.rows()
        size = theme.font("body")
        row_h = int(app.text.line_height(size) * 1.45)
        box = pygame.Rect(
            0,
            0,
            min(theme.safe.w, theme.px(900)),
            min(theme.safe.h, theme.font("title") + theme.px(110) + row_h * max(1, len(rows))),
        )
        box.center = theme.safe.center
        widgets.panel(
            surface, box, theme.colour("background_2"), theme.radius, theme.px(4), theme.colour("accent")
        )
        pad = theme.px(28)
        x = box.right - pad if self.rtl else box.x + pad
        widgets.draw_text(
            surface,
            app.text,
            t("help.title"),
            theme.font("title"),
            theme.colour("text"),
            (x, box.y + theme.px(16)),
            widgets.start_anchor(self.rtl),
            bold=True,
            max_width=box.w - 2 * pad,
        )
        inner = pygame.Rect(
            box.x + pad,
            box.y + theme.font("title") + theme.px(44),
            box.w - 2 * pad,
            box.h - theme.font("title") - theme.px(100),
        )
        if rows:
            draw_key_table(surface, self, inner, rows)
        else:
            widgets.draw_text(
                surface,
                app.text,
                t("help.no_keys"),
                size,
                theme.colour("text_dim"),
                (x, inner.y),
                widgets.start_anchor(self.rtl),
            )
        if any(b.action == "howto" for b in self.bindings()):  # SELECT opens How to play
            footer = t("help.close_howto", select=widgets.key_name(Button.SELECT))
        else:
            footer = t("help.close")
        widgets.draw_text(
            surface,
            app.text,
            footer,
            theme.font("small"),
            theme.colour("text_dim"),
            (box.centerx, box.bottom - theme.px(14)),
            "midbottom",
            max_width=box.w - 2 * pad,
        )


class RemoteHelpScreen(Screen):
    """The Help tile: every key of the remote and what it does in the games, plus the keyboard.

    The number and colour keys make one column, the keys that move around the other (side by side
    when one column does not hold them all)."""

    title_key = "home.help"
    BINDINGS = (
        Binding(Button.BACK, "back", "action.back"),
        Binding(Button.SELECT, "back", "", show=False),
    )

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        safe = theme.safe
        widgets.background(surface, theme)
        widgets.title(surface, app, t("help.remote_title"))
        game_rows = [(t(k), t(m), m != "help.remote.unused") for k, m in GAME_KEYS]
        move_rows = [(t(k), t(m), True) for k, m in MOVE_KEYS]
        rows = game_rows + move_rows
        chips = {t(k): look for k, look in KEY_COLOURS.items()}
        top = safe.y + theme.font("title") + theme.px(40)
        # the keyboard line, wrapped, just above the help bar
        small = theme.font("small")
        small_h = app.text.line_height(small)
        keyboard = app.text.wrap(t("help.keyboard_hint"), small, safe.w)
        bottom = safe.bottom - widgets.help_bar_height(app, self) - theme.px(10)
        x = safe.right if self.rtl else safe.left
        for i, line in enumerate(keyboard):
            y = bottom - (len(keyboard) - i) * small_h
            anchor = widgets.start_anchor(self.rtl)
            widgets.draw_text(surface, app.text, line, small, theme.colour("text_dim"), (x, y), anchor)
        box = pygame.Rect(safe.x, top, safe.w, bottom - len(keyboard) * small_h - theme.px(10) - top)
        # every key is listed: in two columns, reading side first, when one does not hold them
        row_h = int(app.text.line_height(theme.font("body")) * 1.45)
        if len(rows) * row_h > box.h:
            gap = theme.px(20)
            # the columns share the width as their words need it
            need = [key_table_width(self, part) for part in (game_rows, move_rows)]
            first_w = round((box.w - gap) * need[0] / sum(need))
            first = pygame.Rect(box.x, box.y, first_w, box.h)
            second = pygame.Rect(first.right + gap, box.y, box.w - first_w - gap, box.h)
            if self.rtl:  # mirrored: each column keeps its own width
                first.right, second.x = box.right, box.x
            draw_key_table(surface, self, first, game_rows, chips)
            draw_key_table(surface, self, second, move_rows)
        else:
            draw_key_table(surface, self, box, rows, chips)
        widgets.help_bar(surface, app, self)
