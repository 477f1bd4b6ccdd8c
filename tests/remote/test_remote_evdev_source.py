"""The evdev source against a fake device layer (CI has no /dev/input and no /dev/uinput)."""

from __future__ import annotations

import logging

import pytest

from remote.buttons import Button, Press
from remote.evdev_source import EvdevSource
from remote.fakes import Clock, FakeBackend, FakeEvent
from remote.keymap import Keymap
from remote.pipeline import InputPipeline, InputTiming
from remote.sources import DEVICE_KEYS, PLUG, UNPLUG, RawEvent

evdev = pytest.importorskip("evdev")

CODES = {
    "KEY_NUMERIC_2": Button.DIGIT_2,
    "KEY_OK": Button.SELECT,
    "KEY_2": Button.DIGIT_2,
    "KEY_UP": Button.UP,
}
KEYMAPS = {
    "mce-ir": Keymap("mce-ir", CODES, ("gpio_ir_recv*",)),
    "usb-hid": Keymap("usb-hid", CODES, ("flirc*",)),
    "keyboard": Keymap("keyboard", CODES, ("*",), dedupe=False),
}
REMOTE_KEYS = {"KEY_OK", "KEY_UP", "KEY_NUMERIC_2"}
KEYBOARD_KEYS = {"KEY_A", "KEY_2", "KEY_ENTER", "KEY_UP"}
MOUSE_KEYS = {"BTN_LEFT", "BTN_RIGHT"}


@pytest.fixture
def box():
    backend = FakeBackend()
    backend.plug("/dev/input/event0", "gpio_ir_recv", REMOTE_KEYS)
    backend.plug("/dev/input/event1", "AT Translated Set 2 keyboard", KEYBOARD_KEYS)
    backend.plug("/dev/input/event2", "Logitech USB Optical Mouse", MOUSE_KEYS)
    backend.plug("/dev/input/event3", "flirc.tv flirc", KEYBOARD_KEYS)
    clock = Clock()
    source = EvdevSource(KEYMAPS, backend, clock=clock)
    yield backend, source, clock
    source.close()


def test_finds_remotes_and_keyboards_not_mice(box):
    backend, source, _ = box
    events = source.read(0.0)
    assert [(e.type, e.device) for e in events] == [
        (PLUG, "gpio_ir_recv"),
        (DEVICE_KEYS, "gpio_ir_recv"),  # what the pipeline needs to know which keys stand in
        (PLUG, "AT Translated Set 2 keyboard"),
        (DEVICE_KEYS, "AT Translated Set 2 keyboard"),
        (PLUG, "flirc.tv flirc"),
        (DEVICE_KEYS, "flirc.tv flirc"),
    ]
    assert set(events[1].code.split()) == set(REMOTE_KEYS)
    listed = {(d.path, d.remote, d.grabbed) for d in source.devices()}
    assert listed == {
        ("/dev/input/event0", "mce-ir", True),
        ("/dev/input/event1", "keyboard", True),  # read here (a console app): grabbed from SDL
        ("/dev/input/event3", "usb-hid", True),
    }
    assert backend.opened["/dev/input/event2"].closed  # the mouse was looked at and let go


def test_app_mode_leaves_keyboards_to_pygame():
    backend = FakeBackend()
    backend.plug("/dev/input/event1", "AT Translated Set 2 keyboard", KEYBOARD_KEYS)
    backend.plug("/dev/input/event3", "flirc.tv flirc", KEYBOARD_KEYS)
    source = EvdevSource(KEYMAPS, backend, include_keyboards=False)
    source.read(0.0)
    assert [d.name for d in source.devices()] == ["flirc.tv flirc"]
    source.close()


def test_a_terminal_tool_leaves_the_keyboard_ungrabbed():
    backend = FakeBackend()
    backend.plug("/dev/input/event0", "gpio_ir_recv", REMOTE_KEYS)
    backend.plug("/dev/input/event1", "AT keyboard", KEYBOARD_KEYS)
    source = EvdevSource(KEYMAPS, backend, grab_keyboards=False)
    source.read(0.0)
    assert {d.name: d.grabbed for d in source.devices()} == {"gpio_ir_recv": True, "AT keyboard": False}
    source.close()


def test_no_grab_and_grab_keyboards():
    backend = FakeBackend()
    backend.plug("/dev/input/event0", "gpio_ir_recv", REMOTE_KEYS)
    backend.plug("/dev/input/event1", "AT keyboard", KEYBOARD_KEYS)
    source = EvdevSource(KEYMAPS, backend, grab=False, grab_keyboards=True)
    source.read(0.0)
    assert {d.name: d.grabbed for d in source.devices()} == {"gpio_ir_recv": False, "AT keyboard": True}
    source.close()


def test_reads_without_blocking_and_moves_times_onto_the_callers_clock(box):
    backend, source, clock = box
    source.read(0.0)
    assert source.read(0.5) == []  # nothing queued: returns at once
    ir = backend.opened["/dev/input/event0"]
    clock.now = 2.0
    ir.push(
        FakeEvent(1001.9, "EV_MSC", "MSC_SCAN", 0x800F0402),
        FakeEvent(1001.9, "EV_KEY", "KEY_NUMERIC_2", 1),
        FakeEvent(1001.9, "EV_SYN", "SYN_REPORT", 0),
    )
    events = source.read(2.0)
    assert events == [
        RawEvent(pytest.approx(1.9), "EV_MSC", "MSC_SCAN", 0x800F0402, "gpio_ir_recv"),
        RawEvent(pytest.approx(1.9), "EV_KEY", "KEY_NUMERIC_2", 1, "gpio_ir_recv"),
    ]


def test_a_grab_that_fails_still_reads(caplog):
    backend = FakeBackend()
    backend.plug("/dev/input/event0", "gpio_ir_recv", REMOTE_KEYS, grab_fails=True)
    source = EvdevSource(KEYMAPS, backend)
    with caplog.at_level(logging.WARNING):
        source.read(0.0)
    assert [d.grabbed for d in source.devices()] == [False]
    assert "cannot grab /dev/input/event0" in caplog.text
    source.close()


def test_unreadable_device_is_reported_once(caplog):
    backend = FakeBackend()
    backend.plug("/dev/input/event0", "gpio_ir_recv", REMOTE_KEYS)
    backend.denied.add("/dev/input/event0")
    source = EvdevSource(KEYMAPS, backend)
    with caplog.at_level(logging.WARNING):
        for second in range(5):
            source.read(float(second))
    assert source.devices() == []
    assert caplog.text.count("cannot open /dev/input/event0") == 1
    source.close()


def test_unplugged_remote_is_found_again_within_two_seconds(box):
    backend, source, clock = box
    source.read(0.0)
    calls = backend.list_calls
    for frame in range(1, 60):  # one second of frames: one rescan, not sixty
        source.read(frame / 60)
    assert backend.list_calls == calls
    backend.unplug("/dev/input/event0")
    events = source.read(1.2)
    assert (UNPLUG, "gpio_ir_recv") in [(e.type, e.device) for e in events]
    assert "gpio_ir_recv" not in [d.name for d in source.devices()]
    backend.plug("/dev/input/event4", "gpio_ir_recv", REMOTE_KEYS)  # back, maybe under a new name
    found_at = None
    t = 1.2
    while found_at is None and t < 5:
        t += 1 / 60
        if any(e.type == PLUG and e.device == "gpio_ir_recv" for e in source.read(t)):
            found_at = t
    assert found_at is not None and found_at - 1.2 <= 2.0
    assert backend.opened["/dev/input/event4"].grabbed


def test_end_to_end_hold_to_shake_across_an_unplug(box):
    backend, source, clock = box
    pipeline = InputPipeline(InputTiming(), KEYMAPS, [source])
    pipeline.poll(0.0)
    ir = backend.opened["/dev/input/event0"]
    clock.now = 0.1
    ir.push(FakeEvent(1000.1, "EV_KEY", "KEY_NUMERIC_2", 1))
    events = pipeline.poll(0.1)
    for frame in range(7, 50):
        clock.now = frame / 60
        events += pipeline.poll(clock.now)
    clock.now = 0.9
    ir.push(FakeEvent(1000.9, "EV_KEY", "KEY_NUMERIC_2", 0))
    events += pipeline.poll(0.9)
    events += pipeline.poll(1.1)
    assert [e.kind for e in events] == [Press.PRESS] + [Press.REPEAT] * 3 + [Press.RELEASE]  # 0.6 0.725 0.85
    assert events[-1].long_press and events[-1].source == "gpio_ir_recv"
    # Held when the receiver is pulled out: the press ends at once.
    clock.now = 1.5
    ir.push(FakeEvent(1001.5, "EV_KEY", "KEY_UP", 1))
    assert [e.kind for e in pipeline.poll(1.5)] == [Press.PRESS]
    backend.unplug("/dev/input/event0")
    (release,) = pipeline.poll(1.6)
    assert (release.button, release.kind, release.time) == (Button.UP, Press.RELEASE, 1.6)
    pipeline.close()
    assert all(device.closed for device in backend.opened.values())


def test_real_backend_names_events():
    from remote.evdev_source import EvdevBackend

    backend = EvdevBackend(known_codes={"KEY_MUTE"})
    ecodes = evdev.ecodes
    press = evdev.InputEvent(12, 500000, ecodes.EV_KEY, ecodes.KEY_OK, 1)
    assert backend.describe(press) == (12.5, "EV_KEY", "KEY_OK", 1)
    mute = evdev.InputEvent(1, 0, ecodes.EV_KEY, ecodes.KEY_MUTE, 0)
    assert backend.describe(mute)[2] == "KEY_MUTE"  # KEY_MUTE shares its code with KEY_MIN_INTERESTING
    scan = evdev.InputEvent(1, 0, ecodes.EV_MSC, ecodes.MSC_SCAN, 0x800F0422)
    assert backend.describe(scan) == (1.0, "EV_MSC", "MSC_SCAN", 0x800F0422)
    assert backend.describe(evdev.InputEvent(1, 0, ecodes.EV_SYN, 0, 0)) is None


def test_real_backend_with_no_devices(tmp_path):
    from remote.evdev_source import EvdevBackend

    source = EvdevSource(KEYMAPS, EvdevBackend(input_dir=str(tmp_path)))
    assert source.read(0.0) == [] and source.devices() == []
    source.close()


def test_a_remote_plugged_in_wakes_the_loop_through_a_watch_on_the_folder(tmp_path):
    """With a watch on the device folder the source offers its fd to the sleeping loop, and a new
    device (made by udev, then given its permissions) is looked at once, not at the next rescan."""
    import select

    backend = FakeBackend()
    source = EvdevSource(KEYMAPS, backend, rescan_s=1.0, watch_dir=str(tmp_path))
    try:
        source.read(0.0)
        fds = source.wait_fds()
        assert len(fds) == 1 and select.select(fds, [], [], 0)[0] == []  # nothing plugged: asleep
        assert source.read(5.0) == []  # a minute between rescans now: no polling of the folder
        backend.denied.add("/dev/input/event3")
        backend.plug("/dev/input/event3", "gpio_ir_recv", REMOTE_KEYS)
        (tmp_path / "event3").touch()
        assert select.select(fds, [], [], 0)[0] == fds  # the loop wakes
        assert source.read(5.1) == [] and source.devices() == []  # no permission yet
        backend.denied.clear()
        (tmp_path / "event3").chmod(0o660)  # udev's permissions arrive: tried again
        events = source.read(5.2)
        assert [(e.type, e.device) for e in events] == [(PLUG, "gpio_ir_recv"), (DEVICE_KEYS, "gpio_ir_recv")]
    finally:
        source.close()
