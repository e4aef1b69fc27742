"""A page a screen reader and large text can play (issue 43, items 1 and 3), checked in Chromium:
what its accessibility tree says of a scene in each language (stress boxes, a roll's verdict,
fate points, consequences), other seats' moves said in one polite live region with a burst
said as one summary, dialogs that take focus and give it back, every control named, and the
seat's large-text and high-contrast display at 320 px and on a touch screen.

The table is set up over HTTP; the pages follow it over their sockets."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.web.test_evening_page import TIMEOUT, hit_on_ruth, scene_with_ruth
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import call, catalog, command


@contextmanager
def seat_page(browser: Any, server: str, link: str, locale: str, **options: Any) -> Iterator[Any]:
    """The page of the seat at ``link`` in a context of its own (a phone unless ``options`` say
    otherwise); a script error on it fails the test."""
    errors: list[str] = []
    context = browser.new_context(
        locale=locale, **{"viewport": {"width": 390, "height": 844}, **options}
    )
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{server}/#link={link}")
    page.wait_for_selector("#log-list")
    try:
        yield page
        assert errors == []
    finally:
        context.close()


def said(lang: str, key: str, **args: Any) -> str:
    """A catalog text of ``lang`` with its placeholders filled, worked out apart from the page."""
    text = catalog(lang)[key]
    for name, value in args.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def unnamed_controls(page: Any) -> list[str]:
    """The controls in the accessibility tree Chromium builds that have no name a screen reader
    could say (read over the DevTools protocol, the tree assistive technology is handed)."""
    session = page.context.new_cdp_session(page)
    try:
        nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        session.detach()
    controls = {"button", "link", "combobox", "textbox", "checkbox", "radio", "spinbutton"}
    out = []
    for node in nodes:
        if node.get("ignored"):
            continue
        role = node.get("role", {}).get("value")
        name = str(node.get("name", {}).get("value", "")).strip()
        if role in controls and not name:
            out.append(f"{role} #{node.get('backendDOMNodeId')}")
    return out


# -- item 1: a scene read as words ------------------------------------------------------------

LOCALES = ["en-GB", "ru-RU", "it-IT", "sv-SE"]


@pytest.mark.parametrize("locale", LOCALES)
def test_a_hit_taken_reads_as_words_in_the_accessibility_tree(
    server: str, browser: Any, locale: str
) -> None:
    lang = locale[:2]
    table, _gm_link, ann_link = hit_on_ruth(server)
    # Ruth takes the 2 shifts on two of her three 1-shift physical boxes.
    command(server, table, ann_link, "Absorb", {"boxes": [0, 1]})
    with seat_page(browser, server, ann_link, locale) as ann:
        from playwright.sync_api import expect

        track = ann.locator("#stress-ruth-physical")
        expect(track.get_by_role("img")).to_have_count(3)
        tree = track.aria_snapshot()
        checked, free = said(lang, "box.checked"), said(lang, "box.free")
        for i, state in [(1, checked), (2, checked), (3, free)]:
            box = said(lang, "box.read_worth", i=i, count=3, n=1, state=state)
            assert f'img "{box}"' in tree, tree
        # Fate points as words (the coins are hidden from the reader); the consequence slots
        # by their severity and what they hold.
        points = ann.locator("#char-ruth .fate-points").aria_snapshot()
        assert said(lang, "fp.count", n=3) in points, points
        slots = ann.locator("#char-ruth .consequences").aria_snapshot()
        assert said(lang, "severity.mild") in slots and said(lang, "consequence.empty") in slots
        assert unnamed_controls(ann) == []
        assert ann.evaluate(UNTRANSLATED, lang) == []


@pytest.mark.parametrize("locale", LOCALES)
def test_a_rolls_verdict_reads_as_words(server: str, browser: Any, locale: str) -> None:
    lang = locale[:2]
    table, _, ann_link = scene_with_ruth(server)
    roll = {"actor": "ruth", "skill": "athletics", "action": "overcome", "difficulty": 1}
    command(server, table, ann_link, "Roll", {**roll, "dice": "+0-+"})
    with seat_page(browser, server, ann_link, locale) as ann:
        card = ann.locator(".roll-card[data-actor=ruth]")
        verdict = card.locator(".roll-verdict").aria_snapshot()
        # Ladder names against each other, and the outcome in words: "Great (+4) against
        # Average (+1): Success with style (3 shifts)".
        ladder = [v for k, v in catalog(lang).items() if k.startswith("ladder.")]
        assert sum(name in verdict for name in ladder) >= 2 or verdict.count("(") >= 2, verdict
        outcomes = [said(lang, f"outcome.{o}") for o in ("success", "success_with_style")]
        assert any(o in verdict for o in outcomes), verdict
        assert "+0-+" not in card.aria_snapshot()
        assert unnamed_controls(ann) == []
        assert ann.evaluate(UNTRANSLATED, lang) == []


@pytest.mark.parametrize("locale", ["it-IT", "sv-SE"])
def test_a_countdowns_boxes_are_read(server: str, browser: Any, locale: str) -> None:
    lang = locale[:2]
    made = call(server, "/tables", {"name": "Il ponte", "options": ["countdowns"]})
    table, gm_link = made["table_id"], made["link"]
    command(server, table, gm_link, "StartScene", {"name": "The bridge", "participants": []})
    countdown = {
        "countdown_id": "tide",
        "name": "The tide",
        "boxes": 3,
        "outcome": "It floods",
        "triggers": ["an hour passes"],
    }
    command(server, table, gm_link, "AddCountdown", countdown)
    with seat_page(browser, server, gm_link, locale) as gm:
        from playwright.sync_api import expect

        countdown = gm.locator("#countdown-tide")
        expect(countdown.get_by_role("img")).to_have_count(3)
        gm.locator("#countdown-tide-mark").click()
        first = said(lang, "box.read", i=1, count=3, state=said(lang, "box.checked"))
        expect(countdown.get_by_role("img", name=first, exact=True)).to_have_count(1)


# -- other seats' moves, said ------------------------------------------------------------------


def test_other_seats_moves_are_said_and_a_burst_is_one_summary(server: str, browser: Any) -> None:
    """The page's clock is held, so what the live region says is decided by the moves alone: a
    burst of four moves by the GM is said once, as a count and the latest; a single move after
    it is said as its own line; the seat's own move is not said at all."""
    from playwright.sync_api import expect

    table, gm_link, ann_link = scene_with_ruth(server)
    with seat_page(browser, server, ann_link, "sv-SE") as ann:
        # The page's timers run only when the test says (the socket's messages still come).
        ann.clock.install()
        ann.clock.pause_at(int(time.time() * 1000) + 60_000)
        moves = ann.locator("#moves")
        lines = ann.locator("#log-list li")
        before = lines.count()
        for name in ["Dimma", "Hala planka", "Mörker"]:
            command(server, table, gm_link, "AddSituationAspect", {"name": name})
        roll = {"actor": "alice", "skill": "fight", "action": "overcome", "difficulty": 1}
        command(server, table, gm_link, "Roll", {**roll, "dice": "+-0+"})
        expect(lines).to_have_count(before + 4)
        # Gathering: nothing said yet.
        assert moves.inner_text() == ""
        ann.clock.run_for(2000)
        expect(moves.locator("p")).to_have_count(1)
        text = moves.inner_text()
        assert text.startswith(said("sv", "announce.burst", n=4, who="GM").split("{latest}")[0])
        # The latest is the roll, its dice said as words, never as "+-0+".
        heard = moves.aria_snapshot()
        assert said("sv", "dice.face.minus") in heard and "+-0+" not in heard
        # Built from the catalog, the names marked as typed (the untranslated-text check holds).
        assert ann.evaluate(UNTRANSLATED, "sv") == []
        # A single move is said alone, as its log line.
        command(server, table, gm_link, "AddSituationAspect", {"name": "Regn"})
        expect(lines).to_have_count(before + 5)
        ann.clock.run_for(2000)
        expect(moves).to_contain_text("Regn")
        # Said after the seat's name, set apart ("GM: GM satte Regn i spel").
        assert moves.inner_text().startswith(said("sv", "announce.by", who="GM", line=""))
        assert "4" not in moves.inner_text()
        # Her own move: her page answered it; the region does not repeat it.
        command(server, table, ann_link, "Note", {"text": "Ebb", "visibility": "public"})
        expect(lines).to_have_count(before + 6)
        ann.clock.run_for(2000)
        assert "Ebb" not in moves.inner_text()


# -- dialogs -------------------------------------------------------------------------------------


@pytest.mark.parametrize("locale", ["it-IT", "ru-RU"])
def test_a_dialog_takes_focus_and_gives_it_back(server: str, browser: Any, locale: str) -> None:
    from playwright.sync_api import expect

    _, gm_link, _ = scene_with_ruth(server)
    with seat_page(browser, server, gm_link, locale, viewport={"width": 1280, "height": 900}) as gm:
        opener = gm.locator("#secret-roll")
        opener.focus()
        gm.keyboard.press("Enter")
        dialog = gm.locator("#dialog")
        expect(dialog).to_be_visible()
        # Focus is on the dialog's first control, inside it.
        assert gm.evaluate(
            "() => document.getElementById('dialog').contains(document.activeElement)"
            " && document.activeElement.matches('input, select, textarea, button')"
        )
        assert unnamed_controls(gm) == []
        gm.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        expect(opener).to_be_focused()


# -- item 3: text that can be read ---------------------------------------------------------------

WIDE = """() => ({
  scroll: document.documentElement.scrollWidth,
  client: document.documentElement.clientWidth,
  over: [...document.querySelectorAll("body *")]
    .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
    .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className}`)
    .slice(0, 8),
})"""

SMALL_TARGETS = """() => [...document.querySelectorAll(
    "button, select, summary, a[href], input:not([type=checkbox]):not([type=radio])")]
  .filter((e) => e.getClientRects().length && !e.closest("[hidden]") && getComputedStyle(e).visibility !== "hidden")
  .filter((e) => e.getBoundingClientRect().height < 43.5)
  .map((e) => `${e.tagName.toLowerCase()}#${e.id} ${Math.round(e.getBoundingClientRect().height)}px`)"""


def choose_display(page: Any, text: str | None = None, contrast: str | None = None) -> None:
    page.locator("#display-open").click()
    if text:
        page.select_option("#display-text", text)
    if contrast:
        page.select_option("#display-contrast", contrast)
    page.locator("#display-open").click()


def fits(page: Any) -> None:
    found = page.evaluate(WIDE)
    assert found["scroll"] <= found["client"], found


def test_a_swedish_phone_at_320_px_with_large_text(server: str, browser: Any) -> None:
    """Large text on the narrowest phone, through a scene, a roll, a compel and a hit: nothing
    scrolls sideways, every target is a finger's size, and the choice stays with the seat."""
    from playwright.sync_api import expect

    table, gm_link, ann_link = hit_on_ruth(server)
    phone = {"viewport": {"width": 320, "height": 640}, "has_touch": True, "is_mobile": True}
    with seat_page(browser, server, ann_link, "sv-SE", **phone) as ann:
        choose_display(ann, text="large")
        assert ann.evaluate("() => document.documentElement.dataset.text") == "large"
        assert ann.evaluate("() => getComputedStyle(document.documentElement).fontSize") == "20px"
        fits(ann)
        assert ann.evaluate(SMALL_TARGETS) == []
        # The hit taken on the phone, then a compel offered to her.
        command(server, table, ann_link, "Absorb", {"boxes": [0, 1]})
        expect(ann.locator("#stress-ruth-physical .box.marked")).to_have_count(2)
        compel = {"aspect_id": "ruth/trouble/1", "target": "ruth", "complication": "En fordran"}
        command(server, table, gm_link, "OfferCompel", compel)
        expect(ann.locator("#compels .compel")).to_have_count(1)
        fits(ann)
        assert ann.evaluate(SMALL_TARGETS) == []
        # Kept for the seat: the page opened again is still large.
        ann.reload()
        ann.wait_for_selector("#log-list")
        assert ann.evaluate("() => document.documentElement.dataset.text") == "large"
        fits(ann)


def test_the_display_is_chosen_per_seat(server: str, browser: Any) -> None:
    _, gm_link, ann_link = scene_with_ruth(server)
    with seat_page(browser, server, ann_link, "en-GB") as page:
        choose_display(page, text="large", contrast="high")
        page.goto(f"{server}/#link={gm_link}")
        page.wait_for_function("() => document.querySelector('#secret-roll')")
        # A seat with no choice of its own starts as this browser last chose; its own choice
        # is its own.
        assert page.evaluate("() => document.documentElement.dataset.text") == "large"
        choose_display(page, text="standard", contrast="standard")
        page.goto(f"{server}/#link={ann_link}")
        page.wait_for_function("() => !document.querySelector('#secret-roll')")
        page.wait_for_selector("#char-ruth")
        root = page.evaluate("() => ({...document.documentElement.dataset})")
        assert (root["text"], root["contrast"]) == ("large", "high")


@pytest.mark.parametrize("width", [320, 640])
def test_the_gm_page_holds_at_200_percent_zoom_and_320_px(
    server: str, browser: Any, width: int
) -> None:
    """200 % zoom on a 1280 px screen lays the page out 640 CSS pixels wide; the narrowest phone
    is 320. The GM's page, the fullest, with large text: no sideways scroll."""
    _table, gm_link, _ = hit_on_ruth(server)
    view = {"viewport": {"width": width, "height": 700}}
    with seat_page(browser, server, gm_link, "it-IT", **view) as gm:
        choose_display(gm, text="large")
        fits(gm)


def test_a_russian_player_with_high_contrast_passes_axe(server: str, browser: Any) -> None:
    from axe_playwright_python.sync_playwright import Axe

    _table, _gm_link, ann_link = hit_on_ruth(server)
    with seat_page(browser, server, ann_link, "ru-RU") as ann:
        choose_display(ann, contrast="high")
        ink = ann.evaluate("() => getComputedStyle(document.body).color")
        assert ink == "rgb(0, 0, 0)"
        found = Axe().run(ann).response["violations"]
        assert [
            v["id"] for v in found if v["id"] in ("color-contrast", "button-name", "label")
        ] == []


def test_a_tablets_targets_are_a_fingers_size(server: str, browser: Any) -> None:
    """Touch targets are 44 px on any touch screen, not only below a phone's width: the GM's
    page on a tablet had 29 px buttons and a 35 px safety menu."""
    _, gm_link, _ = hit_on_ruth(server)
    tablet = {"viewport": {"width": 820, "height": 1180}, "has_touch": True, "is_mobile": True}
    with seat_page(browser, server, gm_link, "it-IT", **tablet) as gm:
        assert gm.evaluate(SMALL_TARGETS) == []
        fits(gm)


def test_large_text_on_a_laptop_stacks_the_columns(server: str, browser: Any) -> None:
    """Three columns need 54 rem: with large text at 1000 px they overflowed by 140 px."""
    _, gm_link, _ = hit_on_ruth(server)
    with seat_page(
        browser, server, gm_link, "en-GB", viewport={"width": 1000, "height": 800}
    ) as gm:
        choose_display(gm, text="large")
        fits(gm)


def test_the_device_asking_for_more_contrast_is_followed(server: str, browser: Any) -> None:
    _, _, ann_link = scene_with_ruth(server)
    with seat_page(browser, server, ann_link, "en-GB", contrast="more") as ann:
        assert ann.evaluate("() => getComputedStyle(document.body).color") == "rgb(0, 0, 0)"
        choose_display(ann, contrast="standard")
        assert ann.evaluate("() => getComputedStyle(document.body).color") != "rgb(0, 0, 0)"


# -- the evening played --------------------------------------------------------------------------


def test_an_evening_for_an_italian_gm_a_swedish_phone_and_a_russian_player(
    server: str, browser: Any
) -> None:
    """A compel, a roll and a hit taken, played on the pages: the GM in Italian at a desk, Ann
    in Swedish on a 320 px touch phone with large text, Boris in Russian with high contrast.
    At each step Ann's page fits, her targets are a finger's size and every control is named;
    Boris hears the others' moves and his page passes axe."""
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import expect

    table, gm_link, ann_link = scene_with_ruth(server)
    boris_link = call(
        server, f"/tables/{table}/seats", {"name": "Boris", "role": "player"}, gm_link
    )["link"]
    phone = {"viewport": {"width": 320, "height": 640}, "has_touch": True, "is_mobile": True}
    desk = {"viewport": {"width": 1280, "height": 900}}
    with (
        seat_page(browser, server, gm_link, "it-IT", **desk) as gm,
        seat_page(browser, server, ann_link, "sv-SE", **phone) as ann,
        seat_page(
            browser, server, boris_link, "ru-RU", viewport={"width": 1024, "height": 800}
        ) as boris,
    ):

        def ann_can_play() -> None:
            fits(ann)
            assert ann.evaluate(SMALL_TARGETS) == []
            assert unnamed_controls(ann) == []

        choose_display(ann, text="large")
        choose_display(boris, contrast="high")
        gm.locator("#char-ruth .aspect.trouble button").first.click()
        gm.fill("#compel-complication", "Un creditore la aspetta")
        gm.click("#compel-form-submit")
        compel = ann.locator("#compels .compel")
        expect(compel).to_have_count(1)
        ann_can_play()
        compel.get_by_role("button", name=said("sv", "compel.accept")).click()
        expect(compel).to_have_count(0)
        # The roll, from the keyboard: the dialog starts at its first field.
        ann.locator("#new-roll").focus()
        ann.keyboard.press("Enter")
        expect(ann.locator("#roll-actor")).to_be_focused()
        ann_can_play()
        ann.fill("#roll-dice", "+0-+")
        ann.click("#roll-form-submit")
        card = ann.locator(".roll-card[data-actor=ruth]")
        expect(
            card.get_by_role("img", name=re.compile(said("sv", "dice.face.plus")))
        ).to_have_count(1)
        ann_can_play()
        card.locator(".resolve-button").first.click()
        expect(card).to_have_count(0)
        expect(boris.locator("#moves")).to_contain_text("Ann")
        # The hit, taken on the phone.
        sides = [["heroes", ["ruth"]], ["cult", ["alice"]]]
        command(server, table, gm_link, "StartConflict", {"sides": sides, "first": "alice"})
        attack = {"actor": "alice", "target": "ruth", "skill": "fight", "dice": "+++0"}
        command(server, table, gm_link, "Attack", attack)
        command(server, table, gm_link, "ResolveRoll", {"option": "hit"})
        expect(ann.locator("#pending-hit")).to_have_count(1)
        ann_can_play()
        ann.click("#absorb-button")
        expect(ann.locator("#pending-hit")).to_have_count(0)
        checked = said("sv", "box.read_worth", i=1, count=3, n=1, state=said("sv", "box.checked"))
        expect(ann.locator("#stress-ruth-physical").get_by_role("img", name=checked)).to_have_count(
            1
        )
        ann_can_play()
        violations = Axe().run(boris).response["violations"]
        assert [(v["id"], v["impact"]) for v in violations] == []
        for page, lang in ((gm, "it"), (ann, "sv"), (boris, "ru")):
            assert page.evaluate(UNTRANSLATED, lang) == []
