"""Drawing pieces every screen shares: text, panels, focus lists, the help bar, toasts and dice.

All functions draw into the surface they are given and return the rectangle they used. Text goes
through :class:`app.text.TextRenderer` (cached, Persian shaped); sizes and colours come from the
app's :class:`~app.theme.Theme`. Nothing here keeps state except :class:`FocusList`, which is the
pure focus logic of a list (no drawing).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from app import i18n
from app.screen import first_focus, focus_step, next_focus
from app.text import TextRenderer
from remote.buttons import Button

if TYPE_CHECKING:
    from app.app import App
    from app.screen import Screen
    from app.theme import RGB, Theme

MOTION_S = 0.12
"""How long a small motion lasts (the focus of a list sliding to the next row)."""

ANCHORS = (
    "topleft",
    "midtop",
    "topright",
    "midleft",
    "center",
    "midright",
    "bottomleft",
    "midbottom",
    "bottomright",
)


# -- text ------------------------------------------------------------------------------------------


def draw_text(
    surface: pygame.Surface,
    text_renderer: TextRenderer,
    text: str,
    size: int,
    colour: RGB,
    pos: tuple[int, int],
    anchor: str = "topleft",
    *,
    bold: bool = False,
    lang: str | None = None,
    max_width: int | None = None,
    main: bool = False,
) -> pygame.Rect:
    """Draw one line (or ``\\n``-separated lines) of text with ``anchor`` at ``pos``.

    With ``max_width``, text that would be wider is drawn at a smaller size until it fits (down
    to 60 %), then clipped. ``main`` marks a main number (a score, the money at stake, a die's
    value): the layout test holds it to the larger floor.
    """
    if anchor not in ANCHORS:
        raise ValueError(f"anchor must be one of {ANCHORS}")
    if max_width is not None:
        size = fit_size(text_renderer, text, size, max_width, bold=bold, lang=lang, main=main)
    image = text_renderer.render(text, size, colour, bold=bold, lang=lang)
    rect = image.get_rect(**{anchor: pos})
    clipped = max_width is not None and rect.w > max_width
    if clipped:
        rect = pygame.Rect(rect.x, rect.y, max_width, rect.h)
        if anchor.endswith("right"):
            rect.right = pos[0]
        elif anchor in ("midtop", "center", "midbottom"):
            rect.centerx = pos[0]
        surface.blit(image, rect, pygame.Rect(0, 0, max_width, rect.h))
    else:
        surface.blit(image, rect)
    if text:
        # Where it landed on the framebuffer (a subsurface sits at an offset), as far as the
        # surface and its clip rectangle let it show.
        dx, dy = surface.get_abs_offset()
        shown = rect.clip(surface.get_clip())
        text_renderer.note(
            text,
            size,
            (shown.x + dx, shown.y + dy, shown.w, shown.h),
            lang or i18n.current_language(),
            bold,
            main,
            clipped or shown.w < rect.w,
        )
    return rect


def fit_size(
    text_renderer: TextRenderer,
    text: str,
    size: int,
    max_width: int,
    *,
    bold: bool = False,
    lang: str | None = None,
    main: bool = False,
) -> int:
    """The size :func:`draw_text` draws ``text`` at within ``max_width``: ``size``, or smaller
    until it fits (down to 60 %), but never under the floor the box sets for this kind of text."""
    floor = text_renderer.min_main_px if main else text_renderer.min_px
    smallest = max(min(floor, size), int(size * 0.6))
    while size > smallest and text_renderer.size(text, size, bold=bold, lang=lang)[0] > max_width:
        size = max(smallest, int(size * 0.92))
    return size


def start_anchor(rtl: bool, vertical: str = "top") -> str:
    """The anchor at the reading start: topleft in English, topright in Persian (vertical: top/mid/bottom)."""
    side = "right" if rtl else "left"
    return {"top": f"top{side}", "mid": f"mid{side}", "bottom": f"bottom{side}"}[vertical]


# -- panels and backgrounds ------------------------------------------------------------------------


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour: RGB,
    radius: int = 0,
    border: int = 0,
    border_colour: RGB | None = None,
) -> pygame.Rect:
    """A filled rounded rectangle, optionally with a border of ``border`` pixels."""
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border and border_colour is not None:
        pygame.draw.rect(surface, border_colour, rect, width=border, border_radius=radius)
    return rect


def modal_panel(
    surface: pygame.Surface, theme: Theme, margin: tuple[int, int], padding: tuple[int, int]
) -> tuple[pygame.Rect, pygame.Rect]:
    """The framed panel a full-screen modal draws on (its edge in the accent colour), ``margin``
    (x, y, theme pixels) inside the safe area; the panel and its inside, ``padding`` in from its edge."""
    box = theme.safe.inflate(-theme.px(margin[0]), -theme.px(margin[1]))
    panel(surface, box, theme.colour("background_2"), theme.radius, theme.px(4), theme.colour("accent"))
    return box, box.inflate(-theme.px(padding[0]), -theme.px(padding[1]))


@lru_cache(maxsize=8)
def _background(size: tuple[int, int], top: RGB, bottom: RGB) -> pygame.Surface:
    w, h = size
    surface = pygame.Surface(size)
    for y in range(h):
        f = y / max(1, h - 1)
        colour = tuple(round(a + (b - a) * f) for a, b in zip(top, bottom, strict=True))
        pygame.draw.line(surface, colour, (0, y), (w, y))
    return surface


def background(surface: pygame.Surface, theme: Theme) -> None:
    """The shell's backdrop: a vertical gradient, rendered once per size and blitted."""
    surface.blit(
        _background(surface.get_size(), theme.colour("background_2"), theme.colour("background")), (0, 0)
    )


def dim(surface: pygame.Surface, theme: Theme, alpha: int = 170) -> None:
    """Darken what is already drawn (behind a modal)."""
    shade = _shade(surface.get_size(), theme.colour("shadow"), alpha)
    surface.blit(shade, (0, 0))


@lru_cache(maxsize=4)
def _shade(size: tuple[int, int], colour: RGB, alpha: int) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((*colour, alpha))
    return shade


def title(surface: pygame.Surface, app: App, text: str) -> pygame.Rect:
    """A screen title at the reading start of the safe area's top line."""
    theme = app.theme
    safe = theme.safe
    x = safe.right if app.rtl else safe.left
    return draw_text(
        surface,
        app.text,
        text,
        theme.font("title"),
        theme.colour("text"),
        (x, safe.top),
        start_anchor(app.rtl),
        bold=True,
        max_width=safe.w,
    )


# -- focus -----------------------------------------------------------------------------------------


@dataclass
class FocusList:
    """Focus over items some of which may be disabled; arrows move it, skipping disabled ones."""

    enabled: list[bool]
    focus: int = 0
    vertical: bool = True
    wrap: bool = True

    def __post_init__(self) -> None:
        self.focus = first_focus(self.enabled, self.focus)

    def set_enabled(self, enabled: Sequence[bool]) -> None:
        self.enabled = list(enabled)
        if not self.enabled or not self.enabled[min(self.focus, len(self.enabled) - 1)]:
            self.focus = first_focus(self.enabled, self.focus)
        self.focus = min(self.focus, max(0, len(self.enabled) - 1))

    def move(self, button: Button, rtl: bool = False) -> bool:
        """Move for an arrow button; True if the focus changed."""
        step = focus_step(button, rtl, self.vertical)
        new = next_focus(self.enabled, self.focus, step, self.wrap)
        changed = new != self.focus
        self.focus = new
        return changed


def first_visible(focus: int, visible: int, count: int) -> int:
    """The first of ``count`` rows to show when ``visible`` fit, so that row ``focus`` is shown.

    >>> [first_visible(f, 3, 5) for f in range(5)]
    [0, 0, 0, 1, 2]
    """
    return min(max(0, focus - visible + 1), max(0, count - visible)) if focus >= visible else 0


def focus_slide(
    app: App, key: Hashable, focus: Hashable | None, rect: pygame.Rect | None
) -> pygame.Rect | None:
    """While a cursor moves to ``rect`` (where item ``focus`` is), where its highlight is drawn now;
    None at rest. Every cursor that moves by a key (a list's focus, the dice, a scorecard) slides
    with it: the app keeps, under ``key``, which item each cursor was on, where it was drawn and
    when it moved (``app.focus_memory``), and draws frames until the slide is over
    (:meth:`App.motion`). ``focus`` None: the cursor is hidden now and comes back at rest."""
    memory = getattr(app, "focus_memory", None)
    if memory is None:
        return None
    if focus is None or rect is None:
        memory.pop(key, None)
        return None
    now = app.clock()
    was = memory.get(key)
    if was is None:  # a new cursor: at rest
        memory[key] = (focus, rect, rect, now - MOTION_S)
        return None
    was_focus, start, drawn, began = was
    if was_focus != focus:  # the cursor moved: slide from where it was drawn last
        start, began = drawn, now
        app.motion(MOTION_S)
    done = (now - began) / MOTION_S
    if done >= 1.0 or start == rect:
        memory[key] = (focus, rect, rect, began)
        return None
    ease = 1.0 - (1.0 - done) ** 3
    at = pygame.Rect(
        round(start.x + (rect.x - start.x) * ease),
        round(start.y + (rect.y - start.y) * ease),
        round(start.w + (rect.w - start.w) * ease),
        round(start.h + (rect.h - start.h) * ease),
    )
    memory[key] = (focus, start, at, began)
    return at


def list_rows(
    surface: pygame.Surface,
    app: App,
    rect: pygame.Rect,
    labels: Sequence[str],
    focus: int,
    enabled: Sequence[bool] | None = None,
    values: Sequence[str] | None = None,
    row_height: int | None = None,
) -> list[pygame.Rect]:
    """A vertical list of rows (label at the reading start, optional value at the far end).

    The focused row is highlighted; disabled rows are greyed. Rows beyond ``rect`` scroll so the
    focused one is visible. Returns the row rectangles drawn.
    """
    theme = app.theme
    size = theme.font("body")
    row_h = row_height or int(app.text.line_height(size) * 1.6)
    visible = max(1, rect.h // row_h)
    first = first_visible(focus, visible, len(labels))
    rows: list[pygame.Rect] = []
    pad = theme.px(20)
    value_size = size
    if values is not None:
        # The values of one list keep one size: the size at which the widest of them fits.
        value_size = min(
            (fit_size(app.text, v, size, int(rect.w * 0.4), bold=True) for v in values if v), default=size
        )
    focus_row = pygame.Rect(rect.x, rect.y + (focus - first) * row_h, rect.w, row_h - theme.px(6))
    slide = focus_slide(app, ("list", rect.x, rect.y, rect.w), focus, focus_row)
    shown = range(first, min(len(labels), first + visible))
    for i in shown:
        row = pygame.Rect(rect.x, rect.y + (i - first) * row_h, rect.w, row_h - theme.px(6))
        rows.append(row)
        if i == focus:
            # at rest on its row, or on its way there from the row it left (over the panels, under the text)
            moving = row if slide is None else slide.clip(rect)
        else:
            panel(surface, row, theme.colour("panel"), theme.radius)
    if focus in shown:
        if slide is not None:
            panel(surface, rows[focus - first], theme.colour("panel"), theme.radius)
        panel(surface, moving, theme.colour("panel_focus"), theme.radius, theme.px(4), theme.colour("accent"))
    for i, row in zip(shown, rows, strict=True):
        on = enabled is None or enabled[i]
        colour = theme.colour("text" if on else "text_disabled")
        start = (row.right - pad, row.centery) if app.rtl else (row.x + pad, row.centery)
        label_w = row.w - 2 * pad if values is None else int(row.w * 0.55)
        draw_text(
            surface, app.text, labels[i], size, colour, start, start_anchor(app.rtl, "mid"), max_width=label_w
        )
        if values is not None and values[i]:
            end = (row.x + pad, row.centery) if app.rtl else (row.right - pad, row.centery)
            value_colour = theme.colour("accent") if i == focus else colour
            anchor = "midleft" if app.rtl else "midright"
            draw_text(
                surface,
                app.text,
                values[i],
                value_size,
                value_colour,
                end,
                anchor,
                bold=True,
                max_width=int(row.w * 0.4),
            )
    return rows


# -- help bar and toast ----------------------------------------------------------------------------


def key_name(button: Button) -> str:
    """What is printed on the remote for ``button`` (translated)."""
    return i18n.t(f"key.{button.value.lower()}")


ALWAYS_SHOWN = (Button.MENU, Button.INFO)
"""Keys every help bar shows, whatever else it must leave out: the way to the menu and to help."""

HELP_ROWS = 3
"""Rows the help bar may use before it leaves out keys (disabled ones first). Two hold every
screen's keys but a few at 576 lines; a screen that lays itself out around
:func:`help_bar_height` makes room for the third."""
ARROWS = frozenset({Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT})
DIGITS = tuple(Button[f"DIGIT_{d}"] for d in range(10))


def help_items(screen: Screen) -> list[tuple[str, str, bool]]:
    """(key name, action label, enabled) for each shown binding, one entry per label."""
    seen: dict[str, int] = {}
    items: list[tuple[str, str, bool]] = []
    buttons: list[list[Button]] = []
    for binding in screen.bindings():
        if not binding.show or not binding.label:
            continue
        enabled = screen.check_action(binding.action, binding.args)
        if binding.label in seen:  # e.g. LEFT and RIGHT sharing "Move": one entry "◀ ▶"
            i = seen[binding.label]
            buttons[i].append(binding.button)
            _, label, on = items[i]
            items[i] = (_shared_key_name(buttons[i]), label, on or enabled)
            continue
        seen[binding.label] = len(items)
        buttons.append([binding.button])
        items.append((key_name(binding.button), i18n.t(binding.label), enabled))
    return items


def _shared_key_name(buttons: list[Button]) -> str:
    """One chip for keys sharing a label: arrows read as one pad ("◀ ▶"), a run of three or more
    digit keys as a span ("0–9"), other keys as separate caps ("BACK / MENU"), never one key
    called "BACK MENU"."""
    names = [key_name(b) for b in buttons]
    if all(b in ARROWS for b in buttons):
        return " ".join(names)
    digits = [DIGITS.index(b) for b in buttons if b in DIGITS]
    if len(digits) == len(buttons) >= 3 and digits == list(range(digits[0], digits[0] + len(digits))):
        return f"{names[0]}–{names[-1]}"
    return " / ".join(names)


HelpItem = tuple[str, str, bool]


def shows_always(key: str) -> bool:
    """Whether a chip's key (one cap, or caps sharing a label: "BACK / MENU") holds a key of
    :data:`ALWAYS_SHOWN`: such a chip is never left out, or the screen would show no MENU key."""
    always = {key_name(button) for button in ALWAYS_SHOWN}
    return key in always or any(cap in always for cap in key.split(" / "))


def note_left_out(screen: Screen, items: Sequence[HelpItem]) -> None:
    """Keep, on ``screen``, the (key, label, enabled) items its help bar just left out for want of
    room, as ``screen.help_left_out``: the layout test fails a screen that hides a key this way.
    The record lives on the screen, not in the frame, because a screen may paint its bar once
    into a cached picture and blit that for many frames."""
    screen.help_left_out = tuple(items)


def _help_layout(
    app: App, items: list[HelpItem], width: int
) -> tuple[int, list[list[tuple[HelpItem, int]]], list[HelpItem]]:
    """The text size, the rows of (item, chip width) and the items left out of a help bar
    ``width`` pixels wide.

    The text keeps the theme's small size (never under the floor). Items go on as many rows as
    they need up to :data:`HELP_ROWS`, filling each row in turn; three rows share the keys evenly
    (a third row holding one key would look left over). If that is not enough, disabled keys are
    left out first, then the last ones, but never MENU or INFO."""
    theme = app.theme
    size = theme.font("small")
    gap, pad = theme.px(22), theme.px(8)

    def chip_w(item: HelpItem) -> int:
        return app.text.size(item[0], size, bold=True)[0] + 3 * pad + app.text.size(item[1], size)[0]

    def pack(chosen: list[HelpItem], fill: int = width) -> list[list[tuple[HelpItem, int]]]:
        rows: list[list[tuple[HelpItem, int]]] = [[]]
        used = 0
        for item in chosen:
            w = min(chip_w(item), width)
            if rows[-1] and used + gap + w > fill:
                rows.append([])
                used = 0
            used += (gap if rows[-1] else 0) + w
            rows[-1].append((item, w))
        return rows

    chosen = list(items)
    rows = pack(chosen)
    left_out: list[HelpItem] = []
    while len(rows) > HELP_ROWS:
        droppable = [i for i, item in enumerate(chosen) if not shows_always(item[0])]
        if not droppable:
            break
        disabled = [i for i in droppable if not chosen[i][2]]
        left_out.append(chosen.pop((disabled or droppable)[-1]))
        rows = pack(chosen)
    if len(rows) > 2:
        # the narrowest fill that still needs no more rows
        low, high = width // len(rows), width
        while low < high:
            mid = (low + high) // 2
            low, high = (low, mid) if len(pack(chosen, mid)) <= len(rows) else (mid + 1, high)
        rows = pack(chosen, low)
    return size, rows, left_out


def help_bar_height(app: App, screen: Screen, area: pygame.Rect | None = None) -> int:
    """The height :func:`help_bar` takes at the bottom of ``area`` (default: the safe area)."""
    width = (area or app.theme.safe).w
    size, rows, _ = _help_layout(app, help_items(screen), width)
    return len(rows) * (app.text.line_height(size) + app.theme.px(12))


def help_bar(
    surface: pygame.Surface, app: App, screen: Screen, area: pygame.Rect | None = None
) -> pygame.Rect:
    """The key chips at the bottom of ``area`` (default: the safe area): what each button does
    here, MENU and INFO always among them. A modal passes its own panel.

    Chips that do not fit across one row go on a second (see :func:`help_bar_height`). What did
    not fit even then is kept in ``screen.help_left_out`` (see :func:`note_left_out`)."""
    theme = app.theme
    safe = area or theme.safe
    size, rows, left_out = _help_layout(app, help_items(screen), safe.w)
    note_left_out(screen, left_out)
    refused = getattr(app, "refused_key", None)
    pad = theme.px(8)
    gap = theme.px(22)
    line_h = app.text.line_height(size)
    row_h = line_h + theme.px(12)
    bar = pygame.Rect(safe.x, safe.bottom - row_h * len(rows), safe.w, row_h * len(rows))
    app.text.note_bar(tuple(bar))
    for r, row in enumerate(rows):
        y = bar.y + r * row_h
        x = 0
        for (key, label, enabled), total in row:
            key_colour = theme.colour("background") if enabled else theme.colour("panel_disabled")
            chip_colour = theme.colour("accent") if enabled else theme.colour("text_disabled")
            if refused is not None and refused in key.split(" "):  # just pressed, but not possible now
                key_colour, chip_colour = theme.colour("text"), theme.colour("error")
            label_colour = theme.colour("text") if enabled else theme.colour("text_disabled")
            kw = app.text.size(key, size, bold=True)[0]
            chip = pygame.Rect(0, y + theme.px(3), kw + 2 * pad, line_h + theme.px(6))
            centre_y = y + row_h // 2
            if app.rtl:
                chip.right = bar.right - x
                label_pos, label_anchor = (chip.x - pad, centre_y), "midright"
            else:
                chip.x = bar.x + x
                label_pos, label_anchor = (chip.right + pad, centre_y), "midleft"
            label_w = total - chip.w - pad
            panel(surface, chip, chip_colour, theme.px(8))
            draw_text(surface, app.text, key, size, key_colour, chip.center, "center", bold=True)
            draw_text(
                surface, app.text, label, size, label_colour, label_pos, label_anchor, max_width=label_w
            )
            x += total + gap
    return bar


def toast_line(surface: pygame.Surface, app: App, message: str) -> pygame.Rect:
    """One line of notice just above the help bar, on a dark band so it reads over anything."""
    theme = app.theme
    safe = theme.safe
    size = theme.font("small")
    line_h = app.text.line_height(size)
    band = pygame.Rect(safe.x, safe.bottom - 2 * line_h - theme.px(40), safe.w, line_h + theme.px(16))
    panel(surface, band, theme.colour("shadow"), theme.radius, theme.px(3), theme.colour("accent"))
    draw_text(
        surface,
        app.text,
        message,
        size,
        theme.colour("text"),
        band.center,
        "center",
        max_width=band.w - theme.px(24),
    )
    return band


# -- dice ------------------------------------------------------------------------------------------

PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}
"""Pip centres as fractions of the die face, for faces 1 to 6."""

HELD_BAR = 0.14
"""Fraction of the die's rectangle kept below the die for the "held" bar."""

_label_text: TextRenderer | None = None


def _luminance(rgb: RGB) -> float:
    r, g, b = rgb[:3]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def die_body_rect(rect: pygame.Rect, pixel_aspect: float) -> pygame.Rect:
    """Where the die itself goes inside ``rect``: as large as fits, looking square on the TV,
    leaving room below for the held bar."""
    avail_h = rect.h * (1 - HELD_BAR)
    h = min(avail_h, rect.w * pixel_aspect)
    w = h / pixel_aspect
    body = pygame.Rect(0, 0, round(w), round(h))
    body.midtop = (rect.centerx, rect.y + round((avail_h - h) / 2))
    return body


def draw_die(
    surface: pygame.Surface,
    rect: pygame.Rect,
    face: int | str | None,
    colour: RGB,
    held: bool,
    pixel_aspect: float = 1.0,
    *,
    pip_colour: RGB | None = None,
    held_colour: RGB = (60, 200, 120),
    text: TextRenderer | None = None,
    focused: bool = False,
    focus_colour: RGB = (235, 180, 40),
    safe: Callable[[RGB], RGB] | None = None,
    pip_shape: str = "round",
) -> pygame.Rect:
    """Draw a die in ``rect``: pips for faces 1-6 (of ``pip_shape``, see :data:`PIP_SHAPES`), a
    word (e.g. "Freeze", "×2") for any string face,
    nothing for None (a blank face). It looks square and its pips round on every TV: widths are
    divided by ``pixel_aspect``. A held die has a thick border and a bar below it in
    ``held_colour``, readable from the couch; ``focused`` draws a focus ring around it.
    ``safe`` (the profile's ``safe_colour``) keeps every colour of the die broadcast-safe.
    Returns the die body's rectangle."""
    if pip_colour is None:
        pip_colour = (24, 24, 32) if _luminance(colour) > 110 else (232, 232, 224)
    if safe is not None:
        colour, pip_colour, held_colour, focus_colour = map(
            safe, (colour, pip_colour, held_colour, focus_colour)
        )
    body = die_body_rect(rect, pixel_aspect)
    h = body.h
    radius = max(2, round(h * 0.16))
    shadow = body.move(round(h * 0.04 / pixel_aspect), round(h * 0.05))
    pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=radius)
    pygame.draw.rect(surface, colour, body, border_radius=radius)
    if isinstance(face, int) and not isinstance(face, bool) and face in PIPS:
        ry = max(1.5, h * 0.085)
        rx = ry / pixel_aspect
        for fx, fy in PIPS[face]:
            draw_pip(surface, pip_colour, (body.x + fx * body.w, body.y + fy * body.h), rx, ry, pip_shape)
    elif face is not None:
        global _label_text
        if text is None:
            if _label_text is None:
                _label_text = TextRenderer()
            text = _label_text
        label = str(face)
        size = max(text.min_px, round(h * 0.34))
        draw_text(
            surface,
            text,
            label,
            size,
            pip_colour,
            body.center,
            "center",
            bold=True,
            max_width=round(body.w * 0.86),
        )
    if held:
        border = max(3, round(h * 0.08))
        pygame.draw.rect(
            surface,
            held_colour,
            body.inflate(border, border),
            width=border,
            border_radius=radius + border // 2,
        )
        bar = pygame.Rect(0, 0, body.w, max(3, round(rect.h * HELD_BAR * 0.55)))
        bar.midtop = (body.centerx, body.bottom + max(2, round(rect.h * HELD_BAR * 0.3)))
        pygame.draw.rect(surface, held_colour, bar, border_radius=bar.h // 2)
    if focused:
        die_focus_ring(surface, body, focus_colour)
    return body


PIP_SHAPES = ("round", "square", "triangle", "diamond", "cross")
"""The pip shapes a die may have: a die told apart by its colour is told apart by its pips too."""


def draw_pip(
    surface: pygame.Surface, colour: RGB, centre: tuple[float, float], rx: float, ry: float, shape: str
) -> None:
    """One pip of ``shape`` centred on ``centre``, ``rx`` by ``ry`` from its centre to its edge."""
    cx, cy = centre
    if shape == "square":
        s = 0.9  # a square looks bigger than a disc of the same width
        pygame.draw.rect(
            surface,
            colour,
            pygame.Rect(round(cx - rx * s), round(cy - ry * s), round(2 * rx * s), round(2 * ry * s)),
        )
    elif shape == "triangle":
        k = 1.25
        pygame.draw.polygon(
            surface,
            colour,
            [(cx, cy - ry * k), (cx + rx * k, cy + ry * k * 0.8), (cx - rx * k, cy + ry * k * 0.8)],
        )
    elif shape == "diamond":
        k = 1.3
        pygame.draw.polygon(
            surface, colour, [(cx, cy - ry * k), (cx + rx * k, cy), (cx, cy + ry * k), (cx - rx * k, cy)]
        )
    elif shape == "cross":
        k, w = 1.25, 0.45
        pygame.draw.rect(
            surface,
            colour,
            pygame.Rect(round(cx - rx * k), round(cy - ry * w), round(2 * rx * k), max(2, round(2 * ry * w))),
        )
        pygame.draw.rect(
            surface,
            colour,
            pygame.Rect(round(cx - rx * w), round(cy - ry * k), max(2, round(2 * rx * w)), round(2 * ry * k)),
        )
    else:
        pygame.draw.ellipse(
            surface, colour, pygame.Rect(round(cx - rx), round(cy - ry), round(2 * rx), round(2 * ry))
        )


def die_focus_ring(surface: pygame.Surface, body: pygame.Rect, colour: RGB) -> None:
    """The focus ring around a die whose body is ``body`` (a die cursor on its way draws it alone)."""
    ring = max(2, round(body.h * 0.05))
    radius = max(2, round(body.h * 0.16))
    pygame.draw.rect(
        surface, colour, body.inflate(ring * 4, ring * 4), width=ring, border_radius=radius + ring * 2
    )


def draw_die_themed(
    surface: pygame.Surface,
    app: App,
    rect: pygame.Rect,
    face: int | str | None,
    held: bool,
    colour: RGB | None = None,
    focused: bool = False,
    pip_shape: str = "round",
) -> pygame.Rect:
    """:func:`draw_die` with the app's theme (broadcast-safe) colours and pixel aspect."""
    theme = app.theme
    body = colour or theme.colour("die")
    pips = theme.colour("pip") if _luminance(body) > 110 else theme.colour("pip_light")
    return draw_die(
        surface,
        rect,
        face,
        body,
        held,
        theme.pixel_aspect,
        pip_colour=pips,
        held_colour=theme.colour("held"),
        text=app.text,
        focused=focused,
        focus_colour=theme.colour("accent"),
        safe=app.profile.safe_colour,
        pip_shape=pip_shape,
    )


def dice_tile_art(
    surface: pygame.Surface,
    app: App,
    box: pygame.Rect,
    faces: Sequence[int | str],
    colours: Sequence[tuple[int, int, int]],
) -> None:
    """A home tile's picture: three dice in a shallow arch across ``box`` (faces and die colours)."""
    theme = app.theme
    die_w = min(theme.round_w(box.h * 0.5), round(box.w * 0.26))
    die_h = round(die_w * theme.pixel_aspect)
    for k, (face, colour) in enumerate(zip(faces, colours, strict=True)):
        cx = box.centerx + round((k - 1) * die_w * 1.12)
        cy = box.centery + (0 if k == 1 else theme.px(18))
        rect = pygame.Rect(0, 0, die_w, die_h)
        rect.center = (cx, cy)
        draw_die_themed(surface, app, rect, face, False, colour)


# -- phones at the table -------------------------------------------------------------------------------
def phone_seats(app: App) -> frozenset[int]:
    """The seats whose phone is connected now (empty while the phone server is off)."""
    phones = getattr(app, "phones", None)
    return frozenset(phones.connected()) if phones is not None else frozenset()


def seat_label(app: App, seat: int, name: str) -> str:
    """A seat's name as a game screen's player row shows it: with the telephone sign (☎) before it while
    that seat's phone is connected: a shape in the name itself, not a colour, and one that a name too long
    for its row never pushes out (the end of the name is cut first)."""
    return i18n.t("phones.tag", name=name) if seat in phone_seats(app) else name
