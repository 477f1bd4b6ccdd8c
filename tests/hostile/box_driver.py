"""Start the box through the real command line in this process, then visit what reads saved files.

Run by tests/hostile/test_hostile_files.py in a child process (with a memory limit and a time
guard): ``python box_driver.py SPEC``, where SPEC is JSON::

    {"argv": [...],            # tvgames's arguments, given to app.cli.main as they are
     "data_dir": "...",        # the data directory to visit afterwards (with "visit")
     "visit": false,           # then open Resume, every save in it, and a results screen
     "profile_dir": null,      # stand-in for firmware_profiles/ (a damaged shipped profile)
     "font": null}             # stand-in for the bundled fonts (a missing or damaged font)

Prints one JSON line: the exit status, what the command printed, the toasts seen on the TV, the
screens reached, this process's peak memory and the time taken.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import time
from pathlib import Path


def _visit(data_dir: str) -> tuple[list[str], list[str]]:
    """Open Resume, try to open each save in it, and show a solo Yahtzee result with the high scores."""
    from app.app import Headless
    from app.screens.resume import ResumeScreen
    from app.screens.yahtzee.results import ResultsScreen, _finished_game

    h = Headless(profile="hd-720", lang="en", data_dir=data_dir)
    toasts: list[str] = []
    screens: list[str] = []

    def look() -> None:
        h.render()
        h.advance(300)
        if h.app.toast_message and (not toasts or toasts[-1] != h.app.toast_message):
            toasts.append(h.app.toast_message)
        screens.append(type(h.top).__name__)

    try:
        resume = ResumeScreen()
        h.app.push(resume)
        look()
        for index in range(len(resume.saves)):
            h.app.go_home()
            resume = ResumeScreen()
            h.app.push(resume)
            look()
            if index >= len(resume.saves):
                break
            resume.focus.focus = index
            resume.action_open()
            look()
        h.app.go_home()
        h.app.push(ResultsScreen(_finished_game("yahtzee-classic", 1, 5), high_scores=h.app.high_scores))
        look()
    finally:
        h.close()
    return toasts, screens


def main() -> int:
    spec = json.loads(sys.argv[1])
    started = time.monotonic()
    if spec.get("profile_dir"):
        import app.profiles

        app.profiles.PROFILE_DIR = Path(spec["profile_dir"])
    if spec.get("font"):
        import app.text

        app.text.FONT_FILES = {False: Path(spec["font"]), True: Path(spec["font"])}
    import app.commands.run
    from app.cli import main as tvgames

    app.commands.run.BENCH_RUN_ON_S = 0.0  # exit right after the first frame (it idles 1 s for bench)

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = tvgames(spec["argv"])
    reports = {}
    for line in out.getvalue().splitlines():
        if line.startswith("{"):
            try:
                reports.update(json.loads(line))
            except ValueError:
                pass
    result = {
        "code": code,
        "stdout_lines": len(out.getvalue().splitlines()),
        "stderr": err.getvalue(),
        "first_frame_s": reports.get("first_frame_s"),
        "screen": reports.get("screen"),
        "toast": reports.get("toast"),
        "visit_toasts": [],
        "visit_screens": [],
    }
    if spec.get("visit") and code == 0:
        result["visit_toasts"], result["visit_screens"] = _visit(spec["data_dir"])
    from app.commands.run import peak_rss_kb

    result["peak_rss_kb"] = peak_rss_kb()
    result["wall_s"] = time.monotonic() - started
    sys.__stdout__.write(json.dumps(result) + "\n")
    report = os.environ.get("TVGAMES_HOSTILE_REPORT")
    if report:  # measurements for docs and reviews: one JSON line per case
        with open(report, "a", encoding="utf-8") as handle:
            handle.write(
                json.dumps({"case": spec.get("case"), **result, "stderr": result["stderr"][:200]}) + "\n"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
