"""Dice per seat through the page (issue 43 item 4): the GM, in Swedish at 1440x900, lets the
players choose their own dice on the GM's screen; Ann, in Russian on a 390x844 phone, picks 4d6
from what her seat is offered and rolls: the server draws four six-sided dice, her log and the
GM's say what was chosen; then she picks d6-d6 and the odds panel says in Russian that its
spread is wider than Fate dice'. The GM then stops the choice and her list is gone."""

from __future__ import annotations

from typing import Any

from fatekit.formats import dumps_character
from fatekit.rules import new_character
from fatekit.rules.core.randomizers import Drawn, Randomizer, parse_drawn
from tests.web.test_refusals_page import seat_page
from tests.web.test_turns import call, catalog, command, state_of


def test_a_gm_in_swedish_lets_a_player_in_russian_on_a_phone_roll_4d6(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    sv, ru = catalog("sv"), catalog("ru")
    made = call(server, "/tables", {"name": "Tärningarna", "preset": "condensed"})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    ruth = new_character(
        "condensed", "ruth", "Ruth", high_concept="Sky Pirate", skills={"athletics": 2}
    )
    command(
        server,
        table,
        gm_link,
        "AddCharacter",
        {"sheet": dumps_character(ruth), "owner": ann["seat"]},
    )
    command(server, table, gm_link, "StartSession", {})
    command(server, table, gm_link, "StartScene", {"name": "Bron", "participants": ["ruth"]})

    with seat_page(browser, server, gm_link, "sv-SE", (1440, 900)) as gm:
        expect(gm.locator("#table-dice legend")).to_have_text(sv["randomizer.table"])
        expect(gm.locator("#table-dice-choice")).to_have_value("4dF")
        with seat_page(browser, server, ann["link"], "ru-RU", (390, 844)) as phone:
            # Nothing to choose until the GM allows it: the seat's way is only said.
            expect(phone.locator("#own-dice")).to_have_text(ru["randomizer.4dF"])
            expect(phone.locator("#own-dice-choice")).to_have_count(0)
            gm.locator("#seats-choose-dice").check()
            allowed = sv["event.SeatRandomizersAllowed.on"]
            expect(gm.locator("#log-list")).to_contain_text(allowed)
            choice = phone.locator("#own-dice-choice")
            expect(choice).to_be_visible()
            offered = choice.locator("option")
            expect(offered).to_have_count(len(Randomizer))
            expect(phone.locator("label[for=own-dice-choice]")).to_have_text(ru["randomizer.own"])
            box = choice.bounding_box()
            assert box is not None and box["height"] >= 44  # a phone's target
            choice.select_option("4d6")
            said = ru["event.OwnRandomizerChosen"].replace("{randomizer}", ru["randomizer.4d6"])
            expect(phone.locator("#log-list")).to_contain_text(said)
            told = sv["event.OwnRandomizerChosen"].replace("{randomizer}", sv["randomizer.4d6"])
            expect(gm.locator("#log-list")).to_contain_text(told)
            assert state_of(server, table, ann["link"])["you"]["randomizer"] == "4d6"

            phone.click("#new-roll")
            phone.select_option("#roll-action", "overcome")
            phone.select_option("#roll-skill", "athletics")
            phone.select_option("#roll-difficulty", "0")
            expect(phone.locator("#odds-list")).to_be_visible()
            expect(phone.locator(".odds-spread")).to_have_count(0)  # 4d6 falls as Fate dice
            phone.locator("#roll-form-submit").click()
            rolled = phone.locator(".dice[data-faces^='4d6:']").first
            expect(rolled).to_be_visible()
            drawn = parse_drawn(rolled.get_attribute("data-faces") or "")
            assert isinstance(drawn, Drawn) and drawn.randomizer is Randomizer.FOUR_D6
            # The server drew it: the GM's view of the roll holds the same dice.
            rolls = state_of(server, table, gm_link)["rolls"]
            assert [r["faces"] for r in rolls] == [drawn.symbols()]
            command(server, table, gm_link, "ResolveRoll", {})

            phone.locator("#own-dice-choice").select_option("d6-d6")
            expect(phone.locator("#own-dice-choice")).to_have_value("d6-d6")
            phone.click("#new-roll")
            phone.select_option("#roll-action", "overcome")
            phone.select_option("#roll-skill", "athletics")
            phone.select_option("#roll-difficulty", "1")
            spread = phone.locator(".odds-spread")
            expect(spread).to_have_text(ru["randomizer.spread.d6-d6"])
            phone.keyboard.press("Escape")

            gm.locator("#seats-choose-dice").uncheck()
            expect(phone.locator("#own-dice-choice")).to_have_count(0)
            expect(phone.locator("#own-dice")).to_have_text(ru["randomizer.4dF"])
