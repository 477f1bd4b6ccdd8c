"""Kiosk mode: a box in a shop or a waiting room, used by strangers, kept by its owner.

In kiosk mode (``tvgames --kiosk``, or ``tvgames kiosk --on`` which keeps it in ``kiosk.json``):

- Settings, quitting the app, deleting saves and a game's "Quit without saving" are hidden
  (:meth:`App.allows` says no);
- the owner opens Settings or leaves kiosk mode by typing the PIN with the digit keys on the
  home screen (a first digit opens the PIN pad). The PIN is stored as a salted scrypt hash, set
  from the command line (``tvgames kiosk --set-pin``); wrong tries are capped: after
  :data:`FREE_TRIES` the pad locks for :data:`LOCK_FIRST_S`, doubling with each further wrong
  PIN up to :data:`LOCK_MAX_S`. The count lives in :class:`LockRecord`, a small file of fixed
  size written in place (a full card can still update it) before the PIN is even checked, so a
  power cut gives no free try; where it cannot be written the pad takes no PIN at all (it fails
  closed). A lock never lasts longer than its back-off from now, whatever the wall clock does;
- guests see, resume and save only guests' saves (:class:`GuestSaves`); the owner's saves appear
  once the PIN has turned kiosk mode off. Guests never push each other's high scores out
  (:class:`GuestHighScores`) unless ``guests_share`` is set.

Kiosk mode is on when any of three says so: the ``--kiosk`` flag, ``kiosk.json`` or the firmware
profile's ``kiosk: {enabled: true}`` (a box model sold as a kiosk). The attract loop's timings
(minutes idle on home before the demos, minutes a game may sit idle before it is saved), used with
or without kiosk mode, come from ``kiosk.json`` where it sets them, else from the profile's
``kiosk:`` key, else the defaults (2 and 5).
"""

from __future__ import annotations

import errno
import hashlib
import hmac
import logging
import os
import time
import zlib
from dataclasses import asdict, dataclass
from typing import Any

import pygame

from app import widgets
from app.i18n import t
from app.profiles import KioskDefaults
from app.saves import MAX_SAVES, OWNER_GUEST
from app.screen import Binding, ModalScreen
from app.storage import Storage, make_dirs
from remote.buttons import DIGITS, Button, ButtonEvent, Press

log = logging.getLogger(__name__)

FILE_NAME = "kiosk.json"
SCHEMA_VERSION = 1
PIN_LENGTHS = range(4, 9)
FREE_TRIES = 3
"""Wrong PINs allowed before the pad locks."""
LOCK_FIRST_S = 30.0
LOCK_MAX_S = 900.0
MAX_MINUTES = 24 * 60.0
"""The longest attract-loop timing ``kiosk.json`` may hold (a day)."""
SCRYPT = {"n": 2**14, "r": 8, "p": 1}
"""scrypt cost: 16 MiB and about 0.1 s on a Raspberry Pi 4 per try (a brute force of 10^4 PINs
is slow even without the lock)."""


# -- the PIN -----------------------------------------------------------------------------------------


def valid_pin(pin: str) -> bool:
    """Digits only (the remote has no letters), 4 to 8 of them.

    >>> valid_pin("2580"), valid_pin("12a4"), valid_pin("123")
    (True, False, False)
    """
    return pin.isascii() and pin.isdigit() and len(pin) in PIN_LENGTHS


def hash_pin(pin: str, salt: bytes | None = None) -> dict[str, Any]:
    """The stored form of ``pin``: scrypt with a random salt (the PIN itself is never kept)."""
    if not valid_pin(pin):
        raise ValueError(f"a PIN is {PIN_LENGTHS.start}-{PIN_LENGTHS.stop - 1} digits")
    salt = os.urandom(16) if salt is None else salt
    digest = hashlib.scrypt(pin.encode(), salt=salt, dklen=32, **SCRYPT)
    return {"scheme": "scrypt", **SCRYPT, "salt": salt.hex(), "hash": digest.hex()}


def check_pin(pin: str, stored: dict[str, Any] | None) -> bool:
    """Does ``pin`` match the stored hash? False for a damaged or missing record."""
    if not stored or stored.get("scheme") != "scrypt" or not valid_pin(pin):
        return False
    try:
        cost = {k: int(stored[k]) for k in ("n", "r", "p")}
        digest = hashlib.scrypt(pin.encode(), salt=bytes.fromhex(stored["salt"]), dklen=32, **cost)
        return hmac.compare_digest(digest.hex(), str(stored["hash"]))
    except (KeyError, TypeError, ValueError):
        return False


def lock_seconds(failures: int) -> float:
    """How long the pad stays locked after ``failures`` wrong PINs in a row.

    >>> [lock_seconds(n) for n in (1, 3, 4, 5, 10)]
    [0.0, 30.0, 60.0, 120.0, 900.0]
    """
    if failures < FREE_TRIES:
        return 0.0
    return min(LOCK_MAX_S, LOCK_FIRST_S * 2 ** (failures - FREE_TRIES))


# -- the lock record ---------------------------------------------------------------------------------

LOCK_FILE = "kiosk.lock"
LOCK_SIZE = 64
"""Bytes of the lock record: one line, padded, always the same size (rewritten in place)."""
_LOCK_MAGIC = "TVGLOCK1"
DAMAGED_FAILURES = 10
"""The wrong-PIN count a damaged lock record stands for (the longest back-off)."""


class LockRecord:
    """The wrong-PIN count and the end of the lock, in a file of :data:`LOCK_SIZE` bytes.

    The file is made once (when the PIN is set, or when kiosk mode starts) and from then on only
    overwritten in place (``pwrite`` + ``fsync``, no new file, no rename), so a card with no free
    block still takes it. A record that cannot be written makes :meth:`write` False and the PIN
    pad refuses every PIN (fail closed); a damaged record reads as a full lock
    (:data:`LOCK_MAX_S`) rather than as no lock."""

    def __init__(self, storage: Storage, wall: Any = time.time) -> None:
        self.path = storage.path(LOCK_FILE)
        self.wall = wall

    @staticmethod
    def encode(failures: int, locked_until: float) -> bytes:
        body = f"{_LOCK_MAGIC} {min(failures, 99_999_999):08d} {locked_until:017.3f}"
        line = f"{body} {zlib.crc32(body.encode()):08x}"
        return line.encode().ljust(LOCK_SIZE - 1) + b"\n"

    @staticmethod
    def decode(raw: bytes) -> tuple[int, float] | None:
        """(failures, locked_until) from a record's bytes; None if they are not a whole record.

        >>> LockRecord.decode(LockRecord.encode(4, 1234.5))
        (4, 1234.5)
        >>> LockRecord.decode(LockRecord.encode(4, 1234.5).replace(b"4", b"5", 1)) is None
        True
        """
        try:
            magic, failures, until, crc = raw.decode("ascii").split()
            body = f"{magic} {failures} {until}"
            if magic != _LOCK_MAGIC or int(crc, 16) != zlib.crc32(body.encode()) or len(raw) != LOCK_SIZE:
                return None
            values = int(failures), float(until)
        except (UnicodeDecodeError, ValueError):
            return None
        return values if values[0] >= 0 and values[1] == values[1] and abs(values[1]) < 1e13 else None

    def create(self) -> bool:
        """Make the record if there is none (no lock) or it has the wrong size (counted as a damaged
        one: the longest lock, so a cut file never resets the count); True if one is there now."""
        if self.path.is_file() and os.path.getsize(self.path) == LOCK_SIZE:
            return True
        state = (DAMAGED_FAILURES, self.wall() + LOCK_MAX_S) if os.path.lexists(self.path) else (0, 0.0)
        try:
            make_dirs(self.path.parent)
            fd = os.open(
                self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0), 0o600
            )
            try:
                os.write(fd, self.encode(*state))
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError as exc:
            log.warning("kiosk: cannot make the lock record: %s", exc.strerror or exc)
            return False
        return True

    def read(self) -> tuple[int, float] | None:
        """The stored (failures, locked_until); None if there is no record; a damaged one reads
        as a full lock from now."""
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        except FileNotFoundError:
            return None
        except OSError:
            return self._damaged()
        try:
            raw = os.pread(fd, LOCK_SIZE + 1, 0)
        except OSError:
            raw = b""
        finally:
            os.close(fd)
        found = self.decode(raw)
        return self._damaged() if found is None else found

    def _damaged(self) -> tuple[int, float]:
        """A record that cannot be read counts as many wrong PINs: locked for the longest back-off
        from now, written back whole (so the lock runs out, unless the card refuses it too)."""
        log.warning("kiosk: the lock record is damaged; the PIN pad locks as after many wrong PINs")
        state = (DAMAGED_FAILURES, self.wall() + LOCK_MAX_S)
        self.write(*state)
        return state

    def write(self, failures: int, locked_until: float) -> bool:
        """Overwrite the record in place and sync it; False if the card would not take it."""
        try:
            fd = os.open(self.path, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0))
        except OSError as exc:
            log.warning("kiosk: lock record not writable: %s", exc.strerror or exc)
            return False
        try:
            if os.fstat(fd).st_size != LOCK_SIZE:
                raise OSError(errno.EINVAL, "the lock record has the wrong size")
            if os.pwrite(fd, self.encode(failures, locked_until), 0) != LOCK_SIZE:
                raise OSError(errno.EIO, "short write")
            os.fsync(fd)
        except OSError as exc:
            log.warning("kiosk: lock record not written: %s", exc.strerror or exc)
            return False
        finally:
            os.close(fd)
        return True


# -- the configuration ----------------------------------------------------------------------------------


@dataclass
class KioskConfig:
    """``kiosk.json``: whether the box starts in kiosk mode, the PIN, the timings (the wrong tries
    are in :class:`LockRecord`)."""

    enabled: bool = False
    pin: dict[str, Any] | None = None
    attract_after_min: float | None = None
    """Minutes idle on the home screen before the demo games start (0: never; None: the profile's)."""
    idle_game_min: float | None = None
    """Minutes a game may wait for a player before it is saved and the box goes back to the demos
    (None: the profile's)."""
    guests_share: bool = False
    """Kiosk guests may push each other's high scores out of a full table."""

    @classmethod
    def load(cls, storage: Storage) -> KioskConfig:
        """The saved configuration; a bad value falls back to its default (logged)."""
        data = storage.read_json(FILE_NAME, SCHEMA_VERSION) or {}
        config = cls()
        checks = {
            "enabled": lambda v: isinstance(v, bool),
            "pin": lambda v: v is None or isinstance(v, dict),
            "attract_after_min": lambda v: v is None or _minutes(v) and v >= 0,
            "idle_game_min": lambda v: v is None or _minutes(v) and v > 0,
            "guests_share": lambda v: isinstance(v, bool),
        }
        for name, ok in checks.items():
            if name in data:
                if ok(data[name]):
                    setattr(config, name, data[name])
                else:
                    log.warning("kiosk.json: ignoring a bad %s (%r)", name, data[name])
        return config

    def save(self, storage: Storage) -> None:
        storage.write_json(FILE_NAME, asdict(self), SCHEMA_VERSION)

    def timings(self, defaults: KioskDefaults) -> tuple[float, float]:
        """Minutes idle on home before the demos, and minutes a game may wait: this file's where
        it sets them, else ``defaults`` (the profile's ``kiosk:`` key)."""
        after = defaults.attract_after_min if self.attract_after_min is None else self.attract_after_min
        idle = defaults.idle_game_min if self.idle_game_min is None else self.idle_game_min
        return after, idle


def _minutes(value: Any) -> bool:
    # a number of minutes from a hostile file: not a bool, not NaN or infinite, not absurdly large
    return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= MAX_MINUTES


# -- guests -----------------------------------------------------------------------------------------


class GuestSaves:
    """The save store as a kiosk guest sees it: guests' saves only.

    A guest's new game is saved as a guest's (:data:`app.saves.OWNER_GUEST`); the list, resuming,
    saving over and deleting (a finished game's own save) touch guests' saves and never the
    owner's, which wait for the PIN. At most :data:`app.saves.MAX_SAVES` guests' saves are kept
    (saving one more asks which guest's save to replace), the owner's not counted."""

    owner = OWNER_GUEST

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.storage = inner.storage

    def list(self) -> list:
        return [info for info in self.inner.list() if info.owner == OWNER_GUEST]

    def info(self, slot: str):
        info = self.inner.info(slot)
        return info if info is not None and info.owner == OWNER_GUEST else None

    def exists(self, slot: str) -> bool:
        return self.info(slot) is not None

    def full(self) -> bool:
        return len(self.list()) >= MAX_SAVES

    def load(self, slot: str) -> dict | None:
        return self.inner.load(slot) if self.exists(slot) else None

    def save(self, slot: str, kind: str, title: str, payload: dict, players=(), progress: str = ""):
        if self.inner.exists(slot) and not self.exists(slot):
            slot = self.inner.new_slot(kind)  # never over the owner's save
        return self.inner.save(slot, kind, title, payload, players, progress, owner=OWNER_GUEST)

    def delete(self, slot: str) -> bool:
        return self.inner.delete(slot) if self.exists(slot) else False

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


class GuestHighScores:
    """The high-score tables as a kiosk guest sees them: a guest's score enters a table only
    where it pushes nobody out (a table with a free place); full tables are read-only."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def qualifies(self, mode: str, score: int) -> bool:
        return len(self.inner.load(mode)) < self._kept()

    def add(self, mode: str, name: str, score: int, date: str | None = None) -> int | None:
        if not self.qualifies(mode, score):
            return None
        return self.inner.add(mode, name, score, date)

    @staticmethod
    def _kept() -> int:
        from app.saves import HIGHSCORES_KEPT

        return HIGHSCORES_KEPT

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


# -- kiosk mode in the running app ----------------------------------------------------------------------


LOCKED = frozenset({"settings", "quit", "delete_save", "discard_game"})
"""What kiosk mode hides (see :meth:`app.app.App.allows`)."""


class Kiosk:
    """Kiosk mode on a running app: the policy, the PIN pad's entry point and the guest stores."""

    def __init__(self, app: Any, config: KioskConfig, wall: Any = time.time) -> None:
        self.app = app
        self.config = config
        self.wall = wall
        self.active = False
        self._real = (app.saves, app.high_scores)
        self.lock = LockRecord(app.storage, lambda: self.wall())

    def enter(self) -> None:
        self.active = True
        self.lock.create()  # the in-place record, made while the card has room (fails closed if not)
        self.app.saves = GuestSaves(self._real[0])
        if not self.config.guests_share:
            self.app.high_scores = GuestHighScores(self._real[1])
        self._reload_home()
        log.info("kiosk mode on")

    def leave(self) -> None:
        self.active = False
        self.app.saves, self.app.high_scores = self._real
        self._reload_home()
        log.info("kiosk mode off (until the next start)")

    def allows(self, what: str) -> bool:
        return not (self.active and what in LOCKED)

    def _reload_home(self) -> None:
        if self.app.stack:
            reload = getattr(self.app.stack[0], "reload_tiles", None)
            if reload is not None:
                reload()

    # -- the loop ---------------------------------------------------------------------------------
    def filter(self, event: ButtonEvent) -> bool:
        """A digit on the home screen opens the PIN pad (in kiosk mode); True if it took the press."""
        if not self.active or event.kind != Press.PRESS or event.button not in DIGITS:
            return False
        if len(self.app.stack) != 1:
            return False
        self.app.push(PinScreen(self, first=DIGITS.index(event.button)), self._unlocked)
        return True

    # -- the PIN ----------------------------------------------------------------------------------
    def _state(self) -> tuple[int, float] | None:
        """(failures, locked_until) from the record, the lock cut to its back-off from now (a
        clock set back must not lock the owner out for a day); None: no record (fail closed)."""
        found = self.lock.read()
        if found is None:
            return None
        failures, until = found
        longest = lock_seconds(failures)
        now = self.wall()
        if until - now > longest:
            until = now + longest
            self.lock.write(failures, until)  # the cut is kept (best effort: the read cuts it again)
        return failures, until

    def writable(self) -> bool:
        """Whether a PIN can be tried at all: the lock record is there and takes a write (the same
        count written back) to count it."""
        state = self._state()
        return state is not None and self.lock.write(*state)

    def locked_for(self) -> float:
        """Seconds the PIN pad stays locked (0 when it takes a PIN; a day where it cannot count)."""
        state = self._state()
        if state is None:
            return 0.0
        return max(0.0, state[1] - self.wall())

    def try_pin(self, pin: str) -> bool:
        """Check ``pin``. The try is counted on the card first (a power cut after the answer gives
        no free try); where it cannot be counted no PIN is checked at all."""
        state = self._state()
        if state is None or state[1] - self.wall() > 0:
            return False
        failures = state[0] + 1
        if not self.lock.write(failures, self.wall() + lock_seconds(failures)):
            return False  # the card takes no count: fail closed
        ok = check_pin(pin, self.config.pin)
        if ok:
            self.lock.write(0, 0.0)
        else:
            log.warning("kiosk: wrong PIN (%d in a row)", failures)
        return ok

    def _unlocked(self, ok: bool | None) -> None:
        if not ok:
            return
        from app.screens.menu import ChoiceScreen

        choices = [("kiosk.open_settings", "settings"), ("kiosk.leave", "leave"), ("menu.continue", "close")]
        self.app.push(ChoiceScreen("kiosk.owner", choices), self._owner_chose)

    def _owner_chose(self, value: str | None) -> None:
        if value == "settings":
            from app.screens.settings import SettingsScreen

            self.app.push(SettingsScreen())
        elif value == "leave":
            self.leave()
            self.app.toast(t("kiosk.left"))


class PinScreen(ModalScreen[bool]):
    """The PIN pad: digits fill in the PIN (shown as dots), SELECT checks it, BACK erases or closes.

    Hands back True for the right PIN. A wrong PIN is refused with a message; after the free tries
    the pad says how long it is locked and takes no digits until then."""

    BINDINGS = (
        *(Binding(button, "digit", "", show=False, args=(i,)) for i, button in enumerate(DIGITS)),
        Binding(Button.SELECT, "check", "kiosk.key.check"),
        Binding(Button.BACK, "erase", "kiosk.key.erase"),
        Binding(Button.MENU, "back", "action.close"),
    )

    def __init__(self, kiosk: Kiosk, first: int | None = None) -> None:
        super().__init__()
        self.kiosk = kiosk
        self.digits = "" if first is None else str(first)
        self.message = ""
        self.can_count = True
        """The lock record can be written (else the pad takes no PIN: it fails closed)."""
        self.countdown = 0
        """The seconds of lock-out the pad shows now (0: no count-down on screen)."""

    @property
    def ticking(self) -> bool:
        return self.kiosk.locked_for() > 0 or self.countdown != 0  # the count-down, to its end

    def update(self, dt: float) -> None:
        shown = int(self.kiosk.locked_for() + 0.999)
        if shown != self.countdown:  # redrawn once a second, as the count-down moves
            self.countdown = shown
            self.refresh()

    def on_enter(self) -> None:
        self.can_count = self.kiosk.writable()

    def check_action(self, action: str, args: tuple) -> bool:
        if action == "digit":
            return self.can_count and self.kiosk.locked_for() == 0 and len(self.digits) < PIN_LENGTHS.stop - 1
        if action == "check":
            return self.can_count and self.kiosk.locked_for() == 0 and len(self.digits) >= PIN_LENGTHS.start
        return True

    def action_digit(self, digit: int) -> None:
        self.digits += str(digit)
        self.message = ""

    def action_erase(self) -> None:
        if self.digits:
            self.digits = self.digits[:-1]
        else:
            self.dismiss(None)

    def action_check(self) -> None:
        if self.kiosk.try_pin(self.digits):
            self.dismiss(True)
            return
        self.can_count = self.kiosk.writable()
        self.digits = ""
        self.message = t("kiosk.wrong_pin")
        self.app.sound.play("error")

    def status_line(self) -> str:
        """The line under the dots: why no PIN is taken, the count-down of a lock, or "Wrong PIN"."""
        if not self.can_count:
            return t("kiosk.cannot_count", file=LOCK_FILE)
        locked = self.kiosk.locked_for()
        return t("kiosk.locked", seconds=int(locked + 0.999)) if locked > 0 else self.message

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        box = pygame.Rect(0, 0, min(theme.safe.w, theme.px(620)), theme.px(330))
        box.center = theme.safe.center
        widgets.panel(
            surface, box, theme.colour("background_2"), theme.radius, theme.px(4), theme.colour("accent")
        )
        widgets.draw_text(
            surface,
            app.text,
            t("kiosk.pin_title"),
            theme.font("title"),
            theme.colour("text"),
            (box.centerx, box.y + theme.px(20)),
            "midtop",
            bold=True,
            max_width=box.w - theme.px(40),
        )
        r = theme.px(14)
        step = theme.px(44)
        count = max(len(self.digits), PIN_LENGTHS.start)
        x0 = box.centerx - (count - 1) * step // 2
        for i in range(count):
            rect = pygame.Rect(0, 0, 2 * theme.round_w(r), 2 * r)
            rect.center = (x0 + i * step, box.centery)
            filled = i < len(self.digits)
            pygame.draw.ellipse(
                surface, theme.colour("accent" if filled else "text_disabled"), rect, 0 if filled else 3
            )
        line = self.status_line()
        if line:
            widgets.draw_text(
                surface,
                app.text,
                line,
                theme.font("body"),
                theme.colour("accent"),
                (box.centerx, box.centery + theme.px(50)),
                "midtop",
                max_width=box.w - theme.px(40),
            )
        widgets.help_bar(surface, app, self, box.inflate(-theme.px(40), -theme.px(20)))


# -- wiring the box ------------------------------------------------------------------------------------


def set_up_box(
    app: Any, *, kiosk: bool = False, keys: str | None = None, cec: bool = False, demo: bool = False
) -> Kiosk:
    """Everything the box does beyond its screens, for ``tvgames run``: burn-in protection, the
    attract loop (timings from ``kiosk.json`` or the profile), kiosk mode (from the flag,
    ``kiosk.json`` or the profile), the
    TV's standby over HDMI-CEC (with ``cec``), the scripted keys of ``--keys`` and, with ``demo``,
    the attract loop's demos at once. Returns the
    kiosk (active or not). The first key after a dimmed picture or a demo is theirs alone."""
    import atexit

    from app.appliance import KeyScript
    from app.attract import Attract
    from app.cli import UserError
    from app.tv import BurnIn, CecWatcher

    config = KioskConfig.load(app.storage)
    box = Kiosk(app, config)
    app.kiosk = box
    defaults = app.profile.kiosk
    if kiosk or config.enabled or defaults.enabled:
        if config.pin is None:
            raise UserError("kiosk mode needs a PIN first: tvgames kiosk --set-pin")
        box.enter()
    BurnIn(app).install()
    attract_after_min, idle_game_min = config.timings(defaults)
    attract = Attract(app, attract_after_min * 60, idle_game_min * 60).install()
    if demo and attract.demos:  # `tvgames bench`: the demos from the first frame
        attract.start(app.clock())
    app.input_filters.append(box.filter)
    if cec:
        watcher = CecWatcher(app, attract)
        if watcher.start():
            atexit.register(watcher.close)
    if keys:
        app.tickers.append(KeyScript(app, keys))
    return box
