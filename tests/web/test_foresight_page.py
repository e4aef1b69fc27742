"""The GM's "How will this go?" panel, in English and in Russian: the GM asks how the fight in
play will go and reads the charts, then tries a what-if (a second smuggler boss) and sees it
beside the scene as it stands. The player at the same table never sees the panel, and the
server refuses her if she asks anyway. Every text in the panel comes from the page language's
catalog. With FATEKIT_SCREENSHOTS set (`make screenshots`) the English run saves
docs/gm-foresight.png. The table is set up over HTTP; the pages follow it over their sockets."""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.foresight_table import OPTIONS, pier_commands

from .test_flow import UNTRANSLATED, Player, accessible  # type: ignore[import-not-found]
from .test_turns import call, catalog, command  # type: ignore[import-not-found]

TIMEOUT = 15_000
DOCS = Path(__file__).resolve().parents[2] / "docs"


def win_shown(page: Any, column: str) -> dict[str, float]:
    """Each side's chance to win as the chart writes it, in percent."""
    found: dict[str, float] = {}
    for rect in page.locator(f"#{column} .win-chart rect[data-side]").all():
        side = rect.get_attribute("data-side")
        label = rect.evaluate("r => r.nextElementSibling.textContent")
        found[side] = float(label.rstrip("%"))
    return found


#: Russian in make test (its plurals and cases are the harder test of the charts' catalog
#: lines); English too in make soak (FATEKIT_SOAK_BROWSERS) and for `make screenshots`.
FORESIGHT_LANGS = (
    ["en", "ru"]
    if os.environ.get("FATEKIT_SOAK_BROWSERS") or os.environ.get("FATEKIT_SCREENSHOTS")
    else ["ru"]
)


@pytest.mark.parametrize("lang", FORESIGHT_LANGS)
def test_the_gm_foresees_the_fight_and_compares_a_what_if(
    server: str, browser: Any, lang: str
) -> None:
    made = call(server, "/tables", {"name": "Docks", "preset": "condensed", "options": OPTIONS})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    for kind, data in pier_commands():
        command(server, table, gm_link, kind, data)
    locale = {"en": "en-GB", "ru": "ru-RU"}[lang]
    contexts = [
        browser.new_context(locale=locale, viewport={"width": 1280, "height": 1000})
        for _ in range(2)
    ]
    try:
        gm_page, ann_page = (context.new_page() for context in contexts)
        errors: list[str] = []
        for page, link in ((gm_page, gm_link), (ann_page, ann["link"])):
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(TIMEOUT)
            page.goto(f"{server}/#link={link}")
            page.wait_for_selector("#log-list")
        words = catalog(lang)
        gm = Player(gm_page, "GM")
        assert gm_page.locator("#foresight-title").inner_text() == words["foresight.title"]
        gm_page.fill("#foresight-runs", "4000")
        gm.click("#foresight-run")
        gm_page.wait_for_selector("#foresight-baseline .risk-chart")
        before = win_shown(gm_page, "foresight-baseline")
        assert set(before) == {"crew", "smugglers"}
        assert sum(before.values()) == pytest.approx(100, abs=0.2)
        # Every fighter has a row of risks: out, conceding, and each severity of consequence.
        risks = gm_page.eval_on_selector_all(
            "#foresight-baseline rect[data-risk]", "els => els.map((e) => e.dataset.risk)"
        )
        assert {r.split(":")[0] for r in risks} == {"ruth", "ethan", "boss", "goon-1", "goon-2"}
        assert len(risks) == 5 * 6
        bars = gm_page.locator("#foresight-baseline .length-chart rect[data-exchanges]").count()
        assert bars >= 3
        # What if Silas had brought his twin, and a clerk (from a character file) who cannot
        # fight?
        gm_page.select_option("#foresight-add", "boss")
        gm_page.select_option("#foresight-add-side", "smugglers")
        clerk = {"id": "clerk", "name": "Clerk", "kind": "minor_npc", "skills": {"lore": 2}}
        gm_page.set_input_files(
            "#foresight-add-file",
            files=[
                {
                    "name": "clerk.json",
                    "mimeType": "application/json",
                    "buffer": json.dumps(clerk).encode(),
                }
            ],
        )
        gm.click("#foresight-compare")
        gm_page.wait_for_selector("#foresight-what-if .risk-chart")
        again = win_shown(gm_page, "foresight-baseline")
        after = win_shown(gm_page, "foresight-what-if")
        assert again == before  # the same dice: the scene as it stands is played alike
        assert after["crew"] < before["crew"]
        extra = gm_page.eval_on_selector_all(
            "#foresight-what-if rect[data-risk^='boss-extra:']", "els => els.length"
        )
        assert extra == 6
        clerk_risks = gm_page.locator("#foresight-what-if rect[data-risk^='clerk:']").count()
        assert clerk_risks == 6
        # The clerk has no skill to fight with: the what-if says so, in the page's language.
        note = gm_page.locator("#foresight-what-if .note").inner_text()
        assert note == words["foresight.unskilled"].format(who="Clerk", modifier="+0")
        assert gm_page.locator("#foresight-baseline .note").count() == 0
        shown = gm_page.eval_on_selector_all(
            "#foresight-what-if .fighter", "els => els.map((e) => e.textContent)"
        )
        assert shown.count("Silas") == 2
        bad = gm_page.evaluate(UNTRANSLATED, lang)
        assert bad == [], f"untranslated: {bad[:10]}"
        accessible(gm)
        if lang == "en" and os.environ.get("FATEKIT_SCREENSHOTS"):
            gm_page.locator("#foresight").screenshot(path=str(DOCS / "gm-foresight.png"))
        # What if, instead, Ruth wore Armor:3? Fewer of the smugglers' hits land.
        gm_page.select_option("#foresight-add", "")
        gm_page.set_input_files("#foresight-add-file", files=[])
        gm_page.select_option("#foresight-gear-who", "ruth")
        gm_page.select_option("#foresight-armor", "3")
        # While it runs, the panel still shows the last what-if: wait for the new answer.
        with gm_page.expect_response(lambda r: r.url.endswith("/foresight")):
            gm.click("#foresight-compare")
        gm_page.wait_for_selector("#foresight-compare:not([disabled])")
        armored = win_shown(gm_page, "foresight-what-if")
        assert win_shown(gm_page, "foresight-baseline") == before
        assert armored["crew"] > before["crew"]
        # The player's page has no such panel, and the server will not foresee for her.
        assert ann_page.locator("#foresight").count() == 0
        assert ann_page.locator("[data-panel=foresight]").inner_html() == ""
        assert words["foresight.intro"] not in ann_page.content()
        try:
            call(server, f"/tables/{table}/foresight", {"runs": 100}, ann["link"])
        except urllib.error.HTTPError as refused:
            assert refused.code == 403
            assert json.loads(refused.read())["error"] == "forbidden"
        else:
            raise AssertionError("a player was allowed to foresee")
        assert errors == []
    finally:
        for context in contexts:
            context.close()
