"""A character imported from Fari's Italian Fate Core template and edited afterwards, by a player
in Russian at 1024x768, as issue 39 met it: the stress boxes follow the new Physique and Will (the
editor's preview and the saved sheet both, [1][2][3]), the imported stunts say their words once,
no two inputs share an id, and a new stunt with no action ticked is named at its own field with
the rule behind it (fate-core-conflicts.en.txt § Stress; fate-condensed.ru.md § Stunts)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.formats.fari_templates import TEMPLATES, sheet
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_rolls_page import seats
from tests.web.test_turns import call, catalog, state_of

DUPLICATE_IDS = """() => {
  const seen = new Map();
  for (const el of document.querySelectorAll("[id]")) seen.set(el.id, (seen.get(el.id) || 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
}"""


def _fari_file(tmp_path: Path) -> Path:
    """Fari's Italian Core template as a player fills it in, Physique and Will left at Mediocre:
    two boxes a track, the first physical one marked."""
    template = next(t for t in TEMPLATES if t.name == "Fate Core (ITA)")
    data = sheet(template, migrated=True)
    for section in data["pages"][0]["rows"][0]["columns"]:
        for part in section["sections"]:
            for block in part["blocks"]:
                if block["type"] == "Skill" and block["label"] in ("FISICO", "VOLONTA'"):
                    block["value"] = "0"
    path = tmp_path / "cassandra.fari.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _boxes(server: str, table: str, link: str) -> dict[str, list[int]]:
    found = state_of(server, table, link)["characters"][0]["sheet"]["stress"]
    return {track: [b["value"] for b in boxes] for track, boxes in found.items()}


@pytest.mark.rule("preset.core.stress", "stunt.bonus")
def test_an_imported_sheet_edited_afterwards(server: str, browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "Sera al porto", "preset": "core"})
    table, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Аня", "role": "player"}, gm)
    ru = catalog("ru")
    with seats(browser, server, (ann["link"], "ru-RU", (1024, 768))) as (page,):
        page.click("#import-character")
        page.set_input_files("#import-file", str(_fari_file(tmp_path)))
        expect(page.locator("#import-report")).to_be_visible()
        page.click("#import-form-submit")
        card = page.locator("#char-cassandra-vey")
        expect(card).to_be_visible()
        assert _boxes(server, table, ann["link"]) == {"physical": [1, 2], "mental": [1, 2]}
        # A detail stunt's words show once on the card, not as its detail and again after it.
        quick = card.locator("[data-stunt='Quick Draw']")
        expect(quick).to_contain_text("I act first in a physical conflict.")
        assert quick.inner_text().count("I act first") == 1
        assert "Quick Draw:" not in quick.inner_text()

        page.click("#edit-cassandra-vey")
        expect(page.locator("#sheet-form")).to_be_visible()
        assert page.evaluate(DUPLICATE_IDS) == []
        # Physique and Will up to Fair (+2), Empathy down to Average: the pyramid holds, and
        # the engine's preview gives each track its third box before anything is saved.
        page.select_option("#sheet-skill-physique", "2")
        page.select_option("#sheet-skill-will", "2")
        page.select_option("#sheet-skill-empathy", "1")
        preview = page.locator("#sheet-preview p", has=page.locator(".box"))
        expect(preview.nth(0).locator(".box")).to_have_count(3)
        expect(preview.nth(1).locator(".box")).to_have_count(3)
        expect(page.locator("#sheet-problems [data-where^=stress]")).to_have_count(0)
        # A new stunt ticks no action; named, it is asked for one at its own field, with why.
        page.click("#sheet-stunt-add")
        assert page.locator("#sheet-stunt-action-3-overcome").is_checked() is False
        page.fill("#sheet-stunt-3", "Тёмные переулки")
        said = page.locator("#sheet-stunt-actions-problem-3")
        expect(said).to_contain_text(ru["problem.stunt_no_action"].replace("{n}", "4"))
        expect(said).to_contain_text(ru["rule.stunt.bonus"])
        expect(page.locator("#sheet-stunt-action-3-overcome")).to_have_attribute(
            "aria-invalid", "true"
        )
        expect(page.locator("#sheet-unreadable")).to_have_count(0)
        page.check("#sheet-stunt-action-3-create_advantage")
        expect(said).to_have_count(0)
        assert page.evaluate(UNTRANSLATED, "ru") == []
        page.click("#sheet-form-submit")
        expect(page.locator("#sheet-form")).not_to_be_visible()
        expect(page.locator("#stress-cassandra-vey-physical .box")).to_have_count(3)
        expect(page.locator("#stress-cassandra-vey-mental .box")).to_have_count(3)
        # The mark the import brought stays on the first box.
        expect(page.locator("#stress-cassandra-vey-physical .box.marked")).to_have_count(1)
    assert _boxes(server, table, ann["link"]) == {"physical": [1, 2, 3], "mental": [1, 2, 3]}
