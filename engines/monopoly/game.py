"""The Monopoly board game engine: every rule of the classic US game as a state machine.

``load_game("monopoly", num_players=2..6, max_turns=0, free_parking_jackpot=False, trading=True,
cards="deck", starting_cash=1500)``. ``starting_cash`` is each player's cash at the start (any
whole number in ``rules.STARTING_CASH_RANGE``). ``max_turns`` > 0 ends the game when every player
still in has had that many turns (the richest by total worth wins); ``state.call_time()`` ends it
after the current turn (the TV's timed evening). ``cards="uniform"`` draws every card uniformly
from its deck and puts it straight back (the landing-odds model's way); ``"deck"`` is the real
shuffled pile.

Whose decision
--------------
``current_player()`` is whoever must act, which is often not the player whose turn it is
(``turn_player``): an auction bidder, a trade partner, a player raising money, a player asked in a
building shortage, or a player offered the floor between turns. It is ``CHANCE`` while dice or a
card are drawn and ``TERMINAL`` at the end. ``phase`` (in the observation) names the decision:

==================  =====================================================================
phase               the player to act and what they may do
==================  =====================================================================
``roll``            turn player before a throw: ROLL; in jail also PAY_FINE, USE_CARD;
                    plus the managing actions and TRADE_WITH (see below)
``buy``             turn player on an unowned property: BUY, DECLINE (-> auction); SELL and
                    MORTGAGE to raise the price
``auction``         the bidder in turn: BID_BASE + k (raise by ``BID_STEPS[k]``), BID_TO_BASE
                    + X (bid exactly $X), PASS (out)
``income-tax``      TAX_FLAT ($200) or TAX_PERCENT (10% of worth, added up after choosing)
``debt``            a player who owes more than their cash: SELL, MORTGAGE, TRADE_WITH, and
                    BANKRUPT only when selling and mortgaging everything could not pay
``lift-or-keep``    new owner of a mortgaged property: LIFT (pay mortgage + 10%) or KEEP (10% now)
``after-roll``      turn player once the throws are done: END_TURN, managing actions, TRADE_WITH
``trade``           the proposer composing an offer: TOGGLE_BASE + square, CASH_GIVE_BASE + k,
                    CASH_ASK_BASE + k, CARD_TOGGLE_BASE + deck, PROPOSE, CANCEL
``trade-reply``     the partner: ACCEPT or REJECT
``between-turns``   each other player in seat order after a turn: PASS, managing, TRADE_WITH
``shortage-claim``  a player who could also build when the bank is short: WANT or PASS
``place-building``  the winner of a building auction: PLACE_BASE + square
``dice``, ``card``  chance nodes; ``over`` at the end
==================  =====================================================================

A bankruptcy that leaves one player standing decides the game, but the winner still owes the bank
the 10% on every mortgage it hands over (not asked to lift or keep: they keep). It is paid like any
debt, raised in ``debt`` if the cash is short, and the game is ``over`` once it is paid; what even
selling and mortgaging everything could not pay, the bank writes off (there is nobody left to be
bankrupt to).

Managing actions (for the acting player, on their own squares): BUILD_BASE + square (the next
house, or the hotel on a lot with four), SELL_BASE + square (one building level back at half
price), MORTGAGE_BASE + square, UNMORTGAGE_BASE + square.

Action ints (``legal_actions()`` is sorted; ``action_to_string`` round-trips each one):
ROLL 0, END_TURN 1, PAY_FINE 2, USE_CARD 3, BUY 4, DECLINE 5, PASS 6, TAX_FLAT 7, TAX_PERCENT 8,
BANKRUPT 9, PROPOSE 10, CANCEL 11, ACCEPT 12, REJECT 13, LIFT 14, KEEP 15, WANT 16,
BID_BASE 20-22, TRADE_WITH_BASE 30 + player, CASH_GIVE_BASE 40-42 (the proposer pays 1/10/100
more), CASH_ASK_BASE 43-45 (the partner pays 1/10/100 more), CARD_TOGGLE_BASE 46 + deck
(0 Chance, 1 Community Chest: the Get Out of Jail Free card either side holds),
BUILD_BASE 100, SELL_BASE 140, MORTGAGE_BASE 180, UNMORTGAGE_BASE 220, TOGGLE_BASE 260,
PLACE_BASE 300 (each + square 0-39), BID_TO_BASE 1000 + X (a bid of exactly $X, X >= 1: the
last range, open at the top). A trade is thus a run of small actions: TRADE_WITH p, any
toggles and cash steps, PROPOSE, then the partner's ACCEPT or REJECT.

An exact bid X is legal from the least next bid (the highest bid + 1, at least the auction's
opening bid) up to the bidder's cash, but at most ``rules.EXACT_BIDS`` - 1 ($999) above the least
bid, so a bid offers at most 1,000 exact amounts however rich the bidder (a larger jump takes
more than one bid). That is what typing an amount on the remote needs, and it keeps random play
finite: every bid, exact or stepped, raises the highest bid and none may pass the bidder's cash.
A trade's cash, by contrast, is composed by the small steps only: a "set the cash to X" action
could be taken again and again while an offer is composed, and a random composer choosing among
a thousand of them would almost never propose or cancel.

Chance outcomes: a throw is one outcome per ordered pair, ``(die1 - 1) * 6 + (die2 - 1)``
(text ``dice 3+4``); a card draw is the drawn card's index in its deck (``card chance:boardwalk``).
The deck's order is hidden: a draw is uniform over the cards not yet drawn since the start, and
once every card has been seen the top card is the oldest returned one (no chance node then).

Observation ``state.to_dict(player)``
-------------------------------------
The contract keys ``game``, ``viewer``, ``num_players``, ``current_player``, ``legal``
(``[{"action", "text"}]``), ``returns`` (total worth; 0 once bankrupt), ``over``; and:

- ``phase`` (above), ``turn_player``, ``round`` (turns the turn player has finished + 1),
  ``doubles`` (in a row this turn), ``dice`` (``[d1, d2]`` of the last throw or None);
- ``players``: per seat ``cash``, ``position``, ``in_jail``, ``jail_turns`` (failed throws),
  ``jail_cards`` (deck indices of the Get Out of Jail Free cards held), ``bankrupt``, ``worth``;
- ``squares``: per square ``index``, ``name``, ``kind``, ``group``, ``price``, ``owner``
  (None or a seat), ``houses`` (0-4), ``hotel``, ``mortgaged``, ``rent`` (what landing there
  would cost now; utilities: per dice pip);
- ``bank``: ``houses``, ``hotels``; ``free_parking_pot``; ``decks``: per deck ``name`` and
  ``cards`` (how many are in it; never their order); ``last_card`` (``deck``, ``index``,
  ``key``, ``text``, ``player``) or None;
- ``pending``: ``buy`` (square), ``debts`` (``[{"debtor", "creditor", "amount"}]``, creditor
  -1 = bank), ``lift_or_keep`` (``[[player, square]]``), ``auction`` (``item`` property/house/
  hotel, ``square``, ``bidders``, ``active``, ``bidder``, ``high_bid``, ``leader``,
  ``min_bid``) or None, ``trade`` (``proposer``, ``partner``, ``squares``, ``cash`` (>0: the
  proposer pays), ``cards``) or None, ``claim`` (``kind``, ``builder``, ``asked``, ``wanting``)
  or None, ``place`` (``player``, ``kind``) or None;
- ``log``: the last events (short strings, newest last); ``stats``: counts of ``trades``,
  ``auctions``, ``shortages`` (claim rounds), ``bankruptcies`` and ``turns`` so far.

``to_dict()`` without a player is the save (``version`` 1), with the decks' order.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np

from engines.core import (
    CHANCE,
    TERMINAL,
    Game,
    IllegalActionError,
    InvalidActionError,
    Option,
    SaveFormatError,
    State,
    register_game,
)
from engines.monopoly import rules as R

ROLL = 0
END_TURN = 1
PAY_FINE = 2
USE_CARD = 3
BUY = 4
DECLINE = 5
PASS = 6
TAX_FLAT = 7
TAX_PERCENT = 8
BANKRUPT = 9
PROPOSE = 10
CANCEL = 11
ACCEPT = 12
REJECT = 13
LIFT = 14
KEEP = 15
WANT = 16
BID_BASE = 20
TRADE_WITH_BASE = 30
CASH_GIVE_BASE = 40
CASH_ASK_BASE = 43
CARD_TOGGLE_BASE = 46
BUILD_BASE = 100
SELL_BASE = 140
MORTGAGE_BASE = 180
UNMORTGAGE_BASE = 220
TOGGLE_BASE = 260
PLACE_BASE = 300
BID_TO_BASE = 1000
_SQUARE_BASES = (BUILD_BASE, SELL_BASE, MORTGAGE_BASE, UNMORTGAGE_BASE, TOGGLE_BASE, PLACE_BASE)
_SQUARE_VERBS = ("build", "sell", "mortgage", "unmortgage", "toggle", "place")
_SIMPLE_TEXT = {
    ROLL: "roll", END_TURN: "end turn", PAY_FINE: "pay fine", USE_CARD: "use card", BUY: "buy",
    DECLINE: "decline", PASS: "pass", TAX_FLAT: "tax flat", TAX_PERCENT: "tax percent",
    BANKRUPT: "bankrupt", PROPOSE: "propose", CANCEL: "cancel", ACCEPT: "accept", REJECT: "reject",
    LIFT: "lift", KEEP: "keep", WANT: "want",
}  # fmt: skip

BANK = -1
"""A debt's creditor: the bank."""
POT = -2
"""A debt's creditor: the bank, or the Free Parking pot when the jackpot option is on."""

# Phases (``PHASE_NAMES`` gives the observation's text).
(P_ROLL, P_BUY, P_AUCTION, P_TAX, P_DEBT, P_LIFT, P_AFTER, P_TRADE, P_REPLY, P_FLOOR, P_CLAIM, P_PLACE,
 P_DICE, P_CARD, P_OVER) = range(15)  # fmt: skip
PHASE_NAMES = (
    "roll", "buy", "auction", "income-tax", "debt", "lift-or-keep", "after-roll", "trade",
    "trade-reply", "between-turns", "shortage-claim", "place-building", "dice", "card", "over",
)  # fmt: skip
# Where the turn stands when nothing else is pending.
S_ROLL, S_AFTER, S_END, S_FLOOR = range(4)
# What a throw is for.
D_MOVE, D_UTILITY = 0, 1
# Auction items.
ITEM_NONE, ITEM_PROPERTY, ITEM_HOUSE, ITEM_HOTEL = range(4)
ITEM_NAMES = (None, "property", "house", "hotel")
# How rent is charged on the square a card sent the token to.
RENT_NORMAL, RENT_DOUBLE_RAILROAD, RENT_UTILITY_TEN = range(3)

_DICE_OUTCOMES = [(i, 1 / 36) for i in range(36)]
_BOARD = R.BOARD
_KIND = tuple(s.kind for s in _BOARD)
_GROUP = R.GROUP_OF
_GROUP_NAME = tuple(s.group for s in _BOARD)
_IS_STREET = tuple(s.kind == "street" for s in _BOARD)
_LIFT_COST = R.LIFT_COST
_HOUSE_COST = tuple(s.house_cost for s in _BOARD)
_PRICE = tuple(s.price for s in _BOARD)
_LOG_LENGTH = 12
_STATS = ("trades", "auctions", "shortages", "bankruptcies", "turns")


def dice_outcome(die1: int, die2: int) -> int:
    """The chance outcome of a throw of ``die1`` and ``die2`` (each 1-6)."""
    return (die1 - 1) * 6 + (die2 - 1)


def decode_dice(outcome: int) -> tuple[int, int]:
    return outcome // 6 + 1, outcome % 6 + 1


@register_game
class MonopolyGame(Game):
    """The classic Monopoly board game for 2-6 players (options in the module docstring)."""

    name: ClassVar[str] = "monopoly"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    options: ClassVar[Mapping[str, Option]] = {
        "max_turns": Option(0),
        "free_parking_jackpot": Option(R.FREE_PARKING_JACKPOT, (False, True)),
        "trading": Option(True, (False, True)),
        "cards": Option("deck", ("deck", "uniform")),
        "starting_cash": Option(R.STARTING_CASH),
    }
    """Set-up options (the module docstring says what each does); ``max_turns`` is any whole number >= 0,
    ``starting_cash`` any whole number of dollars in ``rules.STARTING_CASH_RANGE``."""
    perfect_information: ClassVar[bool] = False

    def __init__(self, num_players: int = 2, **params: Any) -> None:
        super().__init__(num_players, **params)
        for key, value in params.items():
            # ``1 in (False, True)`` holds in Python: insist on the declared type as well
            if type(value) is not type(self.options[key].default):
                raise ValueError(f"monopoly: {key} must be like {self.options[key].default!r}, not {value!r}")
        if self.option("max_turns") < 0:
            raise ValueError(f"monopoly: max_turns must be 0 (no limit) or more, not {params['max_turns']}")
        low, high = R.STARTING_CASH_RANGE
        if not low <= self.option("starting_cash") <= high:
            raise ValueError(
                f"monopoly: starting_cash must be from {low} to {high} dollars, not {params['starting_cash']}"
            )
        self.starting_cash = int(self.option("starting_cash"))
        self.max_turns = int(self.option("max_turns"))
        self.jackpot = bool(self.option("free_parking_jackpot"))
        self.trading = bool(self.option("trading"))
        self.uniform_cards = self.option("cards") == "uniform"

    def new_initial_state(self) -> MonopolyState:
        return MonopolyState(self)


def raisable(
    player: int, cash: Sequence[int], owner: Sequence[int], level: Sequence[int], mortgaged: Sequence[bool]
) -> int:
    """Cash ``player`` could have by selling every building and mortgaging every property (of a
    state, or of a player's view of one)."""
    total = cash[player]
    for sq in R.PROPERTIES:
        if owner[sq] == player:
            total += level[sq] * _HOUSE_COST[sq] * R.BUILDING_SELL_PERCENT // 100
            if not mortgaged[sq]:
                total += _BOARD[sq].mortgage
    return total


class MonopolyState(State):
    SCHEMA_VERSION: ClassVar[int] = 1

    def __init__(self, game: MonopolyGame) -> None:
        super().__init__(game)
        n = game.num_players
        self.n = n
        self.cash = [game.starting_cash] * n
        self.pos = [R.GO] * n
        self.in_jail = [False] * n
        self.jail_turns = [0] * n
        self.jail_cards: list[list[int]] = [[] for _ in range(n)]
        self.bankrupt = [False] * n
        self.turns_done = [0] * n
        self.trades_left = [R.TRADES_PER_TURN] * n
        self.owner = [-1] * R.NUM_SQUARES
        self.level = [0] * R.NUM_SQUARES
        self.mortgaged = [False] * R.NUM_SQUARES
        self.bank_houses = R.BANK_HOUSES
        self.bank_hotels = R.BANK_HOTELS
        self.pot = 0
        self.bank_in = 0
        self.bank_out = 0
        # A deck is the cards never drawn yet (no order: the next draw is a chance outcome over
        # them) above the cards returned to the bottom (in order).
        self.unseen: list[list[int]] = [list(range(len(d))) for d in R.DECKS]
        self.pile: list[list[int]] = [[] for _ in R.DECKS]
        self.last_card: list[int] | None = None  # [deck, index, player]
        self.turn = 0
        self.stage = S_ROLL
        self.phase = P_ROLL
        self.doubles = 0
        self.dice: list[int] | None = None
        self.dice_for = D_MOVE
        self.rent_mode = RENT_NORMAL
        self.card_deck = -1
        self.utility_owner = -1
        self.pending_buy = -1
        self.pending_tax = False
        self.pending_move = 0
        self.debts: list[list[int]] = []  # [debtor, creditor, amount]
        self.lift_or_keep: list[list[int]] = []  # [player, square]
        self.auction_queue: list[int] = []
        self.auction: list[Any] | None = None
        # [item, square, bidders, active flags, index of the bidder to act, high bid, leader, min bid]
        self.trade: list[Any] | None = None
        # [proposer, partner, squares, cash (>0: proposer pays), card decks]
        self.claim: list[Any] | None = None  # [item, builder, players still to ask, wanting, square]
        self.place: list[int] | None = None  # [player, item]
        self.floor: list[int] = []  # players still to be offered the floor between turns
        self.time_called = False
        self.winners_list: list[int] = []
        self.log: list[str] = []
        self.stats = dict.fromkeys(_STATS, 0)

    # ------------------------------------------------------------------------------------------
    # reading the position
    def actor(self) -> int:
        """The player to act in the current (non-chance) phase."""
        phase = self.phase
        if phase in (P_ROLL, P_AFTER, P_BUY, P_TAX):
            return self.turn
        if phase == P_AUCTION:
            a = self.auction
            return a[2][a[4]]
        if phase == P_DEBT:
            return self.debts[0][0]
        if phase == P_LIFT:
            return self.lift_or_keep[0][0]
        if phase == P_TRADE:
            return self.trade[0]
        if phase == P_REPLY:
            return self.trade[1]
        if phase == P_FLOOR:
            return self.floor[0]
        if phase == P_CLAIM:
            return self.claim[2][0]
        if phase == P_PLACE:
            return self.place[0]
        raise AssertionError(f"no actor in phase {phase}")

    def current_player(self) -> int:
        phase = self.phase
        if phase == P_OVER:
            return TERMINAL
        if phase == P_DICE or phase == P_CARD:
            return CHANCE
        return self.actor()

    def group_complete(self, sq: int) -> bool:
        """Does the owner of ``sq`` hold every square of its group?"""
        o = self.owner[sq]
        return o >= 0 and all(self.owner[s] == o for s in _GROUP[sq])

    def rent(self, sq: int, dice_total: int = 0) -> int:
        """What landing on ``sq`` costs now (for a utility, with ``dice_total`` on the dice)."""
        o = self.owner[sq]
        if o < 0 or self.mortgaged[sq]:
            return 0
        kind = _KIND[sq]
        square = _BOARD[sq]
        if kind == "street":
            lvl = self.level[sq]
            if lvl:
                return square.rents[lvl]
            return square.rents[0] * (2 if self.group_complete(sq) else 1)
        held = sum(1 for s in _GROUP[sq] if self.owner[s] == o)
        if kind == "railroad":
            return R.RAILROAD_RENTS[held]
        return R.UTILITY_MULTIPLIERS[held] * dice_total

    def buildings(self, player: int) -> tuple[int, int]:
        """``(houses, hotels)`` the player has on the board."""
        houses = hotels = 0
        for sq in R.STREETS:
            if self.owner[sq] == player:
                lvl = self.level[sq]
                if lvl == R.HOTEL_LEVEL:
                    hotels += 1
                else:
                    houses += lvl
        return houses, hotels

    def worth(self, player: int) -> int:
        """Total worth: cash, printed prices of all properties (mortgaged or not), building costs."""
        if self.bankrupt[player]:
            return 0
        total = self.cash[player]
        for sq in R.PROPERTIES:
            if self.owner[sq] == player:
                total += _PRICE[sq] + self.level[sq] * _HOUSE_COST[sq]
        return total

    def raisable(self, player: int) -> int:
        """Cash the player could have by selling every building and mortgaging every property."""
        return raisable(player, self.cash, self.owner, self.level, self.mortgaged)

    def active_players(self) -> list[int]:
        return [p for p in range(self.n) if not self.bankrupt[p]]

    def can_build(self, player: int, sq: int, paid: bool = False) -> bool:
        """May ``player`` put the next building on ``sq`` now (``paid``: a building already won)?"""
        if self.owner[sq] != player or _KIND[sq] != "street":
            return False
        lvl = self.level[sq]
        if lvl >= R.HOTEL_LEVEL:
            return False
        group = _GROUP[sq]
        for s in group:
            if self.owner[s] != player or self.mortgaged[s] or self.level[s] < lvl:
                return False
        if lvl == R.MAX_HOUSES:
            if self.bank_hotels == 0:
                return False
        elif self.bank_houses == 0:
            return False
        return paid or self.cash[player] >= _HOUSE_COST[sq]

    def can_sell(self, player: int, sq: int) -> bool:
        if self.owner[sq] != player:
            return False
        lvl = self.level[sq]
        return lvl > 0 and all(self.level[s] <= lvl for s in _GROUP[sq])

    def can_mortgage(self, player: int, sq: int) -> bool:
        return (
            self.owner[sq] == player
            and not self.mortgaged[sq]
            and all(self.level[s] == 0 for s in _GROUP[sq])
        )

    def can_unmortgage(self, player: int, sq: int) -> bool:
        return self.owner[sq] == player and self.mortgaged[sq] and self.cash[player] >= R.LIFT_COST[sq]

    def tradable(self, sq: int) -> bool:
        """A property may change hands when no lot of its group has a building."""
        return all(self.level[s] == 0 for s in _GROUP[sq])

    def buildable_lots(self, item: int) -> dict[int, list[int]]:
        """Player -> lots that could take the next house (``ITEM_HOUSE``) or a hotel now."""
        lots: dict[int, list[int]] = {}
        for sq in R.STREETS:
            p = self.owner[sq]
            if p >= 0 and (self.level[sq] == R.MAX_HOUSES) == (item == ITEM_HOTEL) and self.can_build(p, sq):
                lots.setdefault(p, []).append(sq)
        return lots

    # ------------------------------------------------------------------------------------------
    # legal actions
    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase >= P_DICE:
            return []
        p = self.actor()
        if phase == P_ROLL:
            actions = [ROLL]
            if self.in_jail[p]:
                if self.jail_turns[p] < R.JAIL_FINE_TURNS and self.cash[p] >= R.JAIL_FINE:
                    actions.append(PAY_FINE)
                if self.jail_cards[p]:
                    actions.append(USE_CARD)
            self._manage(p, actions, True)
            return sorted(actions)
        if phase == P_AFTER or phase == P_FLOOR:
            actions = [END_TURN if phase == P_AFTER else PASS]
            self._manage(p, actions, True)
            return sorted(actions)
        if phase == P_BUY:
            actions = [DECLINE]
            if self.cash[p] >= _PRICE[self.pending_buy]:
                actions.append(BUY)
            self._manage(p, actions, False)
            return sorted(actions)
        if phase == P_AUCTION:
            a = self.auction
            actions = [PASS]
            cash = self.cash[p]
            for k, step in enumerate(R.BID_STEPS):
                if max(a[5] + step, a[7]) <= cash:
                    actions.append(BID_BASE + k)
            least = max(a[5] + 1, a[7])
            most = min(cash, least + R.EXACT_BIDS - 1)
            actions.extend(range(BID_TO_BASE + least, BID_TO_BASE + most + 1))
            return actions
        if phase == P_TAX:
            return [TAX_FLAT, TAX_PERCENT]
        if phase == P_DEBT:
            actions = []
            if self.raisable(p) < self.debts[0][2]:
                actions.append(BANKRUPT)
            self._manage(p, actions, False)
            return sorted(actions)
        if phase == P_LIFT:
            sq = self.lift_or_keep[0][1]
            return [LIFT, KEEP] if self.cash[p] >= R.LIFT_COST[sq] else [KEEP]
        if phase == P_TRADE:
            return self._trade_actions()
        if phase == P_REPLY:
            return [ACCEPT, REJECT]
        if phase == P_CLAIM:
            return [PASS, WANT]
        if phase == P_PLACE:
            return [PLACE_BASE + sq for sq in R.STREETS if self._placeable(p, sq)]
        raise AssertionError(f"unknown phase {phase}")

    def _manage(self, p: int, actions: list[int], full: bool) -> None:
        # ``full``: building, lifting and trading too; otherwise only raising money (sell, mortgage)
        # plus trading while in debt. One pass over the player's squares with the group read
        # inline: this runs at almost every decision, so it avoids the can_* helpers' generators.
        owner = self.owner
        level = self.level
        mortgaged = self.mortgaged
        cash = self.cash[p]
        for sq in R.PROPERTIES:
            if owner[sq] != p:
                continue
            if mortgaged[sq]:
                if full and cash >= _LIFT_COST[sq]:
                    actions.append(UNMORTGAGE_BASE + sq)
                continue
            if not _IS_STREET[sq]:
                actions.append(MORTGAGE_BASE + sq)
                continue
            lvl = level[sq]
            low = high = lvl
            whole = True
            for s in _GROUP[sq]:
                other = level[s]
                if other < low:
                    low = other
                elif other > high:
                    high = other
                if owner[s] != p or mortgaged[s]:
                    whole = False
            if lvl:
                if lvl == high:
                    actions.append(SELL_BASE + sq)
            elif high == 0:
                actions.append(MORTGAGE_BASE + sq)
            if (
                full
                and whole
                and lvl == low
                and lvl < R.HOTEL_LEVEL
                and cash >= _HOUSE_COST[sq]
                and (self.bank_hotels if lvl == R.MAX_HOUSES else self.bank_houses)
            ):
                actions.append(BUILD_BASE + sq)
        if (full or self.phase == P_DEBT) and self.game.trading and self.trades_left[p] > 0:
            actions.extend(TRADE_WITH_BASE + q for q in range(self.n) if q != p and not self.bankrupt[q])

    def _trade_actions(self) -> list[int]:
        proposer, partner, squares, cash, cards = self.trade
        actions = []
        if squares or cash or cards:
            actions.append(PROPOSE)
        actions.append(CANCEL)
        for k, step in enumerate(R.TRADE_CASH_STEPS):
            if cash + step <= self.cash[proposer]:
                actions.append(CASH_GIVE_BASE + k)
        for k, step in enumerate(R.TRADE_CASH_STEPS):
            if -(cash - step) <= self.cash[partner]:
                actions.append(CASH_ASK_BASE + k)
        for d in range(len(R.DECKS)):
            if d in self.jail_cards[proposer] or d in self.jail_cards[partner]:
                actions.append(CARD_TOGGLE_BASE + d)
        level = self.level
        built = {_GROUP_NAME[sq] for sq in R.STREETS if level[sq]}
        owner = self.owner
        for sq in R.PROPERTIES:
            o = owner[sq]
            if (o == proposer or o == partner) and _GROUP_NAME[sq] not in built:
                actions.append(TOGGLE_BASE + sq)
        return actions

    def _placeable(self, p: int, sq: int) -> bool:
        return self.can_build(p, sq, paid=True) and (self.level[sq] == R.MAX_HOUSES) == (
            self.place[1] == ITEM_HOTEL
        )

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == P_DICE:
            return _DICE_OUTCOMES
        if self.phase == P_CARD:
            unseen = self.unseen[self.card_deck]
            p = 1 / len(unseen)
            return [(c, p) for c in unseen]
        return []

    # ------------------------------------------------------------------------------------------
    # applying actions
    def apply_action(self, action: int) -> None:
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise InvalidActionError(f"an action is an int, not {action!r}")
        action = int(action)
        if self.phase == P_OVER:
            raise IllegalActionError("the game is over")
        if self.phase >= P_DICE:
            if action not in {o for o, _ in self.chance_outcomes()}:
                raise IllegalActionError(f"{action} is not a chance outcome here")
        elif action not in self.legal_actions():
            if not _is_action(action):
                raise InvalidActionError(f"no Monopoly action {action}")
            raise IllegalActionError(f"{self.action_to_string(action)} is not legal now")
        self._apply(action)

    def _apply(self, action: int) -> None:
        phase = self.phase
        # Each branch ends in ``_continue()`` or leaves the phase set for the next decision.
        if phase == P_DICE:
            self._dice(*decode_dice(action))
            return
        if phase == P_CARD:
            self._draw(self.card_deck, action)
            return
        if BUILD_BASE <= action < BID_TO_BASE:
            self._square_action(action)
            return
        if phase == P_ROLL:
            self._roll_phase(action)
            return
        if phase == P_AFTER:
            if action == END_TURN:
                self.stage = S_END
            else:
                self._start_trade(action - TRADE_WITH_BASE)
                return
        elif phase == P_FLOOR:
            if action == PASS:
                self.floor.pop(0)
            else:
                self._start_trade(action - TRADE_WITH_BASE)
                return
        elif phase == P_BUY:
            sq = self.pending_buy
            self.pending_buy = -1
            if action == BUY:
                self._pay_bank(self.turn, _PRICE[sq])
                self.owner[sq] = self.turn
                self._event(f"P{self.turn + 1} buys {_BOARD[sq].name}")
            else:
                self._event(f"P{self.turn + 1} declines {_BOARD[sq].name}")
                self._start_auction(ITEM_PROPERTY, sq, self.active_players_from(self.turn), 1)
                return
        elif phase == P_AUCTION:
            self._auction_action(action)
            return
        elif phase == P_TAX:
            self.pending_tax = False
            p = self.turn
            if action == TAX_FLAT:
                amount = R.INCOME_TAX_FLAT
            else:
                amount = self.worth(p) * R.INCOME_TAX_PERCENT // 100
            self._event(f"P{p + 1} pays ${amount} income tax")
            self.debts.append([p, POT, amount])
        elif phase == P_DEBT:
            if action == BANKRUPT:
                debtor, creditor, _ = self.debts[0]
                self._go_bankrupt(debtor, creditor if creditor >= 0 else BANK)
            else:
                self._start_trade(action - TRADE_WITH_BASE)
                return
        elif phase == P_LIFT:
            p, sq = self.lift_or_keep.pop(0)
            if action == LIFT:
                self._pay_bank(p, R.LIFT_COST[sq])
                self.mortgaged[sq] = False
            else:
                self.debts.append([p, BANK, R.INTEREST[sq]])
        elif phase == P_TRADE:
            self._trade_action(action)
            return
        elif phase == P_REPLY:
            if action == ACCEPT:
                self._execute_trade()
            else:
                self._event(f"P{self.trade[1] + 1} rejects the trade")
            self.trade = None
        elif phase == P_CLAIM:
            self._claim_action(action)
            return
        self._continue()

    def active_players_from(self, first: int) -> list[int]:
        """Players still in, in seat order starting at ``first``."""
        n = self.n
        return [(first + i) % n for i in range(n) if not self.bankrupt[(first + i) % n]]

    def _roll_phase(self, action: int) -> None:
        p = self.turn
        if action == ROLL:
            self.dice_for = D_MOVE
            self.phase = P_DICE
            return
        if action == PAY_FINE:
            self._pay(p, POT, R.JAIL_FINE)
            self._event(f"P{p + 1} pays the ${R.JAIL_FINE} fine")
        elif action == USE_CARD:
            deck = self.jail_cards[p].pop(0)
            self._return_card(deck, R.JAIL_FREE_CARD[deck])
            self._event(f"P{p + 1} uses a Get Out of Jail Free card")
        else:
            self._start_trade(action - TRADE_WITH_BASE)
            return
        self.in_jail[p] = False
        self.jail_turns[p] = 0
        self._continue()

    # -- money ---------------------------------------------------------------------------------
    def _pay_bank(self, p: int, amount: int) -> None:
        self.cash[p] -= amount
        self.bank_in += amount

    def _from_bank(self, p: int, amount: int) -> None:
        self.cash[p] += amount
        self.bank_out += amount

    def _pay(self, p: int, creditor: int, amount: int) -> None:
        """Pay money the player has: to a player, the bank, or the Free Parking pot."""
        self.cash[p] -= amount
        if creditor >= 0:
            self.cash[creditor] += amount
        elif creditor == POT and self.game.jackpot:
            self.pot += amount
        else:
            self.bank_in += amount

    def _event(self, text: str) -> None:
        log = self.log
        log.append(text)
        if len(log) > _LOG_LENGTH:
            del log[0]

    # -- the flow --------------------------------------------------------------------------------
    def _continue(self) -> None:
        """Settle what is pending, in rule order, and stop at the next decision or chance node."""
        while True:
            if self.phase == P_OVER:
                return
            if self.lift_or_keep:
                self.phase = P_LIFT
                return
            debts = self.debts
            if debts:
                while debts:
                    debtor, creditor, amount = debts[0]
                    if self.bankrupt[debtor] or (creditor >= 0 and self.bankrupt[creditor]):
                        debts.pop(0)
                    elif self.cash[debtor] >= amount:
                        self._pay(debtor, creditor, amount)
                        debts.pop(0)
                    elif self._last_one_standing() and self.raisable(debtor) < amount:
                        # Bankruptcy would leave no winner: the bank takes the cash, writes off the rest.
                        cash = self.cash[debtor]
                        self._event(f"P{debtor + 1} cannot pay ${amount - cash}: the bank writes it off")
                        self._pay(debtor, creditor, cash)
                        debts.pop(0)
                    else:
                        self.phase = P_DEBT
                        return
                if self._last_one_standing():  # the winner's debts are settled: the figures are final
                    self._game_ended()
                    return
            if self.auction_queue:
                sq = self.auction_queue.pop(0)
                self._start_auction(ITEM_PROPERTY, sq, self.active_players_from(self.turn), 1)
                return
            p = self.turn
            if self.bankrupt[p]:
                self.pending_buy = -1
                self.pending_tax = False
                self.pending_move = 0
                self.card_deck = -1
                self.utility_owner = -1
                if self.stage != S_FLOOR:
                    self.stage = S_END
            if self.pending_buy >= 0:
                self.phase = P_BUY
                return
            if self.pending_tax:
                self.phase = P_TAX
                return
            if self.utility_owner >= 0:
                self.dice_for = D_UTILITY
                self.phase = P_DICE
                return
            if self.card_deck >= 0:
                deck = self.card_deck
                if self.unseen[deck]:
                    self.phase = P_CARD
                    return
                self._draw(deck, self.pile[deck][0], settle=False)
                continue
            if self.pending_move:
                steps = self.pending_move
                self.pending_move = 0
                self._move_by(p, steps)
                continue
            stage = self.stage
            if stage == S_ROLL:
                self.phase = P_ROLL
                return
            if stage == S_AFTER:
                self.phase = P_AFTER
                return
            if stage == S_END:
                self._end_turn()
                continue
            if self.time_called:
                self.floor = []
            if self.floor:
                self.phase = P_FLOOR
                q = self.floor[0]
                if self.bankrupt[q]:
                    self.floor.pop(0)
                    continue
                return
            self._next_turn()
            if self.phase == P_OVER:
                return

    def _end_turn(self) -> None:
        p = self.turn
        if not self.bankrupt[p]:
            self.turns_done[p] += 1
        self.stats["turns"] += 1
        if self._game_ended():
            return
        self.stage = S_FLOOR
        self.floor = [q for q in self.active_players_from(p) if q != p]
        for q in self.floor:
            self.trades_left[q] = R.TRADES_PER_TURN

    def _game_ended(self) -> bool:
        active = self.active_players()
        limit = self.game.max_turns
        if len(active) > 1 and not self.time_called:
            if not limit:
                return False
            nxt = self._next_seat()
            if self.turns_done[nxt] < limit:
                return False
        best = max(self.worth(p) for p in active)
        self.winners_list = [p for p in active if self.worth(p) == best]
        self.phase = P_OVER
        self._event("the game is over")
        return True

    def _next_seat(self) -> int:
        q = self.turn
        for _ in range(self.n):
            q = (q + 1) % self.n
            if not self.bankrupt[q]:
                return q
        return q

    def _next_turn(self) -> None:
        if self._game_ended():
            return
        self.turn = p = self._next_seat()
        self.stage = S_ROLL
        self.doubles = 0
        self.dice = None
        self.trades_left[p] = R.TRADES_PER_TURN
        self.phase = P_ROLL

    def call_time(self) -> None:
        """End the game after the current turn (the timed variant); the richest by worth wins."""
        self.time_called = True
        if self.phase == P_FLOOR:  # the turn is over: no more between-turns offers
            self._continue()

    # -- throws and moves ----------------------------------------------------------------------
    def _dice(self, d1: int, d2: int) -> None:
        p = self.turn
        self.dice = [d1, d2]
        total = d1 + d2
        self.phase = P_ROLL  # leaves the chance node; _continue sets the real phase
        if self.dice_for == D_UTILITY:
            owner = self.utility_owner
            self.utility_owner = -1
            self.debts.append([p, owner, R.CARD_UTILITY_MULTIPLIER * total])
            self._continue()
            return
        double = d1 == d2
        if self.in_jail[p]:
            if double:
                self._leave_jail(p)
                self.stage = S_AFTER
                self._event(f"P{p + 1} throws a double and leaves jail")
                self._move_by(p, total)
            else:
                self.jail_turns[p] += 1
                self.stage = S_AFTER
                if self.jail_turns[p] >= R.JAIL_MAX_TURNS:
                    self._leave_jail(p)
                    self.debts.append([p, POT, R.JAIL_FINE])
                    self.pending_move = total
                    self._event(f"P{p + 1} pays the fine after a third failed throw")
        else:
            if double:
                self.doubles += 1
                if self.doubles >= R.DOUBLES_TO_JAIL:
                    self._event(f"P{p + 1} throws a third double")
                    self._send_to_jail(p)
                    self._continue()
                    return
            self.stage = S_ROLL if double else S_AFTER
            self._move_by(p, total)
        self._continue()

    def _leave_jail(self, p: int) -> None:
        self.in_jail[p] = False
        self.jail_turns[p] = 0

    def _send_to_jail(self, p: int) -> None:
        self.pos[p] = R.JAIL
        self.in_jail[p] = True
        self.jail_turns[p] = 0
        self.doubles = 0
        self.stage = S_END
        self._event(f"P{p + 1} goes to jail")

    def _move_by(self, p: int, steps: int) -> None:
        old = self.pos[p]
        new = (old + steps) % R.NUM_SQUARES
        if new < old:
            self._from_bank(p, R.GO_SALARY)
        self.pos[p] = new
        self._land(p, RENT_NORMAL)

    def _move_to(self, p: int, sq: int, rent_mode: int) -> None:
        if sq <= self.pos[p]:
            self._from_bank(p, R.GO_SALARY)
        self.pos[p] = sq
        self._land(p, rent_mode)

    def _land(self, p: int, rent_mode: int) -> None:
        sq = self.pos[p]
        kind = _KIND[sq]
        if kind in ("street", "railroad", "utility"):
            o = self.owner[sq]
            if o < 0:
                self.pending_buy = sq
            elif o != p and not self.mortgaged[sq]:
                if rent_mode == RENT_UTILITY_TEN:
                    self.utility_owner = o
                else:
                    total = self.dice[0] + self.dice[1] if self.dice else 0
                    rent = self.rent(sq, total)
                    if rent_mode == RENT_DOUBLE_RAILROAD:
                        rent *= R.CARD_RAILROAD_FACTOR
                    self.debts.append([p, o, rent])
        elif kind == "chance" or kind == "community-chest":
            self.card_deck = R.DECK_OF_KIND[kind]
        elif kind == "income-tax":
            self.pending_tax = True
        elif kind == "luxury-tax":
            self.debts.append([p, POT, R.LUXURY_TAX])
        elif kind == "go-to-jail":
            self._send_to_jail(p)
        elif kind == "free-parking" and self.pot:
            self.cash[p] += self.pot
            self._event(f"P{p + 1} takes the ${self.pot} Free Parking pot")
            self.pot = 0

    # -- cards -----------------------------------------------------------------------------------
    def _draw(self, deck: int, index: int, settle: bool = True) -> None:
        if self.unseen[deck]:
            self.unseen[deck].remove(index)
        else:
            self.pile[deck].pop(0)
        self.card_deck = -1
        self.phase = P_ROLL  # leaves the chance node; _continue sets the real phase
        p = self.turn
        card = R.DECKS[deck][index]
        self.last_card = [deck, index, p]
        self._event(f"P{p + 1} draws {R.DECK_NAMES[deck]}: {card.key}")
        effect = card.effect
        if effect == "jail-free":
            self.jail_cards[p].append(deck)
        else:
            self._return_card(deck, index)
        if effect == "advance":
            self._move_to(p, card.square, RENT_NORMAL)
        elif effect == "nearest-railroad":
            self._move_to(p, R.next_of(self.pos[p], R.RAILROADS), RENT_DOUBLE_RAILROAD)
        elif effect == "nearest-utility":
            self._move_to(p, R.next_of(self.pos[p], R.UTILITIES), RENT_UTILITY_TEN)
        elif effect == "back":
            self.pos[p] = (self.pos[p] - card.amount) % R.NUM_SQUARES
            self._land(p, RENT_NORMAL)
        elif effect == "go-to-jail":
            self._send_to_jail(p)
        elif effect == "bank":
            if card.amount >= 0:
                self._from_bank(p, card.amount)
            else:
                self.debts.append([p, POT, -card.amount])
        elif effect == "each-player":
            for q in self.active_players_from(p):
                if q != p:
                    if card.amount >= 0:
                        self.debts.append([q, p, card.amount])
                    else:
                        self.debts.append([p, q, -card.amount])
        elif effect == "repairs":
            houses, hotels = self.buildings(p)
            amount = houses * card.per_house + hotels * card.per_hotel
            if amount:
                self.debts.append([p, POT, amount])
        if settle:
            self._continue()

    def _return_card(self, deck: int, index: int) -> None:
        if self.game.uniform_cards:
            bisect.insort(self.unseen[deck], index)
        else:
            self.pile[deck].append(index)

    # -- auctions --------------------------------------------------------------------------------
    def _start_auction(self, item: int, sq: int, bidders: list[int], min_bid: int) -> None:
        bidders = [q for q in bidders if self.cash[q] >= min_bid]
        self.stats["auctions"] += 1
        if not bidders:
            self._event(f"no bids for {self._item_text(item, sq)}")
            self._auction_over(item, sq, -1, 0)
            return
        self.auction = [item, sq, bidders, [True] * len(bidders), 0, 0, -1, min_bid]
        self.phase = P_AUCTION

    def _item_text(self, item: int, sq: int) -> str:
        return _BOARD[sq].name if item == ITEM_PROPERTY else f"a {ITEM_NAMES[item]}"

    def _auction_action(self, action: int) -> None:
        a = self.auction
        bidders, active = a[2], a[3]
        at = a[4]
        p = bidders[at]
        if action == PASS:
            active[at] = False
        else:
            if action >= BID_TO_BASE:
                a[5] = action - BID_TO_BASE
            else:
                a[5] = max(a[5] + R.BID_STEPS[action - BID_BASE], a[7])
            a[6] = p
        left = [i for i, on in enumerate(active) if on]
        leader = a[6]
        if not left or (leader >= 0 and len(left) == 1 and bidders[left[0]] == leader):
            self.auction = None
            self._auction_over(a[0], a[1], leader, a[5])
            return
        k = len(bidders)
        for step in range(1, k + 1):
            i = (at + step) % k
            if active[i] and bidders[i] != leader:
                a[4] = i
                return
        raise AssertionError("an auction with no bidder to act")

    def _auction_over(self, item: int, sq: int, winner: int, bid: int) -> None:
        self.auction = None
        if winner < 0:
            self._continue()
            return
        self._pay_bank(winner, bid)
        if item == ITEM_PROPERTY:
            self.owner[sq] = winner
            self._event(f"P{winner + 1} wins {_BOARD[sq].name} for ${bid}")
            self._continue()
            return
        self._event(f"P{winner + 1} wins {self._item_text(item, sq)} for ${bid}")
        self.place = [winner, item]
        self.phase = P_PLACE

    # -- buildings -------------------------------------------------------------------------------
    def _square_action(self, action: int) -> None:
        k, sq = divmod(action - BUILD_BASE, R.NUM_SQUARES)
        base = _SQUARE_BASES[k]
        phase = self.phase
        p = self.actor()
        if base == TOGGLE_BASE:
            squares = self.trade[2]
            if sq in squares:
                squares.remove(sq)
            else:
                squares.append(sq)
            return
        if base == PLACE_BASE:
            self.place = None
            self._put_building(sq)
            self._event(f"P{p + 1} places it on {_BOARD[sq].name}")
        elif base == BUILD_BASE:
            item = ITEM_HOTEL if self.level[sq] == R.MAX_HOUSES else ITEM_HOUSE
            if self._shortage(p, item, sq):
                return
            self._pay_bank(p, _HOUSE_COST[sq])
            self._put_building(sq)
            self._event(f"P{p + 1} builds on {_BOARD[sq].name}")
        elif base == SELL_BASE:
            self._sell_building(p, sq)
        elif base == MORTGAGE_BASE:
            self.mortgaged[sq] = True
            self._from_bank(p, _BOARD[sq].mortgage)
            self._event(f"P{p + 1} mortgages {_BOARD[sq].name}")
        else:
            self._pay_bank(p, R.LIFT_COST[sq])
            self.mortgaged[sq] = False
            self._event(f"P{p + 1} lifts the mortgage on {_BOARD[sq].name}")
        if phase == P_BUY:
            self.phase = P_BUY
            return
        self._continue()

    def _put_building(self, sq: int) -> None:
        if self.level[sq] == R.MAX_HOUSES:
            self.bank_hotels -= 1
            self.bank_houses += R.MAX_HOUSES
        else:
            self.bank_houses -= 1
        self.level[sq] += 1

    def _sell_building(self, p: int, sq: int) -> None:
        half = _HOUSE_COST[sq] * R.BUILDING_SELL_PERCENT // 100
        if self.level[sq] < R.HOTEL_LEVEL:
            self.level[sq] -= 1
            self.bank_houses += 1
            self._from_bank(p, half)
            self._event(f"P{p + 1} sells a house on {_BOARD[sq].name}")
            return
        if self.bank_houses >= R.MAX_HOUSES:
            self.level[sq] = R.MAX_HOUSES
            self.bank_houses -= R.MAX_HOUSES
            self.bank_hotels += 1
            self._from_bank(p, half)
            self._event(f"P{p + 1} sells the hotel on {_BOARD[sq].name}")
            return
        # Too few houses to break the hotel down (the classic rule): the group comes down evenly
        # to the most houses the bank can supply, this lot lowest, and every building that cannot
        # stand is sold at half price.
        group = _GROUP[sq]
        old = {s: self.level[s] for s in group}
        others = [s for s in group if s != sq]

        def needed(levels: dict[int, int]) -> int:
            return sum(levels[s] if old[s] == R.HOTEL_LEVEL else levels[s] - old[s] for s in group)

        for top in range(R.MAX_HOUSES - 1, -1, -1):
            new = {s: min(old[s], top) for s in group}
            if needed(new) <= self.bank_houses:
                break
        for s in others:  # one more house on the other lots while the bank has them
            if old[s] > top:
                new[s] = top + 1
                if needed(new) > self.bank_houses:
                    new[s] = top
        for s in group:
            if old[s] == R.HOTEL_LEVEL:
                self.bank_hotels += 1
                self.bank_houses -= new[s]
            else:
                self.bank_houses += old[s] - new[s]
            self.level[s] = new[s]
        self._from_bank(p, half * (sum(old.values()) - sum(new.values())))
        self._event(f"P{p + 1} sells the {_BOARD[sq].group} buildings down to {top} houses")

    def _shortage(self, builder: int, item: int, square: int) -> bool:
        """Start a claim round if the bank is short of this building and others could build."""
        lots = self.buildable_lots(item)
        supply = self.bank_hotels if item == ITEM_HOTEL else self.bank_houses
        if supply >= sum(len(v) for v in lots.values()):
            return False
        others = [q for q in self.active_players_from(builder) if q != builder and q in lots]
        if not others:
            return False
        self.stats["shortages"] += 1
        self.claim = [item, builder, others, [], square]
        self.phase = P_CLAIM
        self._event(f"the bank is short of {ITEM_NAMES[item]}s")
        return True

    def _claim_action(self, action: int) -> None:
        item, builder, asked, wanting, square = self.claim
        q = asked.pop(0)
        if action == WANT:
            wanting.append(q)
        if asked:
            return
        self.claim = None
        if not wanting:
            # Nobody else wants one: the builder builds as if no one had been asked.
            self._pay_bank(builder, _HOUSE_COST[square])
            self._put_building(square)
            self._event(f"P{builder + 1} builds on {_BOARD[square].name}")
            self._continue()
            return
        lots = self.buildable_lots(item)
        bidders = [builder, *wanting]
        min_bid = min(_HOUSE_COST[sq] for q in bidders for sq in lots.get(q, ()))
        self._start_auction(item, square, bidders, min_bid)

    # -- trades ----------------------------------------------------------------------------------
    def _start_trade(self, partner: int) -> None:
        p = self.actor()
        self.trades_left[p] -= 1
        self.trade = [p, partner, [], 0, []]
        self.phase = P_TRADE

    def _trade_action(self, action: int) -> None:
        t = self.trade
        if action == PROPOSE:
            self.phase = P_REPLY
            self._event(f"P{t[0] + 1} offers P{t[1] + 1} a trade")
        elif action == CANCEL:
            self.trade = None
            self._continue()
        elif action >= CARD_TOGGLE_BASE:
            deck = action - CARD_TOGGLE_BASE
            if deck in t[4]:
                t[4].remove(deck)
            else:
                t[4].append(deck)
        elif action >= CASH_ASK_BASE:
            t[3] -= R.TRADE_CASH_STEPS[action - CASH_ASK_BASE]
        else:
            t[3] += R.TRADE_CASH_STEPS[action - CASH_GIVE_BASE]

    def _execute_trade(self) -> None:
        proposer, partner, squares, cash, cards = self.trade
        for sq in sorted(squares):
            receiver = partner if self.owner[sq] == proposer else proposer
            self.owner[sq] = receiver
            if self.mortgaged[sq]:
                self.lift_or_keep.append([receiver, sq])
        self.cash[proposer] -= cash
        self.cash[partner] += cash
        for deck in cards:
            giver, receiver = (
                (proposer, partner) if deck in self.jail_cards[proposer] else (partner, proposer)
            )
            self.jail_cards[giver].remove(deck)
            self.jail_cards[receiver].append(deck)
        self.stats["trades"] += 1
        self._event(f"P{partner + 1} accepts P{proposer + 1}'s trade")

    # -- bankruptcy ------------------------------------------------------------------------------
    def _go_bankrupt(self, p: int, creditor: int) -> None:
        """``p`` cannot pay ``creditor`` (a player, or ``BANK``): everything goes."""
        self.stats["bankruptcies"] += 1
        owned = [sq for sq in R.PROPERTIES if self.owner[sq] == p]
        if creditor >= 0:
            # Buildings are sold to the bank at half price first; the creditor gets that money,
            # the cash, the properties (mortgages and all) and the cards.
            for sq in owned:
                while self.level[sq]:
                    self._sell_building(p, sq)
            self.cash[creditor] += self.cash[p]
            for sq in owned:
                self.owner[sq] = creditor
                if self.mortgaged[sq]:
                    self.lift_or_keep.append([creditor, sq])
            self.jail_cards[creditor].extend(self.jail_cards[p])
            self._event(f"P{p + 1} is bankrupt to P{creditor + 1}")
        else:
            # To the bank: buildings go back, mortgages are cancelled and the properties auctioned.
            for sq in owned:
                lvl = self.level[sq]
                if lvl == R.HOTEL_LEVEL:
                    self.bank_hotels += 1
                else:
                    self.bank_houses += lvl
                self.level[sq] = 0
                self.mortgaged[sq] = False
                self.owner[sq] = -1
            self.bank_in += self.cash[p]
            for deck in self.jail_cards[p]:
                self._return_card(deck, R.JAIL_FREE_CARD[deck])
            self.auction_queue.extend(owned)
            self._event(f"P{p + 1} is bankrupt to the bank")
        self.cash[p] = 0
        self.jail_cards[p] = []
        self.bankrupt[p] = True
        self.in_jail[p] = False
        self.debts = [d for d in self.debts if d[0] != p and d[1] != p]
        self.lift_or_keep = [x for x in self.lift_or_keep if x[0] != p]
        if self._last_one_standing():
            # The game is decided, but the winner still owes the 10% on every mortgage handed over,
            # as a keeper does, and the game ends once it is paid. The winner is not asked to lift
            # one: with no turn to come, a lift would only lower the final worth (which counts a
            # mortgaged lot at its full price).
            self.auction_queue = []
            self.debts.extend([q, BANK, R.INTEREST[sq]] for q, sq in self.lift_or_keep)
            self.lift_or_keep = []
            if not self.debts:
                self._game_ended()

    def _last_one_standing(self) -> bool:
        return self.bankrupt.count(False) == 1

    # -- text ------------------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        if self.phase == P_DICE:
            if not 0 <= action < 36:
                raise InvalidActionError(f"no throw {action}")
            d1, d2 = decode_dice(action)
            return f"dice {d1}+{d2}"
        if self.phase == P_CARD:
            deck = R.DECKS[self.card_deck]
            if not 0 <= action < len(deck):
                raise InvalidActionError(f"no card {action}")
            return f"card {R.DECK_NAMES[self.card_deck]}:{deck[action].key}"
        text = _ACTION_TEXT.get(action)
        if text is None:
            return action_text(action)  # an exact bid (or an error)
        return text

    def string_to_action(self, text: str) -> int:
        if self.phase in (P_DICE, P_CARD):
            return super().string_to_action(text)
        action = _TEXT_TO_ACTION.get(text)
        if action is None:
            action = _exact_bid(text)
        if action is None:
            raise InvalidActionError(f"no action {text!r}")
        return action

    # -- results ---------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Each player's total worth (0 once bankrupt)."""
        return [float(self.worth(p)) for p in range(self.n)]

    def winners(self) -> list[int]:
        if self.phase == P_OVER:
            return list(self.winners_list)
        return super().winners()

    # -- observation and saving ------------------------------------------------------------------
    _SAVE_FIELDS: ClassVar[tuple[str, ...]] = (
        "cash", "pos", "in_jail", "jail_turns", "jail_cards", "bankrupt", "turns_done", "trades_left",
        "owner", "level", "mortgaged", "bank_houses", "bank_hotels", "pot", "bank_in", "bank_out",
        "unseen", "pile", "last_card", "turn", "stage", "phase", "doubles", "dice", "dice_for",
        "card_deck", "utility_owner", "pending_buy", "pending_tax", "pending_move", "debts",
        "lift_or_keep", "auction_queue", "auction", "trade", "claim", "place", "floor",
        "time_called", "winners_list", "log", "stats",
    )  # fmt: skip

    def to_dict(self, player: int | None = None) -> dict[str, Any]:
        if player is None:
            data: dict[str, Any] = {"version": self.SCHEMA_VERSION}
            for name in self._SAVE_FIELDS:
                data[name] = _COPY[name](getattr(self, name))
            return data
        current = self.current_player()
        legal = self.legal_actions()
        owners = self.owner
        levels = self.level
        mortgaged = self.mortgaged
        squares = []
        for sq, fixed in enumerate(_SQUARE_FACTS):
            owner = owners[sq]
            lvl = levels[sq]
            squares.append({
                **fixed,
                "owner": owner if owner >= 0 else None,
                "houses": lvl if lvl < R.HOTEL_LEVEL else 0, "hotel": lvl == R.HOTEL_LEVEL,
                "mortgaged": mortgaged[sq],
                "rent": self.rent(sq, 1) if owner >= 0 else 0,
            })  # fmt: skip
        worths = self.returns()
        a = self.auction
        t = self.trade
        c = self.claim
        card = self.last_card
        return {
            "game": self.game.name,
            "viewer": player,
            "num_players": self.n,
            "current_player": current,
            "legal": [{"action": x, "text": self.action_to_string(x)} for x in legal],
            "returns": worths,
            "over": self.phase == P_OVER,
            "phase": PHASE_NAMES[self.phase],
            "turn_player": self.turn,
            "round": self.turns_done[self.turn] + 1,
            "doubles": self.doubles,
            "dice": list(self.dice) if self.dice else None,
            "players": [
                {
                    "cash": self.cash[p],
                    "position": self.pos[p],
                    "in_jail": self.in_jail[p],
                    "jail_turns": self.jail_turns[p],
                    "jail_cards": list(self.jail_cards[p]),
                    "bankrupt": self.bankrupt[p],
                    "worth": int(worths[p]),
                }
                for p in range(self.n)
            ],  # fmt: skip
            "squares": squares,
            "bank": {"houses": self.bank_houses, "hotels": self.bank_hotels},
            "free_parking_pot": self.pot,
            "decks": [
                {"name": name, "cards": len(self.unseen[d]) + len(self.pile[d])}
                for d, name in enumerate(R.DECK_NAMES)
            ],
            "last_card": None
            if card is None
            else {
                "deck": card[0],
                "index": card[1],
                "key": R.DECKS[card[0]][card[1]].key,
                "text": R.DECKS[card[0]][card[1]].text,
                "player": card[2],
            },  # fmt: skip
            "pending": {
                "buy": self.pending_buy if self.pending_buy >= 0 else None,
                "debts": [{"debtor": d, "creditor": max(c_, BANK), "amount": x} for d, c_, x in self.debts],
                "lift_or_keep": [list(x) for x in self.lift_or_keep],
                "auction": None
                if a is None
                else {
                    "item": ITEM_NAMES[a[0]],
                    "square": a[1] if a[1] >= 0 else None,
                    "bidders": list(a[2]),
                    "active": list(a[3]),
                    "bidder": a[2][a[4]],
                    "high_bid": a[5],
                    "leader": a[6] if a[6] >= 0 else None,
                    "min_bid": a[7],
                },  # fmt: skip
                "trade": None
                if t is None
                else {
                    "proposer": t[0],
                    "partner": t[1],
                    "squares": sorted(t[2]),
                    "cash": t[3],
                    "cards": list(t[4]),
                },
                "claim": None
                if c is None
                else {"kind": ITEM_NAMES[c[0]], "builder": c[1], "asked": list(c[2]), "wanting": list(c[3])},
                "place": None
                if self.place is None
                else {"player": self.place[0], "kind": ITEM_NAMES[self.place[1]]},
            },
            "log": list(self.log),
            "stats": dict(self.stats),
        }

    @classmethod
    def from_dict(cls, game: Game, data: Mapping[str, Any]) -> MonopolyState:
        if not isinstance(game, MonopolyGame):
            raise SaveFormatError(f"not a Monopoly game: {game!r}")
        if not isinstance(data, Mapping):
            raise SaveFormatError("a Monopoly save is a mapping")
        if data.get("version") != cls.SCHEMA_VERSION:
            raise SaveFormatError(f"unknown Monopoly save version {data.get('version')!r}")
        state = cls(game)
        try:
            for name in cls._SAVE_FIELDS:
                setattr(state, name, _plain_copy(data[name]))
            _validate(state)
        except SaveFormatError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise SaveFormatError(f"damaged Monopoly save: {exc!r}") from exc
        return state

    def clone(self) -> MonopolyState:
        other = MonopolyState.__new__(MonopolyState)
        other.game = self.game
        other.n = self.n
        for name in self._SAVE_FIELDS:
            setattr(other, name, _COPY[name](getattr(self, name)))
        return other

    def perturb_hidden(self, viewer: int, rng: np.random.Generator) -> MonopolyState:
        """A copy with the returned cards of each deck in another order (nobody sees that order)."""
        other = self.clone()
        for pile in other.pile:
            rng.shuffle(pile)
        return other


# -- action text -------------------------------------------------------------------------------
def action_text(action: int) -> str:
    """The text of a player action (not a chance outcome)."""
    if action in _SIMPLE_TEXT:
        return _SIMPLE_TEXT[action]
    if action > BID_TO_BASE:
        return f"bid ${action - BID_TO_BASE}"
    if BID_BASE <= action < BID_BASE + len(R.BID_STEPS):
        return f"bid +{R.BID_STEPS[action - BID_BASE]}"
    if TRADE_WITH_BASE <= action < TRADE_WITH_BASE + 6:
        return f"trade with P{action - TRADE_WITH_BASE + 1}"
    if CASH_GIVE_BASE <= action < CASH_GIVE_BASE + len(R.TRADE_CASH_STEPS):
        return f"give ${R.TRADE_CASH_STEPS[action - CASH_GIVE_BASE]}"
    if CASH_ASK_BASE <= action < CASH_ASK_BASE + len(R.TRADE_CASH_STEPS):
        return f"ask ${R.TRADE_CASH_STEPS[action - CASH_ASK_BASE]}"
    if CARD_TOGGLE_BASE <= action < CARD_TOGGLE_BASE + len(R.DECKS):
        return f"toggle card {R.DECK_NAMES[action - CARD_TOGGLE_BASE]}"
    if BUILD_BASE <= action < PLACE_BASE + R.NUM_SQUARES:
        k = (action - BUILD_BASE) // R.NUM_SQUARES
        sq = (action - BUILD_BASE) % R.NUM_SQUARES
        if _BOARD[sq].is_property:
            return f"{_SQUARE_VERBS[k]} {_BOARD[sq].name}"
    raise InvalidActionError(f"no Monopoly action {action}")


def _all_actions() -> list[int]:
    actions = []
    for a in range(PLACE_BASE + R.NUM_SQUARES):
        try:
            action_text(a)
        except InvalidActionError:
            continue
        actions.append(a)
    return actions


_ALL_ACTIONS = frozenset(_all_actions())
_SQUARE_FACTS = tuple(
    {"index": s.index, "name": s.name, "kind": s.kind, "group": s.group or None, "price": s.price}
    for s in _BOARD
)
_TEXT_TO_ACTION = {action_text(a): a for a in _ALL_ACTIONS}
_ACTION_TEXT = {a: t for t, a in _TEXT_TO_ACTION.items()}


def _exact_bid(text: str) -> int | None:
    """``"bid $250"`` -> the exact bid's action (None for any other text)."""
    digits = text[5:] if text.startswith("bid $") else ""
    if not digits.isascii() or not digits.isdigit() or digits.startswith("0"):
        return None
    return BID_TO_BASE + int(digits)


def _is_action(action: int) -> bool:
    return action in _ALL_ACTIONS or action > BID_TO_BASE


def _same(value: Any) -> Any:
    return value


def _flat(value: list[Any] | None) -> list[Any] | None:
    return None if value is None else list(value)


def _nested(value: list[list[Any]]) -> list[list[Any]]:
    return [list(v) for v in value]


def _plain_copy(value: Any) -> Any:
    """A copy of JSON-like data (lists, dicts, scalars) without ``copy.deepcopy``'s overhead."""
    if isinstance(value, list):
        return [_plain_copy(v) if isinstance(v, (list, dict)) else v for v in value]
    if isinstance(value, dict):
        return {k: _plain_copy(v) if isinstance(v, (list, dict)) else v for k, v in value.items()}
    return value


# -- save validation: a save is hostile input ----------------------------------------------------
_BIG = 10**9


def _int(value: Any, lo: int, hi: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise SaveFormatError(f"{what} must be a whole number from {lo} to {hi}, not {value!r}")
    return value


def _bool(value: Any, what: str) -> None:
    if not isinstance(value, bool):
        raise SaveFormatError(f"{what} must be true or false, not {value!r}")


def _list(value: Any, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise SaveFormatError(f"{what} must be a list" + (f" of {length}" if length is not None else ""))
    return value


def _ints(value: Any, what: str, lo: int, hi: int, length: int | None = None) -> list[int]:
    for i, v in enumerate(_list(value, what, length)):
        _int(v, lo, hi, f"{what}[{i}]")
    return value


def _validate(s: MonopolyState) -> None:
    n = s.n
    last = n - 1
    _ints(s.cash, "cash", 0, _BIG, n)
    _ints(s.pos, "pos", 0, R.NUM_SQUARES - 1, n)
    for name in ("in_jail", "bankrupt"):
        for i, v in enumerate(_list(getattr(s, name), name, n)):
            _bool(v, f"{name}[{i}]")
    _ints(s.jail_turns, "jail_turns", 0, R.JAIL_MAX_TURNS - 1, n)
    _ints(s.turns_done, "turns_done", 0, _BIG, n)
    _ints(s.trades_left, "trades_left", 0, R.TRADES_PER_TURN, n)
    held = [0] * len(R.DECKS)
    for p, cards in enumerate(_list(s.jail_cards, "jail_cards", n)):
        for d in _ints(cards, f"jail_cards[{p}]", 0, len(R.DECKS) - 1):
            held[d] += 1
    for d in range(len(R.DECKS)):
        unseen = _ints(s.unseen[d], f"unseen[{d}]", 0, len(R.DECKS[d]) - 1)
        pile = _ints(s.pile[d], f"pile[{d}]", 0, len(R.DECKS[d]) - 1)
        everything = sorted(unseen + pile + [R.JAIL_FREE_CARD[d]] * held[d])
        if everything != list(range(len(R.DECKS[d]))) or unseen != sorted(unseen):
            raise SaveFormatError(f"deck {R.DECK_NAMES[d]} does not hold each card once")
    _list(s.unseen, "unseen", len(R.DECKS))
    _list(s.pile, "pile", len(R.DECKS))
    _ints(s.owner, "owner", -1, last, R.NUM_SQUARES)
    _ints(s.level, "level", 0, R.HOTEL_LEVEL, R.NUM_SQUARES)
    for i, v in enumerate(_list(s.mortgaged, "mortgaged", R.NUM_SQUARES)):
        _bool(v, f"mortgaged[{i}]")
    for sq in range(R.NUM_SQUARES):
        o = s.owner[sq]
        if o >= 0 and (not _BOARD[sq].is_property or s.bankrupt[o]):
            raise SaveFormatError(f"square {sq} cannot be owned by {o}")
        if s.level[sq] and (o < 0 or _KIND[sq] != "street" or s.mortgaged[sq]):
            raise SaveFormatError(f"square {sq} cannot have buildings")
        if s.mortgaged[sq] and o < 0:
            raise SaveFormatError(f"square {sq} is mortgaged without an owner")
    _int(s.bank_houses, 0, R.BANK_HOUSES, "bank_houses")
    _int(s.bank_hotels, 0, R.BANK_HOTELS, "bank_hotels")
    houses = sum(lvl for lvl in s.level if lvl < R.HOTEL_LEVEL)
    hotels = sum(1 for lvl in s.level if lvl == R.HOTEL_LEVEL)
    if houses + s.bank_houses != R.BANK_HOUSES or hotels + s.bank_hotels != R.BANK_HOTELS:
        raise SaveFormatError("the houses and hotels do not add up to the bank's 32 and 12")
    for name in ("pot", "bank_in", "bank_out"):
        _int(getattr(s, name), 0, _BIG, name)
    if sum(s.cash) + s.pot != n * s.game.starting_cash + s.bank_out - s.bank_in:
        raise SaveFormatError("the money does not add up")
    if s.last_card is not None:
        deck, index, player = _ints(s.last_card, "last_card", -1, _BIG, 3)
        _int(deck, 0, len(R.DECKS) - 1, "last_card deck")
        _int(index, 0, len(R.DECKS[deck]) - 1, "last_card index")
        _int(player, 0, last, "last_card player")
    _int(s.turn, 0, last, "turn")
    _int(s.stage, S_ROLL, S_FLOOR, "stage")
    _int(s.phase, P_ROLL, P_OVER, "phase")
    _int(s.doubles, 0, R.DOUBLES_TO_JAIL - 1, "doubles")
    if s.dice is not None:
        _ints(s.dice, "dice", 1, 6, 2)
    _int(s.dice_for, D_MOVE, D_UTILITY, "dice_for")
    _int(s.card_deck, -1, len(R.DECKS) - 1, "card_deck")
    _int(s.utility_owner, -1, last, "utility_owner")
    _int(s.pending_buy, -1, R.NUM_SQUARES - 1, "pending_buy")
    if s.pending_buy >= 0 and (not _BOARD[s.pending_buy].is_property or s.owner[s.pending_buy] >= 0):
        raise SaveFormatError("pending_buy is not an unowned property")
    _bool(s.pending_tax, "pending_tax")
    _int(s.pending_move, 0, 12, "pending_move")
    for i, debt in enumerate(_list(s.debts, "debts")):
        _ints(debt, f"debts[{i}]", -2, _BIG, 3)
        _int(debt[0], 0, last, "debtor")
        _int(debt[1], POT, last, "creditor")
    for i, pair in enumerate(_list(s.lift_or_keep, "lift_or_keep")):
        player, sq = _ints(pair, f"lift_or_keep[{i}]", 0, R.NUM_SQUARES - 1, 2)
        if player > last or s.owner[sq] != player or not s.mortgaged[sq]:
            raise SaveFormatError("lift_or_keep names a property that is not the player's mortgaged one")
    for sq in _ints(s.auction_queue, "auction_queue", 0, R.NUM_SQUARES - 1):
        if s.owner[sq] >= 0 or not _BOARD[sq].is_property:
            raise SaveFormatError("auction_queue holds a square that cannot be auctioned")
    if s.auction is not None:
        a = _list(s.auction, "auction", 8)
        _int(a[0], ITEM_PROPERTY, ITEM_HOTEL, "auction item")
        _int(a[1], -1 if a[0] != ITEM_PROPERTY else 0, R.NUM_SQUARES - 1, "auction square")
        bidders = _ints(a[2], "auction bidders", 0, last)
        active = _list(a[3], "auction active", len(bidders))
        for v in active:
            _bool(v, "auction active")
        _int(a[4], 0, len(bidders) - 1, "auction bidder")
        _int(a[5], 0, _BIG, "auction high bid")
        _int(a[6], -1, last, "auction leader")
        _int(a[7], 0, _BIG, "auction min bid")
        if not bidders or len(set(bidders)) != len(bidders) or not active[a[4]]:
            raise SaveFormatError("the auction's bidders are damaged")
    if s.trade is not None:
        t = _list(s.trade, "trade", 5)
        _int(t[0], 0, last, "trade proposer")
        _int(t[1], 0, last, "trade partner")
        for sq in _ints(t[2], "trade squares", 0, R.NUM_SQUARES - 1):
            if s.owner[sq] not in (t[0], t[1]) or not s.tradable(sq):
                raise SaveFormatError("the trade offers a square neither side may trade")
        _int(t[3], -s.cash[t[1]], s.cash[t[0]], "trade cash")
        for d in _ints(t[4], "trade cards", 0, len(R.DECKS) - 1):
            if d not in s.jail_cards[t[0]] and d not in s.jail_cards[t[1]]:
                raise SaveFormatError("the trade offers a card neither side holds")
        if t[0] == t[1] or len(set(t[2])) != len(t[2]) or len(set(t[4])) != len(t[4]):
            raise SaveFormatError("the trade is damaged")
    if s.claim is not None:
        c = _list(s.claim, "claim", 5)
        _int(c[0], ITEM_HOUSE, ITEM_HOTEL, "claim item")
        _int(c[1], 0, last, "claim builder")
        _ints(c[2], "claim asked", 0, last)
        _ints(c[3], "claim wanting", 0, last)
        _int(c[4], 0, R.NUM_SQUARES - 1, "claim square")
    if s.place is not None:
        _int(_list(s.place, "place", 2)[0], 0, last, "place player")
        _int(s.place[1], ITEM_HOUSE, ITEM_HOTEL, "place item")
    _ints(s.floor, "floor", 0, last)
    _bool(s.time_called, "time_called")
    _ints(s.winners_list, "winners_list", 0, last)
    for line in _list(s.log, "log"):
        if not isinstance(line, str):
            raise SaveFormatError("log lines are text")
    if not isinstance(s.stats, dict) or set(s.stats) != set(_STATS):
        raise SaveFormatError("stats are damaged")
    for key, value in s.stats.items():
        _int(value, 0, _BIG, f"stats {key}")
    needs = {
        P_AUCTION: s.auction is not None, P_DEBT: bool(s.debts), P_LIFT: bool(s.lift_or_keep),
        P_TRADE: s.trade is not None, P_REPLY: s.trade is not None, P_FLOOR: bool(s.floor),
        P_CLAIM: s.claim is not None and bool(s.claim[2]), P_PLACE: s.place is not None,
        P_CARD: s.card_deck >= 0 and bool(s.unseen[max(s.card_deck, 0)]), P_BUY: s.pending_buy >= 0,
        P_TAX: s.pending_tax,
    }  # fmt: skip
    if not needs.get(s.phase, True):
        raise SaveFormatError(f"phase {PHASE_NAMES[s.phase]} has nothing to decide")
    if s.phase not in (P_OVER, P_DICE, P_CARD):
        actor = s.actor()
        if s.bankrupt[actor] or not s.legal_actions():
            raise SaveFormatError("the player to act cannot act")
    if s.phase != P_OVER and s.bankrupt.count(False) < 2:
        # a decided game waits only for the winner to raise what they owe, and never for more
        # than selling and mortgaging could pay (the last player standing does not go bankrupt)
        if s.phase != P_DEBT or s.raisable(s.debts[0][0]) < s.debts[0][2]:
            raise SaveFormatError("a game with one player left has nothing to decide but that player's debts")


# How each saved field is copied (saves and clone() run often in simulations and tests).
_COPY: dict[str, Any] = {name: _same for name in MonopolyState._SAVE_FIELDS}
_COPY.update(dict.fromkeys(
    ("cash", "pos", "in_jail", "jail_turns", "bankrupt", "turns_done", "trades_left", "owner", "level",
     "mortgaged", "last_card", "dice", "auction_queue", "place", "floor", "winners_list", "log"), _flat,
))  # fmt: skip
_COPY.update(dict.fromkeys(("jail_cards", "unseen", "pile", "debts", "lift_or_keep"), _nested))
_COPY.update(dict.fromkeys(("auction", "trade", "claim", "stats"), _plain_copy))
