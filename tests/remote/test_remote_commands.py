"""`tvgames keys` (live, record, replay) and `tvgames profiles` (list, check, show)."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import pytest

from app.cli import UserError
from app.commands import keys, profiles
from app.profiles import PROFILE_DIR
from remote.fakes import FakeBackend, FakeEvent
from remote.sources import read_log

DATA = Path(__file__).resolve().parent.parent / "data" / "remote"
LOGS = [
    ("mce-ir-session", "rpi"),
    ("cec-usb-keyboard", "rpi"),
    ("no-keyup", str(DATA / "no-keyup.yaml")),
]


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="tvgames")
    sub = parser.add_subparsers(dest="command")
    keys.register(sub)
    profiles.register(sub)
    args = parser.parse_args(argv)
    return args.func(args)


def expected(name: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / f"{name}.expected.jsonl").read_text().splitlines()]


@pytest.mark.parametrize(("name", "profile"), LOGS)
def test_recorded_logs_replay_to_exactly_the_intended_buttons(capsys, name, profile):
    assert run("keys", "--replay", str(DATA / f"{name}.log"), "--profile", profile, "--json") == 0
    out = capsys.readouterr().out
    assert [json.loads(line) for line in out.splitlines()] == expected(name)


def test_the_session_log_has_what_it_claims():
    events = read_log(DATA / "mce-ir-session.log")
    kinds = {(e.type, e.value) for e in events}
    assert ("EV_KEY", 2) in kinds  # autorepeats
    assert ("UNPLUG", 0) in kinds and ("PLUG", 0) in kinds
    assert any(e.code == "KEY_VOLUMEUP" for e in events)  # a code the keymap does not know
    ok = [e for e in events if e.code == "KEY_OK"]
    assert [e.value for e in ok] == [1, 0, 1, 0] and ok[2].time - ok[1].time == 0  # a double send


def test_unknown_code_warns_once(caplog):
    run("keys", "--replay", str(DATA / "mce-ir-session.log"), "--profile", "rpi")
    assert [r.getMessage() for r in caplog.records if r.levelname == "WARNING"] == [
        "ignoring KEY_VOLUMEUP from 'gpio_ir_recv' (keymap 'mce-ir')"
    ]


def test_replay_text_output(capsys):
    run("keys", "--replay", str(DATA / "mce-ir-session.log"), "--profile", "rpi")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["0.500", "RIGHT", "PRESS", "gpio_ir_recv"]
    assert lines[9].split() == ["3.100", "DIGIT_2", "RELEASE", "gpio_ir_recv", "long"]


def test_replay_with_one_remote_for_every_device(tmp_path, capsys):
    log = tmp_path / "tv.log"
    log.write_text("# device some-tv\n0.000 EV_KEY KEY_SELECT 1\n0.050 EV_KEY KEY_SELECT 0\n")
    run("keys", "--replay", str(log), "--profile", "rpi", "--json")
    assert capsys.readouterr().out == ""  # "some-tv" matches no remote of the profile but the keyboard
    run("keys", "--replay", str(log), "--profile", "rpi", "--remote", "cec", "--json")
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(e["button"], e["kind"], e["time"]) for e in out] == [
        ("SELECT", "PRESS", 0.0),
        ("SELECT", "RELEASE", 0.17),
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--replay", "missing.log"], "cannot read missing.log"),
        (["--replay", "{bad}", "--profile", "rpi"], "bad.log:2: expected '<seconds> <type> <code> <value>'"),
        (["--replay", "{good}", "--profile", "no-such-box"], "no-such-box.yaml: (file): no such profile"),
        (["--replay", "{good}", "--profile", "rpi", "--remote", "tivo"], "profile rpi has no remote 'tivo'"),
        (["--replay", "{good}", "--record", "x.log"], "--record and --replay do not go together"),
    ],
)
def test_keys_mistakes_are_one_line(tmp_path, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.log").write_text("# x\n0.1 EV_KEY KEY_OK\n")
    (tmp_path / "good.log").write_text("0.1 EV_KEY KEY_OK 1\n")
    argv = [a.format(bad=tmp_path / "bad.log", good=tmp_path / "good.log") for a in argv]
    with pytest.raises(UserError) as info:
        run("keys", *argv)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_keys_without_devices_says_so(tmp_path, monkeypatch):
    monkeypatch.setattr("remote.evdev_source.INPUT_DIR", str(tmp_path))
    with pytest.raises(UserError, match=r"^no input devices found \(is /dev/input there and readable"):
        run("keys", "--profile", "hd-720")


def test_keys_live_lists_devices_shows_buttons_and_records(tmp_path, monkeypatch, capsys):
    backend = FakeBackend()
    now = time.time()
    backend.plug(
        "/dev/input/event0",
        "gpio_ir_recv",
        {"KEY_OK", "KEY_NUMERIC_2"},
        events=[
            FakeEvent(now, "EV_MSC", "MSC_SCAN", 0x800F0402),
            FakeEvent(now, "EV_KEY", "KEY_NUMERIC_2", 1),
            FakeEvent(now + 0.01, "EV_KEY", "KEY_NUMERIC_2", 0),
            FakeEvent(now + 0.01, "EV_KEY", "KEY_VOLUMEUP", 1),
        ],
    )
    backend.plug("/dev/input/event1", "Logitech mouse", {"BTN_LEFT"})
    backend.plug("/dev/input/event2", "AT keyboard", {"KEY_A", "KEY_ENTER", "KEY_UP"})
    monkeypatch.setattr("remote.evdev_source.EvdevBackend", lambda **_: backend)
    record = tmp_path / "rec.log"
    assert run("keys", "--profile", "rpi", "--record", str(record), "--seconds", "0.3") == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Input devices (profile rpi):"
    assert out[1].split() == ["/dev/input/event0", "gpio_ir_recv", "remote", "mce-ir,", "grabbed"]
    # what each device can give, from its keys, before any press
    assert out[2] == "    Game keys given (2 of 11): DIGIT_2 SELECT"
    assert out[3].startswith("    Missing: DIGIT_3 DIGIT_4 DIGIT_5 UP DOWN LEFT RIGHT BACK MENU")
    assert out[4].split() == ["/dev/input/event2", "AT", "keyboard", "remote", "keyboard"]  # not grabbed
    assert out[5] == "    Game keys given (2 of 11): SELECT UP"
    assert out[7].startswith("Press keys")
    assert [line.split()[1:3] for line in out[8:10]] == [["DIGIT_2", "PRESS"], ["DIGIT_2", "RELEASE"]]
    assert out[10] == "Game keys given (1 of 11): DIGIT_2"  # what the session showed
    # The recording replays to the same buttons.
    assert run("keys", "--replay", str(record), "--profile", "rpi", "--json") == 0
    replayed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(e["button"], e["kind"]) for e in replayed] == [("DIGIT_2", "PRESS"), ("DIGIT_2", "RELEASE")]
    text = record.read_text()
    assert text.splitlines()[:4] == [
        "# tvgames keys --record, profile rpi",
        "# /dev/input/event0: gpio_ir_recv (remote mce-ir)",
        "# /dev/input/event2: AT keyboard (remote keyboard)",
        "# device gpio_ir_recv",
    ]
    assert "# keys KEY_NUMERIC_2 KEY_OK" in text.splitlines()
    assert " EV_MSC MSC_SCAN 2148467714" in text and " EV_KEY KEY_VOLUMEUP 1" in text
    assert all(device.closed for device in backend.opened.values())


# -- profiles ---------------------------------------------------------------------------------------


def test_profiles_list(capsys):
    assert run("profiles", "list") == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("* hd-720") and "1280x720@60" in line for line in lines)
    assert any(line.split()[:3] == ["sd-pal", "720x576@50", "4:3"] for line in lines)
    assert any(line.split()[:3] == ["sd-pal-wide", "720x576@50", "16:9"] for line in lines)


def test_profiles_check(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: hd-720\ndisplay: {refresh_hz: 1000}\n")
    good = PROFILE_DIR / "rpi.yaml"
    assert run("profiles", "check", str(good), str(PROFILE_DIR / "sd-pal.yaml")) == 0
    assert capsys.readouterr().out.splitlines() == [f"ok {good}", f"ok {PROFILE_DIR / 'sd-pal.yaml'}"]
    assert run("profiles", "check", str(good), str(bad)) == 2
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [f"ok {good}"]
    assert captured.err.splitlines() == [f"{bad}: display.refresh_hz: 1000 is out of range 24..240"]


def test_profiles_check_every_shipped_file(capsys):
    files = sorted(str(p) for p in PROFILE_DIR.glob("*.yaml"))
    assert run("profiles", "check", *files) == 0
    assert capsys.readouterr().out.splitlines() == [f"ok {f}" for f in files]


def test_profiles_show(capsys):
    assert run("profiles", "show", "sd-pal-wide") == 0
    out = capsys.readouterr().out
    assert "720x576 at 50 Hz on a 16:9 TV" in out and "1.4222" in out
    with pytest.raises(UserError, match="nope.yaml: \\(file\\): no such profile"):
        run("profiles", "show", "nope")


def test_tap_announces_devices_and_records(tmp_path):
    import io

    from remote.sources import PLUG, UNPLUG, ListSource, RawEvent

    raw = [
        RawEvent(0.5, "EV_KEY", "KEY_OK", 1, "gpio_ir_recv"),
        RawEvent(1.0, UNPLUG, "", 0, "gpio_ir_recv"),
        RawEvent(2.5, PLUG, "", 0, "gpio_ir_recv"),
        RawEvent(3.0, "EV_KEY", "KEY_OK", 0, "vc4-hdmi"),
    ]
    record, screen = io.StringIO(), io.StringIO()
    tap = keys.Tap(ListSource(raw, start=100.0), 100.0, record, screen)
    assert len(tap.read(200.0)) == 4
    assert screen.getvalue().splitlines() == [
        "    1.000  -- gpio_ir_recv unplugged",
        "    2.500  -- gpio_ir_recv plugged in",
    ]
    log = tmp_path / "tap.log"
    log.write_text(record.getvalue())
    assert read_log(log) == raw
