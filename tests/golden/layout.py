"""The couch rules for text, checked on the runs a frame drew (see :class:`app.text.TextRun`).

:func:`problems` lists, in words, every run that is smaller than the floor for its kind, was
cut off, lies outside the profile's title-safe area, or overlaps another run. ``tests/golden/test_layout.py``
applies it to every scene at every profile in both languages.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from app.text import TextRun
from app.theme import Theme

OVERLAP_SLACK = 1
"""Pixels two text boxes may share (in both directions) before they count as overlapping."""


def describe(run: TextRun) -> str:
    return f"{run.text!r} ({run.size} px at {list(run.rect)})"


def problems(
    theme: Theme, runs: Sequence[TextRun], bars: Sequence[tuple[int, int, int, int]] = ()
) -> list[str]:
    """Every broken rule, one line each, prefixed by its kind (small, clipped, unsafe, overlap).

    ``bars`` are the help bars drawn (:attr:`app.text.TextRenderer.bars`): a run that reaches into
    one without lying inside it is text of the screen under the key chips (overlap)."""
    found = []
    safe = theme.safe
    rects = [pygame.Rect(run.rect) for run in runs]
    for run, rect in zip(runs, rects, strict=True):
        floor = theme.min_number_px if run.main else theme.min_text_px
        if run.size < floor:
            found.append(f"small: {describe(run)} is under {floor} px")
        if run.clipped:
            found.append(f"clipped: {describe(run)} is cut off")
        if not safe.contains(rect):
            found.append(f"unsafe: {describe(run)} leaves the safe area {list(safe)}")
    for bar in map(pygame.Rect, bars):
        for run, rect in zip(runs, rects, strict=True):
            shared = rect.clip(bar)
            if shared.w > OVERLAP_SLACK and shared.h > OVERLAP_SLACK and not bar.contains(rect):
                found.append(f"overlap: {describe(run)} reaches into the help bar {list(bar)}")
    for i, rect in enumerate(rects):
        for j in range(i + 1, len(rects)):
            # A run's box includes the font's spacing above and below the letters; boxes that touch
            # by one pixel (a mixed Persian-Latin line is a pixel taller) do not hide a letter.
            shared = rect.clip(rects[j])
            if shared.w > OVERLAP_SLACK and shared.h > OVERLAP_SLACK:
                found.append(f"overlap: {describe(runs[i])} and {describe(runs[j])}")
    return found
