"""The ``tvgames`` subcommands, one module each; :func:`add_family_options` is what they share."""

from __future__ import annotations

import argparse

from app.catalog import families


def add_family_options(parser: argparse.ArgumentParser, command: str) -> None:
    """Add the options the game families declare for ``command`` (their descriptors' ``options``).

    A flag two families declare is added once (with the first one's settings) and its help names
    each family with what the flag means to it.
    """
    declared: dict[tuple[str, ...], tuple[dict, list[str]]] = {}
    for family in families():
        for option in family.options:
            if command not in option.commands:
                continue
            settings, helps = declared.setdefault(option.flags, (dict(option.settings), []))
            helps.append(f"{family.name}: {option.help}")
    for flags, (settings, helps) in declared.items():
        parser.add_argument(*flags, help="; ".join(helps), **settings)
