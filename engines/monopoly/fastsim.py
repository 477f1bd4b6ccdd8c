"""The fast Monopoly simulator: the compiled core ``_fastsim.c`` behind ``tvgames simulate monopoly``.

The core is a port of :mod:`engines.monopoly.game` (every rule) and of the hard, medium and
buy-everything players of :mod:`engines.monopoly.ai` to flat C arrays. It plays the *same* games:
given the simulator's dice generator (``random.Random``) it draws every throw and card the way
the engine path does and makes every decision the players make, so a seed gives the same winner,
length, trades and auctions on either core (``tests/engines/monopoly/test_fastsim.py`` checks it
game by game). Every number it uses is read here from :mod:`engines.monopoly.rules` (the board
and card CSVs) and the players' tables and hard's constants from :mod:`engines.monopoly.ai`, when
the core is configured (at import, and again whenever :func:`reconfigure` is called).

The extension is built by ``pip install -e .`` (the Makefile's install). Without it
:data:`UNAVAILABLE` says why and the simulator plays through the Python engine instead.

>>> available()
True
>>> game = play_game(["medium", "buy-everything"], seed=1, game_index=0, max_turns=30, trading=True)
>>> sorted(game), game["stats"]["turns"] > 0
(['capped', 'stats', 'winners'], True)
"""

from __future__ import annotations

import random
from typing import Any

from engines.monopoly import ai, odds
from engines.monopoly import game as G
from engines.monopoly import rules as R

LEVELS = ("hard", "medium", "buy-everything")
"""The computer players the fast core plays; any other name falls back to the engine."""

MAX_STEPS = 50_000_000
"""Decisions and chance draws one game may take (a guard against a game that never ends)."""

_KINDS = {
    "street": 1, "railroad": 2, "utility": 3, "chance": 4, "community-chest": 5, "income-tax": 6,
    "luxury-tax": 7, "go-to-jail": 8, "free-parking": 9,
}  # fmt: skip
_EFFECTS = {
    "advance": 0, "nearest-railroad": 1, "nearest-utility": 2, "back": 3, "go-to-jail": 4, "jail-free": 5,
    "bank": 6, "each-player": 7, "repairs": 8,
}  # fmt: skip
_LEVEL_CODES = {"medium": 0, "buy-everything": 1, "hard": 2}
MAX_PLAYERS = 6
"""The most players the core has room for (its MAXP)."""
# The action ints and the shapes the C core is written for (it declares the same).
_ACTIONS = {
    "ROLL": 0, "END_TURN": 1, "PAY_FINE": 2, "USE_CARD": 3, "BUY": 4, "DECLINE": 5, "PASS": 6, "TAX_FLAT": 7,
    "TAX_PERCENT": 8, "BANKRUPT": 9, "PROPOSE": 10, "CANCEL": 11, "ACCEPT": 12, "REJECT": 13, "LIFT": 14,
    "KEEP": 15, "WANT": 16, "BID_BASE": 20, "TRADE_WITH_BASE": 30, "CASH_GIVE_BASE": 40,
    "CASH_ASK_BASE": 43, "CARD_TOGGLE_BASE": 46, "BUILD_BASE": 100, "SELL_BASE": 140,
    "MORTGAGE_BASE": 180, "UNMORTGAGE_BASE": 220, "TOGGLE_BASE": 260, "PLACE_BASE": 300,
}  # fmt: skip


def _scalars() -> list[int]:
    # read when the core is configured (not at import), so a test may change a rule first
    return [
        R.STARTING_CASH, R.GO_SALARY, R.JAIL, R.JAIL_FINE, R.JAIL_MAX_TURNS, R.JAIL_FINE_TURNS,
        R.DOUBLES_TO_JAIL, R.INCOME_TAX_FLAT, R.INCOME_TAX_PERCENT, R.LUXURY_TAX, R.BANK_HOUSES,
        R.BANK_HOTELS, R.MAX_HOUSES, R.HOTEL_LEVEL, R.BUILDING_SELL_PERCENT, R.CARD_UTILITY_MULTIPLIER,
        R.CARD_RAILROAD_FACTOR, R.TRADES_PER_TURN,
    ]  # fmt: skip


def _rules() -> dict[str, Any]:
    """Everything the core needs, from rules.py and ai.py; ValueError if a shape differs from its own."""
    for name, value in _ACTIONS.items():
        if getattr(G, name) != value:
            raise ValueError(f"game.{name} is {getattr(G, name)}, the core expects {value}")
    if (
        R.NUM_SQUARES != 40
        or len(R.DECKS) != 2
        or any(len(d) != 16 for d in R.DECKS)
        or len(R.BID_STEPS) != 3
        or len(R.TRADE_CASH_STEPS) != 3
        or max(len(g) for g in R.GROUP_OF) > 4
        or len(ai.COLOUR_GROUPS) > 10
        or len(R.GROUP_NAMES) > 10
        or R.DECK_NAMES != ("chance", "community-chest")
    ):
        raise ValueError("the board, decks or steps are not the shape the core is built for")
    board = R.BOARD
    group_ids = {g: i for i, g in enumerate(R.GROUP_NAMES)}

    def padded(values: tuple[int, ...], width: int) -> list[int]:
        return [*values, *([-1] * (width - len(values)))]

    gain = []
    loss = []
    for sq in range(R.NUM_SQUARES):
        street = board[sq].kind == "street"
        for level in range(R.HOTEL_LEVEL + 1):
            gain.append(ai.build_gain(sq, level) if street and level < R.HOTEL_LEVEL else 0.0)
            # MonopolyPlayer._sell_loss: the rent lost by selling the top building
            loss.append(
                odds.expected_rent_per_turn(sq, ai.street_level_index(level, True))
                - odds.expected_rent_per_turn(sq, ai.street_level_index(level - 1, True))
                if street and level
                else 0.0
            )
    cards = []
    for deck in R.DECKS:
        for card in deck:
            cards += [_EFFECTS[card.effect], card.square, card.amount, card.per_house, card.per_hotel]
    colour = [padded(lots, 4) for lots in ai.COLOUR_GROUPS]
    colour += [[-1] * 4] * (10 - len(colour))
    squares = range(R.NUM_SQUARES)
    if any(card.square not in squares for deck in R.DECKS for card in deck) or any(
        not 0 <= s.house_cost <= 10**6 or not 0 <= s.price <= 10**6 for s in board
    ):
        raise ValueError("a card's square or a price lies outside what the core can index")
    return {
        "kind": [_KINDS.get(s.kind, 0) for s in board],
        "price": [s.price for s in board],
        "rents": [r for s in board for r in s.rents],
        "house_cost": [s.house_cost for s in board],
        "mortgage": [s.mortgage for s in board],
        "lift_cost": list(R.LIFT_COST),
        "interest": list(R.INTEREST),
        "group_n": [len(g) for g in R.GROUP_OF],
        "group": [v for g in R.GROUP_OF for v in padded(g, 4)],
        "group_id": [group_ids[s.group] if s.group else -1 for s in board],
        "next_railroad": [R.next_of(sq, R.RAILROADS) for sq in range(R.NUM_SQUARES)],
        "next_utility": [R.next_of(sq, R.UTILITIES) for sq in range(R.NUM_SQUARES)],
        "railroad_rents": list(R.RAILROAD_RENTS),
        "utility_mult": list(R.UTILITY_MULTIPLIERS),
        "bid_steps": list(R.BID_STEPS),
        "cash_steps": list(R.TRADE_CASH_STEPS),
        "jail_free": list(R.JAIL_FREE_CARD),
        "cards": cards,
        "colour_n": [len(lots) for lots in ai.COLOUR_GROUPS] + [0] * (10 - len(ai.COLOUR_GROUPS)),
        "colour": [v for row in colour for v in row],
        "build_gain": gain,
        "sell_loss": loss,
        "scalars": [*_scalars(), len(ai.COLOUR_GROUPS)],
        **_hard_tables(),
    }


def _hard_tables() -> dict[str, list[float] | list[int]]:
    """Hard's income table, group bonuses and constants, read from ai.py each time the core is
    configured, so a test that changes ``ai.X`` and configures again changes both cores alike. The
    bonuses come from ai.group_bonus itself (its cache and its float sum), so the core adds up
    nothing the engine does not."""
    income = []
    for sq in range(R.NUM_SQUARES):
        kind = R.BOARD[sq].kind
        top = {"street": R.HOTEL_LEVEL + 1, "railroad": len(R.RAILROAD_RENTS) - 1,
               "utility": len(R.UTILITY_MULTIPLIERS) - 1}.get(kind, -1)  # fmt: skip
        income += [odds.expected_rent_per_turn(sq, level) if level <= top else 0.0 for level in range(7)]
    bonus = []
    for group in R.GROUP_NAMES:
        street = R.BOARD[R.GROUPS[group][0]].kind == "street"
        bonus += [ai.group_bonus(group, n) if street else 0.0 for n in range(MAX_PLAYERS)]
    floats = (ai.HORIZON_TURNS, ai.RESERVE_BASE, ai.RESERVE_DUEL, ai.RESERVE_SHARE, ai.RESERVE_MOST,
              ai.DENY_BLOCK, ai.JAIL_DANGER, ai.AUCTION_SAVING, ai.RESERVE_BARE, ai.RENT_ENOUGH,
              ai.RESERVE_SHARE_DUEL)  # fmt: skip
    return {
        "income": income,
        "group_bonus": bonus + [0.0] * (MAX_PLAYERS * (10 - len(R.GROUP_NAMES))),
        "hard": [float(x) for x in floats],
        "hard_ints": [
            ai.REFUSALS_BEFORE_WAIT,
            ai.MAX_WAIT_TURNS,
            ai.STEP_PREMIUM,
            ai.HARD_BUILD_TARGET,
            ai.HOTEL_HOUSE_COST,
        ],
    }


def _load() -> tuple[Any, str | None]:
    try:
        from engines.monopoly import _fastsim  # type: ignore[attr-defined]
    except ImportError as exc:
        return None, f"the compiled core is not built ({exc}); run the install (make run or pip install -e .)"
    try:
        _fastsim.configure(_rules())
    except (ValueError, KeyError, TypeError) as exc:
        return None, f"the compiled core does not fit these rules ({exc})"
    return _fastsim, None


_core, UNAVAILABLE = _load()
"""Why the fast core cannot run here (None when it can)."""


def available() -> bool:
    return _core is not None


def supports(names: list[str]) -> bool:
    """Can the fast core play these players (and is it built)?"""
    return _core is not None and all(name in LEVELS for name in names)


def reconfigure() -> None:
    """Read rules.py and ai.py into the core again, after a tuning round (or a test) changed them."""
    if _core is None:
        raise RuntimeError(UNAVAILABLE)
    _core.configure(_rules())


def set_order(keys: list[int]) -> list[int]:
    """The keys in the order the core lays out a frozenset of them (players take the first of equals)."""
    if _core is None:
        raise RuntimeError(UNAVAILABLE)
    return list(_core.set_order(keys))


def dice_state(seed: int, game_index: int) -> tuple[list[int], int]:
    """The Mersenne Twister state of the simulator's dice generator for one game."""
    _, words, _ = random.Random(seed * 1_000_003 + game_index).getstate()
    return list(words[:624]), int(words[624])


def play_raw(
    names: list[str],
    seed: int,
    game_index: int,
    max_turns: int,
    trading: bool,
    jackpot: bool = False,
    script: list[int] | None = None,
    trace: bool = False,
) -> dict[str, Any]:
    """One game on the core: winners, stats, the final cash, positions, owners and levels, and
    ``landings`` (how often a token landed on each square; index 40: sent to jail).

    ``script`` gives the first chance outcomes as indices into the engine's outcome list (a throw
    ``(die1 - 1) * 6 + die2 - 1``; a card, the place among the cards not yet drawn), before the
    dice generator takes over. ``trace`` adds a row per chance outcome: the outcome (the throw, or
    the card's index in its deck), then every player's cash, then every position.
    """
    if _core is None:
        raise RuntimeError(UNAVAILABLE)
    words, index = dice_state(seed, game_index)
    levels = [_LEVEL_CODES[name] for name in names]
    return _core.play(levels, words, index, max_turns, int(trading), jackpot, MAX_STEPS, script, trace)


def play_game(names: list[str], seed: int, game_index: int, max_turns: int, trading: bool) -> dict[str, Any]:
    """:func:`engines.monopoly.simulate.play_game` on the fast core (the same dict)."""
    game = play_raw(names, seed, game_index, max_turns, trading)
    stats = game["stats"]
    return {"winners": game["winners"], "stats": stats, "capped": not stats["bankruptcies"] >= len(names) - 1}
