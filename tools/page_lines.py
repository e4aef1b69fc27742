"""Write the log's lines for the page (``fatekit/web/js/told.js``) from the declarations.

Each domain declares how the log tells its events (:mod:`fatekit.table.telling`); Discord reads
the declarations in Python, and the page reads them from this module: plain data, so it is
bundled, preloaded and served like the page's other modules (a JSON module would need an import
attribute the unbundled page cannot count on). ``make docs`` writes it; ``--check`` (run by
``make typecheck``) fails when the file is not what the declarations make now.

    python tools/page_lines.py [--check]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import fatekit.table.events  # noqa: E402, F401  (every domain, and so every declaration)
from fatekit.table.telling import told_json  # noqa: E402

TOLD = ROOT / "fatekit" / "web" / "js" / "told.js"

HEAD = (
    "// The log's lines, as the events' domains declare them (fatekit/table/telling.py): written by\n"
    "// `make docs` (tools/page_lines.py), never by hand. log.js reads them; Discord reads the same.\n\n"
    "/** Each event type's line: the cases of its catalog key and the pieces its text names. */\n"
    "export const TOLD = "
)
BIN = ROOT / "node_modules" / ".bin"


def written() -> str:
    """The file as prettier formats the declarations (as it checks the page's files)."""
    done = subprocess.run(
        [str(BIN / "prettier"), "--stdin-filepath", str(TOLD)],
        input=HEAD + told_json().decode() + ";\n",
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the file is out of date")
    args = parser.parse_args()
    text = written()
    if args.check:
        if not TOLD.exists() or TOLD.read_text(encoding="utf-8") != text:
            print(f"{TOLD.relative_to(ROOT)} is out of date: run make docs", file=sys.stderr)
            return 1
        return 0
    TOLD.write_text(text, encoding="utf-8")
    print(f"wrote {TOLD.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
