"""Where the keyboard focus goes on the page, checked in a real browser: the new-character
dialog starts in the name field (not the file picker above it). The table is set up over HTTP."""

from __future__ import annotations

from typing import Any

from tests.web.test_evening_page import open_page, scene_with_ruth


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
