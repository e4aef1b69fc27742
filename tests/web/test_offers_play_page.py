"""The page draws its controls from the table's offers (issue 40 item 2), played by a GM in
Italian at a desktop and Sofia in Swedish on a 390x844 phone: Sofia brings her Fari sheet in (her
own PC or extra, no owner to pick, no aspect to hide), writes a note (public or private: a GMs'
note is not hers to write), and spends the milestone the session's end opens; the GM's import
offers every kind and the aspects to hide, the GM's note the GMs' own visibility. The table is
set up over HTTP; the pages follow it over their sockets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .test_raise_page import call, command  # type: ignore[import-not-found]
from .test_turns import catalog  # type: ignore[import-not-found]

FIXTURES = Path(__file__).resolve().parent.parent / "formats" / "fixtures"
TIMEOUT = 15_000
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}


def _values(page: Any, selector: str) -> list[str]:
    options = page.locator(f"{selector} option")
    return [str(options.nth(i).get_attribute("value")) for i in range(options.count())]


def test_a_player_on_a_phone_imports_notes_and_advances_by_the_offers(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "Porto", "preset": "condensed"})
    table, gm_link = made["table_id"], made["link"]
    sofia_seat = call(
        server, f"/tables/{table}/seats", {"name": "Sofia", "role": "player"}, gm_link
    )
    command(server, table, gm_link, "StartSession", {})
    opened = (
        browser.new_context(locale="it-IT", viewport=DESKTOP),
        browser.new_context(locale="sv-SE", viewport=PHONE, is_mobile=True, has_touch=True),
    )
    errors: list[str] = []
    sv = catalog("sv")
    try:
        gm, sofia = (context.new_page() for context in opened)
        for page, link in ((gm, gm_link), (sofia, sofia_seat["link"])):
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(TIMEOUT)
            page.goto(f"{server}/#link={link}")
            page.wait_for_selector("#log-list")

        # -- Sofia's import: her own PC or extra, nobody else's, nothing to hide ---------------
        sofia.click("#import-character")
        assert _values(sofia, "#import-kind") == ["pc", "extra"]
        expect(sofia.locator("#import-owner")).to_be_hidden()
        sofia.set_input_files("#import-file", str(FIXTURES / "fari-v6-condensed.fari.json"))
        sofia.locator("#import-report").wait_for()
        expect(sofia.locator("#import-hidden input[type=checkbox]")).to_have_count(0)
        sofia.click("#import-form-submit")
        for page in (gm, sofia):
            page.wait_for_selector("#char-cassandra-vey")

        # -- the GM's import: every kind, and the aspects to keep from the players ------------
        gm.click("#import-character")
        assert _values(gm, "#import-kind") == [
            "major_npc",
            "minor_npc",
            "mob",
            "monster",
            "pc",
            "extra",
        ]
        actor = FIXTURES / "foundry-core-base64.json"
        gm.set_input_files("#import-file", str(actor))
        gm.locator("#import-report").wait_for()
        boxes = gm.locator("#import-hidden input[type=checkbox]")
        expect(boxes.first).to_be_checked()  # an NPC's aspects start hidden
        # A PC for Sofia: the owner is hers or the GM's to choose.
        gm.select_option("#import-kind", "pc")
        assert _values(gm, "#import-owner") == [sofia_seat["seat"], ""]
        gm.keyboard.press("Escape")

        # -- notes: the GM's own visibility for the GM alone --------------------------------
        assert _values(sofia, "#note-visibility") == ["public", "private"]
        assert _values(gm, "#note-visibility") == ["public", "private", "gm"]
        sofia.fill("#note-text", "Jag litar inte på tullaren.")
        sofia.select_option("#note-visibility", "private")
        sofia.click("#note-form button[type=submit]")
        expect(sofia.locator("#log-list")).to_contain_text("Jag litar inte på tullaren.")

        # -- a milestone: Sofia's to spend on her phone ------------------------------------
        command(server, table, gm_link, "EndSession", {"milestone": "minor"})
        form = sofia.locator("#milestone-cassandra-vey")
        expect(form).to_be_visible()
        sofia.select_option("#milestone-kind-cassandra-vey", "rewrite_aspect")
        sofia.fill("#milestone-text-cassandra-vey", "Skuld till tullen")
        take = sofia.locator("#milestone-take-cassandra-vey")
        expect(take).to_have_text(sv["milestone.take"])  # in her language
        take.click()
        expect(form).to_have_count(0)
        for page in (gm, sofia):
            expect(page.locator("#log-list [data-type=MilestoneTaken]")).to_have_count(1)
        expect(sofia.locator("#char-cassandra-vey")).to_contain_text("Skuld till tullen")
        assert errors == []
    finally:
        for context in opened:
            context.close()
