"""Issue 27's fate point economy and the GM's choices played through the page: a GM in Italian
on a laptop, Ann in Russian on a phone, Ben in English. The GM's pool at a major NPC's first
scene, an event compel and a decision compel (the GM's, a player's proposal and a self-compel),
a difficulty taken from the text's rules of thumb, and an Öde contest with an outside threat.
The tables are set up over HTTP; the pages play the moves."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fatekit.formats import dumps_character
from fatekit.rules import major_npc
from tests.sheets import charles_sheet, npc_sheet, ruth_sheet
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import call, catalog, command, state_of

TIMEOUT = 15_000
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}


@contextmanager
def at_table(
    browser: Any, server: str, link: str, locale: str, size: dict[str, int]
) -> Iterator[Any]:
    """The page of the seat at ``link``; a script error on it fails the test."""
    errors: list[str] = []
    context = browser.new_context(locale=locale, viewport=size)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{server}/#link={link}")
    try:
        yield page
        assert errors == []
    finally:
        context.close()


def table(server: str, preset: str = "condensed") -> tuple[str, str, str, str]:
    """Ann's Ruth and Ben's Charles meet Alice, a major NPC whose sheet holds fate points of her
    own, in her first scene: the table and the GM's, Ann's and Ben's links."""
    made = call(server, "/tables", {"name": "Il molo", "preset": preset})
    table_id, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table_id}/seats", {"name": "Ann", "role": "player"}, gm)
    ben = call(server, f"/tables/{table_id}/seats", {"name": "Ben", "role": "player"}, gm)
    command(server, table_id, gm, "AddCharacter", {"sheet": ruth_sheet(), "owner": ann["seat"]})
    command(server, table_id, gm, "AddCharacter", {"sheet": charles_sheet(), "owner": ben["seat"]})
    command(server, table_id, gm, "AddCharacter", {"sheet": npc_sheet(), "revealed": True})
    command(server, table_id, gm, "StartSession", {})
    scene = {"name": "Pier", "participants": ["ruth", "charles", "alice"]}
    command(server, table_id, gm, "StartScene", scene)
    return table_id, gm, ann["link"], ben["link"]


def test_a_major_npcs_first_scene_and_both_kinds_of_compel(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table_id, gm_link, ann_link, ben_link = table(server)
    it, ru, en = catalog("it"), catalog("ru"), catalog("en")
    with (
        at_table(browser, server, gm_link, "it-IT", LAPTOP) as gm,
        at_table(browser, server, ann_link, "ru-RU", PHONE) as ann,
        at_table(browser, server, ben_link, "en-GB", LAPTOP) as ben,
    ):
        # One per PC: Alice's own points stay out of the GM's pool.
        expect(gm.locator("#gm-pool")).to_have_attribute("data-points", "2")
        expect(ann.locator("#gm-pool")).to_have_attribute("data-points", "2")

        # The GM's event compel on Ruth's trouble, in Italian: what happens to her.
        gm.locator("#char-ruth .aspect.trouble button").first.click()
        expect(gm.locator("#compel-kind")).to_have_value("event")
        expect(gm.locator("#compel-kind-hint")).to_have_text(it["compel.kind_hint.event"])
        expect(gm.locator("#compel-decision")).to_be_hidden()
        gm.fill("#compel-complication", "I creditori la trovano sul molo")
        gm.click("#compel-form-submit")
        offer = ann.locator("#compels .compel").first
        expect(offer.locator(".compel-kind")).to_have_text(ru["compel.kind_is.event"])
        offer.locator("button.primary").click()
        expect(ann.locator("#compels .compel")).to_have_count(0)

        # Ben proposes a decision compel on Ruth's high concept, paying for it: he says what
        # she decides, then what goes wrong.
        ben.locator("#char-ruth .aspect.high_concept button").first.click()
        ben.select_option("#compel-kind", "decision")
        expect(ben.locator("#compel-kind-hint")).to_have_text(en["compel.kind_hint.decision"])
        expect(ben.locator("label[for=compel-fallout]")).to_have_text(en["compel.fallout"])
        expect(ben.locator("#compel-complication")).to_be_hidden()
        ben.fill("#compel-fallout", "She wins, and the dockers turn on her")
        ben.click("#compel-form-submit")
        # The decision is asked for before anything is sent.
        expect(ben.locator("#compel-form")).to_be_visible()
        ben.fill("#compel-decision", "She challenges the harbour master to a bout")
        ben.click("#compel-form-submit")
        card = ann.locator("#compels .compel").first
        expect(card.locator(".compel-kind")).to_have_text(ru["compel.kind_is.decision"])
        expect(card.locator(".compel-decision")).to_have_text(
            "She challenges the harbour master to a bout"
        )
        expect(gm.locator("#compels .compel .compel-kind")).to_have_text(
            it["compel.kind_is.decision"]
        )
        card.locator("button.primary").click()
        expect(ann.locator("#compels .compel")).to_have_count(0)

        # A decision comes from her own aspect: on the scene's aspect the GM is told why, in
        # Italian, beside the dialog, and may still allow it.
        command(server, table_id, gm_link, "AddSituationAspect", {"name": "Molo scivoloso"})
        gm.locator('[data-aspect="a1"] button').first.click()
        gm.select_option("#compel-target", "ruth")
        gm.select_option("#compel-kind", "decision")
        gm.fill("#compel-decision", "Corre sul bordo del molo")
        gm.fill("#compel-fallout", "Cade in acqua")
        gm.click("#compel-form-submit")
        expect(gm.locator("#compel-form")).to_contain_text(it["rule.compel.kinds"][:40])
        gm.keyboard.press("Escape")

        # Ann asks a self-compel of the decision kind, in Russian, on her phone.
        ann.locator("#char-ruth .aspect.trouble button").first.click()
        expect(ann.locator("#compel-self-note")).to_be_visible()
        ann.select_option("#compel-kind", "decision")
        ann.fill("#compel-decision", "Она снова берёт в долг")
        ann.fill("#compel-fallout", "Ростовщик требует вернуть вдвое")
        ann.click("#compel-form-submit")
        asked = gm.locator("#compels .compel").first
        expect(asked.locator(".compel-decision")).to_have_text("Она снова берёт в долг")
        asked.locator("button.primary").click()
        expect(gm.locator("#compels .compel")).to_have_count(0)
        assert ann.evaluate(UNTRANSLATED, "ru") == []
        assert gm.evaluate(UNTRANSLATED, "it") == []
    after = state_of(server, table_id, gm_link)
    ruth = next(c for c in after["characters"] if c["id"] == "ruth")
    # Three compels accepted, each a point to Ruth; Charles paid for his proposal.
    assert ruth["sheet"]["fate_points"] == 3 + 3
    charles = next(c for c in after["characters"] if c["id"] == "charles")
    assert charles["sheet"]["fate_points"] == 3 - 1


def test_a_difficulty_chosen_from_the_texts_rules_of_thumb(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table_id, gm_link, ann_link, _ = table(server)
    ru = catalog("ru")
    with at_table(browser, server, ann_link, "ru-RU", PHONE) as ann:
        ann.click("#new-roll")
        ann.select_option("#roll-skill", "fight")
        guide = ann.locator("#roll-difficulty-guide")
        expect(guide).to_contain_text(ru["difficulty.guide"])
        # Against Ruth's Fight +4: a chance to show off, tension, dire; then by reasons.
        expect(guide.locator("[data-guide=show_off]")).to_have_attribute("data-rating", "2")
        expect(guide.locator("[data-guide=dire]")).to_have_attribute("data-rating", "7")
        guide.locator("[data-guide=tension]").click()
        expect(ann.locator("#roll-difficulty")).to_have_value("4")
        ann.select_option("#roll-skill", "notice")  # Notice +2: the choices follow the skill
        expect(guide.locator("[data-guide=tension]")).to_have_attribute("data-rating", "2")
        # Two reasons give the Great (+4) already set: shown chosen, not offered again.
        expect(guide.locator("[data-guide=two_reasons]")).to_be_disabled()
        expect(guide.locator("[data-guide=two_reasons]")).to_have_attribute("aria-pressed", "true")
        guide.locator("[data-guide=tension]").click()
        expect(ann.locator("#roll-difficulty")).to_have_value("2")
        ann.fill("#roll-dice", "0000")
        ann.click("#roll-form-submit")
        expect(ann.locator("#dialog")).not_to_be_visible()
        assert ann.evaluate(UNTRANSLATED, "ru") == []
    rolls = state_of(server, table_id, gm_link)["rolls"]
    assert [(r["skill"], r["opposition"]) for r in rolls] == [("notice", 2)]


def test_an_ode_contest_with_an_outside_threat(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table_id, gm_link, ann_link, ben_link = table(server, "ode")
    volcano = major_npc("ode", "volcano", "Vulkanen", skills={"shoot": 3})
    command(
        server,
        table_id,
        gm_link,
        "AddCharacter",
        {
            "sheet": dumps_character(volcano),
            "revealed": True,
            "enter": {"zone": None, "side": None},
        },
    )
    sides = [["hjältar", ["ruth", "charles"]], ["kulten", ["alice"]]]
    intents = [["hjältar", "nå båten"], ["kulten", "segla ensam"]]
    command(server, table_id, gm_link, "StartContest", {"sides": sides, "intents": intents})
    ru, en = catalog("ru"), catalog("en")
    with (
        at_table(browser, server, gm_link, "it-IT", LAPTOP) as gm,
        at_table(browser, server, ann_link, "ru-RU", PHONE) as ann,
        at_table(browser, server, ben_link, "en-GB", LAPTOP) as ben,
    ):
        gm.click("#contest-threat")
        gm.select_option("#threat-actor", "volcano")
        gm.select_option("#threat-skill", "shoot")
        gm.uncheck("#threat-side-kulten")
        gm.fill("#threat-dice", "++00")
        gm.click("#contest-threat-form-submit")
        expect(ann.locator("#contest .threat")).to_have_count(1)
        expect(ann.locator("#contest .threat")).to_contain_text("hjältar")
        # Ruth rolls for her side from her phone; Alice for hers.
        ann.click("#contest-roll-hjältar")
        ann.select_option("#contest-actor-hjältar", "ruth")
        ann.select_option("#contest-skill-hjältar", "athletics")
        ann.fill("#contest-dice-hjältar", "0000")
        ann.click("#contest-roll-form-submit")
        ann.locator(".resolve-button").first.click()
        command(
            server,
            table_id,
            gm_link,
            "ContestRoll",
            {"side": "kulten", "actor": "alice", "skill": "fight", "dice": "0000"},
        )
        rolling = state_of(server, table_id, gm_link)["contest"]["rolling"]["kulten"]
        command(server, table_id, gm_link, "ResolveRoll", {"roll": rolling})
        # The fire's 5 against Ruth's 3: each of the side takes 2.
        expect(ann.locator("#contest-last .hit[data-member=ruth]")).to_be_visible()
        expect(ben.locator("#contest-last .hit[data-member=charles]")).to_contain_text(
            en["contest.member_hit#other"].split("{n}")[1].strip()
        )
        expect(ann.locator("#contest-last .hit")).to_have_count(2)
        assert ann.evaluate(UNTRANSLATED, "ru") == []
        assert ru["contest.threat_line"]


def test_every_dialog_that_sets_a_difficulty_offers_the_rules_of_thumb(
    server: str, browser: Any
) -> None:
    """The GM in Italian: a challenge's task, a secret roll, a roll asked of a player behind the
    screen, and Ann's overcome in a conflict, each with the guide beside its difficulty."""
    from playwright.sync_api import expect

    table_id, gm_link, ann_link, _ = table(server)
    it = catalog("it")
    with (
        at_table(browser, server, gm_link, "it-IT", LAPTOP) as gm,
        at_table(browser, server, ann_link, "ru-RU", PHONE) as ann,
    ):
        gm.click("#start-challenge")
        task = gm.locator("#task-difficulty-1-guide")
        expect(task).to_contain_text(it["difficulty.guide"])
        expect(task.locator("[data-guide=tension]")).to_have_count(0)  # nobody rolls it yet
        task.locator("[data-guide=three_reasons]").click()
        expect(gm.locator("#task-difficulty-1")).to_have_value("6")
        gm.keyboard.press("Escape")
        gm.click("#secret-roll")
        gm.select_option("#secret-actor", "alice")
        gm.select_option("#secret-skill", "deceive")
        secret = gm.locator("#secret-difficulty-guide")
        # Alice's Deceive +4 is the GM's to see: the choices follow it.
        expect(secret.locator("[data-guide=tension]")).to_have_attribute("data-rating", "4")
        secret.locator("[data-guide=not_tough]").click()
        expect(gm.locator("#secret-difficulty")).to_have_value("0")
        gm.keyboard.press("Escape")
        gm.click("#ask-roll")
        gm.select_option("#ask-actor", "ruth")
        gm.select_option("#ask-skill", "athletics")
        gm.locator("#ask-difficulty-guide [data-guide=dire]").click()
        expect(gm.locator("#ask-difficulty")).to_have_value("6")  # Athletics +3, much higher
        gm.keyboard.press("Escape")
        assert gm.evaluate(UNTRANSLATED, "it") == []
        sides = [["heroes", ["ruth", "charles"]], ["cult", ["alice"]]]
        command(server, table_id, gm_link, "StartConflict", {"sides": sides, "first": "ruth"})
        ann.click("#overcome-ruth")
        ann.select_option("#conflict-skill", "athletics")
        ann.locator("#conflict-difficulty-guide [data-guide=show_off]").click()
        expect(ann.locator("#conflict-difficulty")).to_have_value("1")
