"""The Classic solver's sums come out the same on every machine: no BLAS product decides a bit."""

from __future__ import annotations

import numpy as np

from engines.yahtzee.solver import weighted_rows


def test_weighted_rows_sums_row_by_row_in_order():
    rng = np.random.default_rng(7)
    weights = rng.random(252)
    weights[::5] = 0.0
    rows = rng.random((252, 40)) * 300
    expected = np.zeros(40)
    for w, row in zip(weights, rows, strict=True):
        if w:
            expected = expected + w * row
    assert weighted_rows(weights, rows).tobytes() == expected.tobytes()
    assert np.allclose(weighted_rows(weights, rows), weights @ rows)
