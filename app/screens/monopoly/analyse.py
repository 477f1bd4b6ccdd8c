"""`tvgames analyse monopoly --landing`: exact odds of the Monopoly board (the family's analyse hook).

``--landing`` prints the long-run share of throws that end on each square (In Jail apart from
Just Visiting) for the chosen jail strategy, ``short`` (leave at once) or ``long`` (stay as long
as the rules allow); ``--json`` prints both strategies for the 40 squares and In Jail.
``--income`` prints the rent each property is expected to earn per opponent turn at each building
level (the hint's table), for the chosen jail strategy.
"""

from __future__ import annotations

import argparse
import json


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
