"""Golden-image comparison for any scene: reuse :func:`check` in your own tests.

``check(surface, name)`` compares a rendered framebuffer with ``tests/golden/images/<name>.png``:

- ``TVGAMES_UPDATE_GOLDEN=1`` writes (or rewrites) the file instead and passes;
- a missing file fails with the command that creates it;
- otherwise the pictures must have the same size and at most ``max_fraction`` of the pixels may
  differ by more than ``channel_tolerance`` in any channel (font rasterisers differ a little
  between FreeType builds; a layout change moves far more pixels than that);
- on failure a side-by-side PNG (expected | actual | differing pixels in red) is written to
  ``tests/golden/_failures/<name>.png``.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pygame

HERE = Path(__file__).parent
IMAGES = HERE / "images"
FAILURES = HERE / "_failures"
UPDATE_ENV = "TVGAMES_UPDATE_GOLDEN"


def updating() -> bool:
    return os.environ.get(UPDATE_ENV, "") not in ("", "0")


def _pixels(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface).astype(np.int16)


def difference_mask(expected: pygame.Surface, actual: pygame.Surface, channel_tolerance: int) -> np.ndarray:
    """Boolean (w, h) array: pixels where any channel differs by more than ``channel_tolerance``."""
    return (np.abs(_pixels(expected) - _pixels(actual)) > channel_tolerance).any(axis=2)


def side_by_side(expected: pygame.Surface, actual: pygame.Surface, mask: np.ndarray | None) -> pygame.Surface:
    """expected | actual | diff (differing pixels red over a darkened expected)."""
    w, h = expected.get_size()
    aw, ah = actual.get_size()
    out = pygame.Surface((w + aw + w, max(h, ah)))
    out.fill((40, 0, 40))
    out.blit(expected, (0, 0))
    out.blit(actual, (w, 0))
    diff = _pixels(expected) // 3
    if mask is not None:
        diff[mask] = (255, 0, 0)
    out.blit(pygame.surfarray.make_surface(diff.astype(np.uint8)), (w + aw, 0))
    return out


def check(
    surface: pygame.Surface, name: str, channel_tolerance: int = 48, max_fraction: float = 0.002
) -> None:
    """Compare ``surface`` with the golden image ``name`` (see the module docstring)."""
    import pytest

    path = IMAGES / f"{name}.png"
    if updating():
        IMAGES.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(path))
        return
    if not path.exists():
        pytest.fail(
            f"no golden image {path.relative_to(HERE.parent.parent)}: run {UPDATE_ENV}=1 pytest {HERE.name}"
        )
    expected = pygame.image.load(str(path))
    failure = FAILURES / f"{name}.png"
    if expected.get_size() != surface.get_size():
        FAILURES.mkdir(exist_ok=True)
        pygame.image.save(side_by_side(expected, surface, None), str(failure))
        pytest.fail(f"{name}: size {surface.get_size()} != golden {expected.get_size()}; see {failure}")
    mask = difference_mask(expected, surface, channel_tolerance)
    fraction = float(mask.mean())
    if fraction > max_fraction:
        FAILURES.mkdir(exist_ok=True)
        pygame.image.save(side_by_side(expected, surface, mask), str(failure))
        pytest.fail(f"{name}: {fraction:.2%} of pixels differ (allowed {max_fraction:.2%}); see {failure}")
    if failure.exists():
        failure.unlink()


def pixels_over_level(surface: pygame.Surface, max_level: int) -> int:
    """How many pixels have a channel brighter than ``max_level`` (broadcast-safe: none).

    Blending (anti-aliased text, shadows) never leaves the range of the colours blended, so a
    picture drawn only in safe colours passes. The red limit of ``Profile.safe_colour`` is not
    checked per pixel: a blend of safe white and safe red is a legal colour the rule would flag."""
    return int((_pixels(surface).max(axis=2) > max_level).sum())
