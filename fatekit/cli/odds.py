"""``fatekit odds``: exact chances of a roll, the best use of invokes, advice, and the table.

- ``fatekit odds MODIFIER --vs OPPOSITION [--active] [--invokes K] [--target T] [--json]``
- ``fatekit odds MODIFIER --vs OPPOSITION --dice FACES [--their-dice FACES] --invokes K``: advice
  for a roll already made.
- ``fatekit odds --table [--active] [--invokes K] [--target T] [--plot FILE.png]``
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from typing import Any

from fatekit.cli.refusal import refuse
from fatekit.rules import BadInput, format_rating, parse_faces, parse_rating

__all__ = ["register", "run"]

_TARGETS = ("tie", "success", "style")
_CHOICE_TEXT = {"nothing": "nothing", "plus_two": "+2", "reroll": "reroll"}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "odds",
        help="exact chances of a roll, with invokes, and advice",
        description=(
            "Exact chances of each outcome of a roll against a difficulty or, with --active, "
            "against an opponent who rolls too. With --invokes, the best chance of reaching "
            "--target when each invoke (+2 or a reroll) is spent after seeing the dice, and the "
            "invokes that takes on average. With --dice, advice for a roll on the table. "
            "--table prints the whole ladder; --plot draws it. Ratings are numbers or ladder "
            "names."
        ),
        epilog=(
            "examples: fatekit odds Fair --vs Good --invokes 2 | fatekit odds +3 --vs +3 "
            "--active --json | fatekit odds +2 --vs +3 --dice '0-00' --invokes 1 | "
            "fatekit odds --table --plot ladder.png"
        ),
    )
    parser.add_argument("modifier", nargs="?", help="the roll's skill rating and bonuses")
    parser.add_argument(
        "--vs", dest="opposition", metavar="OPPOSITION", help="difficulty or opposing rating"
    )
    parser.add_argument("--active", action="store_true", help="the opposition rolls too")
    parser.add_argument(
        "--invokes", type=int, default=None, metavar="K", help="invokes in hand (0 or more)"
    )
    parser.add_argument(
        "--target", choices=_TARGETS, default="success", help="what to aim for (default success)"
    )
    parser.add_argument("--bonus", type=int, default=0, help="another bonus to the roll")
    parser.add_argument(
        "--teamwork", type=int, default=0, metavar="N", help="helpers with Average (+1) or better"
    )
    parser.add_argument(
        "--scale",
        type=int,
        default=0,
        help="scale levels above (or, negative, below) the opposition",
    )
    parser.add_argument("--weapon", type=int, default=0, help="attacker's Weapon rating (0-4)")
    parser.add_argument("--armor", type=int, default=0, help="defender's Armor rating (0-4)")
    parser.add_argument("--dice", metavar="FACES", help="the dice showing: advice on what to do")
    parser.add_argument("--their-dice", metavar="FACES", help="the opposition's dice showing")
    parser.add_argument("--table", action="store_true", help="the ladder table of chances")
    parser.add_argument("--plot", metavar="FILE.png", help="draw the ladder table into a PNG")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        if args.invokes is not None and args.invokes < 0:
            raise BadInput(f"--invokes must be 0 or more, not {args.invokes}")
        if args.table or args.plot:
            return _table(args)
        data, text = _odds(args)
    except BadInput as error:
        return refuse("odds", error)
    print(json.dumps(data) if args.json else text)
    return 0


def _exact(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _odds(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from fatekit.odds import advise, chances, effective_modifier, hit_odds, invoke_odds

    if args.modifier is None or args.opposition is None:
        raise BadInput("give a modifier and --vs OPPOSITION (or --table)")
    if args.their_dice is not None and not args.active:
        raise BadInput("--their-dice needs --active: a difficulty rolls no dice")
    modifier, opposition = parse_rating(args.modifier), parse_rating(args.opposition)
    extras = {"bonus": args.bonus, "teamwork": args.teamwork, "scale": args.scale}
    odds = chances(modifier, opposition, active=args.active, **extras)
    total = effective_modifier(modifier, **extras)
    data: dict[str, Any] = {
        "modifier": modifier,
        "effective_modifier": total,
        "opposition": opposition,
        "active": args.active,
        **{k: float(v) for k, v in odds.as_dict().items()},
    }
    exact = {k: _exact(v) for k, v in odds.as_dict().items()}
    against = "an active opposition" if args.active else "a difficulty"
    lines = [f"{format_rating(total)} against {format_rating(opposition)} ({against}):"]
    for key, p in odds.as_dict().items():
        lines.append(f"  {key.replace('_', ' '):<20} {100 * float(p):6.2f}%   {_exact(p)}")
    if args.invokes is not None:
        best = invoke_odds(
            modifier,
            opposition,
            invokes=args.invokes,
            target=args.target,
            active=args.active,
            **extras,
        )
        data.update(
            target=args.target,
            invokes=args.invokes,
            p_target=float(best.p_target),
            expected_invokes=float(best.expected_invokes),
        )
        exact.update(p_target=_exact(best.p_target), expected_invokes=_exact(best.expected_invokes))
        lines.append(
            f"With {args.invokes} invoke(s) spent well, {args.target} or better: "
            f"{100 * float(best.p_target):.2f}% ({_exact(best.p_target)}), "
            f"{float(best.expected_invokes):.2f} invokes spent on average"
        )
    if args.dice is not None:
        mine = parse_faces(args.dice)
        theirs = None
        if args.active:
            if args.their_dice is None:
                raise BadInput("against an active opposition, give --their-dice too")
            theirs = parse_faces(args.their_dice)
        advice = advise(
            total,
            opposition,
            mine,
            invokes=args.invokes or 0,
            target=args.target,
            opposition_dice=theirs,
        )
        data["advice"] = {
            "choice": advice.choice.value,
            "shifts_now": advice.shifts_now,
            "chances": {c.value: float(p) for c, p in advice.chances.items()},
            "exact": {c.value: _exact(p) for c, p in advice.chances.items()},
        }
        options = ", ".join(
            f"{_CHOICE_TEXT[c.value]} {100 * float(p):.1f}%" for c, p in advice.chances.items()
        )
        lines.append(
            f"Dice showing {mine} ({advice.shifts_now:+d} shifts now): "
            f"{_CHOICE_TEXT[advice.choice.value]} (chance of {args.target} or better: {options})"
        )
    if args.weapon or args.armor:
        hit = hit_odds(total, opposition, active=args.active, weapon=args.weapon, armor=args.armor)
        data["hit"] = {
            "miss": float(hit.miss),
            "boost": float(hit.boost),
            "harm": {str(s): float(p) for s, p in hit.harm.items()},
            "expected_harm": float(hit.expected_harm),
        }
        harm = ", ".join(f"{s}: {100 * float(p):.1f}%" for s, p in hit.harm.items())
        lines.append(
            f"As an attack with Weapon {args.weapon} against Armor {args.armor}: miss "
            f"{100 * float(hit.miss):.1f}%, boost only {100 * float(hit.boost):.1f}%, "
            f"harm by shifts {harm}; {float(hit.expected_harm):.2f} shifts on average"
        )
    data["exact"] = exact
    return data, "\n".join(lines)


def _table(args: argparse.Namespace) -> int:
    from fatekit.odds.table import ladder_table, plot_table, rich_table

    if args.modifier is not None or args.opposition is not None:
        raise BadInput("--table and --plot show every rating: leave out MODIFIER and --vs")
    table = ladder_table(args.target, active=args.active, invokes=args.invokes or 0)
    if args.json:
        print(
            json.dumps(
                {
                    "title": table.title,
                    "ratings": list(table.ratings),
                    "chances": [[float(p) for p in row] for row in table.chances],
                    "exact": [[_exact(p) for p in row] for row in table.chances],
                }
            )
        )
    elif args.table or not args.plot:
        from rich.console import Console

        Console().print(rich_table(table))
    if args.plot:
        where = plot_table(table, args.plot)
        print(f"drew {where}", file=sys.stderr)
    return 0
