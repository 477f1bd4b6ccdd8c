"""The names remotes really send, stand-ins for missing keys, a held BACK as MENU, learned scancodes."""

from __future__ import annotations

import argparse
import dataclasses
import json

import pytest

from app.commands import keys
from app.profiles import load_profile
from remote.buttons import Button, Press
from remote.keymap import Keymap, scan_id
from remote.pipeline import InputTiming
from remote.replay import replay, replay_with_pipeline
from remote.sources import DEVICE_KEYS, PLUG, UNPLUG, RawEvent, parse_log

T = InputTiming()  # 600 ms long press, 120 ms dedupe, 200 ms release timeout


def key(time, code, value, device="gpio_ir_recv"):
    return RawEvent(time, "EV_KEY", code, value, device)


def presses(events):
    return [(e.button.name, e.kind.name, round(e.time, 3), e.long_press) for e in events]


@pytest.mark.parametrize(
    ("names", "button"),
    [
        (("KEY_BACK", "KEY_EXIT", "KEY_ESC", "KEY_BACKSPACE"), Button.BACK),
        (("KEY_MENU", "KEY_HOME", "KEY_EPG", "KEY_MEDIA", "KEY_CONTEXT_MENU"), Button.MENU),
        (("KEY_OK", "KEY_ENTER", "KEY_SELECT"), Button.SELECT),
        (("KEY_NUMERIC_2", "KEY_2"), Button.DIGIT_2),
    ],
)
def test_every_default_table_reads_every_usual_name(names, button):
    remotes = load_profile("rpi").remotes
    for remote in ("mce-ir", "cec", "usb-hid"):
        for name in names:
            assert remotes[remote].button_for(name) is button, (remote, name)


def test_no_name_is_two_buttons_across_tables():
    seen: dict[str, Button] = {}
    for profile in ("rpi", "hd-720"):
        for keymap in load_profile(profile).remotes.values():
            for code, button in keymap.codes.items():
                assert seen.setdefault(code, button) is button, code
            for code, button in keymap.stand_ins.items():
                # a stand-in is only ever read instead of what the code means where it is no stand-in
                assert keymap.codes.get(code) is not button, code


TUNER = Keymap(
    "ir",
    {
        "KEY_NUMERIC_2": Button.DIGIT_2,
        "KEY_BACK": Button.BACK,
        "KEY_UP": Button.UP,
        "KEY_CHANNELUP": Button.CHANNEL_UP,
    },
    ("gpio_ir*",),
    stand_ins={"KEY_CHANNELUP": Button.UP, "KEY_VOLUMEDOWN": Button.LEFT},
    hold_back_menu=True,
)


def test_stand_ins_only_for_buttons_the_remote_lacks():
    with_arrows = TUNER.for_device({"KEY_UP", "KEY_CHANNELUP", "KEY_VOLUMEDOWN", "KEY_BACK"})
    assert with_arrows.button_for("KEY_CHANNELUP") is Button.CHANNEL_UP  # it has UP: channel keys page
    assert with_arrows.button_for("KEY_VOLUMEDOWN") is Button.LEFT  # but no LEFT
    no_arrows = TUNER.for_device({"KEY_CHANNELUP", "KEY_BACK"})
    assert no_arrows.button_for("KEY_CHANNELUP") is Button.UP
    assert no_arrows.hold_back_menu
    assert TUNER.standing_in({"KEY_CHANNELUP", "KEY_VOLUMEDOWN"}) == {
        Button.UP: ["KEY_CHANNELUP"],
        Button.LEFT: ["KEY_VOLUMEDOWN"],
    }
    assert not TUNER.for_device(None).hold_back_menu  # keys unknown: nothing stands in


def _with_keys(*events, keys=("KEY_BACK", "KEY_CHANNELUP", "KEY_NUMERIC_2")):
    return [RawEvent(0.0, DEVICE_KEYS, " ".join(keys), 0, "gpio_ir_recv"), *events]


def test_a_short_back_is_back_and_a_held_back_is_the_menu_on_a_remote_without_menu():
    log = _with_keys(
        key(1.0, "KEY_BACK", 1), key(1.1, "KEY_BACK", 0), key(3.0, "KEY_BACK", 1), key(4.0, "KEY_BACK", 0)
    )
    out, pipeline = replay_with_pipeline(log, T, {"ir": TUNER})
    assert presses(out) == [
        ("BACK", "PRESS", 1.22, False),  # shown when it is over (after the IR de-duplication window)
        ("BACK", "RELEASE", 1.22, False),
        ("MENU", "PRESS", 3.6, False),  # held for the long-press time: the menu, no BACK at all
        ("MENU", "RELEASE", 4.12, True),
    ]
    assert pipeline.notices == [("gpio_ir_recv", {Button.UP: ["KEY_CHANNELUP"], Button.MENU: ["BACK"]})]


def test_the_stand_ins_are_told_once_even_after_a_replug():
    keys = RawEvent(0.0, DEVICE_KEYS, "KEY_BACK KEY_CHANNELUP", 0, "gpio_ir_recv")
    log = [keys, key(1.0, "KEY_CHANNELUP", 1), key(1.1, "KEY_CHANNELUP", 0)]
    log += [RawEvent(2.0, UNPLUG, "", 0, "gpio_ir_recv"), RawEvent(3.0, PLUG, "", 0, "gpio_ir_recv")]
    log += [dataclasses.replace(keys, time=3.0), key(4.0, "KEY_CHANNELUP", 1), key(4.1, "KEY_CHANNELUP", 0)]
    out, pipeline = replay_with_pipeline(log, T, {"ir": TUNER})
    assert [e.button for e in out if e.kind is Press.PRESS] == [Button.UP, Button.UP]
    assert len(pipeline.notices) == 1


def test_back_is_at_once_on_a_remote_with_a_menu_key():
    log = _with_keys(key(1.0, "KEY_BACK", 1), key(1.1, "KEY_BACK", 0), keys=("KEY_BACK", "KEY_MENU"))
    menu = Keymap("ir", {**TUNER.codes, "KEY_MENU": Button.MENU}, ("gpio_ir*",), hold_back_menu=True)
    assert presses(replay(log, T, {"ir": menu}))[0] == ("BACK", "PRESS", 1.0, False)


def test_a_learned_scancode_is_a_press_held_while_the_receiver_repeats_it():
    nec = scan_id("nec", 0x40BF12)
    learned = TUNER.learned({}, {nec: Button.SELECT})
    scans = [
        RawEvent(t, "EV_MSC", "MSC_SCAN", 0x40BF12, "gpio_ir_recv", "nec") for t in (1.0, 1.11, 1.22, 1.33)
    ]
    assert presses(replay(scans, T, {"ir": learned})) == [
        ("SELECT", "PRESS", 1.0, False),
        ("SELECT", "REPEAT", 1.5, False),  # held: the receiver's repeats keep it down
        ("SELECT", "RELEASE", 1.53, False),  # 200 ms after the last repeat: receivers send no key-up
    ]
    other = [RawEvent(1.0, "EV_MSC", "MSC_SCAN", 0x40BF12, "gpio_ir_recv", "rc-5")]
    assert replay(other, T, {"ir": learned}) == []  # another protocol's code is another button


def test_unmapped_presses_are_counted_once_per_burst():
    scans = [RawEvent(t, "EV_MSC", "MSC_SCAN", 7, "gpio_ir_recv") for t in (1.0, 1.11, 1.22, 3.0)]
    _, pipeline = replay_with_pipeline([*scans, key(4.0, "KEY_MUTE", 1)], T, {"ir": TUNER})
    assert pipeline.unmapped == [("gpio_ir_recv", 1.0), ("gpio_ir_recv", 3.0), ("gpio_ir_recv", 4.0)]


def run_keys(*argv):
    parser = argparse.ArgumentParser()
    keys.register(parser.add_subparsers())
    args = parser.parse_args(["keys", *argv])
    return args.func(args)


def test_keys_summary_names_given_missing_and_standing_in_keys(tmp_path, capsys):
    keymap = tmp_path / "tuner.toml"
    names = [f"KEY_NUMERIC_{n}" for n in range(10)] + ["KEY_CHANNELUP", "KEY_CHANNELDOWN", "KEY_VOLUMEUP"]
    names += ["KEY_VOLUMEDOWN", "KEY_OK", "KEY_EXIT"]
    scancodes = "\n".join(f'0x{i:02x} = "{name}"' for i, name in enumerate(names))
    keymap.write_text(f'[[protocols]]\nname = "t"\nprotocol = "nec"\n[protocols.scancodes]\n{scancodes}\n')
    assert run_keys("--keymap", str(keymap), "--profile", "rpi", "--summary", "--json") == 0
    summary = json.loads(capsys.readouterr().out)["summary"]
    assert summary["missing"] == []
    assert summary["stand_ins"] == {
        "UP": ["KEY_CHANNELUP"],
        "DOWN": ["KEY_CHANNELDOWN"],
        "LEFT": ["KEY_VOLUMEDOWN"],
        "RIGHT": ["KEY_VOLUMEUP"],
        "MENU": ["BACK"],
    }
    keymap.write_text('[[protocols]]\nname = "t"\n[protocols.scancodes]\n0x1 = "KEY_OK"\n')
    run_keys("--keymap", str(keymap), "--profile", "rpi", "--summary")
    text = capsys.readouterr().out
    assert text.startswith("Game keys given (1 of 11): SELECT")
    assert "Missing: DIGIT_2 DIGIT_3 DIGIT_4 DIGIT_5 UP DOWN LEFT RIGHT BACK MENU" in text


def test_a_broken_keymap_file_is_one_line(tmp_path):
    from app.cli import UserError

    bad = tmp_path / "bad.toml"
    bad.write_text("[[protocols]\n")
    with pytest.raises(UserError, match="not a TOML keymap"):
        run_keys("--keymap", str(bad), "--profile", "rpi")


def test_a_replay_ends_with_what_the_remote_gives(tmp_path, capsys):
    log = tmp_path / "r.log"
    log.write_text("# device gpio_ir_recv\n0.0 EV_KEY KEY_OK 1\n0.1 EV_KEY KEY_OK 0\n")
    run_keys("--replay", str(log), "--profile", "rpi")
    assert capsys.readouterr().out.splitlines()[2] == "Game keys given (1 of 11): SELECT"
    assert parse_log(["# keys KEY_OK"])[0].type == DEVICE_KEYS


@pytest.mark.parametrize(
    ("protocols", "expected"),
    [("rc-5 [nec] rc-6 [lirc]\n", "nec"), ("[rc-5] [nec] [lirc]\n", ""), ("lirc\n", ""), (None, "")],
)
def test_the_protocol_of_a_receivers_scancodes_comes_from_sysfs(tmp_path, protocols, expected):
    from remote.evdev_source import ir_protocol

    if protocols is not None:
        folder = tmp_path / "event3" / "device" / "device"
        folder.mkdir(parents=True)
        (folder / "protocols").write_text(protocols)
    assert ir_protocol("/dev/input/event3", str(tmp_path)) == expected
