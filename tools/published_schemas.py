"""Write the JSON Schemas fatekit publishes in docs/ from the code that defines them: a table
file, a campaign file, the page contract, a character file and a rule-set file. ``make docs``
runs it with ``--write``; the tests fail, naming ``make docs``, when one is stale.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from fatekit.formats.ruleset import ruleset_schema_text
from fatekit.formats.schema import schema_text
from fatekit.table.campaign import campaign_schema_text
from fatekit.table.contract import page_schema_text
from fatekit.table.export import table_schema_text

DOCS = Path(__file__).resolve().parent.parent / "docs"

#: Each published file and what writes it.
SCHEMAS: dict[str, Callable[[], str]] = {
    "table.schema.json": table_schema_text,
    "campaign.schema.json": campaign_schema_text,
    "page.schema.json": page_schema_text,
    "character.schema.json": schema_text,
    "ruleset.schema.json": ruleset_schema_text,
}


def stale() -> list[str]:
    """The published files that differ from what the code writes now."""
    return [
        name
        for name, text in SCHEMAS.items()
        if not (DOCS / name).exists() or (DOCS / name).read_text(encoding="utf-8") != text()
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="write the stale files")
    args = parser.parse_args(argv)
    names = stale()
    if args.write:
        for name in names:
            (DOCS / name).write_text(SCHEMAS[name](), encoding="utf-8")
            print(f"wrote docs/{name}")
        return 0
    for name in names:
        print(f"docs/{name} is stale: run make docs", file=sys.stderr)
    return 1 if names else 0


if __name__ == "__main__":
    sys.exit(main())
