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
