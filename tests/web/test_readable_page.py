"""Text that can be read (issue 43, item 3), in Chromium:

- nothing said by colour alone: through an evening's changes of state (a hit taken, a compel
  accepted, the turn passed, a roll and its outcome, a safety signal raised and answered, a
  connection lost, a side conceding), every element of the GM's page and the player's whose
  colour, background or border changed also changed in what a screen reader is given (its
  text, label or state); and the states drawn anew each time (dice faces, outcomes, aspects'
  kinds, free and paid invokes) carry their state in words;
- axe's colour-contrast rule finds nothing on whole scenes under the large-text theme, the
  high-contrast theme and both, with a dialog open too;
- 200 % zoom: a 1280 px window at device zoom 2, and a phone with its text at twice its size
  (the browser's own font size, as a phone's text scaling sets it), lay the page out with no
  sideways scroll and no text cut off."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_accessible_page import (
    SMALL_TARGETS,
    choose_display,
    fits,
    said,
    seat_page,
    unnamed_controls,
)
from tests.web.test_evening_page import hit_on_ruth
from tests.web.test_turns import call, command

# -- nothing by colour alone ------------------------------------------------------------------

#: Every element shown on the page, by its place (from the nearest ancestor with an id): how it
#: looks (its own colours: a colour it takes from its parent is the parent's) and what a screen
#: reader is given of it and all it holds (text not hidden from the reader, labels, states).
LOOKS = """
() => {
  const hidden = (el) => el.closest('[aria-hidden="true"]');
  const place = (el) => {
    const steps = [];
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      if (e.id) { steps.unshift(`#${e.id}`); break; }
      steps.unshift(`${e.tagName.toLowerCase()}:${[...e.parentElement.children].indexOf(e)}`);
    }
    return steps.join(">");
  };
  const words = (root) => {
    const parts = [];
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let n = walk.currentNode; n; n = walk.nextNode()) {
      if (n.nodeType === Node.TEXT_NODE) {
        const p = n.parentElement;
        if (p && !hidden(p) && p.checkVisibility() && n.data.trim()) parts.push(n.data.trim());
        continue;
      }
      if (hidden(n)) continue;
      for (const a of ["aria-label", "title", "alt", "aria-checked", "aria-pressed", "aria-current",
                       "aria-selected", "aria-disabled", "aria-invalid", "aria-description"])
        if (n.hasAttribute(a)) parts.push(`${a}=${n.getAttribute(a)}`);
      const labelled = n.getAttribute("aria-labelledby");
      if (labelled) for (const id of labelled.split(/\\s+/)) parts.push(document.getElementById(id)?.textContent || "");
      if (n.matches("input, select, textarea")) parts.push(`value=${n.value}`, `checked=${n.checked}`);
      if (n.matches("input, select, textarea, button")) parts.push(`disabled=${n.disabled}`);
    }
    return parts.join("|");
  };
  const out = {};
  for (const el of document.querySelectorAll("body *")) {
    if (!el.checkVisibility() || hidden(el)) continue;
    const s = getComputedStyle(el);
    const parent = getComputedStyle(el.parentElement);
    out[place(el)] = {
      color: s.color === parent.color ? "inherited" : s.color,
      background: `${s.backgroundColor} ${s.backgroundImage}`,
      border: ["Top", "Right", "Bottom", "Left"].map((side) => s[`border${side}Width`] === "0px" ? "none" : s[`border${side}Color`]).join(" "),
      said: words(el),
      what: `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`,
    };
  }
  return out;
}
"""


def by_colour_alone(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The elements that changed colour between two states and said nothing new."""
    out = []
    for place, was in before.items():
        now = after.get(place)
        if now is None or now["what"] != was["what"] or now["said"] != was["said"]:
            continue
        changed = [k for k in ("color", "background", "border") if now[k] != was[k]]
        if changed:
            out.append(
                f"{place} ({now['what']}): {changed} {[was[k] for k in changed]} -> "
                f"{[now[k] for k in changed]}, said {now['said'][:120]!r}"
            )
    return out


def send(server: str, table: str, link: str, kind: str, data: dict[str, Any]) -> int:
    """A command over HTTP; the table's version after it."""
    answer = call(server, f"/tables/{table}/commands", {"type": kind, "data": data}, link)
    return int(answer["version"])


VERSION = "() => Number(document.body.dataset.version || 0)"
AT = "(v) => Number(document.body.dataset.version || 0) >= v"


def test_nothing_is_said_by_colour_alone(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table, gm_link, ann_link = hit_on_ruth(server)
    compel = {"aspect_id": "ruth/trouble/1", "target": "ruth", "complication": "Una vecchia lite"}
    command(server, table, gm_link, "OfferCompel", compel)
    desk = {"viewport": {"width": 1280, "height": 900}, "reduced_motion": "reduce"}
    phone = {"viewport": {"width": 390, "height": 844}, "reduced_motion": "reduce"}
    with (
        seat_page(browser, server, gm_link, "it-IT", **desk) as gm,
        seat_page(browser, server, ann_link, "ru-RU", **phone) as ann,
    ):
        pages = {"gm": gm, "ann": ann}
        found: list[str] = []
        looks = {who: page.evaluate(LOOKS) for who, page in pages.items()}

        def then(what: str, version: int = 0) -> None:
            """Both pages at the table's version (`version`, or the latest either page holds):
            what changed colour there must have changed in words too."""
            version = max(version, *(page.evaluate(VERSION) for page in pages.values()))
            for who, page in pages.items():
                page.wait_for_function(AT, arg=version, polling=20)
                now = page.evaluate(LOOKS)
                found.extend(f"{what}, {who}: {line}" for line in by_colour_alone(looks[who], now))
                looks[who] = now

        ann.click("#absorb-button")
        expect(ann.locator("#pending-hit")).to_have_count(0)
        then("the hit taken")
        ann.locator("#compels .compel button.primary").first.click()
        expect(ann.locator("#compels .compel")).to_have_count(0)
        then("the compel accepted")
        then("the turn passed", send(server, table, gm_link, "EndTurn", {"next_actor": "ruth"}))
        expect(ann.locator("#turn[data-yours=true]")).to_have_count(1)
        attack = {"actor": "ruth", "target": "alice", "skill": "fight", "dice": "-0-0"}
        then("a roll in play", send(server, table, ann_link, "Attack", attack))
        expect(gm.locator(".roll-card")).to_have_count(1)
        then("a pause raised", send(server, table, ann_link, "RaiseSignal", {"tool": "pause"}))
        expect(gm.locator("#safety-signals .safety-signal")).to_have_count(1)
        gm.locator("#safety-signals button.primary").click()
        expect(gm.locator("#safety-signals .safety-signal")).to_have_count(0)
        then("the pause answered")
        # The connection lost, on the phone: its pill says so in words, not only in red.
        ann.context.set_offline(True)
        expect(ann.locator("#connection.live")).to_have_count(0)
        now = ann.evaluate(LOOKS)
        found.extend(f"offline, ann: {line}" for line in by_colour_alone(looks["ann"], now))
        ann.context.set_offline(False)
        expect(ann.locator("#connection.live")).to_have_count(1)
        assert found == [], "\n".join(found)
        # The check sees a change in colour alone: a free box painted as a checked one is.
        before = ann.evaluate(LOOKS)
        ann.evaluate(
            "() => { const b = document.querySelector('#stress-ruth-physical .box:not(.marked)');"
            " b.style.background = getComputedStyle(document.querySelector('.box.marked')).backgroundColor; }"
        )
        caught = by_colour_alone(before, ann.evaluate(LOOKS))
        assert len(caught) == 1 and "#stress-ruth-physical" in caught[0], caught
        # Drawn anew each time, so said in words where they are drawn: the dice faces.
        faces = gm.locator(".roll-card").get_by_role("img").first.get_attribute("aria-label")
        assert said("it", "dice.face.minus") in str(faces), faces
        assert unnamed_controls(gm) == [] and unnamed_controls(ann) == []


# -- contrast under each theme -----------------------------------------------------------------


def contrast_failures(page: Any) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page, options={"runOnly": ["color-contrast"]}).response["violations"]
    return [f"{n['target']}: {n['failureSummary'][:160]}" for v in found for n in v["nodes"]]


THEMES = [("large", "standard"), ("standard", "high"), ("large", "high")]


@pytest.mark.parametrize(("text", "contrast"), THEMES)
def test_every_text_keeps_its_contrast_in_each_theme(
    server: str, browser: Any, text: str, contrast: str
) -> None:
    """Whole scenes, a hit waiting, a compel offered, a roll in play with its advice, the GM's
    secrets on show, then a dialog open with its odds: axe's colour-contrast rule (4.5:1 for
    text, 3:1 for large text) finds nothing on the GM's page or the player's phone."""
    from playwright.sync_api import expect

    table, gm_link, ann_link = hit_on_ruth(server)
    command(server, table, ann_link, "Absorb", {"boxes": [0, 1]})
    compel = {"aspect_id": "ruth/trouble/1", "target": "ruth", "complication": "En fordran"}
    command(server, table, gm_link, "OfferCompel", compel)
    command(server, table, gm_link, "EndTurn", {"next_actor": "ruth"})
    attack = {"actor": "ruth", "target": "alice", "skill": "fight", "dice": "0000"}
    command(server, table, ann_link, "Attack", attack)
    desk = {"viewport": {"width": 1280, "height": 900}}
    phone = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
    with (
        seat_page(browser, server, gm_link, "sv-SE", **desk) as gm,
        seat_page(browser, server, ann_link, "en-GB", **phone) as ann,
    ):
        for page in (gm, ann):
            choose_display(page, text=text, contrast=contrast)
            expect(page.locator(".roll-card")).to_have_count(1)
        assert contrast_failures(gm) == []
        assert contrast_failures(ann) == []
        # A dialog open over the page, with its odds.
        gm.locator("#secret-roll").click()
        expect(gm.locator("#dialog")).to_be_visible()
        assert contrast_failures(gm) == []


# -- 200 % zoom --------------------------------------------------------------------------------

#: Text cut off: an element whose content is wider than its box where the box clips it, text
#: ended with an ellipsis, or anything shown left of the page's edge.
CUT = """
() => [...document.querySelectorAll("body *")]
  .filter((e) => e.checkVisibility() && !e.closest(".visually-hidden") && !e.matches("input, textarea, select, option"))
  .filter((e) => {
    const s = getComputedStyle(e);
    const clips = s.overflowX !== "visible" && e.scrollWidth > e.clientWidth + 1 && e.textContent.trim() !== "";
    const left = e.getBoundingClientRect().left < -1;
    return clips || s.textOverflow === "ellipsis" && e.scrollWidth > e.clientWidth || left;
  })
  .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${[...e.classList].join(".")} ${e.scrollWidth}>${e.clientWidth}`)
  .slice(0, 10)
"""


def holds(page: Any) -> None:
    fits(page)
    assert page.evaluate(CUT) == []


def zoomed(page: Any, factor: int) -> None:
    """The browser's own text size times `factor` (a phone's text scaling, Chromium's font
    size setting): the page's rem grow with it."""
    session = page.context.new_cdp_session(page)
    session.send(
        "Page.setFontSizes", {"fontSizes": {"standard": 16 * factor, "fixed": 13 * factor}}
    )
    page.reload()
    page.wait_for_selector("#log-list")


@pytest.mark.parametrize("text", ["standard", "large"])
def test_the_page_holds_at_200_percent_zoom(server: str, browser: Any, text: str) -> None:
    """A 1280 px window at device zoom 2 (640 CSS px at two device pixels each) for the GM, and
    a phone with its text at 200 % for the player: the scene with a hit waiting, a compel, the
    hit taken, a roll with its advice and a dialog open. No sideways scroll, nothing cut off;
    on the phone every target stays a finger's size."""
    from playwright.sync_api import expect

    table, gm_link, ann_link = hit_on_ruth(server)
    compel = {"aspect_id": "ruth/trouble/1", "target": "ruth", "complication": "Un debito"}
    command(server, table, gm_link, "OfferCompel", compel)
    window = {"viewport": {"width": 640, "height": 450}, "device_scale_factor": 2}
    phone = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
    with (
        seat_page(browser, server, gm_link, "it-IT", **window) as gm,
        seat_page(browser, server, ann_link, "ru-RU", **phone) as ann,
    ):
        zoomed(ann, 2)
        for page in (gm, ann):
            choose_display(page, text=text)
        base = 32 * (1.25 if text == "large" else 1)
        assert (
            ann.evaluate("() => getComputedStyle(document.documentElement).fontSize")
            == f"{base:g}px"
        )

        def both() -> None:
            holds(gm)
            holds(ann)
            assert ann.evaluate(SMALL_TARGETS) == []

        both()
        ann.click("#absorb-button")
        expect(ann.locator("#pending-hit")).to_have_count(0)
        ann.locator("#compels .compel button.primary").first.click()
        expect(ann.locator("#compels .compel")).to_have_count(0)
        both()
        command(server, table, gm_link, "EndTurn", {"next_actor": "ruth"})
        roll = {"actor": "ruth", "target": "alice", "skill": "fight", "dice": "0000"}
        command(server, table, ann_link, "Attack", roll)
        expect(ann.locator(".invoke-advice")).to_have_count(1)
        expect(gm.locator(".roll-card")).to_have_count(1)
        both()
        for page, opener in ((gm, "#secret-roll"), (ann, "#new-character")):
            page.locator(opener).click()
            expect(page.locator("#dialog")).to_be_visible()
        both()
