"""``fatekit import`` and ``fatekit export``: characters from and to Fari and Foundry VTT.

- ``fatekit import FILE [--from fari|foundry|fatekit] [--preset NAME | --ruleset FILE]``: print
  the fatekit character file for a Fari sheet or a Foundry (Fate Core Official) actor; what had
  no place on the sheet is reported on stderr. Exit 0, or 2 when the file cannot be read as a
  character, or its conditions, modes or powers break the rule set (the reasons on stderr).
- ``fatekit export --to fari|foundry FILE [--output PATH] [--ruleset FILE]``: write a fatekit
  character file in the other format (stdout unless ``--output``), its rule set's conditions as
  slot trackers (Fari) or Conditions tracks (Foundry) and its modes as rated skills. Exit 0, or 2
  for a bad file.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from fatekit.cli.refusal import refuse
from fatekit.cli.ruleset import read_ruleset
from fatekit.formats import load_character
from fatekit.formats.interop import (
    EXPORT_FORMATS,
    IMPORT_FORMATS,
    MAX_FILE_BYTES,
    export_character,
    import_character,
)
from fatekit.rules import PRESETS, BadInput, Preset

__all__ = ["read_bytes", "register", "run_export", "run_import"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    presets = ", ".join(PRESETS)
    found = subparsers.add_parser(
        "import",
        help="turn a Fari sheet or a Foundry VTT actor into a fatekit character file",
        description=(
            "Read a character from Fari (.fari.json, any version) or Foundry VTT (an actor of "
            "the Fate Core Official system) and print it as a fatekit character file. The format "
            "and the preset are recognised from the file unless given. What has no place on a "
            "fatekit sheet is listed on stderr and kept in the character's description. Exit "
            "status: 0 read, 2 not a character file."
        ),
        epilog="example: fatekit import cassandra.fari.json > cassandra.json",
    )
    found.add_argument("file", help="the file to read")
    found.add_argument(
        "--from", dest="source", choices=IMPORT_FORMATS, help="the file's format (else recognised)"
    )
    found.add_argument(
        "--preset", metavar="NAME", help=f"read it for this preset ({presets}; else recognised)"
    )
    found.add_argument(
        "--ruleset",
        metavar="FILE",
        help="read it for a rule-set file (its skills, conditions, modes and packages)",
    )
    found.set_defaults(handler=run_import)

    out = subparsers.add_parser(
        "export",
        help="write a fatekit character file as a Fari sheet or a Foundry VTT actor",
        description=(
            "Write a fatekit character file as a Fari character (version 6, with fariType) or "
            "as a Foundry VTT actor for the Fate Core Official system. Importing the result "
            "gives the same character back. Exit status: 0 written, 2 not a character file."
        ),
        epilog="example: fatekit export --to foundry cassandra.json > cassandra-foundry.json",
    )
    out.add_argument("--to", dest="target", required=True, choices=EXPORT_FORMATS)
    out.add_argument("file", help="the fatekit character file")
    out.add_argument("--output", "-o", metavar="PATH", help="write here instead of stdout")
    out.add_argument(
        "--ruleset",
        metavar="FILE",
        help="the rule-set file the character is for (its conditions and modes are written too)",
    )
    out.set_defaults(handler=run_export)


def read_bytes(path: str) -> bytes:
    """A file's bytes, refusing a file too large to be a character sheet."""
    try:
        size = Path(path).stat().st_size
        if size > MAX_FILE_BYTES:
            raise BadInput(
                f"the file is {size / 1048576:.1f} MB; a character file is at most "
                f"{MAX_FILE_BYTES // 1048576} MB (is this really a character sheet?)"
            )
        return Path(path).read_bytes()
    except OSError as error:
        raise BadInput(f"cannot read it: {error.strerror or error}") from None


def run_import(args: argparse.Namespace) -> int:
    preset: str | Preset | None = args.preset
    if args.ruleset is not None:
        if args.preset is not None:
            return refuse("import", "give --preset or --ruleset, not both")
        preset = read_ruleset(args.ruleset, "import")
        if preset is None:
            return 2
    try:
        imported = import_character(read_bytes(args.file), args.source, preset)
    except BadInput as error:
        return refuse("import", f"{args.file}: {error}")
    for line in imported.report.lines():
        print(f"fatekit import: {line}", file=sys.stderr)
    if imported.report.refused:
        # Nothing half applied: no character file at all.
        return refuse("import", f"{args.file}: {imported.report.refusal()}")
    print(json.dumps(imported.data, indent=2, ensure_ascii=False))
    return 0


def run_export(args: argparse.Namespace) -> int:
    preset = None
    if args.ruleset is not None:
        preset = read_ruleset(args.ruleset, "export")
        if preset is None:
            return 2
    try:
        read_bytes(args.file)  # the size check
        loaded = load_character(args.file, preset)
        text = json.dumps(export_character(loaded, args.target), indent=2, ensure_ascii=False)
    except BadInput as error:
        return refuse("export", f"{args.file}: {error}")
    if args.output is None:
        print(text)
        return 0
    try:
        Path(args.output).write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        return refuse("export", f"cannot write {args.output}: {error.strerror}")
    return 0
