"""An extreme consequence taken from Discord: ``/hit`` offers it where the book allows it, a menu
picks the aspect it replaces and a form names it (srd/fate-core.md § Extreme Consequences;
issue 39: the page and Discord sent it as an empty plan)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from fatekit.formats import dumps_character
from fatekit.rules import major_npc, new_character
from fatekit.rules.aspects.aspects import AspectKind

from .harness import CHANNEL, Member, Play
from .standin import StandIn

JSON = dict[str, Any]


def cynere() -> str:
    return dumps_character(
        new_character(
            "core",
            "cynere",
            "Cynere",
            high_concept="Infamous Girl with Sword",
            trouble="Tempted by Shiny Things",
            aspects=[(AspectKind.CHARACTER, "I've Got Zird's Back")],
            skills={"fight": 4, "athletics": 3, "physique": 3},
        )
    )


def og() -> str:
    return dumps_character(
        major_npc(
            "core",
            "og",
            "Og the Strong",
            high_concept="Og Smash!",
            skills={"fight": 6, "notice": 5},
        )
    )


async def play(tmp: Path) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    async with (
        StandIn() as discord,
        Play(tmp / "t.db", discord, endpoint=True).running() as p,
        httpx.AsyncClient(base_url=p.base) as http,
    ):
        made = (await http.post("/tables", json={"name": "Kazak-Thorn", "preset": "core"})).json()
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
            f"/tables/{table}/characters/import", json={"content": cynere()}, headers=as_ann
        )
        await http.post(f"/tables/{table}/characters/import", json={"content": og()}, headers=as_gm)
        await do(as_gm, "StartSession")
        await do(as_gm, "StartScene", name="Caverns", participants=["cynere", "og"])
        await do(as_gm, "StartConflict", sides=[["heroes", ["cynere"]], ["foes", ["og"]]])
        await do(as_gm, "CorrectStress", character_id="cynere", track="physical", marked=[0, 1, 2])
        for slot, name in enumerate(("Bruised", "Deep Cut", "Nearly Gutted")):
            await do(as_gm, "CorrectConsequence", character_id="cynere", slot=slot, name=name)
        await do(
            as_gm,
            "Attack",
            actor="og",
            target="cynere",
            skill="fight",
            dice="+++0",
            defend_dice="----",
        )
        await do(as_gm, "ResolveRoll", option="hit")
        ann = Member(discord, "2", "Ann", "sv-SE")
        gm = Member(discord, "1", "Gloria")
        await gm.submit(await gm.use("bind"), link=gm_link)
        await ann.submit(await ann.use("join"), link=ann_link)
        hit = await ann.use("hit")
        seen["offered"] = hit.message.buttons()
        menu = await ann.press(hit.message, "abs:0")
        seen["menu"] = menu.message.body
        form = await ann.press(menu.message, "absx:0", ["cynere/character/1"])
        seen["form"] = form.message.body
        await ann.submit(form, x="Själsbränd av demonen")
        await p.settled(table)
        seen["events"] = (await http.get(f"/tables/{table}/events", headers=as_gm)).json()["events"]
        seen["channel"] = [m.content for m in discord.channel(CHANNEL)]
    return seen


def test_an_extreme_consequence_is_taken_from_discord(tmp_path: Path) -> None:
    seen = asyncio.run(play(tmp_path))
    assert "abs:0" in seen["offered"] and "out" in seen["offered"]
    options = seen["menu"]["components"][0]["components"][0]["options"]
    # The menu offers every aspect but the high concept.
    assert [o["value"] for o in options] == [
        "cynere/trouble/1",
        "cynere/character/1",
    ]
    assert seen["form"]["custom_id"] == "absxm:0:cynere/character/1"
    taken = [e["data"] for e in seen["events"] if e["type"] == "HitAbsorbed"]
    assert taken == [
        {
            "target": "cynere",
            "boxes": [3],
            "slots": [],
            "names": [],
            "extreme": {"name": "Själsbränd av demonen", "replaces": "cynere/character/1"},
            "replaced_name": "I've Got Zird's Back",
            "conditions": [],  # the rule set's conditions marked against the hit: none here
            "condition_names": [],
        }
    ]
    assert any("Själsbränd av demonen" in line and "Zird" in line for line in seen["channel"])
