"""Which commands the page can send, and which of them the agent's evenings sent.

The page can send a command when its scripts name the command's type: the server's
``COMMAND_TYPES`` that appear as a quoted word in ``fatekit/web/js``. Seats and tables are made
through their own endpoints (``POST /tables``, ``POST /tables/{id}/seats``), not commands."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

from fatekit.table.commands import COMMAND_TYPES

WEB = Path(__file__).resolve().parents[3] / "fatekit" / "web" / "js"


@cache
def page_commands() -> frozenset[str]:
    """Every command type the page's scripts name."""
    words: set[str] = set()
    for path in WEB.rglob("*.js"):
        words.update(re.findall(r'"([A-Z][A-Za-z]+)"', path.read_text(encoding="utf-8")))
    return frozenset(words & set(COMMAND_TYPES))


def report(sent: Counter[str]) -> str:
    """The coverage as a few lines: how many of the page's commands were sent, and which not."""
    offered = page_commands()
    reached = sorted(t for t in offered if sent[t])
    missing = sorted(offered - set(reached))
    lines = [f"command types reached: {len(reached)} of {len(offered)} the page can send"]
    lines.append("sent: " + ", ".join(f"{t} {sent[t]}" for t in reached))
    lines.append("not reached: " + (", ".join(missing) or "none"))
    unknown = sorted(set(sent) - offered)
    if unknown:
        lines.append("sent but not named by the page's scripts: " + ", ".join(unknown))
    return "\n".join(lines)


#: The commands each evening played in this process sent (the browser tests add theirs here, and
#: the terminal summary reports them).
PLAYED: list[Counter[str]] = []
