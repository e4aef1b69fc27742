"""A thread per scene: the GM binds a new thread to the same table, the table's posts move there,
and commands still work from the first channel and from the thread alike; the players' seats stay
bound (a seat is bound at the table, not in one channel)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from ..sheets import ruth_sheet  # type: ignore[import-not-found]
from .harness import CHANNEL, Member, Play
from .standin import StandIn

THREAD = "400000000000000777"


async def play(tmp: Path) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    async with (
        StandIn() as discord,
        Play(tmp / "t.db", discord, endpoint=True).running() as p,
        httpx.AsyncClient(base_url=p.base) as http,
    ):
        made = (await http.post("/tables", json={"name": "Harbour Nights"})).json()
        table, gm_link = made["table_id"], made["link"]
        ann_link = (
            await http.post(
                f"/tables/{table}/seats", json={"name": "Ann"}, headers={"X-Fatekit-Link": gm_link}
            )
        ).json()["link"]
        await http.post(
            f"/tables/{table}/characters/import",
            json={"content": ruth_sheet()},
            headers={"X-Fatekit-Link": ann_link},
        )
        gm = Member(discord, "1", "Gloria")
        ann = Member(discord, "2", "Ann")
        await gm.submit(await gm.use("bind"), link=gm_link)
        await ann.submit(await ann.use("join"), link=ann_link)
        await gm.use("gm start-session")
        await p.settled(table)
        in_channel = len(discord.channel(CHANNEL))
        # Scene two gets its own thread.
        gm_there = Member(discord, "1", "Gloria", channel=THREAD)
        ann_there = Member(discord, "2", "Ann", channel=THREAD)
        bound = await gm_there.submit(await gm_there.use("bind"), link=gm_link)
        seen["bound"] = bound.content
        await gm_there.use("gm start-scene", name="The Lighthouse")
        await ann.use("roll", skill="notice", difficulty=1, dice="0000")  # from the first channel
        await p.settled(table)
        seen["thread"] = [m.content for m in discord.channel(THREAD)]
        seen["channel after"] = [m.content for m in discord.channel(CHANNEL)[in_channel:]]
        seen["settled in thread"] = (await ann_there.use("settle")).content
        await p.settled(table)
        seen["thread at the end"] = [m.content for m in discord.channel(THREAD)]
    return seen


def test_a_thread_per_scene_takes_the_posts_and_both_places_take_commands(tmp_path: Path) -> None:
    seen = asyncio.run(play(tmp_path))
    assert "Harbour Nights" in str(seen["bound"])
    assert any("started the scene The Lighthouse" in line for line in seen["thread"])
    assert any("**Ann** · **Ruth**: Overcome with Notice" in line for line in seen["thread"])
    # Nothing more in the first channel after the thread was bound (only the binding's own
    # announcement may be said where it was typed: here, in the thread).
    assert seen["channel after"] == []
    assert "settled the roll" in str(seen["settled in thread"])
    assert any("settled the roll" in line for line in seen["thread at the end"])
