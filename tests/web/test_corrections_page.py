"""The GM's corrections through the page (issue 26): the GM in English at 1366x900 sets Ruth's
fate points, a stress box and a consequence straight from her card, renames an aspect and gives
the turn to someone else; a player in Russian sees the sheet change and reads each correction in
the log in Russian, and a Swedish phone in Swedish. A player has no "Correct" at all."""

from __future__ import annotations

from typing import Any

from tests.web.test_refusals_page import fight_on_a_map, seat_page
from tests.web.test_turns import catalog


def test_the_gm_sets_values_straight(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    _, gm_link, ann_link, ben_link = fight_on_a_map(server)
    ru, sv = catalog("ru"), catalog("sv")
    with (
        seat_page(browser, server, gm_link, "en-GB", (1366, 900)) as gm,
        seat_page(browser, server, ann_link, "ru-RU", (1280, 800)) as ann,
        seat_page(browser, server, ben_link, "sv-SE", (390, 844)) as ben,
    ):
        expect(ann.locator("#char-ruth")).to_be_visible()
        expect(ann.locator("#correct-ruth, #correct-pool, #correct-turn-button")).to_have_count(0)
        gm.click("#correct-ruth")
        gm.fill("#correct-fp", "5")
        gm.check("#correct-stress-physical-1")
        gm.fill("#correct-slot-0", "Bruised Ribs")
        gm.click("#correct-form-submit")
        expect(gm.locator("#dialog")).not_to_be_visible()
        # Ann's page: the sheet as corrected, and three corrections in her log, in Russian.
        expect(ann.locator("#char-ruth .fate-points")).to_have_attribute("data-points", "5")
        expect(ann.locator("#slot-ruth-0 .aspect-name")).to_have_text("Bruised Ribs")
        expect(ann.locator("#stress-ruth-physical .box.marked")).to_have_count(1)
        line = ann.locator("#log-list li[data-type=FatePointsCorrected]")
        expect(line).to_contain_text("3 → 5")
        expect(line).to_contain_text(ru["event.FatePointsCorrected"].split(":")[0])
        written = ben.locator("#log-list li[data-type=ConsequenceCorrected]")
        expect(written).to_contain_text("Bruised Ribs")
        expect(written).to_contain_text(sv["event.ConsequenceCorrected.written"].split(" ")[0])
        # Renaming Ruth's trouble, then handing the turn to Alice.
        aspect = gm.locator("#char-ruth .aspect", has_text="Owes the Wrong People")
        aspect.get_by_role("button", name="Correct the aspect Owes the Wrong People").click()
        gm.fill("#correct-aspect-name", "Owes Everyone")
        gm.click("#correct-aspect-form-submit")
        expect(ann.locator("#char-ruth")).to_contain_text("Owes Everyone")
        gm.select_option("#correct-turn", "alice")
        gm.click("#correct-turn-button")
        expect(ann.locator("#log-list li[data-type=TurnCorrected]")).to_be_visible()
        expect(gm.locator("#fighter-alice.current")).to_be_visible()
