"""The on-screen keyboard: a name typed with the remote's arrows and OK, in Latin or Persian letters.

A grid of letter keys (Latin A-Z, or the Persian alphabet laid out right to left) and a row of
action keys: Space, Delete, the other script and Done. The arrows move, SELECT types the focused
key, 4 deletes the last letter (4 undoes everywhere), GREEN switches the script (the language key
of Dice Party), BACK leaves without changing the name. A name is at most
:data:`app.names.NAME_MAX` letters; a letter past that is refused (the chip flashes). Latin names
are capitalised as they are typed (a capital after a space or hyphen, small letters after).

The modal hands back the name, cleaned by :func:`app.names.clean_name` (None if left with BACK).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from app import widgets
from app.i18n import t
from app.names import NAME_MAX, clean_name
from app.screen import Binding, ModalScreen, focus_step
from remote.buttons import Button

LATIN = ("ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ-'")
PERSIAN = (
    ("ا", "آ", "ب", "پ", "ت", "ث", "ج", "چ", "ح", "خ"),
    ("د", "ذ", "ر", "ز", "ژ", "س", "ش", "ص", "ض", "ط"),
    ("ظ", "ع", "غ", "ف", "ق", "ک", "گ", "ل", "م", "ن"),
    ("و", "ه", "ی", "ئ", "ء"),
)
ACTIONS = ("space", "delete", "script", "done")
"""The action row, under the letters."""


@dataclass(frozen=True)
class Key:
    """One key of the grid: a letter to type, or an action (``ACTIONS``)."""

    row: int
    col: int
    letter: str = ""
    action: str = ""


def layout(script: str) -> list[list[Key]]:
    """The rows of keys for ``script`` ("en" Latin, "fa" Persian), the action row last.

    >>> [len(row) for row in layout("en")], [len(row) for row in layout("fa")]
    ([10, 10, 8, 4], [10, 10, 10, 5, 4])
    """
    letters = LATIN if script == "en" else PERSIAN
    rows = [[Key(r, c, letter) for c, letter in enumerate(row)] for r, row in enumerate(letters)]
    rows.append([Key(len(rows), c, action=a) for c, a in enumerate(ACTIONS)])
    return rows


def move(rows: list[list[Key]], row: int, col: int, d_row: int, d_col: int) -> tuple[int, int]:
    """The key an arrow moves to from (row, col): along a row wrapping round, between rows keeping
    the same place across (rows are not all as long: the nearest key).

    >>> rows = layout("en")
    >>> move(rows, 0, 9, 0, 1), move(rows, 2, 7, -1, 0), move(rows, 1, 9, 1, 0), move(rows, 3, 3, 1, 0)
    ((0, 0), (1, 7), (2, 7), (0, 8))
    """
    if d_col:
        return row, (col + d_col) % len(rows[row])
    target = (row + d_row) % len(rows)
    last = len(rows) - 1
    if last not in (row, target):  # letter rows share their columns
        return target, min(col, len(rows[target]) - 1)
    # to or from the action row's four wide keys: the same place across, as a fraction of the width
    columns = max(len(r) for r in rows[:-1])
    across = (col + 0.5) / (len(rows[row]) if row == last else columns)
    return target, min(
        len(rows[target]) - 1, int(across * (len(rows[target]) if target == last else columns))
    )


def typed(name: str, letter: str) -> str:
    """``name`` with ``letter`` typed at its end, a Latin letter capitalised as a name's is.

    >>> typed("", "S"), typed("S", "A"), typed("Sara ", "K"), typed("Mary-", "J")
    ('S', 'Sa', 'Sara K', 'Mary-J')
    """
    if letter.isascii() and letter.isalpha():
        start = not name or name[-1] in " -"
        letter = letter.upper() if start else letter.lower()
    return name + letter


class KeyboardScreen(ModalScreen[str]):
    """Type a name: see the module docstring. ``title_key`` says whose name it is."""

    BINDINGS = (
        Binding(Button.UP, "arrow", "action.move", repeat=True, args=(Button.UP,)),
        Binding(Button.DOWN, "arrow", "action.move", repeat=True, args=(Button.DOWN,)),
        Binding(Button.LEFT, "arrow", "action.move", repeat=True, args=(Button.LEFT,)),
        Binding(Button.RIGHT, "arrow", "action.move", repeat=True, args=(Button.RIGHT,)),
        Binding(Button.SELECT, "press", "keyboard.key.type"),
        Binding(Button.DIGIT_4, "delete", "keyboard.key.delete", repeat=True),
        Binding(Button.GREEN, "script", "keyboard.key.script"),
        Binding(Button.BACK, "back", "keyboard.key.cancel"),
    )

    def __init__(self, title_key: str, name: str = "", script: str | None = None) -> None:
        super().__init__()
        self.title_key = title_key
        self.name = clean_name(name)
        self._script = script
        self.row = 0
        self.col = 0
        self._grid: tuple[tuple, pygame.Surface, list] | None = None

    def on_enter(self) -> None:
        if self._script is None:
            self._script = "fa" if self.app.lang == "fa" else "en"

    @property
    def script(self) -> str:
        return self._script or "en"

    @property
    def rows(self) -> list[list[Key]]:
        return layout(self.script)

    @property
    def key(self) -> Key:
        return self.rows[self.row][self.col]

    # -- actions ----------------------------------------------------------------------------------------
    def check_action(self, action: str, args: tuple) -> bool:
        if action == "delete":
            return bool(self.name)
        if action == "press":
            return self._enabled(self.key)
        return True

    def _ends_open(self) -> bool:
        """A space may not start a name or follow another space."""
        return not self.name or self.name.endswith(" ")

    def action_arrow(self, button: Button) -> None:
        vertical = button in (Button.UP, Button.DOWN)
        step = focus_step(button, self.script == "fa", vertical=vertical)
        self.row, self.col = move(
            self.rows, self.row, self.col, step if vertical else 0, 0 if vertical else step
        )
        self.app.sound.play("move")

    def action_press(self) -> None:
        key = self.key
        if key.letter:
            self.name = typed(self.name, key.letter)
        elif key.action == "space":
            self.name += " "
        elif key.action == "delete":
            self.action_delete()
            return
        elif key.action == "script":
            self.action_script()
            return
        else:
            self.app.sound.play("select")
            self.dismiss(clean_name(self.name))
            return
        self.app.sound.play("select")

    def action_delete(self) -> None:
        self.name = self.name[:-1]
        self.app.sound.play("move")

    def action_script(self) -> None:
        on_actions = self.row == len(self.rows) - 1
        self._script = "en" if self.script == "fa" else "fa"
        # on the action row, stay on the same key; among the letters, go to the first one
        self.row, self.col = (len(self.rows) - 1, self.col) if on_actions else (0, 0)
        self.app.sound.play("move")

    # -- drawing ------------------------------------------------------------------------------------------
    def cap(self, key: Key) -> str:
        if key.letter:
            return key.letter
        if key.action == "script":
            return t("keyboard.to_persian" if self.script == "en" else "keyboard.to_latin")
        return t(f"keyboard.{key.action}")

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        box, inner = widgets.modal_panel(surface, theme, margin=(8, 8), padding=(36, 24))
        title_size = theme.font("heading")
        widgets.draw_text(
            surface,
            app.text,
            t(self.title_key),
            title_size,
            theme.colour("text"),
            (inner.right, inner.y) if self.rtl else (inner.x, inner.y),
            widgets.start_anchor(self.rtl),
            bold=True,
            max_width=inner.w,
        )
        y = inner.y + app.text.line_height(title_size) + theme.px(10)
        y = self._draw_field(surface, pygame.Rect(inner.x, y, inner.w, 0)) + theme.px(14)
        bar_h = widgets.help_bar_height(app, self, inner)
        grid = pygame.Rect(inner.x, y, inner.w, inner.bottom - bar_h - theme.px(12) - y)
        self._draw_grid(surface, grid)
        widgets.help_bar(surface, app, self, inner)

    def _draw_field(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """The name so far, with the count of letters; returns the bottom of the field."""
        app, theme = self.app, self.theme
        size = theme.font("body")
        small = theme.font("small")
        field = pygame.Rect(area.x, area.y, area.w, app.text.line_height(size) + theme.px(18))
        widgets.panel(
            surface, field, theme.colour("background"), theme.radius, theme.px(3), theme.colour("accent")
        )
        count = t("keyboard.count", n=len(self.name), of=NAME_MAX)
        count_w = app.text.size(count, small)[0]
        pad = theme.px(16)
        text_w = field.w - count_w - 3 * pad
        rtl_name = self.script == "fa" or (self.rtl and not self.name)
        shown = self.name or t("keyboard.empty")
        colour = theme.colour("text" if self.name else "text_dim")
        # the name starts at its script's reading start; the count of letters at the other end
        start_x, anchor = (field.right - pad, "midright") if rtl_name else (field.x + pad, "midleft")
        rect = widgets.draw_text(
            surface, app.text, shown, size, colour, (start_x, field.centery), anchor, max_width=text_w
        )
        caret_x = rect.x - theme.px(4) if rtl_name else rect.right + theme.px(4)
        count_pos = (field.x + pad, field.centery) if rtl_name else (field.right - pad, field.centery)
        count_anchor = "midleft" if rtl_name else "midright"
        if self.name:
            caret = pygame.Rect(0, 0, max(2, theme.px(4)), app.text.line_height(size) - theme.px(6))
            caret.center = (caret_x, field.centery)
            pygame.draw.rect(surface, theme.colour("accent"), caret)
        widgets.draw_text(surface, app.text, count, small, theme.colour("text_dim"), count_pos, count_anchor)
        return field.bottom

    def _draw_grid(self, surface: pygame.Surface, grid: pygame.Rect) -> None:
        """The keys, painted again only when the focus, the script or a key's state changed."""
        rows = self.rows
        key = (
            self.script,
            self.row,
            self.col,
            tuple(self._enabled(k) for row in rows for k in row),
            self.app.lang,
            tuple(grid),
        )
        if self._grid is None or self._grid[0] != key:
            layer = pygame.Surface(grid.size)
            layer.fill(self.theme.colour("background_2"))
            with self.app.text.capture() as runs:
                self._paint_grid(layer, pygame.Rect((0, 0), grid.size))
            self._grid = (key, layer, runs)
        surface.blit(self._grid[1], grid.topleft)
        self.app.text.replay(self._grid[2], grid.topleft)

    def _paint_grid(self, surface: pygame.Surface, grid: pygame.Rect) -> None:
        app, theme = self.app, self.theme
        rows = self.rows
        columns = max(len(row) for row in rows[:-1])
        gap = theme.px(8)
        key_h = min((grid.h - gap * (len(rows) - 1)) // len(rows), theme.px(84))
        key_w = (grid.w - gap * (columns - 1)) // columns
        size = theme.font("body")
        mirrored = self.script == "fa"
        for r, row in enumerate(rows):
            y = grid.y + r * (key_h + gap)
            wide = r == len(rows) - 1
            width = (grid.w - gap * (len(row) - 1)) // len(row) if wide else key_w
            for c, key in enumerate(row):
                rect = pygame.Rect(grid.x + c * (width + gap), y, width, key_h)
                if mirrored:
                    rect.right = grid.right - c * (width + gap)
                focused = (r, c) == (self.row, self.col)
                enabled = self._enabled(key)
                fill = theme.colour("panel_focus" if focused else "panel" if enabled else "panel_disabled")
                border = theme.px(4) if focused else 0
                widgets.panel(surface, rect, fill, theme.px(8), border, theme.colour("accent"))
                colour = theme.colour("accent" if focused else "text" if enabled else "text_disabled")
                widgets.draw_text(
                    surface,
                    app.text,
                    self.cap(key),
                    theme.font("small") if wide else size,
                    colour,
                    rect.center,
                    "center",
                    bold=not key.letter,
                    max_width=rect.w - theme.px(8),
                )

    def _enabled(self, key: Key) -> bool:
        if key.letter:
            return len(self.name) < NAME_MAX
        if key.action == "space":
            return len(self.name) < NAME_MAX and not self._ends_open()
        if key.action == "delete":
            return bool(self.name)
        return True
