"""The scale benefit on the page (issue 39, found by the page agent): the attack and the
create-an-advantage dialogs offered the choice whatever the scales, and the table then refused it
between level sides. Now a dialog shows it only against someone the engine puts at another scale,
and only to the seat that chooses for the higher side. Ann plays on a Swedish phone, the GM in
Italian; the GM makes Alice legendary through the page, then rolls Ruth's attack on her with
Alice's benefit, which the table takes."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.sheets import npc_sheet, ruth_sheet
from tests.web.test_refusals_page import seat_page
from tests.web.test_turns import call, catalog, command


def test_the_scale_benefit_is_offered_only_where_the_table_takes_it(
    server: str, browser: Any
) -> None:
    made = call(server, "/tables", {"name": "The Yacht", "options": ["scale"]})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    command(server, table, gm_link, "AddCharacter", {"sheet": ruth_sheet(), "owner": "ann"})
    command(server, table, gm_link, "AddCharacter", {"sheet": npc_sheet()})
    command(server, table, gm_link, "StartSession", {})
    command(
        server, table, gm_link, "StartScene", {"name": "On deck", "participants": ["ruth", "alice"]}
    )
    sides = [["heroes", ["ruth"]], ["cult", ["alice"]]]
    command(server, table, gm_link, "StartConflict", {"sides": sides, "first": "ruth"})
    it = catalog("it")
    with (
        seat_page(browser, server, ann["link"], "sv-SE", (390, 844)) as player,
        seat_page(browser, server, gm_link, "it-IT", (1280, 900)) as gm,
    ):
        # Level sides (no scale set: both at the bottom of the ladder): no choice to make.
        player.click("#attack-ruth")
        player.select_option("#attack-target", "alice")
        expect(player.locator("#attack-form")).to_be_visible()
        expect(player.locator("#attack-scale-benefit")).not_to_be_visible()
        player.keyboard.press("Escape")
        player.click("#advantage-ruth")
        player.select_option("#conflict-obstacle", "who:alice")
        expect(player.locator("#conflict-roll-form")).to_be_visible()
        expect(player.locator("#conflict-scale-benefit")).not_to_be_visible()
        player.keyboard.press("Escape")
        expect(player.locator("#dialog")).not_to_be_visible()

        # The GM makes Alice a legendary creature through the page.
        gm.click("#set-scale")
        gm.select_option("#scale-who", "alice")
        gm.select_option("#scale-level", "legendary")
        gm.click("#scale-form-submit")
        expect(player.locator('[data-scale="legendary"]')).to_be_visible()

        # Alice stands higher: the benefit is hers, so Ann's dialog still offers none.
        player.click("#attack-ruth")
        player.select_option("#attack-target", "alice")
        expect(player.locator("#attack-form")).to_be_visible()
        expect(player.locator("#attack-scale-benefit")).not_to_be_visible()
        player.keyboard.press("Escape")

        # The GM, choosing for Alice, sees the choice in Italian and rolls Ruth's attack with
        # Alice's +1 a level before the roll: the table takes it.
        gm.click("#attack-ruth")
        gm.select_option("#attack-target", "alice")
        choice = gm.locator("#attack-scale-benefit")
        expect(choice).to_be_visible()
        expect(gm.locator("#attack-form")).to_contain_text(it["scale.benefit"])
        choice.select_option("before_roll")
        gm.fill("#attack-dice", "0000")
        gm.fill("#attack-defend-dice", "0000")
        gm.click("#attack-form-submit")
        expect(gm.locator("#dialog")).not_to_be_visible()
        # Alice's Good (+3) Fight and three levels above Ruth (Mundane to Legendary): +6.
        expect(gm.locator(".roll-opposition")).to_contain_text("+6")
        expect(player.locator(".roll-opposition")).to_contain_text("+6")
