"""The optimal solitaire player for Classic Yahtzee and Dice Party: a table of expected future scores.

A *scorecard state* is what matters for the rest of the game: which of the 13 boxes are filled (a
bitmask), the upper subtotal capped at the bonus threshold, and whether the YAHTZEE box holds 50 (so
another YAHTZEE earns the bonus). Its value is the expected score still to come under optimal play.
The table is built backwards, by number of filled boxes, with every state of a layer batched into
numpy arrays laid out *roll x state*:

* final-roll values ``F`` (252 x N): the best box for each roll, i.e. its points plus the value of the
  state it leads to (Joker and bonus rules included);
* keep values ``K = T @ F`` (462 x N), ``T`` the keep -> roll transition matrix, computed level by
  level instead (a keep of k dice is the mean of the six keeps with one more die);
* roll values ``R`` (252 x N): the best keep among each roll's sub-multisets, also level by level
  (the best sub-keep of a multiset is itself or the best sub-keep of one of its one-smaller parents);
  in Dice Party a five of a kind ends the rolling, so its value is ``F``, not the best keep;
* twice, then the expectation over the first roll.

Only reachable states are solved: the upper subtotal must be makeable by the filled upper boxes, the
bonus flag needs a filled YAHTZEE box, and the subtotals too low to reach the bonus any more share
one value. At play time :class:`engines.yahtzee.ai.Advisor` redoes the one-turn expectimax for a
single state from the table, in well under a millisecond.

The Joker convention is a rule option (:attr:`SolverRules.joker`):

``"forced"``  the manual's: a YAHTZEE rolled with the YAHTZEE box filled must go in the matching upper
              box if it is open, otherwise in any open lower box at full value (Full House 25, the
              straights 30 and 40), otherwise in an upper box for zero; +100 while the box holds 50.
              Expected score 254.5877.
``"free"``    the looser convention of Verhoeff's optimal player: any open box may be chosen; the
              Full House and straights count at full value only when the matching upper box is
              already filled; +100 while the box holds 50. Expected score 254.5896.
``"none"``    no bonus and no Joker: a YAHTZEE scores like any other roll. Expected score 245.87.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from engines.compiled import optional_kernel
from engines.odds.multiset import MultisetSpace, multiset_space
from engines.yahtzee.game import GAMES_BY_MODE, JOKER_CONVENTIONS
from engines.yahtzee.scoring import BOXES_BY_MODE, CLASSIC_BOXES, Box, joker_score, score_box

# -- boxes: the Classic card's ids (Dice Party shares them) -------------------------------------------
BOXES = tuple(box.key for box in CLASSIC_BOXES)
NUM_BOXES = len(BOXES)
THREE_KIND, FOUR_KIND, FULL_HOUSE, SMALL_STRAIGHT, LARGE_STRAIGHT, YAHTZEE, CHANCE = (
    BOXES.index(key)
    for key in (
        "three_of_a_kind",
        "four_of_a_kind",
        "full_house",
        "small_straight",
        "large_straight",
        "yahtzee",
        "chance",
    )
)
UPPER_BOXES = tuple(range(6))
LOWER_BOXES = (THREE_KIND, FOUR_KIND, FULL_HOUSE, SMALL_STRAIGHT, LARGE_STRAIGHT, YAHTZEE, CHANCE)
ALL_FILLED = (1 << NUM_BOXES) - 1
YAHTZEE_BIT = 1 << YAHTZEE
JOKERS = JOKER_CONVENTIONS
MODES = ("classic", "dice-party")


@dataclass(frozen=True)
class SolverRules:
    """The rules the solver needs. Make them from the engine's game with :func:`rules_for`.

    ``stop_on_yahtzee`` is Dice Party's rule that rolling ends at once on five of a kind.
    """

    mode: str = "classic"
    joker: str = "forced"
    upper_bonus_threshold: int = 63
    upper_bonus: int = 35
    yahtzee_bonus: int = 100
    stop_on_yahtzee: bool = False
    rolls_per_turn: int = 3

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"the solver plays {' and '.join(MODES)}, not {self.mode!r}")
        if self.joker not in JOKERS:
            raise ValueError(f"joker must be one of {', '.join(JOKERS)}, not {self.joker!r}")
        if not 1 <= self.rolls_per_turn <= 3:
            raise ValueError("rolls_per_turn must be 1, 2 or 3")
        if not 0 < self.upper_bonus_threshold < UPPER_LEVELS:
            raise ValueError(f"the upper bonus threshold must be 1..{UPPER_LEVELS - 1}")

    @property
    def key(self) -> str:
        """A file-name-safe name for the table these rules produce."""
        return (
            f"{self.mode}-{self.joker}-u{self.upper_bonus_threshold}x{self.upper_bonus}"
            f"-y{self.yahtzee_bonus}-r{self.rolls_per_turn}{'-stop' if self.stop_on_yahtzee else ''}"
        )

    @property
    def has_bonus(self) -> bool:
        """Whether a further YAHTZEE can earn the bonus / be a Joker (so the state tracks it)."""
        return self.joker != "none"

    @property
    def boxes(self) -> tuple[Box, ...]:
        return BOXES_BY_MODE[self.mode]


def rules_for(mode: str = "classic", joker: str | None = None) -> SolverRules:
    """The solver's rules for an engine mode, read from the engine's game class."""
    if mode not in MODES:
        raise ValueError(f"the solver plays {' and '.join(MODES)}, not {mode!r}")
    game = GAMES_BY_MODE[mode]
    option = game.options["joker"]
    joker = option.default if joker is None else joker
    option.check(mode, "joker", joker)
    ((threshold, bonus),) = game.upper_bonus_tiers
    return SolverRules(
        mode=mode,
        joker=joker,
        upper_bonus_threshold=threshold,
        upper_bonus=bonus,
        yahtzee_bonus=game.yahtzee_bonus,
        stop_on_yahtzee=game.five_of_a_kind_ends_rolling,
        rolls_per_turn=game.rolls_per_turn,
    )


UPPER_LEVELS = 64
"""Upper subtotals are capped at the threshold; 64 slots cover thresholds up to 63."""
CLASSIC = rules_for("classic")
DICE_PARTY = rules_for("dice-party")


# -- dice: the 252 rolls, the 462 keeps and the keep -> roll matrix (from the odds core) ------------
@dataclass(frozen=True)
class DiceTables:
    """The odds core's 5d6 space plus the index arrays the level-by-level passes gather with.

    Rolls and keeps are count vectors over the faces 1..6; keeps are ordered by size, so the keeps
    of one size are a contiguous range.
    """

    space: MultisetSpace
    levels: tuple[tuple[int, int, np.ndarray], ...]  # (start, stop, parents (n, 5)) for keep sizes 1..5
    child_levels: tuple[tuple[int, int, np.ndarray], ...]  # (start, stop, children (n, 6)) sizes 4..0
    yahtzee_rolls: np.ndarray  # (6,) roll index of five 1s .. five 6s

    @property
    def rolls(self) -> np.ndarray:
        return self.space.outcomes

    @property
    def keeps(self) -> np.ndarray:
        return self.space.keeps

    @property
    def first_roll(self) -> np.ndarray:
        return self.space.outcome_probs

    @property
    def roll_keep(self) -> np.ndarray:
        return self.space.full_keep

    @property
    def sub_keeps(self) -> np.ndarray:
        return self.space.sub_keeps

    def roll_of(self, numbers: Sequence[int]) -> int:
        """The roll index of five dice given by their numbers (1-6)."""
        return self.space.outcome_index([n - 1 for n in numbers])


@lru_cache(maxsize=1)
def dice_tables() -> DiceTables:
    """The shared dice tables (built once)."""
    space = multiset_space(5)
    keeps = space.keeps
    sizes = space.keep_sizes
    levels = []
    child_levels = []
    for size in range(6):
        idx = np.flatnonzero(sizes == size)
        if not np.array_equal(idx, np.arange(idx[0], idx[-1] + 1)):
            raise AssertionError("the odds core's keeps are not ordered by size")
        counts = keeps[idx]
        if size > 0:
            # Each keep's one-die-smaller parents; a keep with fewer distinct faces repeats one.
            parents = np.empty((len(idx), 5), dtype=np.int64)
            for row, c in enumerate(counts):
                found = [space.keep_indices(c - np.eye(6, dtype=np.int64)[f]) for f in range(6) if c[f]]
                parents[row] = (found * 5)[:5]
            levels.append((int(idx[0]), int(idx[-1]) + 1, parents))
        if size < 5:
            children = space.keep_indices(counts[:, None, :] + np.eye(6, dtype=np.int64)[None, :, :])
            child_levels.append((int(idx[0]), int(idx[-1]) + 1, children))
    yahtzee_rolls = np.array([space.outcome_index([face] * 5) for face in range(6)])
    return DiceTables(
        space=space,
        levels=tuple(levels),
        child_levels=tuple(reversed(child_levels)),
        yahtzee_rolls=yahtzee_rolls,
    )


def base_scores(rules: SolverRules) -> np.ndarray:
    """(13, 252) the points of each box for each roll under the ordinary (non-Joker) rules."""
    space = dice_tables().space
    return np.array(
        [[score_box(box, [f + 1 for f in roll]) for roll in space.outcome_tuples] for box in rules.boxes],
        dtype=np.int64,
    )


def joker_points(rules: SolverRules) -> np.ndarray:
    """(6, 13) the points of a YAHTZEE of each face played as a Joker in each box."""
    return np.array([[joker_score(box, [face] * 5) for box in rules.boxes] for face in range(1, 7)])


# -- the state index -----------------------------------------------------------------------------
def state_index(mask: np.ndarray | int, upper: np.ndarray | int, bonus: np.ndarray | int) -> np.ndarray | int:
    """Flat index into a value table of shape (8192, 64, 2)."""
    return (mask * UPPER_LEVELS + upper) * 2 + bonus


@lru_cache(maxsize=4)
def reachable_upper(threshold: int) -> np.ndarray:
    """(64, 64) bool: which capped upper subtotals the filled upper boxes (6-bit mask) can make."""
    reach = np.zeros((64, UPPER_LEVELS), dtype=bool)
    for upper_mask in range(64):
        totals = {0}
        for box in UPPER_BOXES:
            if upper_mask >> box & 1:
                totals = {min(threshold, t + n * (box + 1)) for t in totals for n in range(6)}
        reach[upper_mask, sorted(totals)] = True
    return reach


def layer_states(filled: int, rules: SolverRules, within: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The states to solve with ``filled`` boxes filled, as sorted flat indices, and the copies.

    Only reachable upper subtotals are kept. Below ``63 - 5 x (the open upper faces)`` the bonus is
    out of reach, so all those subtotals have the same value: one of them is solved and the returned
    ``copies`` (k, 2) array lists ``(target, source)`` flat indices that take the solved value.
    ``within`` restricts to masks containing it (a sub-game that starts with those boxes filled).
    """
    threshold = rules.upper_bonus_threshold
    reach = reachable_upper(threshold)
    masks = np.array([m for m in _masks_by_count()[filled] if m & within == within], dtype=np.int64)
    if masks.size == 0:
        return masks, np.empty((0, 2), dtype=np.int64)
    open_faces = np.zeros(len(masks), dtype=np.int64)
    for box in UPPER_BOXES:
        open_faces += np.where(masks >> box & 1, 0, box + 1)
    hopeless = threshold - 5 * open_faces  # subtotals below this cannot reach the bonus
    ups = np.arange(UPPER_LEVELS)
    below = ups[None, :] < hopeless[:, None]
    has_below = (reach[masks & 63] & below).any(1)
    solve = reach[masks & 63] & ~below
    solve[has_below, 0] = True  # 0 stands for every hopeless subtotal
    m_idx, up = np.nonzero(solve)
    mask = masks[m_idx]
    states = [state_index(mask, up, 0)]
    rep_masks = masks[has_below]
    rep_below = below[has_below]
    r_idx, r_up = np.nonzero(rep_below & (ups[None, :] > 0))
    copies = [np.stack([state_index(rep_masks[r_idx], r_up, 0), state_index(rep_masks[r_idx], 0, 0)], 1)]
    if rules.has_bonus:
        with_y = mask & YAHTZEE_BIT != 0
        states.append(state_index(mask[with_y], up[with_y], 1))
        copies.append(copies[0][(rep_masks[r_idx] & YAHTZEE_BIT) != 0] + 1)
    return np.sort(np.concatenate(states)), np.concatenate(copies)


@lru_cache(maxsize=1)
def _masks_by_count() -> list[list[int]]:
    out: list[list[int]] = [[] for _ in range(NUM_BOXES + 1)]
    for mask in range(1 << NUM_BOXES):
        out[mask.bit_count()].append(mask)
    return out


def decode(states: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Flat indices -> (mask, upper, bonus) arrays."""
    bonus = states & 1
    rest = states >> 1
    return rest // UPPER_LEVELS, rest % UPPER_LEVELS, bonus


# -- one turn, batched ---------------------------------------------------------------------------
@dataclass
class TurnTables:
    """The one-turn expectimax of a batch of states (arrays are roll/keep x state).

    ``final`` (252, N) is the value of each roll after the last roll (its best box). ``roll[i]``
    (252, N) is the value of a roll with ``i`` rolls left (``roll[0]`` is ``final``); ``keep[i]``
    (462, N) the value of each keep with ``i + 1`` rolls left, so ``keep[0]`` is the hold before
    the last roll. ``expected`` (N,) is the value before the first roll.
    """

    final: np.ndarray
    keep: list[np.ndarray]
    roll: list[np.ndarray]
    expected: np.ndarray


def weighted_rows(weights: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """``weights @ rows``, summed row by row in a fixed order so that every machine gets the same bits.

    A BLAS product sums in the order its kernel picks for the CPU (AVX2 or SSE on x86-64, NEON on
    arm64): the Classic table came out different in its last bits on a Pi, and argmax ties between
    equally good holds then went the other way, so seeded games differed.
    """
    out = np.zeros(rows.shape[1:])
    for weight, row in zip(weights, rows, strict=True):
        if weight:
            out += weight * row
    return out


_turnkernel, C_KERNEL_MISSING = optional_kernel("engines.yahtzee._turnkernel")

KERNELS = ("c", "numpy")


def default_kernel() -> str:
    """The kernel a build uses unless told: C where it is built, else numpy."""
    return "numpy" if _turnkernel is None else "c"


SMALL_BATCH = 4
"""Up to this many states, :meth:`Solver.turn` takes the dense path (a few large numpy calls)."""


class Solver:
    """Builds and queries the table for one set of :class:`SolverRules`."""

    def __init__(
        self, rules: SolverRules = CLASSIC, values: np.ndarray | None = None, kernel: str | None = None
    ) -> None:
        """``kernel``: "c" (``_turnkernel.c``) or "numpy" for the row loops of a build (None:
        :func:`default_kernel`). Both give the same table, bit for bit."""
        kernel = kernel or default_kernel()
        if kernel not in KERNELS:
            raise ValueError(f"no such kernel: {kernel!r} (c or numpy)")
        if kernel == "c" and _turnkernel is None:
            raise ValueError(C_KERNEL_MISSING)
        self.kernel = kernel
        self.rules = rules
        self.dice = dice_tables()
        self.scores = base_scores(rules)
        self.values = values if values is not None else np.zeros(8192 * UPPER_LEVELS * 2)
        cap = rules.upper_bonus_threshold
        # The terminal states: only the upper bonus is still to come.
        ups = np.arange(UPPER_LEVELS)
        for bonus in (0, 1):
            self.values[state_index(ALL_FILLED, ups, bonus)] = np.where(ups >= cap, rules.upper_bonus, 0)
        self._joker_points = joker_points(rules)
        self._scoring_rows = {box: np.flatnonzero(self.scores[box]) for box in LOWER_BOXES}
        self._is_yahtzee_roll = np.zeros(len(self.dice.rolls), dtype=bool)
        self._is_yahtzee_roll[self.dice.yahtzee_rolls] = True
        yahtzee_rolls = np.ascontiguousarray(self.dice.yahtzee_rolls, dtype=np.int64)
        self._joker_args = (
            yahtzee_rolls,
            np.ascontiguousarray(self.scores[:, yahtzee_rolls].T, dtype=np.int64),
            np.ascontiguousarray(self._joker_points, dtype=np.int64),
        )
        # The keep passes' levels one after another, for the C kernel: (target rows, source rows).
        levels = self.dice.child_levels, self.dice.levels
        self._child_rows, self._parent_rows = (
            (
                np.concatenate([np.arange(start, stop) for start, stop, _ in level]),
                np.ascontiguousarray(np.concatenate([rows for _, _, rows in level]), dtype=np.int64),
            )
            for level in levels
        )
        self._rolls = np.ascontiguousarray(self.dice.rolls, dtype=np.int64)
        self._roll_keep = np.ascontiguousarray(self.dice.roll_keep, dtype=np.int64)
        self._stop_rows = yahtzee_rolls if rules.stop_on_yahtzee else np.empty(0, dtype=np.int64)

    # -- building ------------------------------------------------------------------------------
    def build(
        self,
        within: int = 0,
        chunk: int = 512,
        progress: Callable[[float], None] | None = None,
        workers: int | None = None,
    ) -> float:
        """Fill the table for every state reachable from ``within`` (a mask of pre-filled boxes);
        return the expected score of the start state (``within`` filled, upper 0, no bonus).

        The chunks of a layer read only later layers and write disjoint entries, so ``workers``
        threads (default: up to 2 CPUs) share a layer; numpy releases the GIL in the big array
        operations, and the result does not depend on the number of threads.
        """
        first = within.bit_count()
        layers = [layer_states(k, self.rules, within) for k in range(NUM_BOXES - 1, first - 1, -1)]
        total = sum(len(states) for states, _ in layers) or 1
        workers = workers or min(2, os.cpu_count() or 1)
        done = 0

        def solve(part: np.ndarray) -> int:
            self.values[part] = self.expected(part)
            return len(part)

        with ThreadPoolExecutor(workers) as pool:
            for states, copies in layers:
                parts = [states[start : start + chunk] for start in range(0, len(states), chunk)]
                for solved in pool.map(solve, parts):
                    done += solved
                    if progress is not None:
                        progress(done / total)
                self.values[copies[:, 0]] = self.values[copies[:, 1]]
        return float(self.values[state_index(within, 0, 0)])

    # -- one turn ------------------------------------------------------------------------------
    def final_values(self, states: np.ndarray) -> np.ndarray:
        """(252, N) the value of each final roll: the best allowed box's points plus what follows."""
        mask, upper, bonus = decode(np.asarray(states, dtype=np.int64))
        n = len(mask)
        n_rolls = len(self.dice.rolls)
        values = self.values
        if self.kernel == "c":
            return self._final_values_c(mask, upper, bonus)
        # The lower boxes that score nothing for most rolls set a floor for every roll; the rolls
        # they do score for are raised row by row, then Chance and the upper boxes go over all rows.
        floor = np.full(n, -np.inf)
        raised: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        for box in LOWER_BOXES:
            open_ = (mask >> box & 1) == 0
            if not open_.any():
                continue
            nxt = mask | (1 << box)
            zero_bonus = 0 if box == YAHTZEE else bonus
            after_zero = np.where(open_, values[state_index(nxt, upper, zero_bonus)], -np.inf)
            if box == CHANCE:
                chance_after = after_zero
                continue
            np.maximum(floor, after_zero, out=floor)
            if box == YAHTZEE and self.rules.has_bonus:
                after_zero = np.where(open_, values[state_index(nxt, upper, 1)], -np.inf)
            rows = self._scoring_rows[box]
            raised.append((rows, self.scores[box][rows], after_zero))
        best = np.empty((n_rolls, n))
        best[...] = floor
        buf = np.empty((n_rolls, n))
        for rows, points, after in raised:
            best[rows] = np.maximum(best[rows], points[:, None] + after[None, :])
        if (mask >> CHANCE & 1 == 0).any():
            np.add(self.scores[CHANCE][:, None], chance_after[None, :], out=buf)
            np.maximum(best, buf, out=best)
        cap = self.rules.upper_bonus_threshold
        counts = np.arange(6)
        for box in UPPER_BOXES:
            open_ = (mask >> box & 1) == 0
            if not open_.any():
                continue
            nxt = mask | (1 << box)
            points = counts * (box + 1)
            new_up = np.minimum(cap, upper[None, :] + points[:, None])  # (6, n)
            table = values[state_index(nxt[None, :], new_up, bonus[None, :])] + points[:, None]
            table[:, ~open_] = -np.inf
            np.take(table, self.dice.rolls[:, box], axis=0, out=buf)
            np.maximum(best, buf, out=best)
        if self.rules.has_bonus:
            self._apply_joker(best, mask, upper, bonus)
        return best

    def _final_values_c(self, mask: np.ndarray, upper: np.ndarray, bonus: np.ndarray) -> np.ndarray:
        """:meth:`final_values` in the C kernel (the same numbers, bit for bit)."""
        rules = self.rules
        best = np.empty((len(self.dice.rolls), len(mask)))
        tables = self.values, mask, upper, bonus
        _turnkernel.final(
            best, *tables, self.scores, self._rolls, rules.upper_bonus_threshold, rules.has_bonus
        )
        if rules.has_bonus:
            forced = rules.joker == "forced"
            _turnkernel.joker(
                best, *tables, *self._joker_args, forced, rules.upper_bonus_threshold, rules.yahtzee_bonus
            )
        return best

    def box_values(self, states: np.ndarray, rolls: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Score final roll ``rolls[i]`` from state ``states[i]`` in each box.

        Returns ``(value, points)``, both (n, 13): ``points`` is what the box records (Joker
        included, YAHTZEE bonus excluded); ``value`` adds the YAHTZEE bonus and the expected rest of
        the game, and is -inf for the boxes the rules do not allow now.
        """
        rules = self.rules
        states = np.asarray(states, dtype=np.int64)
        rolls = np.asarray(rolls, dtype=np.int64)
        mask, upper, bonus = decode(states)
        cap = rules.upper_bonus_threshold
        points = self.scores[:, rolls].T.astype(float)  # (n, 13)
        filled = (mask[:, None] >> np.arange(NUM_BOXES)[None, :]) & 1 == 1
        allowed = ~filled
        extra = np.zeros(len(states))
        is_roll_y = self._is_yahtzee_roll[rolls]
        if rules.has_bonus:
            joker = is_roll_y & (mask & YAHTZEE_BIT != 0)
            if joker.any():
                face = self.dice.rolls[rolls[joker]].argmax(1)  # 0..5
                matching_open = ~filled[joker, face]
                lower_open = ~filled[joker][:, list(LOWER_BOXES)].all(1)
                full = self._joker_points[face]  # (k, 13)
                if rules.joker == "forced":
                    pts = full.astype(float)
                    upper_ok = np.zeros((len(face), 6), dtype=bool)
                    upper_ok[np.arange(len(face)), face] = True
                    upper_ok |= (~matching_open & ~lower_open)[:, None]
                    ok = np.concatenate([upper_ok, np.repeat(~matching_open[:, None], 7, 1)], 1)
                else:
                    pts = np.where(matching_open[:, None], points[joker], full)
                    ok = np.ones_like(pts, dtype=bool)
                points[joker] = pts
                allowed[joker] &= ok
                extra[joker] = bonus[joker] * rules.yahtzee_bonus
        boxes = np.arange(NUM_BOXES)
        nxt_mask = mask[:, None] | (1 << boxes)[None, :]
        nxt_up = np.repeat(upper[:, None], NUM_BOXES, 1)
        nxt_up[:, :6] = np.minimum(cap, upper[:, None] + points[:, :6].astype(np.int64))
        nxt_bonus = np.repeat(bonus[:, None], NUM_BOXES, 1)
        nxt_bonus[:, YAHTZEE] = (points[:, YAHTZEE] > 0) & rules.has_bonus
        after = self.values[state_index(nxt_mask, nxt_up, nxt_bonus)]
        value = np.where(allowed, points + after + extra[:, None], -np.inf)
        return value, points

    def _apply_joker(self, best: np.ndarray, mask: np.ndarray, upper: np.ndarray, bonus: np.ndarray) -> None:
        """Overwrite the YAHTZEE rolls of states whose YAHTZEE box is filled with the Joker values."""
        joker_states = np.flatnonzero(mask & YAHTZEE_BIT)
        if joker_states.size == 0:
            return
        states = state_index(mask[joker_states], upper[joker_states], bonus[joker_states])
        faces = len(self.dice.yahtzee_rolls)
        value, _ = self.box_values(np.repeat(states, faces), np.tile(self.dice.yahtzee_rolls, len(states)))
        best[np.ix_(self.dice.yahtzee_rolls, joker_states)] = value.max(1).reshape(len(states), faces).T

    def keep_values(self, roll_values: np.ndarray) -> np.ndarray:
        """(462, N) the expected value of each keep, from (252, N) values of the roll it leads to.

        The same as ``transition @ roll_values``, computed level by level: a keep of k dice is
        worth the mean, over the sixth faces, of the keep with one more die (6 x 210 row sums
        instead of a dense 462 x 252 product).
        """
        dice = self.dice
        out = np.empty((len(dice.keeps), roll_values.shape[1]))
        out[dice.roll_keep] = roll_values
        if self.kernel == "c":
            _turnkernel.mean_rows(out, *self._child_rows)
            return out
        for start, stop, children in dice.child_levels:
            seg = out[start:stop]
            np.copyto(seg, out.take(children[:, 0], axis=0))
            for face in range(1, 6):
                seg += out.take(children[:, face], axis=0)
            seg *= 1 / 6
        return out

    def roll_values(self, keep_values: np.ndarray) -> np.ndarray:
        """(252, N) the best keep among each roll's sub-multisets, from (462, N) keep values."""
        best = np.array(keep_values, dtype=np.float64, order="C")
        if self.kernel == "c":
            _turnkernel.max_rows(best, *self._parent_rows)
            return best.take(self.dice.roll_keep, axis=0)
        for start, stop, parents in self.dice.levels:
            seg = best[start:stop]
            for j in range(parents.shape[1]):
                np.maximum(seg, best.take(parents[:, j], axis=0), out=seg)
        return best.take(self.dice.roll_keep, axis=0)

    def expected(self, states: np.ndarray) -> np.ndarray:
        """(N,) the value of each state before its first roll: ``turn(states).expected``, in the C
        kernel without making the keep and roll tables of the whole batch."""
        states = np.asarray(states, dtype=np.int64)
        if self.kernel != "c" or len(states) <= SMALL_BATCH:
            return self.turn(states).expected
        out = np.empty(len(states))
        _turnkernel.expected(
            out,
            self.final_values(states),
            self._roll_keep,
            *self._child_rows,
            *self._parent_rows,
            self.dice.first_roll,
            self._stop_rows,
            self.rules.rolls_per_turn - 1,
        )
        return out

    def turn(self, states: np.ndarray) -> TurnTables:
        """The one-turn expectimax for a batch of states."""
        dice = self.dice
        states = np.asarray(states, dtype=np.int64)
        small = len(states) <= SMALL_BATCH
        if small:
            # A few positions: a few large numpy calls beat many small ones.
            n_rolls = len(dice.rolls)
            value, _ = self.box_values(np.repeat(states, n_rolls), np.tile(np.arange(n_rolls), len(states)))
            final = value.max(1).reshape(len(states), n_rolls).T
        else:
            final = self.final_values(states)
        rolls = [final]
        keeps = []
        for _ in range(self.rules.rolls_per_turn - 1):
            keep = self.keep_values(rolls[-1])
            keeps.append(keep)
            value = keep[dice.sub_keeps].max(1) if small else self.roll_values(keep)
            if self.rules.stop_on_yahtzee:
                value[dice.yahtzee_rolls] = final[dice.yahtzee_rolls]
            rolls.append(value)
        expected = weighted_rows(dice.first_roll, rolls[-1])
        return TurnTables(final=final, keep=keeps, roll=rolls, expected=expected)
