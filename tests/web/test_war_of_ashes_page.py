"""War of Ashes offered on the start page (issue 41), in Swedish on a phone: the GM picks it,
weight shows as a rule of the book (ticked and fixed), the table opens playing it, a new sheet
is headed and named as approaches, and the book's sample minion comes in with its weight
(srd/war-of-ashes.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.web.test_turns import call, catalog, state_of

SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "war-of-ashes"


def test_the_gm_opens_a_war_of_ashes_table_from_the_start_page(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    sv = catalog("sv")
    context = browser.new_context(locale="sv-SE", viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(server)
        page.click("#create-table summary")
        offered = page.locator("#new-table-preset option[value=woa]")
        expect(offered).to_have_text(sv["preset.woa"])
        page.select_option("#new-table-preset", "woa")
        weight = page.locator("#opt-weight")
        expect(weight).to_be_checked()
        expect(weight).to_be_disabled()
        expect(page.locator("label[for=opt-weight] .book-rule")).to_contain_text(sv["preset.woa"])
        page.fill("#new-table-name", "Agaptus")
        page.click("#create-table button[type=submit]")
        expect(page.locator("#book-rules")).to_contain_text(sv["option.weight"].split(":")[0])
        # A new sheet is Fate Accelerated's approaches, headed and named as such in Swedish.
        page.click("#new-character")
        expect(page.locator(".skill-grid legend")).to_have_text(sv["sheet.approaches"])
        expect(page.locator("label[for=sheet-skill-quick]")).to_have_text(sv["approach.quick"])
        page.keyboard.press("Escape")
        # The GM's link is the page's own: the table it opened plays War of Ashes, weight on.
        link = page.evaluate(
            "() => decodeURIComponent(location.hash.slice(1).replace(/^link=/, ''))"
        )
        table_id = link.split(".")[0]
        view = state_of(server, table_id, link)
        assert (view["table"]["preset"], view["table"]["options"]) == ("woa", ["weight"])
        fish = (SAMPLES / "carnivorous-fish.character.json").read_text(encoding="utf-8")
        call(
            server,
            f"/tables/{table_id}/commands",
            {"type": "AddCharacter", "data": {"sheet": fish}},
            link,
        )
        (sheet,) = [c["sheet"] for c in state_of(server, table_id, link)["characters"]]
        assert sheet["weight"] == 2
    finally:
        context.close()
