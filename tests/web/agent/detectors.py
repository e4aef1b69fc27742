"""What the page agent calls a failure, and how it looks for each in a page.

Kinds of finding:

- ``script-error``: an uncaught error or a console error on a page (a failed request's own
  console line aside: the refusal checks judge those).
- ``server-error``: a 5xx answer to anything the page asked.
- ``generic-message``: a refusal or error on screen that says only one of the catalogs' generic
  sentences (``error.malformed``, ``error.illegal``, ``error.other``, in any language), with no
  rule reason, field message or sentence of the server's beside it.
- ``refusal-not-beside``: a 4xx answer to something the page sent, with no reason where the
  person is looking: contract §2 (``<p class="refusal" role="alert" data-error=...>`` inside the
  open dialog that sent it, or beside the button that sent it: in its container, or right after
  the container or one of the two boxes around it), or one whose ``data-error`` is not the
  answer's error word.
- ``dead-control``: an enabled control clicked, and neither the page (DOM, focus, scroll, the
  browser's own validation) nor the network moved.
- ``lost-dialog``: a dialog that closed by itself when one of its fields changed (what was typed
  is gone, and nothing says why).
- ``not-live``: a page whose connection is not live, or whose document does not reach the
  table's version, once everything else has settled.
- ``bad-id``: an element id with a space in it (made from a name someone typed): an id holds
  none, and no selector can name it.
- ``axe``: a violation axe-core finds on a page after a step (only when the evening runs axe,
  ``Evening(..., axe=True)``; ``agent/axe.py``): its rule, impact and the element.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

from fatekit.server.web import I18N_DIR

KINDS = (
    "script-error",
    "server-error",
    "generic-message",
    "refusal-not-beside",
    "dead-control",
    "lost-dialog",
    "not-live",
    "bad-id",
    "axe",
)

#: The catalog keys whose sentence, alone, says nothing about why.
GENERIC_KEYS = ("error.malformed", "error.illegal", "error.other")
LANGUAGES = ("en", "ru", "it", "sv")


@dataclass(frozen=True)
class Finding:
    """One failure: where in the evening (seed, step, seat) and what."""

    seed: int
    step: int
    seat: str
    kind: str
    detail: str

    def line(self) -> str:
        return f"seed {self.seed} step {self.step} [{self.seat}] {self.kind}: {self.detail}"


@cache
def generic_sentences() -> tuple[str, ...]:
    """The generic sentences in every language, longest first."""
    found = set()
    for lang in LANGUAGES:
        catalog = json.loads((I18N_DIR / f"{lang}.json").read_text(encoding="utf-8"))
        found.update(catalog[key] for key in GENERIC_KEYS if key in catalog)
    return tuple(sorted(found, key=len, reverse=True))


#: Visible refusals and errors whose words, the engine's English detail and the generic
#: sentences taken away, leave nothing.
GENERIC_SCAN = """
(generic) => {
  const found = [];
  for (const el of document.querySelectorAll(".error, .refusal, [role=alert]")) {
    if (!el.checkVisibility() || !el.textContent.trim()) continue;
    let text = el.textContent;
    if (!generic.some((g) => text.includes(g))) continue;
    for (const g of generic) text = text.split(g).join("");
    if (text.replace(/[\\s.:!,]/g, "") !== "") continue;
    const where = el.closest("dialog[open] form, section[id], #banner, [id]");
    found.push({ text: el.textContent.trim().replace(/\\s+/g, " ").slice(0, 160), where: where ? where.id : "" });
  }
  return found;
}
"""

#: Element ids with a space in them.
SPACED_IDS = """
() => [...new Set([...document.querySelectorAll("[id]")].map((e) => e.id).filter((i) => /\\s/.test(i)))]
"""

#: Where a refused command's reason is, for the control that sent it (marked data-agent-pick
#: when it was clicked, found again by id if a redraw replaced it). `strict` follows contract
#: §2; `near` is any visible error in the same dialog, card or section.
REFUSAL_SCAN = """
({ dialog, id, error }) => {
  const visible = (el) => el && el.checkVisibility() && el.textContent.trim() !== "";
  const refusal = (el) => el && (el.matches(".refusal[role=alert]") ? el : el.querySelector(".refusal[role=alert]"));
  const any = (root) => root && [...root.querySelectorAll(".refusal, .error, [role=alert]")].find(visible);
  const open = document.querySelector("dialog[open]");
  if (dialog) {
    if (!open) return { closed: true };
    const r = refusal(open);
    const near = any(open);
    return { strict: visible(r), error: r ? r.dataset.error : null, near: Boolean(near), text: near ? near.textContent.trim().slice(0, 160) : "" };
  }
  const el = document.querySelector("[data-agent-pick]") || (id && document.getElementById(id));
  const banner = any(document.getElementById("banner"));
  if (!el) return { gone: true, banner: banner ? banner.textContent.trim().slice(0, 160) : "" };
  // Beside the control: in its container, or right after the container or one of the two
  // boxes around it (a button row's place for what went wrong).
  let r = refusal(el.parentElement);
  for (let box = el.parentElement, up = 0; !r && box && up < 3; box = box.parentElement, up++) {
    r = refusal(box.nextElementSibling);
  }
  const near = any(el.closest(".card, form, section"));
  return {
    strict: visible(r),
    error: r ? r.dataset.error : null,
    near: Boolean(near),
    text: near ? near.textContent.trim().slice(0, 160) : banner ? "banner: " + banner.textContent.trim().slice(0, 160) : "",
  };
}
"""


#: Findings left for another branch (each in /work/coord/findings.md with its seed): what the
#: finding's line contains, and whose it is. They are reported, and fail nothing, until fixed.
KNOWN: dict[str, str] = {}


def known(finding: Finding) -> str | None:
    """The branch a finding is left for, if it is a known one."""
    line = finding.line()
    return next((owner for text, owner in KNOWN.items() if text in line), None)
