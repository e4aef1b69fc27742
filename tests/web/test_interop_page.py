"""Bringing characters from Fari and Foundry VTT onto the table in the browser, and downloading a
sheet for them: a player picks her Fari sheet, the GM drops a Foundry actor, a broken file is
refused with nothing added, and a sheet downloads as Fari and reads back the same. Run in English
and in Italian, with every text on the pages from the page's catalog."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fatekit.formats.interop import import_character

from .test_flow import TIMEOUT, Player, all_translated  # type: ignore[import-not-found]

FIXTURES = Path(__file__).resolve().parent.parent / "formats" / "fixtures"

# Drop a file on an element as a person dragging it from their desktop would.
DROP = """
([selector, name, text]) => {
  const data = new DataTransfer();
  data.items.add(new File([text], name, { type: "application/json" }));
  const zone = document.querySelector(selector);
  zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
  zone.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
}
"""


@pytest.mark.parametrize("lang", ["en", "it"])
def test_import_and_download_in_the_page(
    server: str, browser: Any, lang: str, tmp_path: Path
) -> None:
    locale = {"en": "en-GB", "it": "it-IT"}[lang]
    contexts = [browser.new_context(locale=locale, accept_downloads=True) for _ in range(2)]
    try:
        pages = [context.new_page() for context in contexts]
        errors: list[str] = []
        for page in pages:
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(TIMEOUT)
        gm, ann = Player(pages[0], "GM"), Player(pages[1], "Ann")
        _play(server, gm, ann, lang, tmp_path)
        assert errors == []
    finally:
        for context in contexts:
            context.close()


def _play(server: str, gm: Player, ann: Player, lang: str, tmp: Path) -> None:
    gm.page.goto(server)
    gm.page.wait_for_selector("#create-table")
    gm.page.fill("#new-table-name", "The Harbour")
    gm.click("#create-table button[type=submit]")
    gm.page.wait_for_selector("#gm")
    gm.page.fill("#invite-name", "Ann")
    gm.click("#invite-form button[type=submit]")
    link = gm.page.locator("#invite-link-ann")
    link.wait_for()
    ann.page.goto(link.input_value())
    ann.page.wait_for_selector("#log-list")

    # -- Ann picks her Fari sheet: the report first, then her PC joins the table ---------------
    ann.click("#import-character")
    # What the table offers her (you.adds, you.may_hide): her own PC or extra, no owner to
    # choose, no aspects to keep hidden.
    kinds = ann.page.locator("#import-kind option")
    assert [kinds.nth(i).get_attribute("value") for i in range(kinds.count())] == ["pc", "extra"]
    assert ann.page.locator("#import-owner").is_hidden()
    ann.page.set_input_files("#import-file", str(FIXTURES / "fari-v6-condensed.fari.json"))
    report = ann.page.locator("#import-report")
    report.wait_for()
    assert report.get_attribute("data-preset") == "condensed"
    assert report.get_attribute("data-leftovers") == "4"
    # Physique Good (+3) gives six boxes, where the sheet had four: the change is named, and
    # the report does not claim that everything found its place.
    assert report.get_attribute("data-changes") == "1"
    assert report.get_attribute("data-whole") == "false"
    change = ann.page.locator("#import-changes li")
    assert (change.get_attribute("data-what"), change.get_attribute("data-reason")) == (
        "stress",
        "refit",
    )
    assert "\u2612" in change.inner_text() and ann.page.locator("#import-no-leftovers").count() == 0
    kept = ann.page.locator("#import-leftovers li")
    assert sorted(kept.nth(i).get_attribute("data-what") or "" for i in range(4)) == [
        "clock",
        "counter",
        "image",
        "link",
    ]
    all_translated([ann], lang)
    ann.submit("import-form")
    for player in (gm, ann):
        player.page.wait_for_selector("#char-cassandra-vey")
        marked = player.page.locator("#stress-cassandra-vey-physical .box.marked")
        marked.nth(1).wait_for()
        assert marked.count() == 2
        points = player.page.locator("#char-cassandra-vey .fate-points")
        assert points.get_attribute("data-points") == "2"

    # -- the GM drops a Foundry actor, brought in as an NPC ------------------------------------
    gm.click("#import-character")
    assert gm.page.locator("#import-kind").input_value() == "major_npc"
    actor = (FIXTURES / "foundry-core-base64.json").read_text(encoding="utf-8")
    gm.page.evaluate(DROP, ["#import-drop", "cynere.json", actor])
    gm.page.locator("#import-report").wait_for()
    all_translated([gm], lang)
    gm.submit("import-form")
    gm.page.wait_for_selector("#char-cynere")

    # -- a broken file: a message, and nothing is added ----------------------------------------
    version = gm.version()
    broken = tmp / "broken.fari.json"
    broken.write_text(actor[:300], encoding="utf-8")
    gm.click("#import-character")
    gm.page.set_input_files("#import-file", str(broken))
    gm.page.locator("#import-result .error").wait_for()
    gm.click("#import-form-submit")
    gm.page.locator("#dialog .dialog-error .error").wait_for()
    all_translated([gm], lang)
    gm.page.keyboard.press("Escape")
    assert gm.page.locator("#characters article.character").count() == 2
    assert gm.version() == version

    # -- Ann downloads her sheet for Fari and for Foundry: both read back the same -------------
    sheet = import_character((FIXTURES / "fari-v6-condensed.fari.json").read_bytes()).data
    for target in ("fari", "foundry"):
        with ann.page.expect_download() as info:
            ann.click(f"#{target}-cassandra-vey")
        saved = tmp / f"cassandra.{target}.json"
        info.value.save_as(str(saved))
        written = json.loads(saved.read_text(encoding="utf-8"))
        back = import_character(json.dumps(written), target).data
        assert back["skills"] == sheet["skills"] and back["aspects"] == sheet["aspects"]
        assert back["stress"] == sheet["stress"]


def test_a_wounded_sheet_comes_in_at_a_conditions_table_on_a_swedish_phone(
    server: str, browser: Any
) -> None:
    """Conditions replace consequences (Fate Condensed, Optional Rules > Conditions): a Fari
    sheet with a consequence written was refused whole, with a reason about switching rules
    (the soak). Now the report says, in the player's words, that the consequence is kept in the
    description, and the character comes in."""
    from playwright.sync_api import expect

    from tests.web.test_refusals_page import seat_page
    from tests.web.test_turns import call, catalog

    made = call(server, "/tables", {"name": "Vargtimmen", "options": ["conditions"]})
    table, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm)
    sv = catalog("sv")
    with seat_page(browser, server, ann["link"], "sv-SE", (390, 844)) as page:
        page.click("#import-character")
        page.set_input_files("#import-file", str(FIXTURES / "fari-v6-ode-swedish.fari.json"))
        moved = page.locator("#import-changes li[data-reason=conditions]")
        expect(moved).to_be_visible()
        expect(moved).to_contain_text("Bruten näsa")
        expect(moved).to_contain_text(sv["import.change.consequences_conditions"][-40:])
        expect(page.locator("#import-result .error")).to_have_count(0)
        page.click("#import-form-submit")
        card = page.locator("#char-sigrid-jarnhand")
        expect(card).to_be_visible()
        expect(page.locator("#dialog[open]")).to_have_count(0)
        expect(card.locator(".consequences")).not_to_contain_text("Bruten näsa")
        all_translated([Player(page, "Ann")], "sv")


@pytest.mark.parametrize(
    ("table", "fixture", "reason", "lang", "name", "card"),
    [
        (
            {"preset": "venturecity"},
            "fari-v6-venturecity-powers.fari.json",
            "package_unbought_stunt",
            "it",
            "Rapid Fire",
            "kai-moreno",
        ),
        (
            {"ruleset": "ember-road.ruleset.json"},
            "fari-v6-ember-road-overmarked.fari.json",
            "condition_boxes",
            "ru",
            "Angry",
            "idris-vale",
        ),
    ],
)
def test_a_games_own_parts_are_reported_in_the_players_words(
    server: str,
    browser: Any,
    table: dict[str, str],
    fixture: str,
    reason: str,
    lang: str,
    name: str,
    card: str,
) -> None:
    """A Fari sheet of a game with powers or conditions (issue 41): what the import could not
    keep as the sheet had it is a line in the player's language, and the character comes in."""
    import re

    from playwright.sync_api import expect

    from tests.web.test_refusals_page import seat_page
    from tests.web.test_turns import call, catalog

    rules = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"
    body: dict[str, Any] = {"name": "Game night", **table}
    if "ruleset" in table:
        body["ruleset"] = json.loads((rules / table["ruleset"]).read_text(encoding="utf-8"))
    made = call(server, "/tables", body)
    ann = call(
        server, f"/tables/{made['table_id']}/seats", {"name": "Ann", "role": "player"}, made["link"]
    )
    words = catalog(lang)[f"import.change.{reason}"]
    longest = max(re.split(r"\{\w+\}", words), key=len).strip()
    locale = {"it": "it-IT", "ru": "ru-RU"}[lang]
    with seat_page(browser, server, ann["link"], locale, (390, 844)) as page:
        page.click("#import-character")
        page.set_input_files("#import-file", str(FIXTURES / "games" / fixture))
        line = page.locator(f"#import-changes li[data-reason={reason}]")
        expect(line).to_be_visible()
        expect(line).to_contain_text(name)
        expect(line).to_contain_text(longest)
        expect(page.locator("#import-result .error")).to_have_count(0)
        all_translated([Player(page, "Ann")], lang)
        page.click("#import-form-submit")
        expect(page.locator(f"#char-{card}")).to_be_visible()
        expect(page.locator("#dialog[open]")).to_have_count(0)


def test_a_sheet_whose_modes_break_the_rules_is_refused_in_the_players_words(
    server: str, browser: Any
) -> None:
    """Nothing half applied (issue 41): a skill three steps above its mode refuses the whole
    sheet; the report says so with the engine's problems, and bringing it in adds nothing."""
    from playwright.sync_api import expect

    from tests.web.test_refusals_page import seat_page
    from tests.web.test_turns import call, catalog

    rules = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"
    ruleset = json.loads((rules / "action-science.ruleset.json").read_text(encoding="utf-8"))
    made = call(server, "/tables", {"name": "Tesladyne", "ruleset": ruleset})
    ann = call(
        server, f"/tables/{made['table_id']}/seats", {"name": "Ann", "role": "player"}, made["link"]
    )
    sv = catalog("sv")
    with seat_page(browser, server, ann["link"], "sv-SE", (390, 844)) as page:
        page.click("#import-character")
        sheet = FIXTURES / "games" / "fari-v6-action-science-too-far.fari.json"
        page.set_input_files("#import-file", str(sheet))
        refused = page.locator("#import-refused")
        expect(refused).to_be_visible()
        expect(refused).to_contain_text(sv["import.refused"].split("{game}")[0].strip())
        expect(refused.locator("li[data-where='skill_improvements.chemistry']")).to_have_count(1)
        all_translated([Player(page, "Ann")], "sv")
        page.click("#import-form-submit")
        error = page.locator("#dialog .dialog-error [data-code=import_refused]")
        expect(error).to_be_visible()
        expect(error).to_contain_text("Action Science")
        page.keyboard.press("Escape")
        expect(page.locator("#characters article.character")).to_have_count(0)
