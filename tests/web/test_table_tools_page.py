"""Controls the page lacked until issue 39's agent counted what it could not send: the GM takes
a seat away and withdraws a template, a player spends a fate point to declare a story detail
with an aspect, and the GM tells the countdowns that one of their triggers happened. Each is
played through the page as a person would, in another language each time; the table decides,
the page only sends."""

from __future__ import annotations

import json
import urllib.error
from typing import Any

import pytest

from tests.sheets import ruth_sheet
from tests.web.test_evening_page import at_table, scene_with_ruth
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import call, catalog, command, state_of


def test_the_gm_takes_a_seat_away(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table, gm_link, ann_link = scene_with_ruth(server)
    it = catalog("it")
    with at_table(browser, server, gm_link, "it-IT") as gm:
        # The GM's own seat has no such button: the table keeps its last GM anyway.
        expect(gm.locator("#seats li[data-seat=gm] .seat-remove")).to_have_count(0)
        gm.click("#remove-seat-ann")
        expect(gm.locator("#remove-seat-form")).to_contain_text(
            it["seats.remove_says"].split("{who}")[1].strip()
        )
        assert gm.evaluate(UNTRANSLATED, "it") == []
        gm.click("#remove-seat-form-submit")
        expect(gm.locator("#seats li[data-seat=ann]")).to_have_count(0)
    state = state_of(server, table, gm_link)
    assert [s["id"] for s in state["seats"]] == ["gm"]
    # Ann's Ruth passed to the GM, and Ann's link no longer opens the table.
    ruth = next(c for c in state["characters"] if c["id"] == "ruth")
    assert ruth.get("owner") in (None, "gm")
    with pytest.raises(urllib.error.HTTPError) as refused:
        state_of(server, table, ann_link)
    assert refused.value.code in (401, 403)


def test_the_gm_withdraws_a_template(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table, gm_link, ann_link = scene_with_ruth(server)
    sheet = json.loads(ruth_sheet())
    sheet["id"], sheet["name"] = "boxer", "Boxer"
    template = {"template_id": "boxer", "name": "Boxer", "sheet": json.dumps(sheet)}
    command(server, table, gm_link, "AddTemplate", template)
    with at_table(browser, server, gm_link, "sv-SE") as gm:
        gm.click("#new-character")
        withdraw = gm.locator("#sheet-remove-template")
        # Nothing picked yet: nothing to withdraw.
        expect(withdraw).to_be_disabled()
        gm.select_option("#sheet-template", "boxer")
        # The form opened again on the template, which stays picked.
        expect(gm.locator("#sheet-template")).to_have_value("boxer")
        expect(withdraw).to_be_enabled()
        # By the keyboard: the button is disabled once the template is gone, and the focus moves
        # to the list beside it rather than dropping to the page (issue 43, keyboard soak 116).
        withdraw.focus()
        gm.keyboard.press("Enter")
        expect(gm.locator("#sheet-template option[value=boxer]")).to_have_count(0)
        expect(withdraw).to_be_disabled()
        expect(gm.locator("#sheet-template")).to_be_focused()
        assert gm.evaluate(UNTRANSLATED, "sv") == []
    assert state_of(server, table, gm_link)["templates"] == []
    # A player's sheet editor never offers to withdraw one.
    command(server, table, gm_link, "AddTemplate", template)
    with at_table(browser, server, ann_link, "ru-RU") as ann:
        ann.click("#new-character")
        expect(ann.locator("#sheet-template")).to_have_count(1)
        expect(ann.locator("#sheet-remove-template")).to_have_count(0)


def test_a_player_spends_a_fate_point_on_a_story_detail(server: str, browser: Any) -> None:
    """Fate Core, "Declaring a Story Detail" (Aspects and Fate Points): a fate point spent on a
    relevant aspect makes a detail true."""
    from playwright.sync_api import expect

    table, _, ann_link = scene_with_ruth(server)
    before = next(c for c in state_of(server, table, ann_link)["characters"] if c["id"] == "ruth")
    ru = catalog("ru")
    with at_table(browser, server, ann_link, "ru-RU") as ann:
        card = ann.locator("#mine [data-aspect='ruth/high_concept/1']")
        card.get_by_role(
            "button", name=ru["detail.declare_on"].replace("{name}", "Ex-Boxer on the Run")
        ).click()
        form = ann.locator("#detail-form")
        expect(form.locator("#detail-by")).to_have_value("ruth")
        # Nothing typed: the form asks for the detail and sends nothing.
        version = ann.get_attribute("body", "data-version")
        ann.click("#detail-form-submit")
        expect(form).to_be_visible()
        assert ann.get_attribute("body", "data-version") == version
        ann.fill("#detail-text", "Старый тренер держит спортзал у пристани")
        assert ann.evaluate(UNTRANSLATED, "ru") == []
        ann.click("#detail-form-submit")
        expect(form).to_be_hidden()
        expect(ann.locator("#log li[data-type=StoryDetailDeclared]")).to_contain_text(
            "Старый тренер держит спортзал у пристани"
        )
    after = next(c for c in state_of(server, table, ann_link)["characters"] if c["id"] == "ruth")
    assert after["sheet"]["fate_points"] == before["sheet"]["fate_points"] - 1


def test_the_gm_fires_a_countdowns_trigger(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    made = call(
        server, "/tables", {"name": "Vault", "preset": "condensed", "options": ["countdowns"]}
    )
    table, gm_link = made["table_id"], made["link"]
    command(server, table, gm_link, "AddCharacter", {"sheet": ruth_sheet()})
    command(server, table, gm_link, "StartSession", {})
    command(server, table, gm_link, "StartScene", {"name": "Vault", "participants": ["ruth"]})
    en = catalog("en")
    with at_table(browser, server, gm_link, "en-GB") as gm:
        gm.get_by_role("button", name=en["gm.add_countdown"]).click()
        gm.fill("#countdown-name", "The guards")
        gm.fill("#countdown-boxes", "3")
        gm.fill("#countdown-outcome", "The guards arrive")
        gm.fill("#countdown-triggers", "the alarm rings\nsomeone shouts")
        gm.click("#countdown-form-submit")
        countdown = gm.locator(".countdown", has_text="The guards")
        fire = countdown.locator(".fire-trigger[data-trigger='the alarm rings']")
        expect(fire).to_have_text(en["countdown.fire"].replace("{trigger}", "the alarm rings"))
        expect(countdown.locator(".box.marked")).to_have_count(0)
        fire.click()
        expect(countdown.locator(".box.marked")).to_have_count(1)
        countdown.locator(".fire-trigger[data-trigger='someone shouts']").click()
        expect(countdown.locator(".box.marked")).to_have_count(2)
        expect(gm.locator("#log li[data-type=TriggerFired]")).to_have_count(2)
        assert gm.evaluate(UNTRANSLATED, "en") == []
