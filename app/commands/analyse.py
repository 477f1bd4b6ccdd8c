"""`tvgames analyse monopoly --landing`: exact odds of the Monopoly board.

``--landing`` prints the long-run share of throws that end on each square (In Jail apart from
Just Visiting) for the chosen jail strategy, ``short`` (leave at once) or ``long`` (stay as long
as the rules allow); ``--json`` prints both strategies for the 40 squares and In Jail.
``--income`` prints the rent each property is expected to earn per opponent turn at each building
level (the hint's table), for the chosen jail strategy.
"""

from __future__ import annotations

import argparse
import json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("analyse", help="exact odds of a board game (Monopoly landing chances)")
    p.add_argument("game", choices=["monopoly"])
    p.add_argument("--landing", action="store_true", help="long-run landing chances of every square")
    p.add_argument("--income", action="store_true", help="expected rent per opponent turn at each level")
    p.add_argument(
        "--jail", choices=("short", "long"), default="short", help="leave jail at once, or stay (text order)"
    )
    p.add_argument("--json", action="store_true", help="print JSON (both jail strategies) instead of text")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from app.cli import UserError
    from engines.monopoly import landing

    if not (args.landing or args.income):
        raise UserError("say what to analyse: --landing or --income")
    if args.landing:
        report = landing.report()
        print(json.dumps(report, indent=2) if args.json else landing.format_text(report, args.jail))
    if args.income:
        from engines.monopoly import odds

        rows = odds.income_table(args.jail)
        print(json.dumps(rows, indent=2) if args.json else odds.format_income(rows, args.jail))
    return 0
