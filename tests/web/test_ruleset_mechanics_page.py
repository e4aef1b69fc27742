"""The rule-set editor makes the published games' mechanics (issue 41, item 3): a GM makes
conditions (on a Swedish phone), modes (in Russian), packages and counted aspects (in Italian) from
scratch on the start page, sees a new character's share of each in the preview, and the table made
from the edited file plays it; a bad value is refused beside the control that holds it and no table
is made; every built-in, and the example files with modes and conditions, come back unchanged
when opened in the editor and saved without an edit."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.sheets import ruth_sheet
from tests.web.test_turns import call, catalog, command

from .test_flow import PHONE, TIMEOUT, UNTRANSLATED, Player  # type: ignore[import-not-found]
from .test_rulesets_page import accepted, created_ruleset, expect_focus

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples" / "rulesets"
BUILT_INS = ROOT / "fatekit" / "rules" / "characters" / "rulesets"
ROCKETEERS = ROOT / "docs" / "examples" / "three-rocketeers"


@contextmanager
def start_page(
    browser: Any, server: str, locale: str, size: tuple[int, int] = (1280, 900)
) -> Iterator[tuple[Any, Player]]:
    """The start page in a context of its own at ``size``; a script error fails the test."""
    context = browser.new_context(locale=locale, viewport={"width": size[0], "height": size[1]})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.set_default_timeout(TIMEOUT)
        page.goto(server)
        page.wait_for_selector("#create-table")
        yield page, Player(page, "GM")
        assert errors == []
    finally:
        context.close()


def open_on(page: Any, gm: Player, table: str, preset: str) -> None:
    """Name a new table and open the editor on the built-in ``preset``, its check answered."""
    page.fill("#new-table-name", table)
    page.select_option("#new-table-preset", preset)
    gm.click("#ruleset-edit")
    page.locator("#ruleset-preview #ruleset-peak").wait_for()


def refused_beside(page: Any, control: str, words: str) -> None:
    """The server's refusal of the value in ``control`` is shown beside it, the control marked
    invalid and described by it."""
    field = page.locator(f"[id='{control}']")
    expect(field).to_have_attribute("aria-invalid", "true")
    said = field.get_attribute("aria-describedby")
    assert said
    refusal = page.locator(f"[id='{said}']")
    expect(refusal).to_contain_text(words)
    # Beside it: the refusal follows the control's own labelled field.
    assert page.evaluate(
        """([control, said]) => {
          const field = document.getElementById(control).closest('.field, .check');
          return field && field.nextElementSibling === document.getElementById(said);
        }""",
        [control, said],
    )


def nothing_made(page: Any, gm: Player) -> None:
    """Creating the table with the refused file is refused: the start page stays, no table."""
    gm.click("#create-table button[type=submit]")
    page.wait_for_selector("#ruleset-problems li")
    assert page.locator("#gm").count() == 0


def the_gm_seat(page: Any) -> tuple[str, str]:
    """The table the page opened, and the GM's link to it."""
    seat: dict[str, str] = page.evaluate(
        """async () => {
          const { app } = await import("/web/bundle/store.js");
          return { table: app.seat.tableId, link: app.seat.link };
        }"""
    )
    return seat["table"], seat["link"]


def keyboard_press(page: Any, control: str) -> None:
    """Reach ``control`` and press it with the keyboard."""
    page.focus(f"[id='{control}']")
    page.keyboard.press("Enter")


@pytest.mark.rule("toolkit.conditions.lasting-boxes")
def test_conditions_made_on_a_swedish_phone(server: str, browser: Any) -> None:
    """Dresden Files Accelerated's In Peril (sticky) and Doomed (lasting) written on Fate
    Condensed: the name left empty is refused beside it; Ruth's card at the table shows both
    with their boxes."""
    with start_page(browser, server, "sv-SE", PHONE) as (page, gm):
        open_on(page, gm, "Hamnen", "condensed")
        keyboard_press(page, "ruleset-edit-condition-add")
        expect_focus(page, "ruleset-edit-condition-name-0")
        page.fill("#ruleset-edit-condition-name-0", "")
        refused_beside(page, "ruleset-edit-condition-name-0", "must not be empty")
        nothing_made(page, gm)
        page.fill("#ruleset-edit-condition-name-0", "I fara")
        page.fill("#ruleset-edit-condition-key-0", "in_peril")
        page.select_option("#ruleset-edit-condition-kind-0", "sticky")
        keyboard_press(page, "ruleset-edit-condition-add")
        expect_focus(page, "ruleset-edit-condition-name-1")
        page.fill("#ruleset-edit-condition-name-1", "Dömd")
        page.fill("#ruleset-edit-condition-key-1", "doomed")
        page.select_option("#ruleset-edit-condition-kind-1", "lasting")
        accepted(page, "!!document.querySelector('#ruleset-conditions [data-condition=doomed]')")
        preview = page.locator("#ruleset-conditions")
        expect(preview.locator("[data-condition=doomed] .box")).to_have_count(2)
        expect(preview.locator("[data-condition=in_peril]")).to_contain_text("I fara")
        expect(page.locator("[aria-invalid]")).to_have_count(0)
        # The form fits the phone: nothing runs off its right edge.
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        assert page.evaluate(UNTRANSLATED, "sv") == []
        ruleset = created_ruleset(gm, page)
        assert [(c["key"], c["kind"], c["names"]["sv"]) for c in ruleset["conditions"]] == [
            ("in_peril", "sticky", "I fara"),
            ("doomed", "lasting", "Dömd"),
        ]
        table, link = the_gm_seat(page)
        sheet = json.loads(ruth_sheet())
        sheet["preset"] = ruleset["key"]
        command(server, table, link, "AddCharacter", {"sheet": json.dumps(sheet)})
        doomed = page.locator("#condition-ruth-doomed")
        expect(doomed).to_contain_text("Dömd")
        expect(doomed.locator(".box")).to_have_count(2)
        expect(page.locator("#condition-ruth-in_peril .box")).to_have_count(1)
        expect(page.locator("#condition-ruth-in_peril")).to_contain_text(
            catalog("sv")["condition.kind.sticky"].format(n=2)
        )


@pytest.mark.rule("modes.trained", "modes.reinforced")
def test_modes_made_in_russian(server: str, browser: Any) -> None:
    """Fate Core's skills in two modes: a rating out of bounds is refused beside the ratings and
    no table is made; at the table, Ruth's card says her modes and the ratings they give."""
    with start_page(browser, server, "ru-RU") as (page, gm):
        open_on(page, gm, "Каналы", "core")
        page.select_option("#ruleset-edit-shape-type", "modes")
        expect_focus(page, "ruleset-edit-shape-type")
        page.fill("#ruleset-edit-mode-0-name", "Действие")
        page.fill("#ruleset-edit-mode-0-key", "action")
        page.click("#ruleset-edit-mode-add")
        expect_focus(page, "ruleset-edit-mode-1-name")
        page.fill("#ruleset-edit-mode-1-name", "Наука")
        page.fill("#ruleset-edit-mode-1-key", "science")
        page.check("#ruleset-edit-mode-1-skill-lore")
        page.check("#ruleset-edit-mode-1-skill-crafts")
        page.fill("#ruleset-edit-mode-1-cost", "3")
        page.check("#ruleset-edit-mode-1-weird")
        # Lore's key renamed: both modes holding it follow.
        page.click("#ruleset-edit-skills summary")
        page.fill("#ruleset-edit-skill-key-lore", "research")
        page.fill("#ruleset-edit-shape-ratings", "3 2 99")
        refused_beside(page, "ruleset-edit-shape-ratings", "99 is more than 10")
        nothing_made(page, gm)
        page.fill("#ruleset-edit-shape-ratings", "3 2")
        page.fill("#ruleset-edit-shape-budget", "12")
        accepted(
            page, "(document.querySelector('#ruleset-modes') || {}).textContent?.includes('Наука')"
        )
        expect(page.locator("#ruleset-modes")).to_contain_text(
            catalog("ru")["ruleset_editor.modes_rated"].format(ratings="+3, +2")
        )
        expect(page.locator("[aria-invalid]")).to_have_count(0)
        assert page.evaluate(UNTRANSLATED, "ru") == []
        ruleset = created_ruleset(gm, page)
        shape = ruleset["shape"]
        assert (shape["type"], shape["ratings"], shape["budget"]) == ("modes", [3, 2], 12)
        action, science = shape["modes"]
        assert action["key"] == "action" and "research" in action["skills"]
        assert "lore" not in action["skills"]
        assert science == {
            "key": "science",
            "name": catalog("ru")["ruleset_editor.new_mode"].format(n=2),
            "names": {"ru": "Наука"},
            "skills": ["research", "crafts"],
            "cost": 3,
            "weird": True,
        }
        table, link = the_gm_seat(page)
        sheet = json.loads(ruth_sheet())
        sheet["preset"] = ruleset["key"]
        del sheet["skills"]  # the table derives them from the modes
        sheet["modes"] = {"action": 2, "science": 3}
        command(server, table, link, "AddCharacter", {"sheet": json.dumps(sheet)})
        modes = page.locator("#char-ruth-modes")
        expect(modes.locator(".mode[data-mode=science]")).to_contain_text("Наука")
        # Research is in both modes: Science's +3 and one step for Action.
        expect(page.locator("#char-ruth li[data-skill=research] .rating")).to_contain_text("+4")
        expect(page.locator("#char-ruth li[data-skill=athletics] .rating")).to_contain_text("+2")


@pytest.mark.rule("package.grants", "package.options")
def test_packages_made_in_english(server: str, browser: Any) -> None:
    """Venture City's Flight on Fate Core, with an enhancement bought on it: a cost over the
    bound is refused beside it; at the table Ruth's card lists the power and its stunts."""
    with start_page(browser, server, "en-GB") as (page, gm):
        open_on(page, gm, "Skyline", "core")
        page.click("#ruleset-edit-packages summary")
        page.check("#ruleset-edit-packages-on")
        expect_focus(page, "ruleset-edit-packages-on")
        page.fill("#ruleset-edit-packages-label", "Powers")
        page.fill("#ruleset-edit-packages-most", "2")
        page.fill("#ruleset-edit-package-0-name", "Flight")
        page.fill("#ruleset-edit-package-0-key", "flight")
        page.fill("#ruleset-edit-package-0-aspects", "Very Noticeable")
        page.click("#ruleset-edit-package-0-stunt-add")
        expect_focus(page, "ruleset-edit-package-0-stunt-0-name")
        page.fill("#ruleset-edit-package-0-stunt-0-name", "Basic Flight")
        page.select_option("#ruleset-edit-package-0-stunt-0-kind", "rule_exception")
        page.fill("#ruleset-edit-package-0-stunt-0-text", "flies where others walk")
        page.fill("#ruleset-edit-package-0-stunt-0-description", "wings of light")
        page.click("#ruleset-edit-group-add")
        page.fill("#ruleset-edit-group-0-name", "Enhancements")
        page.fill("#ruleset-edit-group-0-key", "enhancement")
        page.fill("#ruleset-edit-group-0-free", "0")
        page.click("#ruleset-edit-option-add")
        expect_focus(page, "ruleset-edit-option-0-name")
        page.fill("#ruleset-edit-option-0-name", "Master Flight")
        page.fill("#ruleset-edit-option-0-key", "master-flight")
        page.fill("#ruleset-edit-option-0-within", "flight")
        page.click("#ruleset-edit-option-0-stunt-add")
        page.fill("#ruleset-edit-option-0-stunt-0-name", "Master Flight")
        page.select_option("#ruleset-edit-option-0-stunt-0-skill", "athletics")
        page.check("#ruleset-edit-option-0-stunt-0-actions-create_advantage")
        # Athletics's key renamed: the stunt the option grants follows it.
        page.click("#ruleset-edit-skills summary")
        page.fill("#ruleset-edit-skill-key-athletics", "agility")
        expect(page.locator("#ruleset-edit-option-0-stunt-0-skill")).to_have_value("agility")
        page.fill("#ruleset-edit-package-0-cost", "9")
        refused_beside(page, "ruleset-edit-package-0-cost", "9 is more than 5")
        nothing_made(page, gm)
        page.fill("#ruleset-edit-package-0-cost", "1")
        accepted(page, "!!document.querySelector('#ruleset-packages [data-package=flight]')")
        expect(page.locator("#ruleset-packages")).to_contain_text("Powers")
        expect(page.locator("[aria-invalid]")).to_have_count(0)
        assert page.evaluate(UNTRANSLATED, "en") == []
        ruleset = created_ruleset(gm, page)
        packages = ruleset["packages"]
        assert packages["label"] == "Powers" and packages["most"] == 2
        # The table writes the group back with the engine's usual numbers for what was left out.
        assert packages["groups"] == [
            {
                "key": "enhancement",
                "name": "Enhancements",
                "cost": 1,
                "free": 0,
                "per_cost": 1,
                "least": 0,
            }
        ]
        (flight,) = packages["packages"]
        assert (flight["key"], flight["cost"], flight["aspects"]) == (
            "flight",
            1,
            ["Very Noticeable"],
        )
        assert flight["stunts"][0]["description"] == "wings of light"
        assert flight["stunts"][0]["effect"] == {
            "type": "rule_exception",
            "text": "flies where others walk",
        }
        (master,) = packages["options"]
        assert master["within"] == ["flight"] and master["group"] == "enhancement"
        effect = master["stunts"][0]["effect"]
        assert (effect["skill"], effect["actions"]) == (
            "agility",
            ["overcome", "create_advantage"],
        )
        table, link = the_gm_seat(page)
        sheet = json.loads(ruth_sheet())
        sheet["preset"] = ruleset["key"]
        sheet["packages"] = [{"key": "flight", "options": ["master-flight"]}]
        sheet["skills"]["agility"] = sheet["skills"].pop("athletics")
        command(server, table, link, "AddCharacter", {"sheet": json.dumps(sheet)})
        line = page.locator("#char-ruth-packages")
        expect(line).to_contain_text("Powers: Flight (Master Flight)")
        stunts = page.locator("#char-ruth-packages ~ ul.stunts")
        expect(stunts).to_contain_text("Basic Flight")
        expect(stunts).to_contain_text("Master Flight")


@pytest.mark.rule("aspects.counted")
def test_counted_aspects_made_in_italian(server: str, browser: Any) -> None:
    """The Three Rocketeers' no-skill swashbuckling on Fate Accelerated: each aspect worth 1, the
    hero aspect (the high concept) 3 and the trouble 0; a worth over the bound is refused beside
    it; at the table Ann's roll dialog offers Séverine's aspects at those worths."""
    with start_page(browser, server, "it-IT") as (page, gm):
        open_on(page, gm, "Parigi", "fae")
        # The editor's older fields say their refusals beside them too.
        page.fill("#ruleset-edit-key", "")
        refused_beside(page, "ruleset-edit-key", "does not match")
        page.fill("#ruleset-edit-key", "fae-hack")
        page.check("#ruleset-edit-counted")
        expect_focus(page, "ruleset-edit-counted")
        page.fill("#ruleset-edit-counted-bonus-value-0", "3")
        keyboard_press(page, "ruleset-edit-counted-add")
        expect_focus(page, "ruleset-edit-counted-kind-1")
        page.select_option("#ruleset-edit-counted-kind-1", "trouble")
        page.fill("#ruleset-edit-counted-bonus-value-1", "0")
        page.fill("#ruleset-edit-counted-per", "7")
        refused_beside(page, "ruleset-edit-counted-per", "7 is more than 4")
        nothing_made(page, gm)
        page.fill("#ruleset-edit-counted-per", "1")
        accepted(page, "!!document.querySelector('#ruleset-counted [data-kind=trouble]')")
        counted = page.locator("#ruleset-counted")
        expect(counted.locator("[data-kind=high_concept]")).to_contain_text("+3")
        expect(counted.locator("[data-kind=trouble]")).to_contain_text("+0")
        expect(counted.locator("[data-kind=character]")).to_contain_text("+1")
        assert page.evaluate(UNTRANSLATED, "it") == []
        ruleset = created_ruleset(gm, page)
        assert ruleset["counted_aspects"] == {
            "per_aspect": 1,
            "bonuses": [{"kind": "high_concept", "bonus": 3}, {"kind": "trouble", "bonus": 0}],
        }
        table, link = the_gm_seat(page)
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, link)
    sheet = json.loads((ROCKETEERS / "severine-dufresne.character.json").read_text("utf-8"))
    sheet["preset"] = ruleset["key"]
    command(server, table, link, "AddCharacter", {"sheet": json.dumps(sheet), "owner": "ann"})
    command(server, table, link, "StartSession", {})
    command(server, table, link, "StartScene", {"name": "Tetti", "participants": ["severine"]})
    from tests.web.test_refusals_page import seat_page

    with seat_page(browser, server, ann["link"], "it-IT", PHONE) as player:
        player.click("#new-roll")
        picker = player.locator("#roll-counted")
        hero = "severine/high_concept/1"
        expect(picker.locator(f"label[for='roll-counted-{hero}'] strong")).to_have_text("+3")
        trouble = "severine/trouble/1"
        expect(picker.locator(f"label[for='roll-counted-{trouble}'] strong")).to_have_text("+0")


def test_every_built_in_comes_back_unchanged(server: str, browser: Any) -> None:
    """Each built-in opened in the editor and made into a table without an edit gives back the
    file the server offered (its key aside: a hack takes its own); so do the example files with
    modes and conditions, opened from disk (Atomic Robo's action science, the Toolkit's
    conditions)."""
    from fatekit.formats.ruleset import ruleset_from_dict, ruleset_to_dict
    from fatekit.rules.characters.presets import PRESETS

    for key in PRESETS:
        with start_page(browser, server, "en-GB") as (page, gm):
            offered = page.evaluate(
                "async (key) => (await fetch(`/rules/rulesets/${key}`)).json()", key
            )
            open_on(page, gm, "Round trip", key)
            # War of Ashes' zone weight is among the optional rules the editor ticks.
            weight = page.locator("#ruleset-edit-option-weight")
            expect(weight).to_be_checked(checked=key == "woa")
            made = created_ruleset(gm, page)
            assert made == offered | {"key": f"{key}-hack"}, key
    for name in ("action-science", "ember-road"):
        path = EXAMPLES / f"{name}.ruleset.json"
        with start_page(browser, server, "en-GB") as (page, gm):
            page.fill("#new-table-name", "Round trip")
            page.set_input_files("#new-table-ruleset", str(path))
            gm.click("#ruleset-edit")
            page.locator("#ruleset-preview #ruleset-peak").wait_for()
            made = created_ruleset(gm, page)
            # A table keeps a file as the engine writes it back (the rules it cites filled in):
            # the edited file is the one the file itself gives.
            kept = ruleset_to_dict(ruleset_from_dict(json.loads(path.read_text("utf-8"))))
            assert made == kept, name


def test_every_section_fits_a_phone_and_reads_well(server: str, browser: Any) -> None:
    """Venture City's file on a Russian phone, with a condition, counted aspects and modes added:
    every section is laid out, nothing scrolls sideways, every control is touch-sized and
    labelled, and axe finds nothing serious; the keyboard reaches the new sections' buttons."""
    from .test_flow import accessible, fits_phone  # type: ignore[import-not-found]

    with start_page(browser, server, "ru-RU", PHONE) as (page, gm):
        open_on(page, gm, "Пристань", "venturecity")
        expect(page.locator("#ruleset-edit-packages")).to_have_attribute("open", "")
        expect(
            page.locator("[id^=ruleset-edit-package-][id$=-name]:not([id*=stunt])")
        ).to_have_count(7)
        keyboard_press(page, "ruleset-edit-condition-add")
        expect_focus(page, "ruleset-edit-condition-name-0")
        page.check("#ruleset-edit-counted")
        page.select_option("#ruleset-edit-shape-type", "modes")
        keyboard_press(page, "ruleset-edit-mode-add")
        expect_focus(page, "ruleset-edit-mode-1-name")
        page.check("#ruleset-edit-mode-1-skill-fight")  # a mode holds at least one skill
        # Two modes cannot take three ratings: said of the shape, beside its type.
        refused_beside(page, "ruleset-edit-shape-type", "1 to 2 modes")
        page.fill("#ruleset-edit-shape-ratings", "3 2")
        accepted(page, "!!document.querySelector('#ruleset-modes')")
        fits_phone(gm)
        accessible(gm)
        assert page.evaluate(UNTRANSLATED, "ru") == []
