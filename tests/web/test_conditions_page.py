"""Conditions on the page (issue 41, srd/fate-system-toolkit-SRD.md § Conditions): a table on The
Ember Road (docs/examples/rulesets), the GM in English marks Tamsin Hungry from her card and later
clears it; Ann, on a Swedish phone, sees the conditions under the rule set's Swedish names with
their boxes, and no button of the GM's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.test_flow import UNTRANSLATED
from tests.web.test_refusals_page import seat_page
from tests.web.test_turns import call, catalog, command

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"


@pytest.mark.rule("toolkit.conditions.gm-marks", "toolkit.conditions.sticky-clears")
def test_the_gm_marks_and_clears_a_condition_from_the_card(server: str, browser: Any) -> None:
    ruleset = json.loads((EXAMPLES / "ember-road.ruleset.json").read_text(encoding="utf-8"))
    made = call(server, "/tables", {"name": "Dry well", "ruleset": ruleset})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    sheet = (EXAMPLES / "ember-road.character.json").read_text(encoding="utf-8")
    command(server, table, gm_link, "AddCharacter", {"sheet": sheet, "owner": "ann"})
    en, sv = catalog("en"), catalog("sv")
    with (
        seat_page(browser, server, ann["link"], "sv-SE", (390, 844)) as player,
        seat_page(browser, server, gm_link, "en-GB", (1280, 900)) as gm,
    ):
        hungry = player.locator("#condition-tamsin-hungry")
        expect(hungry).to_contain_text("Hungrig")
        expect(hungry).to_contain_text(sv["condition.kind.sticky"].format(n=2))
        expect(hungry.locator(".box")).to_have_count(1)
        expect(player.locator("#condition-tamsin-wounded .box")).to_have_count(2)
        expect(player.locator("#mark-tamsin-hungry")).to_have_count(0)  # the GM's move
        expect(gm.locator("#condition-tamsin-hungry")).to_contain_text(
            en["condition.kind.sticky"].format(n=2)
        )
        gm.click("#mark-tamsin-hungry")
        expect(hungry).to_have_attribute("data-marked", "1")
        expect(hungry.locator(".box.marked")).to_have_count(1)
        expect(gm.locator("#mark-tamsin-hungry")).to_have_count(0)  # its one box is marked
        expect(gm.locator("#log-list")).to_contain_text("Tamsin Vey now suffers the condition")
        gm.click("#clear-tamsin-hungry")
        expect(hungry).to_have_attribute("data-marked", "0")
        expect(player.locator("#log-list")).to_contain_text("är av med tillståndet")
        assert gm.evaluate(UNTRANSLATED, "en") == []
        assert player.evaluate(UNTRANSLATED, "sv") == []


@pytest.mark.rule("toolkit.conditions.soak")
def test_a_player_takes_a_hit_with_a_condition_on_the_page(server: str, browser: Any) -> None:
    """A hit of 5 that Tamsin's boxes alone cannot take: on her Swedish phone Ann ticks Wounded
    (Sårad, 4), is offered the boxes for the 1 left, and takes it."""
    ruleset = json.loads((EXAMPLES / "ember-road.ruleset.json").read_text(encoding="utf-8"))
    made = call(server, "/tables", {"name": "Dry well", "ruleset": ruleset})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    sheet = (EXAMPLES / "ember-road.character.json").read_text(encoding="utf-8")
    command(server, table, gm_link, "AddCharacter", {"sheet": sheet, "owner": "ann"})
    raider = {
        "format": "fatekit-character",
        "version": 1,
        "id": "raider",
        "name": "Raider Chief",
        "kind": "major_npc",
        "preset": "ember-road",
        "aspects": [{"kind": "high_concept", "name": "Takes Water at Spear-Point"}],
        "skills": {"forceful": 3, "quick": 2},
    }
    command(server, table, gm_link, "AddCharacter", {"sheet": json.dumps(raider)})
    command(server, table, gm_link, "StartSession", {})
    scene = {"name": "The dry well", "participants": ["tamsin", "raider"]}
    command(server, table, gm_link, "StartScene", scene)
    sides = [["caravan", ["tamsin"]], ["raiders", ["raider"]]]
    command(server, table, gm_link, "StartConflict", {"sides": sides})
    miss = {"actor": "tamsin", "target": "raider", "skill": "sneaky", "dice": "-000"}
    command(server, table, gm_link, "Attack", {**miss, "defend_dice": "0000"})
    command(server, table, gm_link, "ResolveRoll", {})
    command(server, table, gm_link, "EndTurn", {})
    blow = {"actor": "raider", "target": "tamsin", "skill": "forceful", "dice": "+++0"}
    command(server, table, gm_link, "Attack", {**blow, "defend_dice": "--00"})
    command(server, table, gm_link, "ResolveRoll", {"option": "hit"})
    sv = catalog("sv")
    with seat_page(browser, server, ann["link"], "sv-SE", (390, 844)) as player:
        expect(player.locator("#pending-hit")).to_contain_text(sv["harm.conditions"])
        expect(player.locator("#absorb-0")).to_have_count(0)  # the boxes alone cannot take 5
        player.check("#soak-wounded")
        expect(player.locator("label[for=soak-wounded]")).to_contain_text("Sårad")
        expect(player.locator("#absorb-0")).to_be_visible()  # the 1 left: a box
        player.click("#absorb-button")
        wounded = player.locator("#condition-tamsin-wounded")
        expect(wounded).to_have_attribute("data-marked", "2")
        expect(player.locator("#log-list")).to_contain_text("genom att markera tillstånden")
        assert player.evaluate(UNTRANSLATED, "sv") == []
