"""``fatekit session``: an interactive dice session in the terminal."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from fatekit.cli.roll import report_roll
from fatekit.rules import BadInput, RandomDice, parse_faces

__all__ = ["register", "run_session"]

HELP = """\
Type a roll and press Enter:
  +2                 roll with a +2 modifier
  good vs fair       roll Good (+3) against Fair (+2)
  2 vs 3 dice +0-+   use dice rolled at the table instead of random ones
  help               show this again
  quit               leave (Ctrl-D works too)"""


def run_session(stdin: TextIO, stdout: TextIO, seed: int | None = None) -> int:
    """Read rolls from ``stdin`` until it ends or the user quits."""
    dice = RandomDice(seed)
    print("fatekit dice session. Type 'help' for examples.", file=stdout)
    while True:
        print("> ", end="", file=stdout, flush=True)
        line = stdin.readline()
        if not line:
            print(file=stdout)
            return 0
        words = line.split()
        if not words:
            continue
        command = words[0].lower()
        if command in ("quit", "exit", "q"):
            return 0
        if command in ("help", "?"):
            print(HELP, file=stdout)
            continue
        if command == "roll":
            words = words[1:]
        try:
            print(_roll_line(words, dice), file=stdout)
        except BadInput as error:
            print(f"  {error}", file=stdout)


def _roll_line(words: list[str], dice: RandomDice) -> str:
    lowered = [w.lower() for w in words]
    faces = None
    if "dice" in lowered:
        at = lowered.index("dice")
        faces = parse_faces(" ".join(words[at + 1 :]))
        words, lowered = words[:at], lowered[:at]
    opposition = None
    if "vs" in lowered:
        at = lowered.index("vs")
        opposition = " ".join(words[at + 1 :])
        if not opposition:
            raise BadInput("say what the roll is against after 'vs', e.g. 'vs fair'")
        words = words[:at]
    modifier = " ".join(words) or "0"
    report = report_roll(modifier, opposition, faces if faces is not None else dice.roll(), None)
    return report.as_text()


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "session",
        help="roll dice interactively in the terminal",
        description="An interactive dice session: type rolls such as 'good vs fair'.",
    )
    parser.add_argument("--seed", type=int, help="seed the random dice, for a repeatable session")
    parser.set_defaults(handler=lambda args: run_session(sys.stdin, sys.stdout, args.seed))
