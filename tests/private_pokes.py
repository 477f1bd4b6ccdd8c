"""Count the tests' reads and writes of other objects' private names (``screen._x``, ``game._version``).

A test that reaches past a class's public face breaks when the class is tidied, and tells a newcomer
nothing about how the class is meant to be used. Counted: every ``x._name`` attribute in tests/ (not
on ``self`` or ``cls``, not a ``__dunder__``), and every ``getattr``/``setattr``/``hasattr``/``delattr``
(``monkeypatch.setattr`` included) given a private name as a string.

Run it to list them: ``python tests/private_pokes.py``.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
BY_NAME = ("getattr", "setattr", "hasattr", "delattr")


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def pokes_in(source: str) -> list[tuple[int, str]]:
    """(line, expression) of each private poke in one module's ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Call) and len(node.args) >= 2:
            func = node.func
            name = getattr(func, "id", None) or getattr(func, "attr", "")
            text = node.args[1]
            if name in BY_NAME and isinstance(text, ast.Constant) and isinstance(text.value, str):
                if _private(text.value):
                    found.append((node.lineno, f"{ast.unparse(node.args[0])}.{text.value} (by name)"))
    return sorted(found)


def pokes(root: Path = TESTS) -> list[tuple[str, int, str]]:
    """Every private poke under ``root``: (path relative to ``root``, line, expression)."""
    return [
        (str(path.relative_to(root)), line, text)
        for path in sorted(root.rglob("*.py"))
        for line, text in pokes_in(path.read_text(encoding="utf-8"))
    ]


if __name__ == "__main__":
    found = pokes()
    for path, line, text in found:
        print(f"{path}:{line}: {text}")
    print(f"{len(found)} private pokes", file=sys.stderr)
