"""Stunts through the page, as a group plays them: Аня, on a phone in Russian, makes Ирина with a
stunt of four kinds (a bonus to Fight attacks, a rule exception once a session, Rapport in place
of Provoke, one more stress box) and a cutlass of Weapon 2; her card says what each does; her attack on the GM's hidden NPC
lists the stunts that apply, counts the bonus although the odds stay hidden, and the GM's English
log names it; the once-a-session stunt is used from the card and shows as spent."""

from __future__ import annotations

from typing import Any

from tests.sheets import npc_sheet
from tests.web.test_customs_house_page import DESK, PHONE, page_url, seat_page, submit
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import call, catalog, command, state_of

IRINA = {
    "fight": 4,
    "rapport": 3,
    "athletics": 3,
    "will": 2,
    "notice": 2,
    "stealth": 2,
    "contacts": 1,
    "lore": 1,
    "burglary": 1,
    "crafts": 1,
}
ASPECTS = {
    "high_concept-0": "Дуэлянтка из доков",
    "trouble-0": "Должна не тем людям",
    "relationship-0": "Старый Тэм ей как отец",
    "character-0": "Быстрее ветра",
    "character-1": "Знает каждый причал",
}


def _make_irina(page: Any) -> None:
    from playwright.sync_api import expect

    page.click("#new-character")
    page.fill("#sheet-name", "Ирина")
    for slot, text in ASPECTS.items():
        page.fill(f"#sheet-aspect-{slot}", text)
    for key, rating in IRINA.items():
        page.select_option(f"#sheet-skill-{key}", str(rating))
    # A bonus: +2 to Fight when attacking, when she strikes first.
    page.fill("#sheet-stunt-0", "Быстрый клинок")
    page.select_option("#sheet-stunt-skill-0", "fight")
    page.uncheck("#sheet-stunt-action-0-overcome")
    page.check("#sheet-stunt-action-0-attack")
    page.fill("#sheet-stunt-circumstance-0", "она бьёт первой")
    # A rule exception, once a session.
    page.fill("#sheet-stunt-1", "Друзья повсюду")
    page.select_option("#sheet-stunt-kind-1", "rule_exception")
    expect(page.locator("#sheet-stunt-skill-1")).to_be_hidden()
    page.fill("#sheet-stunt-text-1", "в любом порту найдётся друг")
    page.select_option("#sheet-stunt-cost-1", "once_per_session")
    # Rapport in place of Provoke, to attack.
    page.fill("#sheet-stunt-2", "Серебряный язык")
    page.select_option("#sheet-stunt-kind-2", "skill_swap")
    page.select_option("#sheet-stunt-skill-2", "rapport")
    page.select_option("#sheet-stunt-replaces-2", "provoke")
    page.uncheck("#sheet-stunt-action-2-overcome")
    page.check("#sheet-stunt-action-2-attack")
    # A fourth stunt, bought with refresh: one more physical stress box (no cost a use).
    page.click("#sheet-stunt-add")
    page.fill("#sheet-stunt-3", "Крепкая")
    page.select_option("#sheet-stunt-kind-3", "extra_stress")
    expect(page.locator("#sheet-stunt-cost-3")).to_be_hidden()
    page.select_option("#sheet-stunt-track-3", "physical")
    # What she carries: a cutlass, Weapon 2.
    page.fill("#sheet-gear-0", "Абордажная сабля")
    page.fill("#sheet-gear-weapon-0", "2")
    expect(page.locator("#sheet-legal")).to_be_visible()
    submit(page, "sheet-form")


def test_a_russian_player_makes_and_uses_every_kind_of_stunt(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "Доки", "preset": "condensed"})
    table, gm_link = made["table_id"], made["link"]
    anya = call(server, f"/tables/{table}/seats", {"name": "Аня", "role": "player"}, gm_link)
    command(server, table, gm_link, "AddCharacter", {"sheet": npc_sheet()})  # Alice, hidden
    command(server, table, gm_link, "StartSession", {})
    ru = catalog("ru")
    with (
        seat_page(browser, page_url(server, gm_link), "en-GB", DESK) as gm,
        seat_page(browser, page_url(server, anya["link"]), "ru-RU", PHONE) as ann,
    ):
        _make_irina(ann)
        card = ann.locator("#char-ирина")
        expect(card).to_be_visible()
        # The card says what each stunt does, in Russian.
        blade = card.locator(".stunts [data-stunt='Быстрый клинок']")
        expect(blade.locator(".stunt-does")).to_contain_text("+2")
        expect(blade.locator(".stunt-does")).to_contain_text(ru["action.attack"])
        expect(blade).to_contain_text("она бьёт первой")
        swap = card.locator(".stunts [data-stunt='Серебряный язык'] .stunt-does")
        expect(swap).to_contain_text(ru["skill.provoke"])
        expect(card.locator(".stunts [data-stunt='Крепкая'] .stunt-does")).to_contain_text("1")
        expect(card.locator(".gear")).to_contain_text("Абордажная сабля")
        expect(card.locator(".gear")).to_contain_text(ru["gear.weapon"] + " 2")
        # Physical stress with Physique at Mediocre: three boxes, and the stunt's fourth.
        sheet = next(
            c for c in state_of(server, table, gm_link)["characters"] if c["id"] == "ирина"
        )
        assert len(sheet["sheet"]["stress"]["physical"]) == 4
        assert sheet["sheet"]["refresh"] == 2  # the fourth stunt cost a refresh

        # A fight against Alice, whose sheet Аня may not see.
        scene = {"name": "Причал", "participants": ["ирина", "alice"]}
        command(server, table, gm_link, "StartScene", scene)
        sides = [["heroes", ["ирина"]], ["cult", ["alice"]]]
        command(server, table, gm_link, "StartConflict", {"sides": sides, "first": "ирина"})
        ann.click("#attack-ирина")
        ann.select_option("#attack-target", "alice")
        # Rapport attacks through her stunt, which the dialog offers on that roll.
        ann.select_option("#attack-skill", "rapport")
        expect(ann.locator("#attack-form [data-stunt='Серебряный язык']")).to_be_visible()
        ann.select_option("#attack-skill", "fight")
        picked = ann.locator("#attack-form [data-stunt='Быстрый клинок'][data-counted=true]")
        expect(picked).to_be_visible()
        expect(ann.locator("#odds-hidden")).to_contain_text("+6")  # Fight +4 and the stunt
        ann.fill("#attack-dice", "0000")
        submit(ann, "attack-form")
        # The GM's English log names the stunt on Ирина's attack, which counted +2.
        line = gm.locator("#log-list [data-type=AttackRolled] .with-stunts")
        expect(line).to_contain_text("Быстрый клинок")
        roll = state_of(server, table, gm_link)["roll"]
        assert roll["effort"] == 6

        # The once-a-session stunt is used from the card, then shows as spent.
        card.locator("[data-use-stunt='Друзья повсюду']").click()
        ann.fill("#use-stunt-note", "старый Тэм на лодке")
        submit(ann, "use-stunt-form")
        friends = card.locator(".stunts [data-stunt='Друзья повсюду']")
        expect(friends).to_have_attribute("data-spent", "true")
        expect(friends).to_contain_text(ru["stunt.spent.once_per_session"])
        expect(card.locator("[data-use-stunt]")).to_have_count(0)
        expect(gm.locator("#log-list [data-type=StuntUsed]")).to_contain_text("старый Тэм")
        assert ann.evaluate(UNTRANSLATED, "ru") == []
        assert gm.evaluate(UNTRANSLATED, "en") == []
