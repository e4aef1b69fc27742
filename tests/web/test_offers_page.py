"""The page draws its controls from what the server offers each seat (issue 40 item 2), played
by a GM (Italian, a desktop) and two players (Ann in Swedish on a 390x844 phone, Ben in
Russian) through a scene, a compel, a safety signal and a conflict with a hit: every control
shown is one the server takes from that seat, and none that was there before is missing.

The table is set up over HTTP; the pages follow it over their sockets."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tests.sheets import charles_sheet, npc_sheet, ruth_sheet
from tests.web.test_turns import call, catalog, command, state_of

TIMEOUT = 15_000


@contextmanager
def seat_page(
    browser: Any, server: str, link: str, locale: str, *, phone: bool = False
) -> Iterator[Any]:
    """The page of the seat at ``link``; a script error on it fails the test."""
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    context = browser.new_context(locale=locale, viewport=size)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{server}/#link={link}")
    try:
        yield page
        assert errors == []
    finally:
        context.close()


def _table(server: str) -> tuple[str, str, str, str]:
    made = call(server, "/tables", {"name": "The Docks", "preset": "condensed"})
    table, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm)
    ben = call(server, f"/tables/{table}/seats", {"name": "Ben", "role": "player"}, gm)
    command(server, table, gm, "AddCharacter", {"sheet": ruth_sheet(), "owner": ann["seat"]})
    command(server, table, gm, "AddCharacter", {"sheet": charles_sheet(), "owner": ben["seat"]})
    command(server, table, gm, "AddCharacter", {"sheet": npc_sheet()})
    command(server, table, gm, "StartSession", {})
    command(
        server,
        table,
        gm,
        "StartScene",
        {"name": "Docks", "participants": ["ruth", "charles"]},
    )
    command(server, table, gm, "AddSituationAspect", {"name": "Fog Everywhere"})
    return table, gm, ann["link"], ben["link"]


def test_each_seat_sees_the_controls_the_server_offers_it(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table, gm_link, ann_link, ben_link = _table(server)
    it, ru, sv = catalog("it"), catalog("ru"), catalog("sv")
    with (
        seat_page(browser, server, gm_link, "it-IT") as gm,
        seat_page(browser, server, ann_link, "sv-SE", phone=True) as ann,
        seat_page(browser, server, ben_link, "ru-RU") as ben,
    ):
        # The scene: the GM's tools (add an aspect, end the scene, correct and remove the
        # scene's aspect, bring the unrevealed NPC in, reveal her); the players' none of those.
        expect(gm.locator("#add-aspect")).to_be_visible()
        expect(gm.locator("#end-scene")).to_be_visible()
        expect(gm.locator("#bring-in-alice")).to_be_visible()
        fog = gm.locator("#scene li", has_text="Fog Everywhere")
        expect(fog.locator("button", has_text=it["aspect.remove"])).to_be_visible()
        for player, words in ((ann, sv), (ben, ru)):
            expect(player.locator("#scene li", has_text="Fog Everywhere")).to_be_visible()
            remove = player.locator("#scene li button", has_text=words["aspect.remove"])
            expect(remove).to_have_count(0)
            expect(player.locator("#add-aspect")).to_have_count(0)
            expect(player.locator("#end-scene")).to_have_count(0)
            expect(player.locator("[id^=bring-in-]")).to_have_count(0)
        # Each player may edit their own sheet only.
        expect(ann.locator("#edit-ruth")).to_be_visible()
        expect(ann.locator("#edit-charles")).to_have_count(0)
        expect(ben.locator("#edit-charles")).to_be_visible()
        expect(ben.locator("#edit-ruth")).to_have_count(0)

        # A compel on Ruth from the GM: Ann (the target's seat) accepts or refuses it; Ben sees
        # it and can do nothing with it; the GM, who offered it, may withdraw it.
        aspect = next(
            a["id"]
            for c in state_of(server, table, gm_link)["characters"]
            if c["id"] == "ruth"
            for a in c["sheet"]["aspects"]
            if a["kind"] == "trouble"
        )
        compel = {"aspect_id": aspect, "target": "ruth", "complication": "The debt comes due"}
        command(server, table, gm_link, "OfferCompel", compel)
        key = state_of(server, table, gm_link)["compels"][0]["id"]
        expect(ann.locator(f"#accept-{key}")).to_have_text(sv["compel.accept"])
        expect(ann.locator(f"#refuse-{key}")).to_have_text(sv["compel.refuse"])
        expect(ann.locator(f"#withdraw-{key}")).to_have_count(0)
        expect(ben.locator(f"#compel-{key}")).to_be_visible()
        expect(ben.locator(f"#compel-{key} button")).to_have_count(0)
        expect(gm.locator(f"#withdraw-{key}")).to_be_visible()
        ann.click(f"#accept-{key}")
        expect(ann.locator(f"#compel-{key}")).to_have_count(0)
        expect(gm.locator(f"#compel-{key}")).to_have_count(0)

        # Ben raises the X-Card from his page: while it waits the table takes no move of play,
        # so nobody is offered one (no sheet to edit, no scene to end, no aspect to remove);
        # the GM answers it beside the signal, and they come back.
        ben.click("#safety-open")
        ben.click("#safety-raise-x-card")
        signal = gm.locator("#safety-signals .safety-signal[data-tool='x-card']")
        expect(signal).to_be_visible()
        expect(ann.locator("#edit-ruth")).to_have_count(0)
        expect(ben.locator("#edit-charles")).to_have_count(0)
        expect(gm.locator("#end-scene")).to_have_count(0)
        expect(fog.locator("button", has_text=it["aspect.remove"])).to_have_count(0)
        signal.locator("button[id^=safety-answer-]").click()
        expect(gm.locator("#safety-signals")).to_be_hidden()
        expect(gm.locator("#end-scene")).to_be_visible()
        expect(ann.locator("#edit-ruth")).to_be_visible()
        expect(ben.locator("#edit-charles")).to_be_visible()

        # A conflict: the edit buttons go (a sheet is not rewritten mid-fight, which the page
        # used to offer and the server refused), the end of the scene waits for its end.
        sides = [["heroes", ["ruth", "charles"]], ["cult", ["alice"]]]
        command(server, table, gm_link, "JoinScene", {"character_id": "alice"})
        command(server, table, gm_link, "StartConflict", {"sides": sides, "first": "alice"})
        expect(gm.locator("#conflict")).to_be_visible()
        expect(gm.locator("#end-scene")).to_have_count(0)
        expect(ann.locator("#conflict")).to_be_visible()
        expect(ann.locator("#edit-ruth")).to_have_count(0)
        expect(gm.locator("#finish-conflict")).to_be_visible()
        expect(ann.locator("#finish-conflict")).to_have_count(0)
        expect(ben.locator("#finish-conflict")).to_have_count(0)

        # Alice hits Ruth for 2: Ann takes it on her phone; Ben is offered nothing of it.
        attack = {"actor": "alice", "target": "ruth", "skill": "fight", "dice": "+++0"}
        command(server, table, gm_link, "Attack", attack)
        command(server, table, gm_link, "ResolveRoll", {"option": "hit"})
        expect(ann.locator("#pending-hit")).to_be_visible()
        expect(ann.locator("#absorb-button")).to_be_visible()
        expect(ben.locator("#absorb-button")).to_have_count(0)
        ann.locator("#pending-hit label", has_text=sv["severity.mild"]).click()
        ann.fill("#consequence-name-0", "Blåmärke")
        ann.click("#absorb-button")
        expect(ann.locator("#slot-ruth-0 .aspect-name")).to_have_text("Blåmärke")
        expect(ben.locator("#slot-ruth-0 .aspect-name")).to_have_text("Blåmärke")
        expect(gm.locator("#pending-hit")).to_have_count(0)
        expect(ben.locator("#pending-hit")).to_have_count(0)
        assert sv["compel.accept"] != it["compel.accept"]


def _dom_id(aspect_id: str) -> str:
    """An aspect's id as the page writes it into an element's id."""
    return "".join(ch if ch.isalnum() or ch in "_-" else "_" for ch in aspect_id)


def test_an_aspects_moves_in_a_characters_name_follow_the_offers(server: str, browser: Any) -> None:
    # The free invoke handed over, the story detail, the compel offered or asked for: each
    # button there exactly when the aspect's offers_by (the deciders' checks) list the seat's
    # character, for the GM in Italian and Ann in Swedish on a phone; the page used to ask
    # whose characters these were and offer a story detail and a paid compel with no point left.
    from playwright.sync_api import expect

    table, gm_link, ann_link, ben_link = _table(server)
    command(
        server,
        table,
        gm_link,
        "AddSituationAspect",
        {"name": "Slick Planks", "free_invokes": [["ruth", 1]]},
    )
    scene = state_of(server, table, gm_link)["scene"]["aspects"]
    fog, planks = (
        next(a["id"] for a in scene if a["name"] == n) for n in ("Fog Everywhere", "Slick Planks")
    )
    it, sv, ru = catalog("it"), catalog("sv"), catalog("ru")
    with (
        seat_page(browser, server, gm_link, "it-IT") as gm,
        seat_page(browser, server, ann_link, "sv-SE", phone=True) as ann,
        seat_page(browser, server, ben_link, "ru-RU") as ben,
    ):
        # Ruth's free invoke: Ann may hand it over (a button and a token to drag), Ben may not.
        ann_pass = ann.locator(f"#pass-{_dom_id(planks)}-ruth")
        expect(ann_pass).to_be_visible()
        token = ann.locator(f"#aspect-{_dom_id(planks)} li[data-holder=ruth]")
        expect(token).to_have_attribute("draggable", "true")
        expect(ben.locator(f"#aspect-{_dom_id(planks)} li[data-holder=ruth]")).to_be_visible()
        expect(
            ben.locator(f"#aspect-{_dom_id(planks)} li[data-holder=ruth][draggable]")
        ).to_have_count(0)
        expect(ben.locator(f"[id^=pass-{_dom_id(planks)}-]")).to_have_count(0)
        ann_pass.click()
        ann.select_option("#pass-to", "charles")
        ann.click("#pass-form-submit")
        # Now Charles holds it: Ben's to hand over, no longer Ann's.
        expect(ben.locator(f"#pass-{_dom_id(planks)}-charles")).to_be_visible()
        expect(ann.locator(f"[id^=pass-{_dom_id(planks)}-]")).to_have_count(0)
        assert ru["aspect.pass_button"]

        # The GM offers a compel for free: no character pays for it.
        compel_on = it["compel.offer_on"].replace("{name}", "Fog Everywhere")
        gm.locator(f"#aspect-{_dom_id(fog)} button[aria-label='{compel_on}']").click()
        expect(gm.locator("#compel-form")).to_be_visible()
        expect(gm.locator("#compel-by")).to_have_count(0)
        gm.locator("#compel-form button[type=button]").click()

        # Ann, with fate points, may pay for a story detail and for a compel in Ruth's name.
        detail = ann.locator(f"#declare-detail-{_dom_id(fog)}")
        ann_compel = ann.locator(
            f"#aspect-{_dom_id(fog)} button[aria-label='{sv['compel.offer_on'].replace('{name}', 'Fog Everywhere')}']"
        )
        expect(detail).to_be_visible()
        ann_compel.click()
        expect(ann.locator("#compel-by option")).to_have_count(1)
        ann.locator("#compel-form button[type=button]").click()

        # With no fate point left, the table takes neither from her: both go; what it still
        # takes is her asking the GM for a self-compel of Ruth, which the dialog then is.
        command(
            server, table, gm_link, "CorrectFatePoints", {"character_id": "ruth", "fate_points": 0}
        )
        expect(detail).to_have_count(0)
        ann_compel.click()
        expect(ann.locator("#compel-by")).to_have_count(0)
        expect(ann.locator("#compel-target option")).to_have_count(1)
        expect(ann.locator("#compel-target")).to_have_value("ruth")
        expect(ann.locator("#compel-form-submit")).to_have_text(sv["compel.self_ask"])
        ann.fill("#compel-complication", "Hon halkar i dimman")
        ann.click("#compel-form-submit")
        expect(ann.locator("#compel-form")).to_be_hidden()
        expect(gm.locator("[id^=self-compel-]")).to_have_count(1)
        asked = state_of(server, table, gm_link)["self_compels"]
        assert [(s["target"], s["aspect_id"]) for s in asked] == [("ruth", fog)]


def test_the_sheet_editor_offers_the_kinds_the_table_takes(server: str, browser: Any) -> None:
    # The new character's kinds and owner come from you.adds (AddCharacter's own check): the GM
    # (Italian) any kind, for herself or a player; Ann (Swedish, a phone) a PC or an extra of
    # her own, no owner to choose and no quick NPC; while a signal waits, no one adds any.
    from playwright.sync_api import expect

    _, gm_link, ann_link, _ = _table(server)
    it, sv = catalog("it"), catalog("sv")
    with (
        seat_page(browser, server, gm_link, "it-IT") as gm,
        seat_page(browser, server, ann_link, "sv-SE", phone=True) as ann,
    ):
        expect(gm.locator("#quick-npc")).to_be_visible()
        gm.click("#new-character")
        expect(gm.locator("#sheet-kind option")).to_have_count(6)
        expect(gm.locator("#sheet-kind option").first).to_have_text(it["kind.pc"])
        expect(gm.locator("#sheet-owner")).to_be_visible()
        gm.locator("#sheet-form .actions button[type=button]").last.click()
        expect(ann.locator("#quick-npc")).to_have_count(0)
        ann.click("#new-character")
        kinds = ann.locator("#sheet-kind option")
        expect(kinds).to_have_text([sv["kind.pc"], sv["kind.extra"]])
        expect(ann.locator("#sheet-owner")).to_have_count(0)
        ann.locator("#sheet-form .actions button[type=button]").last.click()
        ann.click("#safety-open")
        ann.click("#safety-raise-x-card")
        expect(gm.locator("#new-character")).to_have_count(0)
        expect(ann.locator("#new-character")).to_have_count(0)
