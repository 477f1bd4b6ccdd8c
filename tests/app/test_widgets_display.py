"""Dice that look square on every TV, the help bar's items, letterboxing and the video-driver choice."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from app import widgets
from app.display import Display, DisplayError, choose_video_driver, letterbox, window_size_for
from app.profiles import load_profile

BODY = (200, 190, 180)
HELD = (60, 200, 120)


def _bbox(surface: pygame.Surface, colour) -> pygame.Rect:
    """Bounding box of the pixels of exactly ``colour``."""
    pixels = pygame.surfarray.array3d(surface)
    xs, ys = np.nonzero((pixels == np.array(colour)).all(axis=2))
    return pygame.Rect(
        int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1)
    )


@pytest.mark.parametrize("pixel_aspect", [1.0, 16 / 15, 64 / 45])  # square, PAL 4:3, PAL 16:9
def test_die_looks_square_on_the_tv(pixel_aspect):
    surface = pygame.Surface((400, 300))
    surface.fill((0, 0, 80))
    body = widgets.draw_die(surface, pygame.Rect(20, 20, 300, 220), 1, BODY, False, pixel_aspect)
    drawn = _bbox(surface, BODY)
    assert drawn == body
    shown_width = drawn.w * pixel_aspect  # what the TV makes of it
    assert shown_width == pytest.approx(drawn.h, abs=2)


@pytest.mark.parametrize("pixel_aspect", [1.0, 16 / 15, 64 / 45])
def test_pips_look_round(pixel_aspect):
    surface = pygame.Surface((400, 300))
    pip = (10, 10, 10)
    widgets.draw_die(surface, pygame.Rect(0, 0, 400, 300), 1, BODY, False, pixel_aspect, pip_colour=pip)
    box = _bbox(surface, pip)
    assert box.w * pixel_aspect == pytest.approx(box.h, abs=2)


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_pip_count(face):
    surface = pygame.Surface((300, 300))
    pip = (10, 10, 10)
    widgets.draw_die(surface, pygame.Rect(0, 0, 300, 300), face, BODY, False, 1.0, pip_colour=pip)
    mask = (pygame.surfarray.array3d(surface) == np.array(pip)).all(axis=2)
    # count connected blobs along the pip grid: each pip centre is inked
    body = widgets.die_body_rect(pygame.Rect(0, 0, 300, 300), 1.0)
    centres = [(round(body.x + fx * body.w), round(body.y + fy * body.h)) for fx, fy in widgets.PIPS[face]]
    assert all(mask[x, y] for x, y in centres)
    assert len(widgets.PIPS[face]) == face


def test_held_die_has_a_visible_mark_and_a_free_one_none():
    free = pygame.Surface((200, 200))
    held = pygame.Surface((200, 200))
    rect = pygame.Rect(0, 0, 200, 200)
    widgets.draw_die(free, rect, 3, BODY, False, 1.0, held_colour=HELD)
    widgets.draw_die(held, rect, 3, BODY, True, 1.0, held_colour=HELD)
    count = lambda s: int((pygame.surfarray.array3d(s) == np.array(HELD)).all(axis=2).sum())  # noqa: E731
    assert count(free) == 0
    assert count(held) > 0.05 * 200 * 200  # big enough to see from the couch
    bar = _bbox(held, HELD)
    body = widgets.die_body_rect(rect, 1.0)
    assert bar.bottom > body.bottom  # the bar under the die


def test_label_face_draws_text_not_pips():
    surface = pygame.Surface((200, 200))
    ink = (10, 10, 10)
    widgets.draw_die(surface, pygame.Rect(0, 0, 200, 200), "×2", BODY, False, 1.0, pip_colour=ink)
    pixels = pygame.surfarray.array3d(surface)
    body = widgets.die_body_rect(pygame.Rect(0, 0, 200, 200), 1.0)
    inside = pixels[body.x : body.right, body.y : body.bottom]
    assert (np.abs(inside.astype(int) - np.array(BODY)).sum(axis=2) > 60).any()  # some text ink


@pytest.mark.parametrize(
    ("window", "aspect", "expected"),
    [
        ((1920, 1080), (16, 9), (0, 0, 1920, 1080)),
        ((1920, 1080), (4, 3), (240, 0, 1440, 1080)),
        ((1024, 1024), (4, 3), (0, 128, 1024, 768)),
        ((768, 576), (4, 3), (0, 0, 768, 576)),
        ((1000, 562), (16, 9), (0, 0, 999, 562)),
    ],
)
def test_letterbox(window, aspect, expected):
    assert tuple(letterbox(window, aspect)) == expected


@pytest.mark.parametrize(
    ("env", "platform", "expected"),
    [
        ({}, "linux", "kmsdrm"),
        ({"DISPLAY": ":0"}, "linux", None),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", None),
        ({"SDL_VIDEODRIVER": "x11"}, "linux", "x11"),
        ({}, "darwin", None),
        ({}, "win32", None),
    ],
)
def test_choose_video_driver(env, platform, expected):
    assert choose_video_driver(env, platform) == expected


def test_pal_window_has_the_tv_shape():
    pal = load_profile("sd-pal")
    w, h = window_size_for(pal, (1920, 1080))
    assert w / h == pytest.approx(pal.display_aspect[0] / pal.display_aspect[1], abs=0.01)
    small = window_size_for(pal, (800, 600))
    assert small[0] <= 800 * 0.95 and small[1] <= 600 * 0.9


def test_no_display_gives_one_line_telling_what_to_do(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "no-such-driver")
    pygame.display.quit()
    with pytest.raises(DisplayError) as info:
        Display(load_profile("hd-720"), "window")
    text = str(info.value)
    assert "\n" not in text
    assert "SDL_VIDEODRIVER" in text and "video" in text


def test_help_items_grey_out_and_merge():
    from app.screen import Binding, Screen
    from remote.buttons import Button

    class S(Screen):
        BINDINGS = (
            Binding(Button.LEFT, "move", "action.move"),
            Binding(Button.RIGHT, "move", "action.move"),
            Binding(Button.DIGIT_3, "end_turn", "action.end_turn"),
            Binding(Button.DIGIT_9, "secret", "action.hint", show=False),
        )

        def check_action(self, action, args):
            return action != "end_turn"

    items = widgets.help_items(S())
    assert items[0] == ("◀ ▶", "Move", True)
    assert items[1] == ("3", "End turn", False)
    assert "Hint" not in [label for _, label, _ in items]
    assert [label for _, label, _ in items][-3:] == ["Back", "Menu", "Help"]


def test_app_lets_the_display_choose_the_driver(monkeypatch, tmp_path):
    """Nothing may initialise SDL's video before Display has set the driver it chose."""
    import app.display
    from app.app import App

    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(app.display, "choose_video_driver", lambda env, platform=None: "no-such-driver")
    pygame.display.quit()
    with pytest.raises(DisplayError):
        App(load_profile("hd-720"), display_mode="window", data_dir=tmp_path)
    pygame.display.quit()


def test_a_refused_key_flashes_its_help_chip(tmp_path):
    """A key that cannot act now answers on screen too (a muted TV): its chip shows red a moment."""
    from app.app import REFUSED_FLASH_S, Headless
    from app.screen import Binding, Screen
    from remote.buttons import Button

    class S(Screen):
        BINDINGS = (Binding(Button.DIGIT_3, "end_turn", "action.end_turn"),)

        def check_action(self, action, args):
            return False

        def draw(self, surface):
            widgets.background(surface, self.theme)
            widgets.help_bar(surface, self.app, self)

    h = Headless(profile="sd-pal", data_dir=tmp_path, home=False)
    try:
        h.app.push(S())
        h.app.step()
        before = h.render().copy()
        h.app.pipeline.push_key(Button.DIGIT_3, True, h.clock.now, source="script")
        h.app.step()
        assert h.app.refused_key == "3"
        chip = next(run for run in h.app.text.runs if run.text == "3")
        x, y, _, _ = chip.rect
        error = h.app.theme.colour("error")
        assert h.app.display.framebuffer.get_at((x - 2, y + 2))[:3] == error
        assert before.get_at((x - 2, y + 2))[:3] != error
        h.app.pipeline.push_key(Button.DIGIT_3, False, h.clock.now, source="script")
        h.advance(REFUSED_FLASH_S * 1000 + 100)
        assert h.app.refused_key is None
    finally:
        h.close()
