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
from tests import shared_folder
from tests.web.agent.plans import PLANS

WEB = Path(__file__).resolve().parents[3] / "fatekit" / "web" / "js"


@cache
def page_commands() -> frozenset[str]:
    """Every command type the page's scripts name."""
    words: set[str] = set()
    for path in WEB.rglob("*.js"):
        words.update(re.findall(r'"([A-Z][A-Za-z]+)"', path.read_text(encoding="utf-8")))
    return frozenset(words & set(COMMAND_TYPES))


def report(sent: Counter[str], paths: Counter[str] | None = None) -> str:
    """The coverage as a few lines: how many of the page's commands were sent, and which not;
    with `paths`, the plans' paths (plans.py) reached and not."""
    offered = page_commands()
    reached = sorted(t for t in offered if sent[t])
    missing = sorted(offered - set(reached))
    lines = [f"command types reached: {len(reached)} of {len(offered)} the page can send"]
    lines.append("sent: " + ", ".join(f"{t} {sent[t]}" for t in reached))
    lines.append("not reached: " + (", ".join(missing) or "none"))
    unknown = sorted(set(sent) - offered)
    if unknown:
        lines.append("sent but not named by the page's scripts: " + ", ".join(unknown))
    if paths is not None:
        lines.append(
            "paths: " + (", ".join(f"{p} {n}" for p, n in sorted(paths.items())) or "none")
        )
        goals = {goal for plan in PLANS for goal in plan.goals if ":" in goal}
        left = sorted(goals - set(paths))
        lines.append("plans' paths not reached: " + (", ".join(left) or "none"))
    return "\n".join(lines)


def record(seed: int, sent: Counter[str], paths: Counter[str]) -> None:
    """Keep what one evening sent, for the coverage check and the summary (the test session's
    shared folder: tests/shared_folder.py), so that evenings played in parallel count together."""
    shared_folder.leave("page-agent", str(seed), {"sent": sent, "paths": paths})


def recorded() -> tuple[set[int], Counter[str], Counter[str]]:
    """The seeds played so far in this test session, and what they sent together."""
    seeds: set[int] = set()
    sent: Counter[str] = Counter()
    paths: Counter[str] = Counter()
    for seed, one in shared_folder.gathered("page-agent").items():
        seeds.add(int(seed))
        sent.update(one["sent"])
        paths.update(one["paths"])
    return seeds, sent, paths
