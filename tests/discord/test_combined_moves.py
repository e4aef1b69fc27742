"""Two skill lists summed on a roll from Discord (issue 41; fate-condensed.ru.md § Optional Rules >
Changing the Skill List, Combination): /roll, /overcome, /advantage and /attack take ``second``,
the second list's skill, named in the user's language; the table rolls at the sum, and the
log's line names both skills."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from fatekit.discord.door import seen_by
from fatekit.discord.lines import Reader
from fatekit.discord.moves import move_for
from fatekit.discord.words import words
from fatekit.table import commands as c
from fatekit.table import event_for, view_for
from fatekit.table.serialize import command_from_json
from tests.table.test_combined_table import EXAMPLES, bridge, fight

from .harness import Member
from .harness import Play as Harness
from .standin import StandIn


@pytest.mark.rule("skills.combined-roll")
def test_roll_and_attack_take_the_second_skill_by_its_name() -> None:
    table = bridge()
    seen = seen_by(table.s, "ann", "it")
    assert seen.view["second_skills"] == ["daring", "cunning", "grace", "resolve"]
    options = {"skill": "Scherma", "second": "Audacia", "difficulty": 2, "dice": "0000"}
    move = move_for("overcome", options, seen.view, {}, seen.reader)
    assert move.type == "Roll"
    assert (move.data["skill"], move.data["second_skill"]) == ("swordplay", "daring")
    table.do(command_from_json(move.type, move.data), "ann")
    assert view_for(table.s, "gm")["roll"]["effort"] == 3  # Swordplay (+2) + Daring (+1)
    said = seen_by(table.s, "ann", "it").reader.line(event_for(table.log[-1], table.s, "ann"))
    assert said is not None and "Scherma + Audacia" in said
    table.do(c.ResolveRoll(), "ann")
    fight(table)
    view = view_for(table.s, "ann")
    options = {"target": "guard", "skill": "swordplay", "second": "grace", "dice": "0000"}
    move = move_for("attack", options, view, {}, Reader(view, words("en")))
    assert (move.type, move.data["second_skill"]) == ("Attack", "grace")
    table.dice = ["0000"]
    table.do(command_from_json(move.type, move.data), "ann")
    assert view_for(table.s, "gm")["roll"]["effort"] == 4  # Swordplay (+2) + Grace (+2)


def test_a_roll_with_no_second_skill_sends_none() -> None:
    table = bridge()
    view = view_for(table.s, "ann")
    options = {"skill": "swordplay", "difficulty": 2}
    move = move_for("roll", options, view, {}, Reader(view, words("en")))
    assert "second_skill" not in move.data  # the table refuses it: second_skill_needed


@pytest.mark.rule("skills.combined-roll")
def test_a_contests_overcome_takes_the_second_skill() -> None:
    table = bridge()
    table.do(
        c.StartContest(
            sides=(("ines", ("ines",)), ("guard", ("guard",))),
            intents=(("ines", "escape"), ("guard", "catch her")),
        )
    )
    seen = seen_by(table.s, "ann", "sv")
    options = {"skill": "riding", "second": "grace", "dice": "+000"}
    move = move_for("overcome", options, seen.view, {}, seen.reader)
    assert (move.type, move.data["second_skill"]) == ("ContestRoll", "grace")
    table.do(command_from_json(move.type, move.data), "ann")
    (roll,) = view_for(table.s, "gm")["rolls"]
    assert roll["effort"] == 4  # Riding (+1) + Grace (+2) + 1


async def _through_discord(tmp: Path) -> dict[str, Any]:
    """A Crossed Blades table, Ann in Italian: what /roll's ``second`` suggests, and the roll."""
    seen: dict[str, Any] = {}
    ruleset = json.loads((EXAMPLES / "crossed-blades.ruleset.json").read_text(encoding="utf-8"))
    sheet = (EXAMPLES / "crossed-blades.character.json").read_text(encoding="utf-8")
    async with (
        StandIn() as discord,
        Harness(tmp / "t.db", discord, endpoint=False).running() as p,
        httpx.AsyncClient(base_url=p.base) as http,
    ):
        made = (await http.post("/tables", json={"name": "Parigi", "ruleset": ruleset})).json()
        table, gm_link = made["table_id"], made["link"]
        ann_link = (
            await http.post(
                f"/tables/{table}/seats",
                json={"name": "Ann", "role": "player"},
                headers={"X-Fatekit-Link": gm_link},
            )
        ).json()["link"]

        async def do(link: str, kind: str, **data: Any) -> None:
            answer = await http.post(
                f"/tables/{table}/commands",
                json={"type": kind, "data": data},
                headers={"X-Fatekit-Link": link},
            )
            assert answer.status_code == 200, answer.text

        await do(ann_link, "AddCharacter", sheet=sheet, owner="ann")
        await do(gm_link, "StartSession")
        await do(gm_link, "StartScene", name="Pont Neuf", participants=["ines"])
        gm = Member(discord, "7001", "Gloria", "en-US")
        ann = Member(discord, "7002", "Ann", "it")
        await gm.submit(await gm.use("bind"), link=gm_link)
        await ann.submit(await ann.use("join"), link=ann_link)
        seen["second"] = await ann.suggest("roll", "second", skill="swordplay", second="")
        await ann.use("roll", skill="swordplay", second="grace", difficulty=2, dice="0000")
        state = await http.get(f"/tables/{table}/state", headers={"X-Fatekit-Link": gm_link})
        seen["rolls"] = state.json()["rolls"]
    return seen


@pytest.mark.rule("skills.combined-roll")
def test_second_offers_the_second_list_rated_and_rolls_at_the_sum(tmp_path: Path) -> None:
    seen = asyncio.run(_through_discord(tmp_path))
    # Inès's manners, best first, in Italian with their ratings; no action among them.
    assert [c["value"] for c in seen["second"]] == ["grace", "cunning", "daring"]
    assert seen["second"][0]["name"].startswith("Grazia")
    assert [r["effort"] for r in seen["rolls"]] == [4]  # Swordplay (+2) + Grace (+2)
