"""The ``fatekit`` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from fatekit import __version__
from fatekit.cli import (
    campaign,
    character,
    discord,
    interop,
    odds,
    roll,
    ruleset,
    serve,
    session,
    simulate,
)

__all__ = ["main"]

# Each subcommand module offers ``register(subparsers)``; the handler it sets returns an exit code.
_COMMANDS = (roll, session, character, ruleset, interop, odds, simulate, serve, discord, campaign)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="fatekit",
        description="Tools for the Fate roleplaying game: dice, rules, and a shared table.",
    )
    parser.add_argument("--version", action="version", version=f"fatekit {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in _COMMANDS:
        command.register(subparsers)
    return parser


# Options whose values may start with "-" (dice faces such as "--0+", a table id made before ids
# stopped starting with one): argparse would read such a value as an option, so "--dice --0+" is
# passed on as "--dice=--0+".
_DASHED_VALUES = ("--dice", "--vs", "--their-dice", "--gm-link", "--as")


def _join_dashed_values(argv: Sequence[str]) -> list[str]:
    joined: list[str] = []
    items = iter(argv)
    for item in items:
        if item in _DASHED_VALUES:
            value = next(items, None)
            joined.append(item if value is None else f"{item}={value}")
        else:
            joined.append(item)
    return joined


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (2 for bad input)."""
    parser = build_parser()
    args = parser.parse_args(_join_dashed_values(sys.argv[1:] if argv is None else argv))
    if args.command is None:
        parser.print_help()
        return 2
    status: int = args.handler(args)
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
