"""The invitation on a server whose links lead to a loopback address (as ``make run`` starts it):
the page warns the GM before anyone is invited, in the GM's language, and says what to do; each
invitation shows the seat's address and its QR code, which a phone on this machine opens into
its seat."""

from __future__ import annotations

import re
from typing import Any

from tests.web.qr import qr_text
from tests.web.test_evening_page import at_table
from tests.web.test_turns import call, catalog


def test_a_gm_is_warned_before_inviting_with_links_that_open_only_here(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "Kitchen table", "preset": "condensed"})
    ru = catalog("ru")
    context = browser.new_context(locale="ru-RU", viewport={"width": 1280, "height": 900})
    try:
        gm = context.new_page()
        errors: list[str] = []
        gm.on("pageerror", lambda error: errors.append(str(error)))
        gm.goto(f"{server}/#link={made['link']}")
        expect(gm.locator("#connection.live")).to_be_visible()
        # Before the first invitation: the warning, inside the form, in Russian, with the
        # address and the two ways out.
        warning = gm.locator("#invite-form #invite-warning")
        expected = (
            ru["invite.loopback"]
            .replace("{address}", f"{server}/")
            .replace("{lan}", "fatekit serve --lan")
            .replace("{public}", "--public-url")
        )
        expect(warning).to_have_text(expected)
        expect(warning.locator("code")).to_have_text(
            [f"{server}/", "fatekit serve --lan", "--public-url"]
        )
        # Inviting still works (two windows on this machine is a fine way to try the page).
        gm.fill("#invite-name", "Ann")
        gm.click("#invite-form button[type=submit]")
        code = gm.locator("#invite-qr-ann")
        expect(code).to_have_attribute("src", re.compile("^blob:"))
        expect(code).to_have_attribute("alt", ru["invite.qr_alt"].replace("{who}", "Ann"))
        gm.evaluate("(img) => img.decode()", code.element_handle())
        address = gm.locator("#invite-link-ann").input_value()
        assert address.startswith(f"{server}/#link={made['table_id']}.")
        assert qr_text(code) == address
        # The warning stays while the links lead here.
        expect(warning).to_be_visible()
        assert errors == []
    finally:
        context.close()
    # The address read from the code opens Ann's seat, here on a phone-sized page.
    with at_table(browser, server, address.partition("#link=")[2], "en-GB") as ann:
        expect(ann.locator("#connection.live")).to_be_visible()
        expect(ann.locator("[data-panel=you]")).to_contain_text("Ann")
        expect(ann.locator("#invite-warning")).to_have_count(0)  # a player invites no one
