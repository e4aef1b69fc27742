"""A self-compel whose aspect an extreme consequence replaced, played on the pages (found
walking issue 43's evening): Ann, in Swedish on a 390x844 phone with her text at 200 %, asks
for a self-compel from the keyboard alone; the GM, in Russian, writes an extreme consequence in
that aspect's place. The GM's card then offers only turning it down (agreeing is refused by the
table) and names the aspect as gone, in Russian, rather than by its raw id."""

from __future__ import annotations

from typing import Any

from fatekit.formats import dumps_character
from fatekit.rules import major_npc, new_character
from fatekit.rules.aspects.aspects import AspectKind
from tests.web.test_readable_page import zoomed
from tests.web.test_refusals_page import seat_page
from tests.web.test_turns import call, catalog, command


def test_a_self_compel_on_a_replaced_aspect_is_only_turned_down(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "Kazak", "preset": "core"})
    table, gm_link = made["table_id"], made["link"]
    ann_link = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    cynere = new_character(
        "core",
        "cynere",
        "Cynere",
        high_concept="Infamous Girl with Sword",
        trouble="Tempted by Shiny Things",
        aspects=[(AspectKind.CHARACTER, "Rivals in the Collegia")],
        skills={"fight": 4, "athletics": 3, "physique": 3, "notice": 2, "provoke": 2, "will": 2},
    )
    sheet = {"sheet": dumps_character(cynere), "owner": "ann"}
    call(
        server,
        f"/tables/{table}/commands",
        {"type": "AddCharacter", "data": sheet},
        ann_link["link"],
    )
    og = major_npc("core", "og", "Og the Strong", high_concept="Og Smash!", skills={"fight": 6})
    command(server, table, gm_link, "AddCharacter", {"sheet": dumps_character(og)})
    command(server, table, gm_link, "StartSession", {})
    command(server, table, gm_link, "StartScene", {"name": "Caverns", "participants": ["cynere"]})
    ru, sv = catalog("ru"), catalog("sv")
    with (
        seat_page(browser, server, gm_link, "ru-RU", (1440, 900)) as gm,
        seat_page(browser, server, ann_link["link"], "sv-SE", (390, 844)) as ann,
    ):
        zoomed(ann, 2)
        # From the keyboard: her aspect's compel button, the complication, the submit.
        ann.get_by_role("button", name=f"{sv['compel.offer']} Rivals in the Collegia").focus()
        ann.keyboard.press("Enter")
        expect(ann.locator("#compel-target")).to_be_focused()
        ann.keyboard.press("Tab")
        ann.keyboard.press("Tab")
        expect(ann.locator("#compel-complication")).to_be_focused()
        ann.keyboard.type("En gammal rival dyker upp")
        ann.keyboard.press("Tab")
        ann.keyboard.press("Enter")
        card = gm.locator("[id^=self-compel-]")
        expect(card.get_by_role("button")).to_have_count(2)  # agree, turn down
        expect(card).to_contain_text("Rivals in the Collegia")
        extreme = {"character_id": "cynere", "name": "Enögd", "replaces": "cynere/character/1"}
        command(server, table, gm_link, "CorrectExtreme", extreme)
        expect(card.get_by_role("button")).to_have_count(1)
        expect(card.get_by_role("button")).to_have_text(ru["compel.decline"])
        expect(card).to_contain_text(ru["aspect.gone_name"])
        expect(card).not_to_contain_text("cynere/")
        card.get_by_role("button").click()
        expect(card).to_have_count(0)
        assert ann.evaluate("() => document.documentElement.scrollWidth") <= 390
