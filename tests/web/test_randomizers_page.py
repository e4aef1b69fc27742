"""Another randomizer through the page (issue 43 item 4): the GM, in Italian at 1440x900, makes a
table that draws from the Deck of Fate on the start page; Ann, in Swedish on a 390x844 phone,
rolls and the server draws a card: her log shows the card's number large beside its faces, and a
screen reader hears the card in Swedish; the GM's log says the table draws the Deck of Fate, in
Italian."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

from fatekit.formats import dumps_character
from fatekit.rules import new_character
from fatekit.rules.core.randomizers import parse_drawn
from tests.web.test_refusals_page import seat_page
from tests.web.test_turns import call, catalog, command, state_of


def test_a_table_of_the_deck_of_fate_from_the_start_page_to_a_phone(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    it, sv = catalog("it"), catalog("sv")
    context = browser.new_context(locale="it-IT", viewport={"width": 1440, "height": 900})
    gm = context.new_page()
    try:
        gm.goto(server)
        gm.fill("#new-table-name", "Il mazzo")
        expect(gm.locator("label[for=new-table-randomizer]")).to_have_text(it["randomizer.label"])
        gm.select_option("#new-table-randomizer", "deck")
        gm.locator("#create-table button[type=submit]").click()
        gm.wait_for_function("() => location.hash.startsWith('#link=')")
        gm_link = unquote(gm.url.split("#link=", 1)[1])
        # The GM's log tells the choice in Italian.
        said = it["event.RandomizerChosen"].replace("{randomizer}", it["randomizer.deck"])
        expect(gm.locator("#log-list")).to_contain_text(said)

        table = gm_link[: gm_link.rindex(".")]  # a link is the table's id, a dot, the secret
        ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
        ruth = new_character(
            "condensed", "ruth", "Ruth", high_concept="Sky Pirate", skills={"athletics": 2}
        )
        command(
            server,
            table,
            gm_link,
            "AddCharacter",
            {"sheet": dumps_character(ruth), "owner": ann["seat"]},
        )
        command(server, table, gm_link, "StartSession", {})
        command(
            server, table, gm_link, "StartScene", {"name": "Il ponte", "participants": ["ruth"]}
        )

        with seat_page(browser, server, ann["link"], "sv-SE", (390, 844)) as phone:
            phone.click("#new-roll")
            phone.select_option("#roll-action", "overcome")
            phone.select_option("#roll-skill", "athletics")
            phone.select_option("#roll-difficulty", "0")
            phone.locator("#roll-form-submit").click()
            card = phone.locator(".dice.card").first
            expect(card).to_be_visible()
            faces = card.get_attribute("data-faces") or ""
            drawn = parse_drawn(faces)
            assert faces.startswith("card:")
            number = drawn.total
            shown = f"+{number}" if number > 0 else f"\u2212{-number}" if number < 0 else "0"
            expect(card.locator(".card-number")).to_have_text(shown)
            label = card.get_attribute("aria-label") or ""
            assert label.startswith(sv["dice.card.read"].split("{")[0]), label
            assert shown in label
            # The server drew it, the table's way: the GM's view of the roll shows the same card.
            rolls = state_of(server, table, gm_link)["rolls"]
            assert [r["faces"] for r in rolls] == [faces]
    finally:
        context.close()
