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
