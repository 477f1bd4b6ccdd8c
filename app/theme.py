"""Colours and sizes for a profile: everything a screen needs to lay itself out on any TV.

A :class:`Theme` is made from a :class:`~app.profiles.Profile`. Its colours are the profile's named
theme colours (with defaults for names a profile leaves out), each passed through
``profile.safe_colour`` so nothing on screen is brighter than broadcast-safe. Sizes are derived from
the framebuffer height and the profile's font scale, so a screen written once reads from the couch
at 576 and at 720 lines.

The safe area is the rectangle every important pixel must stay in (old TVs overscan their edges).
In right-to-left languages :meth:`Theme.mirror` flips a rectangle about the framebuffer's vertical
centre line, so a screen lays itself out left-to-right and mirrors at the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from app.profiles import Profile

RGB = tuple[int, int, int]

DEFAULT_COLOURS: Mapping[str, RGB] = {
    "background": (18, 24, 46),
    "background_2": (30, 40, 74),
    "panel": (38, 52, 92),
    "panel_focus": (64, 88, 150),
    "panel_disabled": (42, 46, 60),
    "text": (228, 228, 220),
    "text_dim": (150, 158, 178),
    "text_disabled": (104, 108, 122),
    "accent": (235, 180, 40),
    "held": (60, 200, 120),
    "error": (200, 70, 60),
    "shadow": (8, 10, 20),
    "die": (232, 230, 220),
    "pip": (24, 24, 32),
    "pip_light": (232, 232, 224),
    "tile_resume": (160, 110, 40),
    "tile_settings": (90, 100, 120),
    "tile_help": (50, 130, 140),
}
"""Colours used when a profile's ``theme`` does not name them (before broadcast-safe clamping)."""


@dataclass(frozen=True)
class Theme:
    """The drawing vocabulary of one profile: safe colours, text sizes, spacing and the safe area."""

    width: int
    height: int
    safe: pygame.Rect
    pixel_aspect: float
    font_scale: float
    colours: Mapping[str, RGB] = field(repr=False)

    @classmethod
    def from_profile(cls, profile: Profile) -> Theme:
        # each game's tile colour comes from its descriptor; read here, not at import, because the
        # catalog imports the families' packages and the framework must load without any screen
        from app.catalog import GAMES

        merged = dict(DEFAULT_COLOURS)
        merged.update({entry.colour: entry.rgb for entry in GAMES})
        merged.update({k: tuple(v) for k, v in profile.theme.items()})
        colours = {name: tuple(profile.safe_colour(rgb)) for name, rgb in merged.items()}
        sa = profile.safe_area
        safe = pygame.Rect(
            sa.left, sa.top, profile.width - sa.left - sa.right, profile.height - sa.top - sa.bottom
        )
        return cls(profile.width, profile.height, safe, profile.pixel_aspect, profile.font_scale, colours)

    def colour(self, name: str) -> RGB:
        """A named colour; unknown names fall back to the text colour so a typo stays visible."""
        return self.colours.get(name, self.colours["text"])

    # -- sizes --------------------------------------------------------------------------------------
    def px(self, lines_720: float) -> int:
        """A length given for a 720-line screen, scaled to this framebuffer's height."""
        return max(1, round(lines_720 * self.height / 720))

    @property
    def min_text_px(self) -> int:
        """The smallest text a player needs may be drawn at: 20 px at 576 lines, 24 px from 720."""
        return 20 if self.height < 720 else 24

    min_number_px = 28
    """The floor for the main numbers: scores, the money at stake, dice values."""

    def font(self, role: str) -> int:
        """Text size in pixels for a role: title, heading, body, small, huge, or number (a main
        number: a score, the money at stake, a die's value). Never under the floor of its kind."""
        base = {"huge": 64, "title": 46, "heading": 34, "body": 28, "small": 22, "number": 30}[role]
        floor = self.min_number_px if role == "number" else self.min_text_px
        return max(floor, round(base * self.height / 720 * self.font_scale))

    @property
    def gap(self) -> int:
        return self.px(16)

    @property
    def radius(self) -> int:
        return self.px(14)

    # -- layout ---------------------------------------------------------------------------------------
    def mirror(self, rect: pygame.Rect, rtl: bool) -> pygame.Rect:
        """``rect`` flipped left-right about the screen centre when ``rtl``; unchanged otherwise."""
        if not rtl:
            return pygame.Rect(rect)
        return pygame.Rect(self.width - rect.right, rect.y, rect.w, rect.h)

    def round_w(self, h: float) -> int:
        """The framebuffer width that looks as wide as ``h`` pixels are tall on this TV."""
        return max(1, round(h / self.pixel_aspect))
