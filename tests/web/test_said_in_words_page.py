"""What a screen reader hears of the odds and of every dialog (issue 43, item 1), read from the
accessibility tree Chromium builds, and a GM's note on a safety signal kept through a whole
redraw of the page.

- The odds before a roll and the invoke advice after it: each outcome named from the page
  language's catalog, its chance written as that language writes a percentage ("12,5 %" in
  Russian and Swedish, "12,5%" in Italian), never a number from another language.
- Every dialog the page has: each control of a busy GM page and a busy player page pressed from
  the keyboard in turn (the table's answers held back, so nothing changes): each that opens the
  dialog puts the focus on a field inside it, and Escape gives it back to the control.
- A note typed in answer to a safety signal survives the page drawn whole (a language switched,
  the connection lost and found again) and another seat's move, and the answer carries it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.agent.evening import PROBE
from tests.web.test_accessible_page import LOCALES, said, seat_page, unnamed_controls
from tests.web.test_evening_page import hit_on_ruth, scene_with_ruth
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import catalog, command

#: A chance as each language writes it: a decimal comma, and a no-break space before the sign
#: in Russian and Swedish (an aria snapshot shows it as a plain space).
PERCENT = {
    "en": r"\d{1,3}\.\d%",
    "ru": r"\d{1,3},\d[\u00a0 ]%",
    "it": r"\d{1,3},\d%",
    "sv": r"\d{1,3},\d[\u00a0 ]%",
}


@pytest.mark.parametrize("locale", LOCALES)
def test_the_odds_and_the_advice_read_as_words(server: str, browser: Any, locale: str) -> None:
    from playwright.sync_api import expect

    lang = locale[:2]
    table, _, ann_link = scene_with_ruth(server)
    desk = {"viewport": {"width": 1280, "height": 900}}
    with seat_page(browser, server, ann_link, locale, **desk) as ann:
        ann.locator("#new-roll").click()
        odds = ann.locator("#odds-list")
        expect(odds.locator("li")).to_have_count(4)
        heard = odds.aria_snapshot()
        # Four list items, each an outcome in words and its chance in the page's own numbers.
        for outcome in ("fail", "tie", "success", "success_with_style"):
            word = re.escape(said(lang, f"outcome.{outcome}"))
            item = odds.locator(f"li[data-outcome={outcome}]").aria_snapshot()
            assert re.search(rf"text: {word}\s+- strong: {PERCENT[lang]}$", item), item
        if lang != "en":
            assert not re.search(r"\d\.\d", heard), heard
        # The line above it: the two sides on the ladder, in words.
        passive = ann.locator(".odds-box .hint").first.inner_text()
        ladder = [v for k, v in catalog(lang).items() if k.startswith("ladder.")]
        assert sum(name in passive for name in ladder) >= 2, passive
        assert unnamed_controls(ann) == []
        assert ann.evaluate(UNTRANSLATED, lang) == []
        ann.keyboard.press("Escape")
        # After blank dice against Great (+4), one short: the advice and each choice's chance.
        roll = {"actor": "ruth", "skill": "athletics", "action": "overcome", "difficulty": 4}
        command(server, table, ann_link, "Roll", {**roll, "dice": "0000"})
        advice = ann.locator(".invoke-advice")
        expect(advice.locator(".advice-chances li")).to_have_count(3)
        choice = advice.get_attribute("data-choice")
        heard = advice.aria_snapshot()
        if choice == "nothing":
            assert said(lang, "advice.nothing") in heard, heard
        else:
            # The advice names the aspect it would invoke first, and how it is paid for.
            named = advice.locator(".aspect-name").first.inner_text()
            ways = [said(lang, f"advice.how.{how}") for how in ("free", "paid")]
            lines = [said(lang, f"advice.{choice}_on", aspect=named, how=w) for w in ways]
            assert any(line in heard for line in lines), (heard, lines)
        chances = advice.locator(".advice-chances li").all_inner_texts()
        for text in chances:
            assert re.search(PERCENT[lang], text), chances
        as_it_is = said(lang, "advice.chance", choice=said(lang, "advice.option.nothing"), p="")
        assert any(text.startswith(as_it_is) for text in chances), chances
        # The roll's line in the log: who, a pause, then what ("Ann: Ruth: Overcome..."), where
        # a reader used to run the seat's name into the line ("Ann Ruth: Overcome...").
        line = ann.locator("#log-list li[data-type=RollMade]").first.aria_snapshot()
        assert re.search(r"(text|listitem): \"?Ann ?: Ruth", line), line
        assert unnamed_controls(ann) == []
        assert ann.evaluate(UNTRANSLATED, lang) == []


#: The controls to press on a page: every visible, enabled button outside the dialog, in
#: document order, marked so each is found again after a redraw (by id, where it has one). The
#: safety signals are left out: they go on the socket, which the test does not hold back.
BUTTONS = """
() => [...document.querySelectorAll("button")]
  .filter((b) => !b.closest("dialog, .safety-menu, #safety-signals") && b.checkVisibility() && !b.disabled)
  .map((b, i) => {
    if (!b.id) b.dataset.walk = String(i);
    return b.id ? `[id="${b.id}"]` : `[data-walk="${i}"]`;
  })
"""
IDLE = "() => window.__agent.idle()"
FOCUS_IN = """() => {
  const d = document.getElementById("dialog"), a = document.activeElement;
  return d.open && d.contains(a) && a.matches("input, select, textarea, button") ? a.id || a.tagName : "";
}"""


def walk_dialogs(page: Any) -> list[str]:
    """Press each control of `page` from the keyboard; for each that opens the dialog, check
    where the focus goes and comes back. The dialogs' titles, in the order opened."""
    from playwright.sync_api import expect

    # Nothing the page sends reaches the table: every control can be pressed, and the page
    # stays as it is (a refused request is shown, and changes nothing).
    page.route(
        "**/*", lambda route: route.abort() if route.request.method == "POST" else route.fallback()
    )
    dialog = page.locator("#dialog")
    opened: list[str] = []
    for where in page.evaluate(BUTTONS):
        control = page.locator(where)
        if control.count() != 1 or not control.is_visible() or not control.is_enabled():
            continue  # gone with a redraw a press before it caused
        control.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(IDLE, polling=20)
        if not dialog.evaluate("d => d.open"):
            continue
        title = page.locator("#dialog-title").inner_text()
        opened.append(title)
        assert page.evaluate(FOCUS_IN), f"{where} opened {title!r}: the focus stayed outside"
        assert unnamed_controls(page) == [], title
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        back = page.evaluate(
            "(where) => document.activeElement === document.querySelector(where)", where
        )
        assert back, (
            f"{where} opened {title!r}: the focus went to {page.evaluate('document.activeElement.outerHTML.slice(0, 80)')}"
        )
    return opened


@pytest.mark.parametrize("locale", ["ru-RU", "sv-SE"])
def test_every_dialog_takes_the_focus_and_gives_it_back(
    server: str, browser: Any, locale: str
) -> None:
    """The GM's page and the player's in a conflict with a hit waiting and a roll in play, each
    with all its dialogs: new characters, imports, rolls, attacks, compels, notes, undo, the
    scene's and the table's tools."""
    table, gm_link, ann_link = hit_on_ruth(server)
    command(server, table, ann_link, "Absorb", {"boxes": [0, 1]})
    desk = {"viewport": {"width": 1280, "height": 900}}
    seen = {}
    for who, link in (("gm", gm_link), ("ann", ann_link)):
        with seat_page(browser, server, link, locale, **desk) as page:
            page.add_init_script(PROBE)
            page.reload()
            page.wait_for_selector("#log-list")
            seen[who] = walk_dialogs(page)
    # Many dialogs on each (a walk that opened a handful would say little).
    assert len(seen["gm"]) >= 10, seen
    assert len(seen["ann"]) >= 4, seen


def test_a_safety_note_survives_the_page_drawn_whole(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table, gm_link, ann_link = scene_with_ruth(server)
    command(server, table, ann_link, "RaiseSignal", {"tool": "x-card"})
    desk = {"viewport": {"width": 1280, "height": 900}}
    with seat_page(browser, server, gm_link, "en-GB", **desk) as gm:
        signal = gm.locator("#safety-signals .safety-signal[data-tool='x-card']")
        note = signal.locator("input[id^='safety-note-']")
        note.fill("No drowning tonight.")
        # The page drawn whole in another language: the note, typed in, stays.
        gm.select_option("#language", "it")
        expect(signal).to_contain_text(said("it", "safety.raised.x-card"))
        expect(note).to_have_value("No drowning tonight.")
        # The connection lost and found again: the table comes whole, the page is drawn anew.
        live = gm.locator("#connection.live")
        gm.context.set_offline(True)
        expect(live).to_have_count(0)
        gm.context.set_offline(False)
        expect(live).to_have_count(1)
        expect(note).to_have_value("No drowning tonight.")
        # Another seat raises a pause while the GM types: the signals are drawn again, the
        # note and the focus stay.
        note.focus()
        gm.keyboard.type(" Thanks.")
        command(server, table, ann_link, "RaiseSignal", {"tool": "pause"})
        expect(gm.locator("#safety-signals .safety-signal")).to_have_count(2)
        expect(note).to_have_value("No drowning tonight. Thanks.")
        expect(note).to_be_focused()
        signal.get_by_role("button", name=said("it", "safety.answer")).click()
        expect(signal).to_have_count(0)
        expect(gm.locator("#log-list li").first).to_contain_text("No drowning tonight. Thanks.")
