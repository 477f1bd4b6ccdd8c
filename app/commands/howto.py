"""`tvgames howto`: the games' How to play pages as Markdown (``--write-docs`` writes docs/rules-*.md)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("howto", help="print a game's How to play pages, or write docs/rules-*.md")
    p.add_argument("game", nargs="?", help="engine name (default: list the games)")
    p.add_argument("--write-docs", action="store_true", help="write docs/rules-<game>.md for every game")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from app import howto
    from app.cli import UserError

    if args.write_docs:
        for path in howto.write_docs():
            print(path)
        return 0
    if not args.game:
        print("\n".join(howto.games()))
        return 0
    try:
        print(howto.markdown(args.game), end="")
    except ValueError as exc:
        raise UserError(str(exc)) from exc
    return 0
