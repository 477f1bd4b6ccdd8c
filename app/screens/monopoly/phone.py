"""What a Monopoly player's phone shows: their cash, deeds by colour, cards, and the question of now.

Only ``seat``'s own holdings come in full; of the others, what the table shows anyway (cash and
worth, as on the TV). A trade being composed is its proposer's alone until it is offered.
"""

from __future__ import annotations

from typing import Any

from engines.monopoly.game import MonopolyState

DEED_FIELDS = ("index", "name", "price", "houses", "hotel", "mortgaged", "rent")


def view(state: MonopolyState, seat: int) -> dict[str, Any]:
    """``seat``'s private screen (see the module)."""
    obs = state.to_dict(seat)
    me = obs["players"][seat]
    groups: dict[str, list[dict[str, Any]]] = {}
    for square in obs["squares"]:
        if square["owner"] == seat:
            deed = {key: square[key] for key in DEED_FIELDS}
            groups.setdefault(square["group"] or square["kind"], []).append(deed)
    pending = obs["pending"]
    trade = pending["trade"]
    # a draft is the proposer's own until it is offered; then the partner sees it to answer it
    if trade is not None and seat != trade["proposer"]:
        if seat != trade["partner"] or obs["phase"] != "trade-reply":
            trade = None
    names = {square["index"]: square["name"] for square in obs["squares"]}
    if trade is not None:  # the phone names the lots, as the TV does, not their board numbers
        trade = {**trade, "square_names": [names[sq] for sq in trade["squares"]]}
    auction = pending["auction"]
    if auction is not None and auction.get("square") is not None:
        auction = {**auction, "square_name": names[auction["square"]]}
    return {
        "family": "monopoly",
        "your_turn": obs["current_player"] == seat,
        "phase": obs["phase"],
        "cash": me["cash"],
        "worth": me["worth"],
        "in_jail": me["in_jail"],
        "jail_cards": len(me["jail_cards"]),
        "deeds": [{"group": key, "squares": squares} for key, squares in groups.items()],
        "players": [
            {"cash": p["cash"], "worth": p["worth"], "bankrupt": p["bankrupt"]} for p in obs["players"]
        ],
        "auction": auction,
        "trade": trade,
        "debts": [d for d in pending["debts"] if d["debtor"] == seat],
        "dice": obs["dice"],
        "over": obs["over"],
    }
