"""Aspects counted instead of skills from Discord (The Three Rocketeers; srd/three-rocketeers-
no-skill-swashbuckling-SRD.md § Refresh, Stunts, and Aspects-only Skills): /attack, /roll,
/overcome and /odds take ``count1..3``, the aspects a PC counts, and ``defend1..3``, those a PC
opposing the roll counts, autocompleted from the PC's own aspects with what each adds; the
table decides the bonus and refuses a skill named, or an aspect not the roller's, in the
user's language; the lines and the sheet say which aspects counted and for what."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from fatekit.discord.door import seen_by
from fatekit.discord.moves import Ask, move_for
from fatekit.discord.sheets import odds_text, sheet_text
from fatekit.discord.words import words
from fatekit.table import event_for, view_for
from fatekit.table.offers import roll_odds
from fatekit.table.serialize import command_from_json
from tests.table.test_counted_aspects import (
    HERO,
    ROOFTOPS,
    SAMPLES,
    SWORDPLAY,
    duel,
    rooftops,
)

from .harness import CHANNEL, Member, Play
from .standin import StandIn
from .test_secret_scene import Queue, text_of

JSON = dict[str, Any]


@pytest.mark.rule("aspects.counted")
def test_overcome_counts_the_aspects_named_and_the_line_names_them() -> None:
    """Séverine's hero (+2) and rooftops (+1) aspects, one by its name and one by its id: the
    overcome goes at +3, and the Italian line names both aspects and the bonus."""
    table = rooftops()
    seen = seen_by(table.s, "ann", "it")
    options = {"count1": "rocket ace", "count2": ROOFTOPS, "difficulty": 2, "dice": "0000"}
    move = move_for("overcome", options, seen.view, {}, seen.reader)
    assert move.type == "Roll"
    assert (move.data["skill"], move.data["counted"]) == ("", [HERO, ROOFTOPS])
    table.do(command_from_json(move.type, move.data), "ann")
    assert view_for(table.s, "gm")["roll"]["effort"] == 3
    said = seen_by(table.s, "ann", "it").reader.line(event_for(table.log[-1], table.s, "ann"))
    assert said is not None
    assert "contando *Rocket Ace of the Queen's Skyguard*, *Every Rooftop" in said
    assert "Buono (+3)" in said


@pytest.mark.rule("aspects.counted")
def test_counting_none_rolls_at_nothing_and_naming_nothing_is_asked_by_the_table() -> None:
    table = rooftops()
    seen = seen_by(table.s, "ann", "en")
    move = move_for("overcome", {"count1": "-", "difficulty": 1}, seen.view, {}, seen.reader)
    assert move.data["counted"] == []  # the +0 choice: no aspect counted
    move = move_for("overcome", {"difficulty": 1}, seen.view, {}, seen.reader)
    assert "counted" not in move.data  # the table says which aspects to name (counted_needed)
    # The GM's NPC rolls approaches: no skill and nothing counted is asked at once.
    gm = seen_by(table.s, "gm", "en")
    with pytest.raises(Ask) as asked:
        move_for("overcome", {"as": "comte-de-vire", "difficulty": 1}, gm.view, {}, gm.reader)
    assert asked.value.key == "discord.skill_needed"


@pytest.mark.rule("aspects.counted")
def test_the_sheet_says_what_each_aspect_counts_for_and_odds_name_them() -> None:
    table = rooftops()
    seen = seen_by(table.s, "ann", "ru")
    sheet = sheet_text(seen.view, "severine", seen.reader)
    assert "*Rocket Ace of the Queen's Skyguard* (Концепция, засчитывается +2)" in sheet
    assert "*No Friend Left Behind* (Аспект, засчитывается +1)" in sheet
    assert "Навыков нет" in sheet
    found = roll_odds(
        table.s, "ann", actor="severine", skill="", counted=(HERO, SWORDPLAY), difficulty=2
    )
    said = odds_text(found, "severine", "", None, seen.reader, (HERO, SWORDPLAY))
    assert "Засчитано: *Rocket Ace of the Queen's Skyguard* +2, *A Rapier" in said
    assert "= +3" in said


def test_a_skill_less_sheet_of_another_game_is_unchanged() -> None:
    """A Fate Core table's sheet still lists its skills (nothing counts there)."""
    table = duel()
    seen = seen_by(table.s, "gm", "en")
    sheet = sheet_text(seen.view, "comte-de-vire", seen.reader)
    assert "counts +" not in sheet and "Quick" in sheet


async def _rooftops(tmp: Path) -> dict[str, Any]:
    """The rooftop duel through the stand-in: Ann (Swedish) attacks counting her hero and
    swordplay aspects; the GM (English) attacks and Séverine defends with three; Ann then names
    a skill, and an aspect of the Comte's, and both are refused with nothing changed."""
    seen: dict[str, Any] = {}
    queue: list[str] = []
    async with (
        StandIn() as discord,
        Play(tmp / "t.db", discord, endpoint=False, dice=Queue(queue)).running() as p,
        httpx.AsyncClient(base_url=p.base) as http,
    ):
        made = (await http.post("/tables", json={"name": "Paris", "preset": "rocketeers"})).json()
        table, gm_link = made["table_id"], made["link"]
        as_gm = {"X-Fatekit-Link": gm_link}
        ann_link = (
            await http.post(
                f"/tables/{table}/seats", json={"name": "Ann", "role": "player"}, headers=as_gm
            )
        ).json()["link"]

        async def do(link: str, command: str, /, **data: Any) -> None:
            sent = {"type": command, "data": data}
            answer = await http.post(
                f"/tables/{table}/commands", json=sent, headers={"X-Fatekit-Link": link}
            )
            assert answer.status_code == 200, answer.text

        async def events() -> list[JSON]:
            found = await http.get(f"/tables/{table}/events", headers=as_gm)
            return list(found.json()["events"])

        sheet = (SAMPLES / "severine-dufresne.character.json").read_text(encoding="utf-8")
        npc = (SAMPLES / "comte-de-vire.character.json").read_text(encoding="utf-8")
        await do(ann_link, "AddCharacter", sheet=sheet, owner="ann")
        await do(gm_link, "AddCharacter", sheet=npc)
        await do(gm_link, "StartSession")
        await do(
            gm_link, "StartScene", name="The rooftops", participants=["severine", "comte-de-vire"]
        )
        await do(
            gm_link,
            "StartConflict",
            sides=[["heroes", ["severine"]], ["cardinal", ["comte-de-vire"]]],
            kind="physical",
            first="severine",
        )
        gm = Member(discord, "8001", "Gloria", "en-US")
        ann = Member(discord, "8002", "Ann", "sv-SE")
        await gm.submit(await gm.use("bind"), link=gm_link)
        await ann.submit(await ann.use("join"), link=ann_link)
        seen["count1"] = await ann.suggest("attack", "count1", target="comte-de-vire", count1="")
        seen["count2"] = await ann.suggest(
            "attack", "count2", target="comte-de-vire", count1=HERO, count2=""
        )
        # A skill named where the PC counts aspects, then the Comte's aspect counted: refused.
        before = len(await events())
        refused = await ann.use("attack", target="comte-de-vire", skill="quick", dice="0000")
        seen["skill refused"] = refused.content
        refused = await ann.use(
            "attack", target="comte-de-vire", count1=HERO, count2="The Cardinal's Swordsman"
        )
        seen["aspect refused"] = refused.content
        seen["unchanged"] = len(await events()) == before
        # Hero and swordplay (+3) and +000 against the Comte's best defence, Quick (+3), 0000.
        queue.append("0000")
        attacked = await ann.use(
            "attack", target="comte-de-vire", count1=HERO, count2=SWORDPLAY, dice="+000"
        )
        seen["attack"] = attacked.content
        await do(gm_link, "ResolveRoll")
        await do(gm_link, "Absorb", boxes=[0])
        await do(ann_link, "EndTurn", next_actor="comte-de-vire")
        seen["defend1"] = await gm.suggest("attack", "defend1", target="severine", defend1="")
        # The Comte's Flashy (+2) and ++00 against Séverine's three aspects (+4) and 0000.
        queue.append("0000")
        answered = await gm.use(
            "attack",
            target="severine",
            skill="flashy",
            dice="++00",
            defend1=HERO,
            defend2=SWORDPLAY,
            defend3=ROOFTOPS,
        )
        seen["defence"] = answered.content
        await p.settled(table)
        seen["events"] = await events()
        seen["channel"] = text_of(discord.channel(CHANNEL))
    return seen


@pytest.mark.rule("aspects.counted", "aspects.counted.named-first", "aspects.counted.npcs")
def test_a_rooftop_exchange_by_counted_aspects_through_discord(tmp_path: Path) -> None:
    seen = asyncio.run(_rooftops(tmp_path))
    sv, en = words("sv"), words("en")
    # count1 offers counting none, then Séverine's six aspects with what each adds, in Swedish.
    names = [c["name"] for c in seen["count1"]]
    assert names[0] == sv("discord.count_none")
    assert "Rocket Ace of the Queen's Skyguard (+2)" in names
    assert len(names) == 7
    assert HERO not in [c["value"] for c in seen["count2"]]  # chosen in count1 already
    assert "Rocket Ace of the Queen's Skyguard (+2)" in [c["name"] for c in seen["defend1"]]
    # The refusals are the table's, in Ann's language, and nothing changed.
    assert seen["skill refused"] == sv("refusal.counted_not_skill", name="Séverine Dufresne")
    assert sv("rule.aspects.counted.named-first") in seen["aspect refused"]
    assert seen["unchanged"]
    attacks = [e["data"] for e in seen["events"] if e["type"] == "AttackRolled"]
    assert [(a["counted"], a["counted_bonus"]) for a in attacks] == [
        ([HERO, SWORDPLAY], 3),
        (None, None),
    ]
    assert (attacks[1]["defend_counted"], attacks[1]["defend_counted_bonus"]) == (
        [HERO, SWORDPLAY, ROOFTOPS],
        4,
    )
    assert "räknade *Rocket Ace of the Queen's Skyguard*, *A Rapier" in seen["attack"].replace(
        "\\", ""
    )
    assert "God (+3)" in seen["attack"]
    # The Comte's Flashy and ++00 against Séverine's three aspects and 0000: a tie, in English.
    assert f"{en('ladder.great')} (+4) against {en('ladder.great')} (+4)" in seen["defence"]
    assert "counting *Rocket Ace of the Queen's Skyguard*, *A Rapier" in seen["channel"]


@pytest.mark.rule("aspects.counted")
def test_a_contest_a_challenge_and_a_secret_roll_count_aspects_from_discord() -> None:
    """/overcome in a contest and on a challenge's task, and the GM's /secret for Séverine,
    send the aspects counted; the table rolls each at their bonus."""
    from fatekit.table import commands as c

    table = rooftops()
    table.do(
        c.StartContest(
            sides=(("heroes", ("severine",)), ("cardinal", ("comte-de-vire",))),
            intents=(("heroes", "escape"), ("cardinal", "catch her")),
        )
    )
    seen = seen_by(table.s, "ann", "sv")
    options = {"count1": HERO, "count2": ROOFTOPS, "dice": "0000"}
    move = move_for("overcome", options, seen.view, {}, seen.reader)
    assert (move.type, move.data["counted"]) == ("ContestRoll", [HERO, ROOFTOPS])
    table.do(command_from_json(move.type, move.data), "ann")
    assert table.log[-1].counted_bonus == 3
    table = rooftops()
    table.do(c.StartChallenge(tasks=(("roofs", "cross the roofs", "quick", 2),)))
    seen = seen_by(table.s, "ann", "it")
    move = move_for("overcome", {"count1": ROOFTOPS, "dice": "+000"}, seen.view, {}, seen.reader)
    assert (move.type, move.data["task"], move.data["counted"]) == (
        "ChallengeRoll",
        "roofs",
        [ROOFTOPS],
    )
    table.do(command_from_json(move.type, move.data), "ann")
    assert view_for(table.s, "gm")["rolls"][0]["effort"] == 2
    gm = seen_by(table.s, "gm", "ru")
    options = {"as": "severine", "count1": HERO, "difficulty": 3, "dice": "+000"}
    move = move_for("secret", options, gm.view, {}, gm.reader)
    assert (move.type, move.data["skill"], move.data["counted"]) == ("SecretRoll", "", [HERO])
    table.do(command_from_json(move.type, move.data), "gm")
    assert table.log[-1].effort == 3
