"""A short alternative skill list played with a shape of the GM's choosing (docs/web.md,
docs/rulesets.md): Fate Core with the approaches, opened in the rule-set editor, whose preview
names the shape problem until the GM picks a shape that fits, then a table and a PC on it."""

from __future__ import annotations

from typing import Any

import pytest

from .test_flow import UNTRANSLATED  # type: ignore[import-not-found]
from .test_rulesets_page import rulesets_in, start_page  # type: ignore[import-not-found]

APPROACH_RATINGS = {"careful": 3, "quick": 3, "clever": 2, "flashy": 2, "forceful": 1, "sneaky": 1}


@pytest.mark.rule("option.changing-skill-list", "shape.column")
def test_fate_core_with_the_approaches_in_columns(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    with start_page(browser, server) as (page, gm):
        page.fill("#new-table-name", "Approaches")
        page.select_option("#new-table-preset", "core")
        gm.click("#create-table details summary")
        page.select_option("#new-table-skill-list", "approaches")

        # The editor opens on Fate Core as a table playing the approaches has it: the six
        # approaches, and Fate Core's pyramid, which they cannot fill.
        gm.click("#ruleset-edit")
        expect(page.locator("#ruleset-edit-name")).to_have_value("Fate Core (Approaches)")
        problems = page.locator("#ruleset-preview-problems")
        expect(problems).to_contain_text("needs a longer list")
        expect(page.locator("#ruleset-edit-shape-type")).to_have_value("pyramid")
        # A diamond of the usual counts rates nine: still too many.
        page.select_option("#ruleset-edit-shape-type", "diamond")
        expect(problems).to_contain_text("needs a longer list")
        # Two columns up to Great (+3) rate the six: the preview shows the sheet.
        page.select_option("#ruleset-edit-shape-type", "column")
        page.fill("#ruleset-edit-shape-peak", "3")
        page.fill("#ruleset-edit-shape-width", "2")
        expect(page.locator("#ruleset-peak")).to_have_text("Highest skill rating: 3")
        expect(problems).to_have_count(0)
        expect(page.locator("#ruleset-preview")).to_contain_text("Careful, Clever, Flashy")
        assert page.evaluate(UNTRANSLATED, "en") == []

        gm.click("#create-table button[type=submit]")
        expect(page.locator("#gm")).to_be_visible()
        opened = page.evaluate(
            """async () => {
              const { app } = await import("/web/bundle/store.js");
              return { skills: app.preset.skills, file: await app.seat.get("/export") };
            }"""
        )
        assert opened["skills"] == ["careful", "clever", "flashy", "forceful", "quick", "sneaky"]
        [ruleset] = rulesets_in(opened["file"])
        assert ruleset["key"] == "core-approaches-hack"
        assert ruleset["shape"] == {"type": "column", "peak": 3, "width": 2}

        # A player's character on it: the sheet rates the approaches, and the engine finds the
        # two columns filled as the shape asks.
        page.fill("#invite-name", "Ann")
        gm.click("#invite-form button[type=submit]")
        expect(page.locator("#invite-link-ann")).to_be_visible()
        gm.click("#new-character")
        page.fill("#sheet-name", "Ada")
        expect(page.locator("label[for=sheet-skill-careful]")).to_have_text("Careful")
        expect(page.locator("#sheet-skill-fight")).to_have_count(0)
        page.fill("#sheet-aspect-high_concept-0", "Cartographer of Lost Roads")
        page.fill("#sheet-aspect-trouble-0", "Never Asks Before Going")
        for i, text in enumerate(("Old Maps Speak to Me", "Owes the Ferryman", "Light Feet")):
            page.fill(f"#sheet-aspect-character-{i}", text)
        for key, value in APPROACH_RATINGS.items():
            page.select_option(f"#sheet-skill-{key}", str(value))
        expect(page.locator("#sheet-legal")).to_be_visible()
        gm.submit("sheet-form")
        card = page.locator("#char-ada .skills")
        expect(card).to_contain_text("Careful")
        expect(card).to_contain_text("Forceful")
