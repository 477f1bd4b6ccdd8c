"""`tvgames analyse FAMILY`: exact odds of a game, for the families whose descriptor has an analyse hook.

The hook is ``analyse(args) -> int``; its options come from the family's descriptor
(``tvgames analyse monopoly --landing``, say).
"""

from __future__ import annotations

import argparse

from app.catalog import families, resolve
from app.commands import add_family_options


def analysers() -> dict[str, str]:
    """Family name -> its analyse hook, for every family that has one."""
    return {f.name: f.analyse for f in families() if f.analyse}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("analyse", help="exact odds of a game (the options each game family offers)")
    p.add_argument("game", choices=sorted(analysers()))
    add_family_options(p, "analyse")
    p.add_argument("--json", action="store_true", help="print JSON (both jail strategies) instead of text")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    return resolve(analysers()[args.game])(args)
