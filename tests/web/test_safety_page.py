"""Safety tools through the page (Fate Condensed, "Safety Tools"), played by a GM in English at
1366x900, Ann in Russian on a desktop and Ben in Swedish on a 390x844 phone, in the middle of a
fight with Ruth's overcome still in play:

- Ann raises the X-Card from the header's Safety menu: every page shows it at once at the top,
  the phone's too (and still in view when scrolled down), and Ann's page is drawn exactly as
  Ben's is, so a glance at her screen does not tell; no page, the GM's included, names her;
- settling the roll is refused beside its button, in Ann's language, under the rule that a signal
  comes first, and so is Ben's note on the phone;
- the GM raises a rewind too, takes the overcome back with the rewind's undo, and answers both with
  a note; play goes on;
- the GM turns the pause off, and the players' menus no longer offer it.
"""

from __future__ import annotations

import re
from typing import Any

from tests.web.test_refusals_page import fight_on_a_map, seat_page
from tests.web.test_turns import catalog, command

# The page's drawing of an element, less its words (the seats read other languages): tags, ids,
# classes and states, child by child.
SHAPE = """(selector) => {
  const skip = new Set(["title", "placeholder", "aria-label", "value"]);
  const walk = (el) => [
    el.tagName,
    [...el.attributes].filter((a) => !skip.has(a.name)).map((a) => `${a.name}=${a.value}`).sort(),
    el.open === true,
    [...el.children].map(walk),
  ];
  const found = document.querySelector(selector);
  return found ? JSON.stringify(walk(found)) : null;
}"""


def test_a_signal_from_a_player_and_from_the_gm_through_the_page(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table, gm_link, ann_link, ben_link = fight_on_a_map(server)
    command(
        server,
        table,
        ann_link,
        "Overcome",
        {"actor": "ruth", "skill": "athletics", "difficulty": 2, "dice": "++++"},
    )
    en, ru, sv = catalog("en"), catalog("ru"), catalog("sv")
    with (
        seat_page(browser, server, gm_link, "en-GB", (1366, 900)) as gm,
        seat_page(browser, server, ann_link, "ru-RU", (1280, 800)) as ann,
        seat_page(browser, server, ben_link, "sv-SE", (390, 844)) as ben,
    ):
        for page in (gm, ann):
            expect(page.locator(".resolve-button").first).to_be_visible()
        for page in (gm, ann, ben):
            expect(page.locator("#safety-signals")).to_be_hidden()
        # Ann raises the X-Card, on her socket: no request an access log could keep.
        posted: list[str] = []
        ann.on("request", lambda r: posted.append(r.url) if r.method == "POST" else None)
        ann.click("#safety-open")
        ann.click("#safety-raise-x-card")
        for page, words in ((gm, en), (ann, ru), (ben, sv)):
            signal = page.locator("#safety-signals .safety-signal[data-tool='x-card']")
            expect(signal).to_contain_text(words["safety.raised.x-card"])
            expect(signal).to_be_in_viewport()
            expect(page.locator("#log-list")).to_contain_text(
                words["event.SignalRaised"].split("{")[0].strip()
            )
        expect(ann.locator("#safety-menu")).not_to_have_attribute("open", "")
        assert posted == []
        # Ann's page and Ben's are drawn alike; nobody's names her.
        for part in ("#safety-signals", "#safety-slot"):
            assert ann.evaluate(SHAPE, part) == ben.evaluate(SHAPE, part), part
        for page in (gm, ann, ben):
            assert "Ann" not in page.inner_text("#safety-signals")
            line = page.locator("#log-list li").first.inner_text()
            assert "Ann" not in line and "Ben" not in line, line
        # The phone, scrolled to its foot, still shows it.
        ben.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        expect(ben.locator("#safety-signals")).to_be_in_viewport()
        # Play waits: a move the table would refuse is not offered (settling Ann's roll), and
        # one sent anyway is refused beside its control, in the seat's language.
        for page in (gm, ann):
            expect(page.locator(".resolve-button")).to_have_count(0)
        ben.fill("#note-text", "Vi fortsätter")
        ben.click("#note-form button[type=submit]")
        expect(ben.locator("#note-form .refusal")).to_contain_text(sv["rule.safety.signal-first"])
        # The GM raises a rewind too; nothing says it was the GM.
        gm.click("#safety-open")
        gm.click("#safety-raise-rewind")
        for page in (gm, ann, ben):
            expect(page.locator("#safety-signals .safety-signal")).to_have_count(2)
        assert ann.evaluate(SHAPE, "#safety-signals") == ben.evaluate(SHAPE, "#safety-signals")
        # The rewind's undo takes the overcome back; the signals stay until answered.
        rewind = gm.locator(".safety-signal[data-tool='rewind']")
        rewind.locator("button[id^=safety-rewind-]").click()
        first = gm.locator("#undo-choices input[name=undo-version]").first
        expect(first).to_be_checked()
        label = gm.locator(f"label[for='{first.get_attribute('id')}']")
        expect(label).not_to_contain_text(re.compile("Safety signal"))
        gm.click("#undo-form-submit")
        # The undo's dialog is modal: the GM types the note once it has closed (typed before, the
        # text would go to the dialog, the page behind it being inert).
        expect(gm.locator("#dialog")).not_to_have_attribute("open", "")
        for page in (gm, ann, ben):
            expect(page.locator(".resolve-button")).to_have_count(0)
            expect(page.locator("#safety-signals .safety-signal")).to_have_count(2)
        for tool, note in (("x-card", "No drowning tonight."), ("rewind", "")):
            signal = gm.locator(f".safety-signal[data-tool='{tool}']")
            if note:
                signal.locator("input").fill(note)
            signal.locator("button[id^=safety-answer-]").click()
            expect(signal).to_have_count(0)
        for page in (gm, ann, ben):
            expect(page.locator("#safety-signals")).to_be_hidden()
        expect(ben.locator("#log-list")).to_contain_text("No drowning tonight.")
        ben.click("#note-form button[type=submit]")
        expect(ben.locator("#log-list")).to_contain_text("Vi fortsätter")
        # The GM turns the pause off: the players' menus no longer offer it.
        gm.uncheck("#safety-tool-pause")
        expect(ann.locator("#safety-raise-pause")).to_have_count(0)
        expect(ann.locator("#safety-raise-x-card")).to_have_count(1)
        expect(ben.locator("#log-list")).to_contain_text(sv["safety.tool.pause"])
