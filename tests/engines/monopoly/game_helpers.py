"""Scripted play for the Monopoly rules tests: set up a position, throw chosen dice, draw chosen cards."""

from __future__ import annotations

from typing import Any

from engines.core import load_game
from engines.monopoly import rules as R
from engines.monopoly.game import P_CARD, P_DICE, PHASE_NAMES, ROLL, MonopolyState, dice_outcome

SQ = {s.name: s.index for s in R.BOARD}
"""Square index by name (the first Chance / Community Chest for those)."""


def new_state(num_players: int = 2, **options: Any) -> MonopolyState:
    return load_game("monopoly", num_players=num_players, **options).new_initial_state()


def phase(state: MonopolyState) -> str:
    return PHASE_NAMES[state.phase]


def act(state: MonopolyState, text: str) -> None:
    """Apply a player action by its text (checked legal)."""
    state.apply_action(state.string_to_action(text))


def legal_texts(state: MonopolyState) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def dice(state: MonopolyState, d1: int, d2: int) -> None:
    assert state.phase == P_DICE, phase(state)
    state.apply_action(dice_outcome(d1, d2))


def throw(state: MonopolyState, d1: int, d2: int) -> None:
    """The turn player rolls and the dice show ``d1`` and ``d2``."""
    assert phase(state) == "roll", phase(state)
    state.apply_action(ROLL)
    dice(state, d1, d2)


def card(deck: str, key: str) -> int:
    return next(c.index for c in R.DECKS[R.DECK_NAMES.index(deck)] if c.key == key)


def draw(state: MonopolyState, key: str) -> None:
    """At a card chance node, the card with ``key`` comes up."""
    assert state.phase == P_CARD, phase(state)
    state.apply_action(card(R.DECK_NAMES[state.card_deck], key))


def give(state: MonopolyState, player: int, *names: str) -> None:
    """Set-up: ``player`` owns these properties (as if bought before)."""
    for name in names:
        state.owner[SQ[name]] = player


def build(state: MonopolyState, name: str, level: int) -> None:
    """Set-up: put ``level`` buildings (5 = a hotel) on a lot, taken from the bank."""
    sq = SQ[name]
    old = state.level[sq]
    if old == R.HOTEL_LEVEL:
        state.bank_hotels += 1
    else:
        state.bank_houses += old
    if level == R.HOTEL_LEVEL:
        state.bank_hotels -= 1
    else:
        state.bank_houses -= level
    state.level[sq] = level


def set_cash(state: MonopolyState, player: int, amount: int) -> None:
    """Set-up: the player's cash, the difference booked as paid by the bank so money still balances."""
    state.bank_out += amount - state.cash[player]
    state.cash[player] = amount


def at(state: MonopolyState, player: int, name_or_index: str | int) -> None:
    state.pos[player] = SQ[name_or_index] if isinstance(name_or_index, str) else name_or_index


def money_balances(state: MonopolyState) -> bool:
    return sum(state.cash) + state.pot == state.n * state.game.starting_cash + state.bank_out - state.bank_in


def buildings_balance(state: MonopolyState) -> bool:
    houses = sum(lvl for lvl in state.level if lvl < R.HOTEL_LEVEL)
    hotels = sum(1 for lvl in state.level if lvl == R.HOTEL_LEVEL)
    return houses + state.bank_houses == R.BANK_HOUSES and hotels + state.bank_hotels == R.BANK_HOTELS


def end_turn(state: MonopolyState) -> None:
    """The turn player ends the turn and every other player passes between turns."""
    act(state, "end turn")
    while phase(state) == "between-turns":
        act(state, "pass")
