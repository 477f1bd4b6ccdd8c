"""Feed a recorded log through the input pipeline on a virtual clock.

The pipeline is polled at every event time and at every deadline it names (repeats, held-back
releases, release timeouts), so a replay gives exactly the button events the box would have
given live, whatever the frame rate.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from remote.buttons import ButtonEvent
from remote.keymap import Keymap
from remote.pipeline import InputPipeline, InputTiming
from remote.sources import ListSource, RawEvent

MAX_GAP_S = 60.0
"""A longer pause between two logged events is shortened to this: a key held across a pause of
days would otherwise repeat every few milliseconds all that time (output without end)."""


def replay(
    events: Iterable[RawEvent], timing: InputTiming, keymaps: Mapping[str, Keymap]
) -> list[ButtonEvent]:
    """The button events a list of raw events produces.

    After the last event the clock runs on just long enough for held-back and synthesised
    releases to come out (the larger of ``dedupe_window_ms`` and ``release_timeout_ms``).
    Pauses longer than :data:`MAX_GAP_S` are shortened to it, and later times move up with them.
    """
    return replay_with_pipeline(events, timing, keymaps)[0]


def replay_with_pipeline(
    events: Iterable[RawEvent], timing: InputTiming, keymaps: Mapping[str, Keymap]
) -> tuple[list[ButtonEvent], InputPipeline]:
    """:func:`replay`, and the pipeline it ran (closed), which says which keys stood in for others."""
    source = ListSource(_close_gaps(events))
    pipeline = InputPipeline(timing, keymaps, [source])
    out: list[ButtonEvent] = []
    for at in sorted({e.time for e in source.events}):
        out.extend(_run_until(pipeline, at))
    tail = max(timing.dedupe_window_ms, timing.release_timeout_ms) / 1000.0
    out.extend(_run_until(pipeline, source.end_time + tail))
    pipeline.close()
    return out, pipeline


def _run_until(pipeline: InputPipeline, at: float) -> list[ButtonEvent]:
    out = []
    while (due := pipeline.next_deadline()) is not None and due < at:
        out.extend(pipeline.poll(due))
    out.extend(pipeline.poll(at))
    return out


def _close_gaps(events: Iterable[RawEvent]) -> list[RawEvent]:
    """``events`` (in time order) with every pause longer than :data:`MAX_GAP_S` shortened to it.

    >>> [e.time for e in _close_gaps([RawEvent(t, "EV_KEY", "KEY_OK", 1) for t in (0, 1, 1e6, 1e6 + 2)])]
    [0, 1, 61.0, 63.0]
    """
    out: list[RawEvent] = []
    shift = 0.0
    previous = None
    for event in sorted(events, key=lambda e: e.time):
        if previous is not None and event.time - previous > MAX_GAP_S:
            shift += event.time - previous - MAX_GAP_S
        previous = event.time
        out.append(dataclasses.replace(event, time=event.time - shift) if shift else event)
    return out
