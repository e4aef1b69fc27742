"""An evening at the customs house, played through the page by a GM in English at a desk, Аня in
Russian at a desk with two Cyrillic-named characters, and Åsa in Swedish on a phone: what once
stranded the group, each checked where the person is looking.

- The table gives ids from names in any script (two Russian PCs and a Russian NPC, no clash), and
  a sheet downloads under its character's name.
- The GM makes a PC before its player sits down and hands it over from its card.
- An NPC made mid-fight comes straight into the scene and the fight.
- A shot is the engine's word: the attack dialog offers each skill the targets it reaches and
  says it is a shot; the target dodges with Athletics, never parries with Fight.
- A mob defends as a team and loses one member to a hit.
- A create an advantage faces an active opponent; a self-compel is asked of the GM; a concession
  carries its terms; the GM ends the fight at any moment.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tests.web.test_flow import UNTRANSLATED, Player, fits_phone
from tests.web.test_turns import call, catalog, command

TIMEOUT = 15_000
DESK, PHONE = (1366, 900), (390, 844)


@contextmanager
def seat_page(browser: Any, url: str, locale: str, size: tuple[int, int]) -> Iterator[Any]:
    """The page at ``url`` in a context of its own; a script error on it fails the test."""
    errors: list[str] = []
    width, height = size
    context = browser.new_context(
        locale=locale, viewport={"width": width, "height": height}, accept_downloads=True
    )
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(TIMEOUT)
    page.goto(url)
    try:
        yield page
        assert errors == []
    finally:
        context.close()


def submit(page: Any, form: str) -> None:
    """Submit the open dialog and wait for it to close (it stays open on a refusal)."""
    from playwright.sync_api import expect

    page.click(f"#{form}-submit")
    expect(page.locator("#dialog")).not_to_be_visible()


def pc(name: str, skills: dict[str, int], aspects: tuple[str, str]) -> str:
    """A PC's file with no id: the table makes one from the name."""
    return json.dumps(
        {
            "format": "fatekit-character",
            "version": 1,
            "id": "",
            "name": name,
            "kind": "pc",
            "preset": "condensed",
            "aspects": [
                {"kind": "high_concept", "name": aspects[0]},
                {"kind": "trouble", "name": aspects[1]},
            ],
            "skills": skills,
        },
        ensure_ascii=False,
    )


FEDOR = {"shoot": 4, "athletics": 3, "notice": 3, "fight": 2, "will": 2, "physique": 2}
ASA = {"fight": 4, "shoot": 3, "athletics": 3, "will": 2, "notice": 2, "physique": 2}


def customs_house(server: str) -> dict[str, str]:
    """Over HTTP: the table, Аня with Фёдор Кравцов, Åsa with Åsa Lind, the GM's customs officer,
    a session and a scene in two zones, everyone in the customs house. The links, by seat, and
    the table's id."""
    made = call(server, "/tables", {"name": "Таможня", "preset": "condensed"})
    table, gm = made["table_id"], made["link"]
    anya = call(server, f"/tables/{table}/seats", {"name": "Аня", "role": "player"}, gm)
    asa = call(server, f"/tables/{table}/seats", {"name": "Åsa", "role": "player"}, gm)
    fedor = pc("Фёдор Кравцов", FEDOR, ("Таможенный сыщик", "Долги в порту"))
    command(server, table, gm, "AddCharacter", {"sheet": fedor, "owner": anya["seat"]})
    lind = pc("Åsa Lind", ASA, ("Tullens skarpskytt", "Litar på ingen"))
    command(server, table, gm, "AddCharacter", {"sheet": lind, "owner": asa["seat"]})
    guard = {
        "format": "fatekit-character",
        "version": 1,
        "id": "",
        "name": "Таможенник",
        "kind": "minor_npc",
        "preset": "condensed",
        "aspects": [{"kind": "high_concept", "name": "Таможенник"}],
        "skills": {"fight": 1},
    }
    command(server, table, gm, "AddCharacter", {"sheet": json.dumps(guard), "revealed": True})
    command(server, table, gm, "StartSession", {})
    scene = {
        "name": "Таможня",
        "participants": ["федор-кравцов", "asa-lind", "таможенник"],
        "zones": ["customs", "roof"],
        "links": [["customs", "roof"]],
        "positions": [
            ["федор-кравцов", "customs"],
            ["asa-lind", "customs"],
            ["таможенник", "customs"],
        ],
    }
    command(server, table, gm, "StartScene", scene)
    return {"table": table, "gm": gm, "anya": anya["link"], "asa": asa["link"]}


def page_url(server: str, link: str) -> str:
    return f"{server}/#link={link}"


def test_cyrillic_names_make_their_own_ids_and_the_gm_hands_over_a_pc(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "Таможня", "preset": "condensed"})
    with seat_page(browser, page_url(server, made["link"]), "en-GB", DESK) as gm:
        # Before anyone sits down, the GM makes Фёдор: the GM plays him for now.
        gm.click("#new-character")
        gm.fill("#sheet-name", "Фёдор Кравцов")
        # With nobody seated the GM is the only owner there is: the editor offers no choice.
        expect(gm.locator("#sheet-owner")).to_have_count(0)
        gm.fill("#sheet-aspect-high_concept-0", "Таможенный сыщик")
        for key, rating in FEDOR.items():
            gm.select_option(f"#sheet-skill-{key}", str(rating))
        submit(gm, "sheet-form")
        expect(gm.locator("#char-федор-кравцов")).to_be_visible()
        # Аня sits down (her seat's id is made from her name) and is handed Фёдор.
        gm.fill("#invite-name", "Аня")
        gm.click("#invite-form button[type=submit]")
        link = gm.locator("#invite-link-аня").input_value()
        gm.select_option("#owner-федор-кравцов", "аня")
        expect(gm.locator("#log-list li").first).to_contain_text("Аня")
        with seat_page(browser, link, "ru-RU", DESK) as anya:
            expect(anya.locator("#char-федор-кравцов.ours")).to_be_visible()
            # Her second Russian-named character takes an id of its own.
            anya.click("#new-character")
            anya.fill("#sheet-name", "Соня Белова")
            anya.fill("#sheet-aspect-high_concept-0", "Контрабандистка")
            for key, rating in {"fight": 4, "stealth": 3, "athletics": 3}.items():
                anya.select_option(f"#sheet-skill-{key}", str(rating))
            submit(anya, "sheet-form")
            expect(anya.locator("#char-соня-белова.ours")).to_be_visible()
            # And the GM's Russian-named NPC, a third.
            gm.click("#quick-npc")
            gm.fill("#npc-name", "Сержант Крюгер")
            gm.fill("#npc-aspect", "Сержант таможни")
            submit(gm, "npc-form")
            # Its id is made from its Cyrillic name; the players meet it in a scene, not before.
            expect(gm.locator("#char-сержант-крюгер")).to_be_visible()
            expect(anya.locator("#char-сержант-крюгер")).to_have_count(0)
            # Фёдор's Fari file is named after him, not "character.fari.json".
            with anya.expect_download() as download:
                anya.click("#fari-федор-кравцов")
            assert download.value.suggested_filename == "Фёдор Кравцов.fari.json"
            assert anya.evaluate(UNTRANSLATED, "ru") == []
        assert gm.evaluate(UNTRANSLATED, "en") == []


def test_an_npc_made_mid_fight_joins_it_and_a_shot_is_dodged_not_parried(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    table = customs_house(server)
    ru, sv = catalog("ru"), catalog("sv")
    with (
        seat_page(browser, page_url(server, table["gm"]), "en-GB", DESK) as gm,
        seat_page(browser, page_url(server, table["anya"]), "ru-RU", DESK) as anya,
        seat_page(browser, page_url(server, table["asa"]), "sv-SE", PHONE) as asa,
    ):
        sides = [["heroes", ["федор-кравцов", "asa-lind"]], ["army", ["таможенник"]]]
        fight = {"sides": sides, "first": "федор-кравцов"}
        command(server, table["table"], table["gm"], "StartConflict", fight)
        # Mid-fight, the GM makes Sergeant Krüger on the roof, fighting for the army.
        gm.click("#quick-npc")
        gm.fill("#npc-name", "Сержант Крюгер")
        gm.fill("#npc-aspect", "Сержант таможни")
        gm.select_option("#npc-skill-0", "fight")
        gm.select_option("#npc-rating-0", "3")
        gm.select_option("#npc-enter-zone", "roof")
        gm.select_option("#npc-enter-side", "army")
        submit(gm, "npc-form")
        expect(anya.locator("#fighter-сержант-крюгер")).to_be_visible()
        expect(asa.locator("#zone-roof [data-character=сержант-крюгер]")).to_be_visible()
        # Фёдор's only reach to the roof is a shot: the dialog's targets follow the skill chosen,
        # and it says which is a shot.
        anya.click("#attack-федор-кравцов")
        expect(anya.locator("#attack-skill")).to_have_value("shoot")  # his best, +4
        expect(anya.locator("#attack-target option")).to_have_count(2)
        shot = ru["attack.ranged"].split("{skill}")[1].strip()[:20]
        expect(anya.locator("#attack-range")).to_contain_text(shot)
        anya.select_option("#attack-skill", "fight")
        # A blow reaches only the officer, in the customs house with him.
        expect(anya.locator("#attack-target option")).to_have_count(1)
        expect(anya.locator("#attack-target")).to_have_value("таможенник")
        blow = ru["attack.close"].split("{skill}")[1].strip()[:20]
        expect(anya.locator("#attack-range")).to_contain_text(blow)
        anya.select_option("#attack-skill", "shoot")
        anya.select_option("#attack-target", "сержант-крюгер")
        anya.fill("#attack-dice", "0000")
        submit(anya, "attack-form")
        # Krüger's Fight (+3) cannot stop a bullet: his defence is Athletics, on every page.
        athletics = sv["skill.athletics"]
        expect(asa.locator("#roll")).to_contain_text(athletics)
        expect(gm.locator("#roll")).to_contain_text(catalog("en")["skill.athletics"])
        assert anya.evaluate(UNTRANSLATED, "ru") == []
        assert asa.evaluate(UNTRANSLATED, "sv") == []


def test_a_mob_an_advantage_against_someone_a_self_compel_a_concession_and_the_end(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    table = customs_house(server)
    en, ru, sv = catalog("en"), catalog("ru"), catalog("sv")
    with (
        seat_page(browser, page_url(server, table["gm"]), "en-GB", DESK) as gm,
        seat_page(browser, page_url(server, table["anya"]), "ru-RU", DESK) as anya,
        seat_page(browser, page_url(server, table["asa"]), "sv-SE", PHONE) as asa,
    ):
        sides = [["heroes", ["федор-кравцов", "asa-lind"]], ["army", ["таможенник"]]]
        fight = {"sides": sides, "first": "asa-lind"}
        command(server, table["table"], table["gm"], "StartConflict", fight)
        # A mob of three officers (Fair Fight, one box each) joins the army mid-fight.
        gm.click("#quick-npc")
        gm.fill("#npc-name", "Таможенники")
        gm.select_option("#npc-kind", "mob")
        gm.fill("#npc-members", "3")
        gm.select_option("#npc-skill-0", "fight")
        gm.select_option("#npc-rating-0", "2")
        gm.fill("#npc-boxes", "1")
        gm.select_option("#npc-enter-zone", "customs")
        gm.select_option("#npc-enter-side", "army")
        submit(gm, "npc-form")
        mob = asa.locator("#fighter-таможенники [data-members]")
        expect(mob).to_have_attribute("data-members", "3")
        fits_phone(Player(asa, "Åsa"))
        # Åsa's blow: 4 + 3 on the dice against the mob's Fair and two helpers (+4), not +2.
        asa.click("#attack-asa-lind")
        asa.select_option("#attack-skill", "fight")
        asa.select_option("#attack-target", "таможенники")
        asa.fill("#attack-dice", "+++0")
        submit(asa, "attack-form")
        expect(gm.locator("#roll")).to_contain_text(f"{en['ladder.great']} (+4)")
        asa.click(".resolve-button")
        # Three shifts on one box: the member in front falls to two, and the third shift goes on
        # to the next member, who takes it in a box. The mob stands with two.
        gm.click("#take-out-button")
        expect(mob).to_have_attribute("data-members", "2")
        standing = sv["event.TakenOut.member"].split("{who}")[0].strip()
        expect(asa.locator("#log-list li").first).to_contain_text(standing)
        expect(gm.locator("#pending-hit")).to_contain_text("1")
        gm.click("#absorb-button")
        expect(gm.locator("#pending-hit")).to_have_count(0)
        expect(mob).to_have_attribute("data-members", "2")
        asa.select_option("#next-asa-lind", "таможенники")
        asa.click("#end-turn-asa-lind")
        # The mob creates an advantage against Фёдор, who opposes with his best (Shoot).
        gm.click("#advantage-таможенники")
        gm.select_option("#conflict-obstacle", "who:федор-кравцов")
        expect(gm.locator("#conflict-defend-skill")).to_be_visible()
        gm.fill("#conflict-dice", "++00")
        submit(gm, "conflict-roll-form")
        expect(anya.locator("#roll")).to_contain_text(ru["skill.shoot"])
        expect(anya.locator("#roll")).to_contain_text("Фёдор Кравцов")
        gm.fill(".resolve-aspect-name", "Окружён")
        gm.click(".resolve-button")
        expect(anya.locator("#scene")).to_contain_text("Окружён")
        # Аня asks the GM for a self-compel on Фёдор's trouble; the GM agrees.
        anya.locator("#char-федор-кравцов .aspect.trouble button").first.click()
        expect(anya.locator("#compel-self-note")).to_be_visible()
        expect(anya.locator("#compel-form-submit")).to_have_text(ru["compel.self_ask"])
        anya.fill("#compel-complication", "Кредиторы Фёдора ждут у ворот")
        submit(anya, "compel-form")
        expect(anya.locator("[id^=self-compel-]")).to_contain_text(ru["compel.self_waiting"])
        gm.locator("[id^=agree-]").first.click()
        expect(anya.locator("#char-федор-кравцов .fate-points")).to_have_attribute(
            "data-points", "4"
        )
        # Åsa concedes on her phone, on her terms; the point comes when the fight ends.
        asa.click("#concede-asa-lind")
        expect(asa.locator("#concede-payout")).to_have_text(sv["concede.payout"])
        asa.fill("#concede-terms", "Åsa smiter över taket; tullarna får lådan")
        fits_phone(Player(asa, "Åsa"))
        submit(asa, "concede-form")
        expect(anya.locator("#log-list li").first).to_contain_text("tullarna får lådan")
        # The GM calls the fight over, though no side is out.
        gm.click("#finish-conflict")
        expect(gm.locator("#finish-hint")).to_have_text(en["conflict.finish_early_hint"])
        submit(gm, "finish-form")
        expect(anya.locator("#conflict")).to_have_count(0)
        expect(asa.locator("#char-asa-lind .fate-points")).to_have_attribute("data-points", "4")
        assert anya.evaluate(UNTRANSLATED, "ru") == []
        assert asa.evaluate(UNTRANSLATED, "sv") == []
        assert gm.evaluate(UNTRANSLATED, "en") == []


def test_an_invoked_boost_is_named_in_the_log_not_called_hidden(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table = customs_house(server)
    gm_link, tid = table["gm"], table["table"]
    # Фёдор ties a create an advantage: a boost, named; then he uses it on his next roll.
    roll = {"actor": "федор-кравцов", "action": "create_advantage", "skill": "notice"}
    command(server, tid, gm_link, "Roll", {**roll, "difficulty": 3, "dice": "0000"})
    boost = {"option": "boost", "boost_names": [["федор-кравцов", "Шаг вперёд"]]}
    command(server, tid, gm_link, "ResolveRoll", boost)
    with (
        seat_page(browser, page_url(server, table["anya"]), "ru-RU", DESK) as anya,
        seat_page(browser, page_url(server, table["asa"]), "sv-SE", PHONE) as asa,
    ):
        boost_card = anya.locator("#scene .aspect.boost")
        expect(boost_card).to_contain_text("Шаг вперёд")
        aspect_id = boost_card.get_attribute("data-aspect")
        overcome = {"actor": "федор-кравцов", "action": "overcome", "skill": "athletics"}
        command(server, tid, gm_link, "Roll", {**overcome, "difficulty": 4, "dice": "0000"})
        invoke = {"aspect_id": aspect_id, "by": "федор-кравцов", "free": True}
        command(server, tid, gm_link, "Invoke", invoke)
        used = catalog("ru")["event.Invoked.boost"].split("{aspect}")[0].split("{who}")[1]
        line = anya.locator("#log-list li[data-type=Invoked]").first
        expect(line).to_contain_text(used.strip())
        expect(line).to_contain_text("Шаг вперёд")
        expect(line).not_to_contain_text(catalog("ru")["aspect.hidden_name"])
        other = asa.locator("#log-list li[data-type=Invoked]").first
        expect(other).to_contain_text("Шаг вперёд")
        expect(other).not_to_contain_text(catalog("sv")["aspect.hidden_name"])
