"""Write every schema fatekit publishes in docs/ from the code that defines it.

The tests compare each published file with what the code makes now; after a change to events,
the page's document, the campaign file, characters or rule sets, ``make docs`` runs this instead
of each file's own command.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from fatekit.formats.ruleset import ruleset_schema_text
from fatekit.formats.schema import schema_text
from fatekit.table.campaign import campaign_schema_text
from fatekit.table.contract import page_schema_text
from fatekit.table.export import table_schema_text

DOCS = Path(__file__).resolve().parents[1] / "docs"

PUBLISHED: dict[str, Callable[[], str]] = {
    "campaign.schema.json": campaign_schema_text,
    "character.schema.json": schema_text,
    "page.schema.json": page_schema_text,
    "ruleset.schema.json": ruleset_schema_text,
    "table.schema.json": table_schema_text,
}


def main() -> None:
    for name, text in PUBLISHED.items():
        path = DOCS / name
        made = text()
        if not path.exists() or path.read_text(encoding="utf-8") != made:
            path.write_text(made, encoding="utf-8")
            print(f"wrote docs/{name}")


if __name__ == "__main__":
    main()
