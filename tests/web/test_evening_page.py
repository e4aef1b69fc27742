"""What got in the way when a GM and two players played an evening on the page, each fixed and
checked here in a real browser: the turn strip tells the seat taking a hit to take it (not to
choose a move), a consequence left unnamed is caught at its field before anything is sent, and
the dice fields check what is typed in them.
The table is set up over HTTP; the pages follow it over their sockets."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tests.sheets import npc_sheet, ruth_sheet
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import call, catalog, command

TIMEOUT = 15_000


def scene_with_ruth(server: str) -> tuple[str, str, str]:
    """A scene on a pier with Ann's Ruth and the GM's Alice: the table, the GM's link and Ann's."""
    made = call(server, "/tables", {"name": "The Pier", "preset": "condensed"})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    command(server, table, gm_link, "AddCharacter", {"sheet": ruth_sheet(), "owner": "ann"})
    command(server, table, gm_link, "AddCharacter", {"sheet": npc_sheet(), "revealed": True})
    command(server, table, gm_link, "StartSession", {})
    command(
        server, table, gm_link, "StartScene", {"name": "Pier", "participants": ["ruth", "alice"]}
    )
    return table, gm_link, ann["link"]


def hit_on_ruth(server: str) -> tuple[str, str, str]:
    """A conflict in which Alice has hit Ruth for 2 shifts, the hit waiting for Ann's seat:
    the table, the GM's link and Ann's."""
    table, gm_link, ann_link = scene_with_ruth(server)
    sides = [["heroes", ["ruth"]], ["cult", ["alice"]]]
    command(server, table, gm_link, "StartConflict", {"sides": sides, "first": "alice"})
    # Alice's Fight +3 and +3 on the dice against Ruth's Fight +4 and blanks: 2 shifts.
    attack = {"actor": "alice", "target": "ruth", "skill": "fight", "dice": "+++0"}
    command(server, table, gm_link, "Attack", attack)
    command(server, table, gm_link, "ResolveRoll", {"option": "hit"})
    return table, gm_link, ann_link


def open_page(browser: Any, server: str, link: str, locale: str, errors: list[str]) -> Any:
    context = browser.new_context(locale=locale, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{server}/#link={link}")
    return page


@contextmanager
def at_table(browser: Any, server: str, link: str, locale: str) -> Iterator[Any]:
    """The page of the seat at ``link`` on a phone, in a context of its own; a script error on it
    fails the test, and the context is closed either way."""
    errors: list[str] = []
    page = open_page(browser, server, link, locale, errors)
    try:
        yield page
        assert errors == []
    finally:
        page.context.close()


def test_the_turn_strip_tells_the_hit_seat_to_take_it(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    _, gm_link, ann_link = hit_on_ruth(server)
    with (
        at_table(browser, server, ann_link, "ru-RU") as ann,
        at_table(browser, server, gm_link, "en-GB") as gm,
    ):
        ru, en = catalog("ru"), catalog("en")
        # It is Alice's turn: Ann's page says Ruth is hit, never "your move".
        expect(ann.locator("#turn[data-yours=true] #pending-hit")).to_be_visible()
        expect(ann.locator("#turn-yours")).to_have_text(
            ru["turn.hit_yours"].replace("{who}", "Ruth")
        )
        expect(ann.locator("#turn")).not_to_contain_text(ru["turn.yours"])
        # The GM, who may take any hit, reads the same in English.
        expect(gm.locator("#turn-yours")).to_have_text(
            en["turn.hit_yours"].replace("{who}", "Ruth")
        )
        assert ann.evaluate(UNTRANSLATED, "ru") == []


def test_an_unnamed_consequence_is_asked_for_at_its_field(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    _, _, ann_link = hit_on_ruth(server)
    with at_table(browser, server, ann_link, "sv-SE") as ann:
        sv = catalog("sv")
        mild = ann.locator("#pending-hit label", has_text=sv["severity.mild"])
        mild.click()
        version = ann.get_attribute("body", "data-version")
        ann.click("#absorb-button")
        # Nothing is sent: the page says what to do and puts the cursor where to do it.
        expect(ann.locator("#absorb-unnamed")).to_have_text(sv["harm.name_first"])
        expect(ann.locator("#consequence-name-0")).to_be_focused()
        assert ann.get_attribute("body", "data-version") == version
        ann.fill("#consequence-name-0", "Blåslagen")
        ann.click("#absorb-button")
        expect(ann.locator("#slot-ruth-0 .aspect-name")).to_have_text("Blåslagen")
        expect(ann.locator("#pending-hit")).to_have_count(0)


def test_the_dice_field_checks_what_is_typed(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    _, _, ann_link = scene_with_ruth(server)
    with at_table(browser, server, ann_link, "en-GB") as ann:
        console: list[str] = []
        ann.on("console", lambda message: console.append(message.text))
        ann.click("#new-roll")
        dice = ann.locator("#roll-dice")
        expect(dice).to_be_visible()
        # A pattern the browser cannot compile is dropped with a console error, and then the
        # field takes anything; this one compiles, so a typo is caught before it is sent.
        assert [m for m in console if "pattern" in m.lower()] == []
        for typed, valid in (
            ("+0-+", True),
            ("1 4 5 6", True),
            ("[+][-]00", True),
            ("+0x+", False),
        ):
            dice.fill(typed)
            assert dice.evaluate("e => e.validity.valid") is valid, typed
        version = ann.get_attribute("body", "data-version")
        ann.click("#roll-form-submit")
        expect(ann.locator("#dialog")).to_be_visible()
        expect(dice).to_be_focused()
        assert ann.get_attribute("body", "data-version") == version


def test_a_table_opened_before_is_the_first_thing_on_the_start_page(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    _, _, ann_link = scene_with_ruth(server)
    with at_table(browser, server, ann_link, "ru-RU") as ann:
        expect(ann.locator("#char-ruth")).to_be_visible()
        # Next week, on her phone, Ann opens the page with no link: her table is on top, in
        # sight without scrolling, before the form that makes a new one.
        ann.goto(server)
        back = ann.locator("#recent-title ~ ul button").first
        expect(back).to_contain_text("The Pier")
        expect(back).to_be_in_viewport()
        top = ann.evaluate("document.getElementById('recent-title').getBoundingClientRect().top")
        form = ann.evaluate("document.getElementById('create-table').getBoundingClientRect().top")
        assert top < form
        back.click()
        expect(ann.locator("#char-ruth")).to_be_visible()
        expect(ann.locator("#log-list")).to_contain_text("Pier")


def test_the_skill_to_roll_starts_on_the_best_with_ratings_shown(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table, gm_link, ann_link = scene_with_ruth(server)
    ru = catalog("ru")

    def rated(key: str, n: str) -> str:
        return ru["roll.skill_rated"].replace("{skill}", ru[f"skill.{key}"]).replace("{n}", n)

    with at_table(browser, server, ann_link, "ru-RU") as ann:
        # Ruth's sheet: Fight +4, Athletics +3, Notice +2, Will +1, the rest Mediocre.
        ann.click("#new-roll")
        options = ann.locator("#roll-skill option")
        expect(ann.locator("#roll-skill")).to_have_value("fight")
        expect(options.nth(0)).to_have_text(rated("fight", "+4"))
        expect(options.nth(1)).to_have_text(rated("athletics", "+3"))
        expect(options.nth(4)).to_contain_text("+0")
        assert ann.evaluate(UNTRANSLATED, "ru") == []
        ann.keyboard.press("Escape")
        # In a fight, her create an advantage starts on Fight as well.
        sides = [["heroes", ["ruth"]], ["cult", ["alice"]]]
        command(server, table, gm_link, "StartConflict", {"sides": sides, "first": "ruth"})
        ann.click("#advantage-ruth")
        expect(ann.locator("#conflict-skill")).to_have_value("fight")
        expect(ann.locator("#conflict-skill option").nth(2)).to_have_text(rated("notice", "+2"))


def test_a_compel_the_gm_offers_names_the_gm_in_the_page_language(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    _, gm_link, ann_link = scene_with_ruth(server)
    with (
        at_table(browser, server, gm_link, "en-GB") as gm,
        at_table(browser, server, ann_link, "ru-RU") as ann,
    ):
        gm.locator("#char-ruth .aspect.trouble button").first.click()
        gm.fill("#compel-complication", "Her creditors find her on the pier")
        gm.click("#compel-form-submit")
        offer = ann.locator("#compels .compel")
        # The offer reads "... offered by the GM" in Russian, not the engine's id "gm".
        expect(offer).to_contain_text(catalog("ru")["gm.pool_owner"])
        free = offer.locator("[data-free]").all_inner_texts()
        assert "gm" not in [text.strip().lower() for text in free]
        expect(gm.locator("#compels .compel")).to_contain_text(catalog("en")["gm.pool_owner"])


def test_being_taken_out_with_a_hit_that_could_be_absorbed_asks_first(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    _, _, ann_link = hit_on_ruth(server)
    with at_table(browser, server, ann_link, "sv-SE") as ann:
        sv = catalog("sv")
        ann.click("#take-out-button")
        # A tap beside "Take the hit" asks first, with "Cancel" holding the focus.
        dialog = ann.locator("#take-out-form")
        expect(dialog).to_contain_text(sv["harm.taken_out_confirm"].split("{who}")[1].strip())
        expect(ann.locator("#take-out-form .actions button[type=button]")).to_be_focused()
        ann.keyboard.press("Enter")
        expect(ann.locator("#dialog")).not_to_be_visible()
        expect(ann.locator("#pending-hit #absorb-button")).to_be_visible()
        # Asked again and confirmed, Ruth is out.
        ann.click("#take-out-button")
        ann.click("#take-out-form-submit")
        expect(ann.locator("#fighter-ruth")).to_have_attribute("data-status", "taken_out")
        assert ann.evaluate(UNTRANSLATED, "sv") == []


def test_the_roll_form_shows_only_the_fields_that_apply(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    _, _, ann_link = scene_with_ruth(server)
    with at_table(browser, server, ann_link, "en-GB") as ann:
        ann.click("#new-roll")
        # An overcome against a difficulty: no opponent to pick, no aspect to create.
        expect(ann.locator("#roll-difficulty")).to_be_visible()
        expect(ann.locator("#roll-against")).to_be_hidden()
        expect(ann.locator("#roll-aspect")).to_be_hidden()
        ann.select_option("#roll-mode", "against")
        expect(ann.locator("#roll-against")).to_be_visible()
        expect(ann.locator("#roll-difficulty")).to_be_hidden()
        ann.select_option("#roll-action", "create_advantage")
        expect(ann.locator("#roll-aspect")).to_be_visible()
