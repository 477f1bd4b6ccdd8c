"""The examples in the odds core's docstrings run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["dice", "multiset", "space", "turn", "signature"])
def test_docstring_examples(name):
    module = importlib.import_module(f"engines.odds.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
