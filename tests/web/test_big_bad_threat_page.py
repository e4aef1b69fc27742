"""The GM makes a big bad a hive on the page: picks its parts (one by keyboard), which part
shields which, and its heart. Both pages then show the parts and which can be attacked; only the
GM's marks the heart. A hive without parts is refused in the engine's words. In Swedish, every
text from the catalog, and the open form passes axe."""

from __future__ import annotations

from typing import Any

from fatekit.formats import dumps_character
from fatekit.rules import major_npc

from ..sheets import ruth_sheet  # type: ignore[import-not-found]
from .test_flow import UNTRANSLATED, Player, accessible, on_all  # type: ignore[import-not-found]
from .test_turns import call, catalog, command  # type: ignore[import-not-found]

TIMEOUT = 15_000
PARTS = (("drone", "Surrande drönare"), ("claw", "Klo"), ("queen", "Drottning"))


def hive_table(server: str) -> tuple[str, str]:
    """Ruth against a drone, a claw and a queen, in a conflict; the GM's and Ann's links."""
    made = call(server, "/tables", {"name": "Boet", "preset": "condensed", "options": ["big_bads"]})
    table, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm)
    command(server, table, gm, "AddCharacter", {"sheet": ruth_sheet(), "owner": ann["seat"]})
    for pid, name in PARTS:
        sheet = dumps_character(
            major_npc("condensed", pid, name, high_concept=name, skills={"fight": 1})
        )
        command(server, table, gm, "AddCharacter", {"sheet": sheet, "revealed": True})
    fighters = ["ruth", *(pid for pid, _ in PARTS)]
    command(server, table, gm, "StartSession", {})
    command(server, table, gm, "StartScene", {"name": "Boet", "participants": fighters})
    command(
        server,
        table,
        gm,
        "StartConflict",
        {"sides": [["heroes", ["ruth"]], ["hive", fighters[1:]]], "first": "ruth"},
    )
    return gm, ann["link"]


def test_the_gm_sets_a_hive_and_both_pages_show_its_parts(server: str, browser: Any) -> None:
    gm_link, ann_link = hive_table(server)
    contexts = [browser.new_context(locale="sv-SE") for _ in range(2)]
    try:
        pages = [context.new_page() for context in contexts]
        errors: list[str] = []
        for page, link in zip(pages, (gm_link, ann_link), strict=True):
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(TIMEOUT)
            page.goto(f"{server}/#link={link}")
            page.wait_for_selector("#fighter-ruth")
        gm, ann = Player(pages[0], "GM"), Player(pages[1], "Ann")
        page = gm.page
        # A hive with no parts: the engine refuses it, and the form says why.
        gm.click("#set-big-bad")
        page.select_option("#bigbad-who", "queen")
        page.select_option("#bigbad-threat", "hive")
        page.locator("#bigbad-form-submit").click()
        page.wait_for_selector("#dialog .dialog-error")
        said = page.locator("#dialog .dialog-error").inner_text()
        assert catalog("sv")["rule.big-bad.threat-map"] in said
        # Now the parts: the drone by mouse, the claw by keyboard, the queen behind the drone.
        page.check("#bigbad-part-drone")
        page.focus("#bigbad-part-claw")
        page.keyboard.press("Space")
        assert page.is_checked("#bigbad-part-claw")
        page.check("#bigbad-part-queen")
        assert page.is_hidden("#bigbad-part-zone-queen")  # a hive's parts are no zones
        page.check("#bigbad-part-queen-behind-drone")
        page.select_option("#bigbad-heart", "queen")
        accessible(gm)
        gm.submit("bigbad-form")
        table = [gm, ann]
        on_all(table, "#threat-queen")
        on_all(table, "#threat-part-drone", data_state="open")
        on_all(table, "#threat-part-claw", data_state="open")
        on_all(table, "#threat-part-queen", data_state="shielded")
        assert page.locator("#threat-part-queen .badge.secret").count() == 1  # the heart
        assert ann.page.locator("#threat-queen .badge.secret").count() == 0
        assert "Surrande drönare" in ann.page.inner_text("#threat-part-queen")  # behind whom
        for player in table:
            bad = player.page.evaluate(UNTRANSLATED, "sv")
            assert bad == [], f"{player.name}: untranslated: {bad[:10]}"
        assert errors == []
    finally:
        for context in contexts:
            context.close()
