"""Typed defence dice and chosen defence skills for the targets of a split or zone attack, on the
page that aims it. A seat gets the fields only for the targets it plays (only they may choose a
defender's skill or enter its dice): the GM's for everyone, a player's for their own. The skills
offered are those the engine lets defend (the extras' defend_skills), blank for its own pick.
Typed dice decide that target's defence; a field left blank is rolled by the table, whose own
dice are blank here (0000), so every run repeats."""

from __future__ import annotations

from typing import Any

from tests.sheets import charles_sheet, npc_sheet, ruth_sheet
from tests.web.test_flow import UNTRANSLATED, Player, accessible
from tests.web.test_turns import call, command

TIMEOUT = 15_000


def deck(server: str, first: str) -> tuple[str, str, str]:
    """Ruth and Charles (both Ann's) against Alice, all on deck, in a conflict with multiple
    targets where ``first`` acts first: the table, the GM's and Ann's links."""
    made = call(
        server, "/tables", {"name": "Deck", "preset": "condensed", "options": ["multiple_targets"]}
    )
    table, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm)
    command(server, table, gm, "AddCharacter", {"sheet": ruth_sheet(), "owner": ann["seat"]})
    command(server, table, gm, "AddCharacter", {"sheet": charles_sheet(), "owner": ann["seat"]})
    command(server, table, gm, "AddCharacter", {"sheet": npc_sheet(), "revealed": True})
    command(server, table, gm, "StartSession", {})
    everyone = ["ruth", "charles", "alice"]
    scene = {
        "name": "On deck",
        "participants": everyone,
        "zones": ["deck"],
        "positions": [[who, "deck"] for who in everyone],
    }
    command(server, table, gm, "StartScene", scene)
    sides = [["heroes", ["ruth", "charles"]], ["cult", ["alice"]]]
    command(server, table, gm, "StartConflict", {"sides": sides, "first": first})
    return table, gm, ann["link"]


def open_pages(browser: Any, server: str, links: list[str], locale: str) -> list[Player]:
    players = []
    for n, link in enumerate(links):
        page = browser.new_context(locale=locale).new_page()
        page.set_default_timeout(TIMEOUT)
        page.goto(f"{server}/#link={link}")
        page.wait_for_selector("#fighter-alice")
        players.append(Player(page, f"seat {n}"))
    return players


def shifts(player: Player, target: str, value: int) -> None:
    player.page.locator(f"#target-{target}[data-shifts='{value}']").wait_for()


def test_the_gm_types_a_defenders_dice_for_a_split_attack(server: str, browser: Any) -> None:
    table, gm_link, ann_link = deck(server, "alice")
    # Alice's Fair Fight and 0000: an effort of +3 to share.
    attack = {"actor": "alice", "skill": "fight", "dice": "0000"}
    command(server, table, gm_link, "SplitAttack", attack)
    gm, ann = open_pages(browser, server, [gm_link, ann_link], "it-IT")
    try:
        page = gm.page
        page.locator("#assign-targets #aim-split").wait_for()
        # The GM plays everyone: a dice field for each opponent; Ann aims nothing here.
        assert page.locator("#assign-targets .defend-dice input").count() == 2
        assert ann.page.locator("#assign-targets").count() == 0
        page.fill("#share-ruth", "2")
        page.fill("#share-charles", "1")
        page.fill("#defend-dice-charles", "----")
        accessible(gm)
        assert page.evaluate(UNTRANSLATED, "it") == []
        page.locator("#aim-split").click()
        # Charles's typed ---- makes his Mediocre defence -4: 1 shift becomes 5. Ruth's blank
        # field is the table's 0000: her Great (+4) defence holds 2 shifts off by 2.
        for player in (gm, ann):
            shifts(player, "charles", 5)
            shifts(player, "ruth", -2)
        assert page.locator("#target-charles").get_attribute("data-outcome") == "success_with_style"
    finally:
        for player in (gm, ann):
            player.page.context.close()


def test_a_player_types_dice_only_for_targets_they_play(server: str, browser: Any) -> None:
    table, gm_link, ann_link = deck(server, "ruth")
    # Ruth's Great Fight and 0000: +4 against everyone else on deck, Charles too.
    attack = {"actor": "ruth", "skill": "fight", "zone": "deck", "dice": "0000"}
    command(server, table, ann_link, "ZoneAttack", attack)
    ann, gm = open_pages(browser, server, [ann_link, gm_link], "en-GB")
    try:
        page = ann.page
        page.locator("#assign-targets #aim-zone").wait_for()
        # Ann plays Charles, not Alice, and Ruth is no target of her own attack.
        assert page.locator("#defend-dice-charles").count() == 1
        assert page.locator("#defend-dice-alice").count() == 0
        assert page.locator("#defend-dice-ruth").count() == 0
        page.fill("#defend-dice-charles", "++++")
        page.locator("#aim-zone").click()
        # Charles's ++++ lifts his Mediocre defence to +4: no shifts left. Alice's blank
        # field is the table's 0000 on her Mediocre Athletics: all 4 shifts land.
        for player in (ann, gm):
            shifts(player, "charles", 0)
            shifts(player, "alice", 4)
        assert page.evaluate(UNTRANSLATED, "en") == []
    finally:
        for player in (ann, gm):
            player.page.context.close()


def test_the_gm_picks_a_targets_defence_skill(server: str, browser: Any) -> None:
    table, gm_link, _ = deck(server, "alice")
    # Alice's Good Fight and 0000: an effort of +3, all of it on Ruth.
    attack = {"actor": "alice", "skill": "fight", "dice": "0000"}
    command(server, table, gm_link, "SplitAttack", attack)
    (gm,) = open_pages(browser, server, [gm_link], "sv-SE")
    try:
        page = gm.page
        page.locator("#assign-targets #aim-split").wait_for()
        # A split is a flurry of blows: Athletics and Fight may both parry it, Ruth's best first.
        values = page.locator("#defend-skill-ruth option").evaluate_all(
            "options => options.map(o => o.value)"
        )
        assert values == ["", "fight", "athletics"]
        assert page.input_value("#defend-skill-ruth") == ""  # the engine's pick, by default
        page.fill("#share-ruth", "3")
        page.select_option("#defend-skill-ruth", "athletics")
        accessible(gm)
        assert page.evaluate(UNTRANSLATED, "sv") == []
        page.locator("#aim-split").click()
        # Ruth's Good (+3) Athletics ties the +3, where her Great Fight, the engine's own
        # pick, would have held it off by one.
        shifts(gm, "ruth", 0)
        assert page.locator("#target-ruth").get_attribute("data-outcome") == "tie"
    finally:
        gm.page.context.close()
