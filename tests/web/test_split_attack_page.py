"""A split attack aimed from the page (issue 39: the page agent's seed 6 found the aiming panel
sending an empty `AssignTargets` for it, once an invoke had rerolled the attack: the panel read
the latest roll, a reroll then, and took the attack for a zone attack): Ruth splits one attack
between two opponents, the shares typed in the panel reach the table, and each target then
faces its own share."""

from __future__ import annotations

import json
from typing import Any

from tests.sheets import npc_sheet, ruth_sheet
from tests.web.test_evening_page import at_table
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import call, command, state_of


def two_cultists(server: str) -> tuple[str, str, str]:
    """A fight with the multiple-targets rule: Ann's Ruth against Alice and Bram, Ruth's turn."""
    made = call(
        server, "/tables", {"name": "Docks", "preset": "condensed", "options": ["multiple_targets"]}
    )
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    command(server, table, gm_link, "AddCharacter", {"sheet": ruth_sheet(), "owner": "ann"})
    command(server, table, gm_link, "AddCharacter", {"sheet": npc_sheet(), "revealed": True})
    bram = json.loads(npc_sheet())
    bram["id"], bram["name"] = "bram", "Bram"
    command(server, table, gm_link, "AddCharacter", {"sheet": json.dumps(bram), "revealed": True})
    command(server, table, gm_link, "StartSession", {})
    who = ["ruth", "alice", "bram"]
    command(server, table, gm_link, "StartScene", {"name": "Docks", "participants": who})
    sides = [["crew", ["ruth"]], ["cult", ["alice", "bram"]]]
    command(server, table, gm_link, "StartConflict", {"sides": sides, "first": "ruth"})
    return table, gm_link, ann["link"]


def test_a_split_attack_is_shared_between_two_targets(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table, _, ann_link = two_cultists(server)
    # Fight +4 and blanks, rerolled on her high concept to four pluses: an effort of 8.
    attack = {"actor": "ruth", "skill": "fight", "dice": "0000"}
    command(server, table, ann_link, "SplitAttack", attack)
    reroll = {"aspect_id": "ruth/high_concept/1", "by": "ruth", "effect": "reroll", "dice": "++++"}
    command(server, table, ann_link, "Invoke", reroll)
    with at_table(browser, server, ann_link, "it-IT") as ann:
        panel = ann.locator("#assign-targets")
        expect(panel.locator("#share-alice")).to_be_visible()
        ann.fill("#share-alice", "5")
        ann.fill("#share-bram", "3")
        ann.click("#aim-split")
        expect(panel).to_have_count(0)
        expect(ann.locator(".refusal")).to_have_count(0)
        assert ann.evaluate(UNTRANSLATED, "it") == []
    targets = state_of(server, table, ann_link)["conflict"]["targets"]
    assert sorted(targets) == ["alice", "bram"]
