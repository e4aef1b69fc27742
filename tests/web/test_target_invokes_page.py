"""A zone attack's target invokes on their own defence from the page: Ruth's attack is aimed at
everyone on deck over HTTP; on Ben's page (in Russian) the targets card offers the invoke picker
for Charles's defence, and after a +2 both pages show his outcome change and the invoke, and the
log line says whose defence it went on. The table's own dice are blank, so every run repeats."""

from __future__ import annotations

from typing import Any

from tests.sheets import charles_sheet, npc_sheet, ruth_sheet
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import call, catalog, command

TIMEOUT = 15_000


def test_a_target_invokes_on_their_defence_at_the_table(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    made = call(
        server, "/tables", {"name": "Deck", "preset": "condensed", "options": ["multiple_targets"]}
    )
    table, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm)
    ben = call(server, f"/tables/{table}/seats", {"name": "Ben", "role": "player"}, gm)
    command(server, table, gm, "AddCharacter", {"sheet": ruth_sheet(), "owner": ann["seat"]})
    command(server, table, gm, "AddCharacter", {"sheet": charles_sheet(), "owner": ben["seat"]})
    command(server, table, gm, "AddCharacter", {"sheet": npc_sheet(), "revealed": True})
    command(server, table, gm, "StartSession", {})
    everyone = ["ruth", "charles", "alice"]
    command(
        server,
        table,
        gm,
        "StartScene",
        {
            "name": "On deck",
            "participants": everyone,
            "zones": ["deck"],
            "positions": [[who, "deck"] for who in everyone],
        },
    )
    sides = [["heroes", ["ruth", "charles"]], ["cult", ["alice"]]]
    command(server, table, gm, "StartConflict", {"sides": sides, "first": "ruth"})
    # Great Fight and +000: an effort of +5 against everyone else on deck.
    attack = {"actor": "ruth", "skill": "fight", "zone": "deck", "dice": "+000"}
    command(server, table, ann["link"], "ZoneAttack", attack)
    command(server, table, ann["link"], "AssignTargets", {})
    contexts = [browser.new_context(locale="ru-RU"), browser.new_context(locale="en-GB")]
    try:
        ben_page, ann_page = (context.new_page() for context in contexts)
        for page, link in ((ben_page, ben["link"]), (ann_page, ann["link"])):
            page.set_default_timeout(TIMEOUT)
            page.goto(f"{server}/#link={link}")
            page.wait_for_selector("#target-charles[data-shifts='5']")
        # Ben plays only Charles among the targets: the picker is for Charles's defence.
        assert ben_page.locator("#target-invoke-on option").all_inner_texts() == ["Charles"]
        assert ann_page.locator("#target-invoke-on").count() == 0  # Ruth is no target
        ben_page.locator("[data-invoke='charles/high_concept/1|paid']").click()
        for page in (ben_page, ann_page):
            page.wait_for_selector("#target-charles[data-shifts='3']")
            page.locator("#target-charles .invocations li").wait_for()
            assert page.get_attribute("#target-alice", "data-shifts") == "5"
        # The log says the invoke went on Charles's defence, in each page's language.
        for page, lang in ((ben_page, "ru"), (ann_page, "en")):
            # The words between the aspect and the effect: "on {target}'s defence" in English.
            words = catalog(lang)["event.Invoked.paid_target"].split("{aspect}")[1].split("(")[0]
            line = page.locator("#log-list [data-type=Invoked]")
            expect(line).to_contain_text(words.replace("{target}", "Charles").strip())
        assert ben_page.evaluate(UNTRANSLATED, "ru") == []
        # Ruth's seat settles the attack: the picker goes with the targets.
        ann_page.locator("#resolve-targets").click()
        ben_page.wait_for_selector("#targets", state="detached")
        assert ben_page.locator("#target-invoke-on").count() == 0
    finally:
        for context in contexts:
            context.close()
