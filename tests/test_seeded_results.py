"""tools/seeded_results.py: what the arm64 check compares between machines, and how it says so."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest

TOOL = Path(__file__).resolve().parent.parent / "tools" / "seeded_results.py"


@pytest.fixture(scope="module")
def seeded():
    spec = importlib.util.spec_from_file_location("seeded_results", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_stable_drops_what_measures_the_machine_and_keeps_the_games(seeded):
    report = {
        "seed": 3,
        "timing": {"seconds": 1.2},
        "players": [{"mean": 254.5877, "seconds": 9.0}],
        "table_path": "/x/y.npy",
        "expected_score": 254.587729,
    }
    assert seeded.stable(report) == {"seed": 3, "players": [{"mean": 254.5877}], "expected_score": 254.587729}


def test_flatten_names_every_leaf(seeded):
    assert seeded.flatten({"a": [{"b": 1}, 2], "c": "x"}) == {"a.0.b": 1, "a.1": 2, "c": "x"}


def test_table_digest_sees_one_float32_step_and_ignores_the_file_bytes(seeded, tmp_path):
    values = np.linspace(0.0, 3000.0, 50, dtype=np.float32)
    np.savez(tmp_path / "a.npz", roll=values)
    np.savez_compressed(tmp_path / "b.npz", roll=values)  # other bytes on disk, the same table
    moved = values.copy()
    moved[7] = np.nextafter(moved[7], np.float32(np.inf))
    np.savez(tmp_path / "c.npz", roll=moved)
    a, b, c = (seeded.table_digest(tmp_path / f"{name}.npz") for name in "abc")
    assert a == b
    assert a != c


def write(directory: Path, results: dict) -> Path:
    directory.mkdir()
    (directory / "results.json").write_text(json.dumps(results))
    return directory


def test_compare_passes_equal_columns_and_marks_a_difference(seeded, tmp_path, capsys):
    same = {"simulate yahtzee classic": {"per_player": [{"mean": 248.0}]}}
    x86 = write(tmp_path / "x86", same)
    arm = write(tmp_path / "arm", same)
    assert seeded.compare([("x86-64", x86), ("arm64", arm)]) == 0
    assert "1 results, 0 differ" in capsys.readouterr().out

    other = write(tmp_path / "other", {"simulate yahtzee classic": {"per_player": [{"mean": 248.5}]}})
    assert seeded.compare([("x86-64", x86), ("arm64", other)]) == 1
    out = capsys.readouterr().out
    assert "! simulate yahtzee classic: per_player.0.mean" in out
    assert "1 results, 1 differ" in out


def test_bad_arguments_get_one_usage_line(seeded, capsys):
    assert seeded.main(["compare", "only-one"]) == 2
    assert capsys.readouterr().err.startswith("usage:")
