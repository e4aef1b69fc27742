"""A hazard's numbers in two browsers (issue 33, leak C): Ann, in Russian on a phone, tries to put
out the GM's fire through the page, then the fire attacks Ruth from the GM's page. Ann reads the
outcomes and the hit she must take, never the fire's rating, Weapon, dice or effort; the GM's
page shows them all. The table is set up over HTTP; the moves are made in the pages."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.sheets import npc_sheet, ruth_sheet
from tests.web.test_evening_page import at_table
from tests.web.test_turns import call, catalog, command


def test_a_hazards_numbers_stay_on_the_gms_page(server: str, browser: Any) -> None:
    made = call(server, "/tables", {"name": "The Yacht", "options": ["obstacles"]})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    command(server, table, gm_link, "AddCharacter", {"sheet": ruth_sheet(), "owner": "ann"})
    command(server, table, gm_link, "AddCharacter", {"sheet": npc_sheet()})
    command(server, table, gm_link, "StartSession", {})
    scene = {"name": "On deck", "participants": ["ruth", "alice"]}
    command(server, table, gm_link, "StartScene", scene)
    sides = [["heroes", ["ruth"]], ["cult", ["alice"]]]
    command(server, table, gm_link, "StartConflict", {"sides": sides, "first": "ruth"})
    fire = {"hazard_id": "fire", "name": "Raging Fire", "rating": 5, "weapon": 3, "side": "cult"}
    command(server, table, gm_link, "AddHazard", fire)
    ru = catalog("ru")
    with (
        at_table(browser, server, ann["link"], "ru-RU") as player,
        at_table(browser, server, gm_link, "en-GB") as gm,
    ):
        # Ann aims Ruth's overcome at the fire: its rating is the difficulty, which she never
        # sees. Ruth's Athletics is Good (+3): -1 on the dice makes 2 against the fire's 5.
        player.click("#overcome-ruth")
        player.select_option("#conflict-skill", "athletics")
        player.select_option("#conflict-obstacle", "hazard:fire")
        player.fill("#conflict-dice", "00-0")
        player.click("#conflict-roll-form-submit")
        expect(player.locator("#dialog")).not_to_be_visible()
        verdict = player.locator(".roll-verdict[data-hidden=true]")
        expect(verdict).to_have_attribute("data-outcome", "fail")
        expect(player.locator(".roll-opposition")).to_have_text(ru["screen.hidden"])
        expect(player.locator(".roll-shifts")).to_have_text("?")
        expect(player.locator("#roll")).not_to_contain_text("+5")
        expect(gm.locator(".roll-opposition")).to_contain_text("+5")
        expect(gm.locator(".roll-shifts")).to_have_text("-3")
        gm.click(".resolve-button")  # the GM settles it: the fire stays
        expect(player.locator(".roll-verdict")).to_have_count(0)
        command(server, table, gm_link, "EndTurn", {"next_actor": "fire"})
        # The fire attacks Ruth from the GM's page: 5 and +2 on the dice make 7 against Ruth's
        # Fight, Great (+4), on blank dice: 3 shifts, and its Weapon makes the hit 6.
        gm.click("#attack-fire")
        gm.select_option("#attack-target", "ruth")
        gm.fill("#attack-dice", "+0+0")
        gm.fill("#attack-defend-dice", "0000")
        gm.click("#attack-form-submit")
        expect(gm.locator("#dialog")).not_to_be_visible()
        expect(gm.locator(".roll-effort")).to_contain_text("+7")
        expect(gm.locator(".roll-shifts")).to_have_text("3")
        # Ann reads that it succeeded, with the GM keeping its numbers: no dice, no effort.
        verdict = player.locator(".roll-verdict[data-hidden=true]")
        expect(verdict).to_have_attribute("data-outcome", "success_with_style")
        told = ru["screen.verdict_effort_hidden"].split("{outcome}")[0].strip()
        expect(verdict).to_contain_text(told)
        expect(player.locator(".roll-effort")).to_have_text(ru["screen.hidden"])
        expect(player.locator("[id^=roll-dice-hidden]")).to_be_visible()
        expect(player.locator(".roll-shifts")).to_have_text("?")
        expect(player.locator("#roll")).not_to_contain_text("+7")
        expect(gm.locator(".roll-verdict")).not_to_have_attribute("data-hidden", "true")
        gm.click(".resolve-button")
        expect(player.locator("#pending-hit")).to_have_attribute("data-shifts", "6")
        # Dice are drawn with their faces as a label: the GM's log has the fire's, Ann's none.
        expect(gm.locator('#log-list [data-faces="+0+0"]')).to_have_count(1)
        expect(player.locator('#log-list [data-faces="0000"]')).to_have_count(1)  # Ruth's own
        expect(player.locator('#log-list [data-faces="+0+0"]')).to_have_count(0)
        # The fight turns into a race (seed 110 of the page soak): the GM's contest dialog puts
        # the fire on no side, as a hazard never overcomes (obstacle.hazard.acts), and the
        # contest starts as the dialog offers it.
        gm.click("#start-contest")
        expect(gm.locator("#contest-side-fire")).to_have_value("")
        expect(gm.locator("#contest-side-ruth")).to_have_value("a")
        expect(gm.locator("#contest-side-alice")).to_have_value("b")
        gm.fill("#contest-intent-a", "reach the boats")
        gm.fill("#contest-intent-b", "keep them aboard")
        gm.click("#start-contest-form-submit")
        expect(gm.locator("#dialog")).not_to_be_visible()
        expect(player.locator("#contest")).to_be_visible()
