"""Weight on the page (issue 41, War of Ashes § Weight > Weight in Combat): at a table playing
with weight, Ruth and Charles stand on deck against Alice, two to one. Ann, on a Russian phone,
sees in the attack dialog's odds that one of Ruth's dice will turn to +, rolls, and both she and
the GM (in English) see on the roll's card and in the log what fell, what was turned and why."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.sheets import charles_sheet, npc_sheet, ruth_sheet
from tests.web.test_refusals_page import seat_page
from tests.web.test_turns import call, catalog, command


@pytest.mark.rule("weight.two-to-one", "weight.turned-dice")
def test_an_outweighed_foe_the_odds_the_card_and_the_log(server: str, browser: Any) -> None:
    made = call(server, "/tables", {"name": "The Yacht", "options": ["weight"]})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    command(server, table, gm_link, "AddCharacter", {"sheet": ruth_sheet(), "owner": "ann"})
    command(server, table, gm_link, "AddCharacter", {"sheet": charles_sheet()})
    command(server, table, gm_link, "AddCharacter", {"sheet": npc_sheet()})
    command(server, table, gm_link, "StartSession", {})
    command(
        server,
        table,
        gm_link,
        "StartScene",
        {
            "name": "On deck",
            "participants": ["ruth", "charles", "alice"],
            "zones": ["deck", "cabin"],
            "links": [["deck", "cabin"]],
            "positions": [["ruth", "deck"], ["charles", "deck"], ["alice", "deck"]],
        },
    )
    sides = [["heroes", ["ruth", "charles"]], ["cult", ["alice"]]]
    command(server, table, gm_link, "StartConflict", {"sides": sides, "first": "ruth"})
    ru, en = catalog("ru"), catalog("en")
    with (
        seat_page(browser, server, ann["link"], "ru-RU", (390, 844)) as player,
        seat_page(browser, server, gm_link, "en-GB", (1280, 900)) as gm,
    ):
        # The attack dialog's odds count the die weight turns, and say so.
        player.click("#attack-ruth")
        player.select_option("#attack-target", "alice")
        mine = player.locator("#odds-weight-mine")
        expect(mine).to_be_visible()
        expect(mine).to_have_text(ru["odds.weight_mine"].format(own=2, other=1, n=1))
        player.fill("#attack-dice", "00-+")
        player.click("#attack-form-submit")
        expect(player.locator("#dialog")).not_to_be_visible()
        # The card: the weights, one die turned, and the draw as it fell, for both seats.
        for page, words in ((player, ru), (gm, en)):
            note = page.locator(".roll-weight").first
            expect(note).to_be_visible()
            expect(note).to_contain_text(words["roll.weight"].format(own=2, other=1, n=1))
            expect(note).to_contain_text(words["roll.weight_fell"])
        # The log's line says it as well.
        expect(gm.locator("#log-list")).to_contain_text("outweighing 2 to 1")
        # The sheets say how heavy each is; the GM makes a troll of weight 4 with the quick NPC.
        expect(player.locator("#char-ruth-weight")).to_have_text(ru["sheet.weight_is"].format(n=1))
        gm.click("#quick-npc")
        gm.fill("#npc-name", "Troll")
        gm.fill("#npc-aspect", "Huge and Hungry")
        gm.fill("#npc-weight", "4")
        gm.click("#npc-form-submit")
        expect(gm.locator("#char-troll-weight")).to_have_text(en["sheet.weight_is"].format(n=4))
