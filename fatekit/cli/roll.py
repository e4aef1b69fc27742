"""``fatekit roll``: roll four Fate dice, add a modifier, compare with an opposition."""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from typing import Any

from fatekit.cli.refusal import refuse
from fatekit.rules import BadInput, FateDice, RandomDice, format_rating, parse_faces, parse_rating
from fatekit.rules.core.outcomes import Outcome, outcome_for

__all__ = ["RollReport", "register", "report_roll"]


@dataclass(frozen=True, slots=True)
class RollReport:
    """One roll as the command line shows it."""

    dice: FateDice
    modifier: int
    opposition: int | None

    @property
    def effort(self) -> int:
        return self.dice.total + self.modifier

    @property
    def shifts(self) -> int | None:
        return None if self.opposition is None else self.effort - self.opposition

    @property
    def outcome(self) -> Outcome | None:
        return None if self.shifts is None else outcome_for(self.shifts)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "faces": list(self.dice.faces),
            "dice_total": self.dice.total,
            "modifier": self.modifier,
            "effort": self.effort,
            "effort_name": format_rating(self.effort),
        }
        if self.opposition is not None:
            data["opposition"] = self.opposition
            data["opposition_name"] = format_rating(self.opposition)
            data["shifts"] = self.shifts
            data["outcome"] = None if self.outcome is None else self.outcome.value
        return data

    def as_text(self) -> str:
        lines = [
            f"Dice:   {self.dice}  ({self.dice.total:+d})",
            f"Effort: {format_rating(self.effort)}  (dice {self.dice.total:+d}, "
            f"modifier {self.modifier:+d})",
        ]
        if self.opposition is not None and self.shifts is not None and self.outcome is not None:
            shifts = "shift" if abs(self.shifts) == 1 else "shifts"
            lines.append(
                f"Versus: {format_rating(self.opposition)}: {self.shifts:+d} {shifts}, "
                f"{_OUTCOME_TEXT[self.outcome]}"
            )
        return "\n".join(lines)


_OUTCOME_TEXT = {
    Outcome.FAIL: "fail",
    Outcome.TIE: "tie",
    Outcome.SUCCESS: "success",
    Outcome.SUCCESS_WITH_STYLE: "success with style",
}


def report_roll(
    modifier: str | int, opposition: str | int | None, dice: FateDice | None, seed: int | None
) -> RollReport:
    """Parse the inputs and roll (or read) the dice. Raises :class:`BadInput` on bad input."""
    value = parse_rating(modifier)
    against = None if opposition is None else parse_rating(opposition)
    faces = dice if dice is not None else RandomDice(seed).roll()
    return RollReport(faces, value, against)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "roll",
        help="roll four Fate dice",
        description=(
            "Roll four Fate dice and add a modifier. With --vs, compare the effort with a "
            "difficulty or an opposing effort and report the shifts and the outcome. Ratings "
            "are numbers (+3, -1) or ladder names (Good, fair)."
        ),
        epilog="examples: fatekit roll +2 --vs Fair | fatekit roll Good --dice '+0-+' --json",
    )
    parser.add_argument(
        "modifier", nargs="?", default="0", help="skill rating and bonuses (default 0)"
    )
    parser.add_argument(
        "--vs", dest="opposition", metavar="OPPOSITION", help="difficulty or opposing effort"
    )
    parser.add_argument(
        "--dice",
        metavar="FACES",
        help="use dice rolled at the table: '+0-+', '+ + 0 -', or six-sided '1 4 5 6'",
    )
    parser.add_argument("--seed", type=int, help="seed the random dice, for a repeatable roll")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        if args.dice is not None and args.seed is not None:
            raise BadInput("give either --dice or --seed, not both")
        dice = None if args.dice is None else parse_faces(args.dice)
        report = report_roll(args.modifier, args.opposition, dice, args.seed)
    except BadInput as error:
        return refuse("roll", error)
    print(json.dumps(report.as_json()) if args.json else report.as_text())
    return 0
