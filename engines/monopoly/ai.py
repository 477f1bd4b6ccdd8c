"""Computer players for the Monopoly board game: easy, medium, hard and the buy-everything baseline.

A player is a callable ``player(state) -> action``. It reads only its observation
(``state.to_dict(me)``), turned into a :class:`View`; the simulator may build the same view
straight from the state's public fields (:meth:`View.from_state`: cash, board, bank, the pending
auction or trade, never the decks' order), which gives the same decisions without building the
whole observation dict (a test checks both views agree).

What each level does:

- **hard** values every property by the rent it is expected to earn
  (:func:`engines.monopoly.odds.expected_rent_per_turn`, landing chances of the exact chain) and by
  the state of its group: a complete group is worth the rent of three houses on every lot over a
  horizon of opponent turns, less the houses. A position is worth cash plus those values; hard
  buys, bids, trades and answers trades by how a move changes its value *against* the opponent's
  (it never hands an opponent a group unless what it gets is worth as much to it). Nobody may bid
  above their cash, so hard bids at most a dollar over the richest rival still in an auction, and
  lets a property it wants go to auction when no rival has the cash to pay its price. A lot of a
  group already split between two holders (nobody completes it by buying) it leaves to the
  auction and bids up to a dollar short of the price or of the richest rival's cash: a rival who
  wants the lot pays that for little more than its mortgage value (until no group is left to make
  and no opponent holds one: their cash has nothing to build with then, and hard buys). Against a
  single opponent it keeps the cash to win the auction of a lot that would complete the
  opponent's group (and of any lot a throw ahead of the opponent that they cannot pay for), and
  bids all of it for the opponent's lot; landing on that lot without the price, it mortgages
  its own groups and sells houses if that is what buying it takes. It proposes group-completing
  swaps and cash offers, raising the cash after a refusal (and mortgaging idle lots to pay, unless
  that partner refused the last offer); a partner who refuses four offers in a row is asked again
  only after a wait (in hard's turns) that doubles each time. It lifts the mortgages on its
  complete groups first, builds towards three houses (hotels where houses cost $100 or less) on
  the lots that earn most per dollar, keeping a reserve against the worst rent it could meet
  (against a single opponent who holds no group, at least $250 once nothing outside its groups is
  left to mortgage), builds no more on a lot whose rent already takes most of what a single
  opponent could raise, mortgages idle properties to build (a lot of a group an opponent shares
  first), and stays in jail while some rent on the board is $100 or more.
- **medium** uses sound rules of thumb: buys while $100 stays in hand, bids up to the printed
  price (more for a group), builds with $200 kept back, proposes swaps where both sides complete a
  group, and values a complete group at twice its printed prices when answering.
- **easy** makes human mistakes: it buys on a whim, bids by feel, pays to leave jail, never
  proposes a trade and answers by printed prices only (it can give a group away).
- **buy-everything** buys every property it can pay for, bids up to the printed price, builds like
  medium and never trades (rejects every offer).
- **random** plays any legal action (an auction's exact bids count as one, of up to $9 over the least).

:data:`BENCHMARK_LEVELS` are published agents written again as opponents to measure against
(``gnome-v3``: :mod:`engines.monopoly.gnome`); the simulator plays them, the TV does not offer them.
:func:`favours_proposer` is how the TV tells a player that an offer helps its proposer more.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

import numpy as np

from engines.core import State
from engines.monopoly import game as G
from engines.monopoly import odds
from engines.monopoly import rules as R

LEVELS = ("random", "easy", "medium", "hard", "buy-everything")
BENCHMARK_LEVELS = ("gnome-v3",)
"""Published agents re-written as opponents for measuring (:mod:`engines.monopoly.gnome`), not on the TV."""
PLAYERS = LEVELS + BENCHMARK_LEVELS

HORIZON_TURNS = 40
"""Opponent turns over which hard counts a complete group's rent (per opponent)."""
REFUSALS_BEFORE_WAIT = 4
"""Offers a partner may refuse in a row before hard waits (2, 4, 8 ... turns) to ask them again."""
MAX_WAIT_TURNS = 32
JAIL_DANGER = 100
"""Hard stays in jail while some square would charge it this much rent or more."""
STEP_PREMIUM = 10
"""Dollars over the printed price hard adds (per try) for a lot that leaves one seller of a group."""
AUCTION_SAVING = 20
"""Hard lets a property go to auction when every rival's cash is at least this much below its price."""
HARD_BUILD_TARGET = 3
"""Hard builds evenly to three houses everywhere before it goes higher (the best rent per dollar)."""
HOTEL_HOUSE_COST = 100
"""On a group whose houses cost this much or less hard builds evenly to hotels instead (mortgaging
idle lots for them): there the fourth house and the hotel each still add $70-200 of rent for $50-100."""
RESERVE_BASE = 30.0
"""Hard's cash reserve: this, plus a share of the worst rent on the board, up to a most."""
RESERVE_DUEL = 100.0
"""The reserve's base against a single opponent (rents come from one player who owns half the board)."""
RESERVE_SHARE = 0.1
"""The share of the worst rent on the board in the reserve with two or more opponents: they build
and trade into groups around hard, and houses built sooner earn more than cash kept back."""
RESERVE_SHARE_DUEL = 0.2
"""The same against a single opponent."""
RESERVE_MOST = 300.0
RESERVE_BARE = 250.0
"""Hard's least cash kept back from building against a single opponent who holds no colour group,
once nothing outside hard's groups is left to mortgage: that cash is then all it has, short of
selling houses at half price, for rents and for the auctions of the lots the opponent needs."""
RENT_ENOUGH = 0.7
"""Hard builds no more on a lot whose rent already takes this share of all a single opponent could
raise: a bigger rent than they can pay earns nothing, while the cash still pays rents and bids."""
DENY_BLOCK = 1.0
"""Share of a group's worth hard counts for keeping its last lot from a single opponent (the game
is zero-sum); with more opponents, half (the others gain from it too)."""


# -- the view ------------------------------------------------------------------------------------
@dataclass
class View:
    """The public position as a player sees it (the observation's facts, in flat lists)."""

    me: int
    phase: str
    legal_source: Callable[[], Sequence[int]]
    """Gives the legal actions (asked only when a decision needs them: see :attr:`legal`)."""
    turn_player: int
    doubles: int
    cash: list[int]
    position: list[int]
    in_jail: list[bool]
    jail_turns: list[int]
    jail_cards: list[int]
    bankrupt: list[bool]
    owner: list[int]
    level: list[int]
    mortgaged: list[bool]
    bank_houses: int
    bank_hotels: int
    buy: int
    auction: Mapping[str, Any] | None
    trade: Mapping[str, Any] | None
    debt: int
    lift: int
    place_kind: str | None
    trading: bool
    _legal: frozenset[int] | None = None

    @property
    def legal(self) -> frozenset[int]:
        if self._legal is None:
            self._legal = frozenset(self.legal_source())
        return self._legal

    @classmethod
    def from_observation(cls, obs: Mapping[str, Any]) -> View:
        players = obs["players"]
        squares = obs["squares"]
        pending = obs["pending"]
        me = obs["viewer"]
        debts = [d["amount"] for d in pending["debts"] if d["debtor"] == me]
        lift = [sq for p, sq in pending["lift_or_keep"] if p == me]
        legal = [x["action"] for x in obs["legal"]]
        return cls(
            me=me,
            phase=obs["phase"],
            legal_source=lambda: legal,
            turn_player=obs["turn_player"],
            doubles=obs["doubles"],
            cash=[p["cash"] for p in players],
            position=[p["position"] for p in players],
            in_jail=[p["in_jail"] for p in players],
            jail_turns=[p["jail_turns"] for p in players],
            jail_cards=[len(p["jail_cards"]) for p in players],
            bankrupt=[p["bankrupt"] for p in players],
            owner=[-1 if s["owner"] is None else s["owner"] for s in squares],
            level=[R.HOTEL_LEVEL if s["hotel"] else s["houses"] for s in squares],
            mortgaged=[s["mortgaged"] for s in squares],
            bank_houses=obs["bank"]["houses"],
            bank_hotels=obs["bank"]["hotels"],
            buy=-1 if pending["buy"] is None else pending["buy"],
            auction=pending["auction"],
            trade=pending["trade"],
            debt=debts[0] if debts else 0,
            lift=lift[0] if lift else -1,
            place_kind=None if pending["place"] is None else pending["place"]["kind"],
            trading=any(G.TRADE_WITH_BASE <= a < G.TRADE_WITH_BASE + 10 for a in legal),
        )

    @classmethod
    def from_state(cls, state: G.MonopolyState) -> View:
        """The same view read from the state's public fields (no observation dict is built)."""
        s = state
        me = s.current_player()
        a = s.auction
        t = s.trade
        auction = None
        if a is not None:
            auction = {
                "item": G.ITEM_NAMES[a[0]],
                "square": a[1] if a[1] >= 0 else None,
                "high_bid": a[5],
                "leader": a[6] if a[6] >= 0 else None,
                "min_bid": a[7],
                "bidders": list(a[2]),
                "active": list(a[3]),
            }
        trade = None
        if t is not None:
            trade = {
                "proposer": t[0],
                "partner": t[1],
                "squares": sorted(t[2]),
                "cash": t[3],
                "cards": list(t[4]),
            }
        debts = [x for d, _, x in s.debts if d == me]
        lift = [sq for p, sq in s.lift_or_keep if p == me]
        # the state's own lists, not copies: a player never changes a view
        return cls(
            me=me,
            phase=G.PHASE_NAMES[s.phase],
            legal_source=s.legal_actions,
            turn_player=s.turn,
            doubles=s.doubles,
            cash=s.cash,
            position=s.pos,
            in_jail=s.in_jail,
            jail_turns=s.jail_turns,
            jail_cards=[len(c) for c in s.jail_cards],
            bankrupt=s.bankrupt,
            owner=s.owner,
            level=s.level,
            mortgaged=s.mortgaged,
            bank_houses=s.bank_houses,
            bank_hotels=s.bank_hotels,
            buy=s.pending_buy,
            auction=auction,
            trade=trade,
            debt=debts[0] if debts else 0,
            lift=lift[0] if lift else -1,
            place_kind=None if s.place is None else G.ITEM_NAMES[s.place[1]],
            trading=s.game.trading and s.trades_left[me] > 0,
        )

    # -- facts ------------------------------------------------------------------------------------
    def opponents(self) -> list[int]:
        return [p for p in range(len(self.cash)) if p != self.me and not self.bankrupt[p]]

    def complete(self, player: int, sq: int, owner: Sequence[int] | None = None) -> bool:
        own = self.owner if owner is None else owner
        return all(own[s] == player for s in R.GROUP_OF[sq])

    def rent_now(self, sq: int) -> int:
        """What landing on ``sq`` costs (utilities: at an average throw of 7)."""
        o = self.owner[sq]
        if o < 0 or self.mortgaged[sq]:
            return 0
        board = R.BOARD[sq]
        held = sum(1 for s in R.GROUP_OF[sq] if self.owner[s] == o)
        if board.kind == "street":
            lvl = self.level[sq]
            return board.rents[lvl] if lvl else board.rents[0] * (2 if held == len(R.GROUP_OF[sq]) else 1)
        if board.kind == "railroad":
            return R.RAILROAD_RENTS[held]
        return R.UTILITY_MULTIPLIERS[held] * 7

    def unowned(self) -> int:
        return sum(1 for sq in R.PROPERTIES if self.owner[sq] < 0)


# -- values ------------------------------------------------------------------------------------
@cache
def _income(sq: int, level: int) -> float:
    return odds.expected_rent_per_turn(sq, level)


@cache
def build_gain(sq: int, level: int) -> float:
    """Extra rent per opponent turn per dollar from the next building on a lot at ``level``."""
    now = _income(sq, street_level_index(level, True))
    after = _income(sq, street_level_index(level + 1, True))
    return (after - now) / R.BOARD[sq].house_cost


def street_level_index(view_level: int, complete: bool) -> int:
    """The income-table level of a street: 0 alone, 1 complete, 2-6 for 1-4 houses and a hotel."""
    return view_level + 1 if view_level else (1 if complete else 0)


@cache
def group_bonus(group: str, opponents: int) -> float:
    """Hard's worth of holding a whole colour group: three houses' rent over the horizon, less the houses."""
    lots = R.GROUPS[group]
    income = sum(_income(sq, 1 + HARD_BUILD_TARGET) for sq in lots) * opponents * HORIZON_TURNS
    cost = sum(R.BOARD[sq].house_cost * HARD_BUILD_TARGET for sq in lots)
    floor = 0.25 * sum(R.BOARD[sq].price for sq in lots)
    return max(floor, income - cost)


def hard_worth(view: View, player: int, owner: Sequence[int], cash: int) -> float:
    """Hard's value of a player's position with the board ``owner`` and ``cash``."""
    opponents = max(1, sum(1 for p in range(len(view.cash)) if p != player and not view.bankrupt[p]))
    total = float(cash)
    done: set[str] = set()
    for sq in R.PROPERTIES:
        if owner[sq] != player:
            continue
        board = R.BOARD[sq]
        total += board.price - (R.LIFT_COST[sq] if view.mortgaged[sq] else 0)
        total += view.level[sq] * board.house_cost
        group = board.group
        lots = R.GROUPS[group]
        held = sum(1 for s in lots if owner[s] == player)
        if board.kind == "street":
            if held == len(lots) and group not in done:
                done.add(group)
                total += group_bonus(group, opponents)
            elif held == len(lots) - 1:
                total += 0.15 * board.price  # one short of a group: a trade away
        else:
            level = held
            total += _income(sq, level) * opponents * HORIZON_TURNS * 0.5
    return total


def medium_worth(view: View, player: int, owner: Sequence[int], cash: int) -> float:
    """Medium's value: cash plus printed prices, a complete group counting twice."""
    total = float(cash)
    for sq in R.PROPERTIES:
        if owner[sq] != player:
            continue
        price = R.BOARD[sq].price
        total += price
        if R.BOARD[sq].kind == "street" and all(owner[s] == player for s in R.GROUP_OF[sq]):
            total += price
    return total


def easy_worth(view: View, player: int, owner: Sequence[int], cash: int) -> float:
    """Easy's value: cash plus printed prices (it does not see groups)."""
    return float(cash) + sum(R.BOARD[sq].price for sq in R.PROPERTIES if owner[sq] == player)


WORTH = {"hard": hard_worth, "medium": medium_worth, "easy": easy_worth}


def trade_outcome(view: View, trade: Mapping[str, Any]) -> tuple[list[int], int, int]:
    """The board after a trade, and the proposer's and partner's cash change."""
    owner = list(view.owner)
    proposer, partner = trade["proposer"], trade["partner"]
    for sq in trade["squares"]:
        owner[sq] = partner if view.owner[sq] == proposer else proposer
    cash = trade["cash"]
    return owner, -cash, cash


FAIR_GAP = 200
"""A trade whose proposer gains this much more than its partner (in hard's measure) is one the TV
calls plainly: "it helps them more than you"."""


def favours_proposer(obs: Mapping[str, Any]) -> bool:
    """Does the pending trade help its proposer more than its partner, by hard's measure, by more
    than :data:`FAIR_GAP`? (The TV says so to the partner: a family is not tricked by the box.)"""
    view = View.from_observation(obs)
    trade = view.trade
    if trade is None:
        return False
    owner, proposer_cash, partner_cash = trade_outcome(view, trade)
    gains = [
        hard_worth(view, p, owner, view.cash[p] + cash) - hard_worth(view, p, view.owner, view.cash[p])
        for p, cash in ((trade["proposer"], proposer_cash), (trade["partner"], partner_cash))
    ]
    return gains[0] - gains[1] > FAIR_GAP


# -- the player ----------------------------------------------------------------------------------
class ViewPlayer:
    """A computer player that decides on its :class:`View` (``fast``: read from the state, see
    :meth:`View.from_state`); a trade it composes is a plan of actions played one by one."""

    known: tuple[str, ...] = ()

    def __init__(self, level: str, rng: np.random.Generator, fast: bool = False) -> None:
        if level not in self.known:
            raise ValueError(f"no Monopoly player {level!r}; known: {', '.join(self.known)}")
        self.level = level
        self.rng = rng
        self.fast = fast
        self.plan: list[int] = []
        self.turns = 0  # my turns so far
        self.rolling = False  # my turn's roll phase is counted (it repeats for each build, offer, ...)

    def __call__(self, state: State) -> int:
        if self.fast:
            view = View.from_state(state)  # type: ignore[arg-type]
        else:
            view = View.from_observation(state.to_dict(state.current_player()))
        return self.decide(view)

    def decide(self, v: View) -> int:
        raise NotImplementedError

    def _count_turn(self, v: View) -> None:
        """Count my turns: the first roll-phase decision of each (not the throws after doubles)."""
        if v.phase != "roll":
            self.rolling = False
        elif v.doubles == 0 and v.turn_player == v.me and not self.rolling:
            self.turns += 1
            self.rolling = True

    def _trade_step(self, v: View) -> int:
        while self.plan:
            action = self.plan.pop(0)
            if action in v.legal:
                return action
            self.plan = []
        return G.CANCEL


class MonopolyPlayer(ViewPlayer):
    """One computer player (see the module docstring)."""

    known = LEVELS

    def __init__(self, level: str, rng: np.random.Generator, fast: bool = False) -> None:
        super().__init__(level, rng, fast)
        # (partner, squares, board when offered) -> (times offered, cash of the last offer)
        self.offered: dict[tuple, tuple[int, int | None]] = {}
        self.no_offers_on: tuple | None = None  # the situation in which no trade was to be had
        self.awaiting: tuple[int, tuple[int, ...], tuple[int, ...]] | None = None  # my open offer
        # partner -> (offers refused in a row, my turn before which I do not offer them again)
        self.refusals: dict[int, tuple[int, int]] = {}
        self.worth = WORTH.get(level, medium_worth)

    # -- dispatch ----------------------------------------------------------------------------------
    def decide(self, v: View) -> int:
        if self.level == "random":
            legal = sorted(v.legal)
            # the exact bids (one per dollar) count as one choice, of up to $9 over the least bid:
            # uniform over thousands, random players spend half their cash in the first auctions
            # and random games end before they get anywhere
            exact = [a for a in legal if a >= G.BID_TO_BASE]
            if not exact:
                return int(self.rng.choice(legal))
            choice = int(self.rng.choice(legal[: len(legal) - len(exact)] + exact[:1]))
            return int(self.rng.choice(exact[:10])) if choice == exact[0] else choice
        phase = v.phase
        if phase == "trade":
            return self._trade_step(v)
        self.plan = []
        if self.awaiting is not None:
            self._note_answer(v)
        self._count_turn(v)  # the clock of the back-off
        if phase == "roll":
            if v.in_jail[v.me] and v.doubles == 0:
                leave = self._leave_jail(v)
                if leave is not None:
                    return leave
            return self._manage(v) or G.ROLL
        if phase == "after-roll":
            return self._manage(v) or G.END_TURN
        if phase == "between-turns":
            return self._manage(v, trade=False) or G.PASS
        if phase == "buy":
            if self.level == "hard" and self._let_rival_pay(v, v.buy):
                return G.DECLINE
            if G.BUY in v.legal and self._wants_to_buy(v, v.buy):
                if self.level == "hard" and self._auction_is_cheaper(v, v.buy):
                    return G.DECLINE
                return G.BUY
            if self.level == "hard" and G.BUY not in v.legal:
                if self._auction_is_cheaper(v, v.buy):
                    return G.DECLINE  # with the cash in hand: mortgaging for the price buys dearer
                if len(v.opponents()) == 1 or self._strategic(v, v.buy):
                    # a square that completes or blocks a group is worth mortgaging for, and so is
                    # any square against a single opponent (what they do not get, I may complete)
                    mortgage = self._idle_mortgage(v)
                    if mortgage is not None:
                        return G.MORTGAGE_BASE + mortgage
                if (
                    len(v.opponents()) == 1
                    and self._completes_rival(v, v.buy)
                    and G.raisable(v.me, v.cash, v.owner, v.level, v.mortgaged) >= R.BOARD[v.buy].price
                ):
                    # the last lot of the opponent's group: worth mortgaging my own groups for, and
                    # selling houses if it must (at the auction the opponent may simply outbid me)
                    step = self._money_step(v)
                    if step is not None:
                        return step
            return G.DECLINE
        if phase == "auction":
            return self._bid(v)
        if phase == "income-tax":
            return self._income_tax(v)
        if phase == "debt":
            return self._raise_money(v)
        if phase == "lift-or-keep":
            cost = R.LIFT_COST[v.lift]
            return G.LIFT if G.LIFT in v.legal and v.cash[v.me] - cost >= self.reserve(v) + 100 else G.KEEP
        if phase == "trade-reply":
            return G.ACCEPT if self._accepts(v, v.trade) else G.REJECT
        if phase == "shortage-claim":
            return G.WANT if v.cash[v.me] >= self.reserve(v) + 150 else G.PASS
        if phase == "place-building":
            return max(sorted(v.legal), key=lambda a: self._build_gain(v, a - G.PLACE_BASE))
        return min(v.legal)

    # -- reserve and jail --------------------------------------------------------------------------
    def _danger(self, v: View) -> int:
        """The highest rent an opponent's square charges now."""
        return max((v.rent_now(sq) for sq in R.PROPERTIES if v.owner[sq] not in (-1, v.me)), default=0)

    def reserve(self, v: View) -> float:
        """Cash kept back from building and buying."""
        if self.level == "hard":
            # a share of the worst rent on the board: houses now earn more than cash kept for a
            # rent that may never come (measured 32% against 29% with a third, over 100 games)
            duel = len(v.opponents()) == 1
            base, share = (RESERVE_DUEL, RESERVE_SHARE_DUEL) if duel else (RESERVE_BASE, RESERVE_SHARE)
            return min(RESERVE_MOST, base + share * self._danger(v))
        if self.level == "easy":
            return 50.0
        return 200.0

    def _deny_cash(self, v: View) -> float:
        """Cash hard keeps for an unowned lot that would complete an opponent's group, or that the
        opponent may put to auction (the larger of :meth:`_deny_needs`)."""
        return max(self._deny_needs(v))

    def _deny_needs(self, v: View) -> tuple[float, float]:
        """The cash to keep for an unowned lot that would complete an opponent's group, as (for its
        auction, for landing there). An opponent without its price who lands there puts it to
        auction, where nobody may bid above their cash: hard keeps a dollar more than they hold.
        If hard lands there itself it may mortgage to buy, so for that it keeps only what
        mortgages outside its groups would not raise (mortgaging cannot make that up: each
        mortgage raises the cash by what it takes from those mortgages).

        Any other unowned lot goes to auction the same way when the opponent throws onto it
        without the price, so for the lots one throw ahead of them hard keeps a dollar more than
        they hold for that auction too (the last lot of its own group among them; kept at any
        distance, that measured less), except a lot of a split group, which hard leaves to them."""
        auction = landing = 0.0
        rival = self._sole_rival(v)
        if rival is None:
            return auction, landing
        idle = None
        for lots in COLOUR_GROUPS:
            free = [sq for sq in lots if v.owner[sq] < 0]
            if len(free) != 1:
                continue
            others = {v.owner[sq] for sq in lots if sq != free[0]}
            if len(others) != 1 or v.me in others:
                continue  # (my own last lot is among the lots ahead of the opponent, below)
            price = R.BOARD[free[0]].price
            rival_cash = v.cash[others.pop()]
            if rival_cash < price:
                auction = max(auction, rival_cash + 1.0)
            if idle is None:
                idle = _idle_value(v, v.me, v.owner)
            landing = max(landing, price - idle)
        for throw in ONE_THROW:
            sq = (v.position[rival] + throw) % R.NUM_SQUARES
            if R.BOARD[sq].is_property and v.owner[sq] < 0 and not _split(v, sq):
                if v.cash[rival] < R.BOARD[sq].price:
                    auction = max(auction, v.cash[rival] + 1.0)
        return auction, landing

    def _leave_jail(self, v: View) -> int | None:
        if self.level == "hard":
            # jail is the safest square once some rent on the board is high; until then moving
            # earns the GO salary and the chance to buy (also late in a game without groups)
            stay = self._danger(v) >= JAIL_DANGER
        elif self.level == "medium":
            stay = v.unowned() < 6
        elif self.level == "easy":
            stay = bool(self.rng.random() < 0.3)
        else:
            stay = False
        if stay:
            return None
        if G.USE_CARD in v.legal:
            return G.USE_CARD
        if G.PAY_FINE in v.legal and v.cash[v.me] >= R.JAIL_FINE + 100:
            return G.PAY_FINE
        return None

    def _income_tax(self, v: View) -> int:
        if self.level in ("easy", "buy-everything"):
            return G.TAX_FLAT
        worth = v.cash[v.me] + sum(
            R.BOARD[sq].price + v.level[sq] * R.BOARD[sq].house_cost
            for sq in R.PROPERTIES
            if v.owner[sq] == v.me
        )
        return G.TAX_PERCENT if worth * R.INCOME_TAX_PERCENT / 100 < R.INCOME_TAX_FLAT else G.TAX_FLAT

    # -- buying and bidding ------------------------------------------------------------------------
    def _value_to_me(self, v: View, sq: int) -> float:
        """What owning ``sq`` is worth to me (hard: against the player it would otherwise help)."""
        owner = list(v.owner)
        before = self.worth(v, v.me, owner, 0)
        owner[sq] = v.me
        gain = self.worth(v, v.me, owner, 0) - before
        if self.level == "hard":
            # keeping it from an opponent who would complete their group with it
            block = 0.0
            for p in v.opponents():
                o2 = list(v.owner)
                o2[sq] = p
                if R.BOARD[sq].kind == "street" and all(o2[s] == p for s in R.GROUP_OF[sq]):
                    share = DENY_BLOCK if len(v.opponents()) == 1 else 0.5
                    block = max(block, share * group_bonus(R.BOARD[sq].group, len(v.opponents())))
            return gain + block
        return gain

    def _wants_to_buy(self, v: View, sq: int) -> bool:
        price = R.BOARD[sq].price
        cash = v.cash[v.me]
        if self.level == "buy-everything":
            return cash >= price
        if self.level == "easy":
            return cash - price >= 0 and bool(self.rng.random() < 0.75)
        if self.level == "medium":
            completes = all(v.owner[s] == v.me for s in R.GROUP_OF[sq] if s != sq)
            return cash - price >= (0 if completes else 100)
        # hard buys what it can: squares are what groups are made of (and kept from others),
        # unless the board is dangerous and the money is needed for rent, or for an opponent's
        # last lot (what buying and mortgaging this one would leave)
        if len(v.opponents()) == 1 and not self._completes_rival(v, sq):
            deny = self._deny_cash(v)
            if deny and cash - price + R.BOARD[sq].mortgage + _idle_value(v, v.me, v.owner) < deny:
                return False
        return (
            cash - price >= min(50.0, self.reserve(v)) or self._danger(v) < 2 * cash or self._strategic(v, sq)
        )

    def _let_rival_pay(self, v: View, sq: int) -> bool:
        """Hard declines a lot whose group's other lots already have two holders. Whoever takes
        it cannot complete its group without a trade, so it earns little more than its mortgage
        value; at the auction that follows hard bids it up to a dollar below the printed price or
        below the richest rival's cash (see :meth:`_hard_property_limit`), so a rival who wants it
        pays that, out of the cash they would have built with, and hard gets it for less if they
        stop sooner. Once no group is left to make and no opponent holds one (see
        :func:`_groups_closed`), their cash has nothing to build with and hard buys the lot: what
        decides such a game (most reach the turn cap) is the rent the lots earn."""
        return _split(v, sq) and not _groups_closed(v)

    def _completes_rival(self, v: View, sq: int) -> bool:
        """Would ``sq`` complete a colour group for the opponent who holds its other lots?"""
        if R.BOARD[sq].kind != "street":
            return False
        others = {v.owner[s] for s in R.GROUP_OF[sq] if s != sq}
        return len(others) == 1 and not others & {-1, v.me}

    def _strategic(self, v: View, sq: int) -> bool:
        """Does ``sq`` complete a colour group for me, or for an opponent who would get it?"""
        if R.BOARD[sq].kind != "street":
            return False
        others = [v.owner[s] for s in R.GROUP_OF[sq] if s != sq]
        return len(set(others)) == 1 and others[0] != -1

    def _bid_limit(self, v: View) -> float:
        a = v.auction
        cash = v.cash[v.me]
        if a["item"] != "property":
            cost = (
                max(R.BOARD[sq].house_cost for sq in R.STREETS if v.owner[sq] == v.me)
                if any(v.owner[sq] == v.me for sq in R.STREETS)
                else 0
            )
            factor = {"hard": 2.0, "medium": 1.3, "easy": 1.0}.get(self.level, 1.0)
            return min(cash - self.reserve(v), factor * cost)
        sq = a["square"]
        price = R.BOARD[sq].price
        if self.level == "buy-everything":
            return min(cash, price)
        if self.level == "easy":
            return min(cash - 20, price * float(self.rng.uniform(0.5, 1.2)))
        if self.level == "medium":
            completes = all(v.owner[s] == v.me for s in R.GROUP_OF[sq] if s != sq)
            return min(cash - 100, price * (1.4 if completes else 0.9))
        return self._hard_property_limit(v, sq)

    def _hard_property_limit(self, v: View, sq: int) -> float:
        # the cash kept back for rent may be cash that mortgages outside my groups would raise
        keep = max(0.0, min(80.0, self.reserve(v)) - _idle_value(v, v.me, v.owner))
        if len(v.opponents()) == 1 and self._completes_rival(v, sq):
            keep = 0.0  # the last lot of an opponent's group: every dollar if it must
        limit = min(v.cash[v.me] - keep, self._value_to_me(v, sq))
        if _split(v, sq) and not _groups_closed(v):
            # a rival who wants it pays the whole price, or all their cash
            limit = min(limit, R.BOARD[sq].price - 1)
            a = v.auction
            if a is not None and a["item"] == "property" and a["square"] == sq:
                richest = max((v.cash[p] for p in _rivals_bidding(v)), default=0)
                # (when no rival can bid at all, the least bid takes it)
                limit = min(limit, richest - 1 if richest >= a["min_bid"] else a["min_bid"])
        return limit

    def _bid(self, v: View) -> int:
        a = v.auction
        if a["leader"] == v.me:
            return G.PASS if G.PASS in v.legal else min(v.legal)
        limit = self._bid_limit(v)
        high, least = a["high_bid"], a["min_bid"]
        if self.level == "hard":
            return self._hard_bid(v, limit)
        for k in reversed(range(len(R.BID_STEPS))):
            bid = max(high + R.BID_STEPS[k], least)
            if G.BID_BASE + k in v.legal and bid <= limit and (k == 0 or high + R.BID_STEPS[k] <= limit):
                return G.BID_BASE + k
        return G.PASS

    def _hard_bid(self, v: View, limit: float) -> int:
        """Hard never bids more than the richest rival still in could answer (nobody bids above
        their cash), and near the price it raises by $1, not by $10 or $100."""
        a = v.auction
        high, least = a["high_bid"], a["min_bid"]
        target = min(limit, max((v.cash[p] + 1 for p in _rivals_bidding(v)), default=least))
        anchor = 0.9 * (R.BOARD[a["square"]].price if a["item"] == "property" else target)
        for k in reversed(range(len(R.BID_STEPS))):
            bid = max(high + R.BID_STEPS[k], least)
            if G.BID_BASE + k in v.legal and bid <= target and (k == 0 or bid <= anchor):
                return G.BID_BASE + k
        return G.PASS

    def _auction_is_cheaper(self, v: View, sq: int) -> bool:
        """Hard declines a property it wants when no rival has the cash to bid its price: the
        auction then gives it for at most the richest rival's cash. It asks before mortgaging
        for a price it lacks, too: the cash in hand may already beat the rival there."""
        rivals = v.opponents()
        if not rivals:
            return False
        richest = max(v.cash[p] for p in rivals)
        limit = self._hard_property_limit(v, sq)
        return richest + AUCTION_SAVING <= R.BOARD[sq].price and limit >= richest + 1

    # -- managing: build, lift, mortgage to build, trade ---------------------------------------------
    def _build_gain(self, v: View, sq: int) -> float:
        return build_gain(sq, v.level[sq])

    def _sell_loss(self, v: View, sq: int) -> float:
        """Rent per opponent turn lost by selling the top building of ``sq``."""
        lvl = v.level[sq]
        return _income(sq, street_level_index(lvl, True)) - _income(sq, street_level_index(lvl - 1, True))

    def _manage(self, v: View, trade: bool = True) -> int | None:
        me = v.me
        cash = v.cash[me]
        if trade and v.trading and self.level in ("hard", "medium"):
            proposal = self._propose(v)
            if proposal is not None:
                return proposal
        reserve = self.reserve(v)
        if self.level == "hard":
            auction, landing = self._deny_needs(v)
            if cash < auction:
                # the cash to win the auction of an opponent's last lot, from lots outside my groups
                mortgage = self._idle_mortgage(v)
                if mortgage is not None:
                    return G.MORTGAGE_BASE + mortgage
            reserve = max(reserve, auction, landing)
        owned = [sq for sq in R.PROPERTIES if v.owner[sq] == me]
        if not any(v.mortgaged[sq] or v.complete(me, sq) for sq in owned):
            return None  # nothing to build or lift (the legal list need not be made)
        builds = [a - G.BUILD_BASE for a in v.legal if G.BUILD_BASE <= a < G.BUILD_BASE + 40]
        if self.level == "easy":
            if builds and cash - R.BOARD[builds[0]].house_cost >= reserve and self.rng.random() < 0.5:
                return G.BUILD_BASE + int(self.rng.choice(builds))
            return None
        if self.level == "hard":
            lift = self._group_lift(v, reserve)
            if lift is not None:
                return lift
        if builds and self.level == "hard":
            enough = self._rent_enough(v)
            worth_building = [sq for sq in builds if R.BOARD[sq].rents[v.level[sq]] < enough]
            if worth_building:
                # evenly to three houses first (hotels on the cheap groups), then higher
                low = [sq for sq in worth_building if v.level[sq] < _build_target(sq)] or worth_building
                best = max(low, key=lambda sq: self._build_gain(v, sq))
                if cash - R.BOARD[best].house_cost >= self._build_reserve(v, reserve):
                    return G.BUILD_BASE + best
                if v.level[best] < _build_target(best):
                    mortgage = self._idle_mortgage(v)
                    if mortgage is not None:
                        return G.MORTGAGE_BASE + mortgage
        elif builds:
            best = max(builds, key=lambda sq: self._build_gain(v, sq))
            if cash - R.BOARD[best].house_cost >= reserve:
                return G.BUILD_BASE + best
        lifts = [a - G.UNMORTGAGE_BASE for a in v.legal if G.UNMORTGAGE_BASE <= a < G.UNMORTGAGE_BASE + 40]
        if lifts and not builds:
            sq = min(lifts, key=lambda s: R.LIFT_COST[s])
            if cash - R.LIFT_COST[sq] >= reserve + (300 if self.level == "hard" else 150):
                return G.UNMORTGAGE_BASE + sq
        return None

    def _sole_rival(self, v: View) -> int | None:
        """The one opponent left (None while there are more)."""
        rivals = v.opponents()
        return rivals[0] if len(rivals) == 1 else None

    def _rent_enough(self, v: View) -> float:
        """The rent at which hard builds no more on a lot: :data:`RENT_ENOUGH` of all a single
        opponent could raise (more buildings would charge more than they can pay); no limit while
        there are more opponents."""
        rival = self._sole_rival(v)
        if rival is None:
            return math.inf
        return RENT_ENOUGH * G.raisable(rival, v.cash, v.owner, v.level, v.mortgaged)

    def _build_reserve(self, v: View, reserve: float) -> float:
        """The cash hard keeps back from a building: at least :data:`RESERVE_BARE` against a single
        opponent without a colour group once it has nothing left to mortgage outside its groups."""
        rival = self._sole_rival(v)
        if rival is None or any(v.complete(rival, lots[0]) for lots in COLOUR_GROUPS):
            return reserve
        if self._idle_mortgage(v) is not None:
            return reserve
        return max(reserve, RESERVE_BARE)

    def _group_lift(self, v: View, reserve: float) -> int | None:
        """Hard lifts the mortgages on its complete groups first (a mortgaged lot stops the whole
        group's building), mortgaging lots outside its groups to pay when it must."""
        me = v.me
        waiting = [sq for sq in R.STREETS if v.owner[sq] == me and v.mortgaged[sq] and v.complete(me, sq)]
        if not waiting:
            return None
        # the best group first (its rent at three houses), its cheapest lot first
        sq = max(waiting, key=lambda s: (group_bonus(R.BOARD[s].group, 1), -R.LIFT_COST[s]))
        cost = R.LIFT_COST[sq]
        if v.cash[me] - cost >= reserve and G.UNMORTGAGE_BASE + sq in v.legal:
            return G.UNMORTGAGE_BASE + sq
        mortgage = self._idle_mortgage(v)
        if mortgage is not None:
            return G.MORTGAGE_BASE + mortgage
        return None

    def _idle_mortgage(self, v: View, keep: Sequence[int] = ()) -> int | None:
        """A property outside my complete groups (and ``keep``) to mortgage for money: the least useful."""
        idle = [
            a - G.MORTGAGE_BASE
            for a in v.legal
            if G.MORTGAGE_BASE <= a < G.MORTGAGE_BASE + 40
            and not v.complete(v.me, a - G.MORTGAGE_BASE)
            and a - G.MORTGAGE_BASE not in keep
        ]
        if not idle:
            return None
        return min(idle, key=lambda sq: self._mortgage_rank(v, sq))

    def _mortgage_rank(self, v: View, sq: int) -> tuple[bool, bool, float]:
        """Hard mortgages first what it has least use for: a lot of a group an opponent shares (no
        group without a trade), then a lot it may still complete by landing, a complete group last;
        within each, what earns least."""
        board = R.BOARD[sq]
        if board.kind != "street":
            held = sum(1 for s in R.GROUP_OF[sq] if v.owner[s] == v.me)
            return (False, True, _income(sq, held))
        live = all(v.owner[s] in (-1, v.me) for s in R.GROUP_OF[sq])
        return (v.complete(v.me, sq), live, _income(sq, 0))

    def _raise_money(self, v: View) -> int:
        if G.BANKRUPT in v.legal:
            return G.BANKRUPT
        step = self._money_step(v)
        return min(v.legal) if step is None else step

    def _money_step(self, v: View) -> int | None:
        """The next mortgage or building sale when money must be found: a mortgage first, then the
        building whose sale loses least rent; None if neither is legal."""
        mortgages = [a - G.MORTGAGE_BASE for a in v.legal if G.MORTGAGE_BASE <= a < G.MORTGAGE_BASE + 40]
        if mortgages:
            if self.level == "hard":
                return G.MORTGAGE_BASE + min(mortgages, key=lambda sq: self._mortgage_rank(v, sq))
            # groups last: first what earns least
            return G.MORTGAGE_BASE + min(mortgages, key=lambda sq: (v.complete(v.me, sq), R.BOARD[sq].price))
        sells = [a - G.SELL_BASE for a in v.legal if G.SELL_BASE <= a < G.SELL_BASE + 40]
        if sells:
            return G.SELL_BASE + min(sells, key=lambda sq: self._sell_loss(v, sq))
        return None

    # -- trades ------------------------------------------------------------------------------------
    def _accepts(self, v: View, trade: Mapping[str, Any] | None) -> bool:
        if trade is None or self.level in ("buy-everything", "random"):
            return False
        me = v.me
        other = trade["proposer"] if trade["partner"] == me else trade["partner"]
        owner, proposer_cash, partner_cash = trade_outcome(v, trade)
        my_cash = proposer_cash if trade["proposer"] == me else partner_cash
        their_cash = partner_cash if trade["proposer"] == me else proposer_cash
        if v.cash[me] + my_cash < 0:
            return False
        mine = self.worth(v, me, owner, v.cash[me] + my_cash) - self.worth(v, me, v.owner, v.cash[me])
        if self.level == "easy":
            return mine >= 0
        theirs = self.worth(v, other, owner, v.cash[other] + their_cash) - self.worth(
            v, other, v.owner, v.cash[other]
        )
        if self.level == "medium":
            gives_group = _new_groups(v, other, owner)
            gets_group = _new_groups(v, me, owner)
            if gives_group and not gets_group and my_cash < 0.75 * sum(_group_price(g) for g in gives_group):
                return False
            return mine > 0
        return mine > 0 and mine >= _rival_weight(v) * theirs

    def _propose(self, v: View) -> int | None:
        """Start a trade (hard, medium): the offer's actions go into the plan; the first is returned."""
        if self.plan:
            return None
        best: tuple[float, int, list[int], int] | None = None
        key_board = tuple(v.owner)
        # what the offers depend on: the board, the mortgages, and the cash in $50 steps
        situation = (key_board, tuple(v.mortgaged), tuple(c // 50 for c in v.cash))
        if situation == self.no_offers_on:
            return None
        candidates = {
            partner: self._offers(v, partner)
            for partner in v.opponents()
            if self.level != "hard" or self.refusals.get(partner, (0, 0))[1] <= self.turns
        }
        self.no_offers_on = situation  # unless an offer is made below: nothing until things change
        for partner, offers in candidates.items():
            for offer in offers:
                squares, cash = offer
                trade = {"proposer": v.me, "partner": partner, "squares": squares, "cash": cash, "cards": []}
                key = (partner, tuple(squares), key_board)
                refused, last_cash = self.offered.get(key, (0, None))
                if refused >= 3:
                    continue
                cash = self._escalate(v, trade, refused)
                if cash is None or cash == last_cash:  # the same offer again would be refused again
                    continue
                trade["cash"] = cash
                owner, my_cash, _ = trade_outcome(v, trade)
                gain = self.worth(v, v.me, owner, v.cash[v.me] + my_cash) - self.worth(
                    v, v.me, v.owner, v.cash[v.me]
                )
                if best is None or gain > best[0]:
                    best = (gain, partner, squares, cash)
        if best is None:
            return None
        self.no_offers_on = None
        _, partner, squares, cash = best
        if self.level == "hard" and cash > v.cash[v.me] - self.reserve(v):
            # raise the price first, from lots that stay outside my groups; not for a partner who
            # refused my last offer (the lots would be lifted again, at 10%, after the next refusal)
            refused_last = self.refusals.get(partner, (0, 0))[0] > 0
            mortgage = None if refused_last else self._idle_mortgage(v, keep=squares)
            if mortgage is not None:
                self.no_offers_on = None
                return G.MORTGAGE_BASE + mortgage
            if cash > v.cash[v.me]:
                return None
        key = (partner, tuple(squares), key_board)
        self.offered[key] = (self.offered.get(key, (0, None))[0] + 1, cash)
        if self.level == "hard":
            self.awaiting = (partner, tuple(squares), tuple(v.owner[sq] for sq in squares))
        self.plan = compose_trade(squares, cash)
        return G.TRADE_WITH_BASE + partner

    def _note_answer(self, v: View) -> None:
        """Was my last offer taken? A partner who refuses offer after offer (one who never trades)
        is asked again only after a wait that doubles with each refusal past the third."""
        partner, squares, before = self.awaiting
        self.awaiting = None
        if any(v.owner[sq] != o for sq, o in zip(squares, before, strict=True)):
            self.refusals.pop(partner, None)
            return
        streak = self.refusals.get(partner, (0, 0))[0] + 1
        over = streak - REFUSALS_BEFORE_WAIT
        wait = 0 if over < 0 else min(MAX_WAIT_TURNS, 2 ** (over + 1))
        self.refusals[partner] = (streak, self.turns + wait)

    def _offers(self, v: View, partner: int) -> list[tuple[list[int], int]]:
        """Candidate offers to ``partner``: the squares I need from them, with what they need from me."""
        board = (tuple(v.owner), tuple(v.level), tuple(v.mortgaged))
        offers = [(list(squares), 0) for squares in swap_candidates(v.me, partner, *board)]
        if self.level == "hard":
            offers += [(list(squares), 0) for squares in step_candidates(v.me, partner, *board)]
        return offers

    def _escalate(self, v: View, trade: dict[str, Any], refused: int) -> int | None:
        """The cash I add to an offer (more after each refusal), or None if no cash makes it good."""
        me, partner = v.me, trade["partner"]
        owner, _, _ = trade_outcome(v, trade)
        mine = self.worth(v, me, owner, 0) - self.worth(v, me, v.owner, 0)
        theirs = self.worth(v, partner, owner, 0) - self.worth(v, partner, v.owner, 0)
        spare = max(0, int(v.cash[me] - self.reserve(v)))
        if (
            self.level == "hard"
            and not _new_groups(v, me, owner)
            and trade["squares"] in self._steps(v, partner)
        ):
            return self._step_cash(v, trade, refused, spare + _idle_value(v, me, owner))
        if self.level == "medium":
            if _new_groups(v, partner, owner) and _new_groups(v, me, owner):
                return 0 if mine > 0 else None
            price = sum(R.BOARD[sq].price for sq in trade["squares"] if v.owner[sq] == partner)
            cash = int(price * (1.5 + 0.5 * refused))
            return cash if cash <= spare and mine - cash > 0 else None
        # hard: a swap where the partner gains more asks them for the difference (less after each
        # refusal, never below even); otherwise hard pays at least what the partner gives up (in
        # hard's measure), raising the cash after each refusal towards the most that keeps the trade
        # as good for hard as for them, and never so much that the new group cannot be built on
        fair = max(0.0, -theirs)
        most = (mine - _rival_weight(v) * theirs) / 2
        if most < 0:
            if fair > 0 or mine <= 0:
                return None
            ask = int(round(most * (1 - refused / 3) / 10.0)) * 10
            return ask if ask < 0 and -ask <= v.cash[partner] else None
        houses = sum(2 * R.BOARD[sq].house_cost for g in _new_groups(v, me, owner) for sq in R.GROUPS[g])
        # the price and the houses may come from mortgaging what stays outside my groups after
        # the trade (hard mortgages before it proposes: see _propose)
        cap = min(most, spare + _idle_value(v, me, owner) - houses)
        if cap < fair:
            return None
        received = sum(R.BOARD[sq].price for sq in trade["squares"] if v.owner[sq] == partner)
        opening = min(cap, max(fair, 1.5 * received))
        cash = opening + (cap - opening) * refused / 2
        return int(cash // 10) * 10

    def _steps(self, v: View, partner: int) -> list[list[int]]:
        return [
            list(sq)
            for sq in step_candidates(v.me, partner, tuple(v.owner), tuple(v.level), tuple(v.mortgaged))
        ]

    def _step_cash(self, v: View, trade: dict[str, Any], refused: int, funds: float) -> int | None:
        """A first step to a group split three ways: the partner's lot for a little over its price,
        if what is left would still pay the group's price for the last lot."""
        received = sum(R.BOARD[sq].price for sq in trade["squares"])
        cash = received + STEP_PREMIUM * (refused + 1)
        group = R.BOARD[trade["squares"][0]].group
        return cash if funds - cash >= _group_price(group) else None


COLOUR_GROUPS: tuple[tuple[int, ...], ...] = tuple(
    lots for lots in R.GROUPS.values() if R.BOARD[lots[0]].kind == "street"
)
ONE_THROW = range(2, 13)
"""How many squares one throw of the two dice moves a token."""


# 256 boards: a decision asks once per partner and the board changes slowly, while each entry keys
# three 40-square tuples (4,096 of them held 4.9 MB, filled over a day of demos)
@lru_cache(maxsize=256)
def swap_candidates(
    me: int, partner: int, owner: tuple[int, ...], level: tuple[int, ...], mortgaged: tuple[bool, ...]
) -> tuple[tuple[int, ...], ...]:
    """Square sets to ask of ``partner``: each group's lots I lack from them, alone or with the lots
    of another group that they lack from me (a swap). Only groups without buildings whose missing
    lots are unmortgaged and held by the two of us count."""
    need: list[list[int]] = []
    theirs_need: list[list[int]] = []
    for lots in COLOUR_GROUPS:
        if any(level[s] for s in lots) or any(mortgaged[s] for s in lots if owner[s] == partner):
            continue
        mine = [s for s in lots if owner[s] == me]
        from_them = [s for s in lots if owner[s] == partner]
        if mine and from_them and len(mine) + len(from_them) == len(lots):
            need.append(from_them)
            theirs_need.append(mine)
    offers = []
    for i, want in enumerate(need):
        offers.append(tuple(sorted(want)))
        for j, give in enumerate(theirs_need):
            if i != j:
                offers.append(tuple(sorted(want + give)))
    return tuple(offers)


@lru_cache(maxsize=4096)
def step_candidates(
    me: int, partner: int, owner: tuple[int, ...], level: tuple[int, ...], mortgaged: tuple[bool, ...]
) -> tuple[tuple[int, ...], ...]:
    """Lots to buy from ``partner`` in a group split three ways: I hold some, the partner some and
    one other player the rest (no buildings, the partner's lots unmortgaged). Buying them leaves a
    single seller to complete the group with."""
    offers = []
    for lots in COLOUR_GROUPS:
        if len(lots) < 3 or any(level[s] for s in lots):
            continue
        from_them = [s for s in lots if owner[s] == partner]
        others = {owner[s] for s in lots if owner[s] not in (me, partner)}
        if (
            from_them
            and any(owner[s] == me for s in lots)
            and len(others) == 1
            and -1 not in others
            and not any(mortgaged[s] for s in from_them)
        ):
            offers.append(tuple(from_them))
    return tuple(offers)


def _build_target(sq: int) -> int:
    """The level hard builds ``sq``'s group to, evenly, before it builds higher anywhere."""
    return R.HOTEL_LEVEL if R.BOARD[sq].house_cost <= HOTEL_HOUSE_COST else HARD_BUILD_TARGET


def _rival_weight(v: View) -> float:
    """How much hard minds a trading partner's gain against its own.

    Two players: all of it (the game is zero-sum). With more, a partner's gain is one rival's
    while hard's own counts against every other player, so a swap that gives the partner a
    little more is still worth making (before two others make it between themselves).
    """
    return 1.0 if len(v.opponents()) == 1 else 0.75


def _idle_value(v: View, player: int, owner: Sequence[int]) -> int:
    """What mortgaging ``player``'s unmortgaged lots outside complete groups on ``owner`` raises."""
    return sum(
        R.BOARD[sq].mortgage
        for sq in R.PROPERTIES
        if owner[sq] == player
        and not v.mortgaged[sq]
        and not v.level[sq]
        and not all(owner[s] == player for s in R.GROUP_OF[sq])
    )


def _rivals_bidding(v: View) -> list[int]:
    """The other players still in the auction."""
    a = v.auction
    return [p for p, on in zip(a["bidders"], a["active"], strict=True) if on and p != v.me]


def _split(v: View, sq: int) -> bool:
    """Is ``sq`` a street whose other lots have two or more holders (a group nobody can complete
    by buying it)?"""
    if R.BOARD[sq].kind != "street":
        return False
    return len({v.owner[s] for s in R.GROUP_OF[sq] if s != sq} - {-1}) >= 2


def _groups_closed(v: View) -> bool:
    """Is every colour group either split between two or more holders or whole in my hands (no
    player can complete a group without a trade, and no opponent holds one)?"""
    for lots in COLOUR_GROUPS:
        holders = {v.owner[s] for s in lots}
        if len(holders - {-1}) >= 2 or holders == {v.me}:
            continue
        return False
    return True


def _group_price(group: str) -> int:
    return sum(R.BOARD[sq].price for sq in R.GROUPS[group])


def _new_groups(v: View, player: int, owner: Sequence[int]) -> list[str]:
    """Colour groups ``player`` holds whole on ``owner`` but not now."""
    out = []
    for group, lots in R.GROUPS.items():
        if R.BOARD[lots[0]].kind != "street":
            continue
        if all(owner[s] == player for s in lots) and not all(v.owner[s] == player for s in lots):
            out.append(group)
    return out


def compose_trade(squares: Sequence[int], cash: int) -> list[int]:
    """The trade-composing actions for an offer: toggles, cash steps (largest first), PROPOSE."""
    actions = [G.TOGGLE_BASE + sq for sq in squares]
    base = G.CASH_GIVE_BASE if cash >= 0 else G.CASH_ASK_BASE
    left = abs(cash)
    for k in reversed(range(len(R.TRADE_CASH_STEPS))):
        step = R.TRADE_CASH_STEPS[k]
        actions += [base + k] * (left // step)
        left %= step
    return [*actions, G.PROPOSE]


def make_player(
    level: str, game: Any, rng: np.random.Generator, fast: bool = False
) -> Callable[[State], int]:
    """A computer player at ``level`` (:data:`PLAYERS`) for a Monopoly game."""
    if level in BENCHMARK_LEVELS:
        from engines.monopoly import gnome  # it builds on this module's view

        return gnome.make_player(level, rng, fast=fast)
    return MonopolyPlayer(level, rng, fast=fast)
