"""A safety signal through Discord: ``/safety`` answers its sender privately, the channel reads the
signal with no name, every other move waits (in the user's words, under the rule that a signal
comes first), and the GM's ``/gm addressed`` lets play go on."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from fatekit.discord.words import words

from .harness import CHANNEL, Member, Play
from .standin import StandIn


async def play(tmp: Path) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    async with (
        StandIn() as discord,
        Play(tmp / "t.db", discord, endpoint=False).running() as p,
        httpx.AsyncClient(base_url=p.base) as http,
    ):
        made = (await http.post("/tables", json={"name": "Harbour Nights"})).json()
        table, gm_link = made["table_id"], made["link"]
        answer = await http.post(
            f"/tables/{table}/seats", json={"name": "Ann"}, headers={"X-Fatekit-Link": gm_link}
        )
        ann_link = answer.json()["link"]
        gm = Member(discord, "1", "Gloria")
        ann = Member(discord, "2", "Ann", "sv-SE")
        await gm.submit(await gm.use("bind"), link=gm_link)
        await ann.submit(await ann.use("join"), link=ann_link)
        await gm.use("gm start-session")
        raised = await ann.use("safety", tool="x-card")
        seen["raised"] = (raised.ephemeral, raised.content)
        await p.settled(table)
        seen["channel"] = discord.channel(CHANNEL)[-1].content
        seen["note"] = (await ann.use("note", text="Vidare")).content
        await gm.use("gm addressed", note="Inga drunkningar")
        seen["none left"] = (await gm.use("gm addressed")).content
        seen["after"] = (await ann.use("note", text="Vidare")).content
        await p.settled(table)
        seen["answered"] = discord.channel(CHANNEL)[-2].content
    return seen


@pytest.mark.rule("safety.signal-first")
def test_a_signal_raised_in_discord_names_nobody_and_holds_play(tmp_path: Path) -> None:
    seen = asyncio.run(play(tmp_path))
    sv = words("sv")
    private, text = seen["raised"]
    assert private and "Ann" not in text
    assert words("en")("safety.tool.x-card") in seen["channel"]  # the channel's language
    assert "Ann" not in seen["channel"] and "**" not in seen["channel"].split("·")[0]
    assert sv("rule.safety.signal-first") in seen["note"]
    assert "Vidare" in seen["after"]
    assert "Inga drunkningar" in seen["answered"]
    assert seen["none left"] == words("en")("discord.no_signal")
