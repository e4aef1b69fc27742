"""The check every browser test runs for words outside the page language's catalog
(``UNTRANSLATED``) finds them, and takes what a catalog text, or a catalog template filled with
numbers or other catalog texts, says: the check is only worth what it catches."""

from __future__ import annotations

import re
from typing import Any

from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import catalog


def test_the_catalog_check_takes_catalog_texts_and_finds_the_rest(
    server: str, browser: Any
) -> None:
    words = catalog("sv")
    plain = next(v for k, v in words.items() if k == "outcome.success")
    # A template with one placeholder and words of its own on both sides of it, filled with
    # a number, then with a catalog text, then with words from nowhere.
    template = next(
        v
        for v in words.values()
        if len(re.findall(r"\{\w+\}", v)) == 1 and re.match(r"^[^{]*\w[^{]*\{\w+\}[^{]*\w", v)
    )
    filled_number = re.sub(r"\{\w+\}", "3", template)
    filled_text = re.sub(r"\{\w+\}", plain, template)
    filled_foreign = re.sub(r"\{\w+\}", "Grumbleweed Quux", template)
    lines = [plain, filled_number, filled_text, "An English sentence nobody wrote", filled_foreign]
    page = browser.new_page()
    try:
        page.goto(server)
        page.evaluate(
            """lines => {
              document.body.replaceChildren(...lines.map(text => {
                const p = document.createElement("p");
                p.textContent = text;
                return p;
              }));
            }""",
            lines,
        )
        found = page.evaluate(UNTRANSLATED, "sv")
    finally:
        page.close()
    assert found == ["An English sentence nobody wrote", filled_foreign], (template, found)
