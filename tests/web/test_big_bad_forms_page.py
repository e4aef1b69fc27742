"""The GM gives a big bad a later true form from a character file on the page. Carrying
consequences over with no form to carry them to, and a file that is no character, are refused in
the engine's words and leave the form open. Once set, only the GM's page names the forms; when
Ruth takes Alice out (over HTTP), the true form steps in on both pages. The open form passes axe.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fatekit.formats import dumps_character
from fatekit.rules import major_npc

from ..sheets import npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from .test_flow import UNTRANSLATED, Player, accessible, on_all  # type: ignore[import-not-found]
from .test_turns import call, catalog, command  # type: ignore[import-not-found]

TIMEOUT = 15_000
TRUE_NAME = "The Drowned Queen"


def forms_table(server: str) -> tuple[str, str, str, str]:
    """Ruth (Ann's) against Alice in a conflict with big bads: the table, the GM's and Ann's
    links, and Ann's seat."""
    made = call(server, "/tables", {"name": "Pier", "preset": "condensed", "options": ["big_bads"]})
    table, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm)
    command(server, table, gm, "AddCharacter", {"sheet": ruth_sheet(), "owner": ann["seat"]})
    command(server, table, gm, "AddCharacter", {"sheet": npc_sheet(), "revealed": True})
    command(server, table, gm, "StartSession", {})
    command(server, table, gm, "StartScene", {"name": "Pier", "participants": ["ruth", "alice"]})
    sides = [["heroes", ["ruth"]], ["cult", ["alice"]]]
    command(server, table, gm, "StartConflict", {"sides": sides, "first": "ruth"})
    return table, gm, ann["link"], ann["seat"]


def true_form_file(tmp: Path) -> Path:
    form = major_npc(
        "condensed", "alice", TRUE_NAME, high_concept="Avatar of the Deep", skills={"fight": 4}
    )
    path = tmp / "queen.json"
    path.write_text(dumps_character(form), encoding="utf-8")
    return path


def refused(page: Any, words: str) -> str:
    """Submit the big-bad form; the refusal naming ``words`` shows in it, and it stays open."""
    page.locator("#bigbad-form-submit").click()
    page.locator(f"#dialog .dialog-error .error:has-text('{words}')").wait_for()
    assert page.evaluate("document.getElementById('dialog').open")
    return str(page.locator("#dialog .dialog-error").inner_text())


def test_the_gm_gives_a_big_bad_a_true_form_from_a_file(
    server: str, browser: Any, tmp_path: Path
) -> None:
    table, gm_link, ann_link, _ = forms_table(server)
    contexts = [browser.new_context(locale="en-GB") for _ in range(2)]
    try:
        pages = [context.new_page() for context in contexts]
        errors: list[str] = []
        for page, link in zip(pages, (gm_link, ann_link), strict=True):
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(TIMEOUT)
            page.goto(f"{server}/#link={link}")
            page.wait_for_selector("#fighter-alice")
        gm, ann = Player(pages[0], "GM"), Player(pages[1], "Ann")
        page = gm.page
        gm.click("#set-big-bad")
        page.select_option("#bigbad-who", "alice")
        # Consequences carried over, but to no later form: the engine says no.
        page.check("#bigbad-gentle")
        said = refused(page, "goes with true forms")
        assert catalog("en")["error.malformed"] in said
        # A file that is no character sheet: refused too, and nothing is set.
        junk = tmp_path / "junk.json"
        junk.write_text("not a sheet", encoding="utf-8")
        page.set_input_files("#bigbad-form-file-0", str(junk))
        refused(page, "not JSON")
        assert page.locator("#bigbad-alice").count() == 0
        # The true form as the second form; a third row left empty is no form.
        page.set_input_files("#bigbad-form-file-0", str(true_form_file(tmp_path)))
        page.locator("#bigbad-form-more").click()
        assert page.evaluate("document.activeElement.id") == "bigbad-form-file-1"
        page.uncheck("#bigbad-gentle")
        accessible(gm)
        gm.submit("bigbad-form")
        # The GM's page names the forms; Ann's shows the big bad but not what it hides.
        note = page.locator("#bigbad-alice .badge.secret[data-forms='0']")
        note.wait_for()
        assert TRUE_NAME in note.inner_text()
        ann.page.wait_for_selector("#bigbad-alice")
        assert TRUE_NAME not in ann.page.content()
        # Ruth takes Alice out: the true form takes her place, still in the fight.
        attack = {"actor": "ruth", "target": "alice", "skill": "fight", "dice": "++++"}
        command(server, table, ann_link, "Attack", attack)
        command(server, table, ann_link, "ResolveRoll", {"option": "hit"})
        command(server, table, gm_link, "TakeOut", {})
        players = [gm, ann]
        on_all(players, "#bigbad-alice .badge")
        for player in players:
            player.page.locator(f"#fighter-alice:has-text('{TRUE_NAME}')").wait_for()
            revealed = catalog("en")["bigbad.forms"].replace("{n}", "1")
            player.page.locator(f"#bigbad-alice:has-text('{revealed}')").wait_for()
            assert player.page.evaluate(UNTRANSLATED, "en") == []
        page.locator("#bigbad-alice .badge.secret[data-forms='1']").wait_for()
        assert errors == []
    finally:
        for context in contexts:
            context.close()


def test_the_form_files_go_in_order(server: str, browser: Any, tmp_path: Path) -> None:
    """Two later forms from two files: the GM's note lists them in the order given."""
    _, gm_link, _, _ = forms_table(server)
    second = json.loads(dumps_character(major_npc("condensed", "alice", "Second Skin")))
    third = json.loads(dumps_character(major_npc("condensed", "alice", "Third Skin")))
    files = []
    for n, sheet in ((2, second), (3, third)):
        path = tmp_path / f"form{n}.json"
        path.write_text(json.dumps(sheet), encoding="utf-8")
        files.append(path)
    context = browser.new_context(locale="en-GB")
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT)
        page.goto(f"{server}/#link={gm_link}")
        page.wait_for_selector("#fighter-alice")
        gm = Player(page, "GM")
        gm.click("#set-big-bad")
        page.select_option("#bigbad-who", "alice")
        page.set_input_files("#bigbad-form-file-0", str(files[0]))
        page.locator("#bigbad-form-more").click()
        page.set_input_files("#bigbad-form-file-1", str(files[1]))
        page.check("#bigbad-gentle")
        gm.submit("bigbad-form")
        note = page.locator("#bigbad-alice .badge.secret[data-forms='0']")
        note.wait_for()
        text = note.inner_text()
        assert text.index("Alice Westforth") < text.index("Second Skin") < text.index("Third Skin")
        assert catalog("en")["bigbad.forms_gentle_note"] in text
    finally:
        context.close()
