"""axe-core on the page agent's pages (issue 43, item 5): with ``Evening(..., axe=True)`` (or
``python -m tests.web.agent --axe``) the agent runs axe on every seat's page after each step
and reports each violation as an ``axe`` finding, once, when it appears.

axe-core comes from axe-playwright-python's copy (never from a CDN) and is put into a page
only once: the page is one document for the whole evening, and a reload loses it again, so it
is put back whenever it is missing. All of axe's rules run, contrast included; a violation is
named by its rule and the elements it found, so a violation that stays on screen for many
steps is one finding, and one that comes back after it went is a new one."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any


@cache
def script() -> str:
    import axe_playwright_python

    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


#: What axe found on the document as it stands: rule, impact, what it means, and the first
#: few elements it found (their selectors and html, shortened).
RUN = """
async () => {
  const found = await window.axe.run(document, { resultTypes: ["violations"] });
  return found.violations.map((v) => ({
    id: v.id,
    impact: v.impact || "",
    help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ") + " " + n.html.replace(/\\s+/g, " ").slice(0, 120)),
  }));
}
"""


def violations(page: Any) -> list[dict[str, Any]]:
    """axe's violations on `page` now (axe put into it first, if it is not there)."""
    if not page.evaluate("() => typeof window.axe === 'object' && window.axe !== null"):
        page.evaluate(script())
    found: list[dict[str, Any]] = page.evaluate(RUN)
    return found


def lines(page: Any) -> set[str]:
    """One line per violation and element, as findings name them."""
    return {
        f"{v['id']} ({v['impact']}): {v['help']}: {node}"
        for v in violations(page)
        for node in v["nodes"]
    }
