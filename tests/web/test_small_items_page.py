"""The smaller things issue 39's evening met, each as a person meets it: a renamed character's
earlier log lines take the new name; the conflict and contest dialogs name the sides as typed; the
invoke advice lists its choices apart and says what each costs; a create an advantage made on
someone may put its aspect on them; switching a compel from event to decision keeps what was
typed where it was typed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.sheets import ruth_sheet
from tests.web.test_evening_page import at_table, scene_with_ruth
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import catalog, command


def test_a_renamed_characters_earlier_lines_take_the_new_name(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table, gm_link, ann_link = scene_with_ruth(server)
    with at_table(browser, server, ann_link, "en-GB") as ann:
        roll = {"actor": "ruth", "skill": "athletics", "action": "overcome", "difficulty": 1}
        command(server, table, ann_link, "Roll", {**roll, "dice": "0000"})
        line = ann.locator("#log li[data-type=RollMade]").first
        expect(line).to_contain_text("Ruth:")
        sheet = json.loads(ruth_sheet())
        sheet["name"] = "Ruth Okafor"
        command(server, table, ann_link, "ResolveRoll", {})
        command(server, table, gm_link, "UpdateCharacter", {"sheet": json.dumps(sheet)})
        expect(line).to_contain_text("Ruth Okafor:")


def test_the_side_menus_name_the_sides_as_typed(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    _, gm_link, _ = scene_with_ruth(server)
    it = catalog("it")
    with at_table(browser, server, gm_link, "it-IT") as gm:
        for form in ("conflict", "contest"):
            gm.click(f"#start-{form}")
            side = gm.locator(f"#{form}-side-ruth")
            expect(side.locator("option[value=a]")).to_have_text(it["conflict.side_a"])
            gm.fill(f"#{form}-side-a", "La ciurma")
            gm.fill(f"#{form}-side-b", "Il culto")
            expect(side.locator("option[value=a]")).to_have_text("La ciurma")
            expect(side.locator("option[value=b]")).to_have_text("Il culto")
            gm.fill(f"#{form}-side-b", "")
            expect(side.locator("option[value=b]")).to_have_text(it["conflict.second_side"])
            assert gm.evaluate(UNTRANSLATED, "it") == []
            gm.keyboard.press("Escape")
        # The contest's harm and difficulty fields say the sides' names too.
        gm.click("#start-contest")
        gm.fill("#contest-side-a", "La ciurma")
        expect(gm.locator("#contest-difficulties")).to_contain_text("La ciurma")


@pytest.mark.rule("invoke.after-the-dice")
def test_the_invoke_advice_lists_each_choice_and_its_cost(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table, _, ann_link = scene_with_ruth(server)
    # Athletics +3 and blank dice against Great (+4): one short, one +2 invoke from success.
    roll = {"actor": "ruth", "skill": "athletics", "action": "overcome", "difficulty": 4}
    command(server, table, ann_link, "Roll", {**roll, "dice": "0000"})
    sv = catalog("sv")
    with at_table(browser, server, ann_link, "sv-SE") as ann:
        chances = ann.locator(".advice-chances li")
        expect(chances).to_have_count(3)
        # The chance as Swedish writes it (a screen reader says it in Swedish), not "100.0%".
        plus = ann.locator(".advice-chances li[data-choice=plus_two]")
        said = sv["advice.chance_cost#one"].replace("{choice}", "+2").replace("{p}", "100,0\u00a0%")
        expect(plus).to_have_text(said.replace("{n}", "1"))
        assert ann.evaluate(UNTRANSLATED, "sv") == []


@pytest.mark.rule("action.create-advantage.new")
def test_an_advantage_made_on_alice_goes_on_her(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    _, _, ann_link = scene_with_ruth(server)
    ru = catalog("ru")
    with at_table(browser, server, ann_link, "ru-RU") as ann:
        ann.click("#new-roll")
        ann.select_option("#roll-action", "create_advantage")
        ann.select_option("#roll-mode", "against")
        ann.select_option("#roll-against", "alice")
        box = ann.locator("#roll-on-opponent")
        expect(box).to_be_checked()
        expect(ann.locator("label[for=roll-on-opponent]")).to_contain_text("Alice Westforth")
        ann.select_option("#roll-skill", "fight")
        ann.fill("#roll-dice", "++++")
        ann.click("#roll-form-submit")
        # The card may be drawn from the socket before the roll's answer closes the dialog; the
        # modal keeps the page behind it inert, so typing waits for it to close.
        expect(ann.locator("#dialog")).to_be_hidden()
        card = ann.locator(".roll-card[data-actor=ruth]")
        card.locator(".resolve-aspect-name").fill("Выбита из равновесия")
        card.locator(".resolve-button").click()
        made = ann.locator("#scene .aspect", has_text="Выбита из равновесия")
        expect(made.locator(".aspect-on")).to_have_text(
            ru["aspect.on_who"].replace("{who}", "Alice Westforth")
        )
        assert ann.evaluate(UNTRANSLATED, "ru") == []


def test_switching_a_compel_to_a_decision_moves_nothing_typed(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    _, gm_link, _ = scene_with_ruth(server)
    with at_table(browser, server, gm_link, "en-GB") as gm:
        gm.locator("#char-ruth .aspect.trouble button").first.click()
        gm.fill("#compel-complication", "Her creditors find her on the pier")
        gm.select_option("#compel-kind", "decision")
        # The decision's own fields start empty; the event's words wait, out of sight.
        expect(gm.locator("#compel-complication")).to_be_hidden()
        expect(gm.locator("#compel-decision")).to_have_value("")
        expect(gm.locator("#compel-fallout")).to_have_value("")
        gm.select_option("#compel-kind", "event")
        expect(gm.locator("#compel-complication")).to_have_value(
            "Her creditors find her on the pier"
        )
        gm.click("#compel-form-submit")
        expect(gm.locator("#compels .compel")).to_contain_text("Her creditors find her on the pier")
