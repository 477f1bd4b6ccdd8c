"""The solved Monopoly Dice turn as a table: decisions, values, and where the table lives.

:class:`TurnTable` answers, for any position of a turn (an :class:`~engines.monopoly_dice.odds.Position`),
the exact expected turn score of throwing on and playing optimally (:meth:`TurnTable.roll_value`),
whether to throw (:meth:`TurnTable.should_roll`) and the best placement of the dice showing
(:meth:`TurnTable.best_placement`), all by look-ups in the table :mod:`engines.monopoly_dice.solver`
builds.

The table is built once per box and cached (about 40 MB as float32) in the cache directory the
caller gave :mod:`engines.runtime`. The file name carries a fingerprint of the dice and the
solver's format, so new dice or a new solver never read an old table. The app never waits for a
build: a ``hard`` computer plays the one-step look-ahead meanwhile (:func:`preparer` builds with
the caller's build runner and reports progress); the CLI builds up front (``tvgames solve
monopoly-dice``). Whether a minutes-long build may start at all is the caller's to say
(:func:`allow_builds`; the test suite says no): this module reads no environment.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import threading
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

import numpy as np

from engines.monopoly_dice import rules as R
from engines.monopoly_dice import solver as S
from engines.monopoly_dice.odds import Position
from engines.runtime import cache_dir, run_build

Placement = tuple[tuple[int, int], ...]


def fingerprint() -> str:
    """What the table depends on: the dice, the board, the house rules and the solver's format."""
    parts = [repr(die.faces) for die in (*R.PROPERTY_DICE, *R.JAIL_DICE, R.HOUSE_DIE)]
    parts += [repr(R.GROUPS), repr((R.GO_AMOUNT, R.HOUSE_VALUE, R.HOTEL_VALUE, R.MAX_HOUSES))]
    parts += [f"go-cap={S.GO_CAP}", f"format={S.FORMAT_VERSION}"]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:12]


def table_path(directory: Path | None = None) -> Path:
    return (directory or cache_dir()) / f"monopoly-dice-turn-{fingerprint()}.npz"


class TurnTable:
    """Look-ups in the solved turn (see the module docstring)."""

    def __init__(self, arrays: dict[str, np.ndarray], kernel: str | None = None) -> None:
        """``kernel``: the solver kernel that built the arrays ("c" or "numpy"; None: loaded)."""
        self.kernel = kernel
        self.kinds = S.kinds_of(R.PROPERTY_DICE)
        self.kind_of = {d: k for k, kind in enumerate(self.kinds) for d in kind.dice}
        self.keys = (np.asarray(arrays["plain_keys"]), np.asarray(arrays["colour_keys"]))
        self.rolls = (np.asarray(arrays["plain_roll"]), np.asarray(arrays["colour_roll"]))
        self.money = (S.bank_money(False), S.bank_money(True))

    def pair_of(self, pos: Position) -> S.Pair:
        return position_pair(pos, self.kinds)

    @staticmethod
    def bank_state(pos: Position, colour: bool) -> int:
        return position_bank_state(pos, colour)

    def _roll(self, pair: S.Pair, x: int) -> float:
        colour = S.colour_complete(pair[1])
        keys = self.keys[colour]
        key = S.pair_key(pair)
        i = int(np.searchsorted(keys, key))
        if i == len(keys) or keys[i] != key:
            raise KeyError(f"no such board in the Monopoly Dice table: {pair}")
        return float(self.rolls[colour][i, x])

    # -- answers ---------------------------------------------------------------------------------
    def roll_value(self, pos: Position) -> float:
        """The exact expected turn score of throwing now and then playing optimally.

        Past :data:`~engines.monopoly_dice.solver.GO_CAP` GOs the table stops counting GO; the
        money beyond it is added as if it were safe (it never is, so this slightly favours throwing,
        in a turn that has already shown GO more than ten times).
        """
        pair = self.pair_of(pos)
        x = self.bank_state(pos, S.colour_complete(pair[1]))
        extra = R.GO_AMOUNT * max(0, pos.go_count - S.GO_CAP)
        return self._roll(pair, x) + extra

    def should_roll(self, pos: Position) -> bool:
        """Throw (rather than end the turn) exactly where throwing is worth more on average."""
        return pos.rolls == 0 or self.roll_value(pos) > pos.turn_score() + 1e-6

    def value(self, pos: Position) -> float:
        """The exact expected turn score of the position under optimal play from here."""
        roll = self.roll_value(pos)
        return roll if pos.rolls == 0 else max(roll, float(pos.turn_score()))

    def placements(self, pos: Position) -> list[tuple[Placement, float]]:
        """Every distinct outcome of placing the dice showing, as (moves, value after them),
        best first. Placing nothing is one of them."""
        shown = [d for d in R.PROPERTY_IDS if pos.placed[d] is None and pos.showing[d] is not None]
        outcomes: dict[S.Pair, Placement] = {self.pair_of(pos): ()}
        for d in shown:
            k = self.kind_of[d]
            symbol = S.CHANCE if pos.showing[d] == R.CHANCE else R.GROUP_INDEX[pos.showing[d]]
            for (cup, board, frozen), moves in list(outcomes.items()):
                smaller = cup[:k] + (cup[k] - 1,) + cup[k + 1 :]
                for g, code in S.targets(board, symbol):
                    pair = S.canonical(self.kinds, smaller, board[:g] + (code,) + board[g + 1 :], frozen)
                    outcomes.setdefault(pair, (*moves, (d, g)))
        jail = (int(pos.jailed[0]), int(pos.jailed[1]) + int(pos.jailed[2]))
        extra = R.GO_AMOUNT * max(0, pos.go_count - S.GO_CAP)
        scored = []
        for pair, moves in outcomes.items():
            colour = S.colour_complete(pair[1])
            x = S.substate(jail, pos.go_count, (pos.houses, pos.hotels) if colour else (0, 0))
            stop = S.basic(pair) + self.money[colour][x] + extra
            scored.append((moves, max(stop, self._roll(pair, x) + extra)))
        # best first; between equals, the one placing more dice (it looks like what it is)
        scored.sort(key=lambda item: (-round(item[1], 6), -len(item[0])))
        return scored

    def best_placement(self, pos: Position) -> Placement:
        """The placement of the dice showing that leaves the position worth most."""
        return self.placements(pos)[0][0]

    def start_value(self) -> float:
        """The expected turn score of a whole turn played optimally."""
        start = S.empty_pair(self.kinds)
        return self._roll(start, S.substate((0, 0), 0))


def position_pair(pos: Position, kinds: tuple[S.Kind, ...] | None = None) -> S.Pair:
    """The solver's (cup, board) for a position: the dice not placed are in the cup."""
    kinds = kinds or S.kinds_of(R.PROPERTY_DICE)
    kind_of = {d: k for k, kind in enumerate(kinds) for d in kind.dice}
    cup = [0] * len(kinds)
    for d in R.PROPERTY_IDS:
        if pos.placed[d] is None:
            cup[kind_of[d]] += 1
    filled, used = pos.filled(), pos.chance_used()
    board = tuple(
        S.DONE if filled[g] == S.SQUARES[g] else 2 * int(filled[g] - used[g]) + int(used[g])
        for g in range(S.NUM_GROUPS)
    )
    return S.canonical(kinds, tuple(cup), board)


def position_bank_state(pos: Position, colour: bool) -> int:
    """The solver's bank state index (jail squares, GO, houses and hotel on a colour board)."""
    jail = (int(pos.jailed[0]), int(pos.jailed[1]) + int(pos.jailed[2]))
    return S.substate(jail, pos.go_count, (pos.houses, pos.hotels) if colour else (0, 0))


# -- where the table lives --------------------------------------------------------------------------
_loaded: TurnTable | None = None
_lock = threading.Lock()


def save_arrays(arrays: dict[str, np.ndarray], path: Path) -> None:
    """Write atomically (float32 values: a tenth of a cent on these sums)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            values = {
                k: v.astype(np.float32, copy=False) if k.endswith("_roll") else v for k, v in arrays.items()
            }
            np.savez(f, **values)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_table(path: Path | None = None) -> TurnTable | None:
    """The cached table, or None if there is none or it is damaged."""
    path = path or table_path()
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in ("plain_keys", "plain_roll", "colour_keys", "colour_roll")}
    except (OSError, ValueError, EOFError, KeyError, zipfile.BadZipFile):
        return None
    if arrays["plain_roll"].shape[1:] != (S.S_PLAIN,) or arrays["colour_roll"].shape[1:] != (S.S_COLOUR,):
        return None
    for name in ("plain", "colour"):
        keys, rolls = arrays[f"{name}_keys"], arrays[f"{name}_roll"]
        if len(keys) != len(rolls) or np.any(np.diff(keys) <= 0) or not np.isfinite(rolls).all():
            return None
    return TurnTable(arrays)


def build_table(
    log: Callable[[str], None] | None = None, progress: Callable[[float], None] | None = None
) -> TurnTable:
    """Solve the turn (seconds with the C kernel, minutes without), save it to the cache and return it."""
    solver = S.TurnSolver(log=log)
    if S.C_KERNEL_MISSING and log is not None:
        log(S.C_KERNEL_MISSING)
    arrays = solver.solve(progress=progress)
    try:
        save_arrays(arrays, table_path())
    except OSError:
        pass  # a read-only cache only costs a rebuild next time
    return TurnTable(arrays, kernel=solver.kernel.name)


def get_table(build: bool = True, log: Callable[[str], None] | None = None) -> TurnTable | None:
    """The table from memory, else the cache, else (``build``) solved now, blocking."""
    global _loaded
    with _lock:
        if _loaded is not None:
            return _loaded
    table = load_table()
    if table is None and build:
        table = build_table(log=log)
    if table is not None:
        with _lock:
            _loaded = _loaded or table
    return table


def loaded_table() -> TurnTable | None:
    """The table if it is already in memory (never blocks)."""
    with _lock:
        return _loaded


def _build_and_save(report: Callable[[float], None], start: S.Pair | None, path: Path) -> None:
    """Solve and save the table (the build a runner may run in a child process)."""
    arrays = S.TurnSolver(start=start).solve(progress=report)
    save_arrays(arrays, path)


class TablePreparer:
    """Load the table, or build it (:func:`engines.runtime.run_build`: the app runs it in a separate
    process), without blocking the caller.

    Poll ``progress`` (0..1) and ``ready``; ``error`` says what went wrong (the fallback player
    keeps playing).
    """

    def __init__(self, start: S.Pair | None = None) -> None:
        """``start``: solve only the rest of a turn from there (tests; the app solves whole turns)."""
        self.start = start
        self.error: str | None = None
        self._progress = 0.0
        self._started = time.monotonic()
        self._thread = threading.Thread(target=self._run, name="monopoly-dice-table", daemon=True)
        self._thread.start()

    @property
    def ready(self) -> bool:
        return loaded_table() is not None

    @property
    def progress(self) -> float:
        return 1.0 if self.ready else self._progress

    def wait(self, timeout: float | None = None) -> bool:
        self._thread.join(timeout)
        return self.ready

    def _run(self) -> None:
        global _loaded
        try:
            table = load_table()
            if table is None:
                try:
                    run_build(_build_and_save, self.start, table_path(), progress=self._set_progress)
                except RuntimeError as exc:  # the child process died
                    self.error = f"the Monopoly Dice table build stopped ({exc})"
                    return
                table = load_table()
            if table is None:
                self.error = f"the Monopoly Dice table was built but could not be read from {table_path()}"
                return
            with _lock:
                _loaded = _loaded or table
        except Exception as exc:  # reported; the fallback player keeps playing
            self.error = str(exc) or type(exc).__name__

    def _set_progress(self, fraction: float) -> None:
        self._progress = fraction


_preparer: TablePreparer | object | None = None
_background = False
_builds = True


def allow_builds(allowed: bool) -> None:
    """Whether a minutes-long build may start at all (the test suite forbids it)."""
    global _builds
    _builds = allowed


def builds_allowed() -> bool:
    return _builds


def set_background_tables(enabled: bool = True) -> None:
    """With True (the app), a ``hard`` computer without a table starts a background build and
    plays the one-step look-ahead until it is ready. Off (tools), or where builds are not allowed
    (:func:`allow_builds`), it never builds."""
    global _background
    _background = enabled


def available_table() -> TurnTable | None:
    """The table if it can be had without waiting: in memory, or (once) from the cache; in the
    app, the first miss starts the background build."""
    global _preparer
    table = loaded_table()
    if table is not None:
        return table
    with _lock:
        first = _preparer is None
        if first:
            _preparer = _NO_PREPARER
    if first:
        table = get_table(build=False)
        if table is None and _background and _builds:
            with _lock:
                _preparer = TablePreparer()
        return table
    return None


def preparer() -> TablePreparer | None:
    """The background build, if one was started (for a "preparing" line on screen)."""
    return _preparer if isinstance(_preparer, TablePreparer) else None


_NO_PREPARER = object()  # the cache was looked at once and no build was started
