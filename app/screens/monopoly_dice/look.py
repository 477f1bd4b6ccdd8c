"""How Monopoly Dice things look: group colours, title-deed cards, die faces and die names.

Pure drawing helpers shared by the board and the odds screen; they take the app for its theme,
text renderer and profile (broadcast-safe colours).

A property die shows its group's colour only, never a printed amount: eleven dice across a PAL
screen leave a die about 40 pixels wide, and "$1000" at the 20-pixel floor is 70. Every die of a
group is worth the same, and the board's cards and the status line say how much. The GO face and
Get Out of Jail Free are symbols (the GO arrow, an open padlock) for the same reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from app import widgets
from app.i18n import current_language, format_number, t
from engines.monopoly_dice import rules as R

if TYPE_CHECKING:
    from app.app import App

GROUP_RGB: dict[str, tuple[int, int, int]] = {
    "brown": (128, 78, 42),
    "light-blue": (140, 200, 235),
    "pink": (166, 42, 116),
    "orange": (232, 140, 40),
    "red": (180, 36, 36),
    "yellow": (232, 212, 60),
    "green": (40, 158, 76),
    "dark-blue": (42, 64, 172),
    "railroads": (150, 150, 162),
    "utilities": (28, 28, 34),
}
"""The board's colours (railroads grey, utilities black, as the manual says), each chosen so its
name reads on it at 4.5:1 after the broadcast-safe clamp (a deep pink and red, a lighter green);
see ``test_every_group_reads_on_the_board_and_in_the_tray``."""

DEED_PAPER = (226, 222, 204)
"""A title-deed card's paper."""
DEED_INK = (28, 28, 34)
"""Text and outlines on the paper."""
DEED_PLACED = (24, 64, 160)
"""The "placed so far" amount on a card (blue ink: the gold accent does not read on paper)."""
BOARD_FELT = (26, 66, 50)
"""The board under the cards (a dark Monopoly green, so the paper cards stand out)."""
BOARD_EDGE = (130, 180, 140)

MIN_CONTRAST_TEXT = 4.5
"""Text against what it is written on (WCAG AA)."""
MIN_CONTRAST_SHAPE = 3.0
"""A die or a colour band against what it lies on, counting its outline (WCAG non-text)."""

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


def card_money(amount: int, lang: str | None = None) -> str:
    """An amount printed on a card, as Monopoly's title deeds print it: "$2500" (no thousands
    separator) in English, just the digits in Persian ("۲۵۰۰"); the table and the banners write
    "$2,500" and "۲٬۵۰۰ دلار". A card is narrow: two columns of them share a PAL screen with the
    scoring table."""
    if (lang or current_language()) == "fa":
        return format_number(amount, lang).replace("٬", "")
    return f"${amount}"


def die_name(die: int, lang: str | None = None) -> str:
    """A die's short name: P1-P7, J1-J3 and H in English; م۱-م۷ (ملک), ز۱-ز۳ (زندان) and خ (خانه)
    in Persian."""
    if die == R.HOUSE_ID:
        return t("mdice.die.house", lang)
    if die in R.JAIL_IDS:
        return t("mdice.die.jail", lang, n=R.JAIL_IDS.index(die) + 1)
    return t("mdice.die.property", lang, n=die + 1)


def luminance(rgb: tuple[int, ...]) -> float:
    """Relative luminance (WCAG 2) of an sRGB colour."""

    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """The WCAG contrast ratio of two colours, 1 (none) to 21 (black on white).

    >>> round(contrast((0, 0, 0), (255, 255, 255)))
    21
    """
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(fill: tuple[int, ...]) -> tuple[int, int, int]:
    """Dark or light text, whichever reads better on ``fill``."""
    light = (228, 228, 220)  # the theme's text colour, broadcast-safe
    return DEED_INK if contrast(DEED_INK, fill) >= contrast(light, fill) else light


def rim_for(fill: tuple[int, ...], ground: tuple[int, ...]) -> tuple[int, int, int] | None:
    """The outline a shape of colour ``fill`` needs to stand out on ``ground`` (None: it does
    without). A black Utilities die on the dark screen gets a light rim, a yellow band on the paper
    a dark one."""
    if contrast(fill, ground) >= MIN_CONTRAST_SHAPE:
        return None
    return DEED_INK if contrast(DEED_INK, ground) >= contrast((200, 204, 214), ground) else (200, 204, 214)


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
    ground: tuple[int, int, int] | None = None,
) -> pygame.Rect:
    """Draw a die showing ``face`` (None: a blank, unrolled die) in ``rect``; returns its body.

        A property die shows its group's colour; Chance a question mark; GO the red GO arrow; a
        policeman his star; the house die a house, a broken house, a hotel or an open padlock (Get Out
        of Jail Free). A die that would not stand out on ``ground`` (default: the screen's background;
    a card's paper on the board) gets a rim (:func:`rim_for`)."""
    colour = face["colour"] if face is not None else None
    label: str | None = None
    body_colour = WHITE_DIE
    if colour in GROUP_RGB:
        body_colour = GROUP_RGB[colour]
    elif colour == R.CHANCE:
        label = t("mdice.face.chance")
    elif colour == R.POLICEMAN:
        body_colour = POLICE_BLUE
    elif colour == R.JAIL_FREE:
        body_colour = (232, 140, 40)
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
        text=app.text,
        focused=focused,
        focus_colour=app.theme.colour("accent"),
        safe=app.profile.safe_colour,
    )
    rim = rim_for(safe, ground or app.theme.colour("background"))
    if rim is not None:
        pygame.draw.rect(
            surface, rim, body, width=max(2, body.h // 16), border_radius=max(2, round(body.h * 0.16))
        )
    inner = body.inflate(-body.w // 4, -body.h // 4)
    if colour == R.POLICEMAN:
        draw_badge(surface, app, body)
    elif colour == R.GO:
        draw_go_arrow(surface, app, inner, dim=dim)
    elif colour in (R.HOUSE, R.BROKEN_HOUSE):
        draw_house(surface, app, inner, broken=colour == R.BROKEN_HOUSE)
    elif colour == R.HOTEL:
        draw_hotel(surface, app, inner)
    elif colour == R.JAIL_FREE:
        draw_padlock(surface, app, inner)
    return body


def draw_go_arrow(surface: pygame.Surface, app: App, box: pygame.Rect, dim: bool = False) -> None:
    """The GO corner's arrow (pointing the way play goes: left in English, right in Persian)."""
    red = app.profile.safe_colour((150, 70, 70) if dim else (200, 30, 30))
    x0, x1 = box.x, box.right
    y0, y1, cy = box.y + box.h * 0.22, box.bottom - box.h * 0.22, box.centery
    head = box.w * 0.45
    points = [
        (x0, cy),
        (x0 + head, box.y),
        (x0 + head, y0),
        (x1, y0),
        (x1, y1),
        (x0 + head, y1),
        (x0 + head, box.bottom),
    ]
    if app.rtl:
        points = [(x0 + x1 - x, y) for x, y in points]
    pygame.draw.polygon(surface, red, points)


def draw_padlock(surface: pygame.Surface, app: App, box: pygame.Rect) -> None:
    """Get Out of Jail Free: an open padlock (its shackle lifted off to one side)."""
    ink = app.profile.safe_colour(DEED_INK)
    lock = pygame.Rect(box.x, box.y + box.h * 0.45, box.w, box.h * 0.55)
    pygame.draw.rect(surface, ink, lock, border_radius=max(1, box.h // 10))
    width = max(2, box.w // 7)
    shackle = pygame.Rect(box.x + box.w * 0.1, box.y, box.w * 0.55, box.h * 0.7)
    pygame.draw.arc(surface, ink, shackle, 0.2, 3.14159, width)
    hole = pygame.Rect(0, 0, max(2, box.w // 6), max(2, box.h // 5))
    hole.center = lock.center
    pygame.draw.rect(surface, app.profile.safe_colour((232, 140, 40)), hole)


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
