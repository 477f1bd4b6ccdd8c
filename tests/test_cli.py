"""The command line: `tvgames` alone or with only run's options starts the app."""

from __future__ import annotations

import doctest

import pytest

from app import cli


def test_doctests():
    assert doctest.testmod(cli).failed == 0


@pytest.mark.parametrize(
    ("argv", "command"),
    [
        ([], "run"),
        (["--windowed"], "run"),
        (["--data-dir", "/tmp/x", "--profile", "sd-pal"], "run"),
        (["--data-dir=/tmp/x"], "run"),
        (["screenshot", "--list"], "screenshot"),
        (["--data-dir", "/tmp/x", "simulate", "yahtzee"], "simulate"),
        (["--windowed", "--data-dir", "/tmp/x"], "run"),
        (["bench", "--data-dir", "/tmp/x", "--json"], "bench"),
    ],
)
def test_default_command_is_run(argv, command):
    args = cli.build_parser().parse_args(cli.with_default_command(argv))
    assert args.command == command


def test_a_user_error_is_one_line_and_exit_2(capsys):
    assert cli.main(["simulate", "yahtzee", "--games", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("tvgames: ")
