"""The campaign and its recap in the page (issue 28, items 2 and 3), played through the page: the
GM in English downloads the campaign and reads the recap, with what the players do not see; a
player in Russian on a phone reads "Last time…" at the start of the next session, with nothing
the GM hid; the GM adds a line and it reaches her; the recap goes out as Markdown and as a page
to print."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path
from typing import Any

from tests.web.test_rolls_page import DESKTOP, PHONE, harbour, seats
from tests.web.test_turns import catalog, command

#: The heading levels of the recap panel, in order; with `waiting`, as they are while the recap
#: is on its way (its body's own headings left out).
HEADING_LEVELS = """(waiting) => [...document.querySelectorAll("#recap :is(h1, h2, h3, h4, h5, h6)")]
  .filter((e) => !(waiting && e.closest("#recap-body")))
  .map((e) => Number(e.tagName[1]))"""


def _session_one(server: str) -> dict[str, str]:
    """Harbour night, session 1: Фёдор's success with style, Kruger's with the NPCs' dice hidden,
    a secret roll, two lines from the GM (one for the GMs alone), then the session's end."""
    table = harbour(server)
    tid, gm = table["table"], table["gm"]
    roll = {"actor": "fyodor", "skill": "athletics", "action": "overcome", "difficulty": 1}
    command(server, tid, table["ann"], "Roll", {**roll, "dice": "++++"})
    command(server, tid, table["ann"], "ResolveRoll", {})
    command(server, tid, gm, "HideNpcDice", {"hidden": True})
    kruger = {"actor": "kruger", "skill": "notice", "action": "overcome", "difficulty": 0}
    command(server, tid, gm, "Roll", {**kruger, "dice": "++++"})
    command(server, tid, gm, "ResolveRoll", {})
    secret = {
        "actor": "kruger",
        "skill": "notice",
        "dice": "++++",
        "reason": "Kruger sees the hold",
    }
    command(server, tid, gm, "SecretRoll", secret)
    command(server, tid, gm, "AddRecapLine", {"text": "The fog rolled in over the quay."})
    hidden = {"text": "Kruger is on the smugglers' payroll.", "visibility": "gm"}
    command(server, tid, gm, "AddRecapLine", hidden)
    command(server, tid, gm, "EndScene", {})
    command(server, tid, gm, "EndSession", {"milestone": "minor"})
    return table


def test_last_time_for_the_gm_in_english_and_a_player_in_russian_on_a_phone(
    server: str, browser: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    table = _session_one(server)
    tid, gm_link = table["table"], table["gm"]
    en, ru = catalog("en"), catalog("ru")
    with seats(browser, server, (gm_link, "en-GB", DESKTOP), (table["ann"], "ru-RU", PHONE)) as (
        gm,
        ann,
    ):
        # The GM reads the whole recap.
        expect(gm.locator("#recap-title")).to_have_text(en["recap.title"])
        body = gm.locator("#recap-body")
        expect(body.locator("#recap-session-title")).to_have_text("Session 1")
        expect(body).to_contain_text("Success with style: Фёдор Кравцов (Athletics)")
        expect(body).to_contain_text("Success with style: Sergeant Kruger (Notice)")
        expect(body).to_contain_text("Kruger is on the smugglers' payroll.")
        expect(body).to_contain_text("The session ended in a milestone.")
        # The campaign, downloaded from the GM's tools, is the whole campaign.
        with gm.expect_download() as taken:
            gm.click("#download-campaign")
        saved = tmp_path / "campaign.json"
        taken.value.save_as(saved)
        campaign = json.loads(saved.read_text(encoding="utf-8"))
        assert taken.value.suggested_filename.endswith(".campaign.json")
        assert campaign["format"] == "fatekit-campaign" and campaign["name"] == "Harbour night"
        assert {c["id"] for c in campaign["contents"]["characters"]} == {
            "fyodor",
            "astrid",
            "kruger",
        }
        # The recap as Markdown, and as a page to print.
        with gm.expect_download() as taken:
            gm.click("#recap-markdown")
        markdown = tmp_path / "recap.md"
        taken.value.save_as(markdown)
        text = markdown.read_text(encoding="utf-8")
        assert text.startswith("# Harbour night: Session 1\n")
        assert "- Success with style: Фёдор Кравцов (Athletics)" in text
        with gm.context.expect_page() as opened:
            gm.click("#recap-print")
        printed = opened.value
        printed.wait_for_load_state()
        assert printed.locator("html").get_attribute("lang") == "en"
        expect(printed.locator("h1")).to_have_text("Harbour night: Session 1")
        printed.close()

        # Аня's phone, in Russian: her recap, and nothing the GM hid.
        panel = ann.locator("#recap")
        expect(ann.locator("#recap-title")).to_have_text(ru["recap.title"])
        words = ann.locator("#recap-body")
        expect(words.locator("#recap-session-title")).to_have_text("Сессия 1")
        expect(words).to_contain_text("Стильный успех: Фёдор Кравцов (Атлетика)")
        expect(words).to_contain_text("The fog rolled in over the quay.")
        expect(words).to_contain_text("Сессия завершилась: веха.")
        shown = words.inner_text()
        for hidden in ("Sergeant Kruger (", "payroll", "Kruger sees the hold"):
            assert hidden not in shown, hidden
        box = panel.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0]
        assert ann.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
        expect(ann.locator("#recap-line-form")).to_have_count(0)  # a line is the GM's to add

        # The next session starts: "Last time…" still tells session 1, and the GM adds a line.
        command(server, tid, gm_link, "StartSession", {})
        expect(ann.locator("#recap-session")).to_have_value("1")
        # The GM's panel keeps its headings in order with the recap shown and while it is
        # still on its way (the body empty): the page soak's axe found the line form's heading
        # two levels below the panel's while the body was empty.
        expect(gm.locator("#recap-session-title")).to_be_visible()
        for waiting in (False, True):
            levels = gm.evaluate(HEADING_LEVELS, waiting)
            assert levels[0] == 2 and all(b <= a + 1 for a, b in pairwise(levels)), levels
        gm.fill("#recap-line", "Аня's boat was seen leaving at dawn.")
        gm.click("#recap-line-add")
        expect(gm.locator("#recap-line")).to_have_value("")
        expect(words).to_contain_text("Аня's boat was seen leaving at dawn.")
        # A blank line is refused beside the form, in the GM's language.
        gm.fill("#recap-line", "   ")
        gm.click("#recap-line-add")
        expect(gm.locator("#recap-line-form .refusal")).to_be_visible()
        # Once a scene starts, the recap steps aside.
        scene = {"name": "The customs house", "participants": ["fyodor", "astrid", "kruger"]}
        command(server, tid, gm_link, "StartScene", scene)
        expect(ann.locator("#recap")).to_have_count(0)


def test_last_time_follows_the_session_that_ended_on_open_pages(server: str, browser: Any) -> None:
    """Issue 39: pages left open through session 2 kept "Last time…" on session 1 once it
    ended. Both pages (the GM's in English, Аня's phone in Russian) turn to session 2 by
    themselves, and a line the GM adds to it reaches Аня's page."""
    from playwright.sync_api import expect

    table = _session_one(server)
    tid, gm_link = table["table"], table["gm"]
    with seats(browser, server, (gm_link, "en-GB", DESKTOP), (table["ann"], "ru-RU", PHONE)) as (
        gm,
        ann,
    ):
        for page, title in ((gm, "Session 1"), (ann, "Сессия 1")):
            expect(page.locator("#recap-session-title")).to_have_text(title)
        command(server, tid, gm_link, "StartSession", {})
        scene = {"name": "The customs house", "participants": ["fyodor", "astrid", "kruger"]}
        command(server, tid, gm_link, "StartScene", scene)
        expect(ann.locator("#recap")).to_have_count(0)
        roll = {"actor": "astrid", "skill": "drive", "action": "overcome", "difficulty": 1}
        command(server, tid, table["sofia"], "Roll", {**roll, "dice": "++++"})
        command(server, tid, table["sofia"], "ResolveRoll", {})
        command(server, tid, gm_link, "EndScene", {})
        command(server, tid, gm_link, "EndSession", {})
        for page, title in ((gm, "Session 2"), (ann, "Сессия 2")):
            expect(page.locator("#recap-session-title")).to_have_text(title)
            expect(page.locator("#recap-session")).to_have_value("2")
            expect(page.locator("#recap-body")).to_contain_text("Astrid Lind")
        gm.fill("#recap-line", "The customs house burned that night.")
        gm.click("#recap-line-add")
        expect(ann.locator("#recap-body")).to_contain_text("The customs house burned that night.")
