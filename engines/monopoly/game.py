"""The Monopoly board game engine: every rule of the classic US game as a state machine.

``load_game("monopoly", num_players=2..6, max_turns=0, free_parking_jackpot=False, trading=True,
cards="deck")``. ``max_turns`` > 0 ends the game when every player still in has had that many
turns (the richest by total worth wins); ``state.call_time()`` ends it after the current turn
(the TV's timed evening). ``cards="uniform"`` draws every card uniformly from its deck and puts it
straight back (the landing-odds model's way); ``"deck"`` is the real shuffled pile.

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
``auction``         the bidder in turn: BID_BASE + k (raise by ``BID_STEPS[k]``), PASS (out)
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
PLACE_BASE 300 (each + square 0-39). A trade is thus a run of small actions: TRADE_WITH p, any
toggles and cash steps, PROPOSE, then the partner's ACCEPT or REJECT.

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
- ``log``: the last events (short strings, newest last); ``stats``: ``trades``, ``auctions``,
  ``shortages``, ``bankruptcies``.

``to_dict()`` without a player is the save (``version`` 1), with the decks' order.
"""

from __future__ import annotations

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
