"""A conflict played on the map, in four languages (issue 42, "Done when"): an English GM at
1440x900 uploads a map, draws two zones with the keyboard alone (a rectangle and a polygon) and
two with the mouse, places everyone (a zone kept hidden, with a hidden NPC in it), and puts a
situation aspect on a border; the fight starts. A Russian player at desktop size takes a free move and
shoots: the board draws whom Shoot reaches (the rest dimmed, said in words), and the foe two
zones off is not offered (a split attack's dialog draws the same). A Swedish player on a 390x844 phone crosses the blocked border with an
overcome started from the board, and an Italian player takes a free move from the token's menu.
No player's document holds the hidden zone or the hidden NPC (fate-condensed.en.md § Setting Up
Scenes > Zones; Fate Core § Zones, § Movement)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fatekit.formats import dumps_character
from fatekit.rules import major_npc, new_character
from tests.sheets import charles_sheet, npc_sheet, ruth_sheet
from tests.web.agent import axe
from tests.web.test_board_page import _drag, _middle, _on_board, _png
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_rolls_page import PHONE, seats
from tests.web.test_turns import call, catalog, command, state_of

DESKTOP = (1440, 900)
#: The hidden zone and the hidden NPC: words no player's document may hold.
SECRETS = ("vault", "kruger", "Kruger")


def _table(server: str) -> dict[str, str]:
    # Split attacks too (the multiple-targets rule): their dialog draws the reach as well.
    body = {"name": "Harbour", "preset": "condensed", "options": ["multiple_targets"]}
    made = call(server, "/tables", body)
    table, gm = made["table_id"], made["link"]
    links = {"table": table, "gm": gm}
    maja = new_character(
        "condensed",
        "maja",
        "Maja",
        high_concept="Dock Runner",
        trouble="Never Looks Back",
        skills={"athletics": 3, "notice": 2, "fight": 1},
    )
    for seat, sheet in (("ru", charles_sheet()), ("it", ruth_sheet()), ("sv", None)):
        made_seat = call(server, f"/tables/{table}/seats", {"name": seat, "role": "player"}, gm)
        links[seat] = made_seat["link"]
        given = sheet if sheet is not None else dumps_character(maja)
        command(server, table, gm, "AddCharacter", {"sheet": given, "owner": made_seat["seat"]})
    command(server, table, gm, "AddCharacter", {"sheet": npc_sheet(), "revealed": True})
    for npc, name, revealed in (("dagny", "Dagny", True), ("kruger", "Kruger", False)):
        sheet = major_npc("condensed", npc, name, high_concept="Hired Gun", skills={"shoot": 2})
        command(
            server,
            table,
            gm,
            "AddCharacter",
            {"sheet": dumps_character(sheet), "revealed": revealed},
        )
    command(server, table, gm, "StartSession", {})
    scene = {
        "name": "Harbour",
        "participants": ["charles", "ruth", "maja", "alice", "dagny"],
        "zones": ["street", "pier", "warehouse", "roof", "vault"],
        # Kept from the players from the start, and Kruger (never met) waits in it.
        "hidden": ["vault"],
        "links": [
            ["street", "pier"],
            ["pier", "warehouse"],
            ["warehouse", "roof"],
            ["roof", "vault"],
        ],
    }
    command(server, table, gm, "StartScene", scene)
    command(server, table, gm, "JoinScene", {"character_id": "kruger", "zone": "vault"})
    command(server, table, gm, "AddSituationAspect", {"name": "Collapsed Gangway", "zone": "pier"})
    return links


def _keys(page: Any, *keys: str) -> None:
    for key in keys:
        page.keyboard.press(key)


def _filled(template: str, **values: str) -> str:
    for key, value in values.items():
        template = template.replace("{" + key + "}", value)
    return template


@pytest.mark.rule(
    "zone.place", "zone.free-move", "zone.move-roll", "zone.ranged", "zone.border-aspect"
)
def test_a_conflict_on_the_map_in_four_languages(server: str, browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    table = _table(server)
    game, gm_link = table["table"], table["gm"]
    en, ru = catalog("en"), catalog("ru")
    with seats(
        browser,
        server,
        (gm_link, "en-GB", DESKTOP),
        (table["ru"], "ru-RU", DESKTOP),
        (table["it"], "it-IT", DESKTOP),
        (table["sv"], "sv-SE", PHONE),
    ) as (gm, rus, ita, swe):
        gm.set_input_files("#board-map-file", str(_png(tmp_path / "harbour.png")))
        expect(swe.locator("#board-svg image.board-map[href^='blob:']")).to_have_count(1)

        # The street, a rectangle drawn with the keyboard alone: the cross starts in the middle,
        # Enter sets one corner (top left), then the opposite one (a fifth across, the bottom).
        gm.select_option("#board-zone", "street")
        gm.click("#board-draw-rect")
        expect(gm.locator("#board-svg")).to_be_focused()
        _keys(gm, *["Shift+ArrowLeft"] * 5, *["Shift+ArrowUp"] * 5, "Enter")
        expect(gm.locator("#board-said")).to_have_text(
            _filled(en["board.rect_first"], x="0", y="0")
        )
        _keys(gm, *["Shift+ArrowRight"] * 2, *["Shift+ArrowDown"] * 10, "Enter")
        expect(gm.locator("#board-svg .board-zone[data-zone=street]:not(.laid-out)")).to_have_count(
            1
        )
        street = state_of(server, game, gm_link)["scene"]["zones"]["shapes"]["street"]
        assert street["kind"] == "rect" and street["points"] == [[0, 0], [2000, 10000]]
        expect(gm.locator("#board-draw-rect")).to_be_focused()
        # The pier, a polygon: four corners put down, Home back on the first, Enter closes it.
        gm.select_option("#board-zone", "pier")
        gm.click("#board-draw-polygon")
        expect(gm.locator("#board-draft-close")).to_be_disabled()
        found = [v for v in axe.violations(gm) if any("board" in n for n in v["nodes"])]
        assert found == []
        _keys(gm, "ArrowLeft", "ArrowLeft", *["Shift+ArrowUp"] * 4, "Enter")
        expect(gm.locator("#board-said")).to_have_text(
            _filled(en["board.corner"], number="1", x="45", y="10")
        )
        _keys(gm, *["Shift+ArrowLeft"] * 2, "Enter", *["Shift+ArrowDown"] * 8, "Enter")
        expect(gm.locator("#board-draft-close")).to_be_enabled()
        _keys(gm, *["Shift+ArrowRight"] * 2, "Enter", "Home", "Enter")
        expect(gm.locator("#board-svg .board-zone[data-zone=pier]:not(.laid-out)")).to_have_count(1)
        pier = state_of(server, game, gm_link)["scene"]["zones"]["shapes"]["pier"]
        assert pier["kind"] == "polygon"
        assert pier["points"] == [[4500, 1000], [2500, 1000], [2500, 9000], [4500, 9000]]
        # A polygon started and given up with Escape sends nothing.
        gm.click("#board-draw-polygon")
        _keys(gm, "ArrowDown", "Enter", "Escape")
        expect(gm.locator("#board-said")).to_have_text(en["board.draft_cancelled"])
        assert state_of(server, game, gm_link)["scene"]["zones"]["shapes"]["pier"] == pier
        # The warehouse and the roof with the mouse.
        for zone, (x0, y0, x1, y1) in (
            ("warehouse", (0.5, 0.05, 0.7, 0.95)),
            ("roof", (0.75, 0.05, 0.95, 0.45)),
        ):
            gm.select_option("#board-zone", zone)
            gm.click("#board-draw-rect")
            _drag(gm, _on_board(gm, x0, y0), _on_board(gm, x1, y1))
            expect(
                gm.locator(f"#board-svg .board-zone[data-zone={zone}]:not(.laid-out)")
            ).to_have_count(1)
        # Everyone placed from the tray, with the keyboard; the vault is hidden, Kruger in it.
        for who, zone in (
            ("charles", "street"),
            ("ruth", "street"),
            ("maja", "pier"),
            ("alice", "warehouse"),
            ("dagny", "roof"),
        ):
            gm.focus(f"#board-unplaced-{who}")
            gm.keyboard.press("Enter")
            gm.click(f"#board-go-{who}-{zone}")
            expect(gm.locator(f"#token-{who}")).to_have_attribute("data-zone", zone)
        expect(gm.locator("#board-svg .board-zone.hidden-zone[data-zone=vault]")).to_have_count(1)
        expect(gm.locator("#token-kruger")).to_have_attribute("data-zone", "vault")
        # The gangway blocks the way from the pier to the warehouse.
        gangway = next(
            a["id"]
            for a in state_of(server, game, gm_link)["scene"]["aspects"]
            if a["name"] == "Collapsed Gangway"
        )
        gm.select_option("#board-border-aspect", gangway)
        gm.select_option("#board-border-zone", "pier")
        gm.select_option("#board-border-to", "warehouse")
        gm.click("#board-block-border")
        for page in (rus, ita, swe):
            expect(
                page.locator('#board-svg .board-link.blocked[data-link="pier|warehouse"]')
            ).to_have_count(1)
            expect(page.locator("#board-svg .board-zone")).to_have_count(4)
        sides = [["heroes", ["charles", "ruth", "maja"]], ["crew", ["alice", "dagny"]]]
        command(server, game, gm_link, "StartConflict", {"sides": sides, "first": "charles"})

        # Ruslan, in Russian: nobody is in reach from the street; Charles's free move to the
        # pier, dragged.
        expect(rus.locator("#token-charles.movable")).to_have_count(1)
        expect(rus.locator("#attack-charles")).to_have_count(0)
        _drag(
            rus,
            _middle(rus, "#token-charles .board-disc"),
            _middle(rus, "#board-svg .board-zone[data-zone=pier] .board-shape"),
        )
        expect(gm.locator("#token-charles")).to_have_attribute("data-zone", "pier")
        # A split attack's dialog draws the same reach; cancelled, the board is drawn plain.
        rus.click("#split-attack-charles")
        rus.select_option("#multi-skill", "shoot")
        expect(rus.locator("#token-alice.in-reach")).to_have_count(1)
        expect(rus.locator("#token-dagny.out-of-reach")).to_have_count(1)
        rus.locator("#multi-form .actions button[type=button]").click()
        expect(rus.locator("#board-reach")).to_have_count(0)
        expect(rus.locator("#board-svg .out-of-reach")).to_have_count(0)
        # He shoots: Alice, one zone off, is in reach; Dagny, two off, is dimmed and not offered.
        rus.click("#attack-charles")
        rus.select_option("#attack-skill", "shoot")
        assert rus.locator("#attack-target option").evaluate_all(
            "(os) => os.map((o) => o.value)"
        ) == ["alice"]
        expect(rus.locator("#token-alice.in-reach")).to_have_count(1)
        expect(rus.locator("#token-dagny.out-of-reach")).to_have_count(1)
        expect(rus.locator("#token-charles.aiming")).to_have_count(1)
        expect(rus.locator("#board-svg .board-zone.in-reach")).to_have_count(1)
        expect(rus.locator("#board-svg .board-zone[data-zone=warehouse].in-reach")).to_have_count(1)
        expect(rus.locator("#board-svg .board-zone[data-zone=roof].out-of-reach")).to_have_count(1)
        label = rus.locator("#token-dagny").get_attribute("aria-label") or ""
        assert label.endswith(ru["board.out_of_reach"])
        expect(rus.locator("#board-reach")).to_have_text(
            _filled(
                ru["board.reach_ranged"],
                who="Charles",
                skill=ru["skill.shoot"],
                targets="Alice Westforth",
            )
            + " "
            + _filled(ru["board.reach_where"], zones="warehouse")
        )
        # axe finds nothing on the board with the reach drawn.
        found = [v for v in axe.violations(rus) if any("board" in n for n in v["nodes"])]
        assert found == []
        # Only the attacker's seat draws it.
        expect(swe.locator("#board-reach")).to_have_count(0)
        rus.fill("#attack-dice", "++++")
        rus.click("#attack-form-submit")
        expect(rus.locator("#board-reach")).to_have_count(0)
        expect(rus.locator("#board-svg .out-of-reach")).to_have_count(0)
        rus.locator(".resolve-button").click()
        # The GM takes Alice out (a hit she could absorb asks first).
        expect(gm.locator("#pending-hit #take-out-button")).to_be_visible()
        absorbable = gm.locator("#pending-hit #absorb-button").count() > 0
        gm.click("#take-out-button")
        if absorbable:
            gm.click("#take-out-form-submit")
        expect(rus.locator("#end-turn-charles")).to_be_visible()
        rus.select_option("#next-charles", "maja")
        rus.click("#end-turn-charles")

        # Sigrid on her phone: the warehouse lies past the gangway; a drop there opens the
        # overcome with the zone filled in, and its success takes Maja across.
        expect(swe.locator("#token-maja.movable")).to_have_count(1)
        _drag(
            swe,
            _middle(swe, "#token-maja .board-disc"),
            _middle(swe, "#board-svg .board-zone[data-zone=warehouse] .board-shape"),
        )
        expect(swe.locator("#conflict-move-to")).to_have_value("warehouse")
        swe.select_option("#conflict-skill", "athletics")
        swe.fill("#conflict-dice", "++++")
        swe.click("#conflict-roll-form-submit")
        swe.locator(".resolve-button").click()
        expect(gm.locator("#token-maja")).to_have_attribute("data-zone", "warehouse")
        expect(swe.locator("#end-turn-maja")).to_be_visible()
        swe.select_option("#next-maja", "ruth")
        swe.click("#end-turn-maja")

        # Ilaria, in Italian: Ruth's free move to the pier from her token's menu.
        expect(ita.locator("#token-ruth.movable")).to_have_count(1)
        ita.focus("#token-ruth")
        ita.keyboard.press("Enter")
        expect(ita.locator("#board-go-ruth-pier")).to_have_attribute("data-kind", "free")
        ita.click("#board-go-ruth-pier")
        expect(gm.locator("#token-ruth")).to_have_attribute("data-zone", "pier")
        positions = state_of(server, game, gm_link)["scene"]["zones"]["positions"]
        assert (positions["charles"], positions["maja"], positions["ruth"]) == (
            "pier",
            "warehouse",
            "pier",
        )

        # The vault and Kruger reach no player: not in their documents, nor on their pages.
        for seat, page in (("ru", rus), ("it", ita), ("sv", swe)):
            document = json.dumps(state_of(server, game, table[seat]), ensure_ascii=False)
            assert not [s for s in SECRETS if s in document], seat
            assert not [s for s in SECRETS if s in page.content()], seat
        assert "vault" in json.dumps(state_of(server, game, gm_link))
        assert swe.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        for page, lang in ((gm, "en"), (rus, "ru"), (ita, "it"), (swe, "sv")):
            assert page.evaluate(UNTRANSLATED, lang) == [], lang
