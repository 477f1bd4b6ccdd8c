"""The table cache and the background preparer (the builds themselves are faked: they take seconds)."""

from __future__ import annotations

import numpy as np
import pytest

import engines.runtime
from engines.yahtzee import ai
from engines.yahtzee import solver_table as st
from engines.yahtzee.players import make_player
from engines.yahtzee.solver import CLASSIC, DICE_PARTY, Solver, rules_for, state_index


@pytest.fixture(autouse=True)
def _fresh_memory(monkeypatch, tmp_path, engine_runtime):
    # These tests fake builds: keep their tables out of the suite's shared cache (conftest).
    engine_runtime.set_cache_dir(tmp_path / "cache")
    engine_runtime.set_build_runner(None)  # builds on the preparer's thread
    monkeypatch.setattr(st, "_loaded", {})
    monkeypatch.setattr(ai, "_preparers", {})


def fake_build(self, within=0, chunk=512, progress=None):
    for fraction in (0.25, 0.5, 1.0):
        if progress:
            progress(fraction)
    self.values[state_index(0, 0, 0)] = 250.0
    return 250.0


def test_cache_dir_is_the_one_given(tmp_path, monkeypatch):
    engines.runtime.set_cache_dir(tmp_path)
    assert st.table_path(CLASSIC).parent == tmp_path
    assert st.table_path(CLASSIC) != st.table_path(rules_for("classic", "free")) != st.table_path(DICE_PARTY)


def test_get_solver_builds_once_saves_and_reloads(monkeypatch):
    monkeypatch.setattr(Solver, "build", fake_build)
    seen = []
    solver = st.get_solver(CLASSIC, progress=seen.append)
    assert seen == [0.25, 0.5, 1.0]
    assert st.get_solver(CLASSIC) is solver
    assert st.table_path(CLASSIC).exists()
    again = st.load_table(CLASSIC)
    assert again.values[state_index(0, 0, 0)] == 250.0


def test_preparer_builds_in_a_thread_with_progress(monkeypatch):
    monkeypatch.setattr(Solver, "build", fake_build)
    prep = st.TablePreparer(CLASSIC)
    assert not prep.ready and prep.progress == 0.0
    assert prep.start().wait(10)
    assert prep.progress == 1.0 and prep.error is None
    assert st.loaded_solver(CLASSIC) is prep.solver()


def test_preparer_loads_a_cached_table_without_building(monkeypatch):
    solver = Solver(DICE_PARTY)
    solver.values[state_index(0, 0, 0)] = 254.5
    st.save_table(solver, st.table_path(DICE_PARTY))

    def no_build(*args, **kwargs):
        raise AssertionError("the cached table should have been used")

    monkeypatch.setattr(Solver, "build", no_build)
    prep = st.TablePreparer(DICE_PARTY).start()
    assert prep.wait(10)
    assert prep.solver().values[state_index(0, 0, 0)] == 254.5


def test_preparer_reports_a_failed_build(monkeypatch):
    def broken(*args, **kwargs):
        raise MemoryError("out of memory")

    monkeypatch.setattr(Solver, "build", broken)
    prep = st.TablePreparer(CLASSIC).start()
    assert not prep.wait(10)
    assert prep.error == "out of memory"


def test_hard_plays_the_heuristic_while_the_table_is_prepared(monkeypatch):
    class NotReady:
        def solver(self):
            return None

    monkeypatch.setattr(ai, "_background", True)
    monkeypatch.setattr(ai, "table_preparer", lambda rules: NotReady())
    monkeypatch.setattr(Solver, "build", lambda *a, **k: pytest.fail("hard blocked on a build"))
    from engines.core import load_game, play_out

    game = load_game("yahtzee-classic")
    player = make_player("hard", game, np.random.default_rng(0))
    state = play_out(game.new_initial_state(), np.random.default_rng(1), player)
    assert state.is_terminal()
    assert not ai.analysis_is_exact(game)
