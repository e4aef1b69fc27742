"""The Three Rocketeers on the page (issue 41; srd/three-rocketeers-no-skill-swashbuckling-SRD.md §
Refresh, Stunts, and Aspects-only Skills): Ann, on an Italian phone, opens the roll dialog for
Séverine and finds her aspects to tick in place of a skill; she ticks the hero aspect and her
swordplay aspect, the odds say +3 with each aspect's share, and the roll is made at +3 with no
fate point paid."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.test_refusals_page import seat_page
from tests.web.test_turns import call, catalog, command, state_of

SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "three-rocketeers"
HERO = "severine/high_concept/1"
SWORDPLAY = "severine/character/1"


@pytest.mark.rule("aspects.counted", "aspects.counted.not-invoked")
def test_a_player_ticks_hero_and_swordplay_and_rolls_at_plus_three(
    server: str, browser: Any
) -> None:
    made = call(server, "/tables", {"name": "Parigi", "preset": "rocketeers"})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    sheet = (SAMPLES / "severine-dufresne.character.json").read_text(encoding="utf-8")
    command(server, table, gm_link, "AddCharacter", {"sheet": sheet, "owner": "ann"})
    command(server, table, gm_link, "StartSession", {})
    command(server, table, gm_link, "StartScene", {"name": "Tetti", "participants": ["severine"]})
    it = catalog("it")
    with seat_page(browser, server, ann["link"], "it-IT", (390, 844)) as player:
        player.click("#new-roll")
        expect(player.locator("#roll-skill")).to_be_hidden()
        picker = player.locator("#roll-counted")
        expect(picker.locator("legend")).to_have_text(it["roll.counted"])
        expect(picker.locator(f"label[for='roll-counted-{HERO}'] strong")).to_have_text("+2")
        picker.locator(f"[data-counted='{HERO}']").check()
        picker.locator(f"[data-counted='{SWORDPLAY}']").check()
        total = player.locator("#odds-counted")
        expect(total).to_have_attribute("data-total", "3")
        expect(total).to_contain_text("Rocket Ace of the Queen's Skyguard +2")
        expect(total).to_contain_text("= +3")
        expect(total).to_contain_text(it["odds.counted"].split(":")[0])
        player.fill("#roll-dice", "0000")
        player.click("#roll-form button[type=submit]")
        expect(player.locator("#roll-form")).to_be_hidden()
    view = state_of(server, table, gm_link)
    (roll,) = view["rolls"]
    assert roll["effort"] == 3
    (severine,) = view["characters"]
    assert severine["sheet"]["fate_points"] == 3
