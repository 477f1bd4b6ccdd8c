"""The exact Monopoly Dice turn: the placement and roll/stop policy with the highest expected turn score.

Dynamic programming over every reachable board state of a turn (``docs/monopoly-dice-exact.md``).
The property dice come in a few *kinds* (dice with identical faces, ``rules.DIE_KINDS``), so the cup
is a count per kind and a board is, per group, its real dice, whether its Chance slot is used, or
"complete" (a die's worth in a group is the group's printed die value, so which die sits where no
longer matters). Around that: the jail squares (the GO die, and how many of the two plain jail dice),
GO collected (counted up to :data:`GO_CAP`) and, once a colour group is complete, houses and hotel.

The turn is solved level by level, from an empty cup up to all seven dice: placing a die always
moves to a lower level, so only "throw and place nothing" (and the house die's Get Out of Jail Free
and broken house) loop within a level. Each level is an exact fixed point found by policy
iteration, with the placement after every throw chosen by a second small programme that places the
thrown dice one at a time (skip this die, or put it on one of its squares), which visits every
placement of every throw without listing them throw by throw.

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
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

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


def placeable(board: Board, symbol: int) -> bool:
    if symbol == CHANCE:
        return any(IS_COLOUR[g] and c < DONE and not c & 1 for g, c in enumerate(board))
    return board[symbol] < DONE


def empty_pair(kinds: Sequence[Kind]) -> Pair:
    """The start of a turn: every property die in the cup, nothing on the board."""
    return canonical(kinds, tuple(len(k.dice) for k in kinds), (0,) * NUM_GROUPS)


def reachable_pairs(kinds: Sequence[Kind], start: Pair | None = None) -> list[Pair]:
    """Every (cup, board) a turn can reach from ``start`` (the empty board), by breadth-first search."""
    start = start or empty_pair(kinds)
    seen = {start}
    frontier = [start]
    while frontier:
        following = []
        for cup, board, frozen in frontier:
            for k, kind in enumerate(kinds):
                if not cup[k]:
                    continue
                smaller = cup[:k] + (cup[k] - 1,) + cup[k + 1 :]
                for symbol in kind.symbols:
                    for g, code in targets(board, symbol):
                        pair = canonical(kinds, smaller, board[:g] + (code,) + board[g + 1 :], frozen)
                        if pair not in seen:
                            seen.add(pair)
                            following.append(pair)
        frontier = following
    return sorted(seen)


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
class _Space:
    """One level's rows of one bank-state width: its pairs and, per pair, every set of thrown dice
    that may still be placed ("pending": a count per (kind, symbol) slot), the empty one first."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.pairs: list[Pair] = []
        self.local: dict[Pair, int] = {}
        self.pending: list[tuple[int, ...]] = []  # per row; dropped once the level is placed
        self.row_pair = array("l")  # per row: local pair index
        self.prob = array("d")  # per row: chance that a throw leaves exactly this to place
        self.start: list[int] = []  # per pair: its first row (nothing pending)
        self.index: dict[int, int] = {}  # _row_key(local pair, pending) -> row


def _row_key(local: int, pending: Sequence[int]) -> int:
    key = local
    for count in pending:
        key = key * 8 + count
    return key


class TurnSolver:
    """Builds the exact table level by level (see the module docstring)."""

    def __init__(
        self,
        dice: Sequence[Die] = R.PROPERTY_DICE,
        log: Callable[[str], None] | None = None,
        start: Pair | None = None,
    ) -> None:
        self.kinds = kinds_of(dice)
        self.start = start
        self.log = log or (lambda _msg: None)
        self.slots: list[tuple[int, int]] = [
            (k, s) for k, kind in enumerate(self.kinds) for s in kind.symbols
        ]
        self.kind_slots: list[list[int]] = [
            [i for i, (k2, _) in enumerate(self.slots) if k2 == k] for k in range(len(self.kinds))
        ]
        self.plain = bank_matrix(False)
        self.colour = bank_matrix(True)

    # pending throws: counts per slot, only slots whose symbol can be placed on the board
    def _placeable_mask(self, pair: Pair) -> tuple[bool, ...]:
        cup, board, _ = pair
        return tuple(bool(cup[k]) and placeable(board, s) for k, s in self.slots)

    @cache  # noqa: B019 - one solver per build, the cache dies with it
    def _kind_projection(self, k: int, count: int, mask: tuple[bool, ...]) -> dict[tuple[int, ...], float]:
        """Throwing ``count`` dice of kind ``k``: the chance of each count vector over its placeable slots."""
        kind = self.kinds[k]
        slots = self.kind_slots[k]
        result: dict[tuple[int, ...], float] = {}
        for combo in itertools.combinations_with_replacement(range(len(kind.symbols)), count):
            counts = [combo.count(i) for i in range(len(kind.symbols))]
            p = math.factorial(count)
            for i, n in enumerate(counts):
                p = p / math.factorial(n) * kind.probs[i] ** n
            key = tuple(n if mask[slots[i]] else 0 for i, n in enumerate(counts))
            result[key] = result.get(key, 0.0) + p
        # every vector up to ``count`` dice is a phase state, even where a throw cannot end there
        for total in range(count + 1):
            live = [i for i in range(len(slots)) if mask[slots[i]]]
            for combo in itertools.combinations_with_replacement(live, total):
                key = tuple(combo.count(i) for i in range(len(slots)))
                result.setdefault(key, 0.0)
        return result

    def _pending_rows(self, pair: Pair) -> Iterator[tuple[tuple[int, ...], float]]:
        cup = pair[0]
        mask = self._placeable_mask(pair)
        per_kind = [list(self._kind_projection(k, cup[k], mask).items()) for k in range(len(self.kinds))]
        for combo in itertools.product(*per_kind):
            pending = tuple(n for seg, _ in combo for n in seg)
            p = 1.0
            for _, q in combo:
                p *= q
            yield pending, p

    def _filter(self, pending: tuple[int, ...], pair: Pair) -> tuple[int, ...]:
        mask = self._placeable_mask(pair)
        return tuple(n if m else 0 for n, m in zip(pending, mask, strict=True))

    def _build_level(self, pairs: list[Pair]) -> tuple[_Space, _Space]:
        spaces = (_Space(S_PLAIN), _Space(S_COLOUR))
        shared: dict[tuple[int, ...], tuple[int, ...]] = {}  # one tuple per distinct pending
        for pair in pairs:
            space = spaces[colour_complete(pair[1])]
            local = len(space.pairs)
            space.local[pair] = local
            space.pairs.append(pair)
            space.start.append(len(space.pending))
            rows = sorted(self._pending_rows(pair), key=lambda item: sum(item[0]))
            for pending, p in rows:
                space.index[_row_key(local, pending)] = len(space.pending)
                space.pending.append(shared.setdefault(pending, pending))
                space.row_pair.append(local)
                space.prob.append(p)
        return spaces

    def solve(self, progress: Callable[[float], None] | None = None) -> dict[str, np.ndarray]:
        """Every pair's roll values: ``{plain,colour}_keys`` (sorted :func:`pair_key`) and
        ``{plain,colour}_roll`` (one row per key, one column per bank state). ``progress`` hears a
        rough fraction done after every level."""
        started = time.perf_counter()
        pairs = reachable_pairs(self.kinds, self.start)
        levels: dict[int, list[Pair]] = {}
        for pair in pairs:
            levels.setdefault(sum(pair[0]), []).append(pair)
        self.log(f"{len(pairs):,} (cup, board) pairs in {time.perf_counter() - started:.1f} s")
        prev: tuple[_Space, _Space] | None = None
        prev_w: tuple[np.ndarray, np.ndarray] | None = None
        work = {level: len(group) * (level + 1) ** 2 for level, group in levels.items()}
        done = 0
        out_keys: list[list[int]] = [[], []]
        out_roll: list[list[np.ndarray]] = [[], []]
        for level in sorted(levels):
            t0 = time.perf_counter()
            spaces = self._build_level(levels[level])
            t1 = time.perf_counter()
            wplus = [self._wplus(space, spaces, prev, prev_w) for space in spaces]
            t2 = time.perf_counter()
            values, rolls = [], []
            for c, space in enumerate(spaces):
                v, r = self._fixed_point(space, wplus[c], self.colour if c else self.plain)
                values.append(v)
                rolls.append(r)
                out_keys[c].extend(pair_key(p) for p in space.pairs)
                out_roll[c].append(r)
            t3 = time.perf_counter()
            for c, space in enumerate(spaces):
                # W: the best after a throw leaving ``pending``, placing nothing allowed
                row_pair = np.asarray(space.row_pair, dtype=np.int64)
                for lo in range(0, len(row_pair), 100_000):
                    part = slice(lo, lo + 100_000)
                    np.maximum(wplus[c][part], values[c][row_pair[part]], out=wplus[c][part])
            rows = sum(len(s.row_pair) for s in spaces)
            done += work[level]
            if progress is not None:
                progress(done / sum(work.values()))
            prev, prev_w = spaces, (wplus[0], wplus[1])
            for space in prev:
                space.pending = []
                space.prob = array("d")
            self.log(
                f"level {level}: {len(levels[level]):,} pairs, {rows:,} rows; "
                f"index {t1 - t0:.1f} s, placements {t2 - t1:.1f} s, fixed point {t3 - t2:.1f} s"
            )
        result = {}
        for c, name in enumerate(("plain", "colour")):
            keys = np.asarray(out_keys[c], dtype=np.int64)
            roll = np.concatenate(out_roll[c]) if out_roll[c] else np.zeros((0, (S_PLAIN, S_COLOUR)[c]))
            order = np.argsort(keys, kind="stable")
            result[f"{name}_keys"] = keys[order]
            result[f"{name}_roll"] = roll[order]
        self.log(f"solved in {time.perf_counter() - started:.1f} s")
        return result

    def _wplus(
        self,
        space: _Space,
        spaces: tuple[_Space, _Space],
        prev: tuple[_Space, _Space] | None,
        prev_w: tuple[np.ndarray, np.ndarray] | None,
    ) -> np.ndarray:
        """Best value after a throw that leaves ``pending`` to place, placing at least one die
        (-inf where nothing is pending)."""
        width = space.width
        n = len(space.pending)
        wplus = np.full((n, width), -np.inf, dtype=np.float32)
        if prev is None or n == 0:
            return wplus
        # the previous level's W as seen from this space: a plain board may complete a colour group,
        # whose first S_PLAIN bank states are the plain ones (no house yet); a target on a colour
        # board is stored as -1 - row
        sources = (prev_w[0], prev_w[1][:, :width])
        skip = np.full(n, -1, dtype=np.int64)
        size = np.zeros(n, dtype=np.int64)
        targs: list[list[int]] = [[] for _ in range(n)]
        for row, pending in enumerate(space.pending):
            total = sum(pending)
            size[row] = total
            if not total:
                continue
            local = space.row_pair[row]
            cup, board, frozen = space.pairs[local]
            first = next(i for i, c in enumerate(pending) if c)
            rest = pending[:first] + (pending[first] - 1,) + pending[first + 1 :]
            if sum(rest):
                skip[row] = space.index[_row_key(local, rest)]
            k, symbol = self.slots[first]
            smaller = cup[:k] + (cup[k] - 1,) + cup[k + 1 :]
            for g, code in targets(board, symbol):
                q = canonical(self.kinds, smaller, board[:g] + (code,) + board[g + 1 :], frozen)
                qc = colour_complete(q[1])
                qspace = prev[qc]
                qrow = qspace.index[_row_key(qspace.local[q], self._filter(rest, q))]
                targs[row].append(-1 - qrow if qc else qrow)
        for total in range(1, int(size.max(initial=0)) + 1):
            rows = np.flatnonzero(size == total)
            by_count: dict[int, list[int]] = {}
            for row in rows:
                by_count.setdefault(len(targs[row]), []).append(row)
            for count, group in by_count.items():
                group_rows = np.asarray(group, dtype=np.int64)
                idx = np.asarray([targs[r] for r in group], dtype=np.int64).reshape(len(group), count)
                for lo in range(0, len(group_rows), 20_000):
                    part = group_rows[lo : lo + 20_000]
                    best = np.full((len(part), width), -np.inf, dtype=np.float32)
                    for column in idx[lo : lo + 20_000].T:
                        colour = column < 0
                        for flag, rows_of in ((False, column), (True, -1 - column)):
                            pick = np.flatnonzero(colour == flag)
                            if len(pick):
                                best[pick] = np.maximum(best[pick], sources[flag][rows_of[pick]])
                    skipped = skip[part]
                    has = skipped >= 0
                    best[has] = np.maximum(best[has], wplus[skipped[has]])
                    wplus[part] = best
        return wplus

    def _fixed_point(
        self, space: _Space, wplus: np.ndarray, bank: tuple[np.ndarray, np.ndarray]
    ) -> tuple[np.ndarray, np.ndarray]:
        """Values (the better of stopping and throwing) and throw values of every pair of one space."""
        matrix, money = bank
        width = space.width
        npairs = len(space.pairs)
        if not npairs:
            return np.zeros((0, width)), np.zeros((0, width))
        basics = np.asarray([basic(p) for p in space.pairs], dtype=np.float64)
        prob = np.asarray(space.prob)
        starts = np.asarray(space.start, dtype=np.int64)
        row_pair = np.asarray(space.row_pair, dtype=np.int64)
        live = np.ones(len(prob), dtype=bool)
        live[starts] = False
        live &= prob > 0
        rows = np.flatnonzero(live)
        if not len(rows):
            # nothing can ever be placed: the pair is worth what its Basic score is worth
            unique, inverse = np.unique(basics, return_inverse=True)
            count = len(unique)
            v, r = _policy_iteration(
                unique[:, None] + money[None, :],
                np.ones((count, width)),
                np.zeros(0),
                np.zeros(0, dtype=np.int64),
                np.zeros((0, width), dtype=np.float32),
                matrix,
                np.zeros(0, dtype=np.int64),
            )
            return v[inverse], r[inverse]
        return _policy_iteration(
            basics[:, None] + money[None, :], prob[starts][:, None] * np.ones((1, width)),
            prob[rows], row_pair[rows], wplus, matrix, rows,
        )  # fmt: skip


def _segment_add(target: np.ndarray, pairs: np.ndarray, values: np.ndarray) -> None:
    """``target[pairs[i]] += values[i]`` for rows grouped by pair."""
    if not len(pairs):
        return
    heads = np.flatnonzero(np.r_[True, pairs[1:] != pairs[:-1]])
    target[pairs[heads]] += np.add.reduceat(values, heads, axis=0)


def _policy_iteration(
    stop: np.ndarray,
    empty: np.ndarray,
    prob: np.ndarray,
    row_pair: np.ndarray,
    after: np.ndarray,
    matrix: np.ndarray,
    rows: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Solve ``V = max(stop, M (E_rows max(V, after)))`` for every pair at once.

    ``empty[p, b]`` is the chance that a throw leaves pair ``p`` nothing to place; row ``i`` is a
    throw of pair ``row_pair[i]`` with chance ``prob[i]`` whose best placement is worth
    ``after[rows[i]]`` (per bank state); placing nothing keeps the pair. ``matrix`` moves the bank
    states for one throw (jail outcomes left out: they score nothing).

    GO never falls, so the bank states are solved one GO count at a time from the cap down, each
    by policy iteration (the policy: where to throw and, after each throw, whether to place) with
    the higher GO counts already exact; each evaluation is one small linear system per pair.
    """
    npairs, width = stop.shape
    go_of = (np.arange(width) // NJ) % NGO
    values = stop.copy()
    a_all = np.zeros((npairs, width))
    b_all = empty.copy()

    def stay_parts(block: np.ndarray, current: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """E over the throws of ``after`` where it beats ``current`` (a) and the chance it does not (b)."""
        a = np.zeros((npairs, len(block)))
        b = empty[:, block].copy()
        for lo in range(0, len(prob), 100_000):
            part = slice(lo, lo + 100_000)
            pairs = row_pair[part]
            after_part = after[np.ix_(rows[part], block)].astype(np.float64)
            stay = after_part <= current[pairs]
            p = prob[part, None]
            _segment_add(b, pairs, p * stay)
            _segment_add(a, pairs, np.where(stay, 0.0, p * after_part))
        return a, b

    for go in range(GO_CAP, -1, -1):
        block = np.flatnonzero(go_of == go)
        higher = np.setdiff1d(np.flatnonzero(matrix[block].any(axis=0)), block)
        t_bb = matrix[np.ix_(block, block)]
        known = np.zeros((npairs, len(block)))
        if len(higher):
            t_bh = matrix[np.ix_(block, higher)]
            known = (a_all[:, higher] + b_all[:, higher] * values[:, higher]) @ t_bh.T
        stop_b = stop[:, block]
        current = stop_b.copy()
        for _ in range(100):
            a, b = stay_parts(block, current)
            roll = ((a + b * current) @ t_bb.T + known > stop_b + 1e-9).astype(np.float64)
            new = stop_b.copy()
            active = np.flatnonzero(roll.any(axis=1))  # pairs that throw somewhere at this GO count
            if len(active):
                rb = roll[active]
                system = np.multiply(t_bb[None], b[active][:, None, :])
                system *= -rb[:, :, None]
                system.reshape(len(active), -1)[:, :: len(block) + 1] += 1.0
                rhs = rb * (a[active] @ t_bb.T + known[active]) + (1 - rb) * stop_b[active]
                new[active] = np.linalg.solve(system, rhs[..., None])[..., 0]
            change = float(np.abs(new - current).max())
            current = new
            if change < 1e-9:
                break
        else:
            raise RuntimeError("policy iteration did not settle")
        values[:, block] = current
        a_all[:, block], b_all[:, block] = stay_parts(block, current)
    roll_value = (a_all + b_all * values) @ matrix.T
    return np.maximum(stop, roll_value), roll_value
