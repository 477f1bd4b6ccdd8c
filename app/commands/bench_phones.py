"""``tvgames bench``'s phone figures: tap -> TV frame, TV change -> phone update, idle CPU with 4 phones.

The real loop runs (a dummy-driver window) with a game of four humans (the table of the first family
with a ``phone_bench`` hook: Yahtzee's) and the phone server on 127.0.0.1; four phones are aiohttp
websocket clients in a thread of their own, as a browser's socket would be. Phone 1 taps the table's
repeatable moves (holding and releasing dice) again and again; each tap is timed from its send to
the first frame presented after the match applied it, and to the moment phone 2 receives the
new view (the table changed on the TV: every seated phone is told).
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

PHONES = 4


def phone_figures(profile: str, taps: int, idle_seconds: float) -> dict[str, Any]:
    """The ``phone_*`` keys of the bench's JSON (see the module)."""
    import tempfile

    from app.app import App
    from app.catalog import families, resolve
    from app.commands.bench import percentile
    from app.phones.service import PhoneService
    from app.profiles import load_profile

    table = next((f.phone_bench for f in families() if f.phone_bench), None)
    if table is None:
        return {}
    with tempfile.TemporaryDirectory(prefix="tvgames-bench-") as home:
        app = App(load_profile(profile), display_mode="window", lang="en", data_dir=home, sound=False)
        try:
            screen, taps_on = resolve(table)(app, PHONES)
            service = PhoneService(app, "127.0.0.1", 0).start()
            presented: list[float] = []
            applied: list[float] = []
            real_present, real_act = app.display.present, screen.match.act

            def present() -> None:
                real_present()
                presented.append(time.monotonic())

            def act(action: int, outcomes=()) -> None:  # noqa: ANN001 - Match.act's own signature
                real_act(action, outcomes)
                applied.append(time.monotonic())

            app.display.present, screen.match.act = present, act
            phones = _Phones(service, taps_on)
            phones.start()
            app.run(until=time.monotonic() + 1.0)  # the phones join and get their first views
            if not phones.ready.is_set():
                raise RuntimeError("the bench phones could not join")
            cpu0, wall0 = time.process_time(), time.monotonic()
            app.run(until=wall0 + idle_seconds)
            idle_pct = 100.0 * (time.process_time() - cpu0) / max(1e-9, time.monotonic() - wall0)
            phones.taps = taps
            phones.go.set()
            end = time.monotonic() + 10 + taps * 0.2
            while not phones.done.is_set() and time.monotonic() < end:
                app.run(until=time.monotonic() + 0.2)
            phones.stop()
        finally:
            app.close()
    to_frame, to_phone, to_match = [], [], []
    for sent, seen in zip(phones.sent, phones.seen, strict=True):
        done = next((t for t in applied if t >= sent), None)
        if done is None:
            continue
        frame = next((t for t in presented if t >= done), None)
        if frame is not None:
            to_frame.append((frame - sent) * 1000)
            to_match.append((done - sent) * 1000)
        if seen is not None:
            to_phone.append((seen["at"] - done) * 1000)
    return {
        "phone_tap_to_frame": {"p99_ms": percentile(to_frame, 99), "median_ms": percentile(to_frame, 50),
                               "taps": len(to_frame), "to_match_median_ms": percentile(to_match, 50),
                               "to_match_p99_ms": percentile(to_match, 99)},
        "phone_update": {"p99_ms": percentile(to_phone, 99), "median_ms": percentile(to_phone, 50),
                         "updates": len(to_phone)},
        "phone_idle_cpu_pct": idle_pct,
        "phones": PHONES,
    }  # fmt: skip


class _Phones:
    """Four websocket phones in a thread: seated, then phone 1 taps while phone 2 watches."""

    def __init__(self, service, moves: list[int]) -> None:  # noqa: ANN001 - a PhoneService
        self.moves = moves
        self.url = service.server.url + "ws"
        self.room = service.server.room
        self.taps = 0
        self.sent: list[float] = []
        self.seen: list[dict | None] = []
        """The watching phone's view after each tap (None: none came), with its arrival time."""
        self.ready, self.go, self.done = threading.Event(), threading.Event(), threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=lambda: asyncio.run(self._main()), name="bench-phones", daemon=True
        )

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self.go.set()
        self._thread.join(5)

    async def _main(self) -> None:
        import aiohttp

        async with aiohttp.ClientSession() as session:
            sockets = [await session.ws_connect(self.url) for _ in range(PHONES)]
            views: list[dict] = []
            for seat, ws in enumerate(sockets):
                await ws.send_json(
                    {"type": "join", "id": 1, "room": self.room, "seat": seat, "name": f"P{seat}"}
                )
                views.append(await _next(ws, "view"))
            self.ready.set()
            # blocked in a thread, not polling: the phones' side must not count in the box's idle CPU
            await asyncio.get_running_loop().run_in_executor(None, self.go.wait)
            tapper, watcher = sockets[0], sockets[1]
            view = views[0]
            for n in range(self.taps):
                if self._stop.is_set():
                    break
                await asyncio.sleep(0.05 + (n % 7) * 0.01)  # taps at a person's uneven pace
                sent = time.monotonic()
                tap = {
                    "type": "act",
                    "id": n + 2,
                    "action": self.moves[n % len(self.moves)],
                    "move": view["move"],
                }
                await tapper.send_json(tap)
                answer = await _next(tapper, ("ok", "error"), 2.0)
                view = await _next(tapper, "view", 2.0) or view  # the view after the tap (or a fresh one)
                watched = await _next(watcher, "view", 2.0)
                if answer is not None and answer["type"] == "ok":
                    self.sent.append(sent)
                    self.seen.append(watched)
            self.done.set()
            for ws in sockets:
                await ws.close()


async def _next(ws, kind: str | tuple[str, ...], timeout: float = 5.0) -> dict | None:  # noqa: ANN001
    """The next message of type ``kind`` within ``timeout`` s, stamped with its arrival (``at``)."""
    kinds = (kind,) if isinstance(kind, str) else kind
    end = time.monotonic() + timeout
    while (left := end - time.monotonic()) > 0:
        try:
            message = await ws.receive_json(timeout=left)
        except (TimeoutError, TypeError, ValueError):
            return None
        if message.get("type") in kinds:
            return {**message, "at": time.monotonic()}
    return None
