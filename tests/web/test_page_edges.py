"""Small rough edges of the page a page audit found, each checked in a real browser: the
new-character dialog starts in the name field (not the file picker above it), the
milestone's swap starts on two different skills, and after a dialog is submitted the focus goes
back to the redrawn button that opened it, or to its section's heading when the button is gone;
the Russian sheet editor's skill selects show whole ladder names at 1280 and 390 px. The table is set up over HTTP."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from tests.web.test_evening_page import at_table, scene_with_ruth
from tests.web.test_turns import catalog, command


def test_the_new_character_dialog_starts_in_the_name_field(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    _, gm_link, _ = scene_with_ruth(server)
    with at_table(browser, server, gm_link, "en-GB") as gm:
        gm.click("#new-character")
        expect(gm.locator("#sheet-file")).to_be_visible()
        expect(gm.locator("#sheet-name")).to_be_focused()
        gm.keyboard.type("Ada")
        expect(gm.locator("#sheet-name")).to_have_value("Ada")


def test_the_milestone_swap_starts_on_two_different_skills(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table, gm_link, ann_link = scene_with_ruth(server)
    command(server, table, gm_link, "EndScene", {})
    command(server, table, gm_link, "EndSession", {"milestone": "minor"})
    with at_table(browser, server, ann_link, "en-GB") as ann:
        expect(ann.locator("#milestone-kind-ruth")).to_have_value("swap_skills")
        first = ann.locator("#milestone-first-ruth").input_value()
        second = ann.locator("#milestone-second-ruth").input_value()
        assert first and second and first != second
        # Taken as it starts, the swap goes through: the two ratings trade places.
        rated = {"fight": 4, "athletics": 3, "notice": 2, "will": 1}
        ann.click("#milestone-take-ruth")
        expect(ann.locator("#milestone-ruth")).to_have_count(0)
        sheet = ann.evaluate(
            """async () => {
              const { app } = await import("/web/bundle/store.js");
              return app.view.characters.find((c) => c.id === "ruth").sheet.skills;
            }"""
        )
        assert sheet.get(first, 0) == rated.get(second, 0)
        assert sheet.get(second, 0) == rated.get(first, 0)


def test_focus_comes_back_after_a_dialog_is_submitted(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    _, gm_link, _ = scene_with_ruth(server)
    with at_table(browser, server, gm_link, "en-GB") as gm:
        # Undo the scene: the GM's tools are drawn anew, and focus is back on their Undo button.
        expect(gm.locator("#end-scene")).to_be_visible()
        gm.locator("#undo").focus()
        gm.keyboard.press("Enter")
        expect(gm.locator("#undo-form")).to_be_visible()
        gm.click("#undo-form-submit")
        expect(gm.locator("#start-scene")).to_be_visible()
        expect(gm.locator("#undo")).to_be_focused()
        # Start a scene: the button that opened the dialog is gone, so focus goes to the heading
        # of its section.
        gm.locator("#start-scene").focus()
        gm.keyboard.press("Enter")
        expect(gm.locator("#scene-name")).to_be_focused()
        gm.fill("#scene-name", "Pier")
        gm.keyboard.press("Enter")
        expect(gm.locator("#end-scene")).to_be_visible()
        expect(gm.locator("#gm-title")).to_be_focused()


def test_the_undo_dialog_cannot_be_sent_before_its_choices_are_drawn(
    server: str, browser: Any
) -> None:
    """The Undo dialog lists the steps from the log the page holds. Opened before the log's
    latest page had arrived (a GM quick on a loaded machine), it listed nothing and its Undo did
    nothing, silently; now it says it is reading, cannot be sent, and fills in when the log
    arrives."""
    from playwright.sync_api import expect

    _, gm_link, _ = scene_with_ruth(server)
    with at_table(browser, server, gm_link, "sv-SE") as gm:
        # Every read of the log is held, not only the first: on a loaded machine the page before
        # the reload may still ask for the log after the route is set, and holding only that one
        # let the reloaded page's read through.
        held: list[Any] = []
        gm.route("**/log?*", lambda route: held.append(route))
        gm.reload()
        gm.click("#undo")
        sv = catalog("sv")
        expect(gm.locator("#undo-choices")).to_have_text(sv["undo.reading"])
        expect(gm.locator("#undo-form-submit")).to_be_disabled()
        # Sent anyway (Enter in a field would do this), it does nothing and stays, waiting.
        gm.evaluate("document.getElementById('undo-form').requestSubmit()")
        expect(gm.locator("#undo-form")).to_be_visible()
        gm.unroute("**/log?*")
        for route in held:
            with contextlib.suppress(Exception):  # a read of the page before the reload is gone
                route.continue_()
        # The newest step (the scene) first, chosen, with the focus on it.
        newest = gm.locator("#undo-choices input[name=undo-version]").first
        expect(newest).to_be_checked()
        expect(newest).to_be_focused()
        expect(gm.locator("#undo-form-submit")).to_be_enabled()
        gm.keyboard.press("Enter")
        expect(gm.locator("#start-scene")).to_be_visible()


# Every skill select of the sheet editor, against the width the browser gives it on its own
# (a copy with no width limits, sized to its widest option): the ones that would cut.
CUT_SELECTS = """
() => [...document.querySelectorAll("#dialog .skill-grid select")].flatMap((sel) => {
  const free = sel.cloneNode(true);
  free.style.cssText = "position:absolute;visibility:hidden;width:auto;max-width:none;min-width:0";
  document.body.append(free);
  const wanted = free.getBoundingClientRect().width;
  free.remove();
  const has = sel.getBoundingClientRect().width;
  return has + 0.5 < wanted ? [`${sel.id}: ${has} < ${wanted}`] : [];
})
"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_the_russian_skill_selects_show_whole_ladder_names(
    server: str, browser: Any, size: tuple[int, int]
) -> None:
    from playwright.sync_api import expect

    _, gm_link, _ = scene_with_ruth(server)
    context = browser.new_context(locale="ru-RU", viewport={"width": size[0], "height": size[1]})
    try:
        page = context.new_page()
        page.goto(f"{server}/#link={gm_link}")
        page.click("#new-character")
        mediocre = page.locator("#sheet-skill-fight option[value='0']")
        expect(mediocre).to_have_text("Посредственный (+0)")
        assert page.evaluate(CUT_SELECTS) == []
        # Wider, not fewer: three columns of skills on the desktop, one on the phone.
        columns = page.evaluate(
            "new Set([...document.querySelectorAll('#dialog .skill-grid .field')]"
            ".map((f) => Math.round(f.getBoundingClientRect().left))).size"
        )
        assert columns == (3 if size[0] > 1000 else 1)
        # Nothing scrolls sideways on the phone either.
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        context.close()


# Each character card's right edge against its panel's: a card that sticks out covers the column
# beside it.
CARDS_OUTSIDE = """
() => [...document.querySelectorAll("[data-panel] .card")]
  .filter((card) => {
    const panel = card.closest(".panel");
    return panel && card.getBoundingClientRect().right > panel.getBoundingClientRect().right + 0.5;
  })
  .map((card) => card.id)
"""


def test_a_character_card_stays_inside_its_panel_on_the_gm_desktop(
    server: str, browser: Any
) -> None:
    """Found playing a LAN table: on the GM's desktop page the "Played by" select of a PC, whose
    longest choice is "The GM, until a player sits down", made the card wider than the left
    column, over the scene beside it (the cards' grid sized its column to the select)."""
    from playwright.sync_api import expect

    _, gm_link, _ = scene_with_ruth(server)
    context = browser.new_context(locale="it-IT", viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{server}/#link={gm_link}")
        expect(page.locator("#char-ruth select[id^=owner-]")).to_be_visible()
        assert page.evaluate(CARDS_OUTSIDE) == []
    finally:
        context.close()
