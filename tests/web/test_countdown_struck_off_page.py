"""The GM strikes countdowns off the scene from the page (Fate Condensed, Optional Rules >
Countdowns): the GM in Italian at a desk, Ann in Swedish on a phone. The countdown leaves both
pages; Ann's log says so in Swedish, naming the one she could read and not the one she saw only
by its boxes; only the GM has the button."""

from __future__ import annotations

from typing import Any

from tests.sheets import ruth_sheet
from tests.web.test_raise_page import call, command
from tests.web.test_treatment_page import TIMEOUT, catalog


def test_the_gm_strikes_a_countdown_off_and_ann_reads_it_in_her_log(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "Il ponte", "options": ["countdowns"]})
    table, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm)
    command(server, table, gm, "AddCharacter", {"sheet": ruth_sheet(), "owner": ann["seat"]})
    command(server, table, gm, "StartScene", {"name": "The bridge", "participants": ["ruth"]})
    for key, visibility in (("bomb", "shown"), ("radio", "boxes_only")):
        countdown = {
            "countdown_id": key,
            "name": f"The {key}",
            "boxes": 3,
            "outcome": "Worse",
            "triggers": ["a minute passes"],
            "visibility": visibility,
        }
        command(server, table, gm, "AddCountdown", countdown)
    contexts = [
        browser.new_context(locale="it-IT"),
        browser.new_context(locale="sv-SE", viewport={"width": 390, "height": 844}),
    ]
    errors: list[str] = []
    try:
        pages = []
        for context, link in zip(contexts, (gm, ann["link"]), strict=True):
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(TIMEOUT)
            page.goto(f"{server}/#link={link}")
            pages.append(page)
        gm_page, ann_page = pages
        it, sv = catalog("it"), catalog("sv")

        expect(ann_page.locator("#countdown-bomb")).to_be_visible()
        expect(ann_page.locator("#countdown-bomb-remove")).to_have_count(0)  # the GM's alone
        gm_page.click("#countdown-bomb-remove")
        gm_page.click("#countdown-radio-remove")
        for page in pages:
            expect(page.locator(".countdown")).to_have_count(0)
        log = ann_page.locator("#log-list")
        named = sv["event.CountdownRemoved"].replace("{name}", "The bomb")
        # Both removals in Ann's log before the latest is read: her page has no countdown left
        # once the bomb's is gone, before the hidden radio's removal reaches it.
        expect(log.locator("li[data-type=CountdownRemoved]")).to_have_count(2)
        expect(log.locator("li[data-type=CountdownRemoved]").first).to_contain_text(
            sv["event.CountdownRemoved.unnamed"]
        )
        expect(log).to_contain_text(named)
        expect(log).not_to_contain_text("The radio")
        gm_named = it["event.CountdownRemoved"].replace("{name}", "The radio")
        expect(gm_page.locator("#log-list")).to_contain_text(gm_named)
        assert errors == []
    finally:
        for context in contexts:
            context.close()
