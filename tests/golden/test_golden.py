"""Every scene of app/scenes.py at every shipped profile size, in English and Persian, against its golden PNG.

Regenerate after an intended change: ``TVGAMES_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/golden``
(then look at the PNGs in tests/golden/images/ before committing them).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).parent))

import golden  # noqa: E402

from app import scenes  # noqa: E402

PROFILES = ("sd-pal", "sd-pal-wide", "hd-720")
LANGUAGES = ("en", "fa")

CASES = [
    (name, profile, lang)
    for name, found in scenes.scenes().items()
    if found.golden
    for profile in PROFILES
    for lang in LANGUAGES
]


@pytest.mark.parametrize(("scene", "profile", "lang"), CASES, ids=[f"{s}-{p}-{lang}" for s, p, lang in CASES])
def test_scene_matches_golden(scene, profile, lang, tmp_path):
    headless, frame = scenes.shoot(scene, profile, lang, data_dir=str(tmp_path))
    try:
        golden.check(frame.copy(), f"{scene}-{profile}-{lang}", headless.app.text.runs)
        # Every screen, not only the shell's, stays broadcast-safe.
        assert golden.pixels_over_level(frame, headless.app.profile.max_level) == 0
    finally:
        headless.close()


def test_difference_is_detected_and_shown(tmp_path):
    a = pygame.Surface((40, 30))
    a.fill((10, 20, 30))
    b = a.copy()
    assert not golden.difference_mask(a, b, 8).any()
    pygame.draw.rect(b, (200, 200, 200), (5, 5, 10, 10))
    mask = golden.difference_mask(a, b, 8)
    assert int(mask.sum()) == 100
    picture = golden.side_by_side(a, b, mask)
    assert picture.get_size() == (120, 30)
    assert picture.get_at((80 + 7, 7))[:3] == (255, 0, 0)
    assert picture.get_at((80 + 30, 25))[:3] == (3, 6, 10)


SHELL_SCENES = ("home", "home-monopoly", "settings", "help", "remote-help", "menu", "resume", "resume-list")


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("scene", SHELL_SCENES)
def test_shell_is_broadcast_safe(scene, profile, tmp_path):
    headless, frame = scenes.shoot(scene, profile, "en", data_dir=str(tmp_path))
    try:
        assert golden.pixels_over_level(frame, headless.app.profile.max_level) == 0
        theme = headless.app.theme
        for name, colour in theme.colours.items():
            assert headless.app.profile.safe_colour(colour) == colour, name
    finally:
        headless.close()


def test_level_check_finds_pure_white():
    surface = pygame.Surface((3, 1))
    for x, colour in enumerate([(235, 235, 235), (255, 255, 255), (240, 0, 0)]):
        surface.set_at((x, 0), colour)
    assert golden.pixels_over_level(surface, 235) == 2


def _one_digit_changed(text: str) -> str:
    """``text`` with its last digit changed (9 becomes 0, any other digit goes up by one)."""
    for i in range(len(text) - 1, -1, -1):
        if text[i].isdigit():
            return text[:i] + str((int(text[i]) + 1) % 10) + text[i + 1 :]
    return text


@pytest.mark.parametrize("profile", ["sd-pal", "hd-720"])
def test_one_changed_digit_fails_the_golden_comparison(profile, tmp_path, monkeypatch):
    """The weakness of a pixel tolerance: a score drawn one digit wrong moves too few pixels to
    fail it, so the text runs are compared exactly as well."""
    from app.text import TextRenderer

    if golden.updating():
        pytest.skip("compares with the golden files, so it must not write them")
    name, scene = f"yahtzee-classic-{profile}-en", "yahtzee-classic"
    headless, frame = scenes.shoot(scene, profile, "en", data_dir=str(tmp_path / "a"))
    try:
        golden.check(frame.copy(), name, headless.app.text.runs)  # the scene as it is passes
        target = next(run.text for run in headless.app.text.runs if run.text.startswith("Total "))
    finally:
        headless.close()
    wrong = _one_digit_changed(target)
    render, note = TextRenderer.render, TextRenderer.note
    monkeypatch.setattr(
        TextRenderer,
        "render",
        lambda self, text, *a, **k: render(self, wrong if text == target else text, *a, **k),
    )
    monkeypatch.setattr(
        TextRenderer,
        "note",
        lambda self, text, *a, **k: note(self, wrong if text == target else text, *a, **k),
    )
    headless, frame = scenes.shoot(scene, profile, "en", data_dir=str(tmp_path / "b"))
    try:
        golden.check(frame.copy(), name)  # the picture alone lets the wrong total through
        with pytest.raises(pytest.fail.Exception, match=f"{target!r} size .* is now {wrong!r}"):
            golden.check(frame.copy(), name, headless.app.text.runs)
    finally:
        headless.close()
