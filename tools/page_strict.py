"""Hold the page's modules that pass TypeScript's ``noImplicitAny`` to it (issue 40, item 3).

Strict null checks went this way module by module and are now on for the whole page in
``jsconfig.json``. ``noImplicitAny`` follows: ``jsconfig.json`` cannot turn it on for some files
and not others, so ``make typecheck`` runs ``tsc`` once more with the flag on and fails on any
error in a module not listed in ``LEFT`` (those still to be made to pass), and on a module in
``LEFT`` that passes: a new module starts typed, a module once passing stays so, and the list
shrinks until it is empty; then ``jsconfig.json`` turns the flag on and this tool goes.
``--report`` prints how many errors each module still has.

    python tools/page_strict.py [--report]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "fatekit" / "web" / "js"
TSC = ROOT / "node_modules" / ".bin" / "tsc"

#: The modules (paths under fatekit/web/js) that do not pass with noImplicitAny on yet; every other
#: module must. Take a module off once it passes (the tool says when); never add one.
LEFT = frozenset(
    {
        "lib/dom.js",
    }
)

ERROR = re.compile(r"^fatekit/web/js/(?P<module>[^(]+)\(\d+,\d+\): error TS\d+: ")


def errors() -> list[tuple[str, str]]:
    """Every error tsc reports with ``noImplicitAny`` on: (module, the whole line)."""
    done = subprocess.run(
        [str(TSC), "-p", "jsconfig.json", "--noImplicitAny", "--pretty", "false"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    found = []
    for line in done.stdout.splitlines():
        match = ERROR.match(line)
        if match:
            found.append((match["module"], line))
        elif line.startswith(("error", "docs/")):  # the configuration or the contract's types
            found.append(("", line))
    return found


def modules() -> set[str]:
    return {p.relative_to(PAGE).as_posix() for p in PAGE.rglob("*.js")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", action="store_true", help="count what each module has left")
    args = parser.parse_args()
    unknown = LEFT - modules()
    if unknown:
        print(f"page_strict.py: LEFT names modules that do not exist: {sorted(unknown)}")
        return 1
    found = errors()
    if args.report:
        left = Counter(module for module, _ in found)
        for module, count in left.most_common():
            print(f"{count:5} {module or '(project)'}")
        passing = len(modules() - set(left))
        print(f"{len(found)} errors; {passing} of {len(modules())} modules pass")
    held = [line for module, line in found if module not in LEFT]
    for line in held:
        print(line)
    if held:
        print(f"page_strict.py: {len(held)} noImplicitAny errors in modules held to it")
    # The ratchet: a module that passes is held to it from then on.
    passing = sorted(LEFT - {module for module, _ in found})
    if passing:
        print(f"page_strict.py: these modules pass now: take them off LEFT: {', '.join(passing)}")
    return 1 if held or passing else 0


if __name__ == "__main__":
    sys.exit(main())
