"""A Fate Core group through the page (issue 39): the GM in Italian at 1440x900, Ann in Swedish on
a 390x844 phone, Ben in Russian at 1024x768.

- The start page shows Fate Core's extreme consequences and full defense as rules of the book:
  ticked, fixed, and said to be Fate Core's (not options to tick).
- Og hits Cynere for more than her stress and consequences hold: the hit panel offers the extreme
  consequence alone; Ann names it and picks the aspect it replaces on her phone, and every seat's
  log says what happened, in its language (the page sent an empty plan before).
- The GM corrects the extreme consequence's name from Cynere's card.
- Milestones of every kind: a minor milestone (a moderate consequence starts healing), a
  significant one (a skill point; going past the skill cap is refused, citing Fate Core, and the
  GM allows it with one waiver), and a major one where the extreme consequence becomes a lasting
  aspect of Cynere's, renamed.
"""

from __future__ import annotations

import re
from typing import Any

from fatekit.formats import dumps_character
from fatekit.rules import major_npc, new_character
from fatekit.rules.aspects.aspects import AspectKind
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_refusals_page import seat_page
from tests.web.test_turns import call, catalog, command, state_of

CYNERE = {
    "fight": 4,
    "athletics": 3,
    "physique": 3,
    "notice": 2,
    "provoke": 2,
    "will": 2,
    "burglary": 1,
    "deceive": 1,
    "rapport": 1,
    "stealth": 1,
}
ZIRD = {
    "lore": 4,
    "will": 3,
    "notice": 3,
    "crafts": 2,
    "deceive": 2,
    "empathy": 2,
    "athletics": 1,
    "investigate": 1,
    "physique": 1,
    "rapport": 1,
}


def core_table(server: str) -> tuple[str, str, str, str]:
    """Cynere (Ann's) and Zird (Ben's) against Og the Strong, at a Fate Core table in a fight;
    Cynere worn down to her 4-point box, and Og's 9-shift hit waiting for her."""
    made = call(server, "/tables", {"name": "Kazak-Thorn", "preset": "core"})
    table, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm)
    ben = call(server, f"/tables/{table}/seats", {"name": "Ben", "role": "player"}, gm)
    cynere = new_character(
        "core",
        "cynere",
        "Cynere",
        high_concept="Infamous Girl with Sword",
        trouble="Tempted by Shiny Things",
        aspects=[
            (AspectKind.CHARACTER, "I've Got Zird's Back"),
            (AspectKind.CHARACTER, "Rivals in the Collegia"),
            (AspectKind.CHARACTER, "Ninja Sword Master"),
        ],
        skills=CYNERE,
    )
    zird = new_character(
        "core",
        "zird",
        "Зирд",
        high_concept="Wizard for Hire",
        trouble="Rivals in the Collegia Arcana",
        aspects=[(AspectKind.CHARACTER, "Not the Face!")],
        skills=ZIRD,
    )
    og = major_npc(
        "core", "og", "Og the Strong", high_concept="Og Smash!", skills={"fight": 6, "notice": 5}
    )
    command(
        server, table, gm, "AddCharacter", {"sheet": dumps_character(cynere), "owner": ann["seat"]}
    )
    command(
        server, table, gm, "AddCharacter", {"sheet": dumps_character(zird), "owner": ben["seat"]}
    )
    command(server, table, gm, "AddCharacter", {"sheet": dumps_character(og), "revealed": True})
    command(server, table, gm, "StartSession", {})
    scene = {"name": "Caverns", "participants": ["cynere", "zird", "og"]}
    command(server, table, gm, "StartScene", scene)
    sides = [["heroes", ["cynere", "zird"]], ["foes", ["og"]]]
    command(server, table, gm, "StartConflict", {"sides": sides})
    marked = {"character_id": "cynere", "track": "physical", "marked": [0, 1, 2]}
    command(server, table, gm, "CorrectStress", marked)
    for slot, name in enumerate(("Bruised", "Deep Cut", "Nearly Gutted")):
        command(
            server,
            table,
            gm,
            "CorrectConsequence",
            {"character_id": "cynere", "slot": slot, "name": name},
        )
    attack = {
        "actor": "og",
        "target": "cynere",
        "skill": "fight",
        "dice": "+++0",
        "defend_dice": "----",
    }
    command(server, table, gm, "Attack", attack)
    command(server, table, gm, "ResolveRoll", {"option": "hit"})
    return table, gm, ann["link"], ben["link"]


def test_the_start_page_shows_fate_cores_own_rules(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    it = catalog("it")
    context = browser.new_context(locale="it-IT", viewport={"width": 1440, "height": 900})
    page = context.new_page()
    try:
        page.goto(server)
        page.click("#create-table summary")
        page.select_option("#new-table-preset", "core")
        for option in ("extreme_consequences", "full_defense_core"):
            box = page.locator(f"#opt-{option}")
            expect(box).to_be_checked()
            expect(box).to_be_disabled()
            note = page.locator(f"label[for=opt-{option}] .book-rule")
            expect(note).to_be_visible()
            expect(note).to_contain_text(it["preset.core"])
        # Fate Condensed's full defense is no option beside Core's own (the table would refuse
        # both): unticked, fixed, and the rule in its place named (the agent's soak ticked it).
        condensed = page.locator("#opt-full_defense")
        expect(condensed).not_to_be_checked()
        expect(condensed).to_be_disabled()
        instead = page.locator("label[for=opt-full_defense] .book-rule")
        expect(instead).to_be_visible()
        expect(instead).to_contain_text(it["option.full_defense_core"])
        # Back to Fate Condensed: options again, unticked.
        page.select_option("#new-table-preset", "condensed")
        expect(page.locator("#opt-extreme_consequences")).to_be_enabled()
        expect(page.locator("#opt-extreme_consequences")).not_to_be_checked()
        expect(page.locator("#opt-full_defense")).to_be_enabled()
        expect(page.locator("label[for=opt-full_defense] .book-rule")).to_be_hidden()
        page.check("#opt-full_defense")
        page.select_option("#new-table-preset", "core")
        expect(page.locator("#opt-extreme_consequences")).to_be_disabled()
        expect(page.locator("#opt-full_defense")).not_to_be_checked()  # ticked on Condensed
        page.fill("#new-table-name", "Kazak-Thorn")
        page.click("#create-table button[type=submit]")
        expect(page.locator("#book-rules")).to_contain_text(it["option.extreme_consequences"])
        expect(page.locator("#table-options")).to_have_count(0)
    finally:
        context.close()


def test_a_fate_core_evening_with_an_extreme_consequence_and_every_milestone(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    table, gm_link, ann_link, ben_link = core_table(server)
    it, sv, ru = catalog("it"), catalog("sv"), catalog("ru")
    with (
        seat_page(browser, server, gm_link, "it-IT", (1440, 900)) as gm,
        seat_page(browser, server, ann_link, "sv-SE", (390, 844)) as ann,
        seat_page(browser, server, ben_link, "ru-RU", (1024, 768)) as ben,
    ):
        # -- the extreme consequence, taken on Ann's phone
        hit = ann.locator("#pending-hit")
        expect(hit).to_be_visible()
        expect(hit.locator("input[name=absorb-plan]")).to_have_count(1)
        expect(hit.locator("label[for=absorb-0]")).to_contain_text(sv["harm.extreme"])
        expect(ann.locator("#extreme-fields")).to_be_visible()
        expect(ann.locator("#extreme-fields")).to_contain_text(sv["harm.extreme_hint"][:30])
        replaceable = ann.locator("#extreme-replaces option")
        expect(replaceable).to_have_count(4)  # every aspect but the high concept
        expect(ann.locator("#extreme-replaces")).not_to_contain_text("Infamous Girl with Sword")
        ann.click("#absorb-button")  # no name yet: said at the field, nothing sent
        expect(ann.locator("#absorb-unnamed")).to_have_text(sv["harm.extreme_first"])
        ann.fill("#extreme-name", "Själsbränd av demonen")
        ann.select_option("#extreme-replaces", "cynere/character/1")
        ann.click("#absorb-button")
        expect(ann.locator("#pending-hit")).to_have_count(0)
        for page, words in ((gm, it), (ann, sv), (ben, ru)):
            line = page.locator("#log-list li[data-type=HitAbsorbed]")
            expect(line).to_contain_text("Själsbränd av demonen")
            expect(line).to_contain_text("I've Got Zird's Back")
            said = re.split(r"\{\w+\}", words["event.HitAbsorbed.extreme"])
            expect(line).to_contain_text(max(said, key=len).strip())
        expect(ann.locator("#char-cynere")).not_to_contain_text("I've Got Zird's Back")
        seen = state_of(server, table, ann_link)
        cynere = next(c for c in seen["characters"] if c["id"] == "cynere")["sheet"]
        extreme = cynere["consequences"][-1]
        assert extreme["severity"] == "extreme"
        assert extreme["aspect"]["name"] == "Själsbränd av demonen"

        # -- the GM corrects its name from Cynere's card
        gm.click("#correct-cynere")
        gm.fill("#correct-extreme-3", "Bränd av demonen")
        gm.click("#correct-form-submit")
        expect(gm.locator("#dialog")).not_to_be_visible()
        renamed = ann.locator("#log-list li[data-type=ExtremeCorrected]")
        expect(renamed).to_contain_text("Bränd av demonen")
        command(server, table, gm_link, "FinishConflict", {})
        command(server, table, gm_link, "EndScene", {})

        # -- a minor milestone: the GM ends the session from the Italian dialog
        gm.click("#end-session")
        options = gm.locator("#end-session-milestone option")
        expect(options).to_have_count(4)
        expect(options.nth(2)).to_have_text(it["milestone.three.significant"])
        gm.select_option("#end-session-milestone", "minor")
        gm.click("#end-session-form-submit")
        expect(ann.locator("#milestone-cynere")).to_be_visible()
        expect(ann.locator("#milestones")).to_contain_text(
            sv["milestone.open_three.minor"].replace("{who}", "").strip()[:20]
        )
        moderate = ann.locator('[id="milestone-recover-cynere-cynere/consequence/1"]')
        expect(moderate).to_be_visible()
        moderate.fill("Ihopsydd")
        ann.click("#milestone-take-cynere")
        expect(ann.locator("#milestone-cynere")).to_have_count(0)
        expect(ben.locator("#log-list li[data-type=MilestoneSpent]")).to_contain_text(
            ru["event.MilestoneSpent.minor"].replace("{who}", "").strip()
        )
        expect(ben.locator("#milestone-zird")).to_be_visible()
        ben.click("#milestone-take-zird")  # no change this time: Ben keeps his milestone's sheet
        expect(ben.locator("#milestone-zird")).to_have_count(0)

        # -- a significant milestone: Cynere's Athletics to Great breaks the columns, refused
        # citing Fate Core's Skill Columns; the GM allows it with one waiver, as the book lets a
        # GM do.
        command(server, table, gm_link, "StartSession", {})
        gm.click("#end-session")
        gm.select_option("#end-session-milestone", "significant")
        gm.click("#end-session-form-submit")
        expect(ann.locator("#milestone-cynere")).to_have_attribute("data-level", "significant")
        ann.select_option("#milestone-raise-cynere-0", "athletics")
        ann.click("#milestone-take-cynere")
        refused = ann.locator("#milestone-cynere p.refusal[data-rule='skills.column-rule']")
        expect(refused).to_contain_text(sv["rule.skills.column-rule"])
        expect(refused.locator(".citation")).to_contain_text("Fate Core")
        expect(refused.locator(".citation")).to_contain_text("Skill Columns")
        expect(refused.locator(".citation")).to_have_attribute("data-source", "srd/fate-core.md")
        expect(refused.locator(".ask-gm")).to_have_text(sv["refusal.ask_gm"])
        gm.select_option("#milestone-raise-cynere-0", "athletics")
        gm.click("#milestone-take-cynere")
        waiving = gm.locator("#milestone-cynere p.refusal[data-rule='skills.column-rule']")
        expect(waiving.locator(".citation")).to_contain_text("Fate Core")
        waiving.locator("[data-waive]").click()
        waiving.locator("[data-waive-reason]").fill("Cynere ha vinto il torneo")
        waiving.locator("[data-waive-confirm]").click()
        expect(gm.locator("#milestone-cynere")).to_have_count(0)
        spent = ann.locator("#log-list li[data-type=MilestoneSpent] .waived")
        expect(spent).to_have_attribute("data-waived", "skills.column-rule")
        expect(spent).to_contain_text("Cynere ha vinto il torneo")
        ben.select_option("#milestone-raise-zird-0", "resources")
        ben.click("#milestone-take-zird")
        expect(ben.locator("#milestone-zird")).to_have_count(0)

        # -- a major milestone: the extreme consequence becomes a lasting aspect, renamed, and
        # Fight goes one step past the campaign's skill cap
        command(server, table, gm_link, "StartSession", {})
        gm.click("#end-session")
        gm.select_option("#end-session-milestone", "major")
        gm.click("#end-session-form-submit")
        expect(ann.locator("#milestone-cynere")).to_have_attribute("data-level", "major")
        expect(ann.locator("#milestone-cynere")).to_contain_text(sv["milestone.major_hint"][:25])
        ann.check('[id="milestone-extreme-tick-cynere-cynere/extreme/1"]')
        ann.fill('[id="milestone-extreme-cynere-cynere/extreme/1"]', "Jag dödar demonens släkte")
        ann.fill("#milestone-concept-cynere", "Demonjägare med svärd")
        ann.select_option("#milestone-raise-cynere-0", "fight")
        ann.click("#milestone-take-cynere")
        expect(ann.locator("#milestone-cynere")).to_have_count(0)
        expect(ann.locator("#char-cynere")).to_contain_text("Jag dödar demonens släkte")
        expect(ann.locator("#char-cynere")).to_contain_text("Demonjägare med svärd")
        settled = gm.locator("#log-list li[data-type=MilestoneSpent]").first
        expect(settled).to_contain_text("Jag dödar demonens släkte")
        seen = state_of(server, table, ann_link)
        cynere = next(c for c in seen["characters"] if c["id"] == "cynere")["sheet"]
        assert all(s["severity"] != "extreme" for s in cynere["consequences"])
        assert ("cynere/character/1", "Jag dödar demonens släkte") in [
            (a["id"], a["name"]) for a in cynere["aspects"]
        ]
        assert cynere["skills"]["fight"] == 5 and cynere["skills"]["athletics"] == 4
        assert cynere["refresh"] == 4
        # Every word each page shows is in its seat's language.
        for page, lang in ((gm, "it"), (ann, "sv"), (ben, "ru")):
            assert page.evaluate(UNTRANSLATED, lang) == [], lang


def test_a_fate_accelerated_significant_milestone_through_the_page(
    server: str, browser: Any
) -> None:
    """srd/fate-accelerated-SRD.md § Significant Milestones: a player in Russian on a phone
    raises an approach (no column rule, never past Superb) and clears a severe consequence two
    sessions old; the minor milestone's change offers no trading of approaches."""
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "Skyship Nimbus", "preset": "fae"})
    table, gm = made["table_id"], made["link"]
    ben = call(server, f"/tables/{table}/seats", {"name": "Ben", "role": "player"}, gm)
    kiri = new_character(
        "fae",
        "kiri",
        "Кири",
        high_concept="Ninja of the Silver Lotus",
        trouble="Sworn Rival",
        skills={"quick": 3, "sneaky": 2, "clever": 2, "careful": 1, "flashy": 1},
    )
    sheet = {"sheet": dumps_character(kiri), "owner": ben["seat"]}
    command(server, table, gm, "AddCharacter", sheet)
    command(server, table, gm, "StartSession", {})
    wound = {"character_id": "kiri", "slot": 2, "name": "Broken Leg"}
    command(server, table, gm, "CorrectConsequence", wound)
    command(server, table, gm, "EndSession", {"milestone": "minor"})
    command(server, table, gm, "StartSession", {})
    command(server, table, gm, "EndSession", {"milestone": "significant"})
    ru = catalog("ru")
    with seat_page(browser, server, ben["link"], "ru-RU", (390, 844)) as page:
        form = page.locator("#milestone-kiri")
        expect(form).to_have_attribute("data-level", "significant")
        expect(page.locator("#milestones")).to_contain_text(ru["milestone.approach_step"])
        expect(page.locator("#milestone-kind-kiri option[value=replace_skill]")).to_have_count(0)
        page.select_option("#milestone-raise-kiri-0", "quick")
        page.check('[id="milestone-clear-tick-kiri-kiri/consequence/2"]')
        page.click("#milestone-take-kiri")
        expect(form).to_have_count(0)
        line = page.locator("#log-list li[data-type=MilestoneSpent]").first
        expect(line).to_contain_text(ru["event.MilestoneSpent.significant"].split(" ", 1)[1])
        assert page.evaluate(UNTRANSLATED, "ru") == []
    seen = state_of(server, table, ben["link"])
    sheet = next(c for c in seen["characters"] if c["id"] == "kiri")["sheet"]
    assert sheet["skills"]["quick"] == 4
    assert sheet["consequences"][2]["aspect"] is None
