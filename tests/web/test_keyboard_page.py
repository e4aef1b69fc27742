"""The page by keyboard alone (issue 43, item 2): what the keyboard agent found, each fixed and
checked here with keys only (Tab, Shift-Tab, Enter, Space, the arrows, Escape; never a click nor
a focus from a script), and the agent's own evenings (tests/web/agent/keyboard.py), which fail
on a control Tab cannot reach or keys cannot work, a focus dropped to the page's body, a focus
nobody can see (each seat in one of the standard, large-text and high-contrast displays) and a
drag with no keyboard way.

- A dialog refused keeps the focus on its send button (it was disabled while sending, and a
  disabled button hands the focus to the page's body: the refused person was nowhere).
- A signal raised or answered (the safety tools) keeps the focus on the menu, or on the nearest
  panel's heading once the signal is gone (the menu closed under it, the signal went: dropped).
- A button whose whole panel goes with it (a compel taken) leaves the focus on the next panel's
  heading (it dropped to the page's body), and a heading holding the focus keeps it when another
  seat's move redraws its panel (it was drawn anew without the tabindex that let it hold focus).
- A dialog sent gives the focus back as it closes, to its opener drawn anew meanwhile (it waited
  for the dialog's close event, with the focus on the page's body until then).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.web.agent.detectors import known
from tests.web.agent.keyboard import KINDS, STATE, THEMES, KeyboardEvening
from tests.web.test_evening_page import scene_with_ruth
from tests.web.test_refusals_page import fight_on_a_map
from tests.web.test_turns import command

TIMEOUT = 15_000
#: The keyboard agent's evenings in `make test`: one, short (a tenth of the page agent's steps:
#: each key is a round trip to the browser, and CI must stay well under 30 minutes); a fight by
#: keys is walked step by step in test_keyboard_fight_page.py, and `make soak-keyboard` plays
#: many more evenings, longer.
SEEDS = (1,)
STEPS = 30

ACTIVE = "() => document.activeElement && document.activeElement !== document.body ? (document.activeElement.id || document.activeElement.tagName) : ''"


@contextmanager
def seat_page(
    browser: Any, server: str, link: str, locale: str, size: tuple[int, int] = (1280, 900)
) -> Iterator[Any]:
    errors: list[str] = []
    context = browser.new_context(locale=locale, viewport={"width": size[0], "height": size[1]})
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


def tab_to(page: Any, selector: str) -> None:
    """Tab until `selector` has the focus (at most two passes through the page)."""
    stops = page.evaluate(
        "() => document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]').length"
    )
    for _ in range(2 * stops + 2):
        if page.evaluate(
            "(s) => document.activeElement && document.activeElement.matches(s)", selector
        ):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_a_refused_dialog_keeps_the_focus_on_its_send_button(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    _, _, ann_link, _ = fight_on_a_map(server)
    with seat_page(browser, server, ann_link, "sv-SE") as ann:
        tab_to(ann, "#overcome-ruth")
        ann.keyboard.press("Enter")
        expect(ann.locator("#conflict-move-to")).to_be_visible()
        tab_to(ann, "#conflict-move-to")
        # The island is out of any move's reach: the rules refuse it.
        for _ in range(5):
            if ann.locator("#conflict-move-to").input_value() == "island":
                break
            ann.keyboard.press("ArrowDown")
        assert ann.locator("#conflict-move-to").input_value() == "island"
        tab_to(ann, "#conflict-roll-form-submit")
        ann.keyboard.press("Enter")
        expect(ann.locator("#dialog p.refusal[data-error=illegal]")).to_be_visible()
        expect(ann.locator("#conflict-roll-form-submit")).to_be_focused()
        # Shift-Tab goes back through the dialog from there; Escape leaves it, and the focus
        # goes back to the button that opened it.
        ann.keyboard.press("Escape")
        expect(ann.locator("#dialog")).not_to_be_visible()
        expect(ann.locator("#overcome-ruth")).to_be_focused()


def test_the_focus_stays_near_when_its_panel_goes_and_when_another_seat_moves(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    table, gm_link, ann_link, _ = fight_on_a_map(server)
    with seat_page(browser, server, ann_link, "ru-RU") as ann:
        version = int(ann.evaluate("Number(document.body.dataset.version)"))
        command(
            server,
            table,
            gm_link,
            "OfferCompel",
            {
                "aspect_id": "ruth/trouble/1",
                "target": "ruth",
                "kind": "event",
                "complication": "Rain",
            },
        )
        ann.wait_for_function("(v) => Number(document.body.dataset.version) > v", arg=version)
        tab_to(ann, "#compels [id^=accept-]")
        ann.keyboard.press("Enter")
        # The compel taken, its panel is gone with the button: the focus is on the heading of
        # the next panel down the page (it dropped to the page's body).
        expect(ann.locator("#compels")).to_have_count(0)
        expect(ann.locator("#conflict-title")).to_be_focused()
        # The GM's move draws the conflict again, its heading too: the heading keeps the focus
        # (drawn anew without the tabindex that let it hold focus, it lost it).
        version = int(ann.evaluate("Number(document.body.dataset.version)"))
        command(
            server,
            table,
            gm_link,
            "AddSituationAspect",
            {"name": "Rain", "hidden": False, "free_invokes": []},
        )
        ann.wait_for_function("(v) => Number(document.body.dataset.version) > v", arg=version)
        expect(ann.locator("#scene")).to_contain_text("Rain")
        assert ann.evaluate(ACTIVE) == "conflict-title"
        # Tab goes on from there, down the page.
        ann.keyboard.press("Tab")
        assert ann.evaluate(
            "() => Boolean(document.getElementById('conflict-title').compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING)"
        )


def test_the_safety_tools_by_keyboard_keep_the_focus(server: str, browser: Any) -> None:
    """A player in Swedish raises a pause by keys, the GM in Russian answers it by keys: each
    keeps a focus (the menu closed under it, the signal was drawn anew under it, and it
    dropped to the page's body)."""
    from playwright.sync_api import expect

    _, gm_link, ann_link, _ = fight_on_a_map(server)
    with (
        seat_page(browser, server, ann_link, "sv-SE") as ann,
        seat_page(browser, server, gm_link, "ru-RU") as gm,
    ):
        tab_to(ann, "#safety-open")
        ann.keyboard.press("Enter")
        tab_to(ann, "#safety-raise-pause")
        ann.keyboard.press("Space")
        answer = gm.locator("[id^=safety-answer-]")
        expect(answer).to_have_count(1)
        # The menu closes at once (an open menu would tell who raised it): the focus is on it.
        expect(ann.locator("#safety-open")).to_be_focused()
        tab_to(gm, "[id^=safety-answer-]")
        gm.keyboard.press("Enter")
        expect(answer).to_have_count(0)
        # The signal answered is gone: the focus is on the nearest panel's heading.
        focused = gm.evaluate(ACTIVE)
        assert focused.endswith("-title"), focused


def test_choosing_a_language_by_keyboard_keeps_the_focus_on_the_choice(
    server: str, browser: Any
) -> None:
    """The language chosen with the arrows draws the whole page anew in it: the focus stays on
    the language select, so the next arrow chooses again (it dropped to the page's body: the
    keyboard agent's seed 43, step 97)."""
    from playwright.sync_api import expect

    _, _, ann_link, _ = fight_on_a_map(server)
    with seat_page(browser, server, ann_link, "sv-SE") as ann:
        tab_to(ann, "#language")
        # The list runs en, ru, it, sv: up from Swedish to Italian, then to Russian.
        for lang, title in (("it", "Lingua"), ("ru", "Язык")):
            ann.keyboard.press("ArrowUp")
            assert ann.locator("#language").input_value() == lang
            expect(ann.locator("html")).to_have_attribute("lang", lang)
            expect(ann.locator("label[for=language]")).to_have_text(title)
            expect(ann.locator("#language")).to_be_focused()


def choose_display(page: Any, text: str, contrast: str) -> None:
    """The header's Display menu, by keys: open it, pick the text size and the contrast."""
    tab_to(page, "#display-open")
    page.keyboard.press("Enter")
    for ident, wanted in (("display-text", text), ("display-contrast", contrast)):
        tab_to(page, f"#{ident}")
        chosen = page.locator(f"#{ident}")
        for _ in range(4):
            if chosen.input_value() == wanted:
                break
            page.keyboard.press("ArrowDown")
        assert chosen.input_value() == wanted


@pytest.mark.parametrize(("text", "contrast"), THEMES)
def test_every_stop_of_the_focus_order_shows_its_focus(
    server: str, browser: Any, text: str, contrast: str
) -> None:
    """One pass of Tab through the GM's page mid-conflict, in each display: each control the
    focus lands on draws an outline or a shadow it does not have unfocused."""
    _, gm_link, _, _ = fight_on_a_map(server)
    with seat_page(browser, server, gm_link, "it-IT") as gm:
        choose_display(gm, text, contrast)
        assert gm.evaluate("document.documentElement.dataset.contrast") == contrast
        first = gm.evaluate(STATE)
        unseen, seen = [], 0
        for _ in range(int(first["total"]) + 1):
            gm.keyboard.press("Tab")
            state = gm.evaluate(STATE)
            if state["visible"] is False:
                unseen.append(state["active"])
            seen += state["visible"] is True
        assert not unseen, f"no visible focus in {text}/{contrast}: {unseen}"
        # The pass went through the page (the menu, the turn's moves, the conflict, the GM's tools).
        assert seen > 40, seen


def test_the_focus_check_sees_a_focus_drawn_away(server: str, browser: Any) -> None:
    """The check above is no formality: buttons whose outline a style takes away are found."""
    _, gm_link, _, _ = fight_on_a_map(server)
    with seat_page(browser, server, gm_link, "en-GB") as gm:
        gm.evaluate(
            "() => { for (const b of document.querySelectorAll('#turn button')) b.style.outline = 'none'; }"
        )
        gm.evaluate(STATE)
        tab_to(gm, "#attack-ruth")
        assert gm.evaluate(STATE)["visible"] is False
        gm.keyboard.press("Shift+Tab")
        gm.keyboard.press("Tab")
        gm.keyboard.press("Tab")
        assert gm.evaluate(STATE)["visible"] is False


@pytest.mark.parametrize("seed", SEEDS)
def test_a_keyboard_evening_reaches_and_works_every_control_it_wants(
    server: str, browser: Any, seed: int
) -> None:
    """A seeded evening by keys alone: every control it wanted reached by Tab and worked by
    keys, the focus never dropped and always visible, in the three displays."""
    evening = KeyboardEvening(browser, server, seed, STEPS)
    done = evening.play()
    failing = [f for f in done.findings if known(f) is None]
    assert not failing, "\n".join(
        [f.line() for f in failing]
        + [
            "again, step by step: "
            f"python -m tests.web.agent.keyboard --seeds {seed} --steps {STEPS} --trail"
        ]
    )
    # It played: commands sent, keys pressed, and no pointer at all.
    assert sum(done.sent.values()) >= 5, done.setup
    assert evening.presses > 100
    assert {"standard/auto", "large/auto", "standard/high"} <= set(
        part.split(" ")[-1] for part in done.setup.split("; ")
    )
    assert set(KINDS) >= {f.kind for f in done.findings if f.kind in KINDS}


def test_a_difficulty_chosen_by_its_rule_of_thumb_keeps_the_focus(
    server: str, browser: Any
) -> None:
    """A rule of thumb under a difficulty ("Three reasons: Fantastic") pressed by keys sets the
    difficulty and is then shown chosen, so disabled: the focus goes to the difficulty's select,
    which shows the choice (it dropped to the page's body with the button: the keyboard agent's
    seed 43, steps 51 and 53)."""
    from playwright.sync_api import expect

    _, gm_link, _ = scene_with_ruth(server)
    with seat_page(browser, server, gm_link, "it-IT") as gm:
        tab_to(gm, "#start-challenge")
        gm.keyboard.press("Enter")
        expect(gm.locator("#start-challenge-form")).to_be_visible()
        chip = "#task-difficulty-1-guide .guide-choice:not([disabled])"
        expect(gm.locator(chip).first).to_be_visible()
        tab_to(gm, chip)
        rating = gm.evaluate("() => document.activeElement.dataset.rating")
        gm.keyboard.press("Enter")
        expect(gm.locator("#task-difficulty-1")).to_have_value(rating)
        expect(gm.locator("#task-difficulty-1")).to_be_focused()
        # Tab goes on from there to the next choice still offered, and Space presses it.
        tab_to(gm, chip)
        rating = gm.evaluate("() => document.activeElement.dataset.rating")
        gm.keyboard.press("Space")
        expect(gm.locator("#task-difficulty-1")).to_have_value(rating)
        expect(gm.locator("#task-difficulty-1")).to_be_focused()


def test_a_dialog_left_after_its_opener_went_keeps_the_focus(server: str, browser: Any) -> None:
    """A player opens a roll by keys; the GM ends the scene meanwhile, and the roll's button
    goes with it. Escape leaves the dialog, and the focus lands on a panel's heading, not on
    the page's body (the keyboard agent's seed 44 of `--evening`, step 116)."""
    from playwright.sync_api import expect

    table, gm_link, ann_link = scene_with_ruth(server)
    with seat_page(browser, server, ann_link, "sv-SE") as ann:
        tab_to(ann, "#new-roll")
        ann.keyboard.press("Enter")
        expect(ann.locator("#roll-form")).to_be_visible()
        version = int(ann.evaluate("Number(document.body.dataset.version)"))
        command(server, table, gm_link, "EndScene", {})
        ann.wait_for_function("(v) => Number(document.body.dataset.version) > v", arg=version)
        expect(ann.locator("#new-roll")).to_have_count(0)
        ann.keyboard.press("Escape")
        expect(ann.locator("#dialog")).not_to_be_visible()
        # The focus is given back once the dialog has closed (its close event comes after).
        ann.wait_for_function(
            "() => (document.activeElement?.id || '').endsWith('-title')", polling=50
        )
        # Tab goes on from there.
        ann.keyboard.press("Tab")
        assert ann.evaluate(ACTIVE)


#: What holds the focus at the moment the dialog closes (a mutation observer's callback runs
#: before any later task, the dialog's close event among them).
AT_CLOSE = """() => {
  window.__atClose = null;
  const dialog = document.getElementById("dialog");
  new MutationObserver(() => {
    if (!dialog.open && window.__atClose === null)
      window.__atClose = document.activeElement ? document.activeElement.id || document.activeElement.tagName : "";
  }).observe(dialog, { attributes: true, attributeFilter: ["open"] });
}"""


def test_a_dialog_sent_gives_the_focus_back_as_it_closes(server: str, browser: Any) -> None:
    """An Italian player declares a story detail by keys while the GM's move draws the button
    she opened it from anew: as the dialog closes, the focus is on the new button. It was on the
    page's body until the dialog's close event came, a task later, which a page the browser
    keeps in the background can hold back (the keyboard agent's seed 101, steps 126 and 143,
    found the body holding it)."""
    from playwright.sync_api import expect

    table, gm_link, ann_link = scene_with_ruth(server)
    opener = "declare-detail-alice_character_1"
    with seat_page(browser, server, ann_link, "it-IT") as ann:
        tab_to(ann, f"#{opener}")
        ann.keyboard.press("Enter")
        expect(ann.locator("#detail-form")).to_be_visible()
        ann.evaluate(f"() => {{ window.__opener = document.getElementById('{opener}'); }}")
        version = int(ann.evaluate("Number(document.body.dataset.version)"))
        command(
            server, table, gm_link, "CorrectFatePoints", {"character_id": "alice", "fate_points": 2}
        )
        ann.wait_for_function("(v) => Number(document.body.dataset.version) > v", arg=version)
        # The button was drawn anew under the dialog: the one the browser would go back to is gone.
        assert ann.evaluate(
            f"() => !window.__opener.isConnected && !!document.getElementById('{opener}')"
        )
        ann.evaluate(AT_CLOSE)
        tab_to(ann, "#detail-text")
        ann.keyboard.type("La notte è buia")
        tab_to(ann, "#detail-form-submit")
        ann.keyboard.press("Enter")
        expect(ann.locator("#dialog")).not_to_be_visible()
        assert ann.evaluate("() => window.__atClose") == opener
        expect(ann.locator(f"#{opener}")).to_be_focused()
