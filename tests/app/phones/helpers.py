"""A headless box with the real phone server on 127.0.0.1, and phones that talk to it from a thread."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any

import numpy as np

from app.app import Headless
from app.match import PlayerSpec
from app.phones.service import PhoneService

LIMIT_S = 20.0
"""No phone conversation in a test takes longer (a hung one fails instead of waiting forever)."""


def yahtzee_box(tmp_path, names=("Ann", "Bob")) -> tuple[Headless, PhoneService]:
    """A box playing Yahtzee Classic between humans ``names``, its phone server started."""
    from app.screens.yahtzee.game import GameScreen
    from engines.core import load_game

    box = Headless(data_dir=tmp_path)
    state = load_game("yahtzee-classic", num_players=len(names)).new_initial_state()
    seats = [PlayerSpec(name=name) for name in names]
    box.app.push(GameScreen(state, seats, np.random.default_rng(1), np.random.default_rng(2)))
    service = PhoneService(box.app, "127.0.0.1", 0).start()
    box.advance(20)
    return box, service


def converse(box: Headless, talk: Callable[[], Awaitable[Any]], limit_s: float = LIMIT_S) -> Any:
    """Run the phones' coroutine ``talk()`` in a thread while the box's loop turns here (the app
    only touches its match on its own thread); its result, or its exception raised here."""
    done = threading.Event()
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["result"] = asyncio.run(asyncio.wait_for(talk(), limit_s))
        except BaseException as exc:  # noqa: BLE001 - handed to the test's thread
            out["error"] = exc
        finally:
            done.set()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    while not done.is_set():
        box.advance(10)
        done.wait(0.002)
    thread.join(1.0)
    if "error" in out:
        raise out["error"]
    return out.get("result")


async def next_of(ws, kind: str, limit: int = 20) -> dict[str, Any]:
    """The next message of type ``kind`` (others are skipped)."""
    for _ in range(limit):
        message = await ws.receive_json(timeout=5)
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind!r} message")


class Pump:
    """The box's loop in a thread of its own while a test drives a browser on its thread (playwright's
    sync API stays on the thread that made it). Anything that touches the app goes through :meth:`call`."""

    def __init__(self, box: Headless) -> None:
        self.box = box
        self._calls: list[tuple[Callable[[], Any], dict[str, Any], threading.Event]] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="box-loop", daemon=True)

    def __enter__(self) -> Pump:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(LIMIT_S)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.box.advance(10)
            with self._lock:
                calls, self._calls = self._calls, []
            for fn, out, done in calls:
                try:
                    out["result"] = fn()
                except BaseException as exc:  # noqa: BLE001 - raised on the caller's thread
                    out["error"] = exc
                done.set()
            self._stop.wait(0.002)

    def call(self, fn: Callable[[], Any]) -> Any:
        """``fn()`` run on the box's thread between two turns of its loop; its result."""
        out: dict[str, Any] = {}
        done = threading.Event()
        with self._lock:
            self._calls.append((fn, out, done))
        if not done.wait(LIMIT_S):
            raise TimeoutError("the box's loop did not answer")
        if "error" in out:
            raise out["error"]
        return out.get("result")

    def until(self, condition: Callable[[], bool], what: str, limit_s: float = LIMIT_S) -> None:
        """Wait (real time, bounded) until ``condition()``, asked on the box's thread, holds."""
        import time

        end = time.monotonic() + limit_s
        while not self.call(condition):
            if time.monotonic() > end:
                raise AssertionError(f"waited {limit_s:.0f} s for {what}")
            time.sleep(0.02)
