"""Each example hack of docs/examples/rulesets/ played at a table in the browser: the GM opens a
table on the hack's file, brings in its example character, starts a conflict dealing the hack's
own kind of harm where it has one, and an NPC's hit is absorbed on the hack's own stress track,
which the sheet shows marked under the name the file gives it in the page's language. Three
hacks, three languages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .test_flow import TIMEOUT, UNTRANSLATED, Player  # type: ignore[import-not-found]

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"
NPC = "Ottavio"

# (hack, the page's locale, the conflict's harm: the hack's own, or None for one it has none of)
HACKS = [
    ("merchant-princes", "en-GB", "wealth"),
    ("long-night", "it-IT", "sanity"),
    ("paper-lanterns", "sv-SE", None),
]


def _defence(ruleset: dict[str, Any], character: dict[str, Any], harm: str) -> int:
    """The character's best rating among the skills the hack lets defend against ``harm``."""
    skills = character["skills"]
    uses = [
        u
        for u in ruleset["skill_uses"]
        if u["action"] == "defend" and u["harm"] in (harm, "any") and not u.get("melee_only")
    ]
    return max([skills.get(u["skill"], 0) for u in uses], default=0)


def _id(page: Any, name: str) -> str:
    """The id the table gave the character called ``name``."""
    found = page.wait_for_function(
        """(name) => {
          const heads = [...document.querySelectorAll("article[id^=char-] > * > [id$=-name], article[id^=char-] [id$=-name]")];
          const head = heads.find((e) => e.querySelector("[data-free]")?.textContent === name);
          return head ? head.id.slice("char-".length, -"-name".length) : null;
        }""",
        arg=name,
    )
    return str(found.json_value())


@pytest.mark.parametrize(("hack", "locale", "harm"), HACKS, ids=[h for h, _, _ in HACKS])
def test_an_example_hack_played(
    server: str, browser: Any, hack: str, locale: str, harm: str | None
) -> None:
    ruleset = json.loads((EXAMPLES / f"{hack}.ruleset.json").read_text(encoding="utf-8"))
    character = json.loads((EXAMPLES / f"{hack}.character.json").read_text(encoding="utf-8"))
    lang = locale[:2]
    # The track the hit lands on: the conflict's own harm, or the hack's one shared track.
    tracks = ruleset["stress"]["tracks"]
    track = next(t for t in tracks if t["harm"] == harm) if harm else tracks[0]
    hit_kind = harm or "physical"
    attack = next(
        u["skill"]
        for u in ruleset["skill_uses"]
        if u["action"] == "attack" and u["harm"] in (hit_kind, "any")
    )
    defence = _defence(ruleset, character, hit_kind)
    # The NPC's rating and dice beat the character's defence (dice 0000) by exactly one shift.
    rating = max(1, defence)
    dice = "+" * (defence + 1 - rating) + "0" * (4 - (defence + 1 - rating))
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.set_default_timeout(TIMEOUT)
        gm = Player(page, "GM")
        page.goto(server)
        page.wait_for_selector("#create-table")
        page.fill("#new-table-name", ruleset["name"])
        page.set_input_files("#new-table-ruleset", str(EXAMPLES / f"{hack}.ruleset.json"))
        page.locator("#ruleset-preview .track").first.wait_for()
        gm.click("#create-table button[type=submit]")
        page.wait_for_selector("#gm")

        gm.click("#new-character")
        page.set_input_files("#sheet-file", str(EXAMPLES / f"{hack}.character.json"))
        page.wait_for_selector("#sheet-legal")
        page.select_option("#sheet-kind", "major_npc")
        gm.submit("sheet-form")
        who = _id(page, character["name"])
        label = page.locator(f"#stress-{who}-{track['harm']} .label")
        label.wait_for()
        assert label.inner_text() == track.get("names", {}).get(lang, track["name"])

        gm.click("#quick-npc")
        page.fill("#npc-name", NPC)
        page.fill("#npc-aspect", "Harbour Boss")
        page.select_option("#npc-skill-0", attack)
        page.select_option("#npc-rating-0", str(rating))
        order = ruleset["turn_order"]
        if order["style"] != "elective":
            # Turns go by a skill (an approach here): the NPC's beats the character's, so it
            # acts first.
            first = order[hit_kind][0]
            page.select_option("#npc-skill-1", first)
            page.select_option("#npc-rating-1", str(character["skills"].get(first, 0) + 1))
        gm.submit("npc-form")
        page.wait_for_function("() => document.querySelectorAll('[id^=char-]').length >= 2")
        npc = _id(page, NPC)
        gm.click("#start-session")
        gm.click("#start-scene")
        page.fill("#scene-name", "Scene")
        gm.submit("scene-form")
        gm.click("#start-conflict")
        page.select_option(f"#conflict-side-{who}", "a")
        if harm:
            page.select_option("#conflict-harm", harm)
        if order["style"] == "elective":
            page.select_option("#conflict-first", npc)
        else:
            # A skill or approach order decides who acts first: the dialog does not ask.
            assert page.locator("#conflict-first").count() == 0
        gm.submit("start-conflict-form")
        page.locator(f"#fighter-{npc}.current").wait_for()

        # One exchange: the NPC hits, the character takes it in a box of the hack's track.
        gm.click(f"#attack-{npc}")
        page.select_option("#attack-target", who)
        page.select_option("#attack-skill", attack)
        page.fill("#attack-dice", dice)
        page.fill("#attack-defend-dice", "0000")
        gm.submit("attack-form")
        gm.click(".resolve-button")
        hit = page.locator("#pending-hit")
        hit.wait_for()
        assert hit.get_attribute("data-shifts") == "1"
        page.wait_for_selector("#absorb-0")
        page.check("#absorb-0")
        gm.click("#absorb-button")
        marked = page.locator(f"#stress-{who}-{track['harm']} .box.marked")
        marked.first.wait_for()
        assert marked.count() == 1
        assert page.locator("#pending-hit").count() == 0
        page.select_option(f"#next-{npc}", who)
        gm.click(f"#end-turn-{npc}")
        page.locator(f"#fighter-{who}.current").wait_for()
        bad_text = page.evaluate(UNTRANSLATED, lang)
        assert bad_text == [], bad_text
        assert errors == []
    finally:
        context.close()
