"""Spending banked skill steps in the page: a player banks the step of a breakthrough, later
tries a raise the column rule refuses (the engine's refusal is shown, the sheet unchanged) and
then one it allows, and both seats see the sheet change. The table is set up over HTTP; the
pages follow it over their sockets."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from fatekit.server.web import I18N_DIR
from tests.sheets import ruth_sheet

TIMEOUT = 15_000


def call(server: str, path: str, body: Any, link: str | None = None) -> Any:
    headers = {"accept": "application/json", "content-type": "application/json"}
    if link:
        headers["X-Fatekit-Link"] = link
    request = urllib.request.Request(
        server + path, data=json.dumps(body).encode(), headers=headers, method="POST"
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


def command(server: str, table: str, link: str, kind: str, data: dict[str, Any]) -> None:
    call(server, f"/tables/{table}/commands", {"type": kind, "data": data}, link)


def english() -> dict[str, str]:
    loaded: dict[str, str] = json.loads((I18N_DIR / "en.json").read_text(encoding="utf-8"))
    return loaded


def test_a_banked_step_is_spent_later_in_the_page(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "The Long Game", "preset": "condensed"})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    command(server, table, gm_link, "AddCharacter", {"sheet": ruth_sheet(), "owner": ann["seat"]})
    command(server, table, gm_link, "StartSession", {})
    command(server, table, gm_link, "EndSession", {"milestone": "major"})
    contexts = [browser.new_context(locale="en-GB") for _ in range(2)]
    errors: list[str] = []
    try:
        ann_page, gm_page = (context.new_page() for context in contexts)
        for page, link in ((ann_page, ann["link"]), (gm_page, gm_link)):
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(TIMEOUT)
            page.goto(f"{server}/#link={link}")
        # The GM's power-up is offered to the GM's seat alone (Ruth's gm_powers).
        expect(gm_page.locator("#milestone-gm-refresh-ruth")).to_be_visible()
        expect(ann_page.locator("#milestone-ruth")).to_be_visible()
        expect(ann_page.locator("#milestone-gm-refresh-ruth")).to_have_count(0)
        # The breakthrough's step is left unspent: it is banked, and the spending form appears.
        ann_page.fill("#milestone-concept-ruth", "Still Swinging")
        ann_page.click("#milestone-take-ruth")
        expect(ann_page.locator("#milestone-ruth")).to_have_count(0)
        expect(ann_page.locator("#advance-ruth")).to_be_visible()
        expect(gm_page.locator("#advance-ruth")).to_be_visible()
        expect(ann_page.locator("#milestones")).to_contain_text("earlier breakthroughs: 1")
        # Will to Fair alone would leave no Average skill: the engine refuses, nothing changes.
        ann_page.select_option("#advance-raise-ruth-0", "will")
        ann_page.click("#advance-spend-ruth")
        refusal = ann_page.locator("#advance-ruth .error")
        expect(refusal).to_contain_text("Will")
        expect(refusal).to_contain_text("raise lower skills first")
        expect(ann_page.locator("#char-ruth .skills")).not_to_contain_text("Lore")
        # Lore from Mediocre to Average keeps the column: both seats see it on the sheet.
        ann_page.select_option("#advance-raise-ruth-0", "lore")
        ann_page.click("#advance-spend-ruth")
        for page in (ann_page, gm_page):
            expect(page.locator("#advance-ruth")).to_have_count(0)
            expect(page.locator("#char-ruth .skills")).to_contain_text("Lore")
            line = page.locator("#log-list [data-type=SkillsRaised]")
            expect(line).to_have_count(1)
            wanted = english()["event.SkillsRaised"].split("{who}")[1].split("{skills}")[0]
            expect(line).to_contain_text(re.compile(re.escape(wanted) + "Lore"))
        assert errors == []
    finally:
        for context in contexts:
            context.close()
