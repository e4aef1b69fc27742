"""A contest to its winner and a challenge to its tally, played from Discord alone.

In a contest a side's overcome is ``/roll`` (the side found from who rolls), invoked on and
settled like any roll; once every side has settled, the channel says how the exchange went and
the victories so far, and at the end who won. In a challenge ``/roll`` is a task's overcome (the
task found from the skill rolled, or named); a failed task's choices wait on buttons for whoever
chooses (here the GM), and ``/scene`` shows each task and the tally.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from ..sheets import charles_sheet, npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from .harness import CHANNEL, Member, Play, Reply
from .standin import StandIn

JSON = dict[str, Any]


@dataclass
class Paced(Member):
    """A member who reads the channel's post of each move before making the next."""

    play: Play | None = None
    table: str = ""

    async def use(self, name: str, /, *, resolved: JSON | None = None, **options: Any) -> Reply:
        reply = await super().use(name, resolved=resolved, **options)
        if self.play is not None and name not in ("bind", "join"):
            await self.play.settled(self.table)
        return reply


async def play(tmp: Path) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    async with (
        StandIn() as discord,
        Play(tmp / "t.db", discord, endpoint=True).running() as p,
        httpx.AsyncClient(base_url=p.base) as http,
    ):
        made = (await http.post("/tables", json={"name": "The Chase"})).json()
        table, gm_link = made["table_id"], made["link"]
        links = {}
        for name, sheet in (("Ann", ruth_sheet()), ("Ben", charles_sheet())):
            link = (
                await http.post(
                    f"/tables/{table}/seats",
                    json={"name": name},
                    headers={"X-Fatekit-Link": gm_link},
                )
            ).json()["link"]
            links[name] = link
            await http.post(
                f"/tables/{table}/characters/import",
                json={"content": sheet},
                headers={"X-Fatekit-Link": link},
            )
        await http.post(
            f"/tables/{table}/characters/import",
            json={"content": npc_sheet()},
            headers={"X-Fatekit-Link": gm_link},
        )
        # People at a table are slower than the relay: each waits for the channel's post.
        gm = Paced(discord, "1", "Gloria", play=p, table=table)
        ann = Paced(discord, "2", "Ann", "sv-SE", play=p, table=table)
        ben = Paced(discord, "3", "Ben", "ru", play=p, table=table)
        await gm.submit(await gm.use("bind"), link=gm_link)
        for member, seat in ((ann, "Ann"), (ben, "Ben")):
            await member.submit(await member.use("join"), link=links[seat])
        await gm.use("gm start-session")
        await gm.use("gm start-scene", name="Over the rooftops")

        # The contest: Ruth's Athletics (Good) against Alice's Fight (Good), three exchanges
        # that Ruth wins by a shift each.
        await gm.use("gm start-contest", heroes="Get away", opposition="Catch her")
        for _ in range(3):
            await ann.use("roll", skill="athletics", dice="+000")
            await gm.use("roll", skill="fight", dice="0000", **{"as": "alice"})
            seen["twice"] = (await ben.use("roll", skill="lore", dice="0000")).content
            await ann.use("settle")
            await gm.use("settle")
        seen["scene in the contest"] = (await ann.use("scene")).content
        await gm.use("gm end-contest")

        # The challenge: two tasks.
        await gm.use("gm start-challenge", tasks="Athletics 2 jump the gap; Lore 3 read the map")
        seen["tasks offered"] = await ben.suggest("roll", "task", task="")
        seen["which task"] = (await ben.use("roll", skill="will", dice="0000")).content
        await ann.use("roll", skill="athletics", dice="+000")
        await ben.use("roll", skill="lore", task="task2", dice="----")
        await ann.use("settle")
        seen["ben may not choose"] = (await ben.use("settle")).content
        choices = await gm.use("settle")
        seen["choices"] = choices.message.buttons()
        await gm.press(
            choices.message, next(c for c in seen["choices"] if c.startswith("set:fail:"))
        )
        seen["scene in the challenge"] = (await gm.use("scene")).content
        await gm.use("gm end-challenge")
        await p.settled(table)
        seen["channel"] = [m.content for m in discord.channel(CHANNEL)]
        seen["events"] = (
            await http.get(f"/tables/{table}/events", headers={"X-Fatekit-Link": gm_link})
        ).json()["events"]
    return seen


def test_a_contest_and_a_challenge_from_discord_alone(tmp_path: Path) -> None:
    seen = asyncio.run(play(tmp_path))
    events = seen["events"]
    started = next(e for e in events if e["type"] == "ContestStarted")["data"]
    # The sides carry the GM's words for them, as the page's dialog gives them.
    assert started["sides"] == [["Heroes", ["ruth", "charles"]], ["Opposition", ["alice"]]]
    assert started["intents"] == [["Heroes", "Get away"], ["Opposition", "Catch her"]]
    assert [e["data"]["side"] for e in events if e["type"] == "ContestRolled"] == [
        "Heroes",
        "Opposition",
    ] * 3
    # Ben's side had its roll this exchange: the rule says so, in his language.
    assert seen["twice"].startswith("Правила этого не позволяют.")
    channel = seen["channel"]
    everything = "\n".join(channel)
    for n in (1, 2, 3):
        said = f"**Exchange {n}**: Heroes Great (+4), Opposition Good (+3)"
        assert said in everything, everything
    assert any("Heroes wins the contest." in line for line in channel)
    assert "Heroes" in seen["scene in the contest"]

    # The challenge: the task from the skill rolled, or named; asked which when the skill
    # fits none.
    assert [c["value"] for c in seen["tasks offered"]] == ["task1", "task2"]
    assert seen["which task"] == (
        "В испытании открыто несколько задач: укажите, какая, в поле «задача»."
    )
    rolled = [e["data"]["task"] for e in events if e["type"] == "ChallengeRolled"]
    assert rolled == ["task1", "task2"]
    assert seen["ben may not choose"].startswith("Правила этого не позволяют.") or (
        "Ваше место не может" in seen["ben may not choose"]
    )
    assert {c.split(":")[1] for c in seen["choices"]} >= {"fail", "success_at_major_cost"}
    scene = seen["scene in the challenge"]
    assert "jump the gap (Athletics against Fair (+2)): **Ruth**: Success" in scene
    assert "read the map (Lore against Good (+3)): **Charles**: Fail" in scene
    assert "Successes 1, failures 1, still open 0." in scene
    assert any("closed the challenge" in line for line in channel)


async def take_contest_hit(tmp: Path) -> dict[str, Any]:
    """Ruth's side is beaten in a contest out to harm it; Ann takes Ruth's hit from Discord."""
    seen: dict[str, Any] = {}
    async with (
        StandIn() as discord,
        Play(tmp / "t.db", discord, endpoint=True).running() as p,
        httpx.AsyncClient(base_url=p.base) as http,
    ):
        made = (await http.post("/tables", json={"name": "The Chase"})).json()
        table, gm_link = made["table_id"], made["link"]
        as_gm = {"X-Fatekit-Link": gm_link}
        ann_link = (
            await http.post(f"/tables/{table}/seats", json={"name": "Ann"}, headers=as_gm)
        ).json()["link"]
        as_ann = {"X-Fatekit-Link": ann_link}

        async def do(headers: dict[str, str], kind: str, **data: Any) -> None:
            sent = {"type": kind, "data": data}
            answer = await http.post(f"/tables/{table}/commands", json=sent, headers=headers)
            assert answer.status_code == 200, answer.text

        await http.post(
            f"/tables/{table}/characters/import",
            json={"content": ruth_sheet()},
            headers=as_ann,
        )
        await http.post(
            f"/tables/{table}/characters/import", json={"content": npc_sheet()}, headers=as_gm
        )
        await do(as_gm, "StartSession")
        await do(as_gm, "StartScene", name="Rooftops", participants=["ruth", "alice"])
        await do(
            as_gm,
            "StartContest",
            sides=[["heroes", ["ruth"]], ["cult", ["alice"]]],
            intents=[["heroes", "get away"], ["cult", "catch her"]],
            harmful_to=["heroes"],
        )
        await do(as_ann, "ContestRoll", side="heroes", actor="ruth", skill="athletics", dice="--00")
        await do(as_ann, "ResolveRoll")
        await do(as_gm, "ContestRoll", side="cult", actor="alice", skill="fight", dice="+000")
        await do(as_gm, "ResolveRoll")
        gm = Paced(discord, "1", "Gloria", play=p, table=table)
        ann = Paced(discord, "2", "Ann", "sv-SE", play=p, table=table)
        await gm.submit(await gm.use("bind"), link=gm_link)
        await ann.submit(await ann.use("join"), link=ann_link)
        hit = await ann.use("hit")
        seen["offered"] = hit.message.buttons()
        seen["said"] = hit.content
        await ann.press(hit.message, "abs:0")
        await p.settled(table)
        seen["events"] = (await http.get(f"/tables/{table}/events", headers=as_gm)).json()["events"]
        seen["channel"] = [m.content for m in discord.channel(CHANNEL)]
    return seen


def test_a_contests_hit_is_taken_from_discord(tmp_path: Path) -> None:
    seen = asyncio.run(take_contest_hit(tmp_path))
    # Athletics +3 and --: 1; Alice's Fight +3 and +: 4. Ruth, who rolled, takes 3.
    assert "abs:0" in seen["offered"] and "out" in seen["offered"]
    assert "Ruth" in seen["said"] and "3" in seen["said"]
    taken = [e["data"] for e in seen["events"] if e["type"] == "ContestHitAbsorbed"]
    assert len(taken) == 1 and taken[0]["target"] == "ruth" and taken[0]["shifts"] == 3
    # The channel says it as the page's log does.
    assert any("**Ruth** took the contest's 3-shift hit" in line for line in seen["channel"])
