"""The exact Monopoly Dice turn: the placement and roll/stop policy with the highest expected turn score.

Dynamic programming over every reachable board state of a turn (``docs/monopoly-dice-exact.md``).
The property dice come in a few *kinds* (dice with identical faces, ``rules.DIE_KINDS``), so the cup
is a count per kind and a board is, per group, its real dice, whether its Chance slot is used, or
"complete" (a die's worth in a group is the group's printed die value, so which die sits where no
longer matters). Around that: the jail squares (the GO die, and how many of the two plain jail dice),
GO collected (counted up to :data:`GO_CAP`) and, once a colour group is complete, houses and hotel.

The turn is solved level by level, from an empty cup up to all seven dice: placing a die always
moves to a lower level, so only "throw and place nothing" (and the house die's Get Out of Jail Free
and broken house) loop within a level. Each level is a fixed point found by policy iteration
(exact to :data:`RESIDUAL`), with the placement after every throw chosen by a second small
programme that places the thrown dice one at a time (skip this die, or put it on one of its
squares), which visits every placement of every throw without listing them throw by throw.

The build works on whole levels at once, with integer-coded numpy arrays: a pair is one integer
(:func:`pair_key`), a set of thrown dice still to place is one integer (two bits per kind and
symbol), and a row of the placement programme keeps only the row it skips to and the rows one
placement reaches. The bank states are solved in blocks (one GO count, hotel or not: neither goes
down within a turn), every level on a block before the next block, so only one block's values of
two levels are held at a time; each block's policy iteration starts from the same pairs with more GO.
The inner loops (the placement values, policy iteration's passes over the rows, the small linear
systems) run in C where ``_turnkernel.c`` is built (:class:`CKernel`), else in numpy
(:class:`NumpyKernel`, the reference: both give the same table up to float32 rounding).

What is stored (and cached on disk by :func:`turn_table`) is, for every reachable (cup, board) and
bank state, the exact expected turn score of throwing once more and playing on optimally; the value
of stopping is the turn score itself, so the best decision anywhere is a few table look-ups.

GO pays every time it shows, so GO has no natural end; the table counts :data:`GO_CAP` GOs and pays
nothing for more. More needs the GO die to show GO ten times in one turn before it shows a policeman
(1 in 3 each time), which moves the expected turn score by well under a cent.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from engines.compiled import optional_kernel
from engines.monopoly_dice import odds
from engines.monopoly_dice import rules as R
from engines.odds.dice import Die

GO_CAP = 10
"""GOs counted per turn; an eleventh pays nothing in the table (see the module docstring)."""
FORMAT_VERSION = 1
NUM_GROUPS = len(R.GROUPS)
CHANCE = NUM_GROUPS
"""The symbol index of a Chance face (groups are 0-9)."""
DONE = 8
"""A group's code once it is complete; an incomplete group's code is ``2 * real dice + chance``."""
FROZEN = 9
"""An incomplete group no die left in the cup can go on: only its printed sum still matters, and
that is kept in the pair's ``frozen`` best (so boards that differ only there are one state)."""
SQUARES = tuple(g.squares for g in R.GROUPS)
BOARD_VALUE = tuple(g.board_value for g in R.GROUPS)
DIE_VALUE = tuple(g.die_value for g in R.GROUPS)
IS_COLOUR = tuple(g.colour for g in R.GROUPS)

# Jail squares: (GO die on a square, plain jail dice on squares), three on squares ends the turn.
JAIL_STATES: tuple[tuple[int, int], ...] = tuple(
    (go_die, plain) for go_die in (0, 1) for plain in (0, 1, 2) if go_die + plain < R.JAIL_SQUARES
)
JAIL_INDEX = {state: i for i, state in enumerate(JAIL_STATES)}
NJ = len(JAIL_STATES)
NGO = GO_CAP + 1
HOUSE_STATES: tuple[tuple[int, int], ...] = tuple(
    (h, ht) for ht in range(R.MAX_HOTELS + 1) for h in range(R.MAX_HOUSES + 1)
)
"""Houses and hotel; (0, 0) first, so a colour board's first ``NJ * NGO`` states are the plain ones."""
S_PLAIN = NJ * NGO
S_COLOUR = S_PLAIN * len(HOUSE_STATES)

Board = tuple[int, ...]
Cup = tuple[int, ...]
Pair = tuple[Cup, Board, int]
"""(dice of each kind in the cup, a code per group, the best printed sum of the frozen groups)."""


def substate(jail: tuple[int, int], go: int, house: tuple[int, int] = (0, 0)) -> int:
    """Index of a bank state: house state major, then GO, then jail squares."""
    return (HOUSE_STATES.index(house) * NGO + min(go, GO_CAP)) * NJ + JAIL_INDEX[jail]


# -- kinds and boards ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Kind:
    """Property dice with identical faces: ``symbols`` (distinct) and their probabilities."""

    dice: tuple[int, ...]
    symbols: tuple[int, ...]
    probs: tuple[float, ...]


def _symbol(colour: str) -> int:
    return CHANCE if colour == R.CHANCE else R.GROUP_INDEX[colour]


def kinds_of(dice: Sequence[Die] = R.PROPERTY_DICE) -> tuple[Kind, ...]:
    """Group the property dice by their faces (dice of one kind are interchangeable)."""
    order: dict[tuple, list[int]] = {}
    for d, die in enumerate(dice):
        order.setdefault(tuple(sorted((f.colour, f.number or 0) for f in die.faces)), []).append(d)
    kinds = []
    for ids in order.values():
        die = dice[ids[0]]
        faces = die.distinct_faces()
        kinds.append(
            Kind(
                tuple(ids),
                tuple(_symbol(f.colour) for f in faces),
                tuple(float(p) for p in die.face_probabilities()),
            )
        )
    return tuple(kinds)


def basic(pair: Pair) -> int:
    """Complete groups at board value plus the best incomplete group's printed sum."""
    _, board, best = pair
    total = 0
    for g, code in enumerate(board):
        if code == DONE:
            total += BOARD_VALUE[g]
        elif code < DONE:
            best = max(best, (code >> 1) * DIE_VALUE[g])
    return total + best


def canonical(kinds: Sequence[Kind], cup: Cup, board: Board, frozen: int = 0) -> Pair:
    """Freeze every incomplete group that no die in the cup can go on any more."""
    symbols: set[int] = set()
    for k, kind in enumerate(kinds):
        if cup[k]:
            symbols.update(kind.symbols)
    chance = CHANCE in symbols
    codes = []
    for g, code in enumerate(board):
        if code < DONE and not (g in symbols or (chance and IS_COLOUR[g] and not code & 1)):
            frozen = max(frozen, (code >> 1) * DIE_VALUE[g])
            code = FROZEN
        codes.append(code)
    return (cup, tuple(codes), frozen)


def colour_complete(board: Board) -> bool:
    return any(code == DONE and IS_COLOUR[g] for g, code in enumerate(board))


def targets(board: Board, symbol: int) -> list[tuple[int, int]]:
    """(group, new code) for every square a die showing ``symbol`` may go on."""
    if symbol == CHANCE:
        out = []
        for g in range(NUM_GROUPS):
            code = board[g]
            if IS_COLOUR[g] and code < DONE and not code & 1:
                out.append((g, DONE if (code >> 1) + 1 == SQUARES[g] else code | 1))
        return out
    code = board[symbol]
    if code >= DONE:
        return []
    real, chance = code >> 1, code & 1
    return [(symbol, DONE if real + 1 + chance == SQUARES[symbol] else code + 2)]


def empty_pair(kinds: Sequence[Kind]) -> Pair:
    """The start of a turn: every property die in the cup, nothing on the board."""
    return canonical(kinds, tuple(len(k.dice) for k in kinds), (0,) * NUM_GROUPS)


def pair_key(pair: Pair) -> int:
    """A pair as one integer: the cup counts, 4 bits per group code, then the frozen best."""
    cup, board, frozen = pair
    key = 0
    for count in cup:
        key = key * 8 + count
    for code in board:
        key = key * 16 + code
    return key * 64 + frozen // 100


# -- bank states -----------------------------------------------------------------------------------
def _jailed_tuple(jail: tuple[int, int]) -> tuple[bool, ...]:
    go_die, plain = jail
    return (bool(go_die), plain >= 1, plain >= 2)


def bank_money(house_die: bool) -> np.ndarray:
    """The GO, house and hotel money of every bank state (what stopping adds to the Basic score)."""
    houses = HOUSE_STATES if house_die else HOUSE_STATES[:1]
    money = np.zeros(len(houses) * S_PLAIN)
    for house in houses:
        for go in range(NGO):
            for jail in JAIL_STATES:
                money[substate(jail, go, house)] = (
                    R.GO_AMOUNT * go + R.HOUSE_VALUE * house[0] + R.HOTEL_VALUE * house[1]
                )
    return money


def bank_matrix(house_die: bool) -> tuple[np.ndarray, np.ndarray]:
    """(transition matrix over bank states for one throw, without the jail outcomes; stop money)."""
    houses = HOUSE_STATES if house_die else HOUSE_STATES[:1]
    money = bank_money(house_die)
    matrix = np.zeros((len(money), len(money)))
    for house in houses:
        for go in range(NGO):
            for jail in JAIL_STATES:
                x = substate(jail, go, house)
                for out in odds.bank_outcomes(_jailed_tuple(jail), go, house[0], house[1], house_die):
                    if out.jail:
                        continue
                    on = out.jailed
                    y = substate(
                        (int(on[0]), int(on[1]) + int(on[2])), out.go_count, (out.houses, out.hotels)
                    )
                    matrix[x, y] += out.prob
    return matrix, money


# -- the build ---------------------------------------------------------------------------------------
# Everything below works on whole levels at once with integer-coded numpy arrays. A pending set (thrown
# dice still to place) is a count per slot, a slot being a (kind, symbol); two bits per slot (a kind
# has at most three dice), so a pending set is one integer.
SLOT_BITS = 2
_SQUARES = np.asarray(SQUARES, dtype=np.int64)
_BOARD_VALUE = np.asarray(BOARD_VALUE, dtype=np.int64)
_DIE_VALUE = np.asarray(DIE_VALUE, dtype=np.int64)
_IS_COLOUR = np.asarray(IS_COLOUR, dtype=bool)
_DIGIT_SUM = np.asarray([sum((v >> (2 * i)) & 3 for i in range(7)) for v in range(1 << 14)], dtype=np.int64)


def _dice_count(pending: np.ndarray) -> np.ndarray:
    """How many dice a pending set holds (the sum of its two-bit counts)."""
    mask = (1 << 14) - 1
    return _DIGIT_SUM[pending & mask] + _DIGIT_SUM[(pending >> 14) & mask] + _DIGIT_SUM[pending >> 28]


@dataclass
class _Boards:
    """Pairs as arrays: cup counts (n, kinds), group codes (n, groups), frozen best (n)."""

    cup: np.ndarray
    board: np.ndarray
    frozen: np.ndarray

    @classmethod
    def of(cls, pairs: Sequence[Pair]) -> _Boards:
        return cls(
            np.asarray([p[0] for p in pairs], dtype=np.int64).reshape(len(pairs), -1),
            np.asarray([p[1] for p in pairs], dtype=np.int64).reshape(len(pairs), NUM_GROUPS),
            np.asarray([p[2] for p in pairs], dtype=np.int64),
        )

    def take(self, index: np.ndarray) -> _Boards:
        return _Boards(self.cup[index], self.board[index], self.frozen[index])

    def keys(self) -> np.ndarray:
        """:func:`pair_key` of every pair."""
        key = np.zeros(len(self.frozen), dtype=np.int64)
        for k in range(self.cup.shape[1]):
            key = key * 8 + self.cup[:, k]
        for g in range(NUM_GROUPS):
            key = key * 16 + self.board[:, g]
        return key * 64 + self.frozen // 100

    def colour(self) -> np.ndarray:
        return ((self.board == DONE) & _IS_COLOUR).any(axis=1)

    def basics(self) -> np.ndarray:
        """:func:`basic` of every pair."""
        done = (self.board == DONE) * _BOARD_VALUE
        printed = np.where(self.board < DONE, (self.board >> 1) * _DIE_VALUE, 0)
        return (done.sum(axis=1) + np.maximum(self.frozen, printed.max(axis=1))).astype(np.float64)

    def canonical(self, kinds: Sequence[Kind]) -> _Boards:
        """:func:`canonical` of every pair: freeze the groups no die in the cup can go on."""
        has = np.zeros((len(self.frozen), NUM_GROUPS + 1), dtype=bool)
        for k, kind in enumerate(kinds):
            for s in kind.symbols:
                has[:, s] |= self.cup[:, k] > 0
        board = self.board
        can = has[:, :NUM_GROUPS] | (has[:, CHANCE, None] & _IS_COLOUR & (board % 2 == 0))
        freeze = (board < DONE) & ~can
        frozen = np.maximum(self.frozen, np.where(freeze, (board >> 1) * _DIE_VALUE, 0).max(axis=1))
        return _Boards(self.cup, np.where(freeze, FROZEN, board), frozen)


class _Level:
    """One level's pairs of one board kind (plain, or with a colour group complete) and its
    placement rows: every (pair, pending set), ordered by the number of dice pending and then by
    pair, so the first ``n`` rows are the pairs' own (nothing pending)."""

    def __init__(self, boards: _Boards, keys: np.ndarray) -> None:
        self.boards = boards
        self.keys = keys
        self.n = len(keys)
        self.basics = boards.basics()
        self.mask = np.zeros(self.n, dtype=np.int64)  # per pair: the bits of its placeable slots
        self.first = np.zeros(9, dtype=np.int64)  # first row of each number of dice pending
        self.counts = np.zeros((8, self.n), dtype=np.int64)  # rows per pair and number pending
        self.prob = np.zeros(0)  # per row: chance that a throw leaves exactly this to place
        self.skip = np.zeros(0, dtype=np.int32)  # the row without the first pending die; -1: none
        self.ent_count = np.zeros(0, dtype=np.uint8)  # per row: its placement targets
        self.ent_row = np.zeros(0, dtype=np.int32)  # the rows one placement reaches, in the level below
        self.lookup = np.zeros(0, dtype=np.int64)  # sorted (dice, pair, pending) codes of the rows
        self.roll = np.zeros((0, 0), dtype=np.float32)  # the solved throw values, per bank state

    @property
    def rows(self) -> int:
        return int(self.first[-1])

    def release(self) -> None:
        """Drop the placement rows (after the last block)."""
        self.prob = np.zeros(0)
        self.skip = np.zeros(0, dtype=np.int32)
        self.ent_count = np.zeros(0, dtype=np.uint8)
        self.ent_row = np.zeros(0, dtype=np.int32)

    def find(self, pair: np.ndarray, pending: np.ndarray) -> np.ndarray:
        """The row of each (pair, pending set)."""
        code = (_dice_count(pending) << 60) | (pair.astype(np.int64) << 42) | pending
        at = np.searchsorted(self.lookup, code)
        if len(code) and not np.array_equal(self.lookup[np.minimum(at, len(self.lookup) - 1)], code):
            raise AssertionError("a placement leads to a row the solver did not build")
        return at

    def chunks(self, number: int, active: np.ndarray | None, width: int) -> Iterator[tuple]:
        """The rows with ``number`` dice pending, of the ``active`` pairs (None: all), in pieces of
        whole pairs: (rows: a slice or an index array, pairs with rows, where each pair's rows start)."""
        counts = self.counts[number]
        starts = self.first[number] + np.r_[0, np.cumsum(counts)[:-1]]
        pairs = np.flatnonzero(counts > 0 if active is None else (counts > 0) & active)
        limit = max(1, CHUNK // width)
        ends = np.cumsum(counts[pairs])
        lo = 0
        while lo < len(pairs):
            hi = max(lo + 1, int(np.searchsorted(ends, ends[lo] - counts[pairs[lo]] + limit, side="right")))
            part = pairs[lo:hi]
            sizes = counts[part]
            heads = np.r_[0, np.cumsum(sizes)[:-1]]
            if active is None:
                rows: slice | np.ndarray = slice(int(starts[part[0]]), int(starts[part[-1]] + sizes[-1]))
            else:
                rows = np.repeat(starts[part] - heads, sizes) + np.arange(int(sizes.sum()))
            yield rows, part, heads
            lo = hi


CHUNK = 262_144
"""Row-by-bank-state cells handled at once (bounds the build's temporary arrays)."""


class TurnSolver:
    """Builds the exact table level by level (see the module docstring)."""

    def __init__(
        self,
        dice: Sequence[Die] = R.PROPERTY_DICE,
        log: Callable[[str], None] | None = None,
        start: Pair | None = None,
        kernel: str | None = None,
    ) -> None:
        """``kernel``: "c" or "numpy" (None: :func:`default_kernel`)."""
        kernel = kernel or default_kernel()
        if kernel not in KERNELS:
            raise ValueError(f"no such kernel: {kernel!r} (c or numpy)")
        if kernel == "c" and _turnkernel is None:
            raise ValueError(C_KERNEL_MISSING)
        self.kernel: NumpyKernel = KERNELS[kernel]()
        self.kinds = kinds_of(dice)
        self.start = start
        self.log = log or (lambda _msg: None)
        self.slots: list[tuple[int, int]] = [
            (k, s) for k, kind in enumerate(self.kinds) for s in kind.symbols
        ]
        if len(self.slots) * SLOT_BITS > 42 or max(len(k.dice) for k in self.kinds) > 3:
            raise ValueError("too many property dice for the solver's pending-set code")
        self.plain = bank_matrix(False)
        self.colour = bank_matrix(True)
        self._templates: dict[tuple[tuple[int, ...], int], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}

    # -- pairs and placements ------------------------------------------------------------------------
    def _placements(self, boards: _Boards) -> tuple[np.ndarray, np.ndarray, _Boards]:
        """Every single-die placement from every pair: (pair, slot, resulting pair), by pair and slot."""
        parents, slot_ids, cups, codes, groups = [], [], [], [], []
        n = len(boards.frozen)
        for f, (k, s) in enumerate(self.slots):
            in_cup = boards.cup[:, k] > 0
            for g in range(NUM_GROUPS) if s == CHANCE else (s,):
                code = boards.board[:, g]
                if s == CHANCE:
                    ok = in_cup & _IS_COLOUR[g] & (code < DONE) & (code % 2 == 0)
                    new = np.where((code >> 1) + 1 == SQUARES[g], DONE, code | 1)
                else:
                    ok = in_cup & (code < DONE)
                    new = np.where((code >> 1) + 1 + (code & 1) == SQUARES[g], DONE, code + 2)
                at = np.flatnonzero(ok)
                parents.append(at)
                slot_ids.append(np.full(len(at), f))
                cups.append(np.full(len(at), k))
                codes.append(new[at])
                groups.append(np.full(len(at), g))
        parent = np.concatenate(parents) if parents else np.zeros(0, dtype=np.int64)
        slot = np.concatenate(slot_ids).astype(np.int64) if slot_ids else np.zeros(0, dtype=np.int64)
        order = np.lexsort((slot, parent)) if n else np.zeros(0, dtype=np.int64)
        parent, slot = parent[order], slot[order]
        kind, code, group = (np.concatenate(a)[order] for a in (cups, codes, groups))
        child = boards.take(parent)
        child.cup = child.cup.copy()
        child.cup[np.arange(len(parent)), kind] -= 1
        child.board = child.board.copy()
        child.board[np.arange(len(parent)), group] = code
        return parent, slot, child.canonical(self.kinds)

    def _levels(self) -> dict[int, tuple[_Boards, np.ndarray]]:
        """Every reachable pair, by dice in the cup: (boards, sorted keys)."""
        start = _Boards.of([self.start or empty_pair(self.kinds)])
        top = int(start.cup.sum())
        levels = {top: (start, start.keys())}
        for level in range(top, 0, -1):
            _, _, child = self._placements(levels[level][0])
            keys, first = np.unique(child.keys(), return_index=True)
            levels[level - 1] = (child.take(first), keys)
        return levels

    def _template(self, cup: tuple[int, ...], mask: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Every pending set of a cup with these placeable slots: (pending codes, dice counts, chance
        that a throw leaves exactly that to place)."""
        key = (cup, mask)
        if key not in self._templates:
            codes, sizes, probs = np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64), np.ones(1)
            f0 = 0
            for k, kind in enumerate(self.kinds):
                live = [i for i in range(len(kind.symbols)) if mask >> (f0 + i) & 1]
                miss = 1.0 - sum(kind.probs[i] for i in live)
                k_codes, k_sizes, k_probs = [], [], []
                for total in range(cup[k] + 1):
                    for combo in itertools.combinations_with_replacement(live, total):
                        p = math.factorial(cup[k]) / math.factorial(cup[k] - total) * miss ** (cup[k] - total)
                        code = 0
                        for i in set(combo):
                            n = combo.count(i)
                            p = p / math.factorial(n) * kind.probs[i] ** n
                            code |= n << (SLOT_BITS * (f0 + i))
                        k_codes.append(code)
                        k_sizes.append(total)
                        k_probs.append(p)
                codes = (codes[:, None] | np.asarray(k_codes, dtype=np.int64)[None, :]).ravel()
                sizes = (sizes[:, None] + np.asarray(k_sizes, dtype=np.int64)[None, :]).ravel()
                probs = (probs[:, None] * np.asarray(k_probs)[None, :]).ravel()
                f0 += len(kind.symbols)
            self._templates[key] = (codes, sizes, probs)
        return self._templates[key]

    def _build(self, level: _Level, below: tuple[_Level, _Level] | None, colour: bool) -> None:
        """The rows of one level and, per row, the rows one placement leads to."""
        boards = level.boards
        nslots = len(self.slots)
        parent, slot, child = self._placements(boards)
        for f in range(nslots):
            level.mask[np.unique(parent[slot == f])] |= 3 << (SLOT_BITS * f)
        # rows, from each pair's template (its cup and placeable slots)
        cup_code = boards.cup @ (8 ** np.arange(boards.cup.shape[1]))
        slot_mask = np.zeros(level.n, dtype=np.int64)
        for f in range(nslots):
            slot_mask |= ((level.mask >> (SLOT_BITS * f)) & 1) << f
        tkeys, tpair = np.unique((cup_code << 21) | slot_mask, return_inverse=True)
        codes_of, probs_of = [], []
        for t in range(len(tkeys)):
            pairs = np.flatnonzero(tpair == t)
            first = pairs[0]
            cup = tuple(int(c) for c in boards.cup[first])
            codes, sizes, probs = self._template(cup, int(slot_mask[first]))
            row_codes = ((sizes << 60) | codes)[None, :] | (pairs.astype(np.int64) << 42)[:, None]
            codes_of.append(row_codes.ravel())
            probs_of.append(np.broadcast_to(probs, (len(pairs), len(probs))).ravel())
        lookup = np.concatenate(codes_of) if codes_of else np.zeros(0, dtype=np.int64)
        prob = np.concatenate(probs_of) if probs_of else np.zeros(0)
        del codes_of, probs_of
        order = np.argsort(lookup)
        level.lookup, level.prob = lookup[order], prob[order]
        del lookup, prob, order
        size = level.lookup >> 60
        level.first = np.searchsorted(size, np.arange(9))
        pair_of = (level.lookup >> 42) & ((1 << 18) - 1)
        for number in range(8):
            lo, hi = level.first[number], level.first[number + 1]
            level.counts[number] = np.bincount(pair_of[lo:hi], minlength=level.n)
        del size, pair_of
        rows = level.rows
        level.skip = np.full(rows, -1, dtype=np.int32)
        level.ent_count = np.zeros(rows, dtype=np.uint8)
        if below is None or rows == level.n:
            return
        # placements of (pair, slot), as a CSR by pair * nslots + slot, and where each leads
        counts = np.bincount(parent * nslots + slot, minlength=level.n * nslots)
        starts = np.r_[0, np.cumsum(counts)]
        child_keys, child_colour = child.keys(), child.colour()
        child_space = np.where(child_colour, 1, 0)
        child_index = np.zeros(len(parent), dtype=np.int64)
        offsets = (0, 0 if colour else below[0].rows)
        for c, space in enumerate(below):
            pick = np.flatnonzero(child_space == c)
            j = np.searchsorted(space.keys, child_keys[pick])
            if len(pick) and not np.array_equal(space.keys[np.minimum(j, space.n - 1)], child_keys[pick]):
                raise AssertionError("a placement leads to a pair the solver did not reach")
            child_index[pick] = j
        del child_keys, child_colour
        ent_rows: list[np.ndarray] = []
        for lo in range(level.n, rows, 250_000):
            hi = min(rows, lo + 250_000)
            code = level.lookup[lo:hi]
            size = code >> 60
            pair = (code >> 42) & ((1 << 18) - 1)
            pending = code & ((1 << 42) - 1)
            low = pending & -pending
            first_slot = np.log2(low).astype(np.int64) // SLOT_BITS  # the first pending die's slot
            rest = pending - (1 << (SLOT_BITS * first_slot))
            more = np.flatnonzero(size > 1)
            level.skip[lo + more] = level.find(pair[more], rest[more])
            group = pair * nslots + first_slot
            n_ent = counts[group]
            level.ent_count[lo:hi] = n_ent
            of_row = np.repeat(np.arange(hi - lo), n_ent)
            ent = starts[group[of_row]] + np.arange(len(of_row)) - (np.cumsum(n_ent) - n_ent)[of_row]
            target = np.zeros(len(ent), dtype=np.int64)
            for c, space in enumerate(below):
                pick = np.flatnonzero(child_space[ent] == c)
                j = child_index[ent[pick]]
                target[pick] = offsets[c] + space.find(j, rest[of_row[pick]] & space.mask[j])
            ent_rows.append(target.astype(np.int32))
        level.ent_row = np.concatenate(ent_rows)

    # -- the programme -------------------------------------------------------------------------------
    def solve(self, progress: Callable[[float], None] | None = None) -> dict[str, np.ndarray]:
        """Every pair's roll values: ``{plain,colour}_keys`` (sorted :func:`pair_key`) and
        ``{plain,colour}_roll`` (one row per key, one column per bank state). ``progress`` hears a
        rough fraction done after every block of bank states."""
        started = time.perf_counter()
        levels: dict[int, tuple[_Level, _Level]] = {}
        below: tuple[_Level, _Level] | None = None
        for number, (boards, keys) in sorted(self._levels().items()):
            colour = boards.colour()
            pair = (
                _Level(boards.take(~colour), keys[~colour]),
                _Level(boards.take(colour), keys[colour]),
            )
            for c, level in enumerate(pair):
                self._build(level, below, bool(c))
            for level in below or ():
                level.lookup = np.zeros(0, dtype=np.int64)
            levels[number] = below = pair
        for level in below or ():
            level.lookup = np.zeros(0, dtype=np.int64)
        self._templates.clear()
        for pair in levels.values():
            for level in pair:
                level.boards = level.boards.take(np.zeros(0, dtype=np.int64))  # only the rows are read now
        npairs = sum(lv.n for pair in levels.values() for lv in pair)
        nrows = sum(lv.rows for pair in levels.values() for lv in pair)
        took = time.perf_counter() - started
        self.log(f"{npairs:,} (cup, board) pairs, {nrows:,} placement rows in {took:.1f} s")
        for pair in levels.values():
            for c, level in enumerate(pair):
                level.roll = np.zeros((level.n, (S_PLAIN, S_COLOUR)[c]), dtype=np.float32)
        blocks = _blocks(self.colour[0])
        for done, block in enumerate(blocks):
            t0 = time.perf_counter()
            below_w: tuple[np.ndarray, np.ndarray] | None = None
            for number in sorted(levels):
                below_w = self._solve_block(levels[number], below_w, block)
            for other in blocks[:done]:
                if other.go > block.go + 2:
                    other.forget()  # GO moves by one at most: only first guesses read two back
            if progress is not None:
                progress((done + 1) / len(blocks))
            self.log(f"bank states {block.name}: {time.perf_counter() - t0:.1f} s")
        for pair in levels.values():
            for level in pair:
                level.release()  # the rows are done with: room for the table's copies
        result = {}
        for c, name in enumerate(("plain", "colour")):
            keys = np.concatenate([levels[n][c].keys for n in sorted(levels)])
            roll = np.concatenate([levels[n][c].roll for n in sorted(levels)])
            for n in levels:
                levels[n][c].roll = np.zeros((0, 0), dtype=np.float32)
            order = np.argsort(keys, kind="stable")
            result[f"{name}_keys"] = keys[order]
            result[f"{name}_roll"] = roll[order]
            del roll
        self.log(f"solved in {time.perf_counter() - started:.1f} s")
        return result

    def _solve_block(
        self, pair: tuple[_Level, _Level], below_w: tuple[np.ndarray, np.ndarray] | None, block: _Block
    ) -> tuple[np.ndarray, np.ndarray]:
        """One level's values on one block of bank states; returns the level's W (per bank state
        and row, in the kernel's layout: the best after a throw leaving the row's pending set,
        placing nothing allowed)."""
        out = []
        for c, level in enumerate(pair):
            columns = block.columns[c]
            width = len(columns)
            if not width or not level.n:
                out.append(self.kernel.empty(level.rows, width))
                continue
            wplus = self.kernel.wplus(level, below_w, c, width)
            matrix, money = (self.plain, self.colour)[c]
            known = np.zeros((level.n, width))
            for cols, after_of in block.later[c]:
                known += self.kernel.times(after_of(level), matrix[np.ix_(columns, cols)])
            inside = matrix[np.ix_(columns, columns)]
            stop = level.basics[:, None] + money[columns][None, :]
            value, after = _policy_iteration(
                self.kernel, level, stop, wplus, inside, known, block.warm(level)
            )
            block.keep(level, value, after)
            level.roll[:, columns] = self.kernel.times(after, inside, known)
            self.kernel.hold(level, wplus, value)
            out.append(wplus)
        return out[0], out[1]


class _Block:
    """Bank states solved together: one GO count and hotel or not (neither ever goes down within a
    turn, so the blocks are solved from the most GO and the hotel down, each once). Keeps, per level,
    the values and the after-throw expectations the blocks solved later need."""

    def __init__(self, go: int, hotel: int, columns: tuple[np.ndarray, np.ndarray]) -> None:
        self.name = f"GO {go}{', hotel' if hotel else ''}"
        self.go, self.hotel = go, hotel
        self.columns = columns
        # per space: (columns, after-throw values) of the other blocks a throw reaches
        self.later: tuple[list, list] = ([], [])
        self.warm_from: _Block | None = None
        self.values: dict[int, np.ndarray] = {}
        self.after: dict[int, np.ndarray] = {}

    def keep(self, level: _Level, value: np.ndarray, after: np.ndarray) -> None:
        self.values[id(level)] = value
        self.after[id(level)] = after

    def warm(self, level: _Level) -> np.ndarray | None:
        """A first guess for policy iteration: the same pairs with one and two GOs more, carried on
        in a straight line (with only one, less that GO's money)."""
        one = self.warm_from
        if one is None or id(level) not in one.values:
            return None
        two = one.warm_from
        if two is None or id(level) not in two.values:
            return one.values[id(level)] - R.GO_AMOUNT
        return 2 * one.values[id(level)] - two.values[id(level)]

    def forget(self) -> None:
        self.values.clear()
        self.after.clear()


def _blocks(colour_matrix: np.ndarray) -> list[_Block]:
    """The blocks of bank states in solving order (checked: a throw only reaches blocks solved before)."""
    colour_x = np.arange(S_COLOUR)
    go_of = (colour_x // NJ) % NGO
    hotel_of = np.asarray([HOUSE_STATES[i][1] for i in colour_x // (NJ * NGO)])
    order = sorted({(int(g), int(h)) for g, h in zip(go_of, hotel_of, strict=True)}, reverse=True)
    blocks = []
    for go, hotel in order:
        colour = np.flatnonzero((go_of == go) & (hotel_of == hotel))
        plain = colour[colour < S_PLAIN]  # house (0, 0) first: a colour board's plain states
        blocks.append(_Block(go, hotel, (plain, colour)))
    by_key = {(b.go, b.hotel): b for b in blocks}
    for i, block in enumerate(blocks):
        reach = np.flatnonzero(colour_matrix[block.columns[1]].any(axis=0))
        for j, other in enumerate(blocks):
            if other is block or not np.isin(other.columns[1], reach).any():
                continue
            if j > i:
                raise AssertionError("a throw moves to bank states the solver solves later")
            for c in (0, 1):
                if len(block.columns[c]) and len(other.columns[c]):
                    block.later[c].append((other.columns[c], lambda lv, o=other: o.after[id(lv)]))
        block.warm_from = by_key.get((block.go + 1, block.hotel))
    return blocks


RESIDUAL = 1e-7
"""Policy iteration stops where a greedy step moves no value by more than this (dollars)."""


class NumpyKernel:
    """The build's inner loops in numpy: the reference, and the fallback where the C kernel
    (``_turnkernel.c``) is not built. W values are (bank state, row)."""

    name = "numpy"

    @staticmethod
    def empty(rows: int, width: int) -> np.ndarray:
        return np.zeros((width, rows), dtype=np.float32)

    def wplus(
        self, level: _Level, below_w: tuple[np.ndarray, np.ndarray] | None, colour: int, width: int
    ) -> np.ndarray:
        """Per bank state and row: the best value after a throw that leaves the row's pending set,
        placing at least one die (-inf where nothing is pending)."""
        wplus = np.full((width, level.rows), -np.inf, dtype=np.float32)
        if below_w is None or level.rows == level.n:
            return wplus
        # what a placement reaches: rows of the level below, plain ones first; a plain board that
        # completes a colour group starts with no house (the first bank states of a colour block)
        plain_rows = 0 if colour else below_w[0].shape[1]
        step = max(1, CHUNK // width)
        e0 = 0
        for number in range(1, 8):
            for lo in range(int(level.first[number]), int(level.first[number + 1]), step):
                hi = min(int(level.first[number + 1]), lo + step)
                counts = level.ent_count[lo:hi].astype(np.int64)
                e1 = e0 + int(counts.sum())
                target = level.ent_row[e0:e1]
                if colour:
                    reached = below_w[1][:, target]
                else:
                    reached = np.empty((width, e1 - e0), dtype=np.float32)
                    plain = target < plain_rows
                    reached[:, plain] = below_w[0][:, target[plain]]
                    reached[:, ~plain] = below_w[1][:width, target[~plain] - plain_rows]
                best = np.maximum.reduceat(reached, np.cumsum(counts) - counts, axis=1)
                e0 = e1
                skip = level.skip[lo:hi]
                has = np.flatnonzero(skip >= 0)
                best[:, has] = np.maximum(best[:, has], wplus[:, skip[has]])
                wplus[:, lo:hi] = best
        return wplus

    @staticmethod
    def hold(level: _Level, wplus: np.ndarray, value: np.ndarray) -> None:
        """W = max(W+, the pair's value): placing nothing is allowed (in place)."""
        for number in range(8):
            lo, hi = level.first[number], level.first[number + 1]
            held = np.repeat(value.T.astype(np.float32), level.counts[number], axis=1)
            np.maximum(wplus[:, lo:hi], held, out=wplus[:, lo:hi])

    @staticmethod
    def placing(
        level: _Level, wplus: np.ndarray, value: np.ndarray, active: np.ndarray | None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Placing after a throw exactly where it beats keeping the pair (worth ``value``): per pair
        and bank state, E[W+; placed] and the chance of placing, over the ``active`` pairs (None: all)."""
        width = value.shape[1]
        placed = np.zeros((width, level.n))
        chance = np.zeros((width, level.n))
        held = value.T
        for number in range(1, 8):
            for rows, pairs, heads in level.chunks(number, active, width):
                w = wplus[:, rows]
                place = w > np.repeat(held[:, pairs], level.counts[number][pairs], axis=1)
                p = level.prob[rows]
                placed[:, pairs] += np.add.reduceat(np.where(place, w * p, 0.0), heads, axis=1)
                chance[:, pairs] += np.add.reduceat(np.where(place, p, 0.0), heads, axis=1)
        return placed.T, chance.T

    @staticmethod
    def times(x: np.ndarray, matrix: np.ndarray, add: np.ndarray | None = None) -> np.ndarray:
        """``x @ matrix.T (+ add)``: one throw's bank-state moves applied to every pair."""
        out = x @ matrix.T
        return out if add is None else out + add

    @staticmethod
    def evaluate(
        matrix: np.ndarray,
        a: np.ndarray,
        b: np.ndarray,
        known: np.ndarray,
        stop: np.ndarray,
        roll: np.ndarray,
    ) -> np.ndarray:
        """The values of a policy, per pair: ``V = roll (M (a + b V) + known) + (1 - roll) stop``."""
        new = stop.copy()
        eye = np.eye(matrix.shape[0])
        throwing = np.flatnonzero(roll.any(axis=1))
        for lo in range(0, len(throwing), 1024):  # in pieces: a system is width x width
            part = throwing[lo : lo + 1024]
            rb = roll[part].astype(np.float64)
            system = eye - rb[:, :, None] * matrix[None] * b[part][:, None, :]
            rhs = rb * (a[part] @ matrix.T + known[part]) + (1 - rb) * stop[part]
            new[part] = np.linalg.solve(system, rhs[..., None])[..., 0]
        return new


class CKernel(NumpyKernel):
    """The same loops in C (``_turnkernel.c``), with W values (row, bank state): the rows a placement
    reaches are then read as one contiguous run each, and no pass makes numpy temporaries."""

    name = "c"

    @staticmethod
    def empty(rows: int, width: int) -> np.ndarray:
        return np.zeros((rows, width), dtype=np.float32)

    def wplus(
        self, level: _Level, below_w: tuple[np.ndarray, np.ndarray] | None, colour: int, width: int
    ) -> np.ndarray:
        wplus = np.empty((level.rows, width), dtype=np.float32)
        if below_w is None or level.rows == level.n:
            wplus.fill(-np.inf)
            return wplus
        plain = below_w[0] if not colour else self.empty(0, width)
        _turnkernel.wplus(
            wplus, plain, below_w[1], level.ent_count, level.ent_row, level.skip, level.n, plain.shape[0]
        )
        return wplus

    @staticmethod
    def hold(level: _Level, wplus: np.ndarray, value: np.ndarray) -> None:
        _turnkernel.hold(wplus, np.ascontiguousarray(value), level.first, level.counts)

    @staticmethod
    def placing(
        level: _Level, wplus: np.ndarray, value: np.ndarray, active: np.ndarray | None
    ) -> tuple[np.ndarray, np.ndarray]:
        placed = np.empty(value.shape)
        chance = np.empty(value.shape)
        _turnkernel.placing(
            wplus, level.prob, np.ascontiguousarray(value), level.first, level.counts, active, placed, chance
        )
        return placed, chance

    @staticmethod
    def times(x: np.ndarray, matrix: np.ndarray, add: np.ndarray | None = None) -> np.ndarray:
        # numpy's matrix product of a tall array by a small one runs BLAS threads that, on a shared
        # box, burn more CPU spinning than they save
        out = np.empty((x.shape[0], matrix.shape[0]))
        c = np.ascontiguousarray
        _turnkernel.times(c(x), c(matrix), None if add is None else c(add), out)
        return out

    @staticmethod
    def evaluate(
        matrix: np.ndarray,
        a: np.ndarray,
        b: np.ndarray,
        known: np.ndarray,
        stop: np.ndarray,
        roll: np.ndarray,
    ) -> np.ndarray:
        new = np.empty(stop.shape)
        c = np.ascontiguousarray
        _turnkernel.evaluate(c(matrix), c(a), c(b), c(known), c(stop), c(roll), new)
        return new


_turnkernel, C_KERNEL_MISSING = optional_kernel("engines.monopoly_dice._turnkernel")

KERNELS = {"numpy": NumpyKernel, "c": CKernel}


def default_kernel() -> str:
    """The kernel a build uses unless told: C where it is built, else numpy."""
    return "numpy" if _turnkernel is None else "c"


def _policy_iteration(
    kernel: NumpyKernel,
    level: _Level,
    stop: np.ndarray,
    wplus: np.ndarray,
    matrix: np.ndarray,
    known: np.ndarray,
    warm: np.ndarray | None,
) -> tuple[np.ndarray, np.ndarray]:
    """Solve ``V = max(stop, E[max(V, W+)] M^T + known)`` for every pair of a level on one block
    of bank states (``wplus``: per bank state and row, from ``kernel.wplus``).

    ``matrix`` moves the bank states within the block for one throw (jail outcomes left out: they
    score nothing), ``known`` is what the throws that leave the block are worth; placing nothing
    keeps the pair. Policy iteration, pair by pair (the pairs of a level never reach each other):
    the policy is where to throw and, after each throw, whether to place; each evaluation is one
    small linear system per pair whose policy changed. Returns the values and ``E[max(V, W+)]``.
    """
    npairs, width = stop.shape
    value = stop.copy() if warm is None else np.maximum(warm, stop)
    after = np.zeros((npairs, width))
    active = np.arange(npairs)
    for _ in range(100):
        # the greedy policy of the current values, on the pairs not yet settled
        mask = None
        if len(active) < npairs:
            mask = np.zeros(npairs, dtype=bool)
            mask[active] = True
        placed, chance = kernel.placing(level, wplus, value, mask)
        a, b = placed[active], 1.0 - chance[active]
        value_a = value[active]
        throw = kernel.times(a + b * value_a, matrix, known[active])
        roll = throw > stop[active] + 1e-9
        # settled where one more greedy step moves no value by more than RESIDUAL (the values are
        # then that close to the fixed point, up to the chance of staying in the block)
        residual = np.abs(np.maximum(stop[active], throw) - value_a).max(axis=1)
        changed = residual > RESIDUAL
        settled = ~changed
        after[active[settled]] = a[settled] + b[settled] * value_a[settled]
        active, a, b, roll = active[changed], a[changed], b[changed], roll[changed]
        if not len(active):
            return value, after
        # evaluate the new policy exactly: V = roll (M (a + b V) + known) + (1 - roll) stop
        value[active] = kernel.evaluate(matrix, a, b, known[active], stop[active], roll)
    raise RuntimeError("policy iteration did not settle")
