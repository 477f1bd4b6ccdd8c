"""The examples in the Monopoly Dice docstrings run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["rules", "odds", "simulate"])
def test_docstring_examples(name):
    module = importlib.import_module(f"engines.monopoly_dice.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
