"""Firmware profiles: the shipped ones load right, and every kind of mistake gives one clear line."""

from __future__ import annotations

import copy
from fractions import Fraction
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from app.profiles import (
    DEFAULT_PROFILE,
    PROFILE_DIR,
    ProfileError,
    SafeArea,
    available_profiles,
    load_profile,
)
from remote.buttons import Button
from remote.pipeline import InputTiming


def test_shipped_profiles_are_listed_and_load():
    names = available_profiles()
    assert {"hd-720", "sd-pal", "sd-pal-wide", "rpi"} <= set(names)
    assert DEFAULT_PROFILE in names
    for name in names:
        profile = load_profile(name)
        assert profile.name == name
        assert profile.source == PROFILE_DIR / f"{name}.yaml"
        assert profile.remotes


@pytest.mark.parametrize(
    ("name", "size", "hz", "aspect", "pixel_aspect"),
    [
        ("hd-720", (1280, 720), 60, (16, 9), Fraction(1)),
        ("sd-pal", (720, 576), 50, (4, 3), Fraction(16, 15)),
        ("sd-pal-wide", (720, 576), 50, (16, 9), Fraction(64, 45)),
    ],
)
def test_display_geometry(name, size, hz, aspect, pixel_aspect):
    profile = load_profile(name)
    assert (profile.width, profile.height) == size
    assert profile.refresh_hz == hz
    assert profile.display_aspect == aspect
    assert profile.pixel_aspect == pytest.approx(float(pixel_aspect))


def test_extends_merges_key_by_key():
    pal, wide, hd = load_profile("sd-pal"), load_profile("sd-pal-wide"), load_profile("hd-720")
    assert wide.safe_area == pal.safe_area == SafeArea(40, 48, 40, 48)
    assert wide.max_level == pal.max_level == 225
    assert pal.theme.keys() == hd.theme.keys()  # the theme comes from hd-720
    assert pal.input == hd.input == InputTiming()
    assert dict(pal.remotes) == dict(hd.remotes)


def test_rpi_keymaps():
    rpi = load_profile("rpi")
    assert list(rpi.remotes) == ["keyboard", "mce-ir", "cec", "usb-hid"]
    mce, cec, usb = rpi.remotes["mce-ir"], rpi.remotes["cec"], rpi.remotes["usb-hid"]
    assert mce.button_for("KEY_NUMERIC_2") is Button.DIGIT_2
    assert mce.button_for("KEY_OK") is Button.SELECT
    assert mce.button_for("KEY_EXIT") is Button.BACK
    assert mce.button_for("KEY_VOLUMEUP") is None
    assert cec.button_for("KEY_SELECT") is Button.SELECT
    assert cec.button_for("KEY_NUMERIC_5") is Button.DIGIT_5
    assert usb.button_for("KEY_2") is Button.DIGIT_2
    assert mce.matches("gpio_ir_recv") and cec.matches("vc4-hdmi") and usb.matches("flirc.tv flirc")
    assert mce.dedupe and cec.dedupe and not rpi.remotes["keyboard"].dedupe
    # Digits 0-9, arrows, SELECT, BACK, MENU and INFO work on every remote of the box.
    needed = {*(Button(f"DIGIT_{n}") for n in range(10)), Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT}
    needed |= {Button.SELECT, Button.BACK, Button.MENU, Button.INFO}
    for keymap in rpi.remotes.values():
        assert needed <= set(keymap.codes.values()), keymap.name


def test_profiles_are_hashable_values():
    assert load_profile("rpi") == load_profile("rpi")
    assert len({load_profile("rpi"), load_profile("rpi"), load_profile("sd-pal")}) == 2


def test_safe_colour():
    hd = load_profile("hd-720")
    assert hd.safe_colour((255, 255, 255)) == (235, 235, 235)
    assert hd.safe_colour((255, 0, 0)) == (200, 0, 0)
    assert hd.safe_colour((255, 120, 0)) == (200, 120, 0)
    assert hd.safe_colour((10, 20, 30)) == (10, 20, 30)
    assert hd.safe_colour([-5, 300, 7]) == (0, 235, 7)
    # Theme colours are stored broadcast-safe already.
    for rgb in hd.theme.values():
        assert hd.safe_colour(rgb) == rgb


PAL = load_profile("sd-pal")


@given(st.tuples(*[st.integers(-50, 400)] * 3))
def test_safe_colour_limits(rgb):
    pal = PAL
    r, g, b = pal.safe_colour(rgb)
    assert all(0 <= c <= pal.max_level for c in (r, g, b))
    assert r <= max(pal.max_red, g, b)  # no red brighter than max_red unless the colour is light
    assert pal.safe_colour((r, g, b)) == (r, g, b)


def test_name_or_path(tmp_path):
    assert load_profile(PROFILE_DIR / "sd-pal.yaml").name == "sd-pal"
    assert load_profile(str(PROFILE_DIR / "rpi.yaml")).name == "rpi"
    child = tmp_path / "my-box.yaml"
    child.write_text("extends: sd-pal\ndisplay: {refresh_hz: 60}\n")  # a bare name: the shipped one
    box = load_profile(child)
    assert (box.name, box.width, box.refresh_hz) == ("my-box", 720, 60)


def test_null_with_nothing_to_remove_is_no_key(tmp_path):
    box = tmp_path / "box.yaml"
    box.write_text((PROFILE_DIR / "hd-720.yaml").read_text() + "  spare: null\n")
    assert list(load_profile(box).remotes) == ["keyboard"]
    box.write_text(yaml.safe_dump(_set(_base(), "remotes/keyboard", None)))
    with pytest.raises(ProfileError, match=r"box.yaml: remotes: a profile needs at least one remote"):
        load_profile(box)


def test_null_removes_an_inherited_remote(tmp_path):
    child = tmp_path / "box.yaml"
    child.write_text(
        "extends: rpi\nremotes:\n  cec: null\n  mce-ir:\n    keys: {KEY_VOLUMEUP: CHANNEL_UP, KEY_OK: null}\n"
    )
    box = load_profile(child)
    assert "cec" not in box.remotes
    assert box.remotes["mce-ir"].button_for("KEY_VOLUMEUP") is Button.CHANNEL_UP
    assert box.remotes["mce-ir"].button_for("KEY_OK") is None
    assert box.remotes["mce-ir"].button_for("KEY_UP") is Button.UP


# -- every validation error ---------------------------------------------------------------------------


def _base() -> dict:
    return yaml.safe_load((PROFILE_DIR / "hd-720.yaml").read_text())


def _set(doc: dict, path: str, value) -> dict:
    doc = copy.deepcopy(doc)
    *parents, last = path.split("/")
    node = doc
    for key in parents:
        node = node[key]
    if value is _DELETE:
        del node[last]
    else:
        node[last] = value
    return doc


class _Delete:
    def __repr__(self) -> str:  # a stable test id, the same in every pytest-xdist worker
        return "<delete>"


_DELETE = _Delete()

CASES = [
    # (path to change, new value, error key path, words in the problem)
    ("frobnicate", 1, "frobnicate", "unknown key"),
    ("display", _DELETE, "display", "missing"),
    ("display", [1280, 720], "display", "expected a mapping"),
    ("display/width", _DELETE, "display.width", "missing"),
    ("display/depth", 24, "display.depth", "unknown key"),
    ("display/width", "1280", "display.width", "expected an integer"),
    ("display/width", 1280.0, "display.width", "expected an integer"),
    ("display/width", True, "display.width", "expected an integer"),
    ("display/width", 100000, "display.width", "out of range"),
    ("display/height", 0, "display.height", "out of range"),
    ("display/refresh_hz", 10, "display.refresh_hz", "out of range"),
    ("display/aspect", "5:4", "display.aspect", "TV shape"),
    ("display/aspect", 1.78, "display.aspect", "TV shape"),
    ("display/font_scale", "big", "display.font_scale", "expected a number"),
    ("display/font_scale", 9, "display.font_scale", "out of range"),
    ("display/safe_area", 10, "display.safe_area", "expected a mapping"),
    ("display/safe_area/middle", 3, "display.safe_area.middle", "unknown key"),
    ("display/safe_area/top", -1, "display.safe_area.top", "integer >= 0"),
    ("display/safe_area/top", 1.5, "display.safe_area.top", "integer >= 0"),
    ("display/safe_area/left", _DELETE, "display.safe_area.left", "missing"),
    ("display/safe_area/left", 600, "display.safe_area", "half the width"),
    ("display/safe_area/bottom", 400, "display.safe_area", "half the height"),
    ("colour/max_level", 300, "colour.max_level", "out of range"),
    ("colour/max_level", "high", "colour.max_level", "expected an integer"),
    ("colour/max_red", 240, "colour.max_red", "above max_level"),
    ("colour/max_red", _DELETE, "colour.max_red", "missing"),
    ("colour/gamma", 2.2, "colour.gamma", "unknown key"),
    ("colour/theme", [1, 2, 3], "colour.theme", "expected a mapping"),
    ("colour/theme/text", [1, 2], "colour.theme.text", "[r, g, b]"),
    ("colour/theme/text", [1, 2, 300], "colour.theme.text", "[r, g, b]"),
    ("colour/theme/text", "#12345g", "colour.theme.text", "[r, g, b]"),
    ("colour/theme/Bad-Name", [1, 2, 3], "colour.theme.Bad-Name", "lower_case"),
    ("language", "de", "language", "expected one of en, fa"),
    ("language", _DELETE, "language", "missing"),
    ("description", 42, "description", "expected text"),
    ("input/repeat_delay_ms", 1.5, "input.repeat_delay_ms", "expected an integer"),
    ("input/repeat_rate_hz", 100, "input.repeat_rate_hz", "out of range"),
    ("input/dedupe_window_ms", -1, "input.dedupe_window_ms", "out of range"),
    ("input/long_press_ms", None, "input.long_press_ms", "expected an integer"),
    ("input/double_click_ms", 300, "input.double_click_ms", "unknown key"),
    ("input", "fast", "input", "expected a mapping"),
    ("remotes", [], "remotes", "expected a mapping"),
    ("remotes", {}, "remotes", "at least one remote"),
    ("remotes/Bad Name", {"devices": ["*"], "keys": {"KEY_OK": "SELECT"}}, "remotes.Bad Name", "remote name"),
    ("remotes/keyboard", 5, "remotes.keyboard", "expected a mapping, got int 5"),
    ("colour", "dark", "colour", "expected a mapping"),
    ("display/safe_area/top", True, "display.safe_area.top", "got a boolean (True)"),
    ("input/repeat_rate_hz", "fast", "input.repeat_rate_hz", "expected a number"),
    ("remotes/keyboard/colour", "black", "remotes.keyboard.colour", "unknown key"),
    ("remotes/keyboard/devices", "*", "remotes.keyboard.devices", "list of device name patterns"),
    ("remotes/keyboard/devices", [], "remotes.keyboard.devices", "list of device name patterns"),
    ("remotes/keyboard/devices", _DELETE, "remotes.keyboard.devices", "missing"),
    ("remotes/keyboard/dedupe", "yes please", "remotes.keyboard.dedupe", "true or false"),
    ("remotes/keyboard/sends_release", 1, "remotes.keyboard.sends_release", "true or false"),
    ("remotes/keyboard/keys", ["KEY_OK"], "remotes.keyboard.keys", "expected a mapping"),
    ("remotes/keyboard/keys", {}, "remotes.keyboard.keys", "at least one key"),
    ("remotes/keyboard/keys/KEY_NOPE", "SELECT", "remotes.keyboard.keys.KEY_NOPE", "unknown evdev key code"),
    ("remotes/keyboard/keys/ok", "SELECT", "remotes.keyboard.keys.ok", "evdev key name"),
    ("remotes/keyboard/keys/KEY_ENTER", "FIRE", "remotes.keyboard.keys.KEY_ENTER", "unknown button 'FIRE'"),
    ("remotes/keyboard/keys/KEY_ENTER", 2, "remotes.keyboard.keys.KEY_ENTER", "unknown button 2"),
    ("kiosk", "on", "kiosk", "expected a mapping"),
    ("kiosk", {"enabled": "yes"}, "kiosk.enabled", "true or false"),
    ("kiosk", {"pin": "2580"}, "kiosk.pin", "unknown key"),  # a PIN never sits in a readable file
    ("kiosk", {"attract_after_min": -1}, "kiosk.attract_after_min", "out of range"),
    ("kiosk", {"attract_after_min": float("nan")}, "kiosk.attract_after_min", "out of range"),
    ("kiosk", {"idle_game_min": 0}, "kiosk.idle_game_min", "out of range"),
    ("kiosk", {"idle_game_min": "5"}, "kiosk.idle_game_min", "expected a number"),
]


@pytest.mark.parametrize(
    ("path", "value", "where", "problem"), CASES, ids=[f"{path}={value!r}" for path, value, *_ in CASES]
)
def test_every_mistake_is_one_clear_line(tmp_path, path, value, where, problem):
    file = tmp_path / "bad.yaml"
    file.write_text(yaml.safe_dump(_set(_base(), path, value), sort_keys=False))
    with pytest.raises(ProfileError) as info:
        load_profile(file)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{file}: {where}: "), message
    assert problem in message, message


def _expect(file: Path, where: str, problem: str, origin: Path | None = None) -> None:
    with pytest.raises(ProfileError) as info:
        load_profile(file)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{origin or file}: {where}: "), message
    assert problem in message, message


def test_yaml_syntax_error_names_the_line(tmp_path):
    file = tmp_path / "broken.yaml"
    file.write_text("display:\n  width: [1280\n  height: 720\n")
    _expect(file, "line 3 column 9", "YAML: ")  # the words differ between libyaml and pure Python


def test_duplicate_keys_are_refused(tmp_path):
    file = tmp_path / "twice.yaml"
    file.write_text("extends: hd-720\nlanguage: en\nlanguage: fa\n")
    _expect(file, "line 3 column 1", "duplicate key 'language' (first on line 2)")


@pytest.mark.parametrize(("text", "kind"), [("- 1\n- 2\n", "a list"), ("just words\n", "str 'just words'")])
def test_top_level_must_be_a_mapping(tmp_path, text, kind):
    file = tmp_path / "list.yaml"
    file.write_text(text)
    _expect(file, "(top)", f"expected a mapping of settings, got {kind}")


def test_empty_file_is_missing_everything(tmp_path):
    file = tmp_path / "empty.yaml"
    file.write_text("# nothing yet\n")
    _expect(file, "display", "missing")


def test_missing_file_and_unknown_name(tmp_path):
    _expect(tmp_path / "nope.yaml", "(file)", "no such profile")
    with pytest.raises(
        ProfileError, match=r"no-such-box\.yaml: \(file\): no such profile \(shipped profiles: "
    ):
        load_profile("no-such-box")


def test_unreadable_file(tmp_path):
    file = tmp_path / "latin1.yaml"
    file.write_bytes(b"description: caf\xe9\n")
    _expect(file, "(file)", "cannot read")


def test_extends_problems(tmp_path):
    missing = tmp_path / "orphan.yaml"
    missing.write_text("extends: no-such-parent\n")
    _expect(missing, "extends", "no profile 'no-such-parent'")
    number = tmp_path / "number.yaml"
    number.write_text("extends: 7\n")
    _expect(number, "extends", "expected a profile name, got int 7")
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text("extends: b\n")
    b.write_text("extends: a.yaml\n")
    _expect(a, "extends", "cyclic extends: a.yaml -> b.yaml -> a.yaml", origin=b)
    me = tmp_path / "me.yaml"
    me.write_text("extends: me\n")
    _expect(me, "extends", "cyclic extends: me.yaml -> me.yaml")


def test_a_mistake_in_a_parent_names_the_parent(tmp_path):
    parent = tmp_path / "parent.yaml"
    parent.write_text("extends: hd-720\ndisplay: {refresh_hz: 5}\n")
    child = tmp_path / "child.yaml"
    child.write_text("extends: parent\n")
    _expect(child, "display.refresh_hz", "out of range", origin=parent)


def test_a_partial_child_is_checked_after_merging(tmp_path):
    child = tmp_path / "child.yaml"
    child.write_text("extends: hd-720\ncolour: {max_red: 235, max_level: 200}\n")
    _expect(child, "colour.max_red", "235 is above max_level 200")
    remote = tmp_path / "remote.yaml"
    remote.write_text("extends: hd-720\nremotes: {extra: {devices: ['x*']}}\n")
    _expect(remote, "remotes.extra.keys", "missing")


# -- no input at all gives anything but one line -------------------------------------------------------

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.sampled_from(["16:9", "4:3", "SELECT", "KEY_OK", "hd-720", "#ffffff", "*"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
PATHS = [path for path, *_ in CASES] + ["extends", "remotes/keyboard/keys", "display/safe_area"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PATHS), values), min_size=1, max_size=3))
def test_any_damage_gives_a_profile_or_one_line(tmp_path_factory, changes):
    doc = _base()
    for path, value in changes:
        try:
            doc = _set(doc, path, value)
        except (KeyError, TypeError):
            pass  # an earlier change removed the parent: nothing to damage there
    file = tmp_path_factory.mktemp("fuzz") / "box.yaml"
    file.write_text(yaml.safe_dump(doc, sort_keys=False))
    try:
        load_profile(file)
    except ProfileError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(f"{file}: ")


def test_a_key_with_a_line_break_still_gives_one_line(tmp_path):
    file = tmp_path / "box.yaml"
    doc = _base()
    doc["display"]["\n"] = None
    file.write_text(yaml.safe_dump(doc, sort_keys=False))
    with pytest.raises(ProfileError) as info:
        load_profile(file)
    assert "\n" not in str(info.value) and str(info.value).startswith(f"{file}: display.\\n: ")
