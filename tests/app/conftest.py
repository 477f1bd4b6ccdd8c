"""Shared by the app tests: ``english_ui``, and this folder on the path for :mod:`dice_screen_helpers`."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from app import i18n

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def english_ui():
    """The UI in English for the test and again after it (a test may switch languages)."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")
