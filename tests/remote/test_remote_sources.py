"""The recorded-log text format and the list/replay sources."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from remote.sources import (
    DEVICE_KEYS,
    PLUG,
    UNPLUG,
    EventSource,
    ListSource,
    LogFormatError,
    RawEvent,
    ReplaySource,
    format_event,
    parse_log,
)

LOG = """\
# a comment
0.250 EV_KEY KEY_OK 1

0.400 EV_KEY KEY_OK 0
# device gpio_ir_recv
0.500 EV_MSC MSC_SCAN 2148467746
0.600 EV_KEY KEY_UP 2
# unplug
1.500 # plug
1.600 # unplug vc4-hdmi
2 EV_KEY KEY_2 1
"""


def test_parse_log():
    events = parse_log(LOG.splitlines())
    assert events == [
        RawEvent(0.25, "EV_KEY", "KEY_OK", 1, "replay"),
        RawEvent(0.4, "EV_KEY", "KEY_OK", 0, "replay"),
        RawEvent(0.5, "EV_MSC", "MSC_SCAN", 2148467746, "gpio_ir_recv"),
        RawEvent(0.6, "EV_KEY", "KEY_UP", 2, "gpio_ir_recv"),
        RawEvent(0.6, UNPLUG, "", 0, "gpio_ir_recv"),  # no time: that of the line before
        RawEvent(1.5, PLUG, "", 0, "gpio_ir_recv"),
        RawEvent(1.6, UNPLUG, "", 0, "vc4-hdmi"),
        RawEvent(2.0, "EV_KEY", "KEY_2", 1, "gpio_ir_recv"),
    ]


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("0.250 EV_KEY KEY_OK", "expected '<seconds> <type> <code> <value>'"),
        ("0.250 EV_KEY KEY_OK one", "the value 'one' is not a whole number"),
        ("-1 EV_KEY KEY_OK 1", "the time '-1' is not seconds"),
        ("EV_KEY KEY_OK 1 0.25", "the time 'EV_KEY' is not seconds"),
        ("1234567890123.5 EV_KEY KEY_OK 1", "the time '1234567890123.5' is not seconds (at most 12 digits"),
        ("0.250 EV-KEY KEY_OK 1", "the type 'EV-KEY' is not an evdev name"),
        ("0.100 EV_KEY KEY_OK 1", "goes back before 0.2"),
    ],
)
def test_bad_lines_name_file_and_line(line, problem):
    with pytest.raises(LogFormatError) as info:
        parse_log(["0.200 EV_KEY KEY_UP 1", line], origin="my.log")
    assert str(info.value).startswith("my.log:2: ")
    assert problem in str(info.value)


names = st.from_regex(r"[A-Z][A-Z0-9_]{0,12}", fullmatch=True)
events = st.builds(
    RawEvent,
    time=st.integers(0, 10**6).map(lambda ms: ms / 1000),
    type=names,
    code=names,
    value=st.integers(-5, 2**32),
    device=st.just("replay"),
)


@given(st.lists(events, max_size=20))
def test_format_and_parse_round_trip(raw):
    raw = sorted(raw, key=lambda e: e.time)
    assert parse_log(format_event(e) for e in raw) == raw


def test_plug_lines_round_trip():
    for kind in (PLUG, UNPLUG):
        event = RawEvent(1.25, kind, "", 0, "flirc.tv flirc")
        assert parse_log([format_event(event)]) == [event]


def test_list_source_delivers_on_time():
    source = ListSource(
        [RawEvent(0.5, "EV_KEY", "KEY_OK", 1), RawEvent(0.1, "EV_KEY", "KEY_UP", 1)], start=10.0
    )
    assert isinstance(source, EventSource)
    assert source.read(9.0) == []
    assert source.read(10.1) == [RawEvent(10.1, "EV_KEY", "KEY_UP", 1)]
    assert not source.done and source.end_time == 10.5
    assert source.read(11.0) == [RawEvent(10.5, "EV_KEY", "KEY_OK", 1)]
    assert source.done and source.read(12.0) == []


def test_replay_source_reads_a_file(tmp_path):
    file = tmp_path / "x.log"
    file.write_text(LOG)
    source = ReplaySource(file)
    assert len(source.read(100.0)) == 8
    source.close()


def test_epoch_stamped_times_are_read():
    """A logger that stamps seconds since 1970 (ten digits) writes a log that replays."""
    events = parse_log(["1765000000.250 EV_KEY KEY_OK 1", "1765000000.400 EV_KEY KEY_OK 0"])
    assert [(e.time, e.value) for e in events] == [(1765000000.25, 1), (1765000000.4, 0)]


def test_keys_and_protocol_lines():
    lines = [
        "# device gpio_ir_recv",
        "# protocol NEC",
        "# keys KEY_OK KEY_UP",
        "# keys KEY_BACK",
        "0.5 EV_MSC MSC_SCAN 4259601",
        "0.5 EV_KEY KEY_OK 1",
    ]
    events = parse_log(lines)
    assert [(e.type, e.code) for e in events[:2]] == [
        (DEVICE_KEYS, "KEY_OK KEY_UP"),
        (DEVICE_KEYS, "KEY_BACK KEY_OK KEY_UP"),  # each line adds to the ones before
    ]
    assert events[2].protocol == "nec" and events[3].protocol == ""


def test_a_long_key_list_is_written_on_lines_the_reader_takes():
    event = RawEvent(0.0, DEVICE_KEYS, " ".join(f"KEY_F{n}" for n in range(1, 400)), 0)
    text = format_event(event)
    assert max(len(line) for line in text.splitlines()) < 1000
    assert parse_log(text.splitlines())[-1].code.split() == sorted(event.code.split())
