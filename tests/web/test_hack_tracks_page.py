"""A hack's tracks through the page: a Fate Core hack with a track of Dread that no skill attacks
with (a GM in English: the start-conflict dialog neither offers that harm nor asks who acts first,
which the skill order decides), the rule-set editor naming a renamed track at once everywhere (a
Swedish phone), and an imported NPC whose aspects stay the GM's until the GM says otherwise (a
Russian player watching)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fatekit.rules.characters.presets import builtin_text
from tests.web.test_customs_house_page import DESK, PHONE, page_url, seat_page, submit
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import call, catalog, command

FIXTURES = Path(__file__).resolve().parents[1] / "formats" / "fixtures"


def dread() -> dict[str, Any]:
    """Fate Core with a third track, Dread, that Will defends against and nothing attacks."""
    data: dict[str, Any] = json.loads(builtin_text("core"))
    data["key"], data["name"] = "core-dread", "Core of Dread"
    data["stress"]["tracks"].append(
        {"harm": "dread", "skill": "will", "name": "Dread", "names": {"sv": "Skräck"}}
    )
    data["skill_uses"].append({"skill": "will", "action": "defend", "harm": "dread"})
    return data


def test_a_core_hack_offers_no_undealt_harm_and_asks_no_first_actor(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "Cellar", "ruleset": dread()})
    table, link = made["table_id"], made["link"]
    for name, skill in (("Ruth", "fight"), ("Ghoul", "fight")):
        sheet = {
            "format": "fatekit-character",
            "version": 1,
            "id": "",
            "name": name,
            "kind": "minor_npc",
            "preset": "core-dread",
            "aspects": [{"kind": "high_concept", "name": name}],
            "skills": {skill: 2},
        }
        command(server, table, link, "AddCharacter", {"sheet": json.dumps(sheet)})
    command(
        server, table, link, "StartScene", {"name": "Cellar", "participants": ["ruth", "ghoul"]}
    )
    with seat_page(browser, page_url(server, link), "en-GB", DESK) as gm:
        gm.click("#start-conflict")
        # Dread is a track no skill attacks with: no harm to pick, nothing that would strand the
        # table with no Attack button. Fate Core orders turns by skill: nothing to pick there.
        expect(gm.locator("#conflict-harm")).to_have_count(0)
        expect(gm.locator("#conflict-first")).to_have_count(0)
        expect(gm.locator("#conflict-order-note")).to_have_text(
            catalog("en")["conflict.order_by.skill_order"]
        )
        gm.select_option("#conflict-side-ruth", "a")
        submit(gm, "start-conflict-form")
        expect(gm.locator("#conflict")).to_be_visible()
        assert gm.evaluate(UNTRANSLATED, "en") == []


def test_a_renamed_track_reads_its_new_name_in_every_select(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    with seat_page(browser, server, "sv-SE", PHONE) as page:
        page.click("#ruleset-edit")
        page.click("#ruleset-edit-track-add")
        name = page.locator("[id^=ruleset-edit-track-name-]").last
        name.fill("Förmögenhet")
        added = page.locator("[id^=ruleset-edit-track-harm-]").last.input_value()
        for select in ("#ruleset-edit-use-harm-0", "#ruleset-edit-slot-harm-0"):
            option = page.locator(f"{select} option[value='{added}']")
            expect(option).to_have_text("Förmögenhet")
        # Shoot's use says it attacks from a distance; Fight's defence, close quarters only.
        expect(page.locator("#ruleset-edit-use-ranged-1")).to_be_checked()
        expect(page.locator("#ruleset-edit-use-melee-3")).to_be_checked()


def test_an_imported_npc_keeps_its_aspects_from_the_players(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "Harbour", "preset": "condensed"})
    table, link = made["table_id"], made["link"]
    anya = call(server, f"/tables/{table}/seats", {"name": "Аня", "role": "player"}, link)
    with (
        seat_page(browser, page_url(server, link), "en-GB", DESK) as gm,
        seat_page(browser, page_url(server, anya["link"]), "ru-RU", DESK) as player,
    ):
        gm.click("#import-character")
        gm.set_input_files("#import-file", str(FIXTURES / "fari-v6-condensed.fari.json"))
        gm.select_option("#import-kind", "major_npc")
        boxes = gm.locator("#import-hidden input[type=checkbox]")
        expect(boxes).to_have_count(5)
        # An NPC's aspects, trouble included, start ticked: the GM unticks the high concept.
        for i in range(5):
            expect(boxes.nth(i)).to_be_checked()
        boxes.nth(0).uncheck()
        submit(gm, "import-form")
        expect(gm.locator("#char-cassandra-vey")).to_be_visible()
        # The players meet her in a scene: then her card, without what the GM keeps.
        command(server, table, link, "StartSession", {})
        command(
            server, table, link, "StartScene", {"name": "Quay", "participants": ["cassandra-vey"]}
        )
        card = player.locator("#char-cassandra-vey")
        expect(card).to_contain_text("Sharp-Eyed Smuggler")
        expect(card).not_to_contain_text("Can't Say No to a Dare")
        expect(gm.locator("#char-cassandra-vey")).to_contain_text("Can't Say No to a Dare")
        assert player.evaluate(UNTRANSLATED, "ru") == []
