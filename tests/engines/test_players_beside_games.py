"""Computer players register beside their game: no family's game module imports its players."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import engines

ENGINES = Path(engines.__file__).parent
GAME_MODULES = sorted(ENGINES.glob("*/game.py"))


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, at any depth (function-level imports too), relative ones resolved."""
    package = f"engines.{path.parent.name}"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = f"{package}.{base}" if base else package
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


@pytest.mark.parametrize("path", GAME_MODULES, ids=lambda p: p.parent.name)
def test_a_game_module_imports_no_computer_player(path: Path) -> None:
    family = f"engines.{path.parent.name}"
    players = {f"{family}.ai", f"{family}.players"}
    assert not imported_modules(path) & players
