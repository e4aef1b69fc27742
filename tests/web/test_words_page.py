"""The issue 39 evening's lines, played on the page in Russian, Italian and Swedish with a
woman's name typed in each language's script: a compel the GM offers, a hit taken with a
consequence, a concession, the milestone the session ends with and the recap read as issue 39
found them wrong ("Павел Громов предлагают навязывание", "У Павел Громов есть веха", "(da il
GM)", "si è arreso", "spelmöte" beside "spelsession")."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.sheets import npc_sheet, ruth_sheet
from tests.web.test_evening_page import open_page
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import call, command

#: What each page must say, and what it must not (issue 39's lines).
EVENING = {
    "ru": {
        "locale": "ru-RU",
        "name": "Анна Смирнова",
        "says": [
            "Анна Смирнова: предложено навязывание — примите его или откажитесь.",
            "Анна Смирнова: навязывание через Owes the Wrong People, предлагает Ведущий:",
            "Анна Смирнова сдаётся: She runs",
            "Анна Смирнова: доступна веха.",
            "Сессия 1",
        ],
        "never": ["предлагают", "У Анна", "для Анна", "сдался", "Ведущего Анна"],
    },
    "it": {
        "locale": "it-IT",
        "name": "Giulia Neri",
        "says": [
            "Tentazione offerta a Giulia Neri: accettala o rifiutala.",
            "Tentazione per Giulia Neri tramite Owes the Wrong People; la propone il GM:",
            "Giulia Neri si arrende: She runs",
            "Giulia Neri ha un traguardo da spendere.",
            "Sessione 1",
        ],
        "never": ["da il GM", "si è arreso", "costrizion", "guadagnati"],
    },
    "sv": {
        "locale": "sv-SE",
        "name": "Karin Lind",
        "says": [
            "Betvingande av Karin Lind genom Owes the Wrong People, erbjudet av spelledaren:",
            "Karin Lind gav upp: She runs",
            "Karin Lind har en milsten att använda.",
            "Spelsession 1",
            "Spelsessionen slutade med en milsten.",
        ],
        "never": ["spelmöte", "spelträff", "rollperson", "Spelmöte"],
    },
}


@pytest.mark.parametrize("lang", sorted(EVENING))
def test_an_evening_reads_right_for_a_woman_in_each_language(
    server: str, browser: Any, lang: str
) -> None:
    from playwright.sync_api import expect

    want = EVENING[lang]
    made = call(server, "/tables", {"name": "Pier", "preset": "condensed"})
    table, gm = made["table_id"], made["link"]
    marta = call(server, f"/tables/{table}/seats", {"name": "Marta", "role": "player"}, gm)["link"]
    sheet = json.loads(ruth_sheet())
    sheet["name"] = want["name"]
    command(server, table, gm, "AddCharacter", {"sheet": json.dumps(sheet), "owner": "marta"})
    command(server, table, gm, "AddCharacter", {"sheet": npc_sheet(), "revealed": True})
    command(server, table, gm, "StartSession", {})
    command(server, table, gm, "StartScene", {"name": "Pier", "participants": ["ruth", "alice"]})
    compel = {"aspect_id": "ruth/trouble/1", "target": "ruth", "complication": "A creditor waits"}
    command(server, table, gm, "OfferCompel", compel)
    sides = [["heroes", ["ruth"]], ["cult", ["alice"]]]
    command(server, table, gm, "StartConflict", {"sides": sides, "first": "alice"})
    attack = {"actor": "alice", "target": "ruth", "skill": "fight", "dice": "+++0"}
    command(server, table, gm, "Attack", attack)
    command(server, table, gm, "ResolveRoll", {"option": "hit"})
    command(server, table, marta, "Absorb", {"slots": [0], "names": [[0, "Broken Nose"]]})
    command(server, table, gm, "EndTurn", {"next_actor": "ruth"})
    command(server, table, marta, "Concede", {"character_id": "ruth", "terms": "She runs"})
    command(server, table, gm, "FinishConflict", {})
    command(server, table, gm, "EndScene", {})
    command(server, table, gm, "EndSession", {"milestone": "minor"})

    errors: list[str] = []
    page = open_page(browser, server, marta, want["locale"], errors)
    try:
        body = page.locator("body")
        for said in want["says"]:
            expect(body).to_contain_text(said)
        text = body.inner_text()
        assert [w for w in want["never"] if w in text] == []
        assert page.evaluate(UNTRANSLATED, lang) == []
    finally:
        page.context.close()
    assert errors == []
