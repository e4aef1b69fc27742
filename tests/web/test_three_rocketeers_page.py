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


ROOFTOPS = "severine/character/4"


@pytest.mark.rule("aspects.counted")
def test_a_contest_a_task_and_a_secret_roll_tick_aspects_in_place_of_a_skill(
    server: str, browser: Any
) -> None:
    """On a Swedish phone Ann rolls her side's overcome in a contest and then a challenge's
    task, ticking Séverine's aspects where a skill would be; an English GM rolls for her in
    secret the same way. Each is made at the counted bonus."""
    made = call(server, "/tables", {"name": "Paris", "preset": "rocketeers"})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    sheet = (SAMPLES / "severine-dufresne.character.json").read_text(encoding="utf-8")
    npc = (SAMPLES / "comte-de-vire.character.json").read_text(encoding="utf-8")
    command(server, table, gm_link, "AddCharacter", {"sheet": sheet, "owner": "ann"})
    command(server, table, gm_link, "AddCharacter", {"sheet": npc})
    command(server, table, gm_link, "StartSession", {})
    everyone = {"name": "Tak", "participants": ["severine", "comte-de-vire"]}
    command(server, table, gm_link, "StartScene", everyone)
    sides = [["heroes", ["severine"]], ["cardinal", ["comte-de-vire"]]]
    intents = [["heroes", "fly"], ["cardinal", "catch her"]]
    command(server, table, gm_link, "StartContest", {"sides": sides, "intents": intents})
    sv = catalog("sv")
    with seat_page(browser, server, ann["link"], "sv-SE", (390, 844)) as player:
        player.click("#contest-roll-heroes")
        expect(player.locator("#contest-skill-heroes")).to_be_hidden()
        picker = player.locator("#contest-counted-heroes")
        expect(picker.locator("legend")).to_have_text(sv["roll.counted"])
        picker.locator(f"[data-counted='{HERO}']").check()
        picker.locator(f"[data-counted='{ROOFTOPS}']").check()
        player.fill("#contest-dice-heroes", "0000")
        player.click("#contest-roll-form button[type=submit]")
        expect(player.locator("#contest-roll-form")).to_be_hidden()
        (rolled,) = state_of(server, table, gm_link)["rolls"]
        assert rolled["effort"] == 3
    command(server, table, gm_link, "ResolveRoll", {})
    command(server, table, gm_link, "EndContest", {})
    tasks = [["roofs", "Over the roofs", "quick", 2]]
    command(server, table, gm_link, "StartChallenge", {"tasks": tasks})
    with seat_page(browser, server, ann["link"], "sv-SE", (390, 844)) as player:
        player.click("#task-roll-roofs")
        player.locator(f"#task-counted-roofs [data-counted='{ROOFTOPS}']").check()
        player.fill("#task-dice-roofs", "+000")
        player.click("#task-roll-form button[type=submit]")
        expect(player.locator("#task-roll-form")).to_be_hidden()
    task_roll = next(
        r for r in state_of(server, table, gm_link)["rolls"] if r.get("kind") == "challenge"
    )
    assert task_roll["effort"] == 2
    with seat_page(browser, server, gm_link, "en-US", (1280, 900)) as gm:
        gm.click("#secret-roll")
        gm.select_option("#secret-actor", "severine")
        expect(gm.locator("#secret-skill")).to_be_hidden()
        gm.locator(f"#secret-counted [data-counted='{HERO}']").check()
        gm.fill("#secret-dice", "+000")
        gm.click("#secret-roll-form button[type=submit]")
        expect(gm.locator("#secret-roll-form")).to_be_hidden()
    (kept,) = state_of(server, table, gm_link)["screen"]["secret_rolls"]
    assert kept["effort"] == 3
