"""Every test runs headless: SDL's dummy video and audio drivers, and a throwaway data directory."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# One cache (the optimal Yahtzee tables) per test run, shared by its tests and its xdist workers
# (they inherit the variable); the process that made it removes it at exit.
if "TVGAMES_CACHE" not in os.environ:
    os.environ["TVGAMES_CACHE"] = tempfile.mkdtemp(prefix="tvgames-cache-")
    atexit.register(shutil.rmtree, os.environ["TVGAMES_CACHE"], ignore_errors=True)
from engines.runtime import set_cache_dir  # noqa: E402

set_cache_dir(os.environ["TVGAMES_CACHE"])
from engines.monopoly_dice.turn_table import allow_builds  # noqa: E402

# The solved Monopoly Dice turn takes minutes to build: tests never start that build.
allow_builds(False)

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

# No per-example deadline anywhere (a shared 2-core machine is noisy). On CI the examples are
# derandomized, so a run that passed here passes there; a developer's runs keep exploring.
settings.register_profile("ci", deadline=None, derandomize=True, database=None)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(autouse=True)
def _tvgames_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TVGAMES_HOME", str(tmp_path / "tvgames-home"))


@pytest.fixture
def engine_runtime():
    """``engines.runtime``, for a test that gives the engines its own cache directory or build runner
    (``set_cache_dir``, ``set_build_runner``): both are put back after the test."""
    import engines.runtime as runtime

    directory, runner = runtime.cache_dir(), runtime.build_runner()
    yield runtime
    runtime.set_cache_dir(directory)
    runtime.set_build_runner(runner)
