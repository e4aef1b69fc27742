"""``fatekit ruleset show KEY`` and ``fatekit ruleset check FILE``: rule-set files (a hack of your
own, or one of the built-in presets written out as one).

- ``show KEY`` prints a built-in preset as a rule-set file, a starting point to edit.
- ``check FILE`` reads a rule-set file: exit 0 with a summary when the engine can play it, exit 2
  with every problem listed when it cannot.
"""

from __future__ import annotations

import argparse
import sys

from fatekit.cli.refusal import refuse
from fatekit.formats.ruleset import load_ruleset
from fatekit.rules import BadInput
from fatekit.rules.characters.preset import Preset
from fatekit.rules.characters.presets import BUILTIN_KEYS, builtin_text, get_preset
from fatekit.rules.characters.ruleset_data import RulesetProblems

__all__ = ["describe", "register", "run_check", "run_show"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "ruleset",
        help="show a built-in rule set as a file, or check a rule-set file",
        description=(
            "Rule-set files describe a Fate game: skills or approaches, the rating shape, aspect "
            "slots, refresh and stunts, stress tracks and their box tables, consequence slots, "
            "turn order and who attacks and defends against which harm (see docs/rulesets.md)."
        ),
        epilog="examples: fatekit ruleset show core > mine.json | fatekit ruleset check mine.json",
    )
    actions = parser.add_subparsers(dest="ruleset_command", metavar="ACTION", required=True)
    show = actions.add_parser("show", help="print a built-in preset as a rule-set file")
    show.add_argument("key", help=f"one of: {', '.join(BUILTIN_KEYS)}")
    show.set_defaults(handler=run_show)
    check = actions.add_parser(
        "check",
        help="check a rule-set file",
        description="Exit status: 0 the engine can play it, 2 it cannot (every problem listed).",
    )
    check.add_argument("file", help="the rule-set file (JSON)")
    check.set_defaults(handler=run_check)


def run_show(args: argparse.Namespace) -> int:
    try:
        key = get_preset(args.key).key
    except BadInput as error:
        return refuse("ruleset show", error)
    print(builtin_text(key), end="")
    return 0


def read_ruleset(path: str, command: str) -> Preset | None:
    """A rule-set file for a command; on a bad one, print every problem and return ``None``."""
    try:
        return load_ruleset(path)
    except RulesetProblems as error:
        count = len(error.problems)
        print(
            f"fatekit {command}: {path} is not a usable rule set "
            f"({count} problem{'s' if count != 1 else ''}):",
            file=sys.stderr,
        )
        for problem in error.problems:
            print(f"  - {problem}", file=sys.stderr)
    except BadInput as error:
        print(f"fatekit {command}: {error}", file=sys.stderr)
    return None


def describe(preset: Preset) -> list[str]:
    """A few lines saying what a rule set holds."""
    skills = ", ".join(f"{s.name} ({len(s)})" for s in preset.skill_lists)
    tracks = []
    for spec in preset.stress_tracks:
        by = f" from {preset.skill_name(spec.skill)}" if spec.skill else ""
        tracks.append(f"{preset.track_name(spec.track)} [{spec.track.value}]{by}")
    slots = [s.value for s in preset.consequence_slots]
    for extra in preset.extra_slots:
        cond = f" at {preset.skill_name(extra.skill)} {extra.min_rating:+d}" if extra.skill else ""
        slots.append(f"{extra.severity.value} for {extra.harm.value} harm{cond}")
    conditions = [
        f"{c.name} ({c.kind.value}, {c.boxes} box{'es' if c.boxes > 1 else ''}, "
        f"{c.shifts} shift{'s' if c.shifts != 1 else ''})"
        for c in preset.conditions
    ]
    return [
        f"{preset.name} [{preset.key}]",
        f"  skills: {skills}; {preset.shape.describe()}",
        f"  refresh {preset.refresh}, {preset.free_stunts} free stunts",
        f"  stress ({preset.stress_style.value.replace('_', '-')}): {'; '.join(tracks)}",
        f"  consequence slots: {', '.join(slots) or 'none'}",
        *([f"  conditions: {', '.join(conditions)}"] if conditions else []),
        *_packages(preset),
        f"  turn order: {preset.turn_order.style.value}",
        f"  optional rules on: {', '.join(preset.options) or 'none'}",
    ]


def _packages(preset: Preset) -> list[str]:
    """A rule set's packages (Venture City's powers): what they are called, the limits and the
    bonus stunts, and each package."""
    spec = preset.packages
    if spec is None:
        return []
    names = ", ".join(f"{p.name} ({p.cost})" for p in spec.packages)
    return [
        f"  {spec.label.lower()}: {spec.least} to {spec.most} a PC, {spec.bonus_stunts} bonus "
        f"stunts for them, {len(spec.options)} options: {names}"
    ]


def run_check(args: argparse.Namespace) -> int:
    preset = read_ruleset(args.file, "ruleset check")
    if preset is None:
        return 2
    print(f"{args.file}: a usable rule set")
    for line in describe(preset):
        print(line)
    return 0
