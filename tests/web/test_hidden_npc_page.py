"""A prepared NPC on the page: the GM (Italian, desktop) makes one with the quick NPC form, with a
secret aspect; the players (Swedish on a phone, Russian at 1024 px) see nothing of it until it
comes into a scene, then its name and high concept, never its secret. Every page runs under the
security policy with no refusal (``conftest.no_csp_violation``)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from ..sheets import charles_sheet, ruth_sheet  # type: ignore[import-not-found]
from .test_turns import call, command, state_of  # type: ignore[import-not-found]

NAME = "Zora Nightveil"
CONCEPT = "Queen of the Drowned Court"
SECRET = "Owes the Deep One a Life"


def _caught_up(page: Any, version: int) -> None:
    page.wait_for_function(
        "v => Number(document.body.dataset.version || 0) >= v", arg=version, timeout=30_000
    )


def test_a_prepared_npc_reaches_the_players_pages_only_when_met(server: str, browser: Any) -> None:
    made = call(server, "/tables", {"name": "Il porto", "preset": "condensed"})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    bob = call(server, f"/tables/{table}/seats", {"name": "Борис", "role": "player"}, gm_link)
    command(server, table, gm_link, "AddCharacter", {"sheet": ruth_sheet(), "owner": ann["seat"]})
    command(
        server, table, gm_link, "AddCharacter", {"sheet": charles_sheet(), "owner": bob["seat"]}
    )
    seats = {
        "gm": (gm_link, "it-IT", {"width": 1440, "height": 900}),
        "ann": (ann["link"], "sv-SE", {"width": 390, "height": 844}),
        "bob": (bob["link"], "ru-RU", {"width": 1024, "height": 768}),
    }
    contexts = {k: browser.new_context(locale=v[1], viewport=v[2]) for k, v in seats.items()}
    errors: list[str] = []
    try:
        pages = {}
        for who, context in contexts.items():
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"{server}/#link={seats[who][0]}")
            expect(page.locator("#connection.live")).to_be_visible(timeout=30_000)
            pages[who] = page
        gm = pages["gm"]
        gm.click("#quick-npc")
        gm.fill("#npc-name", NAME)
        gm.fill("#npc-aspect", CONCEPT)
        gm.fill("#npc-secret", SECRET)
        gm.click("#npc-form button[type=submit]")
        expect(gm.locator("#app")).to_contain_text(NAME, timeout=30_000)
        version = state_of(server, table, gm_link)["table"]["version"]
        for who in ("ann", "bob"):
            _caught_up(pages[who], version)
            text = pages[who].locator("body").inner_text()
            assert NAME not in text and CONCEPT not in text and SECRET not in text, who
        # The GM brings her into the scene: the players meet her, by name and high concept.
        npc = next(
            c["id"]
            for c in state_of(server, table, gm_link)["characters"]
            if c["sheet"]["name"] == NAME
        )
        command(server, table, gm_link, "StartSession", {})
        command(
            server,
            table,
            gm_link,
            "StartScene",
            {"name": "La banchina", "participants": ["ruth", "charles", npc]},
        )
        version = state_of(server, table, gm_link)["table"]["version"]
        for who in ("ann", "bob"):
            _caught_up(pages[who], version)
            expect(pages[who].locator("#app")).to_contain_text(NAME)
            expect(pages[who].locator("#app")).to_contain_text(CONCEPT)
            assert SECRET not in pages[who].locator("body").inner_text(), who
        # A note from the phone reaches everyone, the GM's secret still with the GM alone.
        pages["ann"].fill("#note-text", "Hon ler som tidvattnet.")
        pages["ann"].click("#note-form button[type=submit]")
        for page in pages.values():
            expect(page.locator("#log-list")).to_contain_text("Hon ler som tidvattnet.")
        expect(gm.locator("#app")).to_contain_text(SECRET)
        assert errors == []
    finally:
        for context in contexts.values():
            context.close()
