"""The aspects a roll dialog offers follow the table while it is open (issue 39): a sheet
rewritten meanwhile (an aspect renamed, one gone) shows in the list at once, the aspect picked
stays picked while it is still there, and one that went is no longer sent."""

from __future__ import annotations

import json
from typing import Any

from tests.sheets import ruth_sheet
from tests.web.test_evening_page import at_table, scene_with_ruth
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import command


def test_the_roll_dialogs_aspects_follow_a_rewritten_sheet(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table, gm_link, ann_link = scene_with_ruth(server)
    with at_table(browser, server, ann_link, "sv-SE") as ann:
        ann.click("#new-roll")
        ann.select_option("#roll-action", "create_advantage")
        aspects = ann.locator("#roll-aspect option")
        expect(aspects.filter(has_text="Owes the Wrong People")).to_have_count(1)
        ann.select_option("#roll-aspect", "ruth/high_concept/1")
        # The GM rewrites Ruth's sheet while Ann's dialog is open: her high concept renamed.
        sheet = json.loads(ruth_sheet())
        sheet["aspects"][0]["name"] = "Champion Without a Belt"
        command(server, table, gm_link, "UpdateCharacter", {"sheet": json.dumps(sheet)})
        expect(aspects.filter(has_text="Champion Without a Belt")).to_have_count(1)
        expect(aspects.filter(has_text="Ex-Boxer on the Run")).to_have_count(0)
        expect(ann.locator("#roll-aspect")).to_have_value("ruth/high_concept/1")
        # Then her trouble goes from the sheet: it leaves the list too.
        sheet["aspects"] = sheet["aspects"][:1]
        command(server, table, gm_link, "UpdateCharacter", {"sheet": json.dumps(sheet)})
        expect(aspects.filter(has_text="Owes the Wrong People")).to_have_count(0)
        expect(ann.locator("#roll-form")).to_be_visible()
        assert ann.evaluate(UNTRANSLATED, "sv") == []
