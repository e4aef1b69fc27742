"""A fight by keyboard alone (issue 43, item 2: "a conflict, a hit taken"): the GM in Russian
attacks, a Swedish player on a phone takes the hit with a stress box and a consequence, then
concedes; every move by Tab, Shift-Tab, Enter, Space, the arrows and typing, never a click nor a
focus from a script, and the focus never dropped to the page's body on the way.

The keyboard agent's own evenings reach the same moves at random (tests/web/agent/keyboard.py);
this walk makes sure of them in `make test` whatever the seeds draw.
"""

from __future__ import annotations

from typing import Any

from tests.web.test_keyboard_page import ACTIVE, seat_page, tab_to
from tests.web.test_refusals_page import fight_on_a_map

#: The plan of a hit taken with stress boxes and a consequence both (the panel lists its plans as
#: radios, each label a span naming the boxes and one, led by a space, per consequence), and how
#: many boxes it marks.
BOTH = r"""
() => {
  for (const r of document.querySelectorAll("#pending-hit input[name=absorb-plan]")) {
    const spans = [...document.querySelector(`label[for="${r.id}"]`).children];
    if (spans.length >= 2 && !spans[0].textContent.startsWith(" "))
      return [r.id, (spans[0].textContent.match(/\d+/g) || []).length];
  }
  return [null, 0];
}
"""


def choose(page: Any, selector: str, value: str) -> None:
    """Tab to a select and choose `value` with the arrows; the focus stays on it all the way
    (a choice may redraw its form)."""
    tab_to(page, selector)
    values = page.eval_on_selector(
        selector, "(el) => [...el.options].filter((o) => !o.disabled).map((o) => o.value)"
    )
    assert value in values, (selector, values)
    for _ in range(len(values)):
        at = values.index(page.locator(selector).input_value())
        if at == values.index(value):
            break
        page.keyboard.press("ArrowDown" if values.index(value) > at else "ArrowUp")
        assert page.evaluate(
            "(s) => document.activeElement && document.activeElement.matches(s)", selector
        ), f"the focus left {selector} when the arrows chose in it"
    assert page.locator(selector).input_value() == value


def type_into(page: Any, selector: str, text: str) -> None:
    tab_to(page, selector)
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type(text)


def kept_focus(page: Any) -> str:
    focused: str = page.evaluate(ACTIVE)
    assert focused, "the focus dropped to the page's body"
    return focused


def test_an_attack_and_a_hit_taken_and_a_concession_by_keyboard(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    _, gm_link, ann_link, _ = fight_on_a_map(server, first="alice")
    with (
        seat_page(browser, server, gm_link, "ru-RU") as gm,
        seat_page(browser, server, ann_link, "sv-SE", (390, 844)) as ann,
    ):
        # The GM's Alice attacks Ruth: the attack's dialog, its target by the arrows, the dice
        # typed (a table rolling real dice), sent by Enter. Ruth is a zone away: Shoot is the
        # only skill offered.
        tab_to(gm, "#attack-alice")
        gm.keyboard.press("Enter")
        expect(gm.locator("#attack-form")).to_be_visible()
        choose(gm, "#attack-target", "ruth")
        expect(gm.locator("#attack-skill")).to_have_value("shoot")
        type_into(gm, "#attack-dice", "++++")
        if gm.locator("#attack-defend-dice").count():
            type_into(gm, "#attack-defend-dice", "----")
        tab_to(gm, "#attack-form-submit")
        gm.keyboard.press("Enter")
        expect(gm.locator("#dialog")).not_to_be_visible()
        kept_focus(gm)
        # Shoot +0 and four pluses against Athletics +3 and four minuses: a hit of 5 shifts,
        # settled by keys.
        tab_to(gm, ".resolve-button")
        gm.keyboard.press("Space")
        hit = ann.locator("#pending-hit")
        expect(hit).to_have_attribute("data-shifts", "5")
        expect(gm.locator("#pending-hit")).to_have_attribute("data-shifts", "5")
        kept_focus(gm)

        # Ann takes it on her phone with a stress box and a consequence: the plan chosen by the
        # arrows in its radio group, the consequence named, the hit taken by Enter.
        plan, boxes = ann.evaluate(BOTH)
        assert plan, "no plan takes the hit with stress and a consequence"
        tab_to(ann, "#pending-hit input[name=absorb-plan]")
        for _ in range(8):
            if ann.locator(f"#{plan}").is_checked():
                break
            ann.keyboard.press("ArrowDown")
        expect(ann.locator(f"#{plan}")).to_be_checked()
        expect(ann.locator(f"#{plan}")).to_be_focused()
        named = ann.locator("#pending-hit [id^=consequence-name-]")
        expect(named).to_have_count(1)
        slot = named.get_attribute("id").removeprefix("consequence-name-")
        type_into(ann, f"#consequence-name-{slot}", "Brutna revben")
        tab_to(ann, "#absorb-button")
        ann.keyboard.press("Enter")
        expect(ann.locator("#pending-hit")).to_have_count(0)
        expect(ann.locator(f"#slot-ruth-{slot} .aspect-name")).to_have_text("Brutna revben")
        expect(gm.locator(f"#slot-ruth-{slot} .aspect-name")).to_have_text("Brutna revben")
        # The panel went with the button: the focus is on a heading near it, not on the body.
        kept_focus(ann)
        assert boxes >= 1
        expect(gm.locator("#stress-ruth-physical .box.marked")).to_have_count(boxes)
        expect(ann.locator("#stress-ruth-physical .box.marked")).to_have_count(boxes)

        # The GM ends Alice's turn, handing it to Ruth; Ann concedes by keys.
        choose(gm, "#next-alice", "ruth")
        tab_to(gm, "#end-turn-alice")
        gm.keyboard.press("Enter")
        expect(ann.locator("#fighter-ruth.current")).to_be_visible()
        tab_to(ann, "#concede-ruth")
        ann.keyboard.press("Enter")
        expect(ann.locator("#concede-form")).to_be_visible()
        tab_to(ann, "#concede-form-submit")
        ann.keyboard.press("Enter")
        expect(gm.locator("#fighter-ruth")).to_have_attribute("data-status", "conceded")
        kept_focus(ann)
