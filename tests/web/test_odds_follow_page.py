"""The odds in a dialog follow everything that changes the roll (issue 39: the attack dialog
showed 41.6 % to fail where 73.9 % was real, against a mob whose teamwork the odds left out). A
Russian player at 1024x768 attacks a mob of thugs in a Fate Core fight: each skill she picks
shows the odds the engine's roll has, the mob's teamwork is counted and said, and when the GM
reveals the thugs while her dialog is open, the odds that were hidden appear
(fate-core-conflicts.en.txt § The Exchange, mobs)."""

from __future__ import annotations

import json
import urllib.parse
import urllib.request
from typing import Any

import pytest

from fatekit.formats import dumps_character
from fatekit.rules import mob, new_character
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_rolls_page import seats
from tests.web.test_turns import call, catalog, command, state_of


def _odds(server: str, table: str, link: str, **params: Any) -> Any:
    query = urllib.parse.urlencode(params)
    request = urllib.request.Request(
        f"{server}/tables/{table}/odds?{query}",
        headers={"accept": "application/json", "X-Fatekit-Link": link},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def _percent(found: Any, outcome: str) -> str:
    """The chance as the Russian page writes it ("12,5 %"), so a screen reader says it in Russian."""
    return f"{found['chances'][outcome]['p'] * 100:.1f}".replace(".", ",") + "\u00a0%"


@pytest.mark.rule("character.mob.hits")
def test_the_attack_dialog_follows_the_skill_and_the_table(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "Il molo", "preset": "core"})
    table, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Аня", "role": "player"}, gm)
    vey = new_character(
        "core",
        "vey",
        "Кассандра Вей",
        high_concept="Контрабандистка",
        trouble="Долги",
        skills={"fight": 4, "shoot": 3, "athletics": 3, "notice": 2, "physique": 2, "will": 2},
    )
    thugs = mob("core", "thugs", "Dock Thugs", 3, ["Dock Thugs"], {"fight": 1}, stress_boxes=1)
    command(
        server, table, gm, "AddCharacter", {"sheet": dumps_character(vey), "owner": ann["seat"]}
    )
    command(server, table, gm, "AddCharacter", {"sheet": dumps_character(thugs)})
    command(server, table, gm, "StartSession", {})
    scene = {"name": "Pier", "participants": ["vey", "thugs"]}
    command(server, table, gm, "StartScene", scene)
    sides = [["crew", ["vey"]], ["gang", ["thugs"]]]
    command(server, table, gm, "StartConflict", {"sides": sides, "first": "vey"})
    ru = catalog("ru")
    with seats(browser, server, (ann["link"], "ru-RU", (1024, 768))) as (page,):
        page.click("#attack-vey")
        # The thugs' sheet is the GM's: no odds that would tell their skills.
        expect(page.locator("#odds-hidden")).to_be_visible()
        command(server, table, gm, "RevealCharacter", {"character_id": "thugs"})
        # Revealed while the dialog is open: the odds appear, with the mob's teamwork in them.
        expect(page.locator("#odds-list")).to_be_visible()
        for skill in ("fight", "shoot", "fight"):
            page.select_option("#attack-skill", skill)
            found = _odds(
                server,
                table,
                ann["link"],
                actor="vey",
                skill=skill,
                against="thugs",
                action="attack",
            )
            expect(page.locator("#odds-list [data-outcome=fail] strong")).to_have_text(
                _percent(found, "fail")
            )
            bonus = found["opposing_engine_bonus"]
            # Fight +1 helps a parry; nobody in the mob dodges a shot at Average or better.
            assert (bonus >= 1) is (skill == "fight")
            hint = page.locator("#odds-engine-theirs")
            if bonus:
                expect(hint).to_have_text(ru["odds.engine_theirs"].replace("{n}", f"+{bonus}"))
            else:
                expect(hint).to_have_count(0)
        assert page.evaluate(UNTRANSLATED, "ru") == []
        # The roll she makes is the one the odds were for.
        page.fill("#attack-dice", "0000")
        page.click("#attack-form-submit")
        expect(page.locator("#dialog")).not_to_be_visible()
    roll = state_of(server, table, ann["link"])["roll"]
    assert (roll["effort"], roll["opposition"]) == (found["modifier"], found["opposition"])
