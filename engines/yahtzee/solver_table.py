"""Where the optimal tables live: built once, cached on disk, loaded in milliseconds.

A table is the solver's value array (8192 masks x 64 upper subtotals x 2 bonus flags, float64,
8 MiB) saved as ``.npy`` under the cache directory the program gave :mod:`engines.runtime`. The file
name carries the rules' key and a format
version, so different rules never share a file and an old format is simply rebuilt.

The app must never wait for a build on its drawing thread: :class:`TablePreparer` loads or builds
in a background thread (the build itself through :func:`engines.runtime.run_build`, which the app
points at a child process), reports progress, and hands over the solver when ready; meanwhile
:mod:`engines.yahtzee.ai` plays with its heuristic fallback.
"""

from __future__ import annotations

import os
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

import numpy as np

from engines.runtime import cache_dir, run_build
from engines.yahtzee.solver import (
    ALL_FILLED,
    UPPER_LEVELS,
    Solver,
    SolverRules,
    rules_for,
    state_index,
)

FORMAT_VERSION = 1
TABLE_SHAPE = ((ALL_FILLED + 1) * UPPER_LEVELS * 2,)

_loaded: dict[SolverRules, Solver] = {}
_lock = threading.Lock()


def forget_loaded() -> None:
    """Drop the tables held in memory (the files stay): the next :func:`get_solver` reads one again."""
    with _lock:
        _loaded.clear()


def table_path(rules: SolverRules, directory: Path | None = None) -> Path:
    return (directory or cache_dir()) / f"yahtzee-optimal-{rules.key}-v{FORMAT_VERSION}.npy"


def save_table(solver: Solver, path: Path) -> None:
    """Write atomically: a reader never sees half a table."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            np.save(f, solver.values)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_table(rules: SolverRules, path: Path | None = None) -> Solver | None:
    """The cached table for ``rules``, or None if there is none or it is damaged."""
    path = path or table_path(rules)
    try:
        values = np.load(path, allow_pickle=False)
    except (OSError, ValueError, EOFError):
        return None
    if values.shape != TABLE_SHAPE or values.dtype != np.float64:
        return None
    start = values[state_index(0, 0, 0)]
    if not np.isfinite(values).all() or not 100 < start < 1000:
        return None
    return Solver(rules, values=values)


def get_solver(
    rules: SolverRules | None = None,
    *,
    rebuild: bool = False,
    progress: Callable[[float], None] | None = None,
) -> Solver:
    """The solver for ``rules`` with a full table: from memory, else the cache, else built (and saved).

    This blocks while building (a few seconds); screens use :class:`TablePreparer` instead.
    """
    rules = rules or rules_for("classic")
    with _lock:
        if not rebuild and rules in _loaded:
            return _loaded[rules]
    solver = None if rebuild else load_table(rules)
    if solver is None:
        solver = Solver(rules)
        solver.build(progress=progress)
        try:
            save_table(solver, table_path(rules))
        except OSError:
            pass  # a read-only cache only costs a rebuild next time
    with _lock:
        _loaded[rules] = solver
    return solver


def loaded_solver(rules: SolverRules) -> Solver | None:
    """The solver if its table is already in memory (never blocks on a build)."""
    with _lock:
        return _loaded.get(rules)


def _build_and_save(report: Callable[[float], None], rules: SolverRules, path: Path) -> None:
    """Build ``rules``' table and save it at ``path`` (the build a runner may run in a child)."""
    solver = Solver(rules)
    solver.build(progress=report)
    save_table(solver, path)


class TablePreparer:
    """Load or build a table without blocking the caller.

    ``TablePreparer(rules).start()``, then poll ``progress`` (0..1) and ``ready`` every frame (a
    "preparing..." indicator) and take ``solver()`` once ready; ``error`` holds what went wrong.
    """

    def __init__(self, rules: SolverRules) -> None:
        self.rules = rules
        self.error: str | None = None
        self._progress = 0.0
        self._solver: Solver | None = loaded_solver(rules)
        self._thread: threading.Thread | None = None

    @property
    def ready(self) -> bool:
        return self._solver is not None

    @property
    def progress(self) -> float:
        """0..1; 1 once ready."""
        return 1.0 if self.ready else self._progress

    def solver(self) -> Solver | None:
        return self._solver

    def start(self) -> TablePreparer:
        if self.ready or self._thread is not None:
            return self
        self._thread = threading.Thread(target=self._run, name="yahtzee-table", daemon=True)
        self._thread.start()
        return self

    def wait(self, timeout: float | None = None) -> bool:
        if self._thread is not None:
            self._thread.join(timeout)
        return self.ready

    def _run(self) -> None:
        try:
            solver = load_table(self.rules)
            if solver is None:
                path = table_path(self.rules)
                try:
                    run_build(_build_and_save, self.rules, path, progress=self._set_progress)
                except OSError:
                    pass  # no child process or no disk: built here below
                # None also if the table could not be saved (say a read-only cache)
                solver = load_table(self.rules, path)
            if solver is None:
                solver = get_solver(self.rules, progress=self._set_progress)
            with _lock:
                _loaded.setdefault(self.rules, solver)
            self._solver = solver
        except Exception as exc:  # reported to the screen, which keeps the fallback player
            self.error = str(exc) or type(exc).__name__

    def _set_progress(self, fraction: float) -> None:
        self._progress = fraction
