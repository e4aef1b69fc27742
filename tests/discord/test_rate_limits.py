"""Discord's rate limits, as hikari keeps them for the app: a burst of moves waits for its
channel's bucket (read from ``X-RateLimit-*``) and reaches the channel in order; a global 429
and a route's 429 are waited out and the post sent again, once; the interaction callback is
exempt from the limits, as Discord exempts it, so a player's answer never waits behind them."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx

from fatekit.discord.rest import DiscordError, Rest

from .harness import CHANNEL, Member, Play
from .standin import TOKEN, StandIn


async def burst(tmp: Path) -> tuple[StandIn, list[str], list[str]]:
    async with (
        StandIn(bucket=2, window=0.3) as discord,
        Play(tmp / "t.db", discord, endpoint=False).running() as play,
    ):
        async with httpx.AsyncClient(base_url=play.base) as http:
            made = (await http.post("/tables", json={"name": "Busy"})).json()
        table = made["table_id"]
        gm = Member(discord, "4001", "Gloria")
        await gm.submit(await gm.use("bind"), link=made["link"])
        await play.settled(table)
        for n in range(8):
            await gm.use("note", text=f"note {n}")
        discord.global_limits = 2  # the next two requests anywhere: a global 429
        await gm.use("note", text="after the global limit")
        await play.settled(table)
        discord.route_limits = 2  # the channel's next two posts: a route 429
        await gm.use("note", text="after the route limit")
        await play.settled(table)
        notes = [m.content for m in discord.channel(CHANNEL) if "wrote" in m.content]
        callbacks = [r for r in discord.requests if r.endswith("/callback")]
        return discord, notes, callbacks


def test_bursts_wait_for_their_bucket_and_429s_are_waited_out(tmp_path: Path) -> None:
    discord, notes, callbacks = asyncio.run(burst(tmp_path))
    said = [n.split("“")[1].rstrip("”") for n in notes]
    assert said == [f"note {n}" for n in range(8)] + [
        "after the global limit",
        "after the route limit",
    ]
    # hikari read the bucket (2 messages a 0.3 s window) and waited: the 429s are the ones served.
    assert len(discord.limited) == 4, discord.limited
    # Each interaction's callback went once (the global limit does not hold them up).
    assert len(callbacks) == len(set(callbacks))


def test_a_refusal_says_what_discord_said() -> None:
    async def test() -> None:
        async with StandIn() as discord:
            rest = Rest(TOKEN[:-2] + "zz", api=discord.api)
            try:
                await rest.send(CHANNEL, {"content": "x"})
            except DiscordError as error:
                assert error.status == 401 and "zz" not in str(error) and error.lasting
            else:
                raise AssertionError("a wrong token was accepted")
            await rest.close()
            good = Rest(TOKEN, api=discord.api)
            await good.send(CHANNEL, {"content": "x"})
            assert discord.channel(CHANNEL)[-1].content == "x"
            await good.close()

    asyncio.run(test())
