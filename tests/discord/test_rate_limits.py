"""Discord's rate limits: the app reads each bucket's headers and waits before a request that
would go over it (so a burst of moves reaches the channel in order, with no 429), and when it
is answered 429 all the same (a global limit), it waits ``retry_after`` and sends it again."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx

from fatekit.discord.rest import Rest, route_of

from .harness import CHANNEL, Member, Play
from .standin import TOKEN, StandIn


async def burst(tmp: Path) -> tuple[StandIn, list[str], list[tuple[str, str]]]:
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
        assert play.front is not None
        limited = list(play.front.rest.limited)
        notes = [m.content for m in discord.channel(CHANNEL) if "wrote" in m.content]
        return discord, notes, limited


def test_a_burst_waits_for_its_bucket_and_a_global_limit_is_waited_out(tmp_path: Path) -> None:
    discord, notes, limited = asyncio.run(burst(tmp_path))
    assert [n.split("“")[1].rstrip("”") for n in notes] == [f"note {n}" for n in range(8)] + [
        "after the global limit"
    ]
    # The bucket (2 messages a 0.3 s window) was never overrun: the only 429s are the two global ones.
    channel_limits = [path for path in discord.limited if path.endswith("/messages")]
    assert len(discord.limited) == 2 and all(scope == "global" for _, scope in limited)
    assert len(limited) == 2 and len(channel_limits) <= 2


def test_routes_share_buckets_by_their_top_level_resource() -> None:
    assert route_of("POST", "/channels/123456789012/messages") == (
        "POST /channels/{id}/messages",
        "channels/123456789012",
    )
    # An interaction's token never shows in a route (routes reach the log).
    route, _resource = route_of("POST", "/interactions/123456789012/secret-token/callback")
    assert "secret-token" not in route and route == "POST /interactions/{id}/<token>/callback"


def test_a_refusal_says_what_discord_said(tmp_path: Path) -> None:
    async def test() -> None:
        async with StandIn() as discord:
            rest = Rest("a-wrong-token", api=discord.api)
            try:
                await rest.send(CHANNEL, {"content": "x", "allowed_mentions": {"parse": []}})
            except Exception as error:
                assert "401" in str(error) and "a-wrong-token" not in str(error)
            else:
                raise AssertionError("a wrong token was accepted")
            await rest.close()
            good = Rest(TOKEN, api=discord.api)
            sent = await good.send(CHANNEL, {"content": "x", "allowed_mentions": {"parse": []}})
            assert sent["content"] == "x"
            await good.close()

    asyncio.run(test())
