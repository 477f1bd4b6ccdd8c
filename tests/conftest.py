"""Every test runs headless: SDL's dummy video and audio drivers, and a throwaway data directory."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# One cache (the optimal Yahtzee tables) per test process, shared by its tests.
os.environ.setdefault("TVGAMES_CACHE", tempfile.mkdtemp(prefix="tvgames-cache-"))
# The solved Monopoly Dice turn takes minutes to build: tests never start that in the background.
os.environ.setdefault("TVGAMES_NO_BACKGROUND_BUILDS", "1")

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
