"""Faults survived, nothing lost: Discord unreachable when fatekit starts and again mid-session,
bursts of 5xx (answered before the post was made, and after: the answer lost on the way), 429s,
a channel where the app may not post, a channel deleted, a post Discord refuses. Through all of
it the page keeps working, every move reaches the channel once and in order when it can, and the
GM is told — privately in Discord and on the page — naming the permission missing when it
cannot. And the front door's own refusals: /bind where the app may not post, /bind over another
table's channel, a player's /gm."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from . import shapes
from .harness import CHANNEL, Member, Play
from .standin import StandIn

JSON = dict[str, Any]
OTHER = "400000000000000002"


async def note(http: httpx.AsyncClient, table: str, link: str, text: str) -> None:
    """A move made on the page (a GM's public note)."""
    answer = await http.post(
        f"/tables/{table}/commands",
        json={"type": "Note", "data": {"text": text, "visibility": "public"}},
        headers={"X-Fatekit-Link": link},
    )
    assert answer.status_code in (200, 201), answer.text


def notes(discord: StandIn, channel: str = CHANNEL) -> list[str]:
    """The notes read in a channel, in order."""
    return [
        m.content.split("“")[1].rstrip("”") for m in discord.channel(channel) if "“" in m.content
    ]


async def gm_notes(http: httpx.AsyncClient, table: str, link: str) -> list[str]:
    """The notes only GMs read on the page."""
    events = (await http.get(f"/tables/{table}/events", headers={"X-Fatekit-Link": link})).json()
    listed = events["events"] if isinstance(events, dict) else events
    return [
        e["data"]["text"]
        for e in listed
        if e["type"] == "NoteAdded" and e["data"].get("visibility") == "gm"
    ]


async def down_at_start_and_mid_session(tmp: Path) -> tuple[list[str], list[str], int]:
    async with StandIn() as discord:
        await discord.down()
        async with (
            Play(tmp / "t.db", discord, endpoint=False).running() as play,
            httpx.AsyncClient(base_url=play.base) as http,
        ):
            # Discord is unreachable; the page works.
            made = (await http.post("/tables", json={"name": "Outage"})).json()
            table, link = made["table_id"], made["link"]
            await note(http, table, link, "made while Discord was away")
            await asyncio.sleep(0.5)
            discord.server_errors = [503] * 4  # and it comes back answering 503 a while
            await discord.up()
            await discord.ready(20)
            gm = Member(discord, "5001", "Gloria")
            await gm.submit(await gm.use("bind"), link=link)
            await note(http, table, link, "one")
            await play.settled(table)
            # Mid-session: Discord goes away; the page goes on; nothing is lost.
            await discord.down()
            for text in ("two", "three"):
                await note(http, table, link, text)
            await asyncio.sleep(0.5)
            await discord.up()
            await play.settled(table)
            await gm.use("note", text="four")  # the Gateway came back by itself
            await play.settled(table)
            # The commands are registered by themselves once Discord answers (after the waits
            # its 503s and its absence asked for).
            for _ in range(600):
                if discord.commands:
                    break
                await asyncio.sleep(0.05)
            return (
                notes(discord),
                [r for r in discord.requests if "commands" in r],
                len(discord.commands),
            )


def test_discord_down_at_start_and_mid_session_loses_nothing(tmp_path: Path) -> None:
    said, registered, commands = asyncio.run(down_at_start_and_mid_session(tmp_path))
    assert said == ["one", "two", "three", "four"]
    assert registered and commands > 20  # the commands were registered once Discord was back


async def bursts(tmp: Path) -> list[str]:
    async with (
        StandIn() as discord,
        Play(tmp / "t.db", discord, endpoint=False).running() as play,
        httpx.AsyncClient(base_url=play.base) as http,
    ):
        made = (await http.post("/tables", json={"name": "Bursts"})).json()
        table, link = made["table_id"], made["link"]
        gm = Member(discord, "5001", "Gloria")
        await gm.submit(await gm.use("bind"), link=link)
        await play.settled(table)
        discord.server_errors = [502] * 7  # longer than hikari's own retries
        await note(http, table, link, "through a 502 burst")
        await play.settled(table)
        # Discord makes the post and the answer is lost (a 504 after taking it), twice:
        # hikari sends it again with the same nonce, and Discord keeps one message.
        discord.errors_after_taking = True
        discord.server_errors = [504, 504]
        await note(http, table, link, "answered 504 after it was made")
        await play.settled(table)
        discord.errors_after_taking = False
        discord.route_limits = 3
        discord.global_limits = 2
        await note(http, table, link, "through 429s")
        await play.settled(table)
        return notes(discord)


def test_5xx_and_429_bursts_never_lose_or_double_a_post(tmp_path: Path) -> None:
    assert asyncio.run(bursts(tmp_path)) == [
        "through a 502 burst",
        "answered 504 after it was made",
        "through 429s",
    ]


async def no_permission(tmp: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    async with (
        StandIn() as discord,
        Play(tmp / "t.db", discord, endpoint=True).running() as play,
        httpx.AsyncClient(base_url=play.base) as http,
    ):
        made = (await http.post("/tables", json={"name": "Locked"})).json()
        table, link = made["table_id"], made["link"]
        gm = Member(discord, "5001", "Gloria", "sv-SE")
        channel = discord.channel_named(CHANNEL)
        # /bind where the app may not post: refused before the form, naming what lacks.
        channel.app_permissions = shapes.VIEW_CHANNEL | shapes.READ_MESSAGE_HISTORY
        out["bind refused"] = (await gm.use("bind")).content
        out["status"] = (await gm.use("fatekit status")).content
        channel.app_permissions = shapes.BOT_PERMISSIONS
        await gm.submit(await gm.use("bind"), link=link)
        await note(http, table, link, "before")
        await play.settled(table)
        # The permission is taken away mid-session: moves wait, the GM is told.
        channel.app_permissions = shapes.VIEW_CHANNEL
        for text in ("while locked 1", "while locked 2"):
            await note(http, table, link, text)
        await asyncio.sleep(1.0)
        out["told in discord"] = [m.content for m in discord.direct(gm.id)]
        out["told on the page"] = await gm_notes(http, table, link)
        out["status while locked"] = (await gm.use("fatekit status")).content
        channel.app_permissions = shapes.BOT_PERMISSIONS  # the GM gives it back
        await play.settled(table)
        out["notes"] = notes(discord)
        # The channel is deleted: the GM binds another one, and the moves go there.
        channel.gone = True
        await note(http, table, link, "after the channel went")
        await asyncio.sleep(1.0)
        out["gone told"] = [m.content for m in discord.direct(gm.id)][-1]
        elsewhere = Member(discord, gm.id, gm.name, "sv-SE", channel=OTHER)
        await elsewhere.submit(await elsewhere.use("bind"), link=link)
        await play.settled(table)
        out["other channel"] = notes(discord, OTHER)
        # Discord refuses a post outright (400): the GM is told, the log says why.
        discord.refuse_posts = 1
        await note(http, table, link, "refused")
        await note(http, table, link, "after the refusal")
        await play.settled(table)
        out["after refusal"] = notes(discord, OTHER)
        out["refusal told"] = [m.content for m in discord.direct(gm.id)][-1]
    return out


def test_a_channel_the_app_may_not_post_in_loses_nothing_and_the_gm_is_told(
    tmp_path: Path,
) -> None:
    out = asyncio.run(no_permission(tmp_path))
    assert "Skicka meddelanden" in out["bind refused"]  # Send Messages, in the GM's Swedish
    assert "Skicka meddelanden" in out["status"]
    assert len(out["told in discord"]) == 1 and "Skicka meddelanden" in out["told in discord"][0]
    # The page says it in the channel's language (Swedish: the GM bound it from a Swedish Discord).
    assert len(out["told on the page"]) == 1 and "Skicka meddelanden" in out["told on the page"][0]
    assert "väntar på Discord" in out["status while locked"]
    assert out["notes"] == ["before", "while locked 1", "while locked 2"]
    assert "/bind" in out["gone told"]
    assert out["other channel"] == ["after the channel went"]
    assert out["after refusal"] == ["after the channel went", "after the refusal"]
    assert "avvisade" in out["refusal told"]


async def refusals(tmp: Path) -> dict[str, str]:
    async with StandIn() as discord, Play(tmp / "t.db", discord, endpoint=False).running() as play:
        async with httpx.AsyncClient(base_url=play.base) as http:
            first = (await http.post("/tables", json={"name": "First"})).json()
            second = (await http.post("/tables", json={"name": "Second"})).json()
            invited = await http.post(
                f"/tables/{first['table_id']}/seats",
                json={"name": "Ann"},
                headers={"X-Fatekit-Link": first["link"]},
            )
        gm = Member(discord, "5001", "Gloria")
        other_gm = Member(discord, "5002", "Otto")
        ann = Member(discord, "5003", "Ann", "it")
        await gm.submit(await gm.use("bind"), link=first["link"])
        await ann.submit(await ann.use("join"), link=invited.json()["link"])
        out = {
            "takeover": (await other_gm.use("bind")).content,
            "takeover by form": "",
            "player gm": (await ann.use("gm start-session")).content,
            "player end": (await ann.use("gm end-scene")).content,
        }
        # A GM of the channel's own table may bind it again (a new language, say)...
        again = await gm.use("bind", language="ru")
        assert again.kind == "modal"
        # ...and the other table's link in that form still does not take the channel.
        out["takeover by form"] = (await gm.submit(again, link=second["link"])).content
        await play.settled(first["table_id"])
        return out


def test_bind_never_takes_another_tables_channel_and_gm_commands_say_gm_only(
    tmp_path: Path,
) -> None:
    out = asyncio.run(refusals(tmp_path))
    assert "/unbind" in out["takeover"] and "/unbind" in out["takeover by form"]
    assert out["player gm"] == out["player end"]
    assert "GM" in out["player gm"] and "solo" in out["player gm"].lower(), out["player gm"]
