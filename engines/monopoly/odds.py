"""The "view die sides" hint of the Monopoly board, and what each property earns.

All of it comes from the landing chain (:mod:`engines.monopoly.landing`), so doubles, three
doubles, Go to Jail and every card move are counted the same way:

- :func:`hint` - for the player about to throw: the chance of ending this throw on each square
  (In Jail apart), the chance of landing on each square at least once in the rest of the turn
  (the extra throws after doubles included), the chance of paying rent this turn and the rent
  expected;
- :func:`income_table` - the expected rent a property earns per opponent turn at each building
  level (streets: alone, group complete, 1-4 houses, hotel; railroads: 1-4 owned; utilities: 1-2
  owned).

Cards are drawn uniformly from their 16 (the model: the real deck's order is hidden and nearly
uniform over a game). Rents are read from the observation's ``squares[i]["rent"]`` (utilities:
per pip), doubled for the nearest-railroad card and ten times a new throw for the nearest-utility
card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import numpy as np

from engines.monopoly import landing
from engines.monopoly import rules as R
from engines.monopoly.landing import IN_JAIL, Chain

MEAN_THROW = 7.0
"""The expected total of two dice (the nearest-utility card's new throw)."""

STREET_LEVELS = ("alone", "group", "1 house", "2 houses", "3 houses", "4 houses", "hotel")


def start_state(c: Chain, square: int, doubles: int, in_jail: bool, jail_turns: int) -> int:
    """The chain state of a token about to throw."""
    if in_jail:
        return c.jail_state(min(jail_turns, c.movement.jail_throws - 1))
    return c.state(square, min(doubles, c.movement.max_doubles - 1))


def throw_distribution(
    square: int, doubles: int = 0, in_jail: bool = False, jail_turns: int = 0
) -> np.ndarray:
    """The chance of ending this throw on each square (41 entries: the 40, then In Jail).

    In jail the throw is one for doubles (the fine not paid). The three shares below sum to 1:

    >>> d = throw_distribution(0)  # from GO: a 7 lands on Chance, where 6 of the 16 cards stay
    >>> round(float(d.sum()), 12), round(float(d[7]), 6) == round(6 / 36 * 6 / 16, 6)
    (1.0, True)
    """
    c = landing.chain("long")
    out = np.zeros(c.movement.size + 1)
    for _, where, _, _, p in c.transitions[start_state(c, square, doubles, in_jail, jail_turns)]:
        out[where] += p
    return out


RentOf = Callable[[int, str, int], float]
"""``rent(square landed on, route, dice total)`` -> what the mover pays there."""


def rent_from_observation(obs: Mapping[str, Any], player: int) -> RentOf:
    """What ``player`` pays on each square, read from an observation's ``squares``."""
    due: dict[int, tuple[str, int]] = {}
    for sq in obs["squares"]:
        owner = sq.get("owner")
        if owner is None or owner == player or sq.get("mortgaged") or not sq.get("rent"):
            continue
        due[sq["index"]] = (sq["kind"], int(sq["rent"]))

    def rent(square: int, route: str, total: int) -> float:
        if square not in due:
            return 0.0
        kind, amount = due[square]
        if kind == "utility":
            if route == "ten_times":
                return R.CARD_UTILITY_MULTIPLIER * MEAN_THROW
            return float(amount * total)
        if kind == "railroad" and route == "double":
            return float(R.CARD_RAILROAD_FACTOR * amount)
        return float(amount)

    return rent


def turn_outlook(start: int, rent: RentOf | None = None, strategy: str = "long") -> dict[str, Any]:
    """The rest of a turn from chain state ``start``, over every path of throws and cards.

    Returns ``land_once`` (41 chances of landing on each square at least once this turn; In
    Jail last), ``pay_rent`` (the chance of paying rent at least once) and ``expected_rent``.
    """
    c = landing.chain(strategy)
    paths: dict[tuple[int, frozenset[int], bool], float] = {(start, frozenset(), False): 1.0}
    land_once = np.zeros(c.movement.size + 1)
    pay_rent = 0.0
    expected_rent = 0.0
    while paths:
        following: dict[tuple[int, frozenset[int], bool], float] = {}
        for (s, seen, paid), p in paths.items():
            for t, where, route, total, q in c.transitions[s]:
                pq = p * q
                owed = rent(where, route, total) if rent is not None and where != IN_JAIL else 0.0
                expected_rent += pq * owed
                now_paid = paid or owed > 0
                now_seen = seen | {where}
                _, doubles, jailed = c.describe(t)
                if doubles and not jailed:  # a double: the turn goes on
                    key = (t, now_seen, now_paid)
                    following[key] = following.get(key, 0.0) + pq
                    continue
                for square in now_seen:
                    land_once[square] += pq
                if now_paid:
                    pay_rent += pq
        paths = following
    return {"land_once": land_once, "pay_rent": pay_rent, "expected_rent": expected_rent}


def hint(obs: Mapping[str, Any], player: int | None = None) -> dict[str, Any]:
    """The "view die sides" numbers for ``player`` (default: the turn player) before a throw."""
    p = obs["turn_player"] if player is None else player
    me = obs["players"][p]
    doubles = int(obs.get("doubles") or 0) if p == obs["turn_player"] else 0
    c = landing.chain("long")
    start = start_state(c, me["position"], doubles, bool(me["in_jail"]), int(me.get("jail_turns") or 0))
    outlook = turn_outlook(start, rent_from_observation(obs, p))
    this_throw = throw_distribution(
        me["position"], doubles, bool(me["in_jail"]), int(me.get("jail_turns") or 0)
    )
    return {
        "player": p,
        "this_throw": [float(x) for x in this_throw],
        "this_turn": [float(x) for x in outlook["land_once"]],
        "pay_rent": float(outlook["pay_rent"]),
        "expected_rent": float(outlook["expected_rent"]),
    }


@cache
def landing_flux(strategy: str = "short") -> dict[str, np.ndarray]:
    """Landings per turn on each square, by how they are charged.

    ``normal`` and ``dice`` (landings times the dice total, for utilities) come from ordinary
    arrivals, ``double`` from the nearest-railroad card and ``ten_times`` from the nearest-utility
    card. All are per turn of one player (every throw of the turn counted).
    """
    c = landing.chain(strategy)
    per_turn = 1.0 / c.turns_per_throw()
    flux = {k: np.zeros(c.movement.size + 1) for k in ("normal", "dice", "double", "ten_times")}
    for s, share in enumerate(c.stationary):
        for _, where, route, total, q in c.transitions[s]:
            w = share * q * per_turn
            if route == "normal":
                flux["normal"][where] += w
                flux["dice"][where] += w * total
            else:
                flux[route][where] += w
    return flux


def expected_rent_per_turn(square: int, level: int, strategy: str = "short") -> float:
    """Expected rent of ``square`` per opponent turn.

    ``level``: streets 0 alone, 1 group complete (double rent), 2-5 for 1-4 houses, 6 a hotel;
    railroads 1-4 railroads owned; utilities 1-2 utilities owned.
    """
    f = landing_flux(strategy)
    sq = R.BOARD[square]
    landings = f["normal"][square] + f["double"][square] + f["ten_times"][square]
    if sq.kind == "street":
        rent = sq.rents[0] * (2 if level == 1 else 1) if level <= 1 else sq.rents[level - 1]
        return float(rent * landings)
    if sq.kind == "railroad":
        rent = R.RAILROAD_RENTS[level]
        return float(rent * (f["normal"][square] + R.CARD_RAILROAD_FACTOR * f["double"][square]))
    if sq.kind == "utility":
        mult = R.UTILITY_MULTIPLIERS[level]
        return float(
            mult * f["dice"][square] + R.CARD_UTILITY_MULTIPLIER * MEAN_THROW * f["ten_times"][square]
        )
    return 0.0


def income_table(strategy: str = "short") -> list[dict[str, Any]]:
    """Every property's expected rent per opponent turn at each level (see the module docstring)."""
    rows = []
    for square in R.PROPERTIES:
        sq = R.BOARD[square]
        if sq.kind == "street":
            levels = dict(enumerate(STREET_LEVELS))
        elif sq.kind == "railroad":
            levels = {k: f"{k} owned" for k in range(1, len(R.RAILROAD_RENTS))}
        else:
            levels = {k: f"{k} owned" for k in range(1, len(R.UTILITY_MULTIPLIERS))}
        rows.append(
            {
                "index": square,
                "name": sq.name,
                "group": sq.group,
                "income": {label: expected_rent_per_turn(square, k, strategy) for k, label in levels.items()},
            }
        )
    return rows


def format_income(rows: list[dict[str, Any]], strategy: str) -> str:
    """The income table as text: dollars per opponent turn, one property a line."""
    lines = [f"Expected rent per opponent turn (opponents' jail strategy {strategy})"]
    for row in rows:
        cells = "  ".join(f"{label} {value:.2f}" for label, value in row["income"].items())
        lines.append(f"{row['index']:>2} {row['name']:<24} {cells}")
    return "\n".join(lines)
