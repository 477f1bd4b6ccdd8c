"""The phone server: an aiohttp page and websocket in a thread of its own, beside the app's loop.

It only translates. A phone's message is checked here (size, shape, room code, the seat's secret,
the rate) and then handed to the app's thread through :class:`Inbox`, whose pipe wakes the loop;
whether the move is legal now is for the match to say there (:mod:`app.phones.service`). Nothing
here is saved: the room and the seats' secrets live as long as the process.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import queue
import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from app.phones.address import is_private, lan_address

__all__ = ["PhoneServer", "is_private", "lan_address"]

log = logging.getLogger(__name__)

MAX_PHONES = 8
MAX_FRAME_BYTES = 4096
"""A bigger websocket frame closes that phone's connection (no message of the protocol is near it)."""
MAX_PENDING = 64
"""Messages queued for one phone; past this the phone is too slow and is dropped."""
RATE_PER_S = 15.0
RATE_BURST = 30.0
FLOOD_LIMIT = 60
"""Messages refused for rate in a row before the connection is closed."""
WRONG_ROOM_LIMIT = 5
WRONG_ROOM_WINDOW_S = 60.0
NAME_CHARS = 16
SEAT_IDLE_S = 60.0
"""A seat whose phone has been gone this long may be taken by another phone."""
ASSETS = Path(__file__).resolve().parents[2] / "assets" / "phone"
ROOM_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: read off a TV, they look like 1 and 0


def room_code(rng: secrets.SystemRandom | None = None) -> str:
    """A fresh 4-letter room code."""
    pick = rng or secrets.SystemRandom()
    return "".join(pick.choice(ROOM_LETTERS) for _ in range(4))


def clean_phone_name(raw: Any, seat: int) -> str:
    """A typed name made safe to show: printable letters, digits and spaces, at most 16 characters."""
    text = raw if isinstance(raw, str) else ""
    kept = "".join(ch for ch in text[: NAME_CHARS * 4] if ch.isalnum() or ch in " -_'.")
    kept = " ".join(kept.split())[:NAME_CHARS]
    return kept or f"Phone {seat + 1}"


# -- message schemas: one handler per type, each with the fields it accepts ----------------------------
SCHEMAS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "join": {"id": int, "room": str, "seat": int, "name": str},
    "hello": {"id": int, "room": str, "seat": int, "secret": str},
    "act": {"id": int, "action": int, "move": int},
    "leave": {"id": int},
    "ping": {"id": int},
}


class ProtocolError(ValueError):
    """A message the protocol refuses: ``code`` names why, for the phone to show."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def parse_message(text: str) -> dict[str, Any]:
    """A phone's frame as a message of a known type with exactly its fields, else :class:`ProtocolError`."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    schema = SCHEMAS.get(data.get("type"))  # type: ignore[arg-type]
    if schema is None:
        raise ProtocolError("unknown_type", "unknown message type")
    extra = set(data) - set(schema) - {"type"}
    if extra:
        raise ProtocolError("bad_message", f"unexpected field {sorted(extra)[0][:20]!r}")
    for name, kind in schema.items():
        value = data.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ProtocolError("bad_message", f"field {name!r} must be {getattr(kind, '__name__', kind)}")
        if isinstance(value, int) and not -1 <= value < 2**31:
            raise ProtocolError("bad_message", f"field {name!r} is out of range")
        if isinstance(value, str) and len(value) > 64:
            raise ProtocolError("bad_message", f"field {name!r} is too long")
    return data


@dataclass
class Seat:
    """A seat a phone holds: its secret (kept on the phone), its name and whether it is there now."""

    secret: str
    name: str
    client: int | None = None
    gone_since: float = 0.0


@dataclass
class Client:
    """One websocket connection."""

    id: int
    ws: web.WebSocketResponse
    peer: str
    seat: int | None = None
    tokens: float = RATE_BURST
    refill_at: float = field(default_factory=time.monotonic)
    refused: int = 0
    outbox: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(MAX_PENDING))


class Inbox:
    """Messages for the app's thread, with a pipe that becomes readable when one arrives (the loop
    waits on it with select, so a phone's press wakes it without polling)."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[tuple[int, int, dict[str, Any]]] = queue.SimpleQueue()
        self.pending = False
        """Set by :meth:`put` (any thread), cleared by :meth:`take` before it drains the queue."""
        self._read, self._write = os.pipe()
        os.set_blocking(self._read, False)
        os.set_blocking(self._write, False)

    def put(self, client: int, seat: int, message: dict[str, Any]) -> None:
        self._queue.put((client, seat, message))
        self.pending = True
        try:
            os.write(self._write, b"!")
        except BlockingIOError:  # the pipe is full of wake-ups already: one is enough
            pass

    def fileno(self) -> int:
        return self._read

    def take(self) -> list[tuple[int, int, dict[str, Any]]]:
        """Every message waiting (the wake-up bytes are drained too)."""
        if not self.pending:  # the idle loop asks often: no system call when nothing came
            return []
        self.pending = False
        try:
            while os.read(self._read, 4096):
                pass
        except (BlockingIOError, OSError):
            pass
        out = []
        while True:
            try:
                out.append(self._queue.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        for fd in (self._read, self._write):
            try:
                os.close(fd)
            except OSError:
                pass


class PhoneServer:
    """The page, its files and the websocket on ``host:port`` (port 0: any free port)."""

    def __init__(
        self,
        host: str,
        port: int = 0,
        *,
        room: str | None = None,
    ) -> None:
        self.host = host
        self.port = port
        self.room = room or room_code()
        self.inbox = Inbox()
        self._offered: list[dict[str, Any]] = []
        """The seats a phone may take now (set by the app's thread: :meth:`offer`)."""
        self._seats: dict[int, Seat] = {}
        self._clients: dict[int, Client] = {}
        self._wrong_rooms: dict[str, list[float]] = {}
        self._lock = threading.Lock()
        self._next_client = 1
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._ready = threading.Event()
        self._start_error: BaseException | None = None
        self._stop: asyncio.Event | None = None

    # -- life --------------------------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> None:
        """Bind and serve in a daemon thread; OSError if the address cannot be bound."""
        self._thread = threading.Thread(target=self._serve, name="phone-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the phone server did not start")
        if self._start_error is not None:
            raise OSError(f"the phone server cannot listen on {self.host}:{self.port}: {self._start_error}")

    def stop(self, timeout: float = 5.0) -> None:
        """Close every phone's connection and the listening socket; the thread ends."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stop.set)
            except RuntimeError:  # the loop closed meanwhile
                pass
        if self._thread is not None:
            self._thread.join(timeout)
        self.inbox.close()

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    def _serve(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main())
        except BaseException as exc:  # noqa: BLE001 - told to start(), never raised in the thread
            self._start_error = exc
            self._ready.set()
        finally:
            loop.close()

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        web_app = web.Application(client_max_size=MAX_FRAME_BYTES)
        web_app.router.add_get("/", self._page)
        web_app.router.add_get("/ws", self._websocket)
        web_app.router.add_get("/{name:[a-z]+\\.(?:js|css|json)}", self._asset)
        runner = web.AppRunner(web_app, handle_signals=False, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port, backlog=16)
        await site.start()
        self._runner = runner
        sockets = getattr(site._server, "sockets", None) or []  # the port chosen when asked for 0
        if sockets:
            self.port = sockets[0].getsockname()[1]
        self._ready.set()
        await self._stop.wait()
        for client in list(self._clients.values()):
            await client.ws.close()
        await runner.cleanup()

    # -- the page ----------------------------------------------------------------------------------------
    async def _page(self, request: web.Request) -> web.StreamResponse:
        return self._file("index.html", "text/html")

    async def _asset(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        kinds = {"css": "text/css", "js": "text/javascript", "json": "application/json"}
        return self._file(name, kinds[name.rpartition(".")[2]])

    def _file(self, name: str, kind: str) -> web.StreamResponse:
        path = ASSETS / name
        if not path.is_file():
            raise web.HTTPNotFound()
        headers = {
            "Cache-Control": "no-cache",
            "Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:",
            "X-Content-Type-Options": "nosniff",
        }
        return web.Response(body=path.read_bytes(), content_type=kind, charset="utf-8", headers=headers)

    # -- the websocket -----------------------------------------------------------------------------------
    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=MAX_FRAME_BYTES, heartbeat=20.0)
        await ws.prepare(request)
        with self._lock:
            full = len(self._clients) >= MAX_PHONES
            client = Client(self._next_client, ws, request.remote or "?")
            if not full:
                self._next_client += 1
                self._clients[client.id] = client
        if full:
            await ws.send_json({"type": "error", "id": None, "code": "full", "message": "8 phones already"})
            await ws.close()
            return ws
        writer = asyncio.get_running_loop().create_task(self._writer(client))
        try:
            await self._send_lobby(client)
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    break  # a binary frame, a frame over the cap or a closing one: the phone is let go
                self._receive(client, msg.data)
        finally:
            writer.cancel()
            self._forget(client)
        return ws

    async def _writer(self, client: Client) -> None:
        while True:
            message = await client.outbox.get()
            try:
                await client.ws.send_str(message)
            except (ConnectionError, RuntimeError):
                return

    def _forget(self, client: Client) -> None:
        with self._lock:
            self._clients.pop(client.id, None)
            seat = self._seats.get(client.seat) if client.seat is not None else None
            if seat is not None and seat.client == client.id:
                seat.client = None
                seat.gone_since = time.monotonic()
        if client.seat is not None:
            self.inbox.put(client.id, client.seat, {"type": "gone"})

    def _queue(self, client: Client, message: dict[str, Any]) -> None:
        try:
            client.outbox.put_nowait(json.dumps(message, separators=(",", ":")))
        except asyncio.QueueFull:  # a phone that does not read is dropped, not waited for
            log.info("phones: dropping slow client %d", client.id)
            asyncio.get_running_loop().create_task(client.ws.close())

    async def _send_lobby(self, client: Client) -> None:
        self._queue(client, {"type": "lobby", "seats": self.lobby()})

    def _receive(self, client: Client, text: str) -> None:
        now = time.monotonic()
        client.tokens = min(RATE_BURST, client.tokens + (now - client.refill_at) * RATE_PER_S)
        client.refill_at = now
        if client.tokens < 1:
            client.refused += 1
            if client.refused >= FLOOD_LIMIT:  # 1008: policy violation, named so the page can say it
                asyncio.get_running_loop().create_task(client.ws.close(code=1008, message=b"rate_limited"))
            elif client.refused == 1:
                self._error(client, None, ProtocolError("rate_limited", "too many messages: slow down"))
            return
        client.tokens -= 1
        client.refused = 0
        try:
            message = parse_message(text)
            reply = getattr(self, f"_on_{message['type']}")(client, message)
        except ProtocolError as exc:
            self._error(client, _request_id(text), exc)
            return
        if reply is not None:
            self._queue(client, reply)

    def _error(self, client: Client, request: int | None, exc: ProtocolError) -> None:
        self._queue(client, {"type": "error", "id": request, "code": exc.code, "message": str(exc)})

    def _check_room(self, client: Client, room: str) -> None:
        now = time.monotonic()
        with self._lock:
            tries = [t for t in self._wrong_rooms.get(client.peer, []) if now - t < WRONG_ROOM_WINDOW_S]
            self._wrong_rooms[client.peer] = tries
            if len(tries) >= WRONG_ROOM_LIMIT:
                raise ProtocolError("rate_limited", "too many wrong room codes: wait a minute")
            if room.strip().upper() != self.room:
                tries.append(now)
                raise ProtocolError("wrong_room", "no room with that code")

    def _on_join(self, client: Client, message: dict[str, Any]) -> dict[str, Any]:
        self._check_room(client, message["room"])
        number = message["seat"]
        with self._lock:
            offered = {seat["seat"] for seat in self._offered}
        if number not in offered:
            raise ProtocolError("no_seat", "no such seat for a phone")
        with self._lock:
            held = self._seats.get(number)
            now = time.monotonic()
            if held is not None and (held.client is not None or now - held.gone_since < SEAT_IDLE_S):
                raise ProtocolError("seat_taken", "another phone has this seat")
            self._leave_seat(client)
            seat = Seat(secrets.token_urlsafe(18), clean_phone_name(message["name"], number), client.id)
            self._seats[number] = seat
            client.seat = number
        self.inbox.put(client.id, number, {"type": "joined"})
        return {"type": "welcome", "id": message["id"], "seat": number, "secret": seat.secret,
                "name": seat.name, "room": self.room}  # fmt: skip

    def _on_hello(self, client: Client, message: dict[str, Any]) -> dict[str, Any]:
        self._check_room(client, message["room"])
        number = message["seat"]
        with self._lock:
            seat = self._seats.get(number)
            if seat is None or not secrets.compare_digest(seat.secret, message["secret"]):
                raise ProtocolError("bad_secret", "this phone does not hold that seat")
            old = self._clients.get(seat.client) if seat.client is not None else None
            self._leave_seat(client)
            seat.client = client.id
            client.seat = number
        if old is not None and old is not client:  # the same phone reloaded: the old tab lets go
            old.seat = None
            asyncio.get_running_loop().create_task(old.ws.close())
        self.inbox.put(client.id, number, {"type": "joined"})
        return {"type": "welcome", "id": message["id"], "seat": number, "secret": seat.secret,
                "name": seat.name, "room": self.room}  # fmt: skip

    def _leave_seat(self, client: Client) -> None:
        if client.seat is not None:
            seat = self._seats.get(client.seat)
            if seat is not None and seat.client == client.id:
                seat.client, seat.gone_since = None, time.monotonic()
            client.seat = None

    def _on_leave(self, client: Client, message: dict[str, Any]) -> dict[str, Any]:
        with self._lock:
            if client.seat is not None:
                self._seats.pop(client.seat, None)
                self.inbox.put(client.id, client.seat, {"type": "gone"})
            client.seat = None
        return {"type": "ok", "id": message["id"]}

    def _on_act(self, client: Client, message: dict[str, Any]) -> None:
        if client.seat is None:
            raise ProtocolError("not_seated", "join a seat first")
        self.inbox.put(client.id, client.seat, message)  # the match decides; its answer comes from there

    def _on_ping(self, client: Client, message: dict[str, Any]) -> dict[str, Any]:
        return {"type": "pong", "id": message["id"]}

    # -- from the app's thread -------------------------------------------------------------------------
    def send(self, client_id: int, message: dict[str, Any]) -> None:
        """Queue ``message`` for one phone (thread-safe; a phone gone meanwhile is skipped)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return

        def deliver() -> None:
            client = self._clients.get(client_id)
            if client is not None:
                self._queue(client, message)

        try:
            loop.call_soon_threadsafe(deliver)
        except RuntimeError:
            pass

    def send_seat(self, seat: int, message: dict[str, Any]) -> None:
        """Queue ``message`` for the phone holding ``seat``, if it is there."""
        with self._lock:
            held = self._seats.get(seat)
            client = held.client if held is not None else None
        if client is not None:
            self.send(client, message)

    def lobby(self) -> list[dict[str, Any]]:
        """The seats offered now, each marked taken where a phone holds it."""
        with self._lock:
            offered = list(self._offered)
            held = {n for n, seat in self._seats.items() if seat.client is not None}
        return [{**seat, "open": seat.get("open", True) and seat["seat"] not in held} for seat in offered]

    def offer(self, seats: list[dict[str, Any]]) -> None:
        """The seats phones may take now: dicts with ``seat`` and ``name`` (the app's thread)."""
        with self._lock:
            self._offered = [dict(seat) for seat in seats]
        self.broadcast_lobby()

    def connected(self) -> dict[int, str]:
        """Seat -> name of every seat whose phone is connected now."""
        with self._lock:
            return {n: seat.name for n, seat in sorted(self._seats.items()) if seat.client is not None}

    @property
    def phone_count(self) -> int:
        with self._lock:
            return len(self._clients)

    def broadcast_lobby(self) -> None:
        """Tell every phone not in a seat which seats are open now."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return

        def deliver() -> None:
            seats = self.lobby()
            for client in list(self._clients.values()):
                if client.seat is None:
                    self._queue(client, {"type": "lobby", "seats": seats})

        try:
            loop.call_soon_threadsafe(deliver)
        except RuntimeError:
            pass


def _request_id(text: str) -> int | None:
    """The ``id`` of a refused message where it can be read, so the phone knows which one it was."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    value = data.get("id") if isinstance(data, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None
