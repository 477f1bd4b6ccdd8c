"""The input pipeline: repeats, long presses, IR de-duplication, synthesised releases, unplugs."""

from __future__ import annotations

import logging

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remote.buttons import Button, ButtonEvent, Press
from remote.keymap import Keymap, keymap_for_device
from remote.pipeline import InputPipeline, InputTiming
from remote.replay import replay
from remote.sources import PLUG, UNPLUG, ListSource, RawEvent

T = InputTiming()  # 500 ms delay, 8 Hz, 120 ms dedupe, 200 ms release timeout, 600 ms long press
CODES = {
    "KEY_NUMERIC_2": Button.DIGIT_2,
    "KEY_OK": Button.SELECT,
    "KEY_UP": Button.UP,
    "KEY_3": Button.DIGIT_3,
}
IR = Keymap("ir", CODES, ("gpio_ir*",), dedupe=True)
CEC = Keymap("cec", CODES, ("vc4-hdmi*",), dedupe=True)
BARE = Keymap("bare", CODES, ("bare*",), dedupe=True, sends_release=False)
KEYBOARD = Keymap("keyboard", CODES, ("*",), dedupe=False)
KEYMAPS = {k.name: k for k in (IR, CEC, BARE, KEYBOARD)}


def key(time, code, value, device="gpio_ir_recv"):
    return RawEvent(time, "EV_KEY", code, value, device)


def summary(events):
    return [(e.button.name, e.kind.name, round(e.time, 3), e.long_press) for e in events]


def test_keyboard_press_repeat_release():
    pipeline = InputPipeline(T)
    pipeline.push_key(Button.DIGIT_2, True, 10.0)
    assert summary(pipeline.poll(10.0)) == [("DIGIT_2", "PRESS", 10.0, False)]
    assert pipeline.poll(10.49) == [] and pipeline.is_held(Button.DIGIT_2)
    assert pipeline.next_deadline() == pytest.approx(10.5)
    assert summary(pipeline.poll(10.5)) == [("DIGIT_2", "REPEAT", 10.5, False)]
    assert summary(pipeline.poll(10.63)) == [("DIGIT_2", "REPEAT", 10.625, True)]
    pipeline.push_key(Button.DIGIT_2, False, 10.7)
    assert summary(pipeline.poll(10.7)) == [("DIGIT_2", "RELEASE", 10.7, True)]
    assert not pipeline.is_held(Button.DIGIT_2) and pipeline.next_deadline() is None
    assert pipeline.poll(20.0) == []


def test_keyboard_tap_and_source_name():
    pipeline = InputPipeline(T)
    pipeline.push_key(Button.SELECT, True, 1.0)
    pipeline.push_key(Button.SELECT, False, 1.05)
    events = pipeline.poll(1.1)
    assert summary(events) == [("SELECT", "PRESS", 1.0, False), ("SELECT", "RELEASE", 1.05, False)]
    assert {e.source for e in events} == {"keyboard"}


def test_keyboard_is_not_deduplicated():
    pipeline = InputPipeline(T)
    for t, down in ((0.0, True), (0.05, False), (0.1, True), (0.15, False)):
        pipeline.push_key(Button.UP, down, t)
    assert [e.kind for e in pipeline.poll(1.0)] == [Press.PRESS, Press.RELEASE, Press.PRESS, Press.RELEASE]


def test_timing_comes_from_the_profile():
    timing = InputTiming(repeat_delay_ms=300, repeat_rate_hz=20, long_press_ms=350)
    pipeline = InputPipeline(timing)
    pipeline.push_key(Button.RIGHT, True, 0.0)
    events = []
    for step in range(1, 41):
        events += pipeline.poll(step / 100)
    assert summary(events) == [
        ("RIGHT", "PRESS", 0.0, False),
        ("RIGHT", "REPEAT", 0.3, False),
        ("RIGHT", "REPEAT", 0.35, True),
        ("RIGHT", "REPEAT", 0.4, True),
    ]


def test_stall_collapses_overdue_repeats():
    pipeline = InputPipeline(T)
    pipeline.push_key(Button.DOWN, True, 0.0)
    pipeline.poll(0.0)
    # The app froze for two seconds: one repeat, not sixteen.
    assert summary(pipeline.poll(2.0)) == [("DOWN", "REPEAT", 2.0, True)]
    assert summary(pipeline.poll(2.125)) == [("DOWN", "REPEAT", 2.125, True)]


def test_ir_duplicate_press_is_swallowed():
    events = replay(
        [key(0.0, "KEY_OK", 1), key(0.1, "KEY_OK", 0), key(0.1, "KEY_OK", 1), key(0.25, "KEY_OK", 0)],
        T,
        KEYMAPS,
    )
    assert summary(events) == [("SELECT", "PRESS", 0.0, False), ("SELECT", "RELEASE", 0.37, False)]


def test_ir_presses_outside_the_window_are_two():
    events = replay(
        [key(0.0, "KEY_OK", 1), key(0.1, "KEY_OK", 0), key(0.221, "KEY_OK", 1), key(0.3, "KEY_OK", 0)],
        T,
        KEYMAPS,
    )
    assert [e.kind for e in events] == [Press.PRESS, Press.RELEASE, Press.PRESS, Press.RELEASE]
    assert [round(e.time, 3) for e in events] == [0.0, 0.22, 0.221, 0.42]


def test_dedupe_window_zero_turns_it_off():
    timing = InputTiming(dedupe_window_ms=0)
    events = replay([key(0.0, "KEY_OK", 1), key(0.1, "KEY_OK", 0), key(0.1, "KEY_OK", 1)], timing, KEYMAPS)
    assert [e.kind for e in events] == [Press.PRESS, Press.RELEASE, Press.PRESS]


def test_no_repeat_while_a_release_is_held_back():
    # Released at 0.49, repeat due at 0.5: the held-back release wins, no REPEAT after letting go.
    events = replay([key(0.0, "KEY_UP", 1), key(0.49, "KEY_UP", 0)], T, KEYMAPS)
    assert summary(events) == [("UP", "PRESS", 0.0, False), ("UP", "RELEASE", 0.61, True)]


def test_a_duplicate_press_inside_a_hold_keeps_repeating_on_schedule():
    raw = [key(0.0, "KEY_UP", 1), key(0.45, "KEY_UP", 0), key(0.52, "KEY_UP", 1), key(0.8, "KEY_UP", 0)]
    assert summary(replay(raw, T, KEYMAPS)) == [
        ("UP", "PRESS", 0.0, False),
        ("UP", "REPEAT", 0.625, True),  # 0.5 fell while the release was held back
        ("UP", "REPEAT", 0.75, True),
        ("UP", "RELEASE", 0.92, True),
    ]


def test_synthesised_release_for_a_remote_without_key_ups():
    raw = [key(t / 10, "KEY_NUMERIC_2", 1, "bare-ir") for t in range(0, 4)]
    assert summary(replay(raw, T, KEYMAPS)) == [
        ("DIGIT_2", "PRESS", 0.0, False),
        ("DIGIT_2", "RELEASE", 0.5, False),
    ]


def test_scan_codes_keep_a_press_alive():
    raw = [key(0.0, "KEY_OK", 1, "bare-ir")]
    raw += [RawEvent(t / 10, "EV_MSC", "MSC_SCAN", 7, "bare-ir") for t in (1, 2, 3, 4)]
    assert summary(replay(raw, T, KEYMAPS))[-1] == ("SELECT", "RELEASE", 0.6, True)


def test_a_remote_without_key_ups_holds_one_button():
    raw = [key(0.0, "KEY_OK", 1, "bare-ir"), key(0.05, "KEY_UP", 1, "bare-ir")]
    assert summary(replay(raw, T, KEYMAPS)) == [
        ("SELECT", "PRESS", 0.0, False),
        ("SELECT", "RELEASE", 0.05, False),
        ("UP", "PRESS", 0.05, False),
        ("UP", "RELEASE", 0.25, False),
    ]


def test_a_real_release_still_counts_on_such_a_remote():
    raw = [key(0.0, "KEY_OK", 1, "bare-ir"), key(0.05, "KEY_OK", 0, "bare-ir")]
    assert summary(replay(raw, T, KEYMAPS))[-1] == ("SELECT", "RELEASE", 0.17, False)


def test_unplug_releases_what_the_device_held():
    raw = [
        key(0.0, "KEY_UP", 1),
        key(0.1, "KEY_OK", 1, "vc4-hdmi"),
        RawEvent(0.3, UNPLUG, "", 0, "gpio_ir_recv"),
        RawEvent(0.9, PLUG, "", 0, "gpio_ir_recv"),
        key(0.4, "KEY_OK", 0, "vc4-hdmi"),
    ]
    assert summary(replay(raw, T, KEYMAPS)) == [
        ("UP", "PRESS", 0.0, False),
        ("SELECT", "PRESS", 0.1, False),
        ("UP", "RELEASE", 0.3, False),
        ("SELECT", "RELEASE", 0.52, False),
    ]


def test_hold_to_shake_works_alike_from_ir_cec_and_keyboard():
    """Hold 2 for 1.2 s and let go: the same button story from every kind of remote."""

    def story(events):
        return [(e.kind.name, e.long_press) for e in events]

    ir = replay(
        [key(0.0, "KEY_NUMERIC_2", 1)]
        + [key(0.5 + k / 8, "KEY_NUMERIC_2", 2) for k in range(5)]
        + [key(1.2, "KEY_NUMERIC_2", 0)],
        T,
        KEYMAPS,
    )
    cec = replay(
        [key(0.0, "KEY_NUMERIC_2", 1, "vc4-hdmi"), key(1.2, "KEY_NUMERIC_2", 0, "vc4-hdmi")], T, KEYMAPS
    )
    bare = replay([key(t / 100, "KEY_NUMERIC_2", 1, "bare-ir") for t in range(0, 101, 11)], T, KEYMAPS)
    pipeline = InputPipeline(T)
    pipeline.push_key(Button.DIGIT_2, True, 0.0)
    keyboard = pipeline.poll(0.0)
    for frame in range(1, 72):
        keyboard += pipeline.poll(frame / 60)
    pipeline.push_key(Button.DIGIT_2, False, 1.2)
    keyboard += pipeline.poll(1.3)
    expected_kinds = ["PRESS"] + ["REPEAT"] * 6 + ["RELEASE"]
    for events in (ir, cec, bare, keyboard):
        assert [k for k, _ in story(events)] == expected_kinds
        assert story(events)[-1] == ("RELEASE", True)
        assert all(e.button is Button.DIGIT_2 for e in events)


def test_unknown_codes_are_ignored_and_logged_once(caplog):
    raw = [key(t, "KEY_VOLUMEUP", v) for t, v in ((0.0, 1), (0.1, 0), (0.2, 1), (0.3, 0))]
    raw += [RawEvent(0.4, "EV_KEY", "KEY_OK", 1, "mystery device")]
    with caplog.at_level(logging.WARNING, logger="remote.pipeline"):
        assert replay(raw, T, {"ir": IR}) == []
    messages = [r.getMessage() for r in caplog.records]
    assert messages == [
        "ignoring KEY_VOLUMEUP from 'gpio_ir_recv' (keymap 'ir')",
        "no keymap for device 'mystery device': keys ignored",
    ]


def test_keymap_for_device_prefers_a_named_remote():
    assert keymap_for_device(KEYMAPS, "gpio_ir_recv") is IR
    assert keymap_for_device(KEYMAPS, "VC4-HDMI-0") is CEC
    assert keymap_for_device(KEYMAPS, "AT Translated Set 2 keyboard") is KEYBOARD
    assert keymap_for_device({"ir": IR}, "AT keyboard") is None
    assert KEYBOARD.catch_all and not IR.catch_all


def test_sources_are_drained_and_closed():
    source = ListSource([key(0.0, "KEY_OK", 1), key(0.05, "KEY_OK", 0)])
    pipeline = InputPipeline(T, KEYMAPS, [source])
    assert [e.kind for e in pipeline.poll(0.01)] == [Press.PRESS]
    pipeline.close()
    assert source.done and pipeline.sources == []


@pytest.mark.parametrize(
    "bad", [{"repeat_rate_hz": 0}, {"repeat_rate_hz": -8}, {"repeat_delay_ms": -1}, {"long_press_ms": -5}]
)
def test_timing_refuses_nonsense(bad):
    with pytest.raises(ValueError, match="must"):
        InputTiming(**bad)


def test_late_events_never_move_time_backwards():
    pipeline = InputPipeline(T)
    pipeline.push_key(Button.UP, True, 1.0)
    pipeline.poll(1.0)
    pipeline.poll(2.0)
    pipeline.push_key(Button.UP, False, 1.5)  # arrives after the clock moved on
    (release,) = pipeline.poll(2.1)
    assert release.kind is Press.RELEASE and release.time == 2.0


# -- properties ------------------------------------------------------------------------------------

DEVICES = ("gpio_ir_recv", "vc4-hdmi", "bare-ir", "usb keyboard")
raw_event = st.tuples(
    st.integers(0, 40),  # gap in 10 ms steps
    st.sampled_from(DEVICES),
    st.sampled_from(["KEY_OK", "KEY_UP", "KEY_NUMERIC_2", "KEY_MUTE", "SCAN", "UNPLUG"]),
    st.sampled_from([0, 1, 1, 2]),
)


def build(steps):
    t, out = 0.0, []
    for gap, device, code, value in steps:
        t += gap / 100
        if code == "SCAN":
            out.append(RawEvent(t, "EV_MSC", "MSC_SCAN", 1, device))
        elif code == "UNPLUG":
            out.append(RawEvent(t, UNPLUG, "", 0, device))
        else:
            out.append(key(t, code, value, device))
    return out


def check_well_formed(events: list[ButtonEvent]) -> set[Button]:
    held: dict[Button, float] = {}
    last = float("-inf")
    for e in events:
        assert e.time >= last - 1e-9
        last = e.time
        if e.kind is Press.PRESS:
            assert e.button not in held and not e.long_press
            held[e.button] = e.time
        else:
            assert e.button in held
            assert e.long_press == (e.time - held[e.button] >= 0.6 - 1e-9)
            if e.kind is Press.RELEASE:
                del held[e.button]
    return set(held)


@settings(max_examples=150, deadline=None)
@given(st.lists(raw_event, max_size=40))
def test_any_input_gives_well_formed_button_stories(steps):
    raw = build(steps)
    events = replay(raw, T, KEYMAPS)
    still_held = check_well_formed(events)
    # Only buttons pressed on a device that sends key-ups (and has not sent one yet) stay down.
    for button in still_held:
        holders = [e.source for e in events if e.button is button]
        assert not holders[-1].startswith("bare")


@settings(max_examples=100, deadline=None)
@given(st.lists(raw_event, max_size=30), st.lists(st.integers(1, 120), min_size=1, max_size=200))
def test_frame_rate_does_not_change_the_result(steps, frame_gaps_ms):
    """Polled at any frame rate (gaps below the repeat period) the same events come out as
    with a replay polled exactly at every deadline."""
    raw = build(steps)
    expected = replay(raw, T, KEYMAPS)
    end = (raw[-1].time if raw else 0.0) + 0.2
    pipeline = InputPipeline(T, KEYMAPS, [ListSource(raw)])
    got, now, i = [], 0.0, 0
    while now < end:
        got += pipeline.poll(now)
        now += frame_gaps_ms[i % len(frame_gaps_ms)] / 1000
        i += 1
    got += pipeline.poll(end)
    assert summary(got) == summary(expected)
