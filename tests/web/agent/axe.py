"""axe-core on the page agent's pages (issue 43, item 5): with ``Evening(..., axe=True)`` (or
``python -m tests.web.agent --axe``) the agent runs axe on every seat's page after each step
and reports each violation as an ``axe`` finding, once, when it appears.

axe-core comes from axe-playwright-python's copy (never from a CDN) and is put into a page
only once: the page is one document for the whole evening, and a reload loses it again, so it
is put back whenever it is missing. All of axe's rules run, contrast included; a violation is
named by its rule and the elements it found, so a violation that stays on screen for many
steps is one finding, and one that comes back after it went is a new one.

axe costs about half a second a page on a two-core machine, so ``make test``'s evening looks
only at pages that show something axe has not yet seen on that seat's page (``SHAPES``): an
element of a new shape (its tag, classes, role, attributes and whether it holds text, inside
its parent's and grandparent's tags and classes: what names and colours it), or ids that
repeat; the first pages of an evening show most of what it will, and later ones a new dialog
or card now and then (seed 7: 118 of 217 changed pages looked at, 65 s of axe against 94 s). ``make soak`` looks at every page that changed."""

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


#: The shapes of the elements the page draws (see the module's docstring), and whether two of
#: its elements share an id (axe's duplicate-id rules, which a shape does not see).
SHAPES = """
() => {
  const kind = (el) => el ? el.tagName + "." + (typeof el.className === "string" ? el.className : "") : "";
  const shapes = new Set();
  const ids = new Set();
  let repeated = false;
  for (const el of document.body.querySelectorAll("*")) {
    if (el.id) {
      repeated = repeated || ids.has(el.id);
      ids.add(el.id);
    }
    if (el.getClientRects().length === 0) continue;
    const attributes = [...el.attributes]
      // Not the id (see "repeated"), nor the marks the agent itself leaves on what it chose.
      .filter((a) => !["id", "class"].includes(a.name) && !a.name.startsWith("data-agent"))
      .map((a) => a.name.startsWith("aria-") || ["role", "type", "style", "lang"].includes(a.name)
        ? a.name + "=" + (a.name === "aria-label" || a.name.endsWith("by") ? a.value !== "" : a.value)
        : a.name)
      .sort()
      .join(" ");
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== "");
    const parent = el.parentElement;
    shapes.add(kind(parent && parent.parentElement) + ">" + kind(parent) + ">" + kind(el)
      + "[" + attributes + "]" + (text ? "t" : ""));
  }
  return { shapes: [...shapes], repeated };
}
"""


def shapes(page: Any) -> tuple[set[str], bool]:
    """The shapes of the elements `page` draws now, and whether any id repeats."""
    found: dict[str, Any] = page.evaluate(SHAPES)
    return set(found["shapes"]), bool(found["repeated"])


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
