"""The page on a server with an operator token: it asks for the token the first time a table is
opened, says so when a token is wrong, keeps the right one for the next table, and forgets it on
request."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import start_server  # type: ignore[import-not-found]

TOKEN = "browser-test-operator-token-0123456789"
TIMEOUT = 20_000


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[str]:
    process, base = start_server(tmp_path / "t.db", {"FATEKIT_ADMIN_TOKEN": TOKEN})
    try:
        yield base
    finally:
        process.terminate()
        process.wait(timeout=10)


def open_table(page: Any, name: str) -> None:
    page.wait_for_selector("#create-table")
    page.fill("#new-table-name", name)
    page.click("#create-table button[type=submit]")


def test_the_page_asks_for_the_operator_token_once(guarded: str, browser: Any) -> None:
    context = browser.new_context(locale="sv-SE")
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(guarded)
        page.wait_for_function("() => document.documentElement.lang === 'sv'")
        assert page.locator("#operator-kept").count() == 0
        open_table(page, "Bordet")
        page.wait_for_selector("#operator-form")
        assert "operatör" in page.inner_text("#operator-form")  # in the page's language
        assert page.locator("#operator-wrong").count() == 0
        page.fill("#operator-token", "not-the-token")
        page.click("#operator-form-submit")
        page.wait_for_selector("#operator-wrong")  # asked again, saying the token was refused
        page.fill("#operator-token", TOKEN)
        page.click("#operator-form-submit")
        page.wait_for_selector("#gm")  # the table is open: the GM's seat
        assert TOKEN not in page.url
        assert page.evaluate("localStorage.getItem('fatekit.operator')") == TOKEN
        # The next table opens without a question.
        page.goto(guarded)
        page.wait_for_selector("#operator-kept")
        open_table(page, "Ett bord till")
        page.wait_for_selector("#gm")
        assert page.locator("#operator-form").count() == 0
        # Forgotten on request; the next table asks again, and a cancel leaves the page as it was.
        page.goto(guarded)
        page.click("#operator-forget")
        page.wait_for_selector("#operator-kept", state="detached")
        assert page.evaluate("localStorage.getItem('fatekit.operator')") is None
        open_table(page, "Ett tredje")
        page.wait_for_selector("#operator-form")
        page.click("#operator-form button[type=button]")
        page.wait_for_selector("#start-error .error")
        assert page.locator("#gm").count() == 0
        assert errors == []
    finally:
        context.close()
