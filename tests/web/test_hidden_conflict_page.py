"""A hidden difficulty in the middle of a fight, in two browsers: the GM asks Ruth for a Notice
roll while Alice acts; Ann's card waits for Ruth's turn, then Ruth's overcome rolls without asking
a number, and Ann reads the effort and the outcome, never the difficulty, which the GM's page
shows. The table is set up over HTTP; the screen and the roll are done in the pages."""

from __future__ import annotations

from typing import Any

from tests.sheets import npc_sheet, ruth_sheet
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import call, catalog, command

TIMEOUT = 15_000


def test_the_gm_hides_a_difficulty_mid_conflict(server: str, browser: Any) -> None:
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
    command(server, table, gm_link, "StartConflict", {"sides": sides, "first": "alice"})
    words = catalog("en")
    contexts = [
        browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 900})
        for _ in range(2)
    ]
    errors: list[str] = []
    try:
        gm, ann = (context.new_page() for context in contexts)
        for page, link in ((gm, gm_link), (ann, ann_seat["link"])):
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(TIMEOUT)
            page.goto(f"{server}/#link={link}")
        # Mid-fight the GM asks for Notice against Superb (+5), a number Ann never sees.
        gm.click("#ask-roll")
        expect(gm.locator("#ask-conflict-hint")).to_be_visible()
        gm.select_option("#ask-actor", "ruth")
        gm.select_option("#ask-skill", "notice")
        gm.select_option("#ask-difficulty", "5")
        gm.click("#ask-form-submit")
        expect(gm.locator("#dialog")).not_to_be_visible()
        expect(gm.locator("#asked-rolls [data-asked=ruth]")).to_contain_text("+5")
        # Alice acts first: Ann's card says the roll waits for Ruth's turn.
        expect(ann.locator("#asked-wait-ruth")).to_be_visible()
        expect(ann.locator("#asked-roll-ruth")).to_have_count(0)
        alice = {"actor": "alice", "skill": "deceive", "difficulty": 0, "dice": "0000"}
        command(server, table, gm_link, "Overcome", alice)
        command(server, table, gm_link, "ResolveRoll", {})
        command(server, table, gm_link, "EndTurn", {"next_actor": "ruth"})
        expect(ann.locator("#asked-roll-ruth")).to_be_visible()
        # Ruth's own overcome button asks no number: the GM has set it.
        ann.click("#overcome-ruth")
        expect(ann.locator("#asked-form")).to_be_visible()
        expect(ann.locator("#conflict-difficulty")).to_have_count(0)
        ann.fill("#asked-dice", "+000")
        ann.click("#asked-form-submit")
        expect(ann.locator("#dialog")).not_to_be_visible()
        # Ruth's Notice is Fair (+2): +1 on the dice is Good (+3) against Superb (+5), a failure.
        verdict = ann.locator(".roll-verdict[data-hidden=true]")
        expect(verdict).to_have_attribute("data-outcome", "fail")
        against = words["screen.verdict_hidden"].split("{effort}")[1].split("{outcome}")[0]
        expect(verdict).to_contain_text(against.strip(" :"))
        expect(ann.locator(".roll-opposition")).to_have_text(words["screen.hidden"])
        expect(ann.locator("#roll")).not_to_contain_text("+5")
        expect(ann.locator("#log-list [data-type=OvercomeRolled]")).to_have_count(2)  # and Alice's
        expect(ann.locator("#log-list")).not_to_contain_text("+5")
        expect(ann.locator("#screen")).to_have_count(0)  # the request is used up
        # The GM sees the number, and that the players do not.
        expect(gm.locator(".roll-hidden")).to_be_visible()
        expect(gm.locator(".roll-opposition")).to_contain_text("+5")
        expect(gm.locator("#asked-rolls")).to_have_count(0)
        for page in (gm, ann):
            assert page.evaluate(UNTRANSLATED, "en") == []
        assert errors == []
    finally:
        for context in contexts:
            context.close()


def test_a_hidden_advantage_aims_at_an_aspect_in_play(server: str, browser: Any) -> None:
    """The hidden roll's create an advantage offers what the open dialog does: a new aspect, an
    aspect in play (free invokes on it) or a zone. Ruth's Notice aims at the deck's Slick Deck."""
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "The Yacht", "preset": "condensed"})
    table, gm_link = made["table_id"], made["link"]
    ann_seat = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    command(server, table, gm_link, "AddCharacter", {"sheet": ruth_sheet(), "owner": "ann"})
    command(server, table, gm_link, "AddCharacter", {"sheet": npc_sheet(), "revealed": True})
    command(server, table, gm_link, "StartSession", {})
    scene = {
        "name": "On deck",
        "participants": ["ruth", "alice"],
        "zones": ["deck"],
        "positions": [["ruth", "deck"], ["alice", "deck"]],
    }
    command(server, table, gm_link, "StartScene", scene)
    command(server, table, gm_link, "AddSituationAspect", {"name": "Slick Deck"})
    sides = [["heroes", ["ruth"]], ["cult", ["alice"]]]
    command(server, table, gm_link, "StartConflict", {"sides": sides, "first": "ruth"})
    # Notice against Average (+1), a number Ann never sees.
    hidden = {"actor": "ruth", "difficulty": 1, "skill": "notice", "action": "create_advantage"}
    command(server, table, gm_link, "HideDifficulty", hidden)
    context = browser.new_context(locale="it-IT")
    errors: list[str] = []
    try:
        ann = context.new_page()
        ann.on("pageerror", lambda error: errors.append(str(error)))
        ann.set_default_timeout(TIMEOUT)
        ann.goto(f"{server}/#link={ann_seat['link']}")
        ann.click("#advantage-ruth")
        expect(ann.locator("#asked-form")).to_be_visible()
        # A new aspect first, then the aspects in play (the characters' too), then the zone.
        values = ann.locator("#asked-aspect option").evaluate_all("all => all.map(o => o.value)")
        assert values[0] == "" and values[-1] == "zone:deck"
        ann.select_option("#asked-aspect", label="Slick Deck")
        ann.fill("#asked-dice", "0000")
        ann.click("#asked-form-submit")
        expect(ann.locator("#dialog")).not_to_be_visible()
        # Fair (+2) Notice against Average (+1): a success, one free invoke on Slick Deck.
        expect(ann.locator(".roll-verdict[data-hidden=true]")).to_have_attribute(
            "data-outcome", "success"
        )
        ann.click(".resolve-button")
        held = ann.locator(".aspect:has(.aspect-name:text-is('Slick Deck')) [data-holder=ruth]")
        expect(held).to_have_attribute("data-count", "1")
        assert ann.evaluate(UNTRANSLATED, "it") == []
        assert errors == []
    finally:
        context.close()
