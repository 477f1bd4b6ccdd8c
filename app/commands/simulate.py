"""`tvgames simulate GAME`: play many headless games and print statistics.

Each game family's descriptor (:mod:`app.catalog`) names its simulate module, which provides
``run(options) -> dict`` (JSON-able, the same for the same seed) and ``format_text(result) -> str``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys


def simulators() -> dict[str, str]:
    """Family name -> its simulate module, for every family that has one."""
    from app.catalog import families

    return {f.name: f.simulate for f in families() if f.simulate}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play games headless and print statistics")
    p.add_argument("game", choices=sorted(simulators()))
    p.add_argument("--mode", default=None, help="yahtzee: classic, painted, power or dice-party")
    p.add_argument(
        "--players",
        default="random",
        help=(
            "comma-separated; yahtzee: random, greedy, easy, medium, hard; "
            "monopoly-dice: random, easy, medium, hard, hard-ev, hard-threat, police2; "
            "monopoly: random, easy, medium, hard, buy-everything, gnome-v3 (the GNOME agent, a benchmark)"
        ),
    )
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--target", type=int, default=None, help="monopoly-dice: 10000, 15000 or 25000")
    p.add_argument(
        "--joker",
        choices=("forced", "free", "none"),
        default=None,
        help="yahtzee classic: the Joker convention (default: the manual's, forced)",
    )
    p.add_argument("--max-turns", type=int, default=None, help="monopoly: turns each before the richest wins")
    p.add_argument("--no-trading", action="store_true", help="monopoly: trading off")
    p.add_argument(
        "--core",
        choices=("auto", "fast", "engine"),
        default=None,
        help="monopoly: the compiled core (hard, medium, buy-everything) or the Python engine; auto picks",
    )
    p.add_argument("--report", action="store_true", help="also print the per-turn policy report")
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
