"""How the Monopoly board looks: group and token colours, text sizes at the legibility floor,
square and player names in the current language, money, and the key bar.

Sizes follow the TV-legibility floor: at least 20 px for any text a player needs at 576 lines and
24 px at 720, 28 px for the main numbers (cash, money at stake, dice).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from app import widgets
from app.i18n import format_number, t
from app.match import PlayerSpec
from app.screens.dice_game import seat_names
from engines.monopoly import rules as R

if TYPE_CHECKING:
    from app.app import App
    from app.screen import Screen
    from app.theme import RGB, Theme

GROUP_COLOURS: dict[str, tuple[int, int, int]] = {
    "brown": (140, 84, 50),
    "light-blue": (150, 205, 230),
    "pink": (205, 70, 150),
    "orange": (235, 140, 30),
    "red": (200, 40, 40),
    "yellow": (230, 210, 40),
    "green": (40, 160, 80),
    "dark-blue": (40, 70, 170),
    "railroad": (60, 60, 66),
    "utility": (170, 170, 160),
}
"""Each property group's band colour (clamped to the profile's safe levels when drawn)."""

TOKENS = ("hat", "car", "dog", "ship", "boot", "iron")
"""The tokens a seat may choose; each is drawn as its own shape (:func:`token_points`)."""
TOKEN_COLOURS: tuple[tuple[int, int, int], ...] = (
    (220, 60, 60),
    (60, 120, 220),
    (60, 180, 90),
    (230, 190, 40),
    (170, 80, 200),
    (240, 140, 40),
)
"""The player colours a seat may choose (owners' marks on the board, the info panel)."""

BOARD_GROUPS: tuple[str, ...] = tuple(dict.fromkeys(s.group for s in R.BOARD if s.is_property))
"""The property groups in board order (the street groups, then railroads and utilities by place)."""


def floor_px(theme: Theme) -> int:
    """The smallest text a player needs: 20 px at 576 lines, 24 px at 720."""
    return theme.min_text_px


def text_px(theme: Theme, role: str = "body") -> int:
    """Text sizes of the Monopoly screens, never below the floor (``number``: cash, dice, stakes)."""
    floor = floor_px(theme)
    if role == "number":
        return max(theme.min_number_px, round(32 * theme.height / 720))
    if role == "title":
        return max(floor + 6, round(34 * theme.height / 720))
    return floor


def colour(app: App, rgb: tuple[int, int, int]) -> RGB:
    """``rgb`` made broadcast-safe for this profile, as the theme's own colours are."""
    return tuple(app.profile.safe_colour(rgb))  # type: ignore[return-value]


def group_colour(app: App, group: str) -> RGB:
    return colour(app, GROUP_COLOURS.get(group, (90, 90, 90)))


def money(amount: int) -> str:
    return format_number(amount, money=True)


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def square_key(index: int) -> str:
    """The catalogue key of square ``index``'s name (from its English name in the board data)."""
    return f"mono.sq.{_slug(R.BOARD[index].name)}"


def square_name(index: int) -> str:
    return t(square_key(index))


def group_name(group: str) -> str:
    return t(f"mono.group.{_slug(group)}")


def card_text(deck: int, key: str) -> str:
    return t(f"mono.card.{R.DECK_NAMES[deck].replace('-', '_')}.{_slug(key)}")


class Seat:
    """One seat as drawn: human or computer, its token and colour."""

    def __init__(self, spec: PlayerSpec, token: int, colour_index: int) -> None:
        self.spec = spec
        self.token = token % len(TOKENS)
        self.colour_index = colour_index % len(TOKEN_COLOURS)

    def to_json(self) -> dict[str, int]:
        return {"token": self.token, "colour": self.colour_index}


def player_name(seats: Sequence[Seat], p: int) -> str:
    """A named player's own name (chosen at the set-up), else "Player 1" or "Computer 2"."""
    return seat_names([s.spec for s in seats], "mono.player.human", "mono.player.computer")[p]


def player_colour(app: App, seats: Sequence[Seat], p: int) -> RGB:
    return colour(app, TOKEN_COLOURS[seats[p].colour_index])


def token_points(token: int, centre: tuple[int, int], rx: int, ry: int) -> list[tuple[int, int]] | None:
    """The outline of token ``token`` (None: a disc): each token its own shape, so that tokens
    tell apart without colour too."""
    import math

    sides = (0, 4, 3, 5, 6, 8)[token % len(TOKENS)]
    if not sides:
        return None
    turn = {4: math.pi / 4, 3: -math.pi / 2, 5: -math.pi / 2, 6: 0.0, 8: math.pi / 8}[sides]
    cx, cy = centre
    return [
        (
            round(cx + rx * math.cos(turn + 2 * math.pi * k / sides)),
            round(cy + ry * math.sin(turn + 2 * math.pi * k / sides)),
        )
        for k in range(sides)
    ]


def draw_token(
    surface: pygame.Surface, app: App, seats: Sequence[Seat], p: int, centre: tuple[int, int], r: int
) -> None:
    """A player's token: its shape in the player's colour, outlined dark."""
    theme = app.theme
    rx = max(2, theme.round_w(r))
    points = token_points(seats[p].token, centre, rx + 1, r + 1)
    fill = player_colour(app, seats, p)
    ink = theme.colour("shadow")
    if points is None:
        rect = pygame.Rect(0, 0, 2 * rx, 2 * r)
        rect.center = centre
        pygame.draw.ellipse(surface, fill, rect)
        pygame.draw.ellipse(surface, ink, rect, 2)
    else:
        pygame.draw.polygon(surface, fill, points)
        pygame.draw.polygon(surface, ink, points, 2)


# -- the key bar ------------------------------------------------------------------------------
def key_bar(
    surface: pygame.Surface, app: App, screen: Screen, area: pygame.Rect | None = None
) -> pygame.Rect:
    """The keys that act now, MENU and INFO always among them, at the floor size on up to two
    rows at the bottom of ``area`` (default: the safe area); returns the bar's rectangle."""
    theme = app.theme
    safe = area or theme.safe
    items = widgets.help_items(screen)
    size = floor_px(theme)
    pad, gap = theme.px(8), theme.px(18)
    line_h = app.text.line_height(size) + theme.px(6)

    def widths() -> list[int]:
        return [
            app.text.size(k, size, bold=True)[0] + 3 * pad + app.text.size(lbl, size)[0]
            for k, lbl, _ in items
        ]

    def layout() -> list[list[int]]:
        rows: list[list[int]] = [[]]
        x = 0
        for i, w in enumerate(widths()):
            if rows[-1] and x + w > safe.w:
                rows.append([])
                x = 0
            rows[-1].append(i)
            x += w + gap
        return rows

    rows = layout()
    # MENU and INFO always show: what does not fit on two rows is left off before them, keys
    # that do nothing now first (and kept on the screen, where the layout test finds it)
    left_out = []
    while len(rows) > 2:
        optional = [i for i, (k, _, _) in enumerate(items) if not widgets.shows_always(k)]
        drop = max([i for i in optional if not items[i][2]] or optional)
        left_out.append(items.pop(drop))
        rows = layout()
    widgets.note_left_out(screen, left_out)
    widths_now = widths()
    bar = pygame.Rect(safe.x, safe.bottom - len(rows) * line_h, safe.w, len(rows) * line_h)
    # opaque over two rows, so that a modal's bar hides the bar of the screen below it
    under = pygame.Rect(safe.x, safe.bottom - 2 * line_h, safe.w, 2 * line_h)
    widgets.panel(surface, under.inflate(theme.px(8), theme.px(8)), theme.colour("background"), theme.px(8))
    for r, row in enumerate(rows):
        y = bar.y + r * line_h + line_h // 2
        x = 0
        for i in row:
            key, label, enabled = items[i]
            kw = app.text.size(key, size, bold=True)[0]
            chip = pygame.Rect(0, 0, kw + 2 * pad, line_h - theme.px(4))
            chip.centery = y
            if app.rtl:
                chip.right = bar.right - x
                label_pos, anchor = (chip.x - pad, y), "midright"
            else:
                chip.x = bar.x + x
                label_pos, anchor = (chip.right + pad, y), "midleft"
            on = theme.colour("accent") if enabled else theme.colour("text_disabled")
            widgets.panel(surface, chip, on, theme.px(8))
            widgets.draw_text(
                surface, app.text, key, size, theme.colour("background"), chip.center, "center", bold=True
            )
            widgets.draw_text(
                surface,
                app.text,
                label,
                size,
                theme.colour("text" if enabled else "text_disabled"),
                label_pos,
                anchor,
            )
            x += widths_now[i] + gap
    return bar


def seat_from_json(spec: PlayerSpec, data: Any, p: int) -> Seat:
    if not isinstance(data, dict):
        raise ValueError("a seat's look is {token, colour}")
    token, col = data.get("token", p), data.get("colour", p)
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in (token, col)):
        raise ValueError("token and colour are whole numbers")
    return Seat(spec, token, col)


def row_panel(surface: pygame.Surface, theme: Any, box: pygame.Rect, on: bool) -> None:
    """One row of a pickable list: a panel, ringed in the accent colour when it has the focus."""
    widgets.panel(
        surface,
        box,
        theme.colour("panel_focus" if on else "panel"),
        theme.px(8),
        theme.px(3) if on else 0,
        theme.colour("accent"),
    )


def draw_text(
    surface: pygame.Surface,
    renderer: Any,
    text: str,
    size: int,
    colour: RGB,
    pos: tuple[int, int],
    anchor: str = "topleft",
    *,
    bold: bool = False,
    max_width: int | None = None,
    main: bool = False,
) -> pygame.Rect:
    """:func:`app.widgets.draw_text` (``main``: a main number), but text too wide for
    ``max_width`` is cut short with "…" instead of drawn smaller: nothing goes below the floor."""
    if max_width is not None and renderer.size(text, size, bold=bold)[0] > max_width:
        cut = len(text)
        while cut > 1 and renderer.size(text[:cut].rstrip() + "…", size, bold=bold)[0] > max_width:
            cut -= 1
        text = text[:cut].rstrip() + "…"
    return widgets.draw_text(surface, renderer, text, size, colour, pos, anchor, bold=bold, main=main)
