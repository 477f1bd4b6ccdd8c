"""How hard each group is to complete: the rulebook's promise, measured exactly.

"The more valuable the color group, the less frequently that color appears on the dice, so the
harder it is to roll." :func:`completion_chance` is the exact chance of completing one group within
one turn when the turn is played for that group alone: throw, place whatever helps it (every
choice is weighed), and throw again until the group is complete or the third policeman ends the
turn. Before a colour group is complete the house die is not in play, so the jail squares are the
only other thing that matters. Dice with the same faces are interchangeable, so the position is
(dice of each kind in the cup, squares filled, Chance used, policemen on the board).

>>> round(completion_chance("brown"), 4) > round(completion_chance("dark-blue"), 4)
True
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from math import comb, factorial

from engines.monopoly_dice import rules as R
from engines.odds.dice import Die

_POLICE = Fraction(2, 6)
"""Every Go-to-Jail die shows a policeman on two faces of six."""


def _kinds(dice: Sequence[Die], group: str) -> tuple[tuple[int, float, float], ...]:
    """Per kind of identical dice: (how many, chance of the group's face, chance of a Chance face)."""
    colour = R.GROUPS[R.GROUP_INDEX[group]].colour
    counts: dict[tuple, int] = {}
    for die in dice:
        key = tuple(sorted(f.colour for f in die.faces))
        counts[key] = counts.get(key, 0) + 1
    return tuple(
        (n, key.count(group) / len(key), key.count(R.CHANCE) / len(key) if colour else 0.0)
        for key, n in counts.items()
    )


@cache
def _throws(n: int, p_group: float, p_chance: float) -> tuple[tuple[int, int, float], ...]:
    """Throwing ``n`` dice of one kind: (showing the group, showing Chance, chance of that)."""
    p_other = 1.0 - p_group - p_chance
    out = []
    for a in range(n + 1):
        for c in range(n + 1 - a):
            o = n - a - c
            p = factorial(n) / (factorial(a) * factorial(c) * factorial(o))
            p *= p_group**a * p_chance**c * p_other**o
            if p > 0:
                out.append((a, c, p))
    return tuple(out)


def _police(on_board: int) -> list[tuple[int, float]]:
    """(policemen on the board after a throw, its chance) from ``on_board`` before it."""
    free = R.JAIL_SQUARES - on_board
    return [
        (on_board + m, float(comb(free, m) * _POLICE**m * (1 - _POLICE) ** (free - m)))
        for m in range(free + 1)
    ]


def completion_chance(group: str, dice: Sequence[Die] = R.PROPERTY_DICE) -> float:
    """The exact chance of completing ``group`` in one turn played for it alone (module docstring)."""
    kinds = _kinds(dice, group)
    squares = R.GROUPS[R.GROUP_INDEX[group]].squares

    @cache
    def value(cup: tuple[int, ...], filled: int, chance_used: bool, police: int) -> float:
        if filled == squares:
            return 1.0
        loops: list[tuple[float, float]] = []  # throws that leave the policemen as they were
        fixed = 0.0
        per_kind = [_throws(cup[k], p_g, p_c) for k, (_, p_g, p_c) in enumerate(kinds)]
        for throw in itertools.product(*per_kind):
            p_throw = 1.0
            for _, _, q in throw:
                p_throw *= q
            # every way to place some of the dice showing the group and at most one Chance
            places = []
            chance_from = [None] if chance_used else [None, *(k for k, t in enumerate(throw) if t[1])]
            for take in itertools.product(*(range(a + 1) for a, _, _ in throw)):
                for k_chance in chance_from:
                    placed = sum(take) + (k_chance is not None)
                    if not placed or filled + placed > squares:
                        continue
                    left = [cup[k] - take[k] - (k == k_chance) for k in range(len(cup))]
                    places.append((tuple(left), filled + placed, chance_used or k_chance is not None))
            for after, p_police in _police(police):
                if after >= R.JAIL_SQUARES:
                    continue
                best = max((value(c, f, u, after) for c, f, u in places), default=-1.0)
                if after == police:
                    loops.append((p_throw * p_police, best))
                else:
                    fixed += p_throw * p_police * max(best, value(cup, filled, chance_used, after))
        # Placing nothing keeps the position: v = fixed + sum(p * max(v, best)). Solved by policy
        # iteration (which throws are worth placing from), exact once the policy repeats.
        v = 0.0
        for _ in range(100):
            placing = [(p, b) for p, b in loops if b > v]
            stay = sum(p for p, b in loops if b <= v)
            new = (fixed + sum(p * b for p, b in placing)) / (1.0 - stay)
            if new == v:
                break
            v = new
        return v

    return value(tuple(n for n, _, _ in kinds), 0, False, 0)


def completion_chances(dice: Sequence[Die] = R.PROPERTY_DICE) -> dict[str, float]:
    """Every group's :func:`completion_chance`, by group key, in board order."""
    return {g.key: completion_chance(g.key, dice) for g in R.GROUPS}
