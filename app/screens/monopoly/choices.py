"""What a human may decide now, as the rows of the decision panel (pure: an observation in, rows out).

Every engine decision of :mod:`engines.monopoly.game` becomes rows the remote picks with UP/DOWN
and SELECT: an engine action, or a command of the screen (``manage``: the group view where + and -
build and sell and SELECT mortgages and lifts). Rows marked ``confirm`` (declaring bankruptcy)
take a second SELECT on a clearly shown question. Rows with an ``entry`` hold an amount the
digit keys type and LEFT/RIGHT step: an auction bid, the cash either side pays in a trade.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.i18n import t
from app.screens.monopoly.look import money, square_name
from engines.monopoly import game as G
from engines.monopoly import rules as R
from engines.monopoly.ai import favours_proposer


@dataclass(frozen=True)
class Choice:
    """One row of the decision panel: ``label`` (and ``value`` at the far end) runs ``action``
    (an engine action) or ``command`` (a screen command)."""

    label: str
    action: int | None = None
    command: str | None = None
    value: str = ""
    confirm: str = ""
    """Non-empty: the question a second SELECT answers (an irreversible choice)."""
    owner: int | None = None
    """The player the row is about (a trade's partner, whose a property is now): their token."""
    entry: str = ""
    """``bid``, ``give`` or ``ask``: the row's amount is typed with the digit keys."""
    amount: int = 0
    """An entry row's amount now (for ``bid`` the typed bid, which ``action`` places when legal)."""
    low: int = 0
    """The least an entry row's amount may be (the least bid; 0 for a trade's cash)."""
    high: int = 0
    """The most an entry row's amount may be (the bidder's or the paying side's cash)."""


ENTRY_STEP = 10
"""LEFT/RIGHT on an entry row take this much off or put it on."""


def typed(amount: int, digit: int, fresh: bool, high: int) -> int | None:
    """``amount`` after the digit key ``digit`` (``fresh``: the first digit on the row replaces
    it); None when the result would be more than ``high``.

    >>> typed(15, 0, False, 1500), typed(15, 7, True, 1500), typed(150, 1, False, 1500)
    (150, 7, None)
    """
    value = digit if fresh else amount * 10 + digit
    return value if value <= high else None


def cash_steps(cash: int, target: int) -> list[int]:
    """The trade-composing actions that take the offer's cash from ``cash`` to ``target`` (>0: the
    proposer pays), largest steps first. Every step on the way stays between the two, so each is
    legal when both ends are.

    >>> [G.action_text(a) for a in cash_steps(0, 120)]
    ['give $100', 'give $10', 'give $10']
    >>> [G.action_text(a) for a in cash_steps(20, -1)]
    ['ask $10', 'ask $10', 'ask $1']
    """
    base = G.CASH_GIVE_BASE if target > cash else G.CASH_ASK_BASE
    left = abs(target - cash)
    actions: list[int] = []
    for k in reversed(range(len(R.TRADE_CASH_STEPS))):
        step = R.TRADE_CASH_STEPS[k]
        actions += [base + k] * (left // step)
        left %= step
    return actions


MANAGE_BASES = (G.BUILD_BASE, G.SELL_BASE, G.MORTGAGE_BASE, G.UNMORTGAGE_BASE)


def managing(legal: Sequence[int]) -> bool:
    """Whether any build, sell, mortgage or lift is open now."""
    return any(G.BUILD_BASE <= a < G.TOGGLE_BASE for a in legal)


def _trades(legal: Sequence[int], name: Callable[[int], str]) -> list[Choice]:
    return [
        Choice(t("mono.choice.trade_with", name=name(a - G.TRADE_WITH_BASE)), a, owner=a - G.TRADE_WITH_BASE)
        for a in legal
        if G.TRADE_WITH_BASE <= a < G.CASH_GIVE_BASE
    ]


def _manage_row(legal: Sequence[int], raising: bool) -> list[Choice]:
    if not managing(legal):
        return []
    return [Choice(t("mono.choice.raise" if raising else "mono.choice.manage"), command="manage")]


def choices(obs: Mapping[str, Any], name: Callable[[int], str], bid: int | None = None) -> list[Choice]:
    """The rows for the player to act in observation ``obs`` (``name(seat)`` names a player;
    ``bid``: the amount typed on an auction's bid row, None for the least bid)."""
    legal = [entry["action"] for entry in obs["legal"]]
    phase = obs["phase"]
    rows: list[Choice] = []
    if phase == "roll":
        rows.append(Choice(t("mono.choice.roll"), G.ROLL))
        if G.PAY_FINE in legal:
            rows.append(Choice(t("mono.choice.pay_fine"), G.PAY_FINE, value=money(R.JAIL_FINE)))
        if G.USE_CARD in legal:
            rows.append(Choice(t("mono.choice.use_card"), G.USE_CARD))
        rows += _manage_row(legal, False) + _trades(legal, name)
    elif phase == "after-roll":
        rows.append(Choice(t("mono.choice.end_turn"), G.END_TURN))
        rows += _manage_row(legal, False) + _trades(legal, name)
    elif phase == "between-turns":
        rows.append(Choice(t("mono.choice.pass_floor"), G.PASS))
        rows += _manage_row(legal, False) + _trades(legal, name)
    elif phase == "buy":
        sq = obs["pending"]["buy"]
        price = obs["squares"][sq]["price"]
        if G.BUY in legal:
            rows.append(Choice(t("mono.choice.buy"), G.BUY, value=money(price)))
        rows.append(Choice(t("mono.choice.auction"), G.DECLINE))
        rows += _manage_row(legal, True)
    elif phase == "income-tax":
        rows.append(Choice(t("mono.choice.tax_flat"), G.TAX_FLAT, value=money(R.INCOME_TAX_FLAT)))
        rows.append(Choice(t("mono.choice.tax_percent"), G.TAX_PERCENT, value=f"{R.INCOME_TAX_PERCENT}%"))
    elif phase == "debt":
        rows += _manage_row(legal, True) + _trades(legal, name)
        if G.BANKRUPT in legal:
            debt = obs["pending"]["debts"][0]
            creditor = debt["creditor"]
            question = t(
                "mono.confirm.bankrupt_player" if creditor >= 0 else "mono.confirm.bankrupt_bank",
                name=name(creditor) if creditor >= 0 else "",
            )
            rows.append(Choice(t("mono.choice.bankrupt"), G.BANKRUPT, confirm=question))
    elif phase == "lift-or-keep":
        sq = obs["pending"]["lift_or_keep"][0][1]
        if G.LIFT in legal:
            rows.append(Choice(t("mono.choice.lift"), G.LIFT, value=money(R.LIFT_COST[sq])))
        rows.append(
            Choice(t("mono.choice.keep"), G.KEEP, value=money(R.LIFT_COST[sq] - R.BOARD[sq].mortgage))
        )
    elif phase == "trade":
        rows += trade_rows(obs, legal, name)
    elif phase == "trade-reply":
        rows.append(Choice(t("mono.choice.accept"), G.ACCEPT))
        rows.append(Choice(t("mono.choice.reject"), G.REJECT))
    elif phase == "shortage-claim":
        rows.append(Choice(t("mono.choice.want"), G.WANT))
        rows.append(Choice(t("mono.choice.no_want"), G.PASS))
    elif phase == "place-building":
        for a in legal:
            if G.PLACE_BASE <= a < G.PLACE_BASE + R.NUM_SQUARES:
                rows.append(Choice(square_name(a - G.PLACE_BASE), a))
    elif phase == "auction":
        rows += auction_rows(obs, legal, bid)
    return rows


def auction_rows(obs: Mapping[str, Any], legal: Sequence[int], bid: int | None = None) -> list[Choice]:
    """The bid row the digit keys type (``bid``, at first the least bid), a bid for each step the
    engine allows (the amount it makes), then dropping out."""
    a = obs["pending"]["auction"]
    rows = []
    exact = [x for x in legal if x >= G.BID_TO_BASE]
    if exact:
        least, most = exact[0] - G.BID_TO_BASE, exact[-1] - G.BID_TO_BASE
        amount = least if bid is None else bid
        action = G.BID_TO_BASE + amount if least <= amount <= most else None
        rows.append(
            Choice(
                t("mono.choice.bid_typed"),
                action,
                value=money(amount),
                entry="bid",
                amount=amount,
                low=least,
                high=most,
            )
        )
    for k, step in enumerate(R.BID_STEPS):
        if G.BID_BASE + k in legal:
            bid = max(a["high_bid"] + step, a["min_bid"])
            rows.append(Choice(t("mono.choice.bid", step=money(step)), G.BID_BASE + k, value=money(bid)))
    rows.append(Choice(t("mono.choice.drop_out"), G.PASS))
    return rows


def trade_rows(obs: Mapping[str, Any], legal: Sequence[int], name: Callable[[int], str]) -> list[Choice]:
    """Composing an offer: propose or cancel first, the cash each side pays (typed), then each
    property either side may put in (a tick where it is in) and the jail cards."""
    trade = obs["pending"]["trade"]
    rows: list[Choice] = []
    if G.PROPOSE in legal:
        rows.append(Choice(t("mono.choice.propose"), G.PROPOSE))
    rows.append(Choice(t("mono.choice.cancel_trade"), G.CANCEL))
    cash = trade["cash"]
    players = obs["players"]
    for entry, key, amount, payer in (
        ("give", "mono.choice.give", max(cash, 0), trade["proposer"]),
        ("ask", "mono.choice.ask", max(-cash, 0), trade["partner"]),
    ):
        high = players[payer]["cash"]
        if high:
            rows.append(Choice(t(key), value=money(amount), entry=entry, amount=amount, high=high))
    chosen = set(trade["squares"])
    for side in (trade["proposer"], trade["partner"]):
        for a in legal:
            if G.TOGGLE_BASE <= a < G.TOGGLE_BASE + R.NUM_SQUARES:
                sq = a - G.TOGGLE_BASE
                if obs["squares"][sq]["owner"] == side:
                    mark = "✓ " if sq in chosen else ""
                    rows.append(Choice(f"{mark}{square_name(sq)}", a, owner=side))
    for d in range(len(R.DECKS)):
        if G.CARD_TOGGLE_BASE + d in legal:
            mark = "✓ " if d in trade["cards"] else ""
            rows.append(
                Choice(
                    f"{mark}{t('mono.choice.jail_card', deck=t(f'mono.deck.{d}'))}", G.CARD_TOGGLE_BASE + d
                )
            )
    return rows


def manage_actions(legal: Sequence[int], square: int) -> dict[str, int]:
    """The managing actions open on ``square``: ``build``, ``sell``, ``mortgage``, ``lift``."""
    out = {}
    for verb, base in zip(("build", "sell", "mortgage", "lift"), MANAGE_BASES, strict=True):
        if base + square in legal:
            out[verb] = base + square
    return out


def prompt_text(obs: Mapping[str, Any], actor: int | None, computer: bool, name: Callable[[int], str]) -> str:
    """The line above the decision rows: what ``actor`` decides now (or whose computer is moving)."""
    phase = obs["phase"]
    pend = obs["pending"]
    if computer:  # in another player's turn (a bid, a trade's answer) it decides, not plays
        key = "mono.prompt.computer" if actor == obs["turn_player"] else "mono.prompt.computer_decides"
        return t(key, name=name(actor))  # type: ignore[arg-type]
    if phase == "buy":
        return t("mono.prompt.buy", square=square_name(pend["buy"]))
    if phase == "auction":
        a = pend["auction"]
        item = square_name(a["square"]) if a["item"] == "property" else t(f"mono.item.{a['item']}")
        lead = name(a["leader"]) if a["leader"] is not None else t("mono.prompt.no_bid")
        return t("mono.prompt.auction", item=item, bid=money(a["high_bid"]), leader=lead)
    if phase == "income-tax":
        return t("mono.prompt.tax")
    if phase == "debt":
        d = pend["debts"][0]
        to = name(d["creditor"]) if d["creditor"] >= 0 else t("mono.bank")
        return t("mono.prompt.debt", amount=money(d["amount"]), to=to)
    if phase == "lift-or-keep":
        return t("mono.prompt.lift", square=square_name(pend["lift_or_keep"][0][1]))
    if phase == "trade":
        tr = pend["trade"]
        cash = tr["cash"]
        money_text = (
            t("mono.trade.you_give", amount=money(cash))
            if cash > 0
            else t("mono.trade.you_ask", amount=money(-cash))
            if cash < 0
            else ""
        )
        return t("mono.prompt.trade", name=name(tr["partner"]), n=len(tr["squares"])) + (
            f" {money_text}" if money_text else ""
        )
    if phase == "trade-reply":
        return trade_summary(obs, name)
    if phase == "shortage-claim":
        return t("mono.prompt.shortage", item=t(f"mono.item.{pend['claim']['kind']}"))
    if phase == "place-building":
        return t("mono.prompt.place", item=t(f"mono.item.{pend['place']['kind']}"))
    if phase == "roll" and obs["players"][actor]["in_jail"]:
        return t("mono.prompt.jail", name=name(actor))  # type: ignore[arg-type]
    if actor is None:
        return ""
    if phase == "between-turns":
        return t("mono.prompt.floor", name=name(actor))
    return t("mono.prompt.your_move", name=name(actor))


def trade_summary(obs: Mapping[str, Any], name: Callable[[int], str]) -> str:
    """A proposed trade as its partner reads it: who offers it, what they get and give."""
    tr = obs["pending"]["trade"]
    gets = [square_name(s) for s in tr["squares"] if obs["squares"][s]["owner"] == tr["proposer"]]
    gives = [square_name(s) for s in tr["squares"] if obs["squares"][s]["owner"] == tr["partner"]]
    cash = tr["cash"]
    if cash > 0:
        gets.append(money(cash))
    elif cash < 0:
        gives.append(money(-cash))
    gets += [t("mono.jail_card")] * sum(1 for _ in tr["cards"])
    return t(
        "mono.prompt.reply_unfair" if favours_proposer(obs) else "mono.prompt.reply",
        name=name(tr["proposer"]),
        gets=", ".join(gets) or "-",
        gives=", ".join(gives) or "-",
    )
