"""Who may roll, drawn from the table's offers (issue 40 item 2): the page no longer asks the
seat's role or the characters it plays before it shows a roll, a contest side's or a challenge
task's roll, Weapon and Armor or an attack's defence dice; it draws each from what the seat's
document offers, which the table's own checks compute. Played as a group would: the GM in
Italian on a laptop, Ann in Swedish on a phone, Ben (Charles's player) at the table too."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.sheets import charles_sheet, npc_sheet, ruth_sheet
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_refusals_page import seat_page
from tests.web.test_turns import call, command, state_of


def options_of(page: Any, select: str) -> list[str]:
    """The values a select offers."""
    return list(page.locator(f"{select} option").evaluate_all("(os) => os.map((o) => o.value)"))


def test_rolls_contests_challenges_and_defence_dice_are_offered_as_the_table_takes_them(
    server: str, browser: Any
) -> None:
    made = call(server, "/tables", {"name": "Il molo", "options": ["weapon_and_armor"]})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    ben = call(server, f"/tables/{table}/seats", {"name": "Ben", "role": "player"}, gm_link)
    command(server, table, gm_link, "AddCharacter", {"sheet": ruth_sheet(), "owner": ann["seat"]})
    command(
        server, table, gm_link, "AddCharacter", {"sheet": charles_sheet(), "owner": ben["seat"]}
    )
    command(server, table, gm_link, "AddCharacter", {"sheet": npc_sheet(), "revealed": True})
    command(server, table, gm_link, "StartSession", {})
    scene = {"name": "Il molo", "participants": ["ruth", "charles", "alice"]}
    command(server, table, gm_link, "StartScene", scene)
    with (
        seat_page(browser, server, ann["link"], "sv-SE", (390, 844)) as phone,
        seat_page(browser, server, gm_link, "it-IT", (1280, 900)) as gm,
    ):
        # A roll outside a conflict: Ann for Ruth alone, the GM for everyone in the scene.
        phone.click("#new-roll")
        expect(phone.locator("#roll-form")).to_be_visible()
        assert options_of(phone, "#roll-actor") == ["ruth"]
        phone.keyboard.press("Escape")
        gm.click("#new-roll")
        assert sorted(options_of(gm, "#roll-actor")) == ["alice", "charles", "ruth"]
        gm.keyboard.press("Escape")
        # Ruth's roll in play: she has no other roll to start, so Ann's phone offers none.
        roll = {"actor": "ruth", "skill": "athletics", "action": "overcome", "difficulty": 1}
        command(server, table, gm_link, "Roll", {**roll, "dice": "0000"})
        expect(phone.locator("#new-roll")).to_have_count(0)
        expect(gm.locator("#new-roll")).to_be_visible()
        rolled = state_of(server, table, gm_link)["rolls"][0]["id"]
        command(server, table, gm_link, "ResolveRoll", {"roll": rolled})
        expect(phone.locator("#new-roll")).to_be_visible()

        # A contest: Ann rolls for her side, Ruth only (Charles is Ben's); the cult's side is
        # the GM's to roll for or give up.
        sides = [["eroi", ["ruth", "charles"]], ["culto", ["alice"]]]
        intents = [["eroi", "raggiungere la barca"], ["culto", "salpare da solo"]]
        command(server, table, gm_link, "StartContest", {"sides": sides, "intents": intents})
        expect(phone.locator("#contest-roll-eroi")).to_be_visible()
        expect(phone.locator("#contest-roll-culto")).to_have_count(0)
        expect(phone.locator("#contest-forfeit-culto")).to_have_count(0)
        expect(gm.locator("#contest-forfeit-culto")).to_be_visible()
        phone.click("#contest-roll-eroi")
        assert options_of(phone, "#contest-actor-eroi") == ["ruth"]
        phone.select_option("#contest-skill-eroi", "athletics")
        phone.fill("#contest-dice-eroi", "0000")
        phone.click("#contest-roll-form-submit")
        expect(phone.locator("#dialog")).not_to_be_visible()
        # The side rolled: no second roll is offered to anyone, the GM included.
        expect(phone.locator("#contest-roll-eroi")).to_have_count(0)
        expect(gm.locator("#contest-roll-eroi")).to_have_count(0)
        phone.locator(".resolve-button").first.click()
        expect(phone.locator(".resolve-button")).to_have_count(0)
        assert phone.evaluate(UNTRANSLATED, "sv") == []
        command(server, table, gm_link, "EndContest", {})
        expect(phone.locator("#contest")).to_have_count(0)

        # A challenge: each task offers its roll to the seats that may make it.
        tasks = [["molo", "Attraversare il molo", "athletics", 1]]
        command(server, table, gm_link, "StartChallenge", {"tasks": tasks})
        expect(phone.locator("#task-roll-molo")).to_be_visible()
        expect(gm.locator("#task-roll-molo")).to_be_visible()
        command(
            server,
            table,
            gm_link,
            "ChallengeRoll",
            {"task": "molo", "actor": "charles", "dice": "0000"},
        )
        # Charles is rolling the task: one roll a task, so it is offered to no one meanwhile.
        expect(phone.locator("#task-roll-molo")).to_have_count(0)
        expect(gm.locator("#task-roll-molo")).to_have_count(0)
        command(server, table, gm_link, "EndChallenge", {})
        for left in state_of(server, table, gm_link)["rolls"]:  # a roll the end left in play
            command(server, table, gm_link, "ResolveRoll", {"roll": left["id"]})

        # A conflict: Weapon and Armor for Ann's own Ruth; the defence dice are entered only by a
        # seat that acts for the defender (the GM for Alice), never by Ann.
        sides = [["eroi", ["ruth"]], ["culto", ["alice"]]]
        command(server, table, gm_link, "StartConflict", {"sides": sides, "first": "ruth"})
        phone.click("#equip")
        assert options_of(phone, "#equip-who") == ["ruth"]
        phone.keyboard.press("Escape")
        phone.click("#attack-ruth")
        phone.select_option("#attack-target", "alice")
        expect(phone.locator("#attack-form")).to_be_visible()
        expect(phone.locator("#attack-defend-dice")).not_to_be_visible()
        phone.keyboard.press("Escape")
        gm.click("#attack-ruth")
        gm.select_option("#attack-target", "alice")
        gm.fill("#attack-dice", "0000")
        defence = gm.locator("#attack-defend-dice")
        expect(defence).to_be_visible()
        defence.fill("++++")
        gm.click("#attack-form-submit")
        expect(gm.locator("#dialog")).not_to_be_visible()
        # Alice's defence as the GM entered it, on Ann's phone too.
        expect(phone.locator(".roll-opposition")).to_be_visible()
        attack = state_of(server, table, gm_link)["roll"]
        assert attack["defence"]["faces"] == "++++", attack
        assert phone.evaluate(UNTRANSLATED, "sv") == []
        assert gm.evaluate(UNTRANSLATED, "it") == []
