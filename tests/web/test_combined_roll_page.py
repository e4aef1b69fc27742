"""Two skill lists summed on a roll, on the page (issue 41; fate-condensed.ru.md § Optional Rules >
Changing the Skill List, Combination): at a table on the Crossed Blades hack, Ann on an Italian
phone opens the roll dialog, which offers only actions as the skill and manners as the second
skill, says the sum as she picks ("Swordplay (+2) + Daring (+1) = +3"), and rolls; the log names
both skills, and the roll is made at the sum. In a conflict the attack dialog does the same."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.test_refusals_page import seat_page
from tests.web.test_turns import call, catalog, command, state_of

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"
GUARD = {
    "format": "fatekit-character",
    "version": 1,
    "id": "guard",
    "name": "Capitano",
    "kind": "major_npc",
    "preset": "crossed-blades",
    "aspects": [{"kind": "high_concept", "name": "The Cardinal's Loyal Blade"}],
    "skills": {"swordplay": 2, "riding": 1, "resolve": 2, "cunning": 1},
}


@pytest.mark.rule("skills.combined-roll")
def test_the_roll_dialog_picks_a_skill_from_each_list(server: str, browser: Any) -> None:
    ruleset = json.loads((EXAMPLES / "crossed-blades.ruleset.json").read_text(encoding="utf-8"))
    sheet = (EXAMPLES / "crossed-blades.character.json").read_text(encoding="utf-8")
    made = call(server, "/tables", {"name": "Parigi", "ruleset": ruleset})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    command(server, table, gm_link, "AddCharacter", {"sheet": sheet, "owner": ann["seat"]})
    command(server, table, gm_link, "AddCharacter", {"sheet": json.dumps(GUARD), "revealed": True})
    command(server, table, gm_link, "StartSession", {})
    command(
        server,
        table,
        gm_link,
        "StartScene",
        {"name": "Pont Neuf", "participants": ["ines", "guard"]},
    )
    it = catalog("it")
    rated = lambda name, n: it["roll.skill_rated"].format(skill=name, n=n)  # noqa: E731
    with seat_page(browser, server, ann["link"], "it-IT", (390, 844)) as player:
        # The card keeps the lists apart: the manners on a line of their own.
        manners = player.locator("#char-ines-second-skills")
        expect(manners).to_have_attribute("aria-label", it["sheet.second_skills"])
        expect(manners.locator("li[data-skill=grace] .rating")).to_contain_text("+2")
        expect(
            player.locator("#char-ines ul.skills:not(.second-skills) [data-skill=grace]")
        ).to_have_count(0)
        player.click("#new-roll")
        # Actions as the skill, manners as the second: none of one list in the other's select.
        expect(player.locator("#roll-skill option[value=swordplay]")).to_have_count(1)
        expect(player.locator("#roll-skill option[value=daring]")).to_have_count(0)
        expect(player.locator("#roll-second-skill option[value=daring]")).to_have_count(1)
        expect(player.locator("#roll-second-skill option[value=swordplay]")).to_have_count(0)
        player.select_option("#roll-skill", "swordplay")
        player.select_option("#roll-second-skill", "daring")
        expect(player.locator("#roll-second-skill-sum")).to_have_text(
            it["roll.pair_sum"].format(
                first=rated("Scherma", "+2"), second=rated("Audacia", "+1"), total="+3"
            )
        )
        # The odds are asked at the sum: +3 against Fair (+2).
        player.select_option("#roll-difficulty", "2")
        player.fill("#roll-dice", "0000")
        player.click("#roll-form-submit")
        card = player.locator(".roll-card[data-actor=ines]")
        expect(card).to_be_visible()
        line = it["event.RollMade.pair"].split("{skill}")[1].split("{against}")[0]
        expect(player.locator("#log li").first).to_contain_text(
            "Scherma" + line.replace("{second}", "Audacia")
        )
    rolls = state_of(server, table, gm_link)["rolls"]
    assert [(r["effort"], r["shifts"]) for r in rolls] == [(3, 1)]


@pytest.mark.rule("skills.combined-roll")
def test_the_attack_dialog_adds_the_second_skill(server: str, browser: Any) -> None:
    ruleset = json.loads((EXAMPLES / "crossed-blades.ruleset.json").read_text(encoding="utf-8"))
    sheet = (EXAMPLES / "crossed-blades.character.json").read_text(encoding="utf-8")
    made = call(server, "/tables", {"name": "Parigi", "ruleset": ruleset})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    command(server, table, gm_link, "AddCharacter", {"sheet": sheet, "owner": ann["seat"]})
    command(server, table, gm_link, "AddCharacter", {"sheet": json.dumps(GUARD), "revealed": True})
    command(server, table, gm_link, "StartSession", {})
    command(
        server,
        table,
        gm_link,
        "StartScene",
        {"name": "Pont Neuf", "participants": ["ines", "guard"]},
    )
    sides = [["ines", ["ines"]], ["guard", ["guard"]]]
    command(server, table, gm_link, "StartConflict", {"sides": sides, "first": "ines"})
    en = catalog("en")
    with seat_page(browser, server, ann["link"], "en-GB", (1280, 900)) as player:
        player.click("#attack-ines")
        player.select_option("#attack-skill", "swordplay")
        player.select_option("#attack-second-skill", "grace")
        expect(player.locator("#attack-second-skill-sum")).to_contain_text("= +4")
        player.fill("#attack-dice", "0000")
        player.click("#attack-form-submit")
        line = en["event.AttackRolled.pair"].split("{skill}")[1].split("{dice}")[0]
        expect(player.locator("#log li").first).to_contain_text(
            "Swordplay" + line.replace("{second}", "Grace")
        )
    roll = state_of(server, table, gm_link)["roll"]
    assert roll["effort"] == 4  # Swordplay (+2) + Grace (+2), dice 0000
