"""A GM opens a table on a rule-set file in the browser (docs/rulesets.md): a hack's own tracks
show under its names in the page's language, a fight may deal its own kind of harm, and a bad file
is refused with each problem listed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .test_flow import TIMEOUT, UNTRANSLATED, Player  # type: ignore[import-not-found]


def expect_focus(page: Any, element_id: str) -> None:
    """Wait for the focus to land on ``element_id``: the editor redraws after the server's check,
    so an immediate look may come before it (it failed now and then on a loaded machine)."""
    from playwright.sync_api import expect

    expect(page.locator(f"[id='{element_id}']")).to_be_focused()


def problems_say(page: Any, *texts: str) -> None:
    """Wait until the preview's list of problems says each of ``texts``: the answer to an earlier
    change may show other problems first, and a pause in typing may send a change half made."""
    page.wait_for_function(
        """texts => {
          const found = document.querySelector('#ruleset-preview-problems');
          return !!found && texts.every((text) => found.textContent.includes(text));
        }""",
        arg=list(texts),
    )


def open_editor(page: Any, gm: Player, table: str, preset: str) -> None:
    """Name a new table, choose a built-in and open the rule-set editor on it."""
    page.fill("#new-table-name", table)
    page.select_option("#new-table-preset", preset)
    gm.click("#ruleset-edit")
    page.locator("#ruleset-track-mental").wait_for()


def accepted(page: Any, ready: str) -> None:
    """Wait until the preview lists no problem and the script ``ready`` holds of it (the answer
    to the last change has come, not an earlier one)."""
    page.wait_for_function(
        f"() => !document.querySelector('#ruleset-preview-problems') && ({ready})"
    )


@contextmanager
def start_page(browser: Any, server: str, locale: str = "en-GB") -> Iterator[tuple[Any, Player]]:
    """The start page in a browser context of its own, and the GM using it. A script error on the
    page fails the test; the context is closed either way."""
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
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


def created_ruleset(gm: Player, page: Any) -> dict[str, Any]:
    """Create the table on the rule set the form holds; the rule set its export carries."""
    gm.click("#create-table button[type=submit]")
    page.wait_for_selector("#gm")
    file = page.evaluate(
        """async () => {
          const { app } = await import("/web/bundle/store.js");
          return app.seat.get("/export");
        }"""
    )
    [ruleset] = rulesets_in(file)
    return ruleset


EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"


def test_a_table_on_a_rule_set_file(server: str, browser: Any, tmp_path: Path) -> None:
    context = browser.new_context(locale="ru-RU", viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.set_default_timeout(TIMEOUT)
        gm = Player(page, "GM")

        # A file the engine cannot play: every problem is listed, and no table opens.
        bad = json.loads((EXAMPLES / "merchant-princes.ruleset.json").read_text(encoding="utf-8"))
        bad["stress"]["tracks"][2]["skill"] = "riches"
        bad["refresh"] = -2
        bad_path = tmp_path / "bad.json"
        bad_path.write_text(json.dumps(bad), encoding="utf-8")
        page.goto(server)
        page.wait_for_selector("#create-table")
        page.fill("#new-table-name", "Каналы")
        page.set_input_files("#new-table-ruleset", str(bad_path))
        page.wait_for_selector("#ruleset-preview-problems li")  # said as soon as it is chosen
        gm.click("#create-table button[type=submit]")
        page.wait_for_selector("#ruleset-problems li")
        listed = page.locator("#ruleset-problems li").all_inner_texts()
        assert any("$.refresh" in line for line in listed), listed
        not_json = tmp_path / "nonsense.json"
        not_json.write_text("{ not json", encoding="utf-8")
        page.set_input_files("#new-table-ruleset", str(not_json))
        gm.click("#ruleset-edit")  # nothing to edit: said so, and no editor opens
        page.wait_for_selector("#ruleset-preview .error")
        assert page.locator("#ruleset-edit-name").count() == 0
        gm.click("#create-table button[type=submit]")
        page.wait_for_selector("#start-error .error")

        # The real file: the table opens on it.
        page.set_input_files("#new-table-ruleset", str(EXAMPLES / "merchant-princes.ruleset.json"))
        # Before opening: what a new character under it holds, its own names in Russian.
        preview = page.locator("#ruleset-track-wealth")
        preview.wait_for()
        assert preview.locator(".label").inner_text() == "Богатство"
        assert preview.locator(".box").count() == 2  # Resources Mediocre: the first row
        assert "Богатство" not in page.locator("#ruleset-slots").inner_text()  # Good+ only
        assert page.locator("#ruleset-slots .badge").count() == 3
        assert page.evaluate(UNTRANSLATED, "ru") == []
        gm.click("#create-table button[type=submit]")
        page.wait_for_selector("#gm")
        gm.click("#new-character")
        page.set_input_files("#sheet-file", str(EXAMPLES / "merchant-princes.character.json"))
        page.wait_for_selector("#sheet-legal")
        page.select_option("#sheet-kind", "major_npc")  # no player seated: the GM's to run
        gm.submit("sheet-form")
        label = page.locator("#stress-lucia-vanto-wealth .label")
        label.wait_for()
        assert label.inner_text() == "Богатство"  # the file's own Russian name
        assert (
            page.locator(
                "#stress-lucia-vanto-wealth .box, #stress-lucia-vanto-wealth input"
            ).count()
            >= 2
        )

        gm.click("#quick-npc")
        page.fill("#npc-name", "Оттавио")
        page.fill("#npc-aspect", "Судовладелец в долгах")
        page.select_option("#npc-skill-0", "resources")
        page.select_option("#npc-rating-0", "2")
        gm.submit("npc-form")
        page.wait_for_function("() => document.querySelectorAll('[id^=char-]').length >= 2")
        gm.click("#start-session")
        gm.click("#start-scene")
        page.fill("#scene-name", "Биржа специй")
        gm.submit("scene-form")
        gm.click("#start-conflict")
        page.select_option(
            "#conflict-side-lucia-vanto", "a"
        )  # an NPC here, so not a side by default
        page.select_option("#conflict-harm", "wealth")
        page.select_option("#conflict-first", "lucia-vanto")
        gm.submit("start-conflict-form")
        page.wait_for_function(
            """async () => {
              const { app } = await import("/web/bundle/store.js");
              return app.view.conflict && app.view.conflict.harm === "wealth";
            }"""
        )
        bad_text = page.evaluate(UNTRANSLATED, "ru")
        assert bad_text == [], bad_text
        assert errors == []
    finally:
        context.close()


def rulesets_in(found: Any) -> list[dict[str, Any]]:
    """Every rule-set file in a table file: its first event holds the file's JSON text."""
    if isinstance(found, dict):
        text = found.get("ruleset")
        own = [json.loads(text)] if isinstance(text, str) else []
        return own + [r for value in found.values() for r in rulesets_in(value)]
    if isinstance(found, list):
        return [r for value in found for r in rulesets_in(value)]
    return []


def test_a_rule_set_edited_on_the_start_page(server: str, browser: Any) -> None:
    """The editor: a built-in fetched as its file, its names, tracks, slots and refresh edited with
    the keyboard, every change checked by the server and previewed, and the table opened on the
    edited set."""
    from playwright.sync_api import expect

    from .test_flow import accessible, shoot  # type: ignore[import-not-found]

    with start_page(browser, server) as (page, gm):
        page.fill("#new-table-name", "Canals")
        # On a chosen file, the editor starts from that file; choosing no file drops it.
        page.set_input_files("#new-table-ruleset", str(EXAMPLES / "merchant-princes.ruleset.json"))
        page.click("#ruleset-edit")
        page.wait_for_selector("#ruleset-edit-name")
        assert page.input_value("#ruleset-edit-name") == "Merchant Princes"
        assert page.input_value("#ruleset-edit-track-name-2") == "Wealth"
        assert page.input_value("#ruleset-edit-track-2-boxes-0") == "1 1"
        page.set_input_files("#new-table-ruleset", [])
        page.wait_for_selector("#ruleset-edit-name", state="detached")
        page.select_option("#new-table-preset", "condensed")
        page.focus("#ruleset-edit")
        page.keyboard.press("Enter")
        page.wait_for_selector("#ruleset-edit-name")
        assert page.input_value("#ruleset-edit-name") == "Fate Condensed"
        # The preview of the built-in as it is: Condensed's physical and mental tracks.
        page.locator("#ruleset-track-mental").wait_for()
        assert page.locator("#ruleset-track-physical .box").count() == 3

        page.fill("#ruleset-edit-name", "Merchant Canals")
        page.fill("#ruleset-edit-refresh", "2")
        page.click("#ruleset-edit-skills summary")
        page.fill("#ruleset-edit-skill-resources", "Coin")
        page.fill("#ruleset-edit-track-name-0", "Body")
        page.fill("#ruleset-edit-shared-boxes-0", "1 1")  # Mediocre Physique: two boxes
        page.wait_for_function(
            "() => document.querySelector('#ruleset-preview')?.textContent.includes('Merchant Canals')"
            " && document.querySelectorAll('#ruleset-track-physical .box').length === 2"
        )
        assert page.locator("#ruleset-track-physical .label").inner_text() == "Body"
        assert "Coin" in page.locator("#ruleset-preview").inner_text()
        assert page.locator("#ruleset-refresh").inner_text() == "Refresh: 2"

        # A new track, by keyboard: its own harm and skill, boxes of its own.
        page.focus("#ruleset-edit-track-add")
        page.keyboard.press("Enter")
        expect_focus(page, "ruleset-edit-track-name-2")
        assert page.input_value("#ruleset-edit-track-name-2") == "Track 3"
        page.keyboard.press("Control+A")
        page.keyboard.type("Wealth")
        page.fill("#ruleset-edit-track-harm-2", "wealth")
        page.select_option("#ruleset-edit-track-skill-2", "resources")
        page.click("#ruleset-edit-track-own-2")
        page.fill("#ruleset-edit-track-2-boxes-0", "1 1 1 1 1")
        page.click("#ruleset-edit-slot-add")
        page.select_option("#ruleset-edit-slot-severity-3", "moderate")
        page.select_option("#ruleset-edit-slot-harm-3", "wealth")
        wealth = page.locator("#ruleset-track-wealth")
        wealth.wait_for()
        page.wait_for_function(
            "() => document.querySelectorAll('#ruleset-track-wealth .box').length === 5"
        )
        assert wealth.locator(".label").inner_text() == "Wealth"
        # The fourth slot shows as soon as it is added, for any harm; its harm comes with the
        # answer to the next change (waiting for the count alone failed now and then).
        expect(page.locator("#ruleset-slots .badge")).to_have_count(4)
        expect(page.locator("#ruleset-slots")).to_contain_text("Wealth only")
        # Turns by skill: the engine asks which skills are compared, then takes them.
        page.select_option("#ruleset-edit-turn-style", "skill_order")
        problems_say(page, "$.turn_order.physical")
        page.fill("#ruleset-edit-turn-physical", "notice, athletics")
        page.fill("#ruleset-edit-turn-mental", "notice, will")
        page.locator("#ruleset-track-wealth").wait_for()
        page.check("#ruleset-edit-option-extreme_consequences")
        # The skill shape: a diamond's counts by rating, then a pyramid one rating taller.
        assert page.locator("#ruleset-peak").inner_text() == "Highest skill rating: 4"
        page.select_option("#ruleset-edit-shape-type", "diamond")
        assert page.input_value("#ruleset-edit-shape-rating-0") == "4"
        page.select_option("#ruleset-edit-shape-type", "pyramid")
        page.fill("#ruleset-edit-shape-peak", "5")
        page.wait_for_function(
            "() => document.querySelector('#ruleset-peak')?.textContent === 'Highest skill rating: 5'"
        )
        # Two relationships on every sheet, and Resources that attacks Wealth.
        # A second relationship slot is refused (one count a kind); two relationships are not.
        slots = page.locator("#ruleset-aspects .badge").count()
        page.click("#ruleset-edit-aspect-add")
        page.select_option(f"#ruleset-edit-aspect-kind-{slots}", "relationship")
        problems_say(page, "listed twice")
        page.click(f"#ruleset-edit-aspect-remove-{slots}")
        relationship = page.eval_on_selector_all(
            "select[id^=ruleset-edit-aspect-kind-]",
            "els => els.findIndex((e) => e.value === 'relationship')",
        )
        page.fill(f"#ruleset-edit-aspect-count-{relationship}", "2")
        page.wait_for_function(
            "() => [...document.querySelectorAll('#ruleset-aspects .badge')]"
            ".some((b) => b.textContent === 'Relationship ×2')"
        )
        page.click("#ruleset-edit-uses summary")
        uses = page.locator("#ruleset-edit-uses select[id^=ruleset-edit-use-skill-]").count()
        page.click("#ruleset-edit-use-add")
        page.select_option(f"#ruleset-edit-use-skill-{uses}", "resources")
        page.select_option(f"#ruleset-edit-use-harm-{uses}", "wealth")
        page.locator("#ruleset-track-wealth").wait_for()

        # A change the engine refuses: its problems are listed instead of a preview.
        page.fill("#ruleset-edit-refresh", "-3")
        problems_say(page, "$.refresh")
        page.fill("#ruleset-edit-refresh", "2")
        page.locator("#ruleset-track-wealth").wait_for()

        page.locator("#ruleset-edit-track-2").evaluate("e => e.scrollIntoView()")
        shoot(gm, "ruleset-editor")

        # The mental track removed: its preview goes, and the slot count stays.
        page.click("#ruleset-edit-track-remove-1")
        page.wait_for_selector("#ruleset-track-mental", state="detached")
        assert page.locator("#ruleset-track-wealth").count() == 1
        assert page.evaluate(UNTRANSLATED, "en") == []
        accessible(gm)

        gm.click("#create-table button[type=submit]")
        page.wait_for_selector("#gm")
        opened = page.evaluate(
            """async () => {
              const { app } = await import("/web/bundle/store.js");
              const file = await app.seat.get("/export");
              return { name: app.preset.name, skill: app.preset.skill_names.resources[""], tracks: app.preset.tracks.map((x) => x.harm), refresh: app.preset.refresh, options: app.view.table.options, file };
            }"""
        )
        assert opened["name"] == "Merchant Canals" and opened["skill"] == "Coin"
        assert opened["tracks"] == ["physical", "wealth"]
        assert opened["refresh"] == 2
        assert "extreme_consequences" in opened["options"]
        [ruleset] = rulesets_in(opened["file"])
        assert ruleset["turn_order"] == {
            "style": "skill_order",
            "physical": ["notice", "athletics"],
            "mental": ["notice", "will"],
        }
        assert ruleset["options"] == ["extreme_consequences"]
        assert ruleset["shape"] == {"type": "pyramid", "peak": 5}
        assert {"kind": "relationship", "count": 2} in ruleset["aspects"]
        assert {"skill": "resources", "action": "attack", "harm": "wealth"} in ruleset["skill_uses"]


def test_skills_stunts_and_slot_conditions_edited(server: str, browser: Any) -> None:
    """The editor's skill list, stunts and a slot's skill condition: a skill added by keyboard,
    two removed (what named them repaired: a track's skill, a slot, a use, a turn-order key),
    free stunts, their cost and the lowest refresh set, refusals shown in the engine's words, and
    the table opened on the edited set."""
    from .test_flow import accessible  # type: ignore[import-not-found]

    with start_page(browser, server) as (page, gm):
        open_editor(page, gm, "Harbour", "condensed")

        # A skill of the GM's own, added with the keyboard.
        page.click("#ruleset-edit-skills summary")
        page.focus("#ruleset-edit-skill-new-key")
        page.keyboard.type("sailing")
        page.keyboard.press("Tab")
        page.keyboard.type("Sailing")
        page.keyboard.press("Tab")
        expect_focus(page, "ruleset-edit-skill-add")
        page.keyboard.press("Enter")
        assert page.input_value("#ruleset-edit-skill-sailing") == "Sailing"
        expect_focus(page, "ruleset-edit-skill-new-key")
        assert page.input_value("#ruleset-edit-skill-new-key") == ""
        page.wait_for_function(
            "() => document.querySelector('#ruleset-preview')?.textContent.includes('Sailing')"
        )

        # Turns by skill, a slot only for the strong, and Sailing that defends: all soon repaired.
        page.select_option("#ruleset-edit-turn-style", "skill_order")
        page.fill("#ruleset-edit-turn-physical", "physique, sailing")
        page.fill("#ruleset-edit-turn-mental", "will")
        # A condition on a slot every kind of harm shares, before others: the engine refuses.
        page.select_option("#ruleset-edit-slot-skill-0", "will")
        problems_say(page, "$.consequences", "shares first")
        page.select_option("#ruleset-edit-slot-skill-0", "")
        assert page.locator("#ruleset-edit-slot-min-0").count() == 0
        page.locator("#ruleset-track-mental").wait_for()
        for slot, skill, rating in ((3, "physique", "3"), (4, "sailing", "2")):
            page.click("#ruleset-edit-slot-add")
            page.select_option(f"#ruleset-edit-slot-skill-{slot}", skill)
            # Choosing a skill asks for its rating next.
            expect_focus(page, f"ruleset-edit-slot-min-{slot}")
            page.keyboard.type(rating)
        page.click("#ruleset-edit-uses summary")
        use = page.locator("#ruleset-edit-uses select[id^=ruleset-edit-use-skill-]").count()
        page.click("#ruleset-edit-use-add")
        page.select_option(f"#ruleset-edit-use-skill-{use}", "sailing")
        page.select_option(f"#ruleset-edit-use-action-{use}", "defend")

        # Physique and Provoke go: the physical track keeps its boxes with no skill, Provoke's
        # attack, the Physique slot and Physique's place in the turn order go with them.
        page.click("#ruleset-edit-skill-remove-physique")
        expect_focus(page, "ruleset-edit-skill-new-key")
        assert page.locator("#ruleset-edit-skill-physique").count() == 0
        assert page.input_value("#ruleset-edit-track-skill-0") == ""
        assert page.input_value("#ruleset-edit-turn-physical") == "sailing"
        assert page.input_value("#ruleset-edit-slot-skill-3") == "sailing"
        page.click("#ruleset-edit-skill-remove-provoke")
        page.wait_for_function(
            "() => !document.querySelector('#ruleset-preview')?.textContent.includes('Provoke')"
            " && document.querySelector('#ruleset-track-physical')"
        )

        # Stunts: two free, each further one costs two, and refresh may fall to 0.
        page.fill("#ruleset-edit-free-stunts", "2")
        page.fill("#ruleset-edit-stunt-cost", "0")  # a stunt cannot be free beyond the free ones
        problems_say(page, "$.stunt_cost")
        page.fill("#ruleset-edit-stunt-cost", "2")
        page.fill("#ruleset-edit-min-refresh", "0")
        page.wait_for_function(
            "() => document.querySelector('#ruleset-free-stunts')?.textContent === 'Free stunts: 2'"
            " && document.querySelector('#ruleset-stunt-cost')?.textContent"
            " === 'Further stunts cost 2 refresh each, leaving at least 0'"
        )
        assert page.evaluate(UNTRANSLATED, "en") == []
        accessible(gm)

        ruleset = created_ruleset(gm, page)
        skills = {s["key"]: s["name"] for s in ruleset["skill_lists"][0]["skills"]}
        assert skills["sailing"] == "Sailing"
        assert "physique" not in skills and "provoke" not in skills and len(skills) == 18
        assert ruleset["stress"]["tracks"][0] == {"harm": "physical", "skill": None}
        assert ruleset["consequences"][3:] == [
            {"severity": "mild", "harm": "any", "skill": "sailing", "min_rating": 2}
        ]
        assert ruleset["turn_order"] == {
            "style": "skill_order",
            "physical": ["sailing"],
            "mental": ["will"],
        }
        used = {(u["skill"], u["action"]) for u in ruleset["skill_uses"]}
        assert ("sailing", "defend") in used and ("provoke", "attack") not in used
        assert (ruleset["free_stunts"], ruleset["stunt_cost"], ruleset["min_refresh"]) == (2, 2, 0)


def test_key_source_stress_style_and_extra_mild_edited(server: str, browser: Any) -> None:
    """The editor's key (a built-in's hack key to start with), source, stress style and a row's
    extra mild slot: the engine refuses one-point boxes worth more than 1 in its own words, the
    boxes are fixed, and all four are in the rule set the table exports."""
    from .test_flow import accessible  # type: ignore[import-not-found]

    with start_page(browser, server) as (page, gm):
        open_editor(page, gm, "Lighthouse", "core")
        # As the file has them: the hack's own key, Core's source, escalating boxes, and the
        # extra mild slot of the last shared row only.
        assert page.input_value("#ruleset-edit-key") == "core-hack"
        assert page.input_value("#ruleset-edit-source") != ""
        assert page.input_value("#ruleset-edit-stress-style") == "escalating"
        ticked = page.eval_on_selector_all(
            "input[id^=ruleset-edit-shared-mild-]", "els => els.map((e) => e.checked)"
        )
        assert ticked == [False, False, False, True]

        page.fill("#ruleset-edit-key", "lighthouse")
        page.fill("#ruleset-edit-source", "Our group's house rules")
        # One-point boxes with Core's escalating values: refused in the engine's words.
        page.focus("#ruleset-edit-stress-style")
        page.select_option("#ruleset-edit-stress-style", "one_point")
        problems_say(page, "$.stress.table[0].boxes", "one-point boxes are each worth 1")
        for row, boxes in enumerate(("1 1", "1 1 1", "1 1 1 1", "1 1 1 1")):
            page.fill(f"#ruleset-edit-shared-boxes-{row}", boxes)
        page.locator("#ruleset-track-mental").wait_for()
        # Good Physique also gives a mild slot for physical harm, ticked with the keyboard.
        page.focus("#ruleset-edit-shared-mild-2")
        page.keyboard.press("Space")
        assert page.is_checked("#ruleset-edit-shared-mild-2")
        # A track's own rows carry the ticks over, and can be ticked there too.
        page.click("#ruleset-edit-track-own-1")
        assert page.is_checked("#ruleset-edit-track-1-mild-2")
        page.uncheck("#ruleset-edit-track-1-mild-3")
        page.locator("#ruleset-track-mental").wait_for()
        accepted(page, "document.querySelectorAll('#ruleset-track-physical .box').length === 2")
        assert page.evaluate(UNTRANSLATED, "en") == []
        accessible(gm)

        ruleset = created_ruleset(gm, page)
        assert ruleset["key"] == "lighthouse"
        assert ruleset["source"] == "Our group's house rules"
        stress = ruleset["stress"]
        assert stress["style"] == "one_point"
        assert [row.get("extra_mild", False) for row in stress["table"]] == [
            False,
            False,
            True,
            True,
        ]
        mental = stress["tracks"][1]
        assert [row.get("extra_mild", False) for row in mental["table"]] == [
            False,
            False,
            True,
            False,
        ]
        assert all(v == 1 for row in stress["table"] for v in row["boxes"])


def test_a_second_skill_list_and_a_combined_shape_edited(server: str, browser: Any) -> None:
    """A second skill list added by keyboard, rated with two lists added together: the engine
    refuses a second list under a pyramid and ranges whose totals pass the cap in its own words,
    a key renamed in the second list is followed by the use naming it, and the list and the shape
    are in the rule set the table exports."""
    from .test_flow import accessible  # type: ignore[import-not-found]

    with start_page(browser, server) as (page, gm):
        open_editor(page, gm, "Tea house", "condensed")
        page.click("#ruleset-edit-skills summary")
        page.focus("#ruleset-edit-list-add")
        page.keyboard.press("Enter")
        # The new list starts empty and asks for a skill: the engine says so.
        expect_focus(page, "ruleset-edit-skill-new-key-1")
        problems_say(page, "$.skill_lists[1].skills")
        for key, name in (("bold", "Bold"), ("gentle", "Gentle")):
            page.keyboard.type(key)
            page.keyboard.press("Tab")
            page.keyboard.type(name)
            page.keyboard.press("Tab")
            page.keyboard.press("Enter")
            expect_focus(page, "ruleset-edit-skill-new-key-1")
        page.fill("#ruleset-edit-list-name-1", "Manners")
        page.fill("#ruleset-edit-list-key-1", "manners")
        # Two lists under a pyramid, a shape for one list: refused in the engine's words.
        problems_say(page, "pyramid shape spreads ratings over 1 list(s)")

        page.select_option("#ruleset-edit-shape-type", "combined")
        assert page.locator("#ruleset-edit-shape-second-range legend").inner_text() == (
            "Ratings on Manners"
        )
        page.fill("#ruleset-edit-shape-first-high", "3")
        page.fill("#ruleset-edit-shape-second-high", "3")
        problems_say(page, "combined totals must stay between +0 and +4")
        page.fill("#ruleset-edit-shape-second-high", "1")
        page.fill("#ruleset-edit-shape-second-budget", "1")
        accepted(page, "document.querySelector('#ruleset-preview')?.textContent.includes('Gentle')")
        assert page.locator("#ruleset-peak").inner_text() == "Highest skill rating: 4"

        # A skill of the second list attacks; renaming its key renames the use too.
        page.click("#ruleset-edit-uses summary")
        use = page.locator("#ruleset-edit-uses select[id^=ruleset-edit-use-skill-]").count()
        page.click("#ruleset-edit-use-add")
        page.select_option(f"#ruleset-edit-use-skill-{use}", "bold")
        page.fill("#ruleset-edit-skill-key-bold", "daring")
        assert page.input_value(f"#ruleset-edit-use-skill-{use}") == "daring"
        accepted(page, "document.querySelector('#ruleset-preview')?.textContent.includes('Gentle')")
        assert page.evaluate(UNTRANSLATED, "en") == []
        accessible(gm)

        ruleset = created_ruleset(gm, page)
        assert len(ruleset["skill_lists"]) == 2
        assert ruleset["skill_lists"][1] == {
            "key": "manners",
            "name": "Manners",
            "skills": [{"key": "daring", "name": "Bold"}, {"key": "gentle", "name": "Gentle"}],
        }
        assert ruleset["shape"] == {
            "type": "combined",
            "first": {"low": 0, "high": 3},
            "second": {"low": 0, "high": 1, "budget": 1},
            "cap": 4,
        }
        assert {"skill": "daring", "action": "attack", "harm": "physical"} in ruleset["skill_uses"]


def test_a_spread_without_its_tiers_is_not_laid_out(
    server: str, browser: Any, tmp_path: Path
) -> None:
    """A file whose named spread has no tiers is too far off for the form: "Edit" keeps the
    editor shut and the check says what is missing (laying the spread's tiers out threw, and
    nothing more came of the button)."""
    broken = json.loads((EXAMPLES / "merchant-princes.ruleset.json").read_text(encoding="utf-8"))
    broken["shape"] = {"type": "tiers", "name": "Crew"}
    path = tmp_path / "no-tiers.ruleset.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    with start_page(browser, server) as (page, gm):
        page.fill("#new-table-name", "Canals")
        page.set_input_files("#new-table-ruleset", str(path))
        first = page.locator("#ruleset-preview-problems li").first
        first.wait_for()  # said as soon as it is chosen
        said = first.element_handle()
        gm.click("#ruleset-edit")
        # The check runs again and says it anew, where the editor would have opened.
        page.wait_for_function("li => !li.isConnected", arg=said)
        page.locator("#ruleset-preview-problems li").first.wait_for()
        assert page.locator("#ruleset-edit-name").count() == 0
        assert "tiers" in page.locator("#ruleset-preview-problems").inner_text()


def test_the_second_list_removed(server: str, browser: Any) -> None:
    """Removing the second list takes its skills out of what named them; the engine then asks
    for a shape of one list, and gets it."""
    with start_page(browser, server) as (page, gm):
        open_editor(page, gm, "Market", "condensed")
        page.click("#ruleset-edit-skills summary")
        page.click("#ruleset-edit-list-add")
        page.fill("#ruleset-edit-skill-new-key-1", "swift")
        page.fill("#ruleset-edit-skill-new-name-1", "Swift")
        page.click("#ruleset-edit-skill-add-1")
        page.select_option("#ruleset-edit-shape-type", "combined")
        page.select_option("#ruleset-edit-track-skill-0", "swift")
        accepted(page, "document.querySelector('#ruleset-preview')?.textContent.includes('Swift')")
        page.focus("#ruleset-edit-list-remove-1")
        page.keyboard.press("Enter")
        expect_focus(page, "ruleset-edit-list-add")
        assert page.input_value("#ruleset-edit-track-skill-0") == ""
        problems_say(page, "combined shape spreads ratings over 2 list(s)")
        page.select_option("#ruleset-edit-shape-type", "pyramid")
        page.locator("#ruleset-track-physical").wait_for()
        ruleset = created_ruleset(gm, page)
        assert len(ruleset["skill_lists"]) == 1
        assert ruleset["stress"]["tracks"][0] == {"harm": "physical", "skill": None}


def test_a_skill_key_renamed(server: str, browser: Any) -> None:
    """Renaming a skill's key renames it in the stress track it fills, the turn order and the
    uses naming it; a key another skill has is refused in the engine's words, and the key typed
    next renames only what the renamed skill named."""
    from .test_flow import accessible  # type: ignore[import-not-found]

    with start_page(browser, server) as (page, gm):
        open_editor(page, gm, "Docks", "core")
        page.click("#ruleset-edit-skills summary")
        page.click("#ruleset-edit-uses summary")
        # Physique fills the physical track and breaks ties last in a physical conflict.
        page.focus("#ruleset-edit-skill-key-physique")
        page.keyboard.press("Control+A")
        page.keyboard.type("brawn")
        assert page.input_value("#ruleset-edit-track-skill-0") == "brawn"
        assert page.input_value("#ruleset-edit-turn-physical") == "notice, athletics, brawn"
        assert page.locator("label[for=ruleset-edit-skill-physique]").inner_text() == (
            "Name of brawn"
        )
        # Will fills the mental track, defends against mental harm and breaks mental ties.
        page.fill("#ruleset-edit-skill-key-will", "resolve")
        assert page.input_value("#ruleset-edit-track-skill-1") == "resolve"
        assert page.input_value("#ruleset-edit-turn-mental") == "empathy, rapport, resolve"
        defends = page.eval_on_selector_all(
            "select[id^=ruleset-edit-use-skill-]", "els => els.map((e) => e.value)"
        )
        assert "resolve" in defends and "will" not in defends

        # Notice renamed to a key Empathy has: refused by the engine, then given its own.
        page.fill("#ruleset-edit-skill-key-notice", "empathy")
        problems_say(page, "names empathy more than once")
        page.keyboard.press("Tab")
        page.fill("#ruleset-edit-skill-key-notice", "alertness")
        assert page.input_value("#ruleset-edit-turn-physical") == "alertness, athletics, brawn"
        assert page.input_value("#ruleset-edit-turn-mental") == "empathy, rapport, resolve"
        accepted(page, "document.querySelectorAll('#ruleset-track-physical .box').length > 0")
        assert page.evaluate(UNTRANSLATED, "en") == []
        accessible(gm)

        ruleset = created_ruleset(gm, page)
        keys = [s["key"] for s in ruleset["skill_lists"][0]["skills"]]
        assert {"brawn", "resolve", "alertness", "empathy"} <= set(keys)
        assert not {"physique", "will", "notice"} & set(keys)
        names = {s["key"]: s["name"] for s in ruleset["skill_lists"][0]["skills"]}
        assert names["brawn"] == "Physique"  # the key changed, not the name
        tracks = ruleset["stress"]["tracks"]
        assert [(x["harm"], x["skill"]) for x in tracks] == [
            ("physical", "brawn"),
            ("mental", "resolve"),
        ]
        assert ruleset["turn_order"] == {
            "style": "skill_order",
            "physical": ["alertness", "athletics", "brawn"],
            "mental": ["empathy", "rapport", "resolve"],
        }
        assert {"skill": "resolve", "action": "defend", "harm": "mental"} in ruleset["skill_uses"]


def test_a_built_in_is_edited_in_the_page_language(server: str, browser: Any) -> None:
    """On a Swedish page the editor listed Fate Condensed's skills by the file's English names
    ("Academics"); they read as the rest of the page names them, and a name typed there is the
    Swedish one, the others kept."""
    with start_page(browser, server, "sv-SE") as (page, gm):
        open_editor(page, gm, "Hamnen", "condensed")
        page.click("#ruleset-edit-skills summary")
        assert page.input_value("#ruleset-edit-skill-academics") == "Akademi"
        assert page.input_value("#ruleset-edit-skill-fight") == "Slåss"
        page.fill("#ruleset-edit-skill-fight", "Slagsmål")
        accepted(page, "document.querySelectorAll('#ruleset-track-physical .box').length > 0")
        ruleset = created_ruleset(gm, page)
        fight = next(s for s in ruleset["skill_lists"][0]["skills"] if s["key"] == "fight")
        assert fight["name"] == "Fight"
        assert fight["names"]["sv"] == "Slagsmål" and fight["names"]["ru"] == "Драка"
