"""``fatekit check``, ``fatekit new`` and ``fatekit schema``: character files on the command line.

- ``fatekit check FILE [--preset NAME | --ruleset RULESET]``: exit 0 when the character is legal, 1 with the list of
  problems when it is not, 2 when the file is not a character at all.
- ``fatekit new [--preset NAME | --ruleset RULESET]``: print a blank legal character file (creation as you play).
- ``fatekit schema character|ruleset``: print the JSON Schema of character or rule-set files.
"""

from __future__ import annotations

import argparse
import sys

from fatekit.cli.refusal import refuse
from fatekit.cli.ruleset import read_ruleset
from fatekit.formats import dumps_character, load_character, schema_text, template
from fatekit.formats.ruleset import ruleset_schema_text
from fatekit.rules import BadInput
from fatekit.rules.characters.preset import Preset
from fatekit.rules.characters.presets import DEFAULT_PRESET, PRESETS, get_preset
from fatekit.rules.characters.validation import validate

__all__ = ["register", "run_check", "run_new", "run_schema"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    presets = ", ".join(PRESETS)
    check = subparsers.add_parser(
        "check",
        help="check a character file against its preset's rules",
        description=(
            "Read a character file (JSON) and list everything that breaks the rules of its "
            "preset. Exit status: 0 legal, 1 illegal (problems listed), 2 not a character file."
        ),
        epilog="example: fatekit check ruth.json --preset core",
    )
    check.add_argument("file", help="the character file (JSON)")
    check.add_argument(
        "--preset", metavar="NAME", help=f"check against this preset instead ({presets})"
    )
    check.add_argument(
        "--ruleset", metavar="FILE", help="check against a rule-set file (a hack of your own)"
    )
    check.set_defaults(handler=run_check)

    new = subparsers.add_parser(
        "new",
        help="print a blank character file",
        description=(
            "Print a blank character for a preset. Its slots are empty, so it is marked for "
            "creation as you play; fill it in and run `fatekit check` on it."
        ),
        epilog="example: fatekit new --preset fae > sam.json",
    )
    new.add_argument(
        "--preset",
        metavar="NAME",
        default=DEFAULT_PRESET.key,
        help=f"one of: {presets} (default {DEFAULT_PRESET.key})",
    )
    new.add_argument(
        "--ruleset", metavar="FILE", help="a blank character for a rule-set file instead"
    )
    new.add_argument("--id", default="new-character", help="the character's id")
    new.add_argument("--name", default="", help="the character's name")
    new.set_defaults(handler=run_new)

    schema = subparsers.add_parser(
        "schema",
        help="print the JSON Schema of a file format",
        description="Print the JSON Schema (draft 2020-12) that fatekit's files follow.",
    )
    schema.add_argument("format", choices=["character", "ruleset"], help="which format")
    schema.set_defaults(handler=run_schema)


def _chosen(args: argparse.Namespace, command: str) -> Preset | str | None:
    """The rule set a command was given: a file's, a built-in's key, or the file's own."""
    if args.ruleset is None:
        return args.preset  # type: ignore[no-any-return]
    if args.preset is not None and args.preset != DEFAULT_PRESET.key:
        print(f"fatekit {command}: give --preset or --ruleset, not both", file=sys.stderr)
        return None
    return read_ruleset(args.ruleset, command)


def run_check(args: argparse.Namespace) -> int:
    preset = _chosen(args, "check")
    if preset is None and args.ruleset is not None:
        return 2
    try:
        loaded = load_character(args.file, preset)
        problems = validate(loaded.character, loaded.preset)
    except BadInput as error:
        return refuse("check", f"{args.file}: {error}")
    who = loaded.character.name or loaded.character.id
    if not problems:
        print(f"{args.file}: {who} is a legal {loaded.preset.name} character")
        for stunt in loaded.character.stunts:
            print(f"  stunt {stunt.name}: {stunt.summary}")
        for gear in loaded.character.gear:
            print(f"  carries {gear.name}: Weapon {gear.weapon}, Armor {gear.armor}")
        return 0
    count = "1 problem" if len(problems) == 1 else f"{len(problems)} problems"
    print(f"{args.file}: {who} has {count} under {loaded.preset.name}:")
    for problem in problems:
        print(f"  - {problem}")
    return 1


def run_new(args: argparse.Namespace) -> int:
    chosen = _chosen(args, "new")
    if chosen is None:
        return 2
    try:
        preset = chosen if isinstance(chosen, Preset) else get_preset(chosen)
        character = template(preset, args.id, args.name)
    except BadInput as error:
        return refuse("new", error)
    print(dumps_character(character, preset), end="")
    return 0


def run_schema(args: argparse.Namespace) -> int:
    print(ruleset_schema_text() if args.format == "ruleset" else schema_text(), end="")
    return 0
