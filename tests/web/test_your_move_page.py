""" "Your move" only when it is (issue 39: a player whose character could only concede was told it
was her move). Out of turn, Åsa's phone in Swedish says whose turn it is, and offers the
concession apart, as something she may do at any time; on Ruth's turn it says it is hers
(fate-condensed.ru.md § Conceding; § Turn Order)."""

from __future__ import annotations

from typing import Any

from tests.web.test_evening_page import at_table, scene_with_ruth
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import catalog, command


def test_only_a_concession_is_no_move_of_hers(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table, gm_link, ann_link = scene_with_ruth(server)
    sides = [["heroes", ["ruth"]], ["cult", ["alice"]]]
    command(server, table, gm_link, "StartConflict", {"sides": sides, "first": "alice"})
    sv = catalog("sv")
    with at_table(browser, server, ann_link, "sv-SE") as ann:
        turn = ann.locator("#turn")
        expect(turn).to_have_attribute("data-yours", "false")
        expect(ann.locator("#turn-waiting")).to_have_text(
            sv["turn.waiting"].replace("{who}", "Alice Westforth")
        )
        expect(ann.locator("#turn-yours")).to_have_count(0)
        expect(turn).not_to_contain_text(sv["turn.yours"])
        # She may still concede, said as what it is.
        expect(ann.locator("#turn-anytime")).to_have_text(sv["turn.anytime"])
        expect(ann.locator("#concede-ruth")).to_be_visible()
        expect(ann.locator("#attack-ruth")).to_have_count(0)
        assert ann.evaluate(UNTRANSLATED, "sv") == []
        # Alice hands the turn to Ruth: now it is her move.
        overcome = {"actor": "alice", "skill": "deceive", "difficulty": 0, "dice": "0000"}
        command(server, table, gm_link, "Overcome", overcome)
        command(server, table, gm_link, "ResolveRoll", {})
        command(server, table, gm_link, "EndTurn", {"next_actor": "ruth"})
        expect(turn).to_have_attribute("data-yours", "true")
        expect(ann.locator("#turn-yours")).to_have_text(sv["turn.yours"])
        expect(ann.locator("#attack-ruth")).to_be_visible()
        expect(ann.locator("#turn-anytime")).to_have_count(0)


def test_the_gm_is_told_a_players_turn_is_the_players(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table, gm_link, _ = scene_with_ruth(server)
    sides = [["heroes", ["ruth"]], ["cult", ["alice"]]]
    command(server, table, gm_link, "StartConflict", {"sides": sides, "first": "ruth"})
    it = catalog("it")
    with at_table(browser, server, gm_link, "it-IT") as gm:
        # Ruth's turn: the GM waits for Ann, and may still act for Ruth, said as such.
        expect(gm.locator("#turn")).to_have_attribute("data-yours", "false")
        expect(gm.locator("#turn-waiting")).to_have_text(
            it["turn.waiting"].replace("{who}", "Ruth")
        )
        expect(gm.locator("#turn-for-players")).to_have_text(it["turn.for_players"])
        expect(gm.locator("#attack-ruth")).to_be_visible()
        # Ruth attacks: her dice are Ann's to settle, not the GM's.
        attack = {"actor": "ruth", "target": "alice", "skill": "fight", "dice": "0000"}
        command(server, table, gm_link, "Attack", attack)
        expect(gm.locator("#turn")).not_to_contain_text(it["turn.roll_yours"])
        assert gm.evaluate(UNTRANSLATED, "it") == []
