"""Optimal Pig by value iteration (after Neller and Presser, "Optimal Play of the Dice Game Pig", 2004).

``win[i, j, k]`` is the chance that the player to move wins with banked score ``i``, the opponent's
``j`` and a turn total of ``k`` (only ``i + k < goal`` is a live position: reaching the goal wins at
once). Rolling gives ``(1 - win[j, i, 0]) / 6`` for the 1 plus ``win[i, j, k + r] / 6`` for each
other face ``r`` (1 where that reaches the goal); holding gives ``1 - win[j, i + k, 0]``, allowed
once the turn has a total.

A sweep fills the table from the highest turn total down, so every roll reads values of this
sweep and only the start-of-turn column ``win[:, :, 0]`` (what a 1 or a hold hands the opponent)
comes from the sweep before; sweeps repeat until that column stops changing. Fixing the move
instead of taking the better one evaluates any policy: :func:`policy_win_chance` gives the first
player's chance between two hold-at-N players, say.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from engines.pig import rules as R
from engines.runtime import cache_dir

TOLERANCE = 1e-12
MAX_SWEEPS = 10_000
FORMAT = 1
"""The cached file's format: the start-of-turn column of the optimal player's table."""
_RISE = tuple(r for r in R.FACES if r != R.BUST_FACE)


@dataclass(frozen=True)
class Solution:
    """The optimal player's table: win chances for rolling and for holding, and the sweeps it took."""

    roll: np.ndarray
    hold: np.ndarray
    sweeps: int

    @property
    def win(self) -> np.ndarray:
        return np.maximum(self.roll, self.hold)

    def should_roll(self, mine: int, theirs: int, turn_total: int) -> bool:
        """The optimal move (holding with no turn total is not a move)."""
        where = (mine, theirs, turn_total)
        return turn_total == 0 or bool(self.roll[where] >= self.hold[where])


def _sweep(other_start: np.ndarray, goal: int, rolls: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """One backward pass: (roll value, hold value) of every position.

    ``other_start`` is the opponent's ``win[:, :, 0]`` (the mover's own for the optimal player);
    ``rolls`` fixes the move (None takes the better). Past the goal both values are 1.
    """
    win = np.ones((goal, goal, goal + R.DIE_SIDES))
    roll = np.ones((goal, goal, goal))
    hold = np.zeros((goal, goal, goal))
    bust = 1.0 - other_start.T
    # hold[i, j, k] = 1 - other_start[j, i + k]: row i of the opponent's column read from i + k on
    them = other_start.T
    for k in range(goal - 1, -1, -1):
        rows = goal - k  # the live positions: i + k < goal
        value = bust[:rows].copy()
        for r in _RISE:
            value += win[:rows, :, k + r]
        value /= R.DIE_SIDES
        roll[:rows, :, k] = value
        if k > 0:
            hold[:rows, :, k] = 1.0 - them[k:]
            if rolls is None:
                value = np.maximum(value, hold[:rows, :, k])
            else:
                value = np.where(rolls[:rows, :, k], value, hold[:rows, :, k])
        win[:rows, :, k] = value
    return roll, hold


def table_path(goal: int = R.GOAL, directory: Path | None = None) -> Path:
    return (directory or cache_dir()) / f"pig-{goal}-d{R.DIE_SIDES}-b{R.BUST_FACE}-v{FORMAT}.npy"


def build(goal: int = R.GOAL) -> Solution:
    """Value iteration from scratch (a few seconds for the goal of 100)."""
    start = np.full((goal, goal), 0.5)
    for sweep in range(1, MAX_SWEEPS + 1):
        roll, hold = _sweep(start, goal, None)
        new = roll[:, :, 0]
        if float(np.max(np.abs(new - start))) < TOLERANCE:
            return Solution(roll=roll, hold=hold, sweeps=sweep)
        start = new
    raise RuntimeError("value iteration did not converge")


def load(goal: int = R.GOAL, path: Path | None = None) -> Solution | None:
    """The table from its cached start column (one sweep rebuilds the rest), or None if absent or damaged."""
    path = path or table_path(goal)
    try:
        start = np.load(path, allow_pickle=False)
    except (OSError, ValueError, EOFError):
        return None
    if start.shape != (goal, goal) or start.dtype != np.float64 or not np.all((start >= 0) & (start <= 1)):
        return None
    roll, hold = _sweep(start, goal, None)
    # a start column that is not the fixed point (another solver's, or bit rot) is rebuilt
    if float(np.max(np.abs(roll[:, :, 0] - start))) >= 1e-9:
        return None
    return Solution(roll=roll, hold=hold, sweeps=0)


def save(solution: Solution, path: Path | None = None) -> Path:
    """Keep the start column (80 kB), written atomically."""
    goal = solution.roll.shape[0]
    path = path or table_path(goal)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".partial.npy")
    np.save(partial, solution.roll[:, :, 0])
    os.replace(partial, path)
    return path


@cache
def solve(goal: int = R.GOAL) -> Solution:
    """The optimal player's table for ``goal``: from the cache, else built and cached."""
    found = load(goal)
    if found is not None:
        return found
    solution = build(goal)
    try:
        save(solution)
    except OSError:
        pass  # a read-only cache only costs the next run the build
    return solution


def hold_at(threshold: int, goal: int = R.GOAL) -> np.ndarray:
    """Where the player who holds once the turn total reaches ``threshold`` rolls (True)."""
    return np.broadcast_to(np.arange(goal) < threshold, (goal, goal, goal))


def policy_win_chance(first: np.ndarray, second: np.ndarray, goal: int = R.GOAL) -> float:
    """The first player's chance to win when each rolls where its table is True (and holds elsewhere)."""
    starts = [np.full((goal, goal), 0.5), np.full((goal, goal), 0.5)]
    policies = (first, second)
    for _ in range(MAX_SWEEPS):
        new = [_sweep(starts[1 - p], goal, policies[p])[0][:, :, 0] for p in (0, 1)]
        change = max(float(np.max(np.abs(n - s))) for n, s in zip(new, starts, strict=True))
        starts = new
        if change < TOLERANCE:
            return float(starts[0][0, 0])
    raise RuntimeError("policy evaluation did not converge")
