"""Feed a recorded log through the input pipeline on a virtual clock.

The pipeline is polled at every event time and at every deadline it names (repeats, held-back
releases, release timeouts), so a replay gives exactly the button events the box would have
given live, whatever the frame rate.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from remote.buttons import ButtonEvent
from remote.keymap import Keymap
from remote.pipeline import InputPipeline, InputTiming
from remote.sources import ListSource, RawEvent


def replay(
    events: Iterable[RawEvent], timing: InputTiming, keymaps: Mapping[str, Keymap]
) -> list[ButtonEvent]:
    """The button events a list of raw events produces.

    After the last event the clock runs on just long enough for held-back and synthesised
    releases to come out (the larger of ``dedupe_window_ms`` and ``release_timeout_ms``).
    """
    source = ListSource(events)
    pipeline = InputPipeline(timing, keymaps, [source])
    out: list[ButtonEvent] = []
    for at in sorted({e.time for e in source.events}):
        out.extend(_run_until(pipeline, at))
    tail = max(timing.dedupe_window_ms, timing.release_timeout_ms) / 1000.0
    out.extend(_run_until(pipeline, source.end_time + tail))
    pipeline.close()
    return out


def _run_until(pipeline: InputPipeline, at: float) -> list[ButtonEvent]:
    out = []
    while (due := pipeline.next_deadline()) is not None and due < at:
        out.extend(pipeline.poll(due))
    out.extend(pipeline.poll(at))
    return out
