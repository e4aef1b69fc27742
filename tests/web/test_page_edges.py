"""Small rough edges of the page a page audit found, each checked in a real browser: the
new-character dialog starts in the name field (not the file picker above it), the
milestone's swap starts on two different skills, and after a dialog is submitted the focus goes
back to the redrawn button that opened it, or to its section's heading when the button is gone. The table is set up over HTTP."""

from __future__ import annotations

from typing import Any

from tests.web.test_evening_page import open_page, scene_with_ruth
from tests.web.test_turns import command


def test_the_new_character_dialog_starts_in_the_name_field(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    _, gm_link, _ = scene_with_ruth(server)
    errors: list[str] = []
    gm = open_page(browser, server, gm_link, "en-GB", errors)
    try:
        gm.click("#new-character")
        expect(gm.locator("#sheet-file")).to_be_visible()
        expect(gm.locator("#sheet-name")).to_be_focused()
        gm.keyboard.type("Ada")
        expect(gm.locator("#sheet-name")).to_have_value("Ada")
        assert errors == []
    finally:
        gm.context.close()


def test_the_milestone_swap_starts_on_two_different_skills(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table, gm_link, ann_link = scene_with_ruth(server)
    command(server, table, gm_link, "EndScene", {})
    command(server, table, gm_link, "EndSession", {"milestone": "minor"})
    errors: list[str] = []
    ann = open_page(browser, server, ann_link, "en-GB", errors)
    try:
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
              const { app } = await import("/web/js/store.js");
              return app.view.characters.find((c) => c.id === "ruth").sheet.skills;
            }"""
        )
        assert sheet.get(first, 0) == rated.get(second, 0)
        assert sheet.get(second, 0) == rated.get(first, 0)
        assert errors == []
    finally:
        ann.context.close()


def test_focus_comes_back_after_a_dialog_is_submitted(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    _, gm_link, _ = scene_with_ruth(server)
    errors: list[str] = []
    gm = open_page(browser, server, gm_link, "en-GB", errors)
    try:
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
        assert errors == []
    finally:
        gm.context.close()
