"""The home screen: a carousel of the games plus Resume, Settings and Help.

A game whose catalog entry has no ``start`` shows a "Coming soon" ribbon and cannot be entered
(SELECT is greyed out in the help bar and plays the error sound).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from app import catalog, widgets
from app.i18n import t
from app.screen import Binding, Screen
from app.screens.help import RemoteHelpScreen
from app.screens.resume import ResumeScreen
from app.screens.settings import SettingsScreen
from app.widgets import FocusList
from remote.buttons import Button


@dataclass(frozen=True)
class Tile:
    """One carousel tile: a game or a shell page."""

    id: str
    title_key: str
    subtitle_key: str
    colour: str
    game: catalog.GameEntry | None = None

    @property
    def enterable(self) -> bool:
        return self.game is None or self.game.built


def tiles() -> list[Tile]:
    """The carousel, in reading order: the catalog's games, then Resume, Settings and Help."""
    out = [Tile(g.id, g.title_key, g.subtitle_key, g.colour, g) for g in catalog.GAMES]
    out += [
        Tile("resume", "home.resume", "home.resume.subtitle", "tile_resume"),
        Tile("settings", "home.settings", "home.settings.subtitle", "tile_settings"),
        Tile("help", "home.help", "home.help.subtitle", "tile_help"),
    ]
    return out


SLIDE_SPEED = 14.0
"""Carousel slide: fraction of the remaining distance covered per second (exponential ease)."""


class HomeScreen(Screen):
    title_key = "app.title"
    BINDINGS = (
        Binding(Button.LEFT, "move", "action.move", repeat=True, args=(Button.LEFT,)),
        Binding(Button.RIGHT, "move", "action.move", repeat=True, args=(Button.RIGHT,)),
        Binding(Button.SELECT, "select", "action.select"),
        Binding(Button.BACK, "back", "", show=False),
    )

    def __init__(self, focus: int = 0) -> None:
        super().__init__()
        self.tiles = tiles()
        self.focus = FocusList([True] * len(self.tiles), focus, vertical=False)
        self.scroll = 0.0  # first visible tile position, in tiles (animated)
        self._scroll_target = 0.0
        self._tile_images: dict[tuple, tuple[pygame.Surface, list]] = {}

    # -- input ----------------------------------------------------------------------------------------
    @property
    def focused(self) -> Tile:
        return self.tiles[self.focus.focus]

    def check_action(self, action: str, args: tuple) -> bool:
        if action == "select":
            return self.focused.enterable
        return True

    def action_move(self, button: Button) -> None:
        self.focus.move(button, self.rtl)
        self.app.sound.play("move")

    def action_select(self) -> None:
        tile = self.focused
        self.app.sound.play("select")
        if tile.game is not None:
            tile.game.start_function()(self.app, tile.game)
        elif tile.id == "resume":
            self.app.push(ResumeScreen())
        elif tile.id == "settings":
            self.app.push(SettingsScreen())
        elif tile.id == "help":
            self.app.push(RemoteHelpScreen())

    def select_tile(self, tile_id: str) -> None:
        """Focus the tile ``tile_id`` at once (scenes, tests)."""
        self.focus.focus = [t.id for t in self.tiles].index(tile_id)
        self.scroll = self._scroll_target = self.target_scroll()
        self.refresh()

    # -- layout and animation ----------------------------------------------------------------------------
    def _geometry(self) -> tuple[int, int, int, float]:
        """Tile width, height, gap and how many tiles fit across the safe area."""
        theme = self.theme
        safe = theme.safe
        tile_h = round(safe.h * 0.46)
        tile_w = min(theme.round_w(tile_h * 0.78), round(safe.w / 3.3))
        gap = theme.px(28)
        fits = (safe.w - 2 * theme.px(14) + gap) / (tile_w + gap)
        return tile_w, tile_h, gap, fits

    def target_scroll(self) -> float:
        """Scroll (in tiles) that centres the focused tile, clamped at both ends."""
        _, _, _, fits = self._geometry()
        n = len(self.tiles)
        if n <= fits:
            return (n - fits) / 2
        return min(max(self.focus.focus + 0.5 - fits / 2, 0.0), n - fits)

    def on_enter(self) -> None:
        self.reload_tiles()

    def reload_tiles(self) -> None:
        """The tiles again, without Settings where the app does not allow it (kiosk mode)."""
        focused = self.focused.id
        self.tiles = [tile for tile in tiles() if tile.id != "settings" or self.app.allows("settings")]
        ids = [tile.id for tile in self.tiles]
        self.focus = FocusList(
            [True] * len(self.tiles), ids.index(focused) if focused in ids else 0, vertical=False
        )
        self._tile_images.clear()
        self.scroll = self._scroll_target = self.target_scroll()
        self.refresh()

    def on_layout(self) -> None:
        self._tile_images.clear()
        self.on_enter()

    @property
    def animating(self) -> bool:
        return abs(self.scroll - self.target_scroll()) > 0.002

    def update(self, dt: float) -> None:
        target = self.target_scroll()
        self.scroll += (target - self.scroll) * (1 - math.exp(-SLIDE_SPEED * dt))
        if abs(self.scroll - target) <= 0.002:
            self.scroll = target

    # -- drawing ------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app, theme, rtl = self.app, self.theme, self.rtl
        safe = theme.safe
        widgets.background(surface, theme)
        widgets.title(surface, app, t("app.title"))
        heading_pos = (safe.x, safe.top + theme.px(14)) if rtl else (safe.right, safe.top + theme.px(14))
        widgets.draw_text(
            surface,
            app.text,
            t("home.title"),
            theme.font("body"),
            theme.colour("text_dim"),
            heading_pos,
            "topleft" if rtl else "topright",
            max_width=safe.w // 2,
        )
        tile_w, tile_h, gap, _ = self._geometry()
        top = safe.top + round(safe.h * 0.17)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(safe.x, top - theme.px(20), safe.w, tile_h + theme.px(40)))
        inset = theme.px(14)  # room for the focused tile's growth inside the safe area
        crossing: list[pygame.Rect] = []
        for i, tile in enumerate(self.tiles):
            x = safe.x + inset + round((i - self.scroll) * (tile_w + gap))
            rect = theme.mirror(pygame.Rect(x, top, tile_w, tile_h), rtl)
            if rect.right < safe.x or rect.x > safe.right:
                continue
            focused = i == self.focus.focus
            # a tile cut by the safe area's edge fades out there, and its title (which could not
            # be read whole) is left off
            inside = safe.contains(rect.inflate(theme.px(16) if focused else 0, 0))
            if not inside:
                crossing.append(rect)
            self._draw_tile(surface, rect, tile, focused, titled=inside)
        self._fade_edges(surface, crossing, pygame.Rect(surface.get_clip()))
        surface.set_clip(clip)
        self._draw_caption(surface, top + tile_h + theme.px(46))
        self._draw_position(surface, top + tile_h + theme.px(24))
        widgets.help_bar(surface, app, self)

    def _fade_edges(self, surface: pygame.Surface, crossing: list[pygame.Rect], band: pygame.Rect) -> None:
        """Blend the tiles that cross the safe area's edge into the backdrop toward that edge."""
        theme = self.theme
        safe = theme.safe
        most = theme.px(110)
        for rect in crossing:
            if rect.x < safe.x:
                width = min(most, max(1, rect.right - safe.x))
                area = pygame.Rect(safe.x, band.y, width, band.h)
                leftward = True
            else:
                width = min(most, max(1, safe.right - rect.x))
                area = pygame.Rect(safe.right - width, band.y, width, band.h)
                leftward = False
            surface.blit(self._fade(area, leftward, surface.get_size()), area)

    def _fade(self, area: pygame.Rect, leftward: bool, size: tuple[int, int]) -> pygame.Surface:
        """The backdrop over ``area``, opaque at the safe edge (left if ``leftward``), clear inward."""
        key = ("fade", tuple(area), leftward, size)
        cached = self._tile_images.get(key)
        if cached is not None:
            return cached[0]
        theme = self.theme
        back = pygame.Surface(size)
        widgets.background(back, theme)
        image = pygame.Surface(area.size, pygame.SRCALPHA)
        image.blit(back, (0, 0), area)
        # The alpha of one row, stretched down the band and laid on with MIN: white keeps the
        # colours and the row's alpha replaces the opaque one (no numpy before the first frame).
        row = pygame.Surface((area.w, 1), pygame.SRCALPHA)
        for x in range(area.w):
            f = (x + 0.5) / area.w
            row.set_at((x, 0), (255, 255, 255, round(255 * ((1 - f) if leftward else f) ** 0.8)))
        image.blit(pygame.transform.scale(row, area.size), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        self._tile_images[key] = (image, [])
        return image

    def _draw_tile(
        self, surface: pygame.Surface, rect: pygame.Rect, tile: Tile, focused: bool, titled: bool = True
    ) -> None:
        """Blit the tile's picture, drawn once per look (tiles only change with focus and language)."""
        theme = self.theme
        grow = theme.px(16) if focused else 0
        margin = theme.px(12)
        key = (tile, focused, titled, rect.size, self.app.lang)
        picture = self._tile_images.get(key)
        if picture is None:
            image = pygame.Surface((rect.w + grow + 2 * margin, rect.h + grow + 2 * margin), pygame.SRCALPHA)
            inner = pygame.Rect(margin, margin, rect.w + grow, rect.h + grow)
            with self.app.text.capture() as runs:
                self._paint_tile(image, inner, tile, focused, titled)
            if pygame.display.get_surface() is not None:
                image = image.convert_alpha()
            picture = self._tile_images[key] = (image, runs)
        at = (rect.x - grow // 2 - margin, rect.y - grow // 2 - margin)
        surface.blit(picture[0], at)
        self.app.text.replay(picture[1], at)

    def _paint_tile(
        self, surface: pygame.Surface, rect: pygame.Rect, tile: Tile, focused: bool, titled: bool = True
    ) -> None:
        theme, app = self.theme, self.app
        base = theme.colour(tile.colour)
        colour = base if tile.enterable else tuple(round(c * 0.55) for c in base)
        border_colour = theme.colour("accent") if focused else theme.colour("shadow")
        widgets.panel(surface, rect.move(theme.px(6), theme.px(8)), theme.colour("shadow"), theme.radius)
        widgets.panel(
            surface, rect, colour, theme.radius, theme.px(6) if focused else theme.px(2), border_colour
        )
        icon = pygame.Rect(rect.x, rect.y + theme.px(18), rect.w, round(rect.h * 0.5))
        self._draw_icon(surface, icon, tile)
        if not titled:
            return
        size = theme.font("heading")
        text_colour = theme.colour("text") if tile.enterable else theme.colour("text_dim")
        room = rect.w - theme.px(20)
        title = t(tile.title_key)
        smallest = max(theme.min_text_px, round(size * 0.6))
        if app.text.size(title, smallest, bold=True)[0] > room:
            # too long for one line even at its smallest: two lines ("Monopoly / Dice")
            title = "\n".join(app.text.wrap(title, smallest, room, bold=True)[:2])
        widgets.draw_text(
            surface,
            app.text,
            title,
            size,
            text_colour,
            (rect.centerx, rect.bottom - theme.px(22)),
            "midbottom",
            bold=True,
            max_width=room,
        )
        if not tile.enterable:
            band = pygame.Rect(rect.x, rect.y + round(rect.h * 0.58), rect.w, theme.px(40))
            pygame.draw.rect(surface, theme.colour("accent"), band)
            widgets.draw_text(
                surface,
                app.text,
                t("home.coming_soon"),
                theme.font("small"),
                theme.colour("background"),
                band.center,
                "center",
                bold=True,
                max_width=band.w - theme.px(10),
            )

    def _draw_icon(self, surface: pygame.Surface, box: pygame.Rect, tile: Tile) -> None:
        """A simple picture for each tile, drawn from shapes (no image files): a game's from its
        descriptor's ``tile_art``, the shell pages' here."""
        theme, app = self.theme, self.app
        if tile.game is not None:
            if tile.game.tile_art is not None:
                catalog.resolve(tile.game.tile_art)(surface, box, self, tile.game)
        elif tile.id == "resume":
            h = round(box.h * 0.55)
            w = theme.round_w(h * 0.9)
            cx, cy = box.center
            if self.rtl:
                points = [(cx + w // 2, cy - h // 2), (cx + w // 2, cy + h // 2), (cx - w // 2, cy)]
            else:
                points = [(cx - w // 2, cy - h // 2), (cx - w // 2, cy + h // 2), (cx + w // 2, cy)]
            pygame.draw.polygon(surface, theme.colour("text"), points)
        elif tile.id == "settings":
            w = round(box.w * 0.55)
            for k in range(3):
                y = box.y + round(box.h * (0.28 + 0.22 * k))
                pygame.draw.line(
                    surface,
                    theme.colour("text"),
                    (box.centerx - w // 2, y),
                    (box.centerx + w // 2, y),
                    theme.px(6),
                )
                knob_x = box.centerx - w // 2 + round(w * (0.25, 0.7, 0.45)[k])
                r = theme.px(13)
                pygame.draw.ellipse(
                    surface,
                    theme.colour("accent"),
                    pygame.Rect(knob_x - theme.round_w(r), y - r, 2 * theme.round_w(r), 2 * r),
                )
        elif tile.id == "help":
            widgets.draw_text(
                surface,
                app.text,
                "?",
                round(box.h * 0.7),
                theme.colour("text"),
                box.center,
                "center",
                bold=True,
            )

    def _draw_caption(self, surface: pygame.Surface, y: int) -> None:
        theme, app = self.theme, self.app
        tile = self.focused
        text = t(tile.subtitle_key) if tile.enterable else t("home.not_available")
        colour = theme.colour("text") if tile.enterable else theme.colour("accent")
        widgets.draw_text(
            surface,
            app.text,
            text,
            theme.font("heading"),
            colour,
            (theme.width // 2, y),
            "midtop",
            max_width=theme.safe.w,
        )

    def _draw_position(self, surface: pygame.Surface, y: int) -> None:
        """Small dots under the carousel: where the focus is among all tiles."""
        theme = self.theme
        n = len(self.tiles)
        r = theme.px(5)
        step = theme.px(22)
        x0 = theme.width // 2 - (n - 1) * step // 2
        for i in range(n):
            k = n - 1 - i if self.rtl else i
            colour = theme.colour("accent") if i == self.focus.focus else theme.colour("text_disabled")
            rx = theme.round_w(r)
            pygame.draw.ellipse(surface, colour, pygame.Rect(x0 + k * step - rx, y - r, 2 * rx, 2 * r))


def house_art(surface: pygame.Surface, box: pygame.Rect, screen: Screen, entry: catalog.GameEntry) -> None:
    """A house: the tile art of the Monopoly board game."""
    theme = screen.theme
    colour = theme.colour("held")
    h = round(box.h * 0.62)
    w = theme.round_w(h * 0.95)
    cx, cy = box.center
    roof = [
        (cx - w // 2 - theme.px(8), cy - h // 6),
        (cx, cy - h // 2),
        (cx + w // 2 + theme.px(8), cy - h // 6),
    ]
    body = pygame.Rect(cx - w // 2, cy - h // 6, w, h * 2 // 3)
    pygame.draw.rect(surface, colour, body)
    pygame.draw.polygon(surface, colour, roof)
    door = pygame.Rect(0, 0, w // 4, h // 3)
    door.midbottom = body.midbottom
    pygame.draw.rect(surface, theme.colour("shadow"), door)
