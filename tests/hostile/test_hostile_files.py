"""Hostile and damaged files against the real start path: the box always reaches home.

Each case lays out files, then starts ``tvgames`` through its command line (``app.cli.main``, in a
child process: tests/hostile/box_driver.py) and, for saves and high scores, opens Resume, every
save in it and a results screen. Every case requires:

- the box reaches home (exit 0, the home screen drawn), or, for a bad file given explicitly on the
  command line, exits 2 with one line;
- at most one line on the TV (the first toast), saying what was reset;
- a file that cannot be used is moved aside once, with identical bytes (``<name>.corrupt-*``);
- bounded resources: the child runs under RLIMIT_AS and a time guard, and its peak resident
  memory stays under 300 MB. Times are measured and printed (``-s``), never asserted.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hostile_files import ALIAS_BOMB, deep, mdice_payload, save_file, wrapped, yahtzee_payload

from app.profiles import PROFILE_DIR

DRIVER = Path(__file__).with_name("box_driver.py")
MEMORY_LIMIT = 1536 * 1024 * 1024
"""Address space of the child (a hang guard for memory: a runaway allocation fails instead)."""
PEAK_RSS_LIMIT_KB = 300 * 1024
TIME_GUARD_S = 120
"""Kills a hung child; far above the measured times, which are printed, not asserted."""


@dataclass
class Case:
    """One hostile situation and what the box must do about it."""

    name: str
    category: str
    files: dict[str, bytes | str] = field(default_factory=dict)
    """Data-directory files to write (``str``: a special kind, "fifo" or "dir")."""
    argv: list[str] = field(default_factory=list)
    """Extra arguments (a command and its options; default: the box's start)."""
    moved: list[str] = field(default_factory=list)
    """Files that must be moved aside with their bytes unchanged."""
    kept: list[str] = field(default_factory=list)
    """Files that must stay as they were (usable after all)."""
    toast: str | None = None
    """Text the first line on the TV must contain (None: no notice expected)."""
    visit_toast: str | None = None
    """Text a line on the TV must contain while visiting Resume and the results."""
    exit2: str | None = None
    """An explicit bad argument: exit 2 with one line that contains this."""
    visit: bool = False
    setup: Any = None
    """``setup(tmp_path, spec)`` for what files cannot say (env, profile dir, font, a log)."""
    check: Any = None
    """``check(tmp_path, result)`` for anything else."""


def _settings(data: Any) -> bytes:
    return wrapped(data)


def _profile_file(text: str | bytes):
    def setup(tmp: Path, spec: dict) -> None:
        path = tmp / "hostile.yaml"
        path.write_bytes(text.encode() if isinstance(text, str) else text)
        spec["argv"] = ["--data-dir", spec["data_dir"], "run", "--windowed", "--exit-after-first-frame"]
        spec["argv"] += ["--profile", str(path)]

    return setup


def _extends_chain(tmp: Path, spec: dict) -> None:
    folder = tmp / "chain"
    folder.mkdir()
    for i in range(1000):
        (folder / f"p{i}.yaml").write_text(f"extends: p{i + 1}\n" if i < 999 else "extends: hd-720\n")
    spec["argv"] = ["--data-dir", spec["data_dir"], "run", "--windowed", "--exit-after-first-frame"]
    spec["argv"] += ["--profile", str(folder / "p0.yaml")]


def _broken_shipped(name: str, content: str):
    """A copy of firmware_profiles/ whose ``name`` profile fails validation."""

    def setup(tmp: Path, spec: dict) -> None:
        folder = tmp / "profiles"
        shutil.copytree(PROFILE_DIR, folder)
        (folder / f"{name}.yaml").write_text(content)
        spec["profile_dir"] = str(folder)

    return setup


def _font(kind: str):
    def setup(tmp: Path, spec: dict) -> None:
        font = tmp / "font.ttf"
        if kind == "garbage":
            font.write_bytes(os.urandom(20000))
        elif kind == "truncated":
            font.write_bytes((Path(__file__).parents[2] / "assets/fonts/DejaVuSans.ttf").read_bytes()[:4000])
        elif kind == "fifo":
            os.mkfifo(font)
        spec["font"] = str(font)

    return setup


def _home_is_a_file(tmp: Path, spec: dict) -> None:
    home = Path(spec["data_dir"])
    home.write_bytes(b"not a directory\n")
    spec["env"] = {"TVGAMES_HOME": str(home)}
    spec["argv"] = ["run", "--windowed", "--exit-after-first-frame"]


def _data_dir_arg_is_a_file(tmp: Path, spec: dict) -> None:
    Path(spec["data_dir"]).write_bytes(b"a file\n")


def _leftovers(tmp: Path, spec: dict) -> None:
    home = Path(spec["data_dir"])
    (home / "saves").mkdir(parents=True)
    old = time.time() - 365 * 86400
    for folder in (home, home / "saves"):
        stale = folder / ".settings.json.abc123.tmp"
        stale.write_text("{")
        os.utime(stale, (old, old))
        for i in range(30):
            corrupt = folder / f"x{i}.json.corrupt-20260101T0000{i:02d}Z"
            corrupt.write_text("x")
            os.utime(corrupt, (old + i, old + i))
    fresh = home / "saves" / "recent.json.corrupt-20261129T000000Z"
    fresh.write_text("x")


def _check_leftovers(tmp: Path, result: dict) -> None:
    home = tmp / "home"
    for folder in (home, home / "saves"):
        names = os.listdir(folder)
        assert not [n for n in names if n.endswith(".tmp")], names
        assert len([n for n in names if ".corrupt-" in n]) == 0 or folder.name == "saves"
    assert os.listdir(home / "saves") == ["recent.json.corrupt-20261129T000000Z"]


def _log(content: bytes | str, kind: str = "file"):
    def setup(tmp: Path, spec: dict) -> None:
        log = tmp / "session.log"
        if kind == "fifo":
            os.mkfifo(log)
        else:
            log.write_bytes(content.encode() if isinstance(content, str) else content)
        spec["argv"] = ["--data-dir", spec["data_dir"], "keys", "--profile", "hd-720", "--replay", str(log)]

    return setup


def _bounded_output(limit: int):
    def check(tmp: Path, result: dict) -> None:
        assert result["code"] == 0, result["stderr"]
        assert result["stdout_lines"] <= limit

    return check


def _no_passwd(tmp: Path, result: dict) -> None:
    assert "root:" not in result["stderr"]


def _profiles_check(text: str):
    def setup(tmp: Path, spec: dict) -> None:
        path = tmp / "bomb.yaml"
        path.write_text(text)
        spec["argv"] = ["profiles", "check", str(path)]

    return setup


def _entries_kept(*entries: tuple[str, int]):
    """The entries are still in the table, as (name, score), their names as app.names cleans them
    (a new score from the visit may have joined them)."""

    def check(tmp: Path, result: dict) -> None:
        path = tmp / "home" / "highscores.json"
        assert not list(path.parent.glob("highscores.json.corrupt-*"))
        table = json.loads(path.read_text(encoding="utf-8"))["data"]["modes"]["yahtzee-classic"]
        assert [(e["name"], e["score"]) for e in table][: len(entries)] == list(entries)

    return check


def _one_problem_line(tmp: Path, result: dict) -> None:
    assert result["code"] == 2
    assert result["stdout_lines"] + len(result["stderr"].strip().splitlines()) == 1


def _cases() -> list[Case]:
    md, yz = mdice_payload(), yahtzee_payload()
    good_md = save_file("monopoly-dice", "Monopoly Dice", md)
    half_face = json.loads(json.dumps(md))
    half_face["engine"]["state"]["faces"][0] = 1.5
    foreign_rng = json.loads(json.dumps(md))
    foreign_rng["rngs"]["chance"] = {"bit_generator": "MT19937", "state": {"key": [0] * 624, "pos": 0}}
    named_code = json.loads(json.dumps(yz))
    named_code["rngs"]["chance"]["bit_generator"] = "seed"
    settings = "settings.json"
    scores = "highscores.json"

    def table(*entries: dict) -> bytes:
        return wrapped({"modes": {"yahtzee-classic": list(entries)}})

    def entry(name: Any = "Ann", score: Any = 100, date: Any = "2026-11-29") -> dict:
        return {"name": name, "score": score, "date": date}

    remotes = "remotes.json"
    many_keys = {f"KEY_F{n}": "SELECT" for n in range(200)}
    return [
        # -- learned remotes (app/screens/remote_setup.py) -----------------------------------------
        Case("deep-nesting", "remotes", {remotes: b"[" * 200_000}, moved=[remotes], toast="damaged"),
        *(
            Case(
                name,
                "remotes",
                {remotes: wrapped({"devices": {"gpio_ir_recv": keys}})},
                moved=[remotes],
                toast="damaged",
            )
            for name, keys in (
                ("unknown-button", {"KEY_OK": "FIRE"}),
                ("too-many-keys", many_keys),
                ("not-a-code", {"rm -rf /": "SELECT"}),
            )
        ),
        Case("a-folder", "remotes", {remotes: "dir"}, toast="could not be read"),
        # -- settings ------------------------------------------------------------------------------
        Case("deep-nesting", "settings", {settings: b"[" * 200_000}, moved=[settings], toast="damaged"),
        Case(
            "deep-nesting-inside",
            "settings",
            {settings: deep(_settings({"volume": "DEEP"}), 500)},
            moved=[settings],
            toast="damaged",
        ),
        Case("not-utf8", "settings", {settings: b"\xff\xfe{\x00"}, moved=[settings], toast="damaged"),
        Case("empty", "settings", {settings: b""}, moved=[settings], toast="damaged"),
        Case(
            "nan",
            "settings",
            {settings: b'{"schema": 1, "data": {"volume": NaN}}'},
            moved=[settings],
            toast="damaged",
        ),
        Case(
            "5000-digits",
            "settings",
            {settings: b'{"schema": 1, "data": {"volume": ' + b"9" * 5000 + b"}}"},
            moved=[settings],
            toast="damaged",
        ),
        Case(
            "5MB",
            "settings",
            {settings: b'{"schema": 1, "data": {"x": "' + b"a" * 5_000_000 + b'"}}'},
            moved=[settings],
            toast="could not be read",
        ),
        Case(
            "wrong-types",
            "settings",
            {settings: _settings({"volume": "loud", "sound": "yes", "profile": ["x"], "target_score": 1.5})},
            kept=[settings],
            toast="invalid value",
        ),
        Case(
            "other-version", "settings", {settings: wrapped({}, schema=99)}, moved=[settings], toast="version"
        ),
        Case("a-directory", "settings", {settings: "dir"}, toast="could not be read"),
        Case("a-fifo", "settings", {settings: "fifo"}, toast="could not be read"),
        # -- the data directory --------------------------------------------------------------------
        Case("home-is-a-file", "data directory", setup=_home_is_a_file, toast="data folder was a file"),
        Case(
            "data-dir-argument-is-a-file",
            "data directory",
            setup=_data_dir_arg_is_a_file,
            exit2="is not a directory",
        ),
        Case("leftovers", "data directory", setup=_leftovers, check=_check_leftovers),
        # -- profiles ------------------------------------------------------------------------------
        Case("alias-bomb", "profiles", setup=_profile_file(ALIAS_BOMB), exit2="aliases"),
        Case(
            "5000-digit-number",
            "profiles",
            setup=_profile_file("extends: hd-720\ndisplay: {width: " + "9" * 5000 + "}\n"),
            exit2="unusable value",
        ),
        Case(
            "extends-etc-passwd",
            "profiles",
            setup=_profile_file("extends: /etc/passwd\n"),
            exit2="expected a profile name",
            check=_no_passwd,
        ),
        Case("extends-chain-1000", "profiles", setup=_extends_chain, exit2="a chain of more than"),
        Case(
            "deep-nesting",
            "profiles",
            setup=_profile_file("display: " + "[" * 5000 + "]" * 5000 + "\n"),
            exit2="nest",
        ),
        Case("not-utf8", "profiles", setup=_profile_file(b"display: \xff\xfe\n"), exit2="not UTF-8"),
        Case(
            "1MB",
            "profiles",
            setup=_profile_file("description: " + "x" * 1_000_000 + "\n"),
            exit2="larger than",
        ),
        Case(
            "long-bad-button",
            "profiles",
            setup=_profile_file(
                "extends: hd-720\nremotes: {keyboard: {keys: {KEY_OK: " + "Q" * 50_000 + "}}}\n"
            ),
            exit2="unknown button",
        ),
        Case(
            "profiles-check-alias-bomb",
            "profiles",
            setup=_profiles_check(ALIAS_BOMB),
            check=_one_problem_line,
        ),
        Case(
            "shipped-profile-fails-once-picked",
            "profiles",
            {settings: _settings({"profile": "rpi"})},
            kept=[settings],
            setup=_broken_shipped("rpi", "extends: hd-720\ndisplay: {refresh_hz: 5}\n"),
            toast="rpi cannot be used; using hd-720",
        ),
        Case(
            "default-profile-damaged",
            "profiles",
            setup=_broken_shipped("hd-720", "display: [\n"),
            toast="hd-720 cannot be used; using hd-720",
        ),
        # -- fonts ---------------------------------------------------------------------------------
        Case("font-missing", "fonts", setup=_font("missing"), toast="font"),
        Case("font-garbage", "fonts", setup=_font("garbage"), toast="font"),
        Case("font-truncated", "fonts", setup=_font("truncated"), toast="font"),
        Case("font-fifo", "fonts", setup=_font("fifo"), toast="font"),
        # -- saves (Resume, then opening each) -----------------------------------------------------
        Case(
            "deep-nesting",
            "saves",
            {"saves/a.json": deep(save_file("yahtzee", "Deep", {"x": "DEEP"}), 100_000)},
            moved=["saves/a.json"],
            visit=True,
            visit_toast="damaged",
        ),
        Case(
            "time-out-of-range",
            "saves",
            {"saves/a.json": save_file("monopoly-dice", "Far", md, saved_at="9999-12-31T23:59:59+00:00")},
            moved=["saves/a.json"],
            visit=True,
            visit_toast="damaged",
        ),
        Case(
            "time-without-zone-next-to-another",
            "saves",
            {
                "saves/a.json": save_file("monopoly-dice", "No zone", md, saved_at="2026-11-29T10:00:00"),
                "saves/b.json": good_md,
            },
            moved=["saves/a.json"],
            kept=["saves/b.json"],
            visit=True,
            visit_toast="damaged",
        ),
        Case(
            "nul-in-title",
            "saves",
            {"saves/a.json": save_file("monopoly-dice", "A\x00B\u200b\u202e", md)},
            kept=["saves/a.json"],
            visit=True,
        ),
        Case(
            "3MB-title",
            "saves",
            {"saves/a.json": save_file("monopoly-dice", "x" * 3_000_000, md)},
            kept=["saves/a.json"],
            visit=True,
        ),
        Case(
            "50MB-title",
            "saves",
            {"saves/a.json": save_file("monopoly-dice", "x" * 50_000_000, md)},
            moved=["saves/a.json"],
            visit=True,
            visit_toast="could not be read",
        ),
        Case(
            "die-face-1.5",
            "saves",
            {"saves/a.json": save_file("monopoly-dice", "Half", half_face)},
            moved=["saves/a.json"],
            visit=True,
            visit_toast="damaged",
        ),
        Case(
            "foreign-generator",
            "saves",
            {"saves/a.json": save_file("monopoly-dice", "MT", foreign_rng)},
            moved=["saves/a.json"],
            visit=True,
            visit_toast="damaged",
        ),
        Case(
            "generator-names-code",
            "saves",
            {"saves/a.json": save_file("yahtzee", "Seed", named_code)},
            moved=["saves/a.json"],
            visit=True,
            visit_toast="damaged",
        ),
        Case(
            "5000-digits",
            "saves",
            {"saves/a.json": b'{"schema": 1, "data": {"title": ' + b"1" * 5000 + b"}}"},
            moved=["saves/a.json"],
            visit=True,
            visit_toast="damaged",
        ),
        Case("a-fifo", "saves", {"saves/a.json": "fifo"}, visit=True, visit_toast="could not be read"),
        # -- high scores ---------------------------------------------------------------------------
        Case(
            "name-only-a-format-character",
            "high scores",
            {scores: table(entry("\u200b", 300), entry("\u2066", 290), entry("\x00", 280))},
            visit=True,
            # kept, not moved aside; a name with nothing a name may hold is drawn as "?"
            check=_entries_kept(("?", 300), ("?", 290), ("?", 280)),
        ),
        Case(
            "5000-digit-score",
            "high scores",
            {
                scores: b'{"schema": 1, "data": {"modes": {"yahtzee-classic": [{"score": '
                + b"7" * 5000
                + b"}]}}}"
            },
            moved=[scores],
            visit=True,
            visit_toast="damaged",
        ),
        Case(
            "wrong-types",
            "high scores",
            {scores: table(entry(score="100"), entry(name=["x"]), entry(date=7), entry("Kept", 50))},
            moved=[scores],
            visit=True,
            visit_toast="damaged",
        ),
        Case(
            "deep-nesting",
            "high scores",
            {scores: deep(wrapped({"modes": {"yahtzee-classic": "DEEP"}}), 10_000)},
            moved=[scores],
            visit=True,
            visit_toast="damaged",
        ),
        # -- replay logs (tvgames keys --replay) ---------------------------------------------------
        Case(
            "5000-digit-value",
            "replay logs",
            setup=_log("0 EV_KEY KEY_UP " + "1" * 5000),
            exit2="longer than",
        ),
        Case("900-digit-value", "replay logs", setup=_log("0 EV_KEY KEY_UP " + "1" * 900), exit2="the value"),
        Case("900-digit-time", "replay logs", setup=_log("1" * 900 + " EV_KEY KEY_UP 1"), exit2="the time"),
        Case(
            "held-key-then-huge-time",
            "replay logs",
            setup=_log("0.1 EV_KEY KEY_UP 1\n999999999 EV_KEY KEY_UP 0\n"),
            check=_bounded_output(1000),
        ),
        Case("10MB-bad-line", "replay logs", setup=_log("x" * 10_000_000 + "\n"), exit2="line longer than"),
        Case(
            "not-utf8", "replay logs", setup=_log(b"0.1 EV_KEY KEY_UP 1\n\xff\xfe\n"), exit2="session.log:2"
        ),
        Case("a-fifo", "replay logs", setup=_log(b"", kind="fifo"), exit2="not a regular file"),
    ]


CASES = _cases()


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def _lay_out(home: Path, files: dict[str, bytes | str]) -> None:
    for name, content in files.items():
        path = home / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if content == "fifo":
            os.mkfifo(path)
        elif content == "dir":
            path.mkdir()
        else:
            path.write_bytes(content)


@pytest.mark.parametrize("case", CASES, ids=[f"{c.category}:{c.name}" for c in CASES])
def test_the_box_survives(case: Case, tmp_path: Path) -> None:
    home = tmp_path / "home"
    spec: dict[str, Any] = {
        "argv": ["--data-dir", str(home), "run", "--windowed", "--exit-after-first-frame"],
        "data_dir": str(home),
        "visit": case.visit,
        "case": f"{case.category}:{case.name}",
    }
    if case.files:
        home.mkdir()
        _lay_out(home, case.files)
    if case.setup is not None:
        case.setup(tmp_path, spec)
    originals = {name: (home / name).read_bytes() for name in case.moved + case.kept}
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **spec.pop("env", {})}
    started = time.monotonic()
    proc = subprocess.run(
        [sys.executable, str(DRIVER), json.dumps(spec)],
        capture_output=True,
        text=True,
        env=env,
        preexec_fn=_limits,
        timeout=TIME_GUARD_S,
        check=False,
    )
    wall = time.monotonic() - started
    assert proc.returncode == 0, proc.stderr[-2000:]
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    print(
        f"\nHOSTILE {case.category}:{case.name} wall={wall:.2f}s "
        f"first_frame={result['first_frame_s']} peak_rss={result['peak_rss_kb'] / 1024:.0f}MB"
    )
    assert result["peak_rss_kb"] < PEAK_RSS_LIMIT_KB
    if case.exit2 is not None:
        lines = result["stderr"].strip().splitlines()
        assert result["code"] == 2 and len(lines) == 1, result["stderr"][:500]
        assert lines[0].startswith("tvgames: ") and case.exit2 in lines[0], lines[0][:500]
        assert len(lines[0]) < 400
    elif case.check is None or case.toast is not None or case.files:
        assert result["code"] == 0, result["stderr"][:500]
        assert result["screen"] == "HomeScreen"
        toast = result["toast"]
        if case.toast is None:
            assert toast is None, toast
        else:
            assert toast is not None and "\n" not in toast and case.toast in toast, toast
    if case.visit:
        assert not [s for s in result["visit_screens"] if s is None]
        toasts = result["visit_toasts"]
        assert all("\n" not in t for t in toasts)
        if case.visit_toast is None:
            assert not [t for t in toasts if "damaged" in t or "moved aside" in t], toasts
        else:
            assert any(case.visit_toast in t for t in toasts), toasts
    for name in case.moved:
        path = home / name
        aside = sorted(path.parent.glob(f"{path.name}.corrupt-*"))
        assert len(aside) == 1, aside
        assert aside[0].read_bytes() == originals[name]
    for name in case.kept:
        assert (home / name).read_bytes() == originals[name]
    if case.check is not None:
        case.check(tmp_path, result)
