"""Background work: whatever may take longer than a frame runs here, never on the drawing thread.

One :class:`WorkService` per app (``app.work``) runs :class:`Task` objects. A task is a function
``work(task)`` run in a daemon thread; it reports through the task and the screen polls it each
frame (the loop is single-threaded; nothing calls back into a screen from a worker):

- **results as events**: the work calls ``task.post(name, value)``; the screen reads the latest
  value with ``task.get(name)``, or takes every event since it last looked with ``task.events()``,
  and ``task.version`` changes whenever something arrived. What ``work`` returns is ``task.result``.
- **progress**: the work sets ``task.progress`` (0..1, or None when unknown).
- **cancellation**: ``task.cancel()`` (a screen that is left) sets ``task.cancelled``; the work
  looks at it between its steps and returns early.
- **errors**: an exception in the work ends it and lands in ``task.error`` as one line.
- **processes**: work that would hold the interpreter for seconds (building an optimal table)
  runs its heavy part in a child process with :func:`run_in_process`, from a worker thread,
  with progress and cancellation as above. The child gets the engines' configuration (their
  cache directory) from the parent.

``Task(work, name, inline=True)`` runs the work at once on the caller's thread (screenshots and
tests that want the picture with the numbers in it).
"""

from __future__ import annotations

import multiprocessing as mp
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

YIELD_S = 0.002
"""A worker's pause between its steps: the drawing thread takes the interpreter meanwhile."""


def yield_gil() -> None:
    """Let the drawing thread run between a worker's steps."""
    time.sleep(YIELD_S)


@dataclass(frozen=True)
class Event:
    """One result a task posted: its name and value."""

    name: str
    value: Any


class Task:
    """``work(task)`` in a daemon thread, polled by a screen (see the module docstring)."""

    def __init__(
        self, work: Callable[[Task], Any], name: str = "tvgames-task", *, inline: bool = False
    ) -> None:
        self.name = name
        self.progress: float | None = None
        self.error: str | None = None
        self.result: Any = None
        self.cancelled = False
        self.started = False
        self.finished = False
        self.version = 0
        self._results: dict[str, Any] = {}
        self._events: list[Event] = []
        self._lock = threading.Lock()
        self._work = work
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        if inline:
            self.started = True
            self._run()

    # -- the screen's side ---------------------------------------------------------------------------
    def start(self) -> Task:
        """Start the thread (once; later calls do nothing)."""
        if not self.started:
            self.started = True
            self._thread.start()
        return self

    @property
    def running(self) -> bool:
        """True until the work is done (also while it is still to be started)."""
        return not self.finished

    @property
    def done(self) -> bool:
        return self.finished

    def get(self, name: str, default: Any = None) -> Any:
        """The latest value posted under ``name``."""
        with self._lock:
            return self._results.get(name, default)

    def events(self) -> list[Event]:
        """The events posted since the last call, oldest first."""
        with self._lock:
            taken, self._events = self._events, []
        return taken

    def cancel(self) -> None:
        self.cancelled = True

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the work is done (tests and screenshots only); True if it finished."""
        self.start()
        if self._thread.is_alive() or not self.finished:
            self._thread.join(timeout)
        return self.finished

    # -- the work's side -----------------------------------------------------------------------------
    def post(self, name: str, value: Any) -> None:
        """Hand a result to the screen."""
        with self._lock:
            self._results[name] = value
            self._events.append(Event(name, value))
            self.version += 1

    def _run(self) -> None:
        try:
            self.result = self._work(self)
        except Exception as exc:  # shown on the screen as one line; the frame goes on
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            with self._lock:
                self.finished = True
                self.version += 1


class WorkService:
    """The app's tasks: started here, cancelled together when the app closes."""

    def __init__(self) -> None:
        self._tasks: list[Task] = []

    def submit(self, work: Callable[[Task], Any], name: str = "tvgames-task", *, start: bool = True) -> Task:
        """A task for ``work``, started at once unless ``start`` is False (then ``task.start()``)."""
        task = Task(work, name)
        self._tasks = [t for t in self._tasks if t.running]
        self._tasks.append(task)
        return task.start() if start else task

    @property
    def tasks(self) -> list[Task]:
        """The tasks not finished yet."""
        return [t for t in self._tasks if t.running]

    def cancel_all(self) -> None:
        for task in self._tasks:
            task.cancel()


class ProcessFailed(RuntimeError):
    """A child process stopped without finishing its work."""


def run_in_process(
    target: Callable[..., None],
    *args: Any,
    progress: Callable[[float], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    poll_s: float = 0.1,
) -> bool:
    """Run ``target(report, *args)`` in a spawned child and wait for it, from a worker thread.

    ``report(fraction)`` in the child reaches ``progress`` here (polled every ``poll_s``). A
    separate process keeps the work's Python loops off this interpreter, so the screen keeps its
    frame rate. Returns True when the child finished, False when ``cancelled()`` stopped it;
    raises :class:`ProcessFailed` if it died, OSError if no process could be started.
    """
    from engines.runtime import cache_dir

    ctx = mp.get_context("spawn")
    shared = ctx.Value("d", 0.0)
    child = ctx.Process(target=_child, args=(cache_dir(), shared, target, args), daemon=True)
    child.start()
    while child.is_alive():
        child.join(poll_s)
        if progress is not None:
            progress(shared.value)
        if cancelled is not None and cancelled():
            child.terminate()
            child.join()
            return False
    if child.exitcode:
        raise ProcessFailed(f"the build stopped (exit code {child.exitcode})")
    if progress is not None:
        progress(shared.value)  # the last report, however quickly the child finished
    return True


def _child(cache: Path, shared: Any, target: Callable[..., None], args: tuple[Any, ...]) -> None:
    from engines.runtime import set_cache_dir

    set_cache_dir(cache)

    def report(fraction: float) -> None:
        shared.value = fraction

    target(report, *args)
