"""How Monopoly Dice things look: group colours, die faces (words and symbols) and money on a die.

Pure drawing helpers shared by the board and the odds screen; they take the app for its theme,
text renderer and profile (broadcast-safe colours).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from app import widgets
from app.i18n import format_number, t
from engines.monopoly_dice import rules as R

if TYPE_CHECKING:
    from app.app import App

GROUP_RGB: dict[str, tuple[int, int, int]] = {
    "brown": (128, 78, 42),
    "light-blue": (140, 200, 235),
    "pink": (214, 84, 156),
    "orange": (232, 140, 40),
    "red": (205, 45, 45),
    "yellow": (232, 212, 60),
    "green": (40, 150, 72),
    "dark-blue": (42, 64, 172),
    "railroads": (150, 150, 162),
    "utilities": (28, 28, 34),
}
"""The board's colours (railroads grey, utilities black, as the manual says)."""

WHITE_DIE = (232, 230, 220)
POLICE_BLUE = (34, 52, 120)
BADGE = (235, 190, 50)
HOUSE_GREEN = (40, 150, 72)
HOTEL_RED = (200, 40, 40)


def group_colour(app: App, key: str) -> tuple[int, int, int]:
    return tuple(app.profile.safe_colour(GROUP_RGB[key]))  # type: ignore[return-value]


def group_name(key: str) -> str:
    return t(f"mdice.group.{key}")


def money(amount: int) -> str:
    return format_number(amount, money=True)


def die_money(amount: int, lang: str) -> str:
    """The value printed on a die: "$300" in English, just the digits in Persian; no thousands
    separator ("$1000"): a die is small."""
    if lang == "fa":
        return format_number(amount).replace("٬", "")
    return f"${amount}"


def face_of(die: int, index: int) -> dict[str, Any]:
    """The observation's face dict for face ``index`` of die ``die`` (as ``to_dict`` gives it)."""
    face = R.ALL_DICE[die].distinct_faces()[index]
    return {"label": str(face), "colour": face.colour, "value": face.number}


def draw_face(
    surface: pygame.Surface,
    app: App,
    rect: pygame.Rect,
    face: dict[str, Any] | None,
    *,
    focused: bool = False,
    dim: bool = False,
    compact: bool = False,
) -> pygame.Rect:
    """Draw a die showing ``face`` (None: a blank, unrolled die) in ``rect``; returns its body.

    ``compact`` (a die on its square): a group die shows only its colour, because every die of a
    group carries the same value and the board shows the group's sum beside it."""
    colour = face["colour"] if face is not None else None
    label: str | None = None
    body_colour = WHITE_DIE
    if colour in GROUP_RGB:
        body_colour = GROUP_RGB[colour]
        label = None if compact else die_money(face["value"] or 0, app.lang)
    elif colour == R.CHANCE:
        label = t("mdice.face.chance")
    elif colour == R.GO:
        label = t("mdice.face.go")
    elif colour == R.POLICEMAN:
        body_colour = POLICE_BLUE
    elif colour == R.JAIL_FREE:
        body_colour = (232, 140, 40)
        label = t("mdice.face.free")
    if dim:
        body_colour = tuple(round(c * 0.45 + 30) for c in body_colour)
    safe = tuple(app.profile.safe_colour(body_colour))
    body = widgets.draw_die(
        surface,
        rect,
        label,
        safe,
        False,
        app.theme.pixel_aspect,
        pip_colour=(200, 30, 30) if colour == R.GO else None,
        text=app.text,
        focused=focused,
        focus_colour=app.theme.colour("accent"),
        safe=app.profile.safe_colour,
    )
    if colour == "utilities":  # a black die on a dark screen: outline it
        edge = app.theme.colour("text_dim")
        pygame.draw.rect(
            surface, edge, body, width=max(1, body.h // 24), border_radius=max(2, round(body.h * 0.16))
        )
    if colour == R.POLICEMAN:
        draw_badge(surface, app, body)
    elif colour in (R.HOUSE, R.BROKEN_HOUSE):
        draw_house(surface, app, body.inflate(-body.w // 4, -body.h // 4), broken=colour == R.BROKEN_HOUSE)
    elif colour == R.HOTEL:
        draw_hotel(surface, app, body.inflate(-body.w // 4, -body.h // 4))
    return body


def draw_badge(surface: pygame.Surface, app: App, body: pygame.Rect) -> None:
    """A policeman's badge: a gold star."""
    import math

    cx, cy = body.center
    r = body.h * 0.32
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((cx + radius * math.cos(angle) / app.theme.pixel_aspect, cy + radius * math.sin(angle)))
    pygame.draw.polygon(surface, app.profile.safe_colour(BADGE), points)


def draw_house(
    surface: pygame.Surface, app: App, box: pygame.Rect, broken: bool = False, colour=None
) -> None:
    """A house (a square with a roof); a broken one is grey with a crack."""
    fill = (120, 120, 120) if broken else (colour or HOUSE_GREEN)
    fill = app.profile.safe_colour(fill)
    roof_h = box.h * 0.45
    pygame.draw.polygon(
        surface, fill, [(box.x, box.y + roof_h), (box.centerx, box.y), (box.right, box.y + roof_h)]
    )
    wall = pygame.Rect(box.x + box.w * 0.14, box.y + roof_h - 1, box.w * 0.72, box.h - roof_h + 1)
    pygame.draw.rect(surface, fill, wall)
    if broken:
        crack = app.profile.safe_colour((200, 40, 40))
        width = max(2, box.h // 10)
        pygame.draw.line(surface, crack, (box.x, box.y), (box.right, box.bottom), width)
        pygame.draw.line(surface, crack, (box.right, box.y), (box.x, box.bottom), width)


def draw_hotel(surface: pygame.Surface, app: App, box: pygame.Rect, colour=None) -> None:
    """A hotel: a wide red block with windows."""
    fill = app.profile.safe_colour(colour or HOTEL_RED)
    block = pygame.Rect(box.x, box.y + box.h * 0.2, box.w, box.h * 0.8)
    pygame.draw.rect(surface, fill, block, border_radius=max(1, box.h // 12))
    window = app.profile.safe_colour((235, 220, 160))
    ww, wh = max(2, block.w // 7), max(2, block.h // 5)
    for row in range(2):
        for col in range(3):
            x = block.x + block.w * (0.15 + col * 0.28)
            y = block.y + block.h * (0.2 + row * 0.4)
            pygame.draw.rect(surface, window, (round(x), round(y), ww, wh))
