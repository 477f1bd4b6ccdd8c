"""Computer players for Painted and Power Yahtzee: easy, medium and hard (docs/painted-power-ai.md).

Exact dynamic programming over whole games is out of reach here (2^20 Painted and 2^21 Power box
sets, plus the colour bonus or the Power die), so every level plays one turn exactly or nearly so
and values the rest of the card with a fitted :class:`ValueModel`:

``hard``    exact one-turn expectimax over every hold of the dice (the Power die included: keep Power
            for the fourth roll, re-roll a weak multiplier, the risk of a Freeze) with the odds core;
            a roll ends in the best box, or the best *pair* of boxes for a Double, valued as the
            points scored plus the change in the value of the rest of the card: each open box's
            fitted expected score, the upper (and colour) bonus chances from fitted score
            distributions, and the YAHTZEE bonus chances.
``medium``  good heuristics: aims the holds at one box at a time (the best hold for each box from
            the odds core, then the box whose expected score beats its fitted value by the most),
            with the same box values but no bonus chances, Joker or Double look-ahead.
``easy``    the medium player's options picked by a softmax a few points wide: usually sensible,
            sometimes a plausible slip.

Every decision reads only the observation (``state.to_dict(player)``) and the player's own
generator. The fitted values are a generated asset (``assets/yahtzee/painted-power-values.json``,
made by ``python -m engines.yahtzee.ai_pp_fit``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from engines.core import State
from engines.odds.dice import D6
from engines.odds.space import DiceSpace, dice_space
from engines.odds.turn import TurnOdds
from engines.yahtzee.dice import (
    DOUBLE,
    PAINTED_DICE,
    POWER_DIE,
    POWER_MULTIPLIER,
    power_turn_flags,
)
from engines.yahtzee.game import ROLL, SCORE, UNDO, YahtzeeGame, toggle_hold
from engines.yahtzee.players import Choose
from engines.yahtzee.scoring import (
    COLOUR_BONUS,
    COLOURS,
    PAINTED_BOXES,
    POWER_BOXES,
    POWER_UPPER_BONUS,
    UPPER_BONUS,
    Box,
    Kind,
    Section,
    bonus_for,
    joker_score,
    score_box,
)

VALUES_PATH = Path(__file__).resolve().parents[2] / "assets" / "yahtzee" / "painted-power-values.json"
"""The fitted box values and score distributions (regenerate: ``python -m engines.yahtzee.ai_pp_fit``)."""

MODES = ("painted", "power")
EASY_TEMPERATURE = 2.5
"""Points: an option 2.5 points worse than the best is picked e^-1 times as often."""
MEDIUM_PAR_WEIGHT = 0.5
"""Medium's bonus sense: each point an upper (or colour) box scores above par (three dice) is
worth this much more (below par, this much less) while the section's bonus is still open."""


# -- the mode's tables: every outcome of a roll and what it scores in every box ---------------------
@dataclass(frozen=True, eq=False)
class ModeTables:
    """Per mode: the dice space and, for every outcome, each box's base score and the Power face."""

    mode: str
    boxes: tuple[Box, ...]
    space: DiceSpace
    scores: np.ndarray
    """(O, B) the base score of every outcome in every box (no multiplier, no Joker)."""
    mult: np.ndarray
    """(O,) the multiplier of each outcome (1 outside Power)."""
    double: np.ndarray
    """(O,) the Power die shows Double."""
    yahtzee: np.ndarray
    """(O,) the five dice show one number."""
    numbers: np.ndarray
    """(O, 5) the five dice's numbers of each outcome (canonical order)."""
    colours: tuple[tuple[str, ...], ...] | None
    """Painted: the colours of each outcome's dice, in the order of ``numbers``."""
    stop: np.ndarray | None
    extra_roll: np.ndarray | None
    extra_keep: np.ndarray | None
    upper_ids: tuple[int, ...]
    colour_ids: tuple[int, ...]
    upper_tiers: tuple[tuple[int, int], ...]
    colour_tiers: tuple[tuple[int, int], ...]
    upper_cap: int
    colour_cap: int
    groups: dict[str, tuple[int, ...]]
    """Power: the box ids of each 1st/2nd(/3rd) group, in rank order."""
    yahtzee_ids: tuple[int, ...]
    upper_index: tuple[int, ...]
    """Per box: its bit in the upper mask (-1 outside the upper section)."""
    colour_index: tuple[int, ...]
    point_values: np.ndarray
    """The distinct points (multiplier included) of box 0, then box 1, ...: a box's gain is
    computed on these few values and gathered for every outcome through :attr:`point_index`."""
    point_offsets: np.ndarray
    """(B + 1,) where each box's distinct points start in :attr:`point_values`."""
    point_index: np.ndarray
    """(B, O) each outcome's points in each box as an index into :attr:`point_values`."""
    yahtzee_rows: np.ndarray
    double_rows: np.ndarray

    @property
    def n_boxes(self) -> int:
        return len(self.boxes)


@cache
def mode_tables(mode: str) -> ModeTables:
    """The (memoised) tables of ``mode`` ("painted" or "power")."""
    if mode == "painted":
        boxes, space = PAINTED_BOXES, dice_space(list(PAINTED_DICE))
    elif mode == "power":
        boxes, space = POWER_BOXES, dice_space([(D6, 5), POWER_DIE])
    else:
        raise ValueError(f"no Painted/Power player for mode {mode!r}")
    faces = space.all_outcome_faces
    numbers = np.array([[f.number for f in outcome[:5]] for outcome in faces], dtype=np.int64)
    colours = tuple(tuple(f.colour for f in outcome[:5]) for outcome in faces) if mode == "painted" else None
    scores = _base_scores(boxes, numbers, colours)
    labels = [outcome[5].label if mode == "power" else "1" for outcome in faces]
    mult = np.array([POWER_MULTIPLIER[label] for label in labels], dtype=float)
    double = np.array([label == DOUBLE for label in labels])
    yahtzee = (numbers == numbers[:, :1]).all(axis=1)
    power = mode == "power"
    groups: dict[str, list[int]] = {}
    for box in boxes:
        if box.group is not None:
            groups.setdefault(box.group, []).append(box.id)
    upper_ids = tuple(b.id for b in boxes if b.section is Section.UPPER)
    colour_ids = tuple(b.id for b in boxes if b.section is Section.COLOUR)
    upper_tiers = POWER_UPPER_BONUS if power else UPPER_BONUS
    points = scores * mult[:, None]
    values, offsets, index = [], [0], np.empty(points.shape, dtype=np.int64)
    for i in range(len(boxes)):
        uniq, inverse = np.unique(points[:, i], return_inverse=True)
        index[:, i] = offsets[-1] + inverse.reshape(-1)
        values.append(uniq)
        offsets.append(offsets[-1] + len(uniq))
    return ModeTables(
        mode=mode,
        boxes=boxes,
        space=space,
        scores=scores,
        mult=mult,
        double=double,
        yahtzee=yahtzee,
        numbers=numbers,
        colours=colours,
        **(power_turn_flags(space) if power else {"stop": None, "extra_roll": None, "extra_keep": None}),
        upper_ids=upper_ids,
        colour_ids=colour_ids,
        upper_tiers=upper_tiers,
        colour_tiers=() if power else COLOUR_BONUS,
        upper_cap=max(t for t, _ in upper_tiers),
        colour_cap=0 if power else max(t for t, _ in COLOUR_BONUS),
        groups={k: tuple(v) for k, v in groups.items()},
        yahtzee_ids=tuple(b.id for b in boxes if b.kind is Kind.YAHTZEE),
        upper_index=tuple(upper_ids.index(b.id) if b.id in upper_ids else -1 for b in boxes),
        colour_index=tuple(colour_ids.index(b.id) if b.id in colour_ids else -1 for b in boxes),
        point_values=np.concatenate(values),
        point_offsets=np.array(offsets),
        point_index=np.ascontiguousarray(index.T),
        yahtzee_rows=np.flatnonzero(yahtzee),
        double_rows=np.flatnonzero(double),
    )


COLOUR_KINDS = (Kind.COLOUR, Kind.OF_A_COLOUR, Kind.PAINTED_HOUSE, Kind.RAINBOW, Kind.FLUSH)


def _base_scores(
    boxes: tuple[Box, ...], numbers: np.ndarray, colours: tuple[tuple[str, ...], ...] | None
) -> np.ndarray:
    """(O, B) every outcome's base score in every box.

    Number boxes go through the engine's ``score_box`` once per sorted hand (252) and are gathered;
    the colour boxes (Painted) are counted with numpy over all 7,776 ordered rolls.
    """
    hands, inverse = np.unique(np.sort(numbers, axis=1), axis=0, return_inverse=True)
    scores = np.zeros((len(numbers), len(boxes)))
    # plain ints: score_box memoises on its arguments, and the engine shares that cache
    hand_tuples = [tuple(int(n) for n in hand) for hand in hands]
    for box in boxes:
        if box.kind not in COLOUR_KINDS:
            per_hand = np.array([score_box(box, hand) for hand in hand_tuples], dtype=float)
            scores[:, box.id] = per_hand[inverse.reshape(-1)]
    if colours is None:
        return scores
    colour_of = np.array([[COLOURS.index(c) for c in row] for row in colours])
    onehot = colour_of[:, :, None] == np.arange(len(COLOURS))[None, None, :]  # (O, 5 dice, colours)
    counts = onehot.sum(axis=1)
    sums = (onehot * numbers[:, :, None]).sum(axis=1)
    total = numbers.sum(axis=1)
    ordered = np.sort(counts, axis=1)
    for box in boxes:
        kind = box.kind
        if kind is Kind.COLOUR:
            column = sums[:, COLOURS.index(box.colour)]
        elif kind is Kind.OF_A_COLOUR:
            column = np.where(counts.max(axis=1) >= box.count, total, 0)
        elif kind is Kind.PAINTED_HOUSE:
            column = np.where((ordered[:, -1] == 3) & (ordered[:, -2] == 2), box.value, 0)
        elif kind is Kind.RAINBOW:
            column = np.where(counts.max(axis=1) == 1, box.value, 0)
        elif kind is Kind.FLUSH:
            column = np.where(counts.max(axis=1) == 5, box.value, 0)
        else:
            continue
        scores[:, box.id] = column
    return scores


# -- the value of the rest of the card -------------------------------------------------------------
def expected_bonus_table(dists: list[np.ndarray], tiers: tuple[tuple[int, int], ...], cap: int) -> np.ndarray:
    """(2^n, cap + 1): the expected section bonus with the boxes of ``mask`` still open and
    ``subtotal`` (capped) scored, each open box scoring independently by its distribution.

    >>> table = expected_bonus_table([np.array([0.5, 0.0, 0.5])], ((2, 10),), 2)
    >>> table.tolist()   # mask 0: the bonus is decided; mask 1: the box scores 0 or 2, even odds
    [[0.0, 0.0, 10.0], [5.0, 5.0, 10.0]]
    """
    n = len(dists)
    subs = np.arange(cap + 1)
    table = np.zeros((1 << n, cap + 1))
    table[0] = [bonus_for(int(s), tiers) for s in subs]
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        rest = table[mask & ~(1 << low)]
        dist = dists[low]
        total = np.zeros(cap + 1)
        for x in np.flatnonzero(dist):
            total += dist[x] * rest[np.minimum(subs + x, cap)]
        table[mask] = total
    return table


@dataclass(frozen=True, eq=False)
class ValueModel:
    """The value of the rest of a card: the fitted expected score of each open box, plus the
    expected upper and colour bonus (from fitted per-box score distributions), plus the expected
    YAHTZEE bonuses while the YAHTZEE box holds 50 (Painted)."""

    box_values: np.ndarray
    """(B,) each box's expected score when it is still open."""
    upper_table: np.ndarray
    colour_table: np.ndarray | None
    yahtzee_bonus_per_box: float
    """Painted: expected YAHTZEE bonus points per open box while the YAHTZEE box holds 50."""

    @classmethod
    def from_fit(cls, tables: ModeTables, fit: dict[str, Any]) -> ValueModel:
        keys = [b.key for b in tables.boxes]
        # "box_means": each box's mean final score; "box_values": its marginal worth by regression
        source = fit[fit.get("value_source", "box_means")]
        values = np.array([float(source[k]) for k in keys])

        def dists(ids: tuple[int, ...]) -> list[np.ndarray]:
            out = []
            for i in ids:
                hist = np.asarray(fit["score_distributions"][keys[i]], dtype=float)
                out.append(hist / hist.sum())
            return out

        upper = expected_bonus_table(dists(tables.upper_ids), tables.upper_tiers, tables.upper_cap)
        colour = None
        if tables.colour_ids:
            colour = expected_bonus_table(dists(tables.colour_ids), tables.colour_tiers, tables.colour_cap)
        return cls(values, upper, colour, float(fit.get("yahtzee_bonus_per_box", 0.0)))


def load_fit(path: Path = VALUES_PATH) -> dict[str, Any]:
    """The fitted values of both modes, as written by :mod:`engines.yahtzee.ai_pp_fit`."""
    with path.open(encoding="utf-8") as f:
        return json.load(f)


@cache
def value_model(mode: str) -> ValueModel:
    """The shipped :class:`ValueModel` of ``mode``."""
    return ValueModel.from_fit(mode_tables(mode), load_fit()[mode])


# -- a card as the observation shows it -------------------------------------------------------------
@dataclass(frozen=True)
class Card:
    """The turn player's card: open boxes, section subtotals, YAHTZEE bonus eligibility."""

    open: np.ndarray
    """(B,) bool."""
    upper_sub: int
    colour_sub: int
    yahtzee_fifty: bool
    joker: str

    @classmethod
    def from_observation(cls, obs: dict[str, Any], tables: ModeTables) -> Card:
        boxes = obs["cards"][obs["turn_player"]]["boxes"]
        scores = [None] * tables.n_boxes
        for box in boxes.values():
            scores[box["id"]] = box["score"]
        open_ = np.array([s is None for s in scores])
        upper = sum(scores[i] or 0 for i in tables.upper_ids)
        colour = sum(scores[i] or 0 for i in tables.colour_ids)
        fifty = obs["joker_convention"] != "none" and any(scores[i] == 50 for i in tables.yahtzee_ids)
        return cls(open_, upper, colour, fifty and tables.mode == "painted", obs["joker_convention"])

    def key(self) -> tuple:
        return (self.open.tobytes(), self.upper_sub, self.colour_sub, self.yahtzee_fifty, self.joker)


def _mask(open_: np.ndarray, ids: tuple[int, ...]) -> int:
    return sum(1 << j for j, i in enumerate(ids) if open_[i])


def allowed_boxes(tables: ModeTables, open_: np.ndarray, yahtzee: bool) -> np.ndarray:
    """(B,) the boxes a hand may go in without a Joker: every open box, but in a Power group only
    the next in order (a YAHTZEE fills the group from the 1st, a zero from the last)."""
    allowed = open_.copy()
    for group, ids in tables.groups.items():
        open_ids = [i for i in ids if open_[i]]
        allowed[list(ids)] = False
        if open_ids:
            zero_first = group == "yahtzee" and not yahtzee
            allowed[open_ids[-1] if zero_first else open_ids[0]] = True
    return allowed


class Evaluator:
    """The hard player's arithmetic: the value of scoring hands in boxes for one card."""

    def __init__(self, tables: ModeTables, model: ValueModel, card: Card) -> None:
        self.t, self.m, self.card = tables, model, card
        self.upper_mask = _mask(card.open, tables.upper_ids)
        self.colour_mask = _mask(card.open, tables.colour_ids)
        self.n_open = int(card.open.sum())
        self.upper_now = float(model.upper_table[self.upper_mask, min(card.upper_sub, tables.upper_cap)])
        self.colour_now = 0.0
        if model.colour_table is not None:
            self.colour_now = float(
                model.colour_table[self.colour_mask, min(card.colour_sub, tables.colour_cap)]
            )
        self.yahtzee_shift = 0.0
        self.yahtzee_reward = 0.0
        if tables.mode == "painted":
            if card.yahtzee_fifty:
                self.yahtzee_shift = -model.yahtzee_bonus_per_box  # one box fewer for a further YAHTZEE
            elif card.joker != "none":
                self.yahtzee_reward = model.yahtzee_bonus_per_box * (self.n_open - 1)

    def box_gain(self, i: int, points: np.ndarray | float) -> np.ndarray | float:
        """The points plus the change in the rest-of-card value when box ``i`` takes ``points``
        (a number, or an array of them)."""
        if np.ndim(points) == 0:
            return self._scalar_gain(i, int(points))
        t, m = self.t, self.m
        pts = np.asarray(points, dtype=np.int64)
        gain = pts - m.box_values[i] + self.yahtzee_shift
        j = t.upper_index[i]
        if j >= 0:
            sub = np.minimum(self.card.upper_sub + pts, t.upper_cap)
            gain = gain + m.upper_table[self.upper_mask & ~(1 << j), sub] - self.upper_now
        j = t.colour_index[i]
        if j >= 0:
            sub = np.minimum(self.card.colour_sub + pts, t.colour_cap)
            gain = gain + m.colour_table[self.colour_mask & ~(1 << j), sub] - self.colour_now
        if self.yahtzee_reward and i in t.yahtzee_ids:
            gain = gain + (pts >= 50) * self.yahtzee_reward
        return gain

    def _scalar_gain(self, i: int, points: int) -> float:
        t, m = self.t, self.m
        gain = points - float(m.box_values[i]) + self.yahtzee_shift
        j = t.upper_index[i]
        if j >= 0:
            sub = min(self.card.upper_sub + points, t.upper_cap)
            gain += float(m.upper_table[self.upper_mask & ~(1 << j), sub]) - self.upper_now
        j = t.colour_index[i]
        if j >= 0:
            sub = min(self.card.colour_sub + points, t.colour_cap)
            gain += float(m.colour_table[self.colour_mask & ~(1 << j), sub]) - self.colour_now
        if self.yahtzee_reward and points >= 50 and i in t.yahtzee_ids:
            gain += self.yahtzee_reward
        return gain

    def pair_gain(self, first: tuple[int, float], second: tuple[int, float]) -> float:
        """Two boxes filled by one Double: bonus chances counted on the combined subtotal."""
        (a, pa), (b, pb) = first, second
        gain = self.box_gain(a, pa) + self.box_gain(b, pb)
        t, m = self.t, self.m
        if a in t.upper_ids and b in t.upper_ids:
            mask = self.upper_mask & ~(1 << t.upper_index[a]) & ~(1 << t.upper_index[b])
            sub_a = min(self.card.upper_sub + int(pa), t.upper_cap)
            sub_b = min(self.card.upper_sub + int(pb), t.upper_cap)
            both = min(self.card.upper_sub + int(pa) + int(pb), t.upper_cap)
            mask_a = self.upper_mask & ~(1 << t.upper_index[a])
            mask_b = self.upper_mask & ~(1 << t.upper_index[b])
            # replace the two one-box bonus changes with the joint one
            gain += (m.upper_table[mask, both] - self.upper_now) - (
                m.upper_table[mask_a, sub_a] - self.upper_now + m.upper_table[mask_b, sub_b] - self.upper_now
            )
        return float(gain)

    def final_values(self) -> np.ndarray:
        """(O,) the value of ending the rolling with each outcome: the best box (the best pair for
        a Double), Joker rules and multiplier included."""
        t, card = self.t, self.card
        open_ = card.open
        # every box's gain on its few distinct point values, then one gather for all outcomes
        lookup = np.full(t.point_offsets[-1], -np.inf)
        for i in np.flatnonzero(open_):
            lo, hi = t.point_offsets[i], t.point_offsets[i + 1]
            lookup[lo:hi] = self.box_gain(int(i), t.point_values[lo:hi])
        gains = lookup[t.point_index]  # (B, O): a max over boxes is a max of rows
        allowed_plain = allowed_boxes(t, open_, yahtzee=False)
        if t.groups:
            allowed_yahtzee = allowed_boxes(t, open_, yahtzee=True)
            rows = t.yahtzee_rows
            masked = np.where(allowed_plain[:, None], gains, -np.inf)
            masked[:, rows] = np.where(allowed_yahtzee[:, None], gains[:, rows], -np.inf)
        else:
            masked = gains
        best = np.maximum.reduce(masked, axis=0)
        if t.double.any() and self.n_open > 1:
            rows = t.double_rows
            best[rows] = self._double_values(rows, gains[:, rows].T, masked[:, rows].T)
        if t.mode == "painted" and card.joker != "none" and not open_[t.yahtzee_ids[0]]:
            for row in t.yahtzee_rows:
                best[row] = max(self.hand_gains(t.numbers[row], t.colours[row], 1).values())
        return best

    def _double_values(self, rows: np.ndarray, gains: np.ndarray, masked: np.ndarray) -> np.ndarray:
        """The best two boxes for Double outcomes: the two best allowed boxes, or a group's next
        two boxes in order (each box's own bonus change; :meth:`pair_gain` is exact for a choice)."""
        top2 = -np.sort(-masked, axis=1)[:, :2]
        best = top2.sum(axis=1)
        open_ = self.card.open
        yahtzee = self.t.yahtzee[rows]
        for group, ids in self.t.groups.items():
            open_ids = [i for i in ids if open_[i]]
            if len(open_ids) < 2:
                continue
            g = gains
            pair = g[:, open_ids[0]] + g[:, open_ids[1]]
            if group == "yahtzee":
                zero_pair = g[:, open_ids[-1]] + g[:, open_ids[-2]]
                pair = np.where(yahtzee, pair, zero_pair)
            best = np.maximum(best, pair)
        return best

    def hand_gains(self, numbers, colours, mult: int) -> dict[int, float]:
        """Every allowed box's gain for one hand (for the DP's few Joker outcomes)."""
        t, card = self.t, self.card
        numbers = tuple(int(n) for n in numbers)
        yahtzee = len(set(numbers)) == 1
        open_ids = [i for i in range(t.n_boxes) if card.open[i]]
        joker = t.mode == "painted" and yahtzee and card.joker != "none" and not card.open[t.yahtzee_ids[0]]
        bonus = 100.0 if joker and card.yahtzee_fifty else 0.0
        if joker and card.joker == "forced":
            matching = t.upper_ids[numbers[0] - 1]
            if card.open[matching]:
                ids = [matching]
            else:
                ids = [i for i in open_ids if i not in t.upper_ids] or open_ids
        elif t.groups:
            ids = [i for i in open_ids if allowed_boxes(t, card.open, yahtzee)[i]]
        else:
            ids = open_ids
        full = joker and (card.joker == "forced" or not card.open[t.upper_ids[numbers[0] - 1]])
        score = joker_score if full else score_box
        return {i: bonus + float(self.box_gain(i, score(t.boxes[i], numbers, colours) * mult)) for i in ids}


# -- reading a decision from the observation ---------------------------------------------------------
@dataclass(frozen=True)
class Situation:
    """One decision point: the dice, holds and rolls as the observation shows them."""

    dice: list[Any]
    """The dice as the odds core takes them (numbers; the Power die as its Face)."""
    held: tuple[bool, ...]
    regular_left: int
    extra_available: bool
    may_roll: bool
    potentials: dict[int, int]
    """Allowed box id -> what the hand scores there now (Joker and multiplier included)."""
    yahtzee_bonus_now: int
    pending_double: bool
    double: bool
    key: tuple


def situation(obs: dict[str, Any], legal: list[int]) -> Situation:
    player = obs["turn_player"]
    dice = []
    for d in obs["dice"]:
        if d["power"]:
            dice.append(next(f for f in POWER_DIE.faces if f.label == d["face"]))
        else:
            dice.append(d["number"])
    boxes = obs["cards"][player]["boxes"]
    potentials = {b["id"]: b["potential"] for b in boxes.values() if b["allowed"]}
    power = obs["power"]
    may_roll = ROLL in legal or any(TOGGLE <= a < UNDO for a in legal)
    rolls = obs["rolls"]
    return Situation(
        dice=dice,
        held=tuple(bool(d["held"]) for d in obs["dice"]),
        regular_left=max(0, 3 - rolls),
        extra_available=rolls <= 3,
        may_roll=may_roll and not obs["must_score"],
        potentials=potentials,
        yahtzee_bonus_now=int(obs["yahtzee_bonus_now"]),
        pending_double=obs["pending_double"] is not None,
        double=bool(power and power["double"]),
        key=(obs["turns"][player], rolls, tuple(str(d["face"]) for d in obs["dice"]), obs["pending_double"]),
    )


TOGGLE = toggle_hold(0)


@dataclass(frozen=True)
class Plan:
    """What to do at this roll: hold ``hold`` and roll, or score ``boxes`` (one, or two for a Double)."""

    hold: tuple[bool, ...] | None = None
    boxes: tuple[int, ...] = ()
    value: float = 0.0


def carry_out(plan: Plan, sit: Situation, legal: list[int]) -> int:
    """The next engine action of ``plan``: a toggle, the roll, or the (first) box."""
    if plan.hold is not None:
        for i, (want, held) in enumerate(zip(plan.hold, sit.held, strict=True)):
            if want != held and toggle_hold(i) in legal:
                return toggle_hold(i)
        if ROLL in legal:
            return ROLL
    for box in plan.boxes:
        if SCORE + box in legal:
            return SCORE + box
    return next(a for a in legal if a >= SCORE)


def score_choices(ev: Evaluator, sit: Situation) -> list[tuple[float, tuple[int, ...]]]:
    """Every way to score the hand now, best first: (gain, boxes), pairs for a fresh Double."""
    t = ev.t
    single = {i: sit.yahtzee_bonus_now + float(ev.box_gain(i, p)) for i, p in sit.potentials.items()}
    choices = [(g, (i,)) for i, g in single.items()]
    if sit.double and not sit.pending_double and ev.n_open > 1:
        choices = []
        for a, pa in sit.potentials.items():
            after = ev.card.open.copy()
            after[a] = False
            yahtzee = len({d for d in sit.dice[:5]}) == 1
            second = np.flatnonzero(allowed_boxes(t, after, yahtzee))
            for b in second:
                pb = _potential(t, int(b), sit)
                choices.append((ev.pair_gain((a, pa), (int(b), pb)), (a, int(b))))
    choices.sort(key=lambda c: (-c[0], c[1]))
    return choices


def _potential(t: ModeTables, box: int, sit: Situation) -> int:
    """What the (Power) hand scores in ``box``, which may not be allowed until the first box is in."""
    if box in sit.potentials:
        return sit.potentials[box]
    mult = POWER_MULTIPLIER[sit.dice[5].label] if t.mode == "power" else 1
    return score_box(t.boxes[box], [int(n) for n in sit.dice[:5]]) * mult


# -- hard ------------------------------------------------------------------------------------------
def hold_masks(n_dice: int) -> np.ndarray:
    """(2^n, n) every hold mask, most dice held first (so ties keep dice rather than re-roll)."""
    codes = np.arange(2**n_dice)
    masks = ((codes[:, None] >> np.arange(n_dice)[None, :]) & 1).astype(bool)
    return masks[np.lexsort((codes, -masks.sum(axis=1)))]


_positions: dict[tuple, tuple[int, np.ndarray]] = {}


def position(t: ModeTables, dice: list[Any]) -> tuple[int, np.ndarray]:
    """The outcome index of the dice and the keep index of every hold mask (:func:`hold_masks`)."""
    masks = _masks(t.space.n_dice)
    if t.mode == "painted":  # five one-die groups: face f is outcome f and keep f + 1 of its die
        faces = np.asarray(dice, dtype=np.int64) - 1
        outcome = int(faces @ _PAINTED_OUTCOME_WEIGHTS)
        return outcome, (masks * (faces + 1)) @ _PAINTED_KEEP_WEIGHTS
    key = tuple(dice)
    found = _positions.get(key)
    if found is None:
        found = _positions[key] = (t.space.outcome_index(dice), t.space.hold_keep_indices(dice, masks))
    return found


_PAINTED_OUTCOME_WEIGHTS = 6 ** np.arange(4, -1, -1)
_PAINTED_KEEP_WEIGHTS = 7 ** np.arange(4, -1, -1)


class TurnValues:
    """The value of every keep before each roll of one turn, for one column of final values."""

    def __init__(self, t: ModeTables, final: np.ndarray) -> None:
        self.t = t
        self.final = final
        self._odds: TurnOdds | None = None
        self._keep: dict[Any, np.ndarray] = {}
        if t.stop is not None:  # Power: Freeze and the fourth roll, as the odds core plays them
            self._odds = TurnOdds(
                t.space, final, stop=t.stop, extra_roll=t.extra_roll, extra_keep=t.extra_keep
            )

    def keep_values(self, after: int | None, extra_available: bool) -> np.ndarray:
        """(K,) each keep's value before a roll leaving ``after`` regular rolls (None: the last)."""
        if self._odds is not None:
            return self._odds.keep_table(after, extra_available)[:, 0]
        after = after or 0
        if after not in self._keep:
            space = self.t.space
            if after == 0:
                self._keep[0] = space.expect(self.final[:, None])
            else:
                self._keep[after] = space.expect(space.best_keep(self.keep_values(after - 1, False)[:, None]))
        return self._keep[after].reshape(-1)

    def holds(
        self, dice: list[Any], regular_left: int, extra_available: bool
    ) -> tuple[np.ndarray, np.ndarray]:
        """The holds that may roll from this position and their values (empty: the rolling is over)."""
        t = self.t
        outcome, keeps = position(t, dice)
        masks = _masks(t.space.n_dice)
        if t.stop is not None and t.stop[outcome]:
            return masks[:0], np.zeros(0)
        if regular_left > 0:
            return masks, self.keep_values(regular_left - 1, extra_available)[keeps]
        if t.extra_roll is not None and extra_available and t.extra_roll[outcome]:
            allowed = t.extra_keep[keeps]
            return masks[allowed], self.keep_values(None, extra_available)[keeps[allowed]]
        return masks[:0], np.zeros(0)


@cache
def _masks(n_dice: int) -> np.ndarray:
    return hold_masks(n_dice)


class _TurnPlanner:
    """A player that plans once per situation (the dice, holds and rolls left) and carries the
    plan out action by action: the holds toggled one at a time, then the roll or the box."""

    _plan: tuple[tuple, Plan] | None = None

    def plan(self, obs: dict[str, Any], sit: Situation) -> Plan:
        raise NotImplementedError

    def __call__(self, state: State) -> int:
        legal = state.legal_actions()
        if legal == [ROLL]:
            return ROLL
        obs = state.to_dict(state.current_player())
        sit = situation(obs, legal)
        if self._plan is None or self._plan[0] != sit.key:
            self._plan = (sit.key, self.plan(obs, sit))
        return carry_out(self._plan[1], sit, legal)


class HardPlayer(_TurnPlanner):
    """Exact one-turn expectimax over holds on top of the fitted :class:`ValueModel`."""

    def __init__(self, game: YahtzeeGame, rng: np.random.Generator, model: ValueModel | None = None) -> None:
        self.tables = mode_tables(game.mode)
        self.model = model if model is not None else value_model(game.mode)
        self._turn: tuple[tuple, Evaluator, TurnValues | None] | None = None
        self._plan: tuple[tuple, Plan] | None = None

    def evaluator(self, card: Card) -> Evaluator:
        key = card.key()
        if self._turn is None or self._turn[0] != key:
            self._turn = (key, Evaluator(self.tables, self.model, card), None)
        return self._turn[1]

    def turn_values(self) -> TurnValues:
        key, ev, values = self._turn
        if values is None:
            values = TurnValues(self.tables, ev.final_values())
            self._turn = (key, ev, values)
        return values

    def plan(self, obs: dict[str, Any], sit: Situation) -> Plan:
        ev = self.evaluator(Card.from_observation(obs, self.tables))
        scoring = score_choices(ev, sit)
        stop = Plan(boxes=scoring[0][1], value=scoring[0][0])
        if not sit.may_roll:
            return stop
        masks, values = self.turn_values().holds(sit.dice, sit.regular_left, sit.extra_available)
        if not len(values):
            return stop
        best = int(np.argmax(values >= values.max() - 1e-9))
        hold = tuple(bool(h) for h in masks[best])
        if all(hold) or values[best] <= stop.value + 1e-9:
            return stop
        return Plan(hold=hold, value=float(values[best]))


# -- medium and easy -------------------------------------------------------------------------------
def _medium_columns(mode: str) -> np.ndarray:
    t = mode_tables(mode)
    return t.scores * t.mult[:, None]


@cache
def medium_odds(mode: str) -> TurnOdds:
    """One column per box (its score, multiplier included): the best hold aiming at each box."""
    t = mode_tables(mode)
    return TurnOdds(
        t.space, _medium_columns(mode), stop=t.stop, extra_roll=t.extra_roll, extra_keep=t.extra_keep
    )


class MediumPlayer(_TurnPlanner):
    """Holds aimed at one box at a time; boxes valued by the fitted box values and a par rule.

    With ``temperature`` > 0 the options are picked by a softmax instead (the easy player).
    """

    def __init__(
        self, game: YahtzeeGame, rng: np.random.Generator, temperature: float = 0.0, par_weight: float = 0.5
    ) -> None:
        self.tables = mode_tables(game.mode)
        self.box_values = value_model(game.mode).box_values
        self.rng = rng
        self.temperature = temperature
        self.par_weight = par_weight
        self._plan: tuple[tuple, Plan] | None = None
        t = self.tables
        self.par = np.zeros(t.n_boxes)
        for i in t.upper_ids:
            box = t.boxes[i]
            self.par[i] = 3 * box.face if box.face else np.nan
        for i in t.colour_ids:
            self.par[i] = 63 / 5
        self.in_upper = np.isin(np.arange(t.n_boxes), t.upper_ids)
        self.in_colour = np.isin(np.arange(t.n_boxes), t.colour_ids)

    def _adjust(self, card: Card, points: np.ndarray) -> np.ndarray:
        """(B,) each box's gain for (B,) points: points minus the box value, plus the par rule."""
        t = self.tables
        gain = points - self.box_values
        upper_open = card.upper_sub < t.upper_tiers[-1][0]
        colour_open = bool(t.colour_ids) and card.colour_sub < t.colour_cap
        par = np.nan_to_num(points - self.par)
        if upper_open:
            gain = gain + np.where(self.in_upper & ~np.isnan(self.par), self.par_weight * par, 0.0)
        if colour_open:
            gain = gain + np.where(self.in_colour, self.par_weight * par, 0.0)
        return gain

    def options(self, obs: dict[str, Any], sit: Situation) -> list[Plan]:
        t = self.tables
        card = Card.from_observation(obs, t)
        options = []
        points = np.zeros(t.n_boxes)
        for i, p in sit.potentials.items():
            points[i] = p
        gains = self._adjust(card, points)
        singles = sorted(((float(gains[i]) + sit.yahtzee_bonus_now, i) for i in sit.potentials), reverse=True)
        if sit.double and not sit.pending_double and len(singles) > 1:
            (g1, a), (g2, b) = singles[0], singles[1]
            options.append(Plan(boxes=(a, b), value=g1 + g2))
        else:
            options.extend(Plan(boxes=(i,), value=g) for g, i in singles)
        if sit.may_roll:
            hint = medium_odds(t.mode).hint(sit.dice, sit.held, sit.regular_left, sit.extra_available)
            if hint.rolls_available:
                aims = allowed_boxes(t, card.open, yahtzee=False) | allowed_boxes(t, card.open, yahtzee=True)
                expected = self._adjust(card, hint.end_of_turn)
                seen = set()
                for i in np.flatnonzero(aims):
                    hold = tuple(bool(h) for h in hint.best_hold[i])
                    if all(hold) or hold in seen:
                        continue
                    seen.add(hold)
                    options.append(Plan(hold=hold, value=float(expected[i])))
        options.sort(key=lambda o: -o.value)
        return options

    def plan(self, obs: dict[str, Any], sit: Situation) -> Plan:
        options = self.options(obs, sit)
        if self.temperature <= 0 or len(options) == 1:
            return options[0]
        values = np.array([o.value for o in options])
        weights = np.exp((values - values.max()) / self.temperature)
        return options[int(self.rng.choice(len(options), p=weights / weights.sum()))]


# -- analysis for the hint screen ------------------------------------------------------------------
@dataclass(frozen=True)
class Option:
    """One choice after a roll and the hard player's estimate of the final score if it is taken.

    ``action`` is "hold 1 3 6" (dice by position, 6 the Power die; "hold nothing") followed by a
    roll, or "score <box>" / "score <box> <box>" (a Double's pair, in the order to score them).
    """

    action: str
    expected: float
    hold: tuple[bool, ...] | None = None
    boxes: tuple[str, ...] = ()


def card_value(ev: Evaluator, obs: dict[str, Any]) -> float:
    """The points on the turn player's card so far plus the model's value of the rest of it."""
    m, card = ev.m, ev.card
    totals = obs["cards"][obs["turn_player"]]
    points = totals["upper"] + totals["lower"] + totals["colour"] + totals["yahtzee_bonus"]
    rest = float(m.box_values[card.open].sum()) + ev.upper_now + ev.colour_now
    if card.yahtzee_fifty:
        rest += m.yahtzee_bonus_per_box * ev.n_open
    return points + rest


def analyse(state: State, model: ValueModel | None = None) -> list[Option]:
    """Every option of the player to act after a roll, best first, valued as the hard player sees
    it (estimated final score). Empty when there is nothing to decide."""
    if state.is_terminal() or state.is_chance_node():
        return []
    legal = state.legal_actions()
    if legal == [ROLL]:
        return []
    obs = state.to_dict(state.current_player())
    tables = mode_tables(obs["mode"])
    player = HardPlayer(state.game, np.random.default_rng(0), model)
    sit = situation(obs, legal)
    ev = player.evaluator(Card.from_observation(obs, tables))
    base = card_value(ev, obs)
    boxes = tables.boxes
    options = [
        Option(
            "score " + " ".join(boxes[b].key for b in chosen),
            base + gain,
            boxes=tuple(boxes[b].key for b in chosen),
        )
        for gain, chosen in score_choices(ev, sit)
    ]
    if sit.may_roll:
        masks, values = player.turn_values().holds(sit.dice, sit.regular_left, sit.extra_available)
        for mask, value in zip(masks, values, strict=True):
            if mask.all():
                continue
            held = [str(i + 1) for i in np.flatnonzero(mask)]
            options.append(
                Option(
                    "hold " + (" ".join(held) or "nothing"), base + float(value), hold=tuple(map(bool, mask))
                )
            )
    options.sort(key=lambda o: (-o.expected, o.action))
    return options


def hard_player(game: YahtzeeGame, rng: np.random.Generator) -> Choose:
    """Exact one-turn expectimax with the fitted rest-of-card value."""
    return HardPlayer(game, rng)


def medium_player(game: YahtzeeGame, rng: np.random.Generator) -> Choose:
    """Holds aimed at the most promising box; fitted box values and a par rule for the bonus."""
    return MediumPlayer(game, rng, par_weight=MEDIUM_PAR_WEIGHT)


def easy_player(game: YahtzeeGame, rng: np.random.Generator) -> Choose:
    """The medium player's options picked by a softmax, without the par rule: plausible slips."""
    return MediumPlayer(game, rng, temperature=EASY_TEMPERATURE, par_weight=0.0)


FACTORIES = {"easy": easy_player, "medium": medium_player, "hard": hard_player}
"""The players ``engines.yahtzee.ai`` dispatches to for Painted and Power."""
