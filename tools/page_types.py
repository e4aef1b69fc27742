"""Write the page's types (``docs/page.d.ts``) from the page contract.

The contract (:func:`fatekit.table.contract.page_schema`) is generated from the typed parts that
build a seat's document; json-schema-to-typescript (from package-lock.json) turns its view and
extras into TypeScript declarations, which the page's JSDoc imports and ``tsc`` checks, and
prettier formats them as it does the page. ``make docs`` writes the file; ``--check`` (run by
``make typecheck``) fails when the file is not what the contract makes now.

    python tools/page_types.py [--check]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fatekit.table.contract import page_schema  # noqa: E402

TYPES = ROOT / "docs" / "page.d.ts"
BIN = ROOT / "node_modules" / ".bin"


def contract() -> dict[str, object]:
    """The view and the extras of the page contract, as one schema whose definitions all become
    named types."""
    schema = page_schema()
    definitions = {
        name: part
        for name, part in schema["$defs"].items()
        if name not in ("document", "extras", "event") and not name.startswith("event-")
    }
    return {
        "$schema": schema["$schema"],
        "title": "PageContract",
        "description": "What a seat's page reads: its view and its extras (docs/page.schema.json).",
        "type": "object",
        "properties": {
            "view": {"$ref": "#/$defs/SeatView"},
            "extras": {"$ref": "#/$defs/ExtrasPart"},
        },
        "required": ["view", "extras"],
        "additionalProperties": False,
        "$defs": definitions,
    }


def page_types() -> str:
    """The declarations, formatted by the page's prettier."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "page.schema.json"
        source.write_text(json.dumps(contract(), indent=2), encoding="utf-8")
        made = subprocess.run(
            [
                BIN / "json2ts",
                "--input",
                source,
                "--unreachableDefinitions",
                "--format",
                "false",
                "--bannerComment",
                _BANNER,
            ],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    formatted = subprocess.run(
        [BIN / "prettier", "--stdin-filepath", TYPES],
        input=made,
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    ).stdout
    return formatted


_BANNER = (
    "// The page's types, generated from the typed parts of a seat's document by\n"
    "// tools/page_types.py (`make docs`): do not edit by hand."
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the file is stale")
    args = parser.parse_args()
    made = page_types()
    now = TYPES.read_text(encoding="utf-8") if TYPES.exists() else None
    if args.check:
        if now != made:
            sys.exit(f"{TYPES.relative_to(ROOT)} is stale: run `make docs`")
        return
    if now != made:
        TYPES.parent.mkdir(parents=True, exist_ok=True)
        TYPES.write_text(made, encoding="utf-8")
        print(f"wrote {TYPES.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
