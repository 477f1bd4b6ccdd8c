"""Where the optimal tables live: built once, cached on disk, loaded in milliseconds.

A table is the solver's value array (8192 masks x 64 upper subtotals x 2 bonus flags, float64,
8 MiB) saved as ``.npy`` under the cache directory: ``$TVGAMES_HOME/cache`` when that variable is
set, else the platform's user cache directory. The file name carries the rules' key and a format
version, so different rules never share a file and an old format is simply rebuilt.

The app must never wait for a build on its drawing thread: :class:`TablePreparer` loads or builds
in a background process (or thread), reports progress, and hands over the solver when ready;
meanwhile :mod:`engines.yahtzee.ai` plays with its heuristic fallback.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

import numpy as np

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
ENV_HOME = "TVGAMES_HOME"

_loaded: dict[SolverRules, Solver] = {}
_lock = threading.Lock()


def cache_dir() -> Path:
    """``$TVGAMES_CACHE`` if set, else ``$TVGAMES_HOME/cache``, else the user cache directory.

    The test suite points ``TVGAMES_CACHE`` at one folder per run, so that a table built by one test
    is reused by the next although each test has its own ``TVGAMES_HOME``.
    """
    cache = os.environ.get("TVGAMES_CACHE")
    if cache:
        return Path(cache).expanduser()
    home = os.environ.get(ENV_HOME)
    if home:
        return Path(home).expanduser() / "cache"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("tvgames", appauthor=False))


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


def _build_in_child(rules: SolverRules, progress: mp.sharedctypes.Synchronized) -> None:
    def report(fraction: float) -> None:
        progress.value = fraction

    solver = Solver(rules)
    solver.build(progress=report)
    save_table(solver, table_path(rules))


class TablePreparer:
    """Load or build a table without blocking the caller.

    ``TablePreparer(rules).start()``, then poll ``progress`` (0..1) and ``ready`` every frame (a
    "preparing..." indicator) and take ``solver()`` once ready; ``error`` holds what went wrong.
    """

    def __init__(self, rules: SolverRules, use_process: bool = True) -> None:
        self.rules = rules
        self.use_process = use_process
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
            if solver is None and self.use_process:
                solver = self._build_in_process()
            if solver is None:
                solver = get_solver(self.rules, progress=self._set_progress)
            with _lock:
                _loaded.setdefault(self.rules, solver)
            self._solver = solver
        except Exception as exc:  # reported to the screen, which keeps the fallback player
            self.error = str(exc) or type(exc).__name__

    def _build_in_process(self) -> Solver | None:
        """Build in a separate process: it keeps the build's Python loops off this interpreter's
        GIL, so the screen keeps its frame rate. None if that failed (the caller builds here)."""
        try:
            ctx = mp.get_context("spawn")
            shared = ctx.Value("d", 0.0)
            child = ctx.Process(target=_build_in_child, args=(self.rules, shared), daemon=True)
            child.start()
            while child.is_alive():
                child.join(0.1)
                self._progress = shared.value
        except OSError:
            return None
        # None also if the child could not save the table (say a read-only cache).
        return load_table(self.rules)

    def _set_progress(self, fraction: float) -> None:
        self._progress = fraction
