"""Treating a consequence through the page (issue 27): a player on a phone in English, another
player in Russian and the GM in Swedish. Ann's Ruth took Bruised Ribs; her own try with Fight is
refused beside the form with the rule that says why (Academics or Empathy), and nothing rolls;
Ben's Charles then treats her with Academics from his page, the roll stays in play until he
settles it, and every seat sees the new name and when it clears, in its own language; the
consequence is gone once a whole scene after the treatment's has ended. The table is set up over
HTTP; the pages follow it over their sockets.

Sources: fate-condensed.ru.md § Conflicts > Recovering from Conflicts."""

from __future__ import annotations

import json
from typing import Any

from fatekit.server.web import I18N_DIR
from tests.sheets import charles_sheet, ruth_sheet
from tests.web.test_raise_page import call, command

TIMEOUT = 15_000


def catalog(language: str) -> dict[str, str]:
    loaded: dict[str, str] = json.loads((I18N_DIR / f"{language}.json").read_text("utf-8"))
    return loaded


def test_a_consequence_is_treated_and_clears_through_the_page(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "The Infirmary", "preset": "condensed"})
    table, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm)
    ben = call(server, f"/tables/{table}/seats", {"name": "Ben", "role": "player"}, gm)
    command(server, table, gm, "AddCharacter", {"sheet": ruth_sheet(), "owner": ann["seat"]})
    command(server, table, gm, "AddCharacter", {"sheet": charles_sheet(), "owner": ben["seat"]})
    command(server, table, gm, "StartSession", {})
    scene = {"name": "Below decks", "participants": ["ruth", "charles"]}
    command(server, table, gm, "StartScene", scene)
    command(
        server,
        table,
        gm,
        "CorrectConsequence",
        {"character_id": "ruth", "slot": 0, "name": "Bruised Ribs"},
    )
    seats = (
        (ann["link"], "en-GB", {"width": 390, "height": 844}, "en"),
        (ben["link"], "ru-RU", None, "ru"),
        (gm, "sv-SE", None, "sv"),
    )
    contexts = [
        browser.new_context(locale=locale, **({"viewport": size} if size else {}))
        for _, locale, size, _ in seats
    ]
    errors: list[str] = []
    try:
        pages = []
        for context, (link, *_rest) in zip(contexts, seats, strict=True):
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(TIMEOUT)
            page.goto(f"{server}/#link={link}")
            pages.append(page)
        ann_page, ben_page, gm_page = pages
        en, ru, sv = catalog("en"), catalog("ru"), catalog("sv")

        # Ann, on her phone, treats herself with Fight: refused beside the form, saying why.
        ann_page.click("#treat-ruth-0")
        expect(ann_page.locator("#treat-hint")).to_contain_text("(+2)")  # by someone else
        ann_page.select_option("#treat-actor", "ruth")
        expect(ann_page.locator("#treat-hint")).to_contain_text("(+4)")  # two more on oneself
        ann_page.select_option("#treat-skill", "fight")
        ann_page.fill("#treat-name", "Taped Up")
        ann_page.click("#treat-form-submit")
        refusal = ann_page.locator("#treat-form .dialog-error")
        expect(refusal).to_contain_text("academics or empathy")
        expect(ann_page.locator("#treat-form")).to_be_in_viewport()
        ann_page.keyboard.press("Escape")
        expect(ann_page.locator("[data-kind=treatment]")).to_have_count(0)

        # Ben's Charles treats her with Academics (offered first) and rolls well.
        ben_page.click("#treat-ruth-0")
        expect(ben_page.locator("#treat-skill")).to_have_value("academics")
        ben_page.fill("#treat-name", "Strapped Ribs")
        ben_page.fill("#treat-dice", "++++")
        ben_page.click("#treat-form-submit")
        card = ben_page.locator("[data-kind=treatment]")
        expect(card).to_have_count(1)
        for page in pages:
            expect(page.locator("[data-kind=treatment]")).to_have_count(1)
        roll = card.get_attribute("data-roll")
        ben_page.click(f"#resolve-button-{roll}")
        for page, words, phone in (
            (ann_page, en, True),
            (ben_page, ru, False),
            (gm_page, sv, False),
        ):
            slot = page.locator("#slot-ruth-0")
            expect(slot).to_contain_text("Strapped Ribs")
            expect(slot.locator(".clears-after")).to_have_text(words["consequence.clears.scene"])
            expect(slot.locator(".treat-button")).to_have_count(0)
            expect(page.locator("[data-kind=treatment]")).to_have_count(0)
            if phone:
                slot.scroll_into_view_if_needed()
                expect(slot.locator(".clears-after")).to_be_in_viewport()

        # The treatment's scene ends: not a whole scene after it. The next one does.
        command(server, table, gm, "EndScene", {})
        command(server, table, gm, "StartScene", {**scene, "name": "On deck"})
        expect(gm_page.locator("#slot-ruth-0")).to_contain_text("Strapped Ribs")
        command(server, table, gm, "EndScene", {})
        for page in pages:
            expect(page.locator("#slot-ruth-0")).not_to_contain_text("Strapped Ribs")
        assert ru["treat.button"] != en["treat.button"] != sv["treat.button"]
        assert errors == []
    finally:
        for context in contexts:
            context.close()


def test_a_breakthrough_lets_a_player_leave_a_consequence_untreated(
    server: str, browser: Any
) -> None:
    """fate-condensed.ru.md § Прорывы: starting recovery at a breakthrough is the player's
    choice. Ben, on a phone in Italian, ticks his severe consequence off and keeps the moderate:
    only the moderate starts healing, and says when it clears."""
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "Arc's End", "preset": "condensed"})
    table, gm = made["table_id"], made["link"]
    ben = call(server, f"/tables/{table}/seats", {"name": "Ben", "role": "player"}, gm)
    command(server, table, gm, "AddCharacter", {"sheet": charles_sheet(), "owner": ben["seat"]})
    for slot, name in ((1, "Cracked Rib"), (2, "Shattered Knee")):
        command(
            server,
            table,
            gm,
            "CorrectConsequence",
            {"character_id": "charles", "slot": slot, "name": name},
        )
    command(server, table, gm, "StartSession", {})
    command(server, table, gm, "EndSession", {"milestone": "major"})
    context = browser.new_context(locale="it-IT", viewport={"width": 390, "height": 844})
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.set_default_timeout(TIMEOUT)
        page.goto(f"{server}/#link={ben['link']}")
        knee = page.locator("#milestone-recover-start-charles-charles\\/consequence\\/2")
        expect(knee).to_be_checked()
        knee.uncheck()
        page.fill("#milestone-recover-charles-charles\\/consequence\\/1", "Strapped Rib")
        page.click("#milestone-take-charles")
        expect(page.locator("#milestone-charles")).to_have_count(0)
        it = catalog("it")
        expect(page.locator("#slot-charles-1")).to_contain_text("Strapped Rib")
        expect(page.locator("#slot-charles-1 .clears-after")).to_have_text(
            it["consequence.clears.session"]
        )
        expect(page.locator("#slot-charles-2")).to_contain_text("Shattered Knee")
        expect(page.locator("#slot-charles-2 .clears-after")).to_have_count(0)
        assert errors == []
    finally:
        context.close()


def test_a_breakthrough_clears_only_the_healing_consequences_ticked(
    server: str, browser: Any
) -> None:
    """fate-condensed.ru.md § Прорывы ("могут быть сняты"), ode-kortfattad.sv.rst § Genombrott
    ("får tas bort"): a consequence already healing *may* be cleared at a breakthrough. Ann, on a
    phone in Swedish, unticks Ruth's: it stays, still healing; the GM, in Italian, leaves
    Charles's ticked (the default): it clears. Both pages show both outcomes."""
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "Il campo", "preset": "condensed"})
    table, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm)
    command(server, table, gm, "AddCharacter", {"sheet": ruth_sheet(), "owner": ann["seat"]})
    command(server, table, gm, "AddCharacter", {"sheet": charles_sheet()})
    command(server, table, gm, "StartSession", {})
    command(server, table, gm, "StartScene", {"name": "Tents", "participants": ["ruth", "charles"]})
    for patient, healer, name, new in (
        ("ruth", "charles", "Deep Cut", "Stitched Cut"),
        ("charles", "ruth", "Cracked Rib", "Strapped Rib"),
    ):
        correct = {"character_id": patient, "slot": 1, "name": name}
        command(server, table, gm, "CorrectConsequence", correct)
        treat = {
            "actor": healer,
            "skill": "academics",
            "aspect_id": f"{patient}/consequence/1",
            "new_name": new,
            "dice": "++++",
        }
        command(server, table, gm, "Treat", treat)
        command(server, table, gm, "ResolveRoll", {"option": "success_at_minor_cost"})
    command(server, table, gm, "EndScene", {})
    command(server, table, gm, "EndSession", {"milestone": "major"})
    contexts = [
        browser.new_context(locale="sv-SE", viewport={"width": 390, "height": 844}),
        browser.new_context(locale="it-IT"),
    ]
    errors: list[str] = []
    try:
        pages = []
        for context, link in zip(contexts, (ann["link"], gm), strict=True):
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(TIMEOUT)
            page.goto(f"{server}/#link={link}")
            pages.append(page)
        ann_page, gm_page = pages
        sv, it = catalog("sv"), catalog("it")

        ruths = ann_page.locator("#milestone-clear-ruth-ruth\\/consequence\\/1")
        expect(ruths).to_be_checked()  # on by default
        expect(ann_page.locator("#milestone-ruth")).to_contain_text(sv["milestone.clear"])
        ruths.scroll_into_view_if_needed()
        expect(ruths).to_be_in_viewport()
        ruths.uncheck()
        ann_page.click("#milestone-take-ruth")
        expect(ann_page.locator("#milestone-ruth")).to_have_count(0)

        charless = gm_page.locator("#milestone-clear-charles-charles\\/consequence\\/1")
        expect(charless).to_be_checked()
        expect(gm_page.locator("#milestone-charles")).to_contain_text(it["milestone.clear"])
        gm_page.click("#milestone-take-charles")
        expect(gm_page.locator("#milestone-charles")).to_have_count(0)

        for page, words in ((ann_page, sv), (gm_page, it)):
            kept = page.locator("#slot-ruth-1")
            expect(kept).to_contain_text("Stitched Cut")
            expect(kept.locator(".clears-after")).to_have_text(words["consequence.clears.session"])
            expect(page.locator("#slot-charles-1")).not_to_contain_text("Strapped Rib")
        assert errors == []
    finally:
        for context in contexts:
            context.close()


def test_a_healing_stunt_is_offered_and_counted_on_the_treatment_form(
    server: str, browser: Any
) -> None:
    """fate-condensed.ru.md § Трюки: treatment is an overcome, so Iris's free "+2 to overcome
    with Academics" is offered on the treatment form, ticked, with the odds counting it. Ann, on
    a phone in Swedish, rolls -1 with Academics Fair (+2) against Fair (+2): with the stunt, a
    success; the GM's page, in Italian, shows the roll with the stunt named in the log."""
    from playwright.sync_api import expect

    from fatekit.formats import dumps_character
    from fatekit.rules import Action, SkillBonus, Stunt, new_character

    surgeon = Stunt(
        "Field Surgeon",
        SkillBonus("academics", (Action.OVERCOME,)),
        "+2 to overcome to treat physical consequences with Academics",
    )
    iris = new_character(
        "condensed",
        "iris",
        "Iris",
        high_concept="Ship's Doctor",
        trouble="Never Off Duty",
        skills={"academics": 2},
        stunts=[surgeon],
    )
    made = call(server, "/tables", {"name": "L'infermeria", "preset": "condensed"})
    table, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm)
    for sheet in (ruth_sheet(), dumps_character(iris)):
        command(server, table, gm, "AddCharacter", {"sheet": sheet, "owner": ann["seat"]})
    command(server, table, gm, "StartSession", {})
    command(server, table, gm, "StartScene", {"name": "Sickbay", "participants": ["ruth", "iris"]})
    correct = {"character_id": "ruth", "slot": 0, "name": "Bruised Ribs"}
    command(server, table, gm, "CorrectConsequence", correct)
    contexts = [
        browser.new_context(locale="sv-SE", viewport={"width": 390, "height": 844}),
        browser.new_context(locale="it-IT"),
    ]
    errors: list[str] = []
    try:
        pages = []
        for context, link in zip(contexts, (ann["link"], gm), strict=True):
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(TIMEOUT)
            page.goto(f"{server}/#link={link}")
            pages.append(page)
        ann_page, gm_page = pages
        sv = catalog("sv")

        ann_page.click("#treat-ruth-0")
        ann_page.select_option("#treat-actor", "iris")
        expect(ann_page.locator("#treat-skill")).to_have_value("academics")
        offered = ann_page.locator("#treat-odds [data-stunt='Field Surgeon'] input")
        expect(offered).to_be_checked()
        expect(ann_page.locator("#treat-odds")).to_contain_text(sv["stunt.on_roll"])
        ann_page.fill("#treat-name", "Strapped Ribs")
        ann_page.fill("#treat-dice", "-000")
        ann_page.click("#treat-form-submit")
        card = gm_page.locator("[data-kind=treatment]")
        expect(card).to_have_count(1)
        it = catalog("it")
        expect(card).to_contain_text(it["outcome.success"])
        expect(gm_page.locator(".with-stunts").first).to_contain_text("Field Surgeon")
        roll = card.get_attribute("data-roll")
        expect(gm_page.locator(f"#resolve-button-{roll}")).to_be_visible()
        ann_page.click(f"#resolve-button-{roll}")
        for page in pages:
            expect(page.locator("#slot-ruth-0")).to_contain_text("Strapped Ribs")
        assert errors == []
    finally:
        for context in contexts:
            context.close()
