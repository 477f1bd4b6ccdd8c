"""The examples in the Yahtzee engine's docstrings run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["scoring", "dice", "game", "players", "simulate"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"engines.yahtzee.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
