"""The GM's screen in two browsers, in two languages: the GM prepares a scene (zones, an NPC in
place, a situation aspect with a free invoke and a hidden one), rewrites it and starts it with
one click; rolls in secret and reveals the roll; asks Ann for a roll against a hidden
difficulty. Ann's page never shows what is hidden from her (marker strings, the secret dice,
the difficulty), and every text on both pages comes from the page language's catalog. The
table is set up over HTTP; everything on the screen is done in the pages.

With FATEKIT_SCREENSHOTS set (`make screenshots`), the English run saves the pictures of
docs/gm.md.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.sheets import npc_sheet, ruth_sheet
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import call, catalog, command

TIMEOUT = 15_000
SECRET = "GM-SECRET"
DOCS = Path(__file__).resolve().parents[2] / "docs"
SECRET_DICE = 'data-faces="--+-"'  # the secret roll's dice, as the page draws them


def submit(page: Any, form: str) -> None:
    page.locator(f"#{form}-submit").click()
    try:
        page.wait_for_function("() => !document.getElementById('dialog').open", timeout=TIMEOUT)
    except Exception:
        said = page.locator("#dialog .dialog-error").inner_text()
        raise AssertionError(f"{form} was refused: {said}") from None


def shoot(page: Any, name: str, selector: str, lang: str) -> None:
    if os.environ.get("FATEKIT_SCREENSHOTS") and lang == "en":
        # Tall enough for a whole dialog, then back to the desk's size.
        page.set_viewport_size({"width": 1280, "height": 1800})
        page.locator(selector).screenshot(path=str(DOCS / f"gm-{name}.png"))
        page.set_viewport_size({"width": 1280, "height": 900})


def same_version(gm: Any, ann: Any) -> None:
    """Ann's page has caught up with the GM's (hidden events move her version on too)."""
    version = int(gm.get_attribute("body", "data-version") or 0)
    ann.wait_for_function("v => Number(document.body.dataset.version || 0) >= v", arg=version)


def hidden_from(ann: Any, *markers: str) -> None:
    text = ann.content()
    for marker in markers:
        assert marker not in text, f"Ann's page shows {marker}"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_gms_screen_in_two_browsers(server: str, browser: Any, lang: str) -> None:
    made = call(server, "/tables", {"name": "The Yacht", "preset": "condensed"})
    table, gm_link = made["table_id"], made["link"]
    ann_seat = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    command(server, table, gm_link, "AddCharacter", {"sheet": ruth_sheet(), "owner": "ann"})
    command(server, table, gm_link, "AddCharacter", {"sheet": npc_sheet()})
    command(server, table, gm_link, "StartSession", {})
    locale = {"en": "en-GB", "ru": "ru-RU"}[lang]
    contexts = [
        browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
        for _ in range(2)
    ]
    try:
        gm, ann = (context.new_page() for context in contexts)
        errors: list[str] = []
        for page, link in ((gm, gm_link), (ann, ann_seat["link"])):
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(TIMEOUT)
            page.goto(f"{server}/#link={link}")
            page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
            page.wait_for_selector("#log-list")
        words = catalog(lang)
        _prepare_and_start(gm, ann, words, lang)
        _secret_roll(gm, ann, words, lang)
        _npc_dice(gm, ann, server, table, gm_link)
        _hidden_difficulty(gm, ann, words, lang)
        for page in (gm, ann):
            assert page.evaluate(UNTRANSLATED, lang) == []
        assert errors == []
    finally:
        for context in contexts:
            context.close()


def _prepare_and_start(gm: Any, ann: Any, words: dict[str, str], lang: str) -> None:
    gm.wait_for_selector("#screen")
    gm.click("#prepare-scene")
    gm.fill("#prep-name", "Below deck")
    gm.fill("#prep-zones", "hold, stairs")
    gm.fill("#prep-links", "hold-stairs")
    gm.select_option("#prep-entrance", "stairs")
    gm.check("#prep-with-alice")
    gm.select_option("#prep-place-alice", "hold")
    gm.fill("#prep-aspect-0", "Cramped Hold")
    gm.select_option("#prep-aspect-zone-0", "hold")
    gm.select_option("#prep-aspect-holder-0", "alice")
    gm.click("#prep-add-aspect")
    gm.fill("#prep-aspect-1", f"{SECRET} Smuggled Guns")
    gm.check("#prep-aspect-hidden-1")
    shoot(gm, "prepare-form", "#dialog", lang)
    submit(gm, "prepare-form")
    gm.wait_for_selector("[data-prepared=below-deck]")
    # Rewritten before play: a new name, the same scene.
    gm.click("#edit-prepared-below-deck")
    assert gm.input_value("#prep-aspect-1") == f"{SECRET} Smuggled Guns"
    gm.fill("#prep-name", "The Hold")
    submit(gm, "prepare-form")
    gm.wait_for_selector("[data-prepared=below-deck] >> text=The Hold")
    same_version(gm, ann)
    assert ann.locator("#screen").count() == 0
    hidden_from(ann, SECRET, "Below deck", "The Hold")
    shoot(gm, "prepared", "#screen", lang)
    # Alice is already there (in the hold); Ruth joins at the entrance unless the GM says else.
    assert gm.locator("#start-place-below-deck-alice").count() == 0
    assert gm.input_value("#start-place-below-deck-ruth") == "stairs"
    gm.select_option("#start-place-below-deck-ruth", "hold")
    # The screen is drawn again as the table moves on (here the NPCs' dice hidden and shown
    # again, from another tab of the GM's); the page keeps the choice, as it keeps any field.
    place = "#start-place-below-deck-ruth"
    for hidden in (True, False):
        gm.eval_on_selector(place, "el => { el.dataset.drawn = 'before'; }")
        gm.evaluate(
            "async (hidden) => { const { app } = await import('/web/bundle/store.js');"
            " await app.seat.command('HideNpcDice', { hidden }); }",
            hidden,
        )
        gm.wait_for_function(f"() => !document.querySelector('{place}').dataset.drawn")
        assert gm.input_value(place) == "hold"
    gm.click("#start-prepared-below-deck")
    ann.wait_for_selector("#scene")
    ann.wait_for_function(
        "() => document.querySelector('#scene').textContent.includes('Cramped Hold')"
    )
    gm.wait_for_selector(f"#scene >> text={SECRET} Smuggled Guns")
    assert gm.locator("[data-prepared]").count() == 0
    same_version(gm, ann)
    # The zone map shows both in the hold, on the GM's page and on Ann's.
    for page in (gm, ann):
        page.wait_for_selector("#zone-hold [data-character=ruth]")
        assert page.locator("#zone-hold [data-character=alice]").count() == 1
    # A started scene is everyone's: Ann sees its name, never its hidden aspect.
    assert "The Hold" in ann.locator("#scene").inner_text()
    hidden_from(ann, SECRET, "Smuggled Guns", words["screen.prepared"])


def _secret_roll(gm: Any, ann: Any, words: dict[str, str], lang: str) -> None:
    gm.click("#secret-roll")
    gm.select_option("#secret-actor", "alice")
    gm.select_option("#secret-skill", "deceive")
    gm.select_option("#secret-difficulty", "3")
    gm.fill("#secret-reason", "is she lying?")
    gm.fill("#secret-dice", "--+-")
    submit(gm, "secret-roll-form")
    rolled = gm.locator("#secret-rolls li").first
    rolled.wait_for()
    # Great (+4) and -2 on the dice: Fair (+2) against Good (+3), a failure.
    assert rolled.get_attribute("data-outcome") == "fail"
    assert SECRET_DICE in gm.content()
    same_version(gm, ann)
    hidden_from(ann, SECRET_DICE, "is she lying?")
    shoot(gm, "secret-roll", "#screen", lang)
    gm.locator("#secret-rolls button").first.click()
    line = words["event.SecretRollRevealed.against"].split("{")[0].strip()
    ann.wait_for_selector(f"#log-list >> text={line}")
    assert SECRET_DICE in ann.content()
    hidden_from(ann, "is she lying?")  # the GM's note stays the GM's


def _npc_dice(gm: Any, ann: Any, server: str, table: str, gm_link: str) -> None:
    gm.click("#npc-dice[data-hidden=false]")
    gm.wait_for_selector("#npc-dice[data-hidden=true]")
    # Alice's Deceive, Great (+4), and +0 on the dice against Good (+3): a success everyone
    # sees, made with dice only the GM sees.
    npc_roll = {"actor": "alice", "action": "overcome", "skill": "deceive", "difficulty": 3}
    command(server, table, gm_link, "Roll", {**npc_roll, "dice": "+-+-"})
    for page in (gm, ann):
        page.wait_for_selector(".roll-verdict[data-outcome=success]")
    assert 'data-faces="+-+-"' in gm.content()
    assert ann.locator("[id^=roll-dice-hidden]").count() == 1
    hidden_from(ann, 'data-faces="+-+-"')
    # Shown again before the roll is settled: what was rolled hidden stays hidden.
    gm.click("#npc-dice[data-hidden=true]")
    gm.wait_for_selector("#npc-dice[data-hidden=false]")
    same_version(gm, ann)
    assert ann.locator("[id^=roll-dice-hidden]").count() == 1
    hidden_from(ann, 'data-faces="+-+-"')
    command(server, table, gm_link, "ResolveRoll", {})
    ann.wait_for_selector(".roll-verdict", state="detached")


def _hidden_difficulty(gm: Any, ann: Any, words: dict[str, str], lang: str) -> None:
    gm.click("#ask-roll")
    gm.select_option("#ask-actor", "ruth")
    gm.select_option("#ask-skill", "notice")
    gm.select_option("#ask-difficulty", "5")
    submit(gm, "ask-form")
    gm.wait_for_selector("[data-asked=ruth]")
    ann.click("#asked-roll-ruth")
    ann.fill("#asked-dice", "+000")
    submit(ann, "asked-form")
    # Ruth's Notice is Fair (+2): +1 on the dice is Good (+3) against Superb (+5), a failure.
    verdict = ann.locator(".roll-verdict[data-hidden=true]")
    verdict.wait_for()
    assert verdict.get_attribute("data-outcome") == "fail"
    assert ann.locator(".roll-opposition").inner_text() == words["screen.hidden"]
    assert "+5" not in ann.locator("#roll").inner_text()
    gm.wait_for_selector(".roll-hidden")
    assert "+5" in gm.locator(".roll-opposition").inner_text()
    shoot(ann, "hidden-difficulty", "#roll", lang)
