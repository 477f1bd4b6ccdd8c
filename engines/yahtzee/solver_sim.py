"""Many games of the optimal player at once: every card of every game advances together in numpy.

Used by ``tvgames simulate yahtzee --players hard`` (Classic and Dice Party): each player's card is
independent of the others' under the solitaire-optimal policy, so ``games x players`` cards are
played side by side. Per turn the distinct scorecard states are solved once (the one-turn
expectimax from the table), then every card rolls, holds and scores by array lookups. The dice come
from one generator drawing fixed-shape blocks, so a seed gives the same games every time.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from engines.yahtzee.solver import NUM_BOXES, YAHTZEE, Solver, state_index

CHUNK = 2048
"""Distinct states solved together (bounds memory: about 20 MB of turn tables per chunk)."""


def play_cards(
    solver: Solver, cards: int, seed: int | np.random.SeedSequence, within: int = 0
) -> dict[str, np.ndarray]:
    """Play ``cards`` solitaire cards with the optimal policy (from an empty card, or from one whose
    ``within`` boxes are already filled with zeros: a sub-game the solver was built for).

    Returns arrays: ``boxes`` (cards, 13) the points written in each box, ``yahtzee_bonuses``
    (cards,) how many YAHTZEE bonuses were earned, ``upper_bonus`` (cards,) the upper bonus paid,
    ``total`` (cards,) the final score.
    """
    rules = solver.rules
    dice = solver.dice
    space = dice.space
    rng = np.random.default_rng(seed)
    cap = rules.upper_bonus_threshold
    mask = np.full(cards, within, dtype=np.int64)
    upper = np.zeros(cards, dtype=np.int64)
    bonus = np.zeros(cards, dtype=np.int64)
    boxes = np.zeros((cards, NUM_BOXES), dtype=np.int64)
    yahtzee_bonuses = np.zeros(cards, dtype=np.int64)
    eye = np.eye(6, dtype=np.int64)
    yahtzee_roll = np.zeros(len(dice.rolls), dtype=bool)
    yahtzee_roll[dice.yahtzee_rolls] = True
    for _turn in range(NUM_BOXES - within.bit_count()):
        states = state_index(mask, upper, bonus)
        unique, which = np.unique(states, return_inverse=True)
        counts = eye[rng.integers(0, 6, size=(cards, 5))].sum(1)
        roll = space.outcome_indices(counts)
        for start in range(0, len(unique), CHUNK):
            part = unique[start : start + CHUNK]
            games = np.flatnonzero((which >= start) & (which < start + len(part)))
            column = which[games] - start
            tables = solver.turn(part)
            r = roll[games]
            stopped = np.zeros(len(games), dtype=bool)
            for rolls_left in range(rules.rolls_per_turn - 1, 0, -1):
                keep_values = tables.keep[rolls_left - 1]
                options = dice.sub_keeps[r]  # (g, 32)
                best = options[np.arange(len(games)), keep_values[options, column[:, None]].argmax(1)]
                stopped |= best == dice.roll_keep[r]
                if rules.stop_on_yahtzee:
                    stopped |= yahtzee_roll[r]
                kept = dice.keeps[best]
                fresh = rng.integers(0, 6, size=(len(games), 5))
                free = 5 - kept.sum(1)
                new = kept + (eye[fresh] * (np.arange(5)[None, :] < free[:, None])[:, :, None]).sum(1)
                r = np.where(stopped, r, space.outcome_indices(new))
            roll[games] = r
        value, points = solver.box_values(states, roll)
        box = value.argmax(1)
        rows = np.arange(cards)
        got = points[rows, box].astype(np.int64)
        if rules.has_bonus:
            earned = (mask & (1 << YAHTZEE) != 0) & (bonus == 1) & yahtzee_roll[roll]
            yahtzee_bonuses += earned
        boxes[rows, box] = got
        upper = np.where(box < 6, np.minimum(cap, upper + got), upper)
        if rules.has_bonus:
            bonus = np.where(box == YAHTZEE, (got > 0).astype(np.int64), bonus)
        mask |= 1 << box
    upper_total = boxes[:, :6].sum(1)
    upper_bonus = np.where(upper_total >= cap, rules.upper_bonus, 0)
    total = boxes.sum(1) + upper_bonus + yahtzee_bonuses * rules.yahtzee_bonus
    return {"boxes": boxes, "yahtzee_bonuses": yahtzee_bonuses, "upper_bonus": upper_bonus, "total": total}


def simulate(solver: Solver, games: int, players: int, seed: int) -> dict[str, Any]:
    """``games`` games of ``players`` optimal players, as arrays shaped like the engine simulator's:
    totals (games, players), box scores (games, players, 13), upper-bonus flags, YAHTZEE bonus
    counts and wins per player (ties shared)."""
    cards = play_cards(solver, games * players, np.random.SeedSequence(seed))
    totals = cards["total"].reshape(games, players).astype(float)
    winners = totals == totals.max(1, keepdims=True)
    wins = (winners / winners.sum(1, keepdims=True)).sum(0)
    return {
        "totals": totals,
        "box_scores": cards["boxes"].reshape(games, players, NUM_BOXES).astype(float),
        "upper_bonus": cards["upper_bonus"].reshape(games, players) > 0,
        "yahtzee_bonuses": cards["yahtzee_bonuses"].reshape(games, players).astype(float),
        "wins": wins,
    }
