"""Modes on the page (issue 41; srd/atomic-robo-SRD.md § Modes): at a table on Atomic Robo's
action-science modes, Ann on a Russian phone sees Vera's modes on her card with each skill's mode
beside it, and the roll dialog says the mode beside each rating; the GM, in English, rates the
modes anew in the sheet editor and the card follows the ratings the engine derives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.test_refusals_page import seat_page
from tests.web.test_turns import call, catalog, command

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"


@pytest.mark.rule("modes.reinforced")
def test_the_card_the_roll_dialog_and_the_editor_say_the_modes(server: str, browser: Any) -> None:
    ruleset = json.loads((EXAMPLES / "action-science.ruleset.json").read_text(encoding="utf-8"))
    sheet = json.loads((EXAMPLES / "action-science.character.json").read_text(encoding="utf-8"))
    del sheet["skills"]  # the table derives them from the modes
    made = call(server, "/tables", {"name": "Tesladyne", "ruleset": ruleset})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    command(server, table, gm_link, "AddCharacter", {"sheet": json.dumps(sheet), "owner": "ann"})
    command(server, table, gm_link, "StartSession", {})
    command(server, table, gm_link, "StartScene", {"name": "The vault", "participants": ["vera"]})
    ru, en = catalog("ru"), catalog("en")
    with (
        seat_page(browser, server, ann["link"], "ru-RU", (390, 844)) as player,
        seat_page(browser, server, gm_link, "en-GB", (1280, 900)) as gm,
    ):
        modes = player.locator("#char-vera-modes")
        expect(modes).to_contain_text(ru["sheet.modes"])
        expect(modes.locator(".mode[data-mode=action]")).to_contain_text("Действие")
        expect(modes.locator(".mode[data-mode=science]")).to_contain_text("Наука")
        notice = player.locator("#char-vera li[data-skill=notice]")
        expect(notice.locator(".rating")).to_contain_text("+5")
        expect(notice.locator(".mode")).to_have_text(
            " " + ru["sheet.in_mode"].format(mode="Действие")
        )
        expect(player.locator("#char-vera li[data-skill=physics] .mode")).to_contain_text("Наука")

        player.click("#new-roll")
        option = player.locator("#roll-skill option[value=athletics]")
        rated = ru["roll.skill_rated"].format(skill="Атлетика", n="+4")
        expect(option).to_have_text(ru["roll.skill_in_mode"].format(skill=rated, mode="Действие"))
        player.keyboard.press("Escape")

        # The GM rates Science Good and Action Fair: Physics goes to Superb, Combat to Fair.
        gm.click("#edit-vera")
        expect(gm.locator("#sheet-mode-action")).to_have_value("3")
        expect(gm.locator("#sheet-improve-physics")).to_have_value("2")
        gm.select_option("#sheet-mode-science", "3")
        gm.select_option("#sheet-mode-action", "2")
        expect(gm.locator("#sheet-legal")).to_be_visible()
        gm.click("#sheet-form-submit")
        expect(gm.locator("#dialog")).not_to_be_visible()
        physics = gm.locator("#char-vera li[data-skill=physics]")
        expect(physics.locator(".rating")).to_contain_text("+5")
        expect(physics.locator(".mode")).to_have_text(
            " " + en["sheet.in_mode"].format(mode="Science")
        )
        expect(gm.locator("#char-vera li[data-skill=combat] .rating")).to_contain_text("+2")
