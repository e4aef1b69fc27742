"""Free invokes on an aspect of a character's sheet, on the character's card: the sheet lists
each free invoke by its holder (one entry an invoke), and the card shows them as a scene
aspect's are, one row per holder with their count. Found by typing cards.js (issue 40, item 3):
the card read the list as a scene aspect's holder -> count map, and drew holder "0" holding
"ruth" invokes."""

from __future__ import annotations

from typing import Any

from tests.sheets import npc_sheet, ruth_sheet
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import call, command

TIMEOUT = 15_000


def test_a_free_invoke_on_a_sheet_aspect_shows_its_holder(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "The Yacht", "preset": "condensed"})
    table, gm_link = made["table_id"], made["link"]
    ann_seat = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    command(server, table, gm_link, "AddCharacter", {"sheet": ruth_sheet(), "owner": "ann"})
    command(server, table, gm_link, "AddCharacter", {"sheet": npc_sheet(), "revealed": True})
    command(server, table, gm_link, "StartSession", {})
    command(
        server, table, gm_link, "StartScene", {"name": "On deck", "participants": ["ruth", "alice"]}
    )
    sides = [["heroes", ["ruth"]], ["cult", ["alice"]]]
    command(server, table, gm_link, "StartConflict", {"sides": sides, "first": "ruth"})
    contexts = [browser.new_context(locale=locale) for locale in ("en-GB", "sv-SE")]
    errors: list[str] = []
    try:
        gm, ann = (context.new_page() for context in contexts)
        for page, link in ((gm, gm_link), (ann, ann_seat["link"])):
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(TIMEOUT)
            page.goto(f"{server}/#link={link}")
        cult_leader = ann.locator("#char-alice .aspect:has(.aspect-name:text-is('Cult Leader'))")
        aspect_id = cult_leader.get_attribute("data-aspect")
        assert aspect_id
        # Ruth reads Alice: a success with style on her high concept, two free invokes for Ruth.
        advantage = {
            "actor": "ruth",
            "skill": "notice",
            "difficulty": 0,
            "aspect_id": aspect_id,
            "dice": "++++",
        }
        command(server, table, gm_link, "CreateAdvantage", advantage)
        command(server, table, gm_link, "ResolveRoll", {})
        for page in (gm, ann):
            card = page.locator("#char-alice .aspect:has(.aspect-name:text-is('Cult Leader'))")
            expect(card.locator("li[data-holder=ruth]")).to_have_attribute("data-count", "2")
            expect(card.locator(".free-invokes li")).to_have_count(1)
            expect(card.locator(".invoke-token")).to_have_count(2)
        assert gm.evaluate(UNTRANSLATED, "en") == []
        assert ann.evaluate(UNTRANSLATED, "sv") == []
        assert errors == []
    finally:
        for context in contexts:
            context.close()
