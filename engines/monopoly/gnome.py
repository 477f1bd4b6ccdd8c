"""The GNOME "background agent" v3.1 as a Monopoly computer player: a published benchmark opponent.

The GNOME Monopoly simulator (USC ISI, https://github.com/mayankkejriwal/GNOME-p3) ships a
fixed-policy agent that the Monopoly learning papers play against
(``monopoly_simulator/background_agent_v3_1.py``, with its rules of thumb in
``monopoly_simulator/agent_helper_functions.py``). This module writes each of its rules again for
our engine (no code of theirs is used); docs/monopoly.md says how GNOME's game differs from our
manual's and how each rule was mapped. The level is ``gnome-v3`` for ``tvgames simulate``; the TV
does not offer it.

Its rules, in our words ($200 is GNOME's GO salary, the yardstick of all its cash checks):

- **Jail**: before throwing, use a card or pay the fine when it holds $200 or more; else throw.
- **Buying**: buy when $200 stays after the price, or when the lot completes a group (three
  railroads held, or the other utility) and the price is in hand. Short of the price for a lot
  that completes a group, mortgage the cheapest lot (not the only one of its kind it holds) whose
  mortgage alone covers the price, and ask again.
- **Auctions**: below the printed price, bid half-way from the high bid to the price while that
  stays below its cash; above the price only for a lot that completes a group, a quarter of the way
  from the high bid to its cash.
- **Building** (only in other players' turns): any house or hotel whose cost is in hand, the one
  adding most rent less its cost first; no reserve. Then lift the first mortgage (by name) that
  leaves $200. GNOME's game asks six out-of-turn moves a turn, one player after another from the
  next in turn, so a player makes only so many of these a turn (:func:`moves_between_turns`).
- **Trades** (its own turn, before throwing; one batch of offers a turn, one offer a partner): with
  less than $200 it offers each partner the lone lot of its that completes their group, for 1.5
  times the price or half their cash if more (never more than their cash). Otherwise it asks for
  the lone lots of others that complete its groups: swapping one of its lone lots that completes
  the partner's group (asking the first's value as above, paying 0.75 of the price), or else paying
  1.5 times 0.75 of the price while more than $100 stays in hand.
- **Answering**: refuse a gift to the other side, mortgaged lots, more cash than it holds, and any
  trade that breaks more of its groups than it makes. A trade that makes a group is taken; one that
  makes none is taken while $100 stays, and below $200 only if the printed prices and cash favour
  it.
- **Raising money**: mortgage the cheapest lots first when that covers the debt; else the lots
  outside its groups (GNOME sells them to the bank at half price, the same cash), then a group's
  houses and lots, cheapest first, and last any houses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from engines.monopoly import game as G
from engines.monopoly import rules as R
from engines.monopoly.ai import View, ViewPlayer, compose_trade

LEVELS = ("gnome-v3",)

GO_INCREMENT = R.GO_SALARY
"""GNOME's yardstick for every cash check: the GO salary ($200)."""
SELL_MARKUP = 1.5
"""A lone lot offered to the partner it completes a group for: 1.5 times its price."""
BUY_SHARE = 0.75
"""A lone lot asked of a partner in a swap: 0.75 of its price."""
BUY_MARKUP = 1.5
"""The same lot asked for cash alone: 1.5 times the swap's price (1.125 times the printed price)."""


def completes(owner: Sequence[int], player: int, sq: int) -> bool:
    """Would ``sq`` complete a group for ``player``: every other lot of a colour group held, or
    three railroads, or the other utility (GNOME's test for "will complete a set")."""
    kind = R.BOARD[sq].kind
    if kind == "street":
        return all(owner[s] == player for s in R.GROUP_OF[sq] if s != sq)
    held = sum(1 for s in R.GROUP_OF[sq] if owner[s] == player)
    return held == len(R.GROUP_OF[sq]) - 1


def lone(owner: Sequence[int], player: int, sq: int) -> bool:
    """Is ``sq`` the only lot of its group ``player`` holds?"""
    return not any(owner[s] == player for s in R.GROUP_OF[sq] if s != sq)


def full_group(owner: Sequence[int], player: int, sq: int) -> bool:
    """Is ``sq`` a street of a colour group ``player`` holds whole?"""
    return R.BOARD[sq].kind == "street" and all(owner[s] == player for s in R.GROUP_OF[sq])


def added_rent(sq: int, level: int) -> int:
    """The rent one more building adds on a lot of a complete group now at ``level``."""
    rents = R.BOARD[sq].rents
    return rents[1] - 2 * rents[0] if level == 0 else rents[level + 1] - rents[level]


def _name(sq: int) -> str:
    return R.BOARD[sq].name


class GnomePlayer(ViewPlayer):
    """The GNOME background agent v3.1 (see the module docstring)."""

    known = LEVELS

    def __init__(self, level: str, rng: np.random.Generator, fast: bool = False) -> None:
        super().__init__(level, rng, fast)
        self.offers: list[tuple[int, list[int], int]] = []  # this turn's offers still to make
        self.offered_turn = -1  # the turn whose offers are made (GNOME makes one batch a turn)
        self.window: int | None = None  # whose turn's between-turns window I am in
        self.window_moves = 0

    def decide(self, v: View) -> int:
        phase = v.phase
        if phase == "trade":
            return self._trade_step(v)
        self.plan = []
        self._count_turn(v)
        if phase == "roll":
            return self._roll_phase(v)
        if phase == "after-roll":
            return G.END_TURN
        if phase != "between-turns":
            self.window = None
        else:
            if self.window != v.turn_player:
                self.window, self.window_moves = v.turn_player, 0
            move = None
            if self.window_moves < moves_between_turns(v):
                move = self.improve(v) or self.lift(v)
            self.window_moves += 1
            return move or G.PASS
        if phase == "buy":
            return self.buy(v)
        if phase == "auction":
            return self.bid(v)
        if phase == "income-tax":
            return G.TAX_FLAT  # GNOME's board charges the flat $200
        if phase == "debt":
            return self.raise_money(v)
        if phase == "lift-or-keep":
            return G.KEEP  # its lift rule frees the lot once $200 would stay
        if phase == "trade-reply":
            return G.ACCEPT if self.accepts(v, v.trade) else G.REJECT
        if phase == "shortage-claim":
            return G.WANT if G.WANT in v.legal else G.PASS
        if phase == "place-building":
            return max(sorted(v.legal), key=lambda a: self._build_key(v, a - G.PLACE_BASE))
        return min(v.legal)

    # -- its own turn ------------------------------------------------------------------------------
    def _roll_phase(self, v: View) -> int:
        me = v.me
        if v.in_jail[me] and v.doubles == 0 and v.cash[me] >= GO_INCREMENT:
            if G.USE_CARD in v.legal:
                return G.USE_CARD
            if G.PAY_FINE in v.legal:
                return G.PAY_FINE
        if v.trading and v.turn_player == me:
            if self.offered_turn != self.turns:
                self.offered_turn = self.turns
                self.offers = self.trade_offers(v)
            while self.offers:
                partner, squares, cash = self.offers.pop(0)
                if self._still_open(v, partner, squares, cash):
                    self.plan = compose_trade(squares, cash)
                    return G.TRADE_WITH_BASE + partner
        return G.ROLL

    def _still_open(self, v: View, partner: int, squares: list[int], cash: int) -> bool:
        """Can an offer worked out at the turn's start still be made (an earlier one may have
        moved its lots or cash)?"""
        if G.TRADE_WITH_BASE + partner not in v.legal or v.bankrupt[partner]:
            return False
        if any(v.owner[sq] not in (v.me, partner) or v.mortgaged[sq] for sq in squares):
            return False
        return cash <= v.cash[v.me] if cash >= 0 else -cash <= v.cash[partner]

    # -- buying and bidding ------------------------------------------------------------------------
    def wants(self, v: View, sq: int) -> bool:
        """GNOME's buy rule: $200 left after the price, or a group completed with the price in hand."""
        cash, price = v.cash[v.me], R.BOARD[sq].price
        return cash - price >= GO_INCREMENT or (price <= cash and completes(v.owner, v.me, sq))

    def buy(self, v: View) -> int:
        sq = v.buy
        if G.BUY in v.legal and self.wants(v, sq):
            return G.BUY
        if completes(v.owner, v.me, sq):
            # one mortgage that alone covers the price, on a lot that is not its kind's only one
            price = R.BOARD[sq].price
            fits = [
                s
                for s in R.PROPERTIES
                if G.MORTGAGE_BASE + s in v.legal
                and R.BOARD[s].mortgage >= price
                and not lone(v.owner, v.me, s)
            ]
            if fits:
                return G.MORTGAGE_BASE + min(fits, key=lambda s: (R.BOARD[s].mortgage, _name(s)))
        return G.DECLINE

    def bid(self, v: View) -> int:
        a = v.auction
        if a["leader"] == v.me:
            return G.PASS if G.PASS in v.legal else min(v.legal)
        cash, high, least = v.cash[v.me], a["high_bid"], a["min_bid"]
        sq = a["square"]
        if a["item"] == "property":
            price, group = R.BOARD[sq].price, completes(v.owner, v.me, sq)
        else:  # a building in a shortage (GNOME has none): its cost stands for the price
            price, group = min(R.BOARD[s].house_cost for s in R.STREETS if v.owner[s] == v.me), False
        if high < price:
            amount = high + (price - high) / 2
            if amount >= cash:
                return G.PASS
        elif high < cash and group:
            amount = high + (cash - high) / 4
        else:
            return G.PASS
        bid = max(least, int(amount))
        return G.BID_TO_BASE + bid if G.BID_TO_BASE + bid in v.legal else G.PASS

    # -- building and lifting ----------------------------------------------------------------------
    def _build_key(self, v: View, sq: int) -> tuple[int, str]:
        return added_rent(sq, v.level[sq]) - R.BOARD[sq].house_cost, _name(sq)

    def improve(self, v: View) -> int | None:
        """The building whose added rent less its cost is largest (ties: the later name)."""
        cash = v.cash[v.me]
        builds = [
            a - G.BUILD_BASE
            for a in v.legal
            if G.BUILD_BASE <= a < G.BUILD_BASE + 40 and R.BOARD[a - G.BUILD_BASE].house_cost <= cash
        ]
        if not builds:
            return None
        return G.BUILD_BASE + max(builds, key=lambda sq: self._build_key(v, sq))

    def lift(self, v: View) -> int | None:
        """The first mortgaged lot by name whose lifting leaves $200."""
        for sq in sorted((s for s in R.PROPERTIES if v.owner[s] == v.me and v.mortgaged[s]), key=_name):
            # GNOME's 10% unrounded, as it checks it
            leaves = v.cash[v.me] - R.BOARD[sq].mortgage * 1.1
            if leaves >= GO_INCREMENT and G.UNMORTGAGE_BASE + sq in v.legal:
                return G.UNMORTGAGE_BASE + sq
        return None

    # -- trades ------------------------------------------------------------------------------------
    def _sales(self, v: View) -> list[tuple[int, int, int]]:
        """(partner, my lone lot that completes their group, asking price), the dearest first."""
        me, out = v.me, []
        for sq in sorted(R.STREETS, key=_name):
            if v.owner[sq] != me or v.mortgaged[sq] or not lone(v.owner, me, sq):
                continue
            for p in v.opponents():
                if completes(v.owner, p, sq):
                    price = SELL_MARKUP * R.BOARD[sq].price
                    if price < v.cash[p] / 2:
                        price = v.cash[p] / 2
                    elif price > v.cash[p]:
                        continue
                    out.append((p, sq, int(price)))
        out.sort(key=lambda o: -o[2])
        return out

    def _wants_of(self, v: View) -> list[tuple[int, int, float]]:
        """(partner, their lone lot that completes my group, 0.75 of its price), the cheapest first."""
        me, out = v.me, []
        for p in v.opponents():
            for sq in sorted(R.STREETS, key=_name):
                if v.owner[sq] != p or v.mortgaged[sq] or not lone(v.owner, p, sq):
                    continue
                if completes(v.owner, me, sq) and BUY_SHARE * R.BOARD[sq].price <= v.cash[me]:
                    out.append((p, sq, BUY_SHARE * R.BOARD[sq].price))
        out.sort(key=lambda w: w[2])
        return out

    def trade_offers(self, v: View) -> list[tuple[int, list[int], int]]:
        """This turn's offers: (partner, squares that change hands, cash I pay; negative: I ask)."""
        sales = self._sales(v)
        if v.cash[v.me] < GO_INCREMENT:
            return self._sell_each(sales)
        wants = self._wants_of(v)
        if not wants:
            return self._sell_each(sales)
        if sales:
            swaps: list[tuple[int, list[int], int]] = []
            seen: list[int] = []
            for partner, want, pay in wants:
                if partner in seen:
                    continue
                seen.append(partner)
                give = next((s for s in sales if s[0] == partner), None)
                if give is not None:
                    swaps.append((partner, [want, give[1]], int(pay) - give[2]))
            if swaps:
                return swaps
        offers, spent, asked = [], 0.0, set()
        for partner, want, pay in wants:
            if partner in asked:
                continue
            cash = BUY_MARKUP * pay  # no swap to sweeten it: 1.5 times the swap's price
            spent += cash
            if v.cash[v.me] - spent > GO_INCREMENT / 2:
                offers.append((partner, [want], int(cash)))
                asked.add(partner)
            else:
                spent -= cash
        return offers

    @staticmethod
    def _sell_each(sales: list[tuple[int, int, int]]) -> list[tuple[int, list[int], int]]:
        offers, asked = [], set()
        for partner, sq, price in sales:
            if partner not in asked:
                offers.append((partner, [sq], -price))
                asked.add(partner)
        return offers

    def accepts(self, v: View, trade: Mapping[str, Any] | None) -> bool:
        """GNOME's answer to an offer made to it."""
        if trade is None:
            return False
        me, proposer = v.me, trade["proposer"]
        cash_in = trade["cash"]  # what the proposer pays me (negative: what they ask)
        offered = [sq for sq in trade["squares"] if v.owner[sq] == proposer]
        wanted = [sq for sq in trade["squares"] if v.owner[sq] == me]
        if cash_in <= 0 and not offered and (cash_in < 0 or wanted):
            return False  # asked for something for nothing
        cash = v.cash[me]
        if any(v.mortgaged[sq] for sq in offered + wanted):
            return False
        worth = sum(R.BOARD[sq].price for sq in offered) - sum(R.BOARD[sq].price for sq in wanted) + cash_in
        made = sum(1 for sq in offered if completes(v.owner, me, sq))
        broken = sum(1 for sq in wanted if full_group(v.owner, me, sq))
        if broken > made:
            return False
        if -cash_in >= cash:
            return False
        if broken == made:
            left = cash + cash_in
            if left < GO_INCREMENT / 2:
                return False
            return not (left < GO_INCREMENT and worth <= 0)
        return True

    # -- raising money -----------------------------------------------------------------------------
    def raise_money(self, v: View) -> int:
        me = v.me
        need = v.debt - v.cash[me]
        legal = v.legal
        mortgages = [a - G.MORTGAGE_BASE for a in legal if G.MORTGAGE_BASE <= a < G.MORTGAGE_BASE + 40]
        by_value = sorted(mortgages, key=lambda s: (R.BOARD[s].mortgage, _name(s)))
        if by_value and sum(R.BOARD[s].mortgage for s in by_value) >= need:
            return G.MORTGAGE_BASE + by_value[0]
        # GNOME sells lots to the bank at half their price: the same cash as mortgaging them here
        outside = [s for s in by_value if not full_group(v.owner, me, s)]
        if outside:
            return G.MORTGAGE_BASE + min(outside, key=lambda s: (R.BOARD[s].price, _name(s)))
        sells = [a - G.SELL_BASE for a in legal if G.SELL_BASE <= a < G.SELL_BASE + 40]
        # an unbuilt lot of a group, cheapest first: the group's other buildings go, then the lot
        bare = sorted(
            (s for s in R.STREETS if full_group(v.owner, me, s) and not v.mortgaged[s] and not v.level[s]),
            key=lambda s: (R.BOARD[s].price, _name(s)),
        )
        for sq in bare:
            in_group = [s for s in sells if s in R.GROUP_OF[sq] and s != sq]
            if in_group:
                return G.SELL_BASE + min(in_group, key=_name)
            if sq in mortgages:
                return G.MORTGAGE_BASE + sq
        if sells:
            return G.SELL_BASE + min(sells, key=_name)
        if by_value:
            return G.MORTGAGE_BASE + by_value[0]
        return G.BANKRUPT if G.BANKRUPT in legal else min(legal)


OUT_OF_TURN_MOVES = 6
"""GNOME asks this many out-of-turn moves a turn, one player after another from the next in turn."""


def moves_between_turns(v: View) -> int:
    """How many of GNOME's out-of-turn moves fall to me in another player's turn: I am the
    ``k``-th seat after theirs, and the moves go round every seat from the next (a bankrupt's
    seat still takes its move, as in GNOME's loop)."""
    seats = len(v.cash)
    k = (v.me - v.turn_player) % seats
    return len(range(k - 1, OUT_OF_TURN_MOVES, seats))


def make_player(level: str, rng: np.random.Generator, fast: bool = False) -> GnomePlayer:
    """A GNOME benchmark player (:data:`LEVELS`)."""
    return GnomePlayer(level, rng, fast=fast)
