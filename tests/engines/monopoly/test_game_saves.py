"""Saves: taken mid-auction and mid-trade they resume exactly; a damaged or hostile save is refused."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from engines.core import (
    SaveFormatError,
    load_game,
    load_state,
    rng_from_state,
    rng_state,
    sample_chance,
    save_state,
)
from engines.monopoly.game import P_AUCTION, P_REPLY, P_TRADE, MonopolyState


def step(state: MonopolyState, rng: np.random.Generator) -> None:
    if state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    else:
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])


def play_until(seed: int, stop: Callable[[MonopolyState], bool]) -> tuple[MonopolyState, np.random.Generator]:
    state = load_game("monopoly", num_players=4, max_turns=40).new_initial_state()
    rng = np.random.default_rng(seed)
    while not stop(state):
        assert not state.is_terminal(), "the game ended before the position looked for"
        step(state, rng)
    return state, rng


def finish(state: MonopolyState, rng: np.random.Generator) -> list[Any]:
    seen = []
    while not state.is_terminal():
        step(state, rng)
        seen.append(state.current_player())
    return seen


def resumes_exactly(state: MonopolyState, rng: np.random.Generator) -> None:
    restored = load_state(json.loads(json.dumps(save_state(state))))
    assert restored.to_dict() == state.to_dict()
    assert [restored.to_dict(p) for p in range(4)] == [state.to_dict(p) for p in range(4)]
    rng_copy = rng_from_state(json.loads(json.dumps(rng_state(rng))))
    assert finish(restored, rng_copy) == finish(state, rng)
    assert restored.to_dict() == state.to_dict() and restored.returns() == state.returns()


@pytest.mark.parametrize("seed", [1, 2])
def test_a_save_taken_during_an_auction_resumes_exactly(seed: int) -> None:
    state, rng = play_until(seed, lambda s: s.phase == P_AUCTION and s.auction[6] >= 0)
    resumes_exactly(state, rng)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_save_taken_while_a_trade_is_composed_resumes_exactly(seed: int) -> None:
    state, rng = play_until(seed, lambda s: s.phase == P_TRADE and bool(s.trade[2]) and s.trade[3] != 0)
    resumes_exactly(state, rng)


def test_a_save_taken_while_a_trade_awaits_its_answer_resumes_exactly() -> None:
    state, rng = play_until(3, lambda s: s.phase == P_REPLY)
    resumes_exactly(state, rng)


def mid_game() -> dict[str, Any]:
    state, _ = play_until(1, lambda s: s.phase == P_AUCTION and s.auction[6] >= 0)
    return json.loads(json.dumps(save_state(state)))


def setter(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(save: dict[str, Any]) -> None:
        target = save["state"]
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


DAMAGE: dict[str, Callable[[dict[str, Any]], None]] = {
    "unknown version": setter(("version",), 99),
    "negative cash": setter(("cash", 0), -5),
    "cash as text": setter(("cash", 0), "1500"),
    "cash as a bool": setter(("cash", 1), True),
    "cash of the wrong length": setter(("cash",), [1500, 1500]),
    "money from nowhere": lambda s: s["state"]["cash"].__setitem__(0, s["state"]["cash"][0] + 1),
    "a position off the board": setter(("pos", 2), 40),
    "an owner who is not playing": setter(("owner", 1), 7),
    "Chance owned": setter(("owner", 7), 0),
    "a house on a railroad": setter(("level", 5), 1),
    "a lost house": setter(("bank_houses",), 31),
    "a card twice in a deck": lambda s: s["state"]["pile"][0].append(s["state"]["unseen"][0][0]),
    "a card missing": lambda s: s["state"]["unseen"][1].pop(),
    "an auction without an auction": setter(("auction",), None),
    "an auction bidder who is not playing": lambda s: s["state"]["auction"][2].__setitem__(0, 9),
    "an unknown phase": setter(("phase",), 99),
    "a field missing": lambda s: s["state"].pop("owner"),
    "a list for a number": setter(("turn",), [0]),
    "the state not a mapping": lambda s: s.__setitem__("state", [1, 2, 3]),
    "a log line that is not text": setter(("log",), [1]),
    "damaged stats": setter(("stats",), {"trades": 0}),
    "a debt to nobody": setter(("debts",), [[0, 9, 10]]),
    "three dice": setter(("dice",), [1, 2, 3]),
    "a trade with oneself": setter(("trade",), [0, 0, [], 0, []]),
    "an unknown option": lambda s: s["game"].__setitem__("houses", 99),
}


@pytest.mark.parametrize("damage", DAMAGE, ids=list(DAMAGE))
def test_a_damaged_save_is_refused(damage: str) -> None:
    save = mid_game()
    load_state(save)  # the undamaged save loads
    DAMAGE[damage](save)
    with pytest.raises(SaveFormatError):
        load_state(save)


NASTY = [None, True, 0, -1, 39, 40, 10**40, 1.5, "", "a\nb", [], [0], [1, 2], {}, {"a": 1}, [[0, 1, 2]], -2]


def nodes(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            found += nodes(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += nodes(value, (*path, i))
    return found


@pytest.mark.parametrize("seed", range(3))
def test_any_value_anywhere_in_a_save_is_refused_or_plays_on(seed: int) -> None:
    """One value replaced anywhere: the save is refused with a one-line SaveFormatError, or it loads
    and plays on with the money still balancing."""
    rng = np.random.default_rng(seed)
    original = mid_game()
    where = nodes(original)[1:]
    for _ in range(150):
        save = json.loads(json.dumps(original))
        path = where[int(rng.integers(len(where)))]
        node = save
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = NASTY[int(rng.integers(len(NASTY)))]
        try:
            state = load_state(save)
        except SaveFormatError as exc:
            assert "\n" not in str(exc)
            continue
        for _ in range(100):
            if state.is_terminal():
                break
            step(state, rng)
            assert sum(state.cash) + state.pot == state.n * 1500 + state.bank_out - state.bank_in
