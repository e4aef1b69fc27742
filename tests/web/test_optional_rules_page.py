"""Long arcs taken up between sessions through the page (issue 27; fate-condensed.ru.md
§ Сессии и Арки). The GM, in Italian, ticks long arcs while a session runs: refused beside the
tick, in Italian, and the tick goes back. Once the session is over the same tick takes; Ann, on
a phone in Swedish, reads the change in her log and her treated severe consequence now says it
clears at the next breakthrough or after four whole sessions."""

from __future__ import annotations

from typing import Any

from tests.sheets import charles_sheet, ruth_sheet
from tests.web.test_raise_page import call, command
from tests.web.test_treatment_page import TIMEOUT, catalog


def test_the_gm_takes_up_long_arcs_between_sessions(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "Il lungo inverno", "preset": "condensed"})
    table, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm)
    command(server, table, gm, "AddCharacter", {"sheet": ruth_sheet(), "owner": ann["seat"]})
    command(server, table, gm, "AddCharacter", {"sheet": charles_sheet()})
    command(server, table, gm, "StartSession", {})
    command(server, table, gm, "StartScene", {"name": "Docks", "participants": ["ruth", "charles"]})
    correct = {"character_id": "ruth", "slot": 2, "name": "Shattered Knee"}
    command(server, table, gm, "CorrectConsequence", correct)
    treat = {
        "actor": "charles",
        "skill": "academics",
        "aspect_id": "ruth/consequence/2",
        "new_name": "Knee in a Brace",
        "dice": "++++",
    }
    command(server, table, gm, "Treat", treat)
    command(server, table, gm, "ResolveRoll", {"option": "success_at_major_cost"})
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

        rules = gm_page.locator("#optional-rules")
        expect(rules).to_contain_text(it["gm.optional_rules"])
        expect(rules).to_contain_text(it["option.long_arcs"])
        expect(ann_page.locator("#optional-rules")).to_have_count(0)  # the GM's panel only
        knee = ann_page.locator("#slot-ruth-2 .clears-after")
        expect(knee).to_have_text(sv["consequence.clears.major_milestone"])

        # During the session: refused beside the tick, saying why, and the tick goes back. A
        # click, not check(): the refusal may untick the box before check() looks at it.
        gm_page.click("#optional-rule-long_arcs")
        refusal = rules.locator(".refusal")
        expect(refusal).to_contain_text(it["refusal.option_in_session"].split(":")[0])
        expect(gm_page.locator("#optional-rule-long_arcs")).not_to_be_checked()

        command(server, table, gm, "EndScene", {})
        command(server, table, gm, "EndSession", {})
        # The page must have the session's end before the tick: a tick clicked while the end is
        # still on its way is drawn again from the document that has the session running.
        expect(gm_page.locator("#start-session")).to_be_visible()
        gm_page.check("#optional-rule-long_arcs")
        expect(gm_page.locator("#optional-rule-long_arcs")).to_be_checked()
        expect(rules.locator(".refusal")).to_have_count(0)
        expect(ann_page.locator("#log-list")).to_contain_text(sv["option.long_arcs"])
        expect(knee).to_have_text(sv["consequence.clears.major_milestone_or_four_sessions"])
        knee.scroll_into_view_if_needed()
        expect(knee).to_be_in_viewport()
        assert errors == []
    finally:
        for context in contexts:
            context.close()
