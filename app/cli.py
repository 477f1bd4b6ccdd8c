"""The `tvgames` command line: one sub-command per module in :mod:`app.commands`.

Each command module has ``register(subparsers)``, which adds its parser and sets ``func`` to a
function taking the parsed arguments and returning the exit status. Commands import their heavy
dependencies (pygame, numpy tables) inside ``func`` so that ``tvgames --help`` stays instant.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

COMMANDS = ("run", "screenshot", "bench", "simulate", "solve", "keys", "profiles")


class UserError(Exception):
    """A problem the user can fix: printed as one line, exit status 2, never a traceback."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tvgames", description="A TV game console for the couch.")
    parser.add_argument(
        "--data-dir", help="where settings and saves live (default: XDG dirs or $TVGAMES_HOME)"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"app.commands.{name}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args([*(argv if argv is not None else sys.argv[1:]), "run"])
    try:
        return int(args.func(args) or 0)
    except UserError as exc:
        print(f"tvgames: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `tvgames ... | head` closed the pipe: not an error worth a traceback.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stop the interpreter's flush at exit failing
        return 0


if __name__ == "__main__":
    sys.exit(main())
