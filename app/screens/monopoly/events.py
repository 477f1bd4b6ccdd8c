"""What one move did, in words: the lines the board says and keeps in its history.

:func:`describe` compares the observation before a move with the one after it and names what
changed with its reason where the change shows one (rent for the square landed on, a tax, a
purchase, a building, a mortgage, a trade's answer, an auction's end); money moved for reasons it
cannot tell apart (a throw that passes GO and pays rent) is said as plain payments.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from app.i18n import t
from app.screens.monopoly.look import money, square_name
from engines.monopoly import rules as R

Obs = Mapping[str, Any]


def payments(deltas: list[int], name: Callable[[int], str]) -> str:
    """Money that moved, as one line: one payer to one payee, one to the bank, or one from it."""
    payers = [p for p, d in enumerate(deltas) if d < 0]
    payees = [p for p, d in enumerate(deltas) if d > 0]
    if len(payers) == 1 and len(payees) == 1 and deltas[payers[0]] == -deltas[payees[0]]:
        return t(
            "mono.msg.pays", payer=name(payers[0]), payee=name(payees[0]), amount=money(deltas[payees[0]])
        )
    if len(payers) == 1 and not payees:
        return t("mono.msg.pays_bank", payer=name(payers[0]), amount=money(-deltas[payers[0]]))
    if len(payees) == 1 and not payers:
        return t("mono.msg.collects", payee=name(payees[0]), amount=money(deltas[payees[0]]))
    return " ".join(
        t(
            "mono.msg.collects" if d > 0 else "mono.msg.pays_bank",
            payee=name(p),
            payer=name(p),
            amount=money(abs(d)),
        )
        for p, d in enumerate(deltas)
        if d
    )


def _level(sq: Mapping[str, Any]) -> int:
    return R.HOTEL_LEVEL if sq["hotel"] else int(sq["houses"])


def describe(before: Obs, after: Obs, player: int, name: Callable[[int], str], rolled: bool) -> list[str]:
    """The lines for ``player``'s move from ``before`` to ``after`` (``rolled``: it was a throw)."""
    lines: list[str] = []
    deltas = [a["cash"] - b["cash"] for a, b in zip(after["players"], before["players"], strict=True)]
    said = False  # the money is in a line with its reason
    owners = [
        (i, after["squares"][i]["owner"])
        for i in range(len(after["squares"]))
        if after["squares"][i]["owner"] != before["squares"][i]["owner"]
    ]
    if before["phase"] == "trade-reply":
        key = "mono.log.trade_yes" if owners or any(deltas) else "mono.log.trade_no"
        lines.append(t(key, name=name(player)))
    elif before["phase"] == "auction" and after["phase"] != "auction":
        if len(owners) == 1 and owners[0][1] is not None:
            i, winner = owners[0]
            lines.append(
                t(
                    "mono.log.auction_won",
                    name=name(winner),
                    square=square_name(i),
                    amount=money(-deltas[winner]),
                )
            )
            said = True
        elif not owners:
            lines.append(t("mono.log.auction_none"))
    if not said and len(owners) == 1 and owners[0][1] is not None and before["phase"] == "buy":
        i, buyer = owners[0]
        if deltas[buyer] < 0 and sum(1 for d in deltas if d) == 1:
            lines.append(
                t("mono.log.buys", name=name(buyer), square=square_name(i), amount=money(-deltas[buyer]))
            )
            said = True
    managed: set[int] = set()  # the owners who built, sold, mortgaged or lifted
    for i, (b, a) in enumerate(zip(before["squares"], after["squares"], strict=True)):
        if a["owner"] is None or a["owner"] != b["owner"]:
            continue
        who = name(a["owner"])
        if _level(a) != _level(b):
            key = "mono.log.builds" if _level(a) > _level(b) else "mono.log.sells"
            lines.append(t(key, name=who, square=square_name(i), n=abs(_level(a) - _level(b))))
            managed.add(a["owner"])
        if a["mortgaged"] != b["mortgaged"]:
            key = "mono.log.mortgages" if a["mortgaged"] else "mono.log.lifts"
            lines.append(t(key, name=who, square=square_name(i)))
            managed.add(a["owner"])
    moved = [p for p, d in enumerate(deltas) if d]
    if not said and len(managed) == 1 and moved == sorted(managed):
        lines[-1] = f"{lines[-1]} ({money(abs(deltas[moved[0]]))})"  # what it cost or raised
        said = True
    payers = [p for p, d in enumerate(deltas) if d < 0]
    payees = [p for p, d in enumerate(deltas) if d > 0]
    where = after["players"][player]["position"]
    if not said:
        square = R.BOARD[where]
        owner = after["squares"][where]["owner"]
        if rolled and payers == [player] and len(payees) == 1 and owner == payees[0]:
            lines.append(
                t(
                    "mono.log.rent",
                    payer=name(player),
                    payee=name(payees[0]),
                    amount=money(deltas[payees[0]]),
                    square=square_name(where),
                )
            )
            said = True
        elif payers == [player] and not payees and square.kind in ("income-tax", "luxury-tax"):
            lines.append(
                t(
                    "mono.log.tax",
                    payer=name(player),
                    amount=money(-deltas[player]),
                    square=square_name(where),
                )
            )
            said = True
    if not said and any(deltas):
        lines.append(payments(deltas, name))
    return lines
