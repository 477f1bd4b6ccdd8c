"""The board overview's corner marks fit their squares whole, in both languages, on every box."""

from __future__ import annotations

import pygame
import pytest

from app import scenes
from app.i18n import LANGUAGES, t
from app.screens.monopoly import board_view


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("profile", ["sd-pal", "sd-pal-wide", "hd-720"])
def test_corner_marks_are_whole_and_inside_their_squares(profile, lang):
    h, _ = scenes.shoot("monopoly-board", profile, lang, None, None)
    try:
        cells = h.top.layout()["cells"]
        floor = board_view.look.floor_px(h.app.theme)
        runs = [r for r in h.app.text.runs if not r.covered]
        for corner in (0, 1, 2):  # GO, Jail, Free Parking (Go to Jail is a picture)
            mark = t(f"mono.mark.corner{corner}")
            cell = pygame.Rect(cells[corner * 10])
            drawn = [r for r in runs if r.text == mark and cell.contains(pygame.Rect(r.rect))]
            near = [(r.text, r.rect) for r in runs if cell.colliderect(pygame.Rect(r.rect))]
            assert drawn, (mark, cell, near)
            assert drawn[0].size >= floor and not drawn[0].clipped
    finally:
        h.close()
