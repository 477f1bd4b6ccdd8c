"""Golden-image comparison for any scene: reuse :func:`check` in your own tests.

``check(surface, name, runs)`` compares a rendered framebuffer with ``tests/golden/images/<name>.png``
and the text drawn on it (``app.text.runs``, see :class:`app.text.TextRun`) with ``<name>.json``:

- ``TVGAMES_UPDATE_GOLDEN=1`` writes (or rewrites) the files instead and passes;
- a missing file fails with the command that creates it;
- the text must be the same exactly: every run's string, font size, language and weight, in
  the same order, each within ``RUN_SLACK`` pixels of its place. A wrong digit changes only
  30-100 pixels, too few for the picture's tolerance, but never passes here;
- the pictures must have the same size and at most ``max_fraction`` of the pixels may differ by
  more than ``channel_tolerance`` in any channel (font rasterisers differ a little between
  FreeType builds; a layout change moves far more pixels than that);
- on failure a side-by-side PNG (expected | actual | differing pixels in red) is written to
  ``tests/golden/_failures/<name>.png``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pygame

HERE = Path(__file__).parent
IMAGES = HERE / "images"
FAILURES = HERE / "_failures"
UPDATE_ENV = "TVGAMES_UPDATE_GOLDEN"
RUN_SLACK = 2
"""Pixels a text run may move (rasteriser differences); its words and size may not change at all."""


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


def run_differences(expected: Sequence[dict], actual: Sequence[dict], slack: int = RUN_SLACK) -> list[str]:
    """What differs between two lists of text runs (as :meth:`TextRun.to_dict` gives them), readably.

    >>> a = {"text": "Total 41", "size": 20, "rect": [10, 10, 80, 24], "lang": "en", "bold": False}
    >>> run_differences([a], [dict(a, text="Total 47")])
    ["run 0: 'Total 41' size 20 at [10, 10, 80, 24] is now 'Total 47' size 20 at [10, 10, 80, 24]"]
    >>> run_differences([a], [dict(a, rect=[11, 9, 80, 24])])
    []
    """

    def describe(run: dict) -> str:
        return f"{run['text']!r} size {run['size']} at {run['rect']}"

    out = []
    for i, (want, got) in enumerate(zip(expected, actual, strict=False)):
        same_words = all(
            want.get(k) == got.get(k) for k in ("text", "size", "lang", "bold", "covered", "main", "clipped")
        )
        near = all(abs(a - b) <= slack for a, b in zip(want["rect"], got["rect"], strict=True))
        if not (same_words and near):
            out.append(f"run {i}: {describe(want)} is now {describe(got)}")
    for i in range(len(actual), len(expected)):
        out.append(f"run {i}: {describe(expected[i])} is gone")
    for i in range(len(expected), len(actual)):
        out.append(f"run {i}: {describe(actual[i])} is new")
    return out


def check(
    surface: pygame.Surface,
    name: str,
    runs: Sequence | None = None,
    channel_tolerance: int = 48,
    max_fraction: float = 0.002,
) -> None:
    """Compare ``surface`` (and the text ``runs`` drawn on it) with the golden ``name`` (see the module
    docstring)."""
    import pytest

    path = IMAGES / f"{name}.png"
    text_path = IMAGES / f"{name}.json"
    drawn = None if runs is None else [run.to_dict() for run in runs]
    if updating():
        IMAGES.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(path))
        if drawn is not None:
            text_path.write_text(json.dumps(drawn, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
        return
    missing = [p for p in (path, text_path if drawn is not None else path) if not p.exists()]
    if missing:
        where = missing[0].relative_to(HERE.parent.parent)
        pytest.fail(f"no golden file {where}: run {UPDATE_ENV}=1 pytest {HERE.name}")
    if drawn is not None:
        differences = run_differences(json.loads(text_path.read_text(encoding="utf-8")), drawn)
        if differences:
            FAILURES.mkdir(exist_ok=True)
            failure = FAILURES / f"{name}.png"
            pygame.image.save(side_by_side(pygame.image.load(str(path)), surface, None), str(failure))
            shown = "\n  ".join(differences[:8])
            more = f"\n  ... and {len(differences) - 8} more" if len(differences) > 8 else ""
            pytest.fail(
                f"{name}: the text drawn differs from the golden text; see {failure}\n  {shown}{more}"
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
