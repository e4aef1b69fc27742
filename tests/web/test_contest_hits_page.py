"""An Öde contest played through the page (issue 27): the GM in Swedish on a laptop, Ann in
Italian on a phone. An outside threat harms the heroes' whole side and each member takes the hit
beside it (Ann from her phone with stress boxes, the GM taking Ben's Charles out); then a race
in which each side faces a passive difficulty picked from the text's rules of thumb, and Ruth,
below hers, takes the flood's hit. The table is set up over HTTP; the pages play the moves."""

from __future__ import annotations

from typing import Any

from fatekit.formats import dumps_character
from fatekit.rules import major_npc
from tests.sheets import charles_sheet, npc_sheet, ruth_sheet
from tests.web.test_economy_page import LAPTOP, PHONE, at_table
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import call, catalog, command, state_of


def marked(server: str, table_id: str, link: str, who: str) -> list[bool]:
    """Whether each of ``who``'s physical stress boxes is checked, as the seat reads the sheet."""
    sheet = next(c for c in state_of(server, table_id, link)["characters"] if c["id"] == who)
    return [box["marked"] for box in sheet["sheet"]["stress"]["physical"]]


def ode_table(server: str) -> tuple[str, str, str]:
    made = call(server, "/tables", {"name": "Hamnen under berget", "preset": "ode"})
    table_id, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table_id}/seats", {"name": "Ann", "role": "player"}, gm)
    ben = call(server, f"/tables/{table_id}/seats", {"name": "Ben", "role": "player"}, gm)
    command(server, table_id, gm, "AddCharacter", {"sheet": ruth_sheet(), "owner": ann["seat"]})
    command(server, table_id, gm, "AddCharacter", {"sheet": charles_sheet(), "owner": ben["seat"]})
    command(server, table_id, gm, "AddCharacter", {"sheet": npc_sheet(), "revealed": True})
    mountain = major_npc("ode", "volcano", "Vulkanen", skills={"shoot": 3})
    command(server, table_id, gm, "AddCharacter", {"sheet": dumps_character(mountain)})
    command(server, table_id, gm, "StartSession", {})
    scene = {"name": "Kajen", "participants": ["ruth", "charles", "alice", "volcano"]}
    command(server, table_id, gm, "StartScene", scene)
    return table_id, gm, ann["link"]


def start_contest(
    gm: Any, difficulties: tuple[str, str] | None = None, out: tuple[str, ...] = ()
) -> None:
    """The GM's start dialog: the heroes against the cult, the volcano on no side, the heroes
    the ones something is out to harm; with ``difficulties``, each side's (a guide choice for
    the heroes, a ladder value for the cult)."""
    gm.click("#start-contest")
    gm.fill("#contest-side-a", "hjältar")
    gm.fill("#contest-side-b", "kulten")
    gm.fill("#contest-intent-a", "nå båten")
    gm.fill("#contest-intent-b", "segla ensam")
    for who in ("volcano", *out):
        gm.select_option(f"#contest-side-{who}", "")
    gm.check("#contest-harm-a")
    if difficulties is not None:
        gm.locator(f"#contest-difficulty-a-guide [data-guide={difficulties[0]}]").click()
        gm.select_option("#contest-difficulty-b", difficulties[1])
    gm.click("#start-contest-form-submit")


def roll_for_the_cult(server: str, table_id: str, gm_link: str, dice: str) -> None:
    command(
        server,
        table_id,
        gm_link,
        "ContestRoll",
        {"side": "kulten", "actor": "alice", "skill": "fight", "dice": dice},
    )
    rolling = state_of(server, table_id, gm_link)["contest"]["rolling"]["kulten"]
    command(server, table_id, gm_link, "ResolveRoll", {"roll": rolling})


def ruth_rolls(ann: Any, dice: str) -> None:
    ann.click("#contest-roll-hjältar")
    ann.select_option("#contest-actor-hjältar", "ruth")
    ann.select_option("#contest-skill-hjältar", "athletics")
    ann.fill("#contest-dice-hjältar", dice)
    ann.click("#contest-roll-form-submit")
    ann.locator(".resolve-button").first.click()


def test_an_ode_contests_hits_are_taken_beside_them_and_difficulties_are_passive(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    table_id, gm_link, ann_link = ode_table(server)
    sv, it = catalog("sv"), catalog("it")
    with (
        at_table(browser, server, gm_link, "sv-SE", LAPTOP) as gm,
        at_table(browser, server, ann_link, "it-IT", PHONE) as ann,
    ):
        start_contest(gm)
        expect(ann.locator("#contest")).to_be_visible()
        gm.click("#contest-threat")
        gm.select_option("#threat-actor", "volcano")
        gm.select_option("#threat-skill", "shoot")
        gm.uncheck("#threat-side-kulten")
        gm.fill("#threat-dice", "++00")
        gm.click("#contest-threat-form-submit")
        ruth_rolls(ann, "0000")
        roll_for_the_cult(server, table_id, gm_link, "0000")

        # The fire's 5 against Ruth's 3: Ruth and Charles each have 2 shifts to take.
        hits = ann.locator("#contest-hits")
        expect(hits.locator(".harm")).to_have_count(2)
        ruth = ann.locator("#contest-ruth-hit")
        expect(ruth).to_have_attribute("data-shifts", "2")
        expect(ruth).to_contain_text("Vulkanen")  # who dealt it
        # Ann takes Ruth's on her phone; Charles's is Ben's (or the GM's) to take.
        expect(ann.locator("#contest-charles-absorb-button")).to_have_count(0)
        expect(ann.locator("#contest-ruth-absorb-0")).to_be_checked()
        ann.click("#contest-ruth-absorb-button")
        expect(ann.locator("#contest-ruth-hit")).to_have_count(0)
        assert marked(server, table_id, gm_link, "ruth") == [True, True, False]
        expect(ann.locator("#log")).to_contain_text(it["event.ContestHitAbsorbed"].split("{n}")[1])
        # The GM takes Charles out of the race; asked first, as a hit he could take.
        gm.click("#contest-charles-take-out-button")
        gm.click("#contest-charles-take-out-form-submit")
        expect(gm.locator("#contest-hits")).to_have_count(0)
        expect(gm.locator("#contest-hjältar .members")).not_to_contain_text("Charles")
        assert ann.evaluate(UNTRANSLATED, "it") == []
        assert gm.evaluate(UNTRANSLATED, "sv") == []
        gm.click("#end-contest")
        expect(ann.locator("#contest")).to_have_count(0)

        # A race: the flooded ford against the heroes, the cliff path against the cult.
        start_contest(gm, ("two_reasons", "1"), out=("charles",))  # he was taken out
        hard = ann.locator("#contest-hjältar .difficulty")
        expect(hard).to_be_visible()
        ford = int(hard.get_attribute("data-difficulty") or "0")
        expect(ann.locator("#contest-kulten .difficulty")).to_have_attribute("data-difficulty", "1")
        assert ford > 3, "two reasons to be tough put the ford above Ruth's Athletics"
        # Ruth's odds are figured against her own ford, not the cult's roll.
        ann.click("#contest-roll-hjältar")
        ann.select_option("#contest-skill-hjältar", "athletics")
        expect(ann.locator("#contest-roll-form .odds-box")).to_contain_text("%")
        ann.keyboard.press("Escape")
        ruth_rolls(ann, "0000")
        roll_for_the_cult(server, table_id, gm_link, "--00")
        # Below the ford by its margin: Ruth, the whole side now, takes the difference.
        ruth = ann.locator("#contest-ruth-hit")
        expect(ruth).to_have_attribute("data-shifts", str(ford - 3))
        # The ford's harm: the GM holds the invoke, and the card says so.
        expect(ruth.locator(".hit-by")).to_have_text(it["contest.hit_by_gm"])
        ann.click("#contest-ruth-absorb-button")
        expect(ann.locator("#contest-hits")).to_have_count(0)
        assert ann.evaluate(UNTRANSLATED, "it") == []
        assert sv["contest.difficulty_field"]


def test_an_outside_threat_is_offered_only_with_someone_to_be_it(server: str, browser: Any) -> None:
    """The agent's soak (seed 5): with everyone in the scene on a side, "Attack with an outside
    threat" opened a form with no one to roll, and the table answered "could not process this
    request (KeyError: '')". The button waits for someone on no side; the table names what is
    missing."""
    from playwright.sync_api import expect

    table_id, gm_link, _ = ode_table(server)
    sides = [["hjältar", ["ruth", "charles"]], ["kulten", ["alice", "volcano"]]]
    intents = [["hjältar", "nå båten"], ["kulten", "segla ensam"]]
    command(server, table_id, gm_link, "StartContest", {"sides": sides, "intents": intents})
    with at_table(browser, server, gm_link, "sv-SE", LAPTOP) as gm:
        expect(gm.locator("#contest")).to_be_visible()
        expect(gm.locator("#end-contest")).to_be_visible()
        expect(gm.locator("#contest-threat")).to_have_count(0)
        command(server, table_id, gm_link, "EndContest", {})
        sides = [["hjältar", ["ruth", "charles"]], ["kulten", ["alice"]]]
        start = {"sides": sides, "intents": intents}
        command(server, table_id, gm_link, "StartContest", start)
        expect(gm.locator("#contest-threat")).to_be_visible()
