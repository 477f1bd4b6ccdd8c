"""The hint benchmark runs end to end on the real Yahtzee boxes (its timings are not asserted)."""

from __future__ import annotations

import json

from engines.odds import bench


def test_bench_reports_every_mode(capsys):
    assert bench.main(["--json", "--positions", "5", "--cold", "2"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert {"classic", "painted", "power"} <= results.keys()
    assert results["classic"]["boxes"] == 13 and results["classic"]["outcomes"] == 252
    assert results["painted"]["boxes"] == 20 and results["painted"]["outcomes"] == 6**5
    assert results["power"]["boxes"] == 21 and results["power"]["outcomes"] == 252 * 6
    assert results["power"]["warm"]["n"] == 5 and results["power"]["cold"]["n"] == 2
    text = bench.format_text(results)
    assert "painted" in text and "budget" in text
