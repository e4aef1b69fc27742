"""A Venture City power bought at a milestone from Discord (issue 41): ``/milestone`` offers the
ways the PC's view offers (``package_offers``), named in the player's language with the refresh
each costs, and sends the milestone the page would send; with no milestone open it offers
nothing and says so."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from fatekit.discord.commands import definitions
from fatekit.discord.door import seen_by
from fatekit.discord.lines import Reader
from fatekit.discord.moves import Ask, move_for, package_ways
from fatekit.discord.words import words
from fatekit.rules.core.clock import Milestone
from fatekit.table import commands as c

from ..table.test_package_milestones_table import city  # type: ignore[import-not-found]
from .harness import Member, Play
from .standin import StandIn

SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "venture-city"
BLAST = "|energy-blast|need-a-mask|charged-shot"


def _seen(table: Any, seat: str, language: str) -> tuple[Any, Reader]:
    seen = seen_by(table.s, seat, language)
    return seen.view, seen.reader


def test_the_ways_are_the_views_and_become_the_milestone_the_page_sends() -> None:
    table = city()
    view, reader = _seen(table, "ann", "it")
    assert package_ways(view, "miles", reader) == []
    with pytest.raises(Ask) as asked:
        move_for("milestone", {"package": BLAST}, view, {}, reader)
    assert asked.value.key == "discord.no_package_way"
    table.do(c.EndSession(milestone=Milestone.MINOR))
    view, reader = _seen(table, "ann", "it")
    ways = {w.value: w.name for w in package_ways(view, "miles", reader)}
    offered = next(ch for ch in view["characters"] if ch["id"] == "miles")["package_offers"]
    # Each way, and each with one option on top (its extras), and each option on Flight.
    assert len(ways) == len(offered) + sum(len(o.get("extras", ())) for o in offered)
    assert ways[BLAST] == words("it")(
        "milestone.package_cost",
        what="Energy Blast: Need a Mask to Protect Those Around You, Charged Shot",
        n=1,
    )
    move = move_for("milestone", {"package": BLAST}, view, {}, reader)
    assert (move.type, move.data) == (
        "SpendMilestone",
        {
            "character_id": "miles",
            "change": {
                "kind": "buy_package",
                "package": "energy-blast",
                "options": ["need-a-mask", "charged-shot"],
            },
        },
    )
    # Skye's Flight, worth one stunt, may be changed: the way names the power it replaces.
    ben, english = _seen(table, "ben", "en")
    swap = {w.value: w.name for w in package_ways(ben, "skye", english)}
    assert swap["flight" + BLAST].startswith("instead of Flight: Energy Blast: ")
    # The command is registered with its option, named in each language.
    (milestone,) = [d for d in definitions() if d["name"] == "milestone"]
    assert milestone["name_localizations"]["ru"] == "веха"
    assert [o["name"] for o in milestone["options"]] == ["package", "as"]


@pytest.mark.rule("advancement.package-options", "advancement.package-buy")
def test_an_option_on_a_power_held_and_one_on_top_of_a_power_bought() -> None:
    table = city()
    table.do(c.EndSession(milestone=Milestone.MINOR))
    view, reader = _seen(table, "ann", "ru")
    ways = {w.value: w.name for w in package_ways(view, "miles", reader)}
    say = words("ru")
    master = "+|flight|master-flight"
    assert ways[master] == say(
        "milestone.package_cost",
        what=say(
            "discord.package_adds",
            package=reader.package("package:flight"),
            option=reader.package("option:master-flight"),
        ),
        n=1,
    )
    move = move_for("milestone", {"package": master}, view, {}, reader)
    assert move.data["change"] == {
        "kind": "add_package_options",
        "package": "flight",
        "options": ["master-flight"],
    }
    # Energy Blast with a special effect on top, free (two come with a power).
    extra = BLAST + "|area-attack"
    assert extra in ways
    move = move_for("milestone", {"package": extra}, view, {}, reader)
    assert move.data["change"]["options"] == ["need-a-mask", "charged-shot", "area-attack"]
    table.do(
        c.SpendMilestone(
            character_id="miles",
            change=c.MilestoneChange(
                kind=c.ChangeKind.BUY_PACKAGE,
                package="energy-blast",
                options=("need-a-mask", "charged-shot", "area-attack"),
            ),
        ),
        "ann",
    )
    assert table.s.game.character("miles").packages[-1].options[-1] == "area-attack"


async def _buy_from_discord(tmp: Path) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    async with (
        StandIn() as discord,
        Play(tmp / "t.db", discord, endpoint=False).running() as p,
        httpx.AsyncClient(base_url=p.base) as http,
    ):
        made = (await http.post("/tables", json={"name": "Porto", "preset": "venturecity"})).json()
        table, gm_link = made["table_id"], made["link"]
        gm_headers = {"X-Fatekit-Link": gm_link}
        ann_link = (
            await http.post(
                f"/tables/{table}/seats", json={"name": "Ann", "role": "player"}, headers=gm_headers
            )
        ).json()["link"]

        async def do(link: str, kind: str, **data: Any) -> None:
            answer = await http.post(
                f"/tables/{table}/commands",
                json={"type": kind, "data": data},
                headers={"X-Fatekit-Link": link},
            )
            assert answer.status_code == 200, answer.text

        async def miles() -> Any:
            state = (await http.get(f"/tables/{table}/state", headers=gm_headers)).json()
            return next(ch for ch in state["characters"] if ch["id"] == "miles")

        sheet = (SAMPLES / "miles.character.json").read_text(encoding="utf-8")
        await do(ann_link, "AddCharacter", sheet=sheet, owner="ann")
        await do(gm_link, "StartSession")
        gm = Member(discord, "7101", "Gloria", "en-US")
        ann = Member(discord, "7102", "Ann", "it")
        await gm.submit(await gm.use("bind"), link=gm_link)
        await ann.submit(await ann.use("join"), link=ann_link)
        await p.settled(table)
        seen["none"] = await ann.suggest("milestone", "package", package="")
        await do(gm_link, "EndSession", milestone="minor")
        await p.settled(table)
        seen["ways"] = await ann.suggest("milestone", "package", package="Energy")
        seen["bought"] = (await ann.use("milestone", package=BLAST)).content
        await p.settled(table)
        seen["miles"] = await miles()
    return seen


@pytest.mark.rule("advancement.package-buy", "package.cost")
def test_a_player_buys_a_power_from_discord_in_italian(tmp_path: Path) -> None:
    seen = asyncio.run(_buy_from_discord(tmp_path))
    it = words("it")
    assert seen["none"] == []
    named = {w["value"]: w["name"] for w in seen["ways"]}
    assert named[BLAST] == it(
        "milestone.package_cost",
        what="Energy Blast: Need a Mask to Protect Those Around You, Charged Shot",
        n=1,
    )
    miles = seen["miles"]
    assert [p["key"] for p in miles["sheet"]["packages"]] == ["flight", "energy-blast"]
    assert miles["sheet"]["refresh"] == 1
    assert seen["bought"]
