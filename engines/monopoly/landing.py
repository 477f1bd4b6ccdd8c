"""Exact long-run landing chances on the Monopoly board (the standard published model).

The chain's state after each throw is where the token stands and what the next throw means:

- ``(square, doubles)`` for the 40 squares and ``doubles`` = 0, 1 or 2 doubles thrown in a row
  this turn (0: the next throw starts a new turn);
- ``jail k`` for k = 0, 1, 2 failed throws so far (k = 0: just sent there).

Every throw is one step, the extra throws after doubles included, and a throw spent in jail is a
landing in jail. A card is drawn uniformly from its 16 (no deck memory), and card moves chain (Go
Back 3 Spaces from the last Chance lands on Community Chest, which draws again). The two jail
strategies:

- ``short``: leave at once (pay the fine or use a card before the next throw), so the next throw
  is an ordinary first throw from Just Visiting;
- ``long``: stay as long as the rules allow: throw for doubles (move by them, no extra throw), and
  after the last failed throw pay the fine and move by that throw.

All movement comes from :mod:`engines.monopoly.rules` (board, card effects, jail constants) through
:func:`movement_from_rules`; the stationary distribution is solved with numpy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from engines.monopoly import rules as R

JAIL = -1
"""A destination: sent to jail."""
IN_JAIL = 40
"""The index of "In Jail" in landing tables (after the 40 squares)."""
STRATEGIES = ("short", "long")

# How a card moves the token: ("to", square), ("nearest", squares), ("back", n), ("jail",), ("stay",).
CardMove = tuple[Any, ...]
# How rent is charged where a card put the token: "normal", "double" (nearest railroad card) or
# "ten_times" (nearest utility card: ten times a new throw).
ROUTES = ("normal", "double", "ten_times")


@dataclass(frozen=True)
class Movement:
    """The parts of the rules that move a token (read from the rules module)."""

    size: int
    jail: int
    go_to_jail: int
    deck_of: dict[int, str]
    """Card square -> deck name."""
    cards: dict[str, tuple[tuple[CardMove, str], ...]]
    """Deck name -> each card's (move, rent route)."""
    max_doubles: int = 3
    jail_throws: int = 3
    names: tuple[str, ...] = field(default=())

    def card_target(self, move: CardMove, square: int) -> int | None:
        """Where a card sends a token drawn on ``square`` (None: it stays; :data:`JAIL`)."""
        kind = move[0]
        if kind == "to":
            return int(move[1])
        if kind == "nearest":
            return R.next_of(square, move[1])
        if kind == "back":
            return (square - int(move[1])) % self.size
        if kind == "jail":
            return JAIL
        return None

    def resolve(self, square: int) -> list[tuple[int, str, float]]:
        """Where a token that arrives on ``square`` ends, as ``(square or JAIL, route, chance)``."""
        return _resolve(self, square)


def _resolve(movement: Movement, square: int, route: str = "normal") -> list[tuple[int, str, float]]:
    if square == movement.go_to_jail:
        return [(JAIL, route, 1.0)]
    deck = movement.deck_of.get(square)
    if deck is None:
        return [(square, route, 1.0)]
    cards = movement.cards[deck]
    out: dict[tuple[int, str], float] = {}
    for move, card_route in cards:
        target = movement.card_target(move, square)
        if target is None:
            ends = [(square, route, 1.0)]
        elif target == JAIL:
            ends = [(JAIL, route, 1.0)]
        else:
            ends = _resolve(movement, target, card_route if card_route != "normal" else "normal")
        for where, how, p in ends:
            out[(where, how)] = out.get((where, how), 0.0) + p / len(cards)
    return [(where, how, p) for (where, how), p in out.items()]


THROWS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


class Chain:
    """The throw-by-throw Markov chain for one jail strategy.

    ``transitions`` lists, for every state, ``(next state, landing square or IN_JAIL, route, dice
    total, chance)``; :attr:`stationary` is the long-run share of throws that leave the chain in
    each state.
    """

    def __init__(self, movement: Movement, strategy: str) -> None:
        if strategy not in STRATEGIES:
            raise ValueError(f"jail strategy is short or long, not {strategy!r}")
        self.movement = movement
        self.strategy = strategy
        m = movement
        self.doubles_states = m.max_doubles
        self.n_states = m.size * m.max_doubles + m.jail_throws
        self.transitions: list[list[tuple[int, int, str, int, float]]] = [
            self._from(s) for s in range(self.n_states)
        ]
        matrix = np.zeros((self.n_states, self.n_states))
        for s, row in enumerate(self.transitions):
            for t, _, _, _, p in row:
                matrix[s, t] += p
        self.matrix = matrix
        self.stationary = stationary(matrix)

    # -- states ---------------------------------------------------------------------------------
    def state(self, square: int, doubles: int = 0) -> int:
        return square * self.doubles_states + doubles

    def jail_state(self, failed: int) -> int:
        return self.movement.size * self.doubles_states + failed

    def describe(self, s: int) -> tuple[int, int, bool]:
        """(square, doubles in a row or failed jail throws, in jail) of a state index."""
        base = self.movement.size * self.doubles_states
        if s >= base:
            return self.movement.jail, s - base, True
        return s // self.doubles_states, s % self.doubles_states, False

    def landing_of(self, s: int) -> int:
        square, _, jailed = self.describe(s)
        return IN_JAIL if jailed else square

    def _arrive(self, square: int, doubles_next: int, total: int, p: float) -> list:
        out = []
        for where, route, q in self.movement.resolve(square % self.movement.size):
            if where == JAIL:
                out.append((self.jail_state(0), IN_JAIL, route, total, p * q))
            else:
                out.append((self.state(where, doubles_next), where, route, total, p * q))
        return out

    def _from(self, s: int) -> list[tuple[int, int, str, int, float]]:
        m = self.movement
        square, count, jailed = self.describe(s)
        out: list[tuple[int, int, str, int, float]] = []
        p = 1.0 / len(THROWS)
        for a, b in THROWS:
            total, double = a + b, a == b
            if jailed and self.strategy == "long":
                if double:
                    out += self._arrive(m.jail + total, 0, total, p)
                elif count + 1 < m.jail_throws:
                    out.append((self.jail_state(count + 1), IN_JAIL, "normal", total, p))
                else:
                    out += self._arrive(m.jail + total, 0, total, p)
                continue
            if jailed:  # short: paid before throwing, an ordinary first throw from Just Visiting
                square, count = m.jail, 0
            if double and count + 1 == m.max_doubles:
                out.append((self.jail_state(0), IN_JAIL, "normal", total, p))
            else:
                out += self._arrive(square + total, count + 1 if double else 0, total, p)
        return out

    # -- results --------------------------------------------------------------------------------
    def landing(self) -> np.ndarray:
        """The long-run share of throws that end on each square (41 entries: the 40, then In Jail)."""
        out = np.zeros(self.movement.size + 1)
        for s, share in enumerate(self.stationary):
            out[self.landing_of(s)] += share
        return out

    def turns_per_throw(self) -> float:
        """The share of throws after which the next throw starts a new turn."""
        total = 0.0
        for s, share in enumerate(self.stationary):
            _, count, jailed = self.describe(s)
            if jailed or count == 0:
                total += share
        return total


def stationary(matrix: np.ndarray) -> np.ndarray:
    """The stationary distribution ``pi = pi @ matrix`` of an irreducible chain."""
    n = len(matrix)
    system = matrix.T - np.eye(n)
    system[-1, :] = 1.0  # replace one balance equation by "the shares sum to 1"
    rhs = np.zeros(n)
    rhs[-1] = 1.0
    return np.linalg.solve(system, rhs)


def movement_from_rules() -> Movement:
    """The engine's board, decks and jail rules as a :class:`Movement`."""
    deck_of = {s.index: R.DECK_NAMES[R.DECK_OF_KIND[s.kind]] for s in R.BOARD if s.kind in R.DECK_OF_KIND}
    cards: dict[str, tuple[tuple[CardMove, str], ...]] = {}
    for name, deck in zip(R.DECK_NAMES, R.DECKS, strict=True):
        cards[name] = tuple(_card_move(card) for card in deck)
    return Movement(
        size=R.NUM_SQUARES,
        jail=R.JAIL,
        go_to_jail=R.GO_TO_JAIL,
        deck_of=deck_of,
        cards=cards,
        max_doubles=R.DOUBLES_TO_JAIL,
        jail_throws=R.JAIL_MAX_TURNS,
        names=tuple(s.name for s in R.BOARD),
    )


def _card_move(card: R.Card) -> tuple[CardMove, str]:
    if card.effect == "advance":
        return ("to", card.square), "normal"
    if card.effect == "nearest-railroad":
        return ("nearest", R.RAILROADS), "double"
    if card.effect == "nearest-utility":
        return ("nearest", R.UTILITIES), "ten_times"
    if card.effect == "back":
        return ("back", card.amount), "normal"
    if card.effect == "go-to-jail":
        return ("jail",), "normal"
    return ("stay",), "normal"


@cache
def chain(strategy: str) -> Chain:
    """The chain of the engine's rules for a jail strategy (built once)."""
    return Chain(movement_from_rules(), strategy)


def landing_table(strategy: str) -> list[dict[str, Any]]:
    """Rows ``{"index", "name", "percent"}``: the 40 squares, then In Jail (index 40)."""
    c = chain(strategy)
    shares = c.landing()
    names = list(c.movement.names) + ["In Jail"]
    names[c.movement.jail] = "Just Visiting"
    return [{"index": i, "name": names[i], "percent": 100 * float(shares[i])} for i in range(len(shares))]


def report() -> dict[str, Any]:
    """The JSON of ``tvgames analyse monopoly --landing``: both strategies, in percent."""
    tables = {s: landing_table(s) for s in STRATEGIES}
    squares = [
        {
            "index": row["index"],
            "name": row["name"],
            **{s: round(tables[s][i]["percent"], 6) for s in STRATEGIES},
        }
        for i, row in enumerate(tables["short"])
    ]
    return {
        "game": "monopoly",
        "model": "every throw counts; cards drawn uniformly from 16 (no deck memory)",
        "strategies": {"short": "leave jail at once", "long": "stay in jail as long as allowed"},
        "throws_per_turn": {s: round(1 / chain(s).turns_per_throw(), 6) for s in STRATEGIES},
        "squares": squares,
    }


def format_text(result: dict[str, Any], strategy: str) -> str:
    """The landing table for one strategy, most landed on first."""
    rows = sorted(result["squares"], key=lambda r: -r[strategy])
    lines = [
        f"Monopoly landing chances, jail strategy {strategy} ({result['strategies'][strategy]}); "
        f"{result['throws_per_turn'][strategy]:.4f} throws a turn",
        f"{'rank':>4} {'square':>6}  {'name':<24} {'% of throws':>11}",
    ]
    for rank, row in enumerate(rows, 1):
        lines.append(f"{rank:>4} {row['index']:>6}  {row['name']:<24} {row[strategy]:>11.3f}")
    return "\n".join(lines)


# -- the Monte Carlo check: the engine itself ------------------------------------------------------
def _mover_policy(strategy: str) -> Callable[[Any], int]:
    """A player that buys nothing and trades nothing, leaving jail per ``strategy``."""
    from engines.monopoly import game as G

    prefer = (G.DECLINE, G.PASS, G.TAX_FLAT, G.KEEP, G.END_TURN, G.REJECT, G.CANCEL, G.BANKRUPT)
    jail = (G.USE_CARD, G.PAY_FINE) if strategy == "short" else ()

    def choose(state: Any) -> int:
        legal = state.legal_actions()
        if state.phase == G.P_ROLL:
            for action in jail:
                if action in legal:
                    return action
            return G.ROLL
        for action in prefer:
            if action in legal:
                return action
        return legal[0]  # raising money with nothing to sell: mortgage whatever is offered

    return choose


def monte_carlo(
    throws: int, strategy: str, cards: str = "uniform", seed: int = 0, batches: int = 50
) -> dict[str, Any]:
    """Where the engine's own tokens end, throw by throw, over ``throws`` throws of two players.

    The players buy nothing (so nobody pays rent and games run long) and leave jail per
    ``strategy``; ``cards`` is the engine's option (``uniform``: the model's draws, ``deck``:
    the real shuffled piles). With ``uniform`` a Get Out of Jail Free card a player draws is put
    straight back, as the model draws every card from all 16 (the engine keeps it out of its deck
    while it is held, which with ``long`` is for ever: a 15-card deck moves tokens more often).

    Returns the landing shares (41, In Jail last) and their standard errors by batch means
    (``batches`` consecutive runs of throws; throws in a row are not independent).
    """
    import random

    from engines.monopoly import game as G

    rng = random.Random(seed)
    choose = _mover_policy(strategy)
    model_decks = cards == "uniform"
    counts = np.zeros((batches, R.NUM_SQUARES + 1))
    per_batch = max(1, throws // batches)
    state = G.MonopolyGame(2, cards=cards, trading=False).new_initial_state()
    done = 0
    # every action below is taken from the legal list or the chance outcomes, so it is applied
    # without apply_action's check (which would compute the legal list a second time)
    while done < per_batch * batches:
        if state.is_terminal():
            state = G.MonopolyGame(2, cards=cards, trading=False).new_initial_state()
            continue
        if state.phase != G.P_DICE:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state._apply(outcomes[rng.randrange(len(outcomes))][0])
            else:
                state._apply(choose(state))
            continue
        mover = state.turn
        state._apply(rng.randrange(36))
        while state.phase == G.P_CARD:  # the throw is not over until its cards are
            outcomes = state.chance_outcomes()
            state._apply(outcomes[rng.randrange(len(outcomes))][0])
        where = IN_JAIL if state.in_jail[mover] else state.pos[mover]
        counts[done // per_batch, where] += 1
        done += 1
        if model_decks:
            # the model draws from all 16: a kept Get Out of Jail Free card goes straight back
            for held in state.jail_cards:
                while held:
                    deck = held.pop()
                    state._return_card(deck, R.JAIL_FREE_CARD[deck])
    shares = counts / per_batch
    return {
        "throws": per_batch * batches,
        "strategy": strategy,
        "cards": cards,
        "shares": shares.mean(axis=0),
        "standard_errors": shares.std(axis=0, ddof=1) / np.sqrt(batches),
    }


def compare(mc: dict[str, Any]) -> dict[str, Any]:
    """How far a Monte Carlo run lies from the exact chain: per square in standard errors."""
    exact = chain(mc["strategy"]).landing()
    diff = mc["shares"] - exact
    se = np.where(mc["standard_errors"] > 0, mc["standard_errors"], np.inf)
    z = np.where(np.isfinite(se), diff / se, 0.0)
    worst = int(np.argmax(np.abs(z)))
    return {
        "throws": mc["throws"],
        "strategy": mc["strategy"],
        "cards": mc["cards"],
        "max_abs_z": float(abs(z[worst])),
        "worst_square": worst,
        "max_abs_difference_points": float(100 * np.max(np.abs(diff))),
        "z": [float(x) for x in z],
    }
