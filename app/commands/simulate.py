"""`tvgames simulate GAME`: play many headless games and print statistics.

Each game family's descriptor (:mod:`app.catalog`) names its simulate module, which provides
``run(options) -> dict`` (JSON-able, the same for the same seed) and ``format_text(result) -> str``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys

from app.catalog import families
from app.commands import add_family_options


def simulators() -> dict[str, str]:
    """Family name -> its simulate module, for every family that has one."""
    return {f.name: f.simulate for f in families() if f.simulate}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play games headless and print statistics")
    p.add_argument("game", choices=sorted(simulators()))
    players = "; ".join(f"{f.name}: {', '.join(f.players)}" for f in families() if f.simulate and f.players)
    p.add_argument("--players", default="random", help=f"comma-separated; {players}")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    add_family_options(p, "simulate")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from app.cli import UserError

    module = importlib.import_module(simulators()[args.game])
    options = {
        k: v for k, v in vars(args).items() if k not in {"func", "command", "game", "json", "data_dir"}
    }
    options["players"] = [p.strip() for p in args.players.split(",") if p.strip()]
    options["log"] = lambda line: print(line, file=sys.stderr, flush=True)  # a table build's progress
    if args.games < 1:
        raise UserError("--games must be at least 1")
    try:
        result = module.run(options)
    except ValueError as exc:
        raise UserError(str(exc)) from exc
    print(json.dumps(result, indent=2, sort_keys=True) if args.json else module.format_text(result))
    return 0
