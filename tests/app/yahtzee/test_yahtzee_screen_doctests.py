"""The examples in the Yahtzee screen modules' docstrings run as tests."""

from __future__ import annotations

import doctest

import pytest

import app.screens.yahtzee.decisions
import app.screens.yahtzee.hint
import app.screens.yahtzee.scorecard

MODULES = [app.screens.yahtzee.decisions, app.screens.yahtzee.hint, app.screens.yahtzee.scorecard]


@pytest.mark.parametrize("module", MODULES)
def test_doctests(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
