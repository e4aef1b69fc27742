"""Removing an aspect by an overcome inside a conflict, through the page (issue 27): on Ruth's
turn Ann, in English on a phone, aims Ruth's overcome at "Pinned Down", which Alice defends
with her Will; the GM, in Russian, reads on the roll what it would remove, and once Ann settles
it the aspect leaves every seat's scene and both logs say so in their own words."""

from __future__ import annotations

from typing import Any

from tests.sheets import npc_sheet, ruth_sheet
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_refusals_page import seat_page
from tests.web.test_turns import call, catalog, command, state_of

PHONE = (390, 844)


def test_an_overcome_on_ruths_turn_removes_an_aspect_alice_defends(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "The Docks", "preset": "condensed"})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    command(server, table, gm_link, "AddCharacter", {"sheet": ruth_sheet(), "owner": ann["seat"]})
    command(server, table, gm_link, "AddCharacter", {"sheet": npc_sheet(), "revealed": True})
    command(server, table, gm_link, "StartSession", {})
    scene = {"name": "The pier", "participants": ["ruth", "alice"]}
    command(server, table, gm_link, "StartScene", scene)
    command(server, table, gm_link, "AddSituationAspect", {"name": "Pinned Down"})
    sides = [["heroes", ["ruth"]], ["cult", ["alice"]]]
    command(server, table, gm_link, "StartConflict", {"sides": sides, "first": "ruth"})
    en, ru = catalog("en"), catalog("ru")
    with (
        seat_page(browser, server, gm_link, "ru-RU", (1366, 900)) as gm,
        seat_page(browser, server, ann["link"], "en-GB", PHONE) as player,
    ):
        player.click("#overcome-ruth")
        player.select_option("#conflict-skill", "athletics")
        player.select_option("#conflict-obstacle", "who:alice")
        player.select_option("#conflict-defend-skill", "will")
        expect(player.locator("#dialog")).to_contain_text(en["roll.remove_aspect"])
        player.select_option("#conflict-remove", label="Pinned Down")
        player.fill("#conflict-dice", "++++")  # Athletics 3 + 4 against Will 2 and at most +4
        player.click("#conflict-roll-form-submit")
        expect(player.locator("#dialog")).not_to_be_visible()
        aim = gm.locator(".roll-card[data-actor=ruth] .roll-aim")
        expect(aim).to_contain_text("Pinned Down")
        expect(aim).to_contain_text(ru["roll.aim_remove"].split("{aspect}")[0].strip())
        player.locator(".roll-card[data-actor=ruth] .resolve-button").click()
        for page in (gm, player):
            expect(page.locator("#scene")).not_to_contain_text("Pinned Down")
        view = state_of(server, table, gm_link)
        assert all(a["name"] != "Pinned Down" for a in view["scene"]["aspects"])
        # Each log says the aspect left play with the roll, in the seat's own words.
        removed = player.locator("#log-list li[data-type=RollResolved]").first
        expect(removed).to_contain_text("Pinned Down")
        expect(removed).to_contain_text(
            en["event.RollResolved.removed"].split("{aspect}")[1].strip()
        )
        expect(gm.locator("#log-list li[data-type=RollResolved]").first).to_contain_text(
            ru["event.RollResolved.removed"].split("{aspect}")[1].strip()
        )
        # The turn goes on: Ruth has spent her action.
        expect(player.locator("#overcome-ruth")).to_have_count(0)
        assert player.evaluate(UNTRANSLATED, "en") == []
        assert gm.evaluate(UNTRANSLATED, "ru") == []
