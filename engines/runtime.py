"""What the program running the engines gives them: a cache directory and a way to run a build.

Engines never look at the environment and never start processes themselves. The app (and the
command line, and the test suite) say at start where the cache is (:func:`set_cache_dir`) and how
to run a long build off the interpreter (:func:`set_build_runner`, e.g.
:func:`app.work.run_in_process`). Without them: the platform's user cache directory, and builds
run on the calling thread.

>>> import tempfile
>>> from pathlib import Path
>>> folder = tempfile.mkdtemp()
>>> set_cache_dir(folder)
>>> cache_dir() == Path(folder)
True
>>> set_cache_dir(None)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

BuildRunner = Callable[..., bool]
"""``runner(target, *args, progress=callback) -> bool``: run ``target(report, *args)`` elsewhere
(a child process), forward ``report(fraction)`` to ``progress`` and wait; True when it finished."""

_directory: Path | None = None
_runner: BuildRunner | None = None


def set_cache_dir(directory: str | Path | None) -> None:
    """Use ``directory`` for every engine's cache from now on (None: the platform's default)."""
    global _directory
    _directory = None if directory is None else Path(directory).expanduser()


def cache_dir() -> Path:
    """The cache directory: the one given to :func:`set_cache_dir`, else the user cache directory."""
    if _directory is not None:
        return _directory
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("tvgames", appauthor=False))


def set_build_runner(runner: BuildRunner | None) -> None:
    """Run long builds with ``runner`` from now on (None: on the calling thread)."""
    global _runner
    _runner = runner


def build_runner() -> BuildRunner | None:
    return _runner


def run_build(target: Callable[..., Any], *args: Any, progress: Callable[[float], None]) -> bool:
    """``target(report, *args)`` with the given runner, else right here; True when it finished."""
    if _runner is not None:
        return _runner(target, *args, progress=progress)
    target(progress, *args)
    return True
