"""`tvgames screenshot`, `tvgames bench` and `tvgames run` argument handling (headless, quick)."""

from __future__ import annotations

import argparse

import pygame
import pytest

from app.cli import UserError
from app.commands import bench, run, screenshot


def parse(module, argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--data-dir")
    sub = parser.add_subparsers(dest="command")
    module.register(sub)
    return parser.parse_args(argv)


def test_screenshot_lists_scenes(capsys):
    args = parse(screenshot, ["screenshot", "--list"])
    assert args.func(args) == 0
    names = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert {"home", "settings", "help", "resume"} <= set(names)


def test_screenshot_writes_the_scene_after_the_keys(tmp_path):
    out = tmp_path / "shot.png"
    args = parse(
        screenshot,
        [
            "screenshot",
            "--profile",
            "sd-pal",
            "--scene",
            "home",
            "--keys",
            "RIGHT,RIGHT",
            "--lang",
            "fa",
            "--out",
            str(out),
        ],
    )
    assert args.func(args) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (720, 576)


def test_screenshot_layout_json_lists_every_text_run(tmp_path):
    import json

    out, layout = tmp_path / "shot.png", tmp_path / "shot.json"
    argv = ["screenshot", "--profile", "sd-pal", "--scene", "settings", "--lang", "fa", "--out", str(out)]
    args = parse(screenshot, [*argv, "--layout-json", str(layout)])
    assert args.func(args) == 0
    data = json.loads(layout.read_text(encoding="utf-8"))
    assert data["profile"] == "sd-pal" and data["size"] == [720, 576]
    assert data["safe_area"] == [48, 40, 624, 496]
    drawn = data["runs"]
    assert drawn and all(item["lang"] == "fa" for item in drawn)
    assert any("تنظیمات" in item["text"] for item in drawn)
    for item in drawn:
        x, y, w, h = item["rect"]
        assert item["size"] > 0 and w > 0 and h > 0 and 0 <= x < 720 and 0 <= y < 576


def test_screenshot_keys_change_the_picture(tmp_path):
    a, b = tmp_path / "a.png", tmp_path / "b.png"
    for path, keys in ((a, ""), (b, "RIGHT")):
        args = parse(screenshot, ["screenshot", "--scene", "home", "--keys", keys, "--out", str(path)])
        args.func(args)
    assert pygame.image.tobytes(pygame.image.load(str(a)), "RGB") != pygame.image.tobytes(
        pygame.image.load(str(b)), "RGB"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["screenshot", "--scene", "nope", "--out", "x.png"], "unknown scene"),
        (["screenshot", "--scene", "home", "--keys", "FLY", "--out", "x.png"], "unknown button"),
        (["screenshot", "--scene", "home"], "--out"),
        (["screenshot", "--profile", "no-such-profile", "--out", "x.png"], "no-such-profile"),
    ],
)
def test_screenshot_user_errors_are_one_line(argv, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    args = parse(screenshot, argv)
    with pytest.raises(UserError) as info:
        args.func(args)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_bench_refuses_too_few_frames():
    args = parse(bench, ["bench", "--frames", "10"])
    with pytest.raises(UserError):
        args.func(args)


def test_bench_measures_a_scene(tmp_path, monkeypatch):
    monkeypatch.setattr(bench, "IDLE_SETTLE_S", 1.0)  # the real program's counting starts sooner
    args = parse(
        bench,
        ["bench", "--profile", "sd-pal", "--presses", "3", "--idle-seconds", "0.5", "--loop-presses", "2"],
    )
    stats = bench.bench_scene("sd-pal", "home", args)
    assert stats["render"]["frames"] == 300
    assert 0 < stats["render"]["median_ms"] <= stats["render"]["p99_ms"]
    fade = stats["fade"]  # the frames of cross-fades onto the home screen, first to last
    assert fade["frames"] >= 300 and fade["fades"] >= 300 // 10  # about 8 frames a fade at 50 Hz
    assert 0 < fade["median_ms"] <= fade["p99_ms"]
    assert stats["press"]["button"] == "RIGHT"
    assert stats["press"]["max_frames"] == 1
    idle = stats["idle"]  # the real program, from its own counters
    assert idle["cpu_pct"] >= 0 and idle["wakes_per_s"] >= 0 and idle["seconds"] >= 0.5
    assert idle["frames_per_s"] == 0  # the home screen at rest draws nothing
    for path in ("fd", "window"):  # a remote's fd and a desktop window's queue
        assert stats["loop_press"][path]["presses"] == 2
        assert stats["loop_press"][path]["median_ms"] > 0  # measured, not judged: the machine may be loaded
    assert 20 < stats["peak_rss_mb"] < 1000


def test_bench_text_report_marks_budgets():
    result = {
        "profiles": {
            "sd-pal": {
                "first_frame_s": 0.5,
                "first_frame_wall_s": 0.6,
                "app_peak_rss_mb": 80.0,
                "scenes": {
                    "home": {
                        "render": {"median_ms": 1.0, "p99_ms": 5.0, "frames": 300, "height": 576},
                        "press": {"button": "RIGHT", "median_ms": 1.0, "max_ms": 2.0, "max_frames": 1},
                        "idle": {"cpu_pct": 0.05, "wakes_per_s": 1.0, "frames_per_s": 0.0, "seconds": 30},
                    }
                },
            }
        },
        "bench_peak_rss_mb": 90.0,
    }
    text = bench.format_text(result)
    assert "| home | 1.00 | 5.00 |" in text
    assert "OVER/ok/ok" in text  # p99 5 ms is over the 4 ms budget at 576 lines
    home = result["profiles"]["sd-pal"]["scenes"]["home"]
    home["render"]["p99_ms"] = 3.0
    assert "ok/ok/ok" in bench.format_text(result)
    home["fade"] = {"median_ms": 2.0, "p99_ms": 4.5, "frames": 300, "fades": 40}
    text = bench.format_text(result)
    assert "| 2.00 / 4.50 |" in text and "OVER/ok/ok" in text  # a fade frame over the budget counts


def test_bench_fades_no_modal():
    from app import scenes

    headless, _ = scenes.shoot("help", "sd-pal")
    try:
        assert bench.fade_times(headless, 300) is None  # INFO's overlay is a modal: it never fades
    finally:
        headless.close()


def test_run_mode_follows_the_environment():
    assert run.default_mode({}) in ("fullscreen", "window")  # linux console -> fullscreen
    assert run.default_mode({"DISPLAY": ":0"}) == "window"
    assert run.default_mode({"SDL_VIDEODRIVER": "kmsdrm"}) == "fullscreen"


def test_run_bad_profile_is_a_user_error(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("width: [1\n", encoding="utf-8")
    args = parse(run, ["--data-dir", str(tmp_path), "run", "--profile", str(bad)])
    with pytest.raises(UserError) as info:
        args.func(args)
    assert "bad.yaml" in str(info.value)


def test_bench_idle_scenes_and_table_budgets_come_from_the_families():
    from app import scenes
    from app.catalog import families

    names = bench.idle_scenes()
    assert names[:2] == bench.SHELL_IDLE_SCENES
    for family in families():  # every family has a game the box waits in, and the scene exists
        assert family.idle_scenes, family.name
        for name in family.idle_scenes:
            assert name in names
            scenes.get(name)
    assert bench.table_budgets()  # some family's table has a budget the report marks
    result = {
        "profiles": {},
        "bench_peak_rss_mb": 90.0,
        "tables": {
            family: {"seconds": 2.0, "cpu_seconds": 2.0, "peak_rss_mb": 9999.0}
            for family in bench.table_budgets()
        },
    }
    text = bench.format_text(result)
    for family in bench.table_budgets():
        assert f"Table {family}: built in 2.00 s" in text
    assert "OVER" in text  # 9,999 MB or 2 s breaks any budget
