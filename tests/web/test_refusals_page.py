"""A refusal says why where the person is looking, and the GM has the last word (issue 26,
contract 2), played by a GM in English at 1366x900, a player in Russian on a desktop and a player
in Swedish on a 390x844 phone:

- in a dialog, the refusal sits inside the dialog, worded by the rule catalog in the seat's
  language; a player reads that the GM may allow it, the GM gets "Allow it anyway", gives a reason
  and the move happens (the dialog closes);
- outside a dialog (a character dropped on a zone out of a free move's reach), the refusal sits
  right after the map the person dropped it on, never only in the top banner;
- every seat's log says, in its language, that the GM allowed it, with the rule and the reason.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tests.sheets import charles_sheet, npc_sheet, ruth_sheet
from tests.web.test_turns import call, catalog, command

TIMEOUT = 15_000
REASON = "Ruth swims for it"


def fight_on_a_map(server: str, first: str = "ruth") -> tuple[str, str, str, str]:
    """Ruth (Ann) and Charles (Ben) against Alice, on a deck beside a cabin and an island that
    no way reaches; ``first`` acts first. The table, the GM's link, Ann's and Ben's."""
    made = call(server, "/tables", {"name": "The Wreck", "preset": "condensed"})
    table, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm)
    ben = call(server, f"/tables/{table}/seats", {"name": "Ben", "role": "player"}, gm)
    command(server, table, gm, "AddCharacter", {"sheet": ruth_sheet(), "owner": ann["seat"]})
    command(server, table, gm, "AddCharacter", {"sheet": charles_sheet(), "owner": ben["seat"]})
    command(server, table, gm, "AddCharacter", {"sheet": npc_sheet(), "revealed": True})
    command(server, table, gm, "StartSession", {})
    scene = {
        "name": "Wreck",
        "participants": ["ruth", "charles", "alice"],
        "zones": ["deck", "cabin", "island"],
        "links": [["deck", "cabin"]],
        "positions": [["ruth", "deck"], ["charles", "deck"], ["alice", "cabin"]],
    }
    command(server, table, gm, "StartScene", scene)
    sides = [["heroes", ["ruth", "charles"]], ["cult", ["alice"]]]
    command(server, table, gm, "StartConflict", {"sides": sides, "first": first})
    return table, gm, ann["link"], ben["link"]


@contextmanager
def seat_page(
    browser: Any, server: str, link: str, locale: str, size: tuple[int, int]
) -> Iterator[Any]:
    errors: list[str] = []
    context = browser.new_context(locale=locale, viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{server}/#link={link}")
    try:
        yield page
        assert errors == []
    finally:
        context.close()


def overcome_to_the_island(page: Any) -> None:
    page.click("#overcome-ruth")
    page.select_option("#conflict-move-to", "island")
    page.click("#conflict-roll-form-submit")


def test_a_refusal_in_a_dialog_and_the_gms_word(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    _, gm_link, ann_link, ben_link = fight_on_a_map(server)
    en, ru, sv = catalog("en"), catalog("ru"), catalog("sv")
    with (
        seat_page(browser, server, gm_link, "en-GB", (1366, 900)) as gm,
        seat_page(browser, server, ann_link, "ru-RU", (1280, 800)) as ann,
        seat_page(browser, server, ben_link, "sv-SE", (390, 844)) as ben,
    ):
        # Ann tries to reach the island: refused inside the dialog, in Russian, by the rule's
        # own reason; she may ask the GM, and has no button to overrule it herself.
        overcome_to_the_island(ann)
        said = ann.locator("#dialog p.refusal[data-error=illegal][data-rule='zone.move-roll']")
        expect(said).to_be_visible()
        expect(said).to_contain_text(ru["rule.zone.move-roll"])
        expect(said.locator(".ask-gm")).to_have_text(ru["refusal.ask_gm"])
        expect(said.locator("[data-waive]")).to_have_count(0)
        expect(ann.locator("#banner .refusal")).to_have_count(0)
        ann.keyboard.press("Escape")

        # The GM, acting for Ruth, gets the same refusal with "Allow it anyway".
        overcome_to_the_island(gm)
        refused = gm.locator("#dialog p.refusal[data-rule='zone.move-roll']")
        expect(refused).to_contain_text(en["rule.zone.move-roll"])
        refused.locator("[data-waive]").click()
        # Confirming with no reason sends nothing: the reason is asked for.
        refused.locator("[data-waive-confirm]").click()
        expect(refused.locator("[data-waive-reason]")).to_be_focused()
        refused.locator("[data-waive-reason]").fill(REASON)
        refused.locator("[data-waive-confirm]").click()
        expect(gm.locator("#dialog")).not_to_be_visible()

        # Every seat's log: the GM allowed it, the rule's reason in its language, and why.
        for page, words in ((gm, en), (ann, ru), (ben, sv)):
            line = page.locator("#log-list li[data-type=OvercomeRolled] .waived")
            expect(line).to_have_attribute("data-waived", "zone.move-roll")
            expect(line).to_contain_text(words["rule.zone.move-roll"])
            expect(line).to_contain_text(REASON)
            expect(line).to_contain_text(words["event.waived"].split("{")[0].strip())


def test_a_refusal_outside_a_dialog_sits_by_what_was_pressed(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    _, gm_link, _, ben_link = fight_on_a_map(server, first="charles")
    sv, en = catalog("sv"), catalog("en")
    with (
        seat_page(browser, server, ben_link, "sv-SE", (390, 844)) as ben,
        seat_page(browser, server, gm_link, "en-GB", (1366, 900)) as gm,
    ):
        # Ben drops Charles on the island: no free move reaches it. The reason sits right after
        # the map he dropped him on, in Swedish, and he may ask the GM.
        ben.drag_and_drop("#zone-map li[data-character=charles]", "#zone-island")
        said = ben.locator("#zone-map-out p.refusal[data-rule]")
        expect(said).to_be_visible()
        assert said.get_attribute("data-error") == "illegal"
        expect(said).to_contain_text(sv[f"rule.{said.get_attribute('data-rule')}"])
        expect(said.locator(".ask-gm")).to_have_text(sv["refusal.ask_gm"])
        expect(ben.locator("#banner .refusal")).to_have_count(0)
        # The GM drops him there and allows it beside the map.
        gm.drag_and_drop("#zone-map li[data-character=charles]", "#zone-island")
        refused = gm.locator("#zone-map-out p.refusal[data-rule]")
        expect(refused.locator("[data-waive]")).to_have_text(en["refusal.allow"])
        refused.locator("[data-waive]").click()
        refused.locator("[data-waive-reason]").fill("He was always going to jump")
        refused.locator("[data-waive-reason]").press("Enter")
        expect(gm.locator("#zone-island li[data-character=charles]")).to_be_visible()
        expect(gm.locator("#zone-map-out p.refusal")).to_have_count(0)
        expect(ben.locator("#zone-island li[data-character=charles]")).to_be_visible()
        line = ben.locator("#log-list li[data-type=Moved] .waived")
        expect(line).to_contain_text("He was always going to jump")


def test_a_refusal_the_engine_names_reads_in_the_seats_language(server: str, browser: Any) -> None:
    """A refusal that is neither a rule nor a field (here: the conflict ended while Ann's dialog
    was open) reads in the seat's own words by its code, names from the page, never the generic
    sentence with the engine's English."""
    from playwright.sync_api import expect

    table, gm_link, ann_link, _ = fight_on_a_map(server)
    ru = catalog("ru")
    with seat_page(browser, server, ann_link, "ru-RU", (1280, 800)) as ann:
        ann.click("#overcome-ruth")
        expect(ann.locator("#conflict-roll-form-submit")).to_be_visible()
        command(server, table, gm_link, "FinishConflict", {})
        ann.click("#conflict-roll-form-submit")
        said = ann.locator("#dialog p.refusal[data-error=malformed]")
        expect(said.locator("[data-code=no_conflict]")).to_have_text(ru["refusal.no_conflict"])
        expect(said).not_to_contain_text(ru["error.malformed"])
        expect(said).not_to_contain_text("there is no conflict")


def test_a_dialog_refused_can_be_changed_and_sent_again(server: str, browser: Any) -> None:
    """The page agent (seed 2, step 77): after a refusal the GM could allow, the dialog could no
    longer be sent at all, as "Allow it anyway"'s reason field, hidden and required, blocked the
    form. The GM changes the move instead, and it goes."""
    from playwright.sync_api import expect

    _, gm_link, _, _ = fight_on_a_map(server)
    with seat_page(browser, server, gm_link, "it-IT", (1366, 900)) as gm:
        overcome_to_the_island(gm)
        expect(gm.locator("#dialog p.refusal [data-waive]")).to_be_visible()
        gm.select_option("#conflict-move-to", "cabin")
        gm.click("#conflict-roll-form-submit")
        expect(gm.locator("#dialog")).not_to_be_visible()
        expect(gm.locator("#log-list li[data-type=OvercomeRolled]")).to_have_count(1)


def test_options_that_cannot_go_together_are_refused_in_the_pages_words(
    server: str, browser: Any
) -> None:
    """The page agent (seed 5, set-up): both versions of full defense ticked on an Italian start
    page read the engine's coded refusal in Italian, not the generic sentence and English."""
    from playwright.sync_api import expect

    it = catalog("it")
    with seat_page(browser, server, "", "it-IT", (1366, 900)) as page:
        page.goto(server)
        page.fill("#new-table-name", "La Banchina")
        page.click("#create-table details summary")
        page.check("#opt-full_defense")
        page.check("#opt-full_defense_core")
        page.click("#create-table button[type=submit]")
        said = page.locator("p.refusal[role=alert]")
        expect(said.locator("[data-code=full_defense_both]")).to_have_text(
            it["refusal.full_defense_both"]
        )
        expect(said).not_to_contain_text(it["error.malformed"])
        expect(said).not_to_contain_text("choose one version")
