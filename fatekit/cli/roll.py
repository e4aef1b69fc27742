"""``fatekit roll``: roll four Fate dice (or draw another way), add a modifier, compare with an
opposition."""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from typing import Any

from fatekit.cli.refusal import refuse
from fatekit.rules import BadInput, format_rating, parse_rating
from fatekit.rules.core.outcomes import Outcome, outcome_for
from fatekit.rules.core.randomizers import Dice, Drawn, RandomDraws, Randomizer, parse_dice

__all__ = ["RollReport", "register", "report_roll"]


@dataclass(frozen=True, slots=True)
class RollReport:
    """One roll as the command line shows it."""

    dice: Dice
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
        drawn = self.dice.randomizer if isinstance(self.dice, Drawn) else Randomizer.FATE_DICE
        data: dict[str, Any] = {
            "randomizer": drawn.value,
            "drawn": self.dice.symbols(),
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
            f"{'Card' if 'card:' in self.dice.symbols() else 'Dice'}:   {self.dice}  "
            f"({self.dice.total:+d})",
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
    modifier: str | int,
    opposition: str | int | None,
    dice: Dice | None,
    seed: int | None,
    randomizer: Randomizer = Randomizer.FATE_DICE,
) -> RollReport:
    """Parse the inputs and roll (or read) the dice, drawn ``randomizer``'s way (a card from a
    fresh Deck of Fate). Raises :class:`BadInput` on bad input."""
    value = parse_rating(modifier)
    against = None if opposition is None else parse_rating(opposition)
    faces = dice if dice is not None else RandomDraws(randomizer, seed).roll()
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
        epilog=(
            "examples: fatekit roll +2 --vs Fair | fatekit roll Good --dice '+0-+' --json | "
            "fatekit roll +1 --randomizer d6-d6 --dice '5 2'"
        ),
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
    parser.add_argument(
        "--randomizer",
        default="4dF",
        metavar="WAY",
        help=(
            "how to draw: 4dF (four Fate dice, the default), deck (a card of the Deck of Fate), "
            "4d6 (read as Fate dice), 3d6 (the Fate System Toolkit's table), d6-d6 (-5 to +5); "
            "--dice then reads that way's dice, e.g. '4 5 6' for 3d6"
        ),
    )
    parser.add_argument("--seed", type=int, help="seed the random dice, for a repeatable roll")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        if args.dice is not None and args.seed is not None:
            raise BadInput("give either --dice or --seed, not both")
        way = Randomizer.parse(args.randomizer)
        dice = None if args.dice is None else parse_dice(args.dice, way)
        report = report_roll(args.modifier, args.opposition, dice, args.seed, way)
    except BadInput as error:
        return refuse("roll", error)
    print(json.dumps(report.as_json()) if args.json else report.as_text())
    return 0
