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

COMMANDS = (
    "run",
    "screenshot",
    "bench",
    "simulate",
    "solve",
    "analyse",
    "keys",
    "profiles",
    "install",
    "kiosk",
    "soak",
    "howto",
)


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


def with_default_command(argv: list[str]) -> list[str]:
    """Insert ``run`` where no command is named, so ``tvgames --windowed`` means ``tvgames run --windowed``.

    >>> with_default_command(["--data-dir", "/tmp/x", "--lang", "fa"])
    ['--data-dir', '/tmp/x', 'run', '--lang', 'fa']
    >>> with_default_command(["bench", "--json"])
    ['bench', '--json']
    >>> with_default_command(["--windowed", "--data-dir", "/tmp/x"])
    ['--data-dir', '/tmp/x', 'run', '--windowed']
    """
    # --data-dir belongs to every command: move it to the front, wherever it was given.
    front: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(argv):
        token = argv[i]
        if token == "--data-dir" and i + 1 < len(argv):
            front += argv[i : i + 2]
            i += 2
        else:
            (front if token.startswith("--data-dir=") else rest).append(token)
            i += 1
    if rest[:1] and (rest[0] in COMMANDS or rest[0] in ("-h", "--help")):
        return [*front, *rest]
    return [*front, "run", *rest]


def main(argv: list[str] | None = None) -> int:
    """The ``tvgames`` command. Run as a program (``argv`` None), SIGTERM and SIGINT stop any
    command cleanly with exit status 0 (``tvgames run`` saves the game in progress first)."""
    from app.appliance import StopRequested, install_stop_handlers

    # Nothing here multiplies matrices: without this, each numpy import starts an OpenBLAS thread
    # per extra core, idle but resident, on a box with 1 GB (the systemd unit says it too).
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    if argv is None:
        install_stop_handlers()
    parser = build_parser()
    args = parser.parse_args(with_default_command(list(sys.argv[1:] if argv is None else argv)))
    from app.storage import configure_engines

    configure_engines()
    try:
        return int(args.func(args) or 0)
    except StopRequested as exc:
        print(f"tvgames: stopped by {signal_name(exc.signum)}", file=sys.stderr)
        return 0
    except UserError as exc:
        print(f"tvgames: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `tvgames ... | head` closed the pipe: not an error worth a traceback.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stop the interpreter's flush at exit failing
        return 0


def signal_name(signum: int) -> str:
    import signal

    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


if __name__ == "__main__":
    sys.exit(main())
