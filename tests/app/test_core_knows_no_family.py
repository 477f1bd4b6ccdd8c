"""The box's core names no game family: every family reaches it through its descriptor alone.

The core is app/*.py, app/commands/ and the shell screens (the modules directly in app/screens/);
a family is a package under app/screens/ plus the engine packages that register its games. Only
app/catalog.py's list of packages names a family.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import app
import engines
from app import catalog
from engines.core import game_class

APP = Path(app.__file__).parent
ROOT = APP.parent
CORE = sorted([*APP.glob("*.py"), *(APP / "commands").glob("*.py"), *(APP / "screens").glob("*.py")])
REGISTRY = APP / "catalog.py"


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def family_packages() -> set[str]:
    """The family screens packages and the engine packages whose games a family plays."""
    screens = {
        p.parent.relative_to(ROOT).as_posix().replace("/", ".") for p in APP.glob("screens/*/__init__.py")
    }
    engine = {game_class(name).__module__.rsplit(".", 1)[0] for f in catalog.families() for name in f.engines}
    assert all(name.count(".") == 1 for name in engine), "engine families are the packages under engines/"
    assert engine and engine <= {f"engines.{p.name}" for p in Path(engines.__file__).parent.iterdir()}
    return screens | engine


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every import in the file, at any depth, relative ones resolved."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            found.append((node.lineno, base))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def test_the_core_imports_no_family_module() -> None:
    families = family_packages()
    bad = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in CORE
        for line, name in imports(path)
        if any(name == family or name.startswith(family + ".") for family in families)
    ]
    assert not bad, "\n".join(bad)


def family_names() -> set[str]:
    """Every spelling of a family on the command line, on a tile, in the engine registry or on disk."""
    names = set()
    for family in catalog.families():
        names.add(family.name)
        names.update(tile.id for tile in family.tiles)
        names.update(family.engines)
    names.update(package.rsplit(".", 1)[1] for package in family_packages())
    return names


def string_literals(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every string constant that is not a docstring."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def names_in(text: str, names: set[str]) -> list[str]:
    """The family names ``text`` holds as a word (any case; a dotted, dashed or snake-case part counts)."""
    words = set(re.split(r"[^a-z0-9_-]+", text.lower()))
    words |= {part for word in words for part in re.split(r"[_]", word)}
    spaced = " ".join(re.split(r"[^a-z0-9]+", text.lower()))
    found = {name for name in names if name in words}
    found |= {name for name in names if f" {name.replace('-', ' ').replace('_', ' ')} " in f" {spaced} "}
    return sorted(found)


@pytest.mark.parametrize("path", [p for p in CORE if p != REGISTRY], ids=lambda p: str(p.relative_to(ROOT)))
def test_core_code_names_no_family(path: Path) -> None:
    names = family_names()
    bad = [f"line {line}: {text!r}" for line, text in string_literals(path) if names_in(text, names)]
    assert not bad, "\n".join(bad)


def test_the_checks_catch_a_family_in_core_code() -> None:
    names = family_names()
    assert "monopoly_dice" in names_in("app.screens.monopoly_dice.setup:SetupScreen", names)
    assert "dice-party" in names_in("tile_dice_party", names)
    assert names_in("home.yahtzee", names) == ["yahtzee"]
    assert "monopoly" in names_in("exact odds of the Monopoly board", names)
    assert names_in("home.title", names) == [] and names_in("the dice thrown", names) == []


# -- import cycles -----------------------------------------------------------------------------------
MAX_CYCLE = 5
"""The largest set of app/ modules that import one another (function-level and type-only imports
count): the core sits below the screens, and a family's modules below its package's descriptor."""


def import_graph() -> dict[str, set[str]]:
    """Every app/ module -> the app/ modules it imports (``from pkg import sub`` imports ``pkg.sub``)."""
    paths = {module_name(path): path for path in APP.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        found = imports(path)
        lines_with_submodule = {(line, n.rsplit(".", 1)[0]) for line, n in found if n in paths}
        graph[name] = set()
        for line, target in found:
            if (line, target) in lines_with_submodule:
                continue  # the package named only to reach its submodule on the same line
            while target and target not in paths:
                target = target.rpartition(".")[0]
            if target and target != name:
                graph[name].add(target)
    return graph


def largest_cycle(graph: dict[str, set[str]]) -> list[str]:
    """The largest strongly connected set of ``graph`` (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    best: list[str] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > len(best):
                        best = sorted(group)
    return best


def test_no_import_cycle_in_app_is_larger_than_five_modules() -> None:
    cycle = largest_cycle(import_graph())
    assert len(cycle) <= MAX_CYCLE, f"{len(cycle)} modules import one another: {', '.join(cycle)}"


def test_the_cycle_check_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c", "e"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert largest_cycle(graph) == ["a", "b", "c"]
    assert len(largest_cycle({"a": set(), "b": {"a"}})) == 1
    assert "app.app" in import_graph()["app.scenes"]
