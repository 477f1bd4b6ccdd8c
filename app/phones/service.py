"""Phones on the app's side: an input source beside evdev and the keyboard, and each seat's view.

:class:`PhoneService` starts the :class:`~app.phones.server.PhoneServer`, adds a
:class:`PhoneSource` to the input pipeline (its pipe wakes the loop when a phone speaks) and,
at every turn of the loop, sends each seated phone its own view when the match moved. A phone's
move goes to the match controller exactly as the keys' does (``Match.act``), and only if the
seat is a human one, it is that seat's move now and the engine lists it as legal: the rules stay
in the engine. The remote keeps every seat: a phone that goes away leaves its seat to the remote
at once, with nothing to hand back.
"""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Any

from app.descriptor import resolve
from app.match import Match
from app.phones.server import PhoneServer, is_private, lan_address

if TYPE_CHECKING:
    from app.app import App
    from app.screen import Screen

log = logging.getLogger(__name__)

DEFAULT_PORT = 8080
LOBBY_SEATS = 4
"""Seats offered before a game is set up (a phone that takes seat 2 plays the game's seat 2)."""
MAX_LEGAL = 120
"""Moves listed to a phone at most (a Monopoly auction's exact bids are offered as steps)."""


class PhoneSource:
    """The phones as an input source: nothing for the key pipeline, but ``read`` hands the phones'
    messages to the service, and ``wait_fds`` lets the idle loop sleep until one comes."""

    def __init__(self, service: PhoneService) -> None:
        self.service = service

    def read(self, now: float) -> list:
        if not self.service.running:
            return []
        self.service.pump()
        return []

    def wait_fds(self) -> list[int]:
        return [self.service.server.inbox.fileno()] if self.service.running else []

    def close(self) -> None:
        self.service.stop()


class PhoneService:
    """The phone server tied to one app."""

    def __init__(self, app: App, host: str | None = None, port: int = DEFAULT_PORT) -> None:
        self.app = app
        self.server = PhoneServer(host or lan_address(), port)
        self.move = 0
        """Moves made in the match shown (a phone's move names the one it saw: a retry is applied once)."""
        self._match: Match | None = None
        self._sent: dict[int, str] = {}
        self._offered: list[dict[str, Any]] | None = None
        self._dirty = True
        self.running = False

    @classmethod
    def for_settings(cls, app: App, bind: str = "", port: int = DEFAULT_PORT) -> PhoneService:
        """The service at the address the settings name: the LAN address when empty; a public
        address is refused (ValueError) because strangers' phones could reach it."""
        host = bind or lan_address()
        if not is_private(host) and host not in ("0.0.0.0", "::"):
            raise ValueError(f"{host} is not a private address")
        return cls(app, host, port)

    def start(self) -> PhoneService:
        """Listen, and join the app's loop (OSError where the address cannot be bound)."""
        self.server.start()
        self.running = True
        self.app.pipeline.add_source(PhoneSource(self))
        self.app.tickers.append(self.tick)
        self.app.phones = self
        self.tick(0.0)
        return self

    def stop(self) -> None:
        """Close the server and leave the app's loop (the app closes its sources when it stops)."""
        if self.running:
            self.running = False
            self.server.stop()
            if self.tick in self.app.tickers:
                self.app.tickers.remove(self.tick)
            if self.app.phones is self:
                self.app.phones = None
            self.app.refresh()

    # -- what the TV shows -----------------------------------------------------------------------------
    @property
    def url(self) -> str:
        return f"{self.server.url}?r={self.server.room}"

    @property
    def address(self) -> str:
        """The short address to type: host and port."""
        return f"{self.server.host}:{self.server.port}"

    def connected(self) -> dict[int, str]:
        return self.server.connected()

    # -- the match on the TV ---------------------------------------------------------------------------
    def current(self) -> tuple[Screen, Match] | tuple[None, None]:
        """The game screen highest on the stack and its match (None, None: no game is on)."""
        for screen in reversed(list(self.app.stack)):
            match = getattr(screen, "match", None)
            if isinstance(match, Match):
                return screen, match
        return None, None

    def _on_event(self, event: object) -> None:
        self.move += 1
        self._dirty = True

    def tick(self, now: float) -> None:
        """Follow the match on the TV; send each seated phone its view when it changed."""
        if not self.running:
            return
        _, match = self.current()
        if match is not self._match or self._offered is None:
            self._match = match
            self._dirty = True
            if match is not None:
                match.subscribe(self._on_event)
            self._offered = self._seats(match)  # a match's seats stay what they are while it lasts
            self.server.offer(self._offered)
        if self._dirty:
            self._dirty = False
            for seat in self.connected():
                self._send_view(seat)

    def _seats(self, match: Match | None) -> list[dict[str, Any]]:
        if match is None:
            return [{"seat": n, "name": f"Player {n + 1}"} for n in range(LOBBY_SEATS)]
        return [
            {"seat": n, "name": spec.name or f"Player {n + 1}"}
            for n, spec in enumerate(match.seats)
            if not spec.computer
        ]

    def view(self, seat: int) -> dict[str, Any]:
        """The message a seat's phone is sent now: only what that seat may see."""
        _, match = self.current()
        if match is None or seat >= len(match.seats):
            return {"type": "view", "seat": seat, "move": self.move, "game": None}
        state = match.state
        mine = match.actor == seat and self._may_act(match)
        legal = []
        if mine:
            for action in state.legal_actions()[:MAX_LEGAL]:
                legal.append({"action": int(action), "text": state.action_to_string(action)})
        return {
            "type": "view",
            "seat": seat,
            "move": self.move,
            "game": state.game.name,
            "your_turn": mine,
            "legal": legal,
            "private": private_view(state, seat),
        }

    def _send_view(self, seat: int) -> None:
        message = self.view(seat)
        text = json.dumps(message, sort_keys=True)
        if self._sent.get(seat) != text:
            self._sent[seat] = text
            self.server.send_seat(seat, message)

    @staticmethod
    def _may_act(match: Match) -> bool:
        return not (match.shaking or match.settling or match.ended or match.computer_to_act)

    # -- the phones' messages ----------------------------------------------------------------------------
    def pump(self) -> None:
        """Handle every message the phones sent since the last turn of the loop."""
        if not self.running:
            return
        for client, seat, message in self.server.inbox.take():
            kind = message["type"]
            if kind == "act":
                self._act(client, seat, message)
            else:  # a phone came or went: the TV's list of who is connected changes
                self._sent.pop(seat, None)
                self._dirty = True
                self._tell_screens()
                self.app.refresh()

    def _tell_screens(self) -> None:
        """Hand who is connected now to every screen that seats players from it (a set-up screen
        names a seat after the phone that took it): told on each change, never polled."""
        connected = self.connected()
        for screen in list(self.app.stack):
            seated = getattr(screen, "phones_seated", None)
            if seated is not None:
                seated(connected)
                screen.refresh()

    def _act(self, client: int, seat: int, message: dict[str, Any]) -> None:
        screen, match = self.current()
        error = self._refusal(match, seat, message)
        if error is not None:
            code, text = error
            self.server.send(client, {"type": "error", "id": message["id"], "code": code, "message": text})
            self._sent.pop(seat, None)  # the phone's picture may be behind: it gets the view again
            self._dirty = True
            return
        assert match is not None and screen is not None
        match.act(message["action"])
        self.app.last_input = self.app.clock()
        phone_acted = getattr(screen, "phone_acted", None)
        if phone_acted is not None:  # the screen closes a question the phone answered
            phone_acted(seat, message["action"])
        screen.refresh()
        self.app.refresh()
        self.server.send(client, {"type": "ok", "id": message["id"]})
        self.tick(self.app.clock())

    def _refusal(self, match: Match | None, seat: int, message: dict[str, Any]) -> tuple[str, str] | None:
        """Why this move cannot be made now (None: it can)."""
        if match is None:
            return "no_game", "no game is being played"
        if seat >= len(match.seats) or match.seats[seat].computer:
            return "not_your_seat", "that seat is not a player's"
        if message["move"] != self.move:
            return "stale", "the game moved on: look again"
        if match.actor != seat or not self._may_act(match):
            return "not_your_turn", "it is not your move"
        if message["action"] not in match.state.legal_actions():
            return "illegal", "that move is not allowed now"
        if self.app.demo_running:
            return "no_game", "a demo is playing"
        return None


def start_phones(app: App) -> PhoneService | None:
    """The running phone service, started now if needed at the address the settings name; where it
    cannot listen, one line on the TV says why and the box plays on without phones."""
    if app.phones is not None:
        return app.phones
    from app.i18n import t

    try:
        service = PhoneService.for_settings(app, app.settings.phones_bind)
        try:
            return service.start()
        except OSError:  # the usual port is taken: any free one (the QR code carries it)
            service = PhoneService.for_settings(app, app.settings.phones_bind, 0)
            return service.start()
    except (OSError, ValueError) as exc:
        log.warning("phones: %s", exc)
        app.toast(t("phones.failed", error=str(exc)[:80]))
        return None


def follow_setting(app: App) -> None:
    """Start or stop the server as the Phones setting now says ("ask" waits for the panel)."""
    mode = app.settings.phones
    if mode == "off" and app.phones is not None:
        app.phones.stop()
    elif mode == "on":
        start_phones(app)


def private_view(state: Any, seat: int) -> dict[str, Any]:
    """What the family's ``phone_view`` hook shows ``seat`` (its observation when it has none)."""
    from app.catalog import families

    for family in families():
        if state.game.name in family.engines and family.phone_view is not None:
            return resolve(family.phone_view)(state, seat)
    return state.to_dict(seat)
