"""Atomic Robo on the page (issue 41; srd/atomic-robo-SRD.md): on a table made with the built-in
``atomicrobo`` rule set, Ann, on an Italian phone, finds Dr. Okafor's modes on her card in
Italian, Physics (the rule set's Fisica) at Great (+4) under Science and Notice at Superb (+5)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.test_refusals_page import seat_page
from tests.web.test_turns import call, catalog, command

SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "atomic-robo"


@pytest.mark.rule("modes.improve", "modes.reinforced")
def test_the_card_says_the_modes_of_the_built_in(server: str, browser: Any) -> None:
    made = call(server, "/tables", {"name": "Tesladyne", "preset": "atomicrobo"})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    sheet = (SAMPLES / "dr-okafor.character.json").read_text(encoding="utf-8")
    command(server, table, gm_link, "AddCharacter", {"sheet": sheet, "owner": "ann"})
    it = catalog("it")
    with seat_page(browser, server, ann["link"], "it-IT", (390, 844)) as player:
        modes = player.locator("#char-okafor-modes")
        expect(modes).to_contain_text(it["sheet.modes"])
        expect(modes.locator(".mode[data-mode=action]")).to_contain_text("Azione")
        expect(modes.locator(".mode[data-mode=science]")).to_contain_text("Scienza")
        physics = player.locator("#char-okafor li[data-skill=physics]")
        expect(physics.locator(".rating")).to_contain_text("+4")
        expect(physics.locator(".mode")).to_contain_text("Scienza")
        # A skill the catalogs do not name is called as the rule set calls it in Italian.
        expect(physics).to_contain_text("Fisica")
        notice = player.locator("#char-okafor li[data-skill=notice]")
        expect(notice.locator(".rating")).to_contain_text("+5")
