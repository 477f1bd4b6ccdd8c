"""Shared by the app tests: ``english_ui``, and this folder on the path for :mod:`dice_screen_helpers`."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from app import i18n
from app.app import Headless

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def english_ui():
    """The UI in English for the test and again after it (a test may switch languages)."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def _settled_workers(monkeypatch):
    """Scripted games wait for the computer's worker before fake time moves (Headless.settle_workers)."""
    monkeypatch.setattr(Headless, "settle_workers", True)


@pytest.fixture
def sd_box(tmp_path):
    """A headless box at sd-pal in English on the home screen, its data in ``tmp_path``."""
    headless = Headless(profile="sd-pal", lang="en", data_dir=tmp_path)
    yield headless
    headless.close()
