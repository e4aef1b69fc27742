"""The stand-in sends what Discord sends: every payload it sent the app during an evening (Gateway
dispatches — Ready, Resumed, every type of interaction — and REST answers — messages, a DM
channel, the registered commands, callback responses, the Gateway's address and session budget)
is read by two real Discord client libraries, hikari (the one fatekit runs on) and discord.py,
each with its own models. A payload either cannot read fails this test, and with it the stand-in.

It also measures what made the forms action rows of text inputs rather than Discord's newer
Labels: hikari reads a Label form's answers as no inputs at all.
"""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path
from typing import Any

import discord as discordpy
import hikari
import httpx
import pytest

from fatekit.discord.rest import Rest

from ..sheets import ruth_sheet  # type: ignore[import-not-found]
from . import shapes
from .harness import CHANNEL, Member, Play
from .standin import TOKEN, StandIn

JSON = dict[str, Any]
THREAD = "400000000000000777"


async def evening(tmp: Path, *, endpoint: bool) -> list[tuple[str, Any]]:
    """A short evening touching every interaction type and what Discord answers the app."""
    async with (
        StandIn() as discord,
        Play(tmp / "t.db", discord, endpoint=endpoint).running() as play,
    ):
        async with httpx.AsyncClient(base_url=play.base) as http:
            made = (await http.post("/tables", json={"name": "Shapes"})).json()
            invited = await http.post(
                f"/tables/{made['table_id']}/seats",
                json={"name": "Ann"},
                headers={"X-Fatekit-Link": made["link"]},
            )
        gm = Member(discord, "300000000000000001", "Gloria")
        ann = Member(discord, "300000000000000002", "Ann", "ru")
        await gm.submit(await gm.use("bind"), link=made["link"])  # a command, a form
        await ann.submit(await ann.use("join"), link=invited.json()["link"])
        await gm.use("fatekit status")  # a subcommand with no options
        key = discord.id()
        sheet = ruth_sheet()
        discord.attachments["ruth.json"] = sheet.encode()
        url = f"http://127.0.0.1:{discord.port}/attachments/ruth.json"
        resolved = {"attachments": {key: shapes.attachment(key, "ruth.json", len(sheet), url)}}
        await ann.use("character", file=key, resolved=resolved)  # a file attached
        await gm.use("gm start-session")
        await gm.use("gm start-scene", name="Docks")
        await gm.use("gm aspect", name="Fog")
        await ann.suggest("invoke", "aspect", aspect="fo")  # autocomplete
        await ann.use("overcome", skill="notice", difficulty=1, dice="0000")
        await play.settled(made["table_id"])
        post = discord.channel(CHANNEL)[-1]
        menu = await ann.press(post, post.button("+2"))  # a button
        chosen = next(iter(menu.message.body["components"][0]["components"]))
        value = chosen["options"][0]["value"]
        await ann.press(menu.message, chosen["custom_id"], [value])  # a select menu
        # A thread, private: what Discord says of it differs.
        discord.channel_named(THREAD).thread_of = CHANNEL
        discord.channel_named(THREAD).private = True
        thread_gm = Member(discord, gm.id, gm.name, channel=THREAD)
        await thread_gm.use("fatekit status")
        if endpoint:
            await discord.ping_endpoint()
        else:
            await discord.send_op({"op": 7, "d": None})  # Reconnect: Resumed follows
            await discord.ready(15)
            await gm.use("scene")
        rest = Rest(TOKEN, api=discord.api)
        await rest.dm_channel(ann.id)
        await rest.close()
        return list(discord.sent)


class _Shard:
    """What hikari's Ready event keeps of the shard that received it."""

    id = 0
    shard_count = 1


def read_with_hikari(kind: str, payload: Any, factory: hikari.api.EntityFactory) -> None:
    if kind == "READY":
        bot = hikari.GatewayBot(TOKEN, banner=None, logs=None, suppress_optimization_warning=True)
        ready = bot.event_factory.deserialize_ready_event(_Shard(), payload)  # type: ignore[arg-type]
        assert str(ready.my_user.id) == shapes.BOT_ID and ready.session_id
    elif kind == "RESUMED":
        assert isinstance(payload, dict)
    elif kind == "INTERACTION_CREATE":
        if payload["type"] == 1:
            assert payload["id"] and payload["token"]  # hikari answers PING before reading it
            return
        read = factory.deserialize_interaction(payload)
        assert str(read.id) == payload["id"]
        user = getattr(read, "user", None)
        assert isinstance(user, hikari.User) and str(user.id) == payload["member"]["user"]["id"]
        if isinstance(read, hikari.ModalInteraction):
            assert read.components, "hikari read no inputs in the form"
    elif kind == "MESSAGE":
        message = factory.deserialize_message(payload)
        assert str(message.id) == payload["id"] and message.content == payload["content"]
    elif kind == "DM_CHANNEL":
        assert factory.deserialize_dm(payload).type == hikari.ChannelType.DM
    elif kind == "CALLBACK_RESPONSE":
        factory.deserialize_interaction_callback_response(payload)
    elif kind == "COMMANDS":
        for command in payload:
            factory.deserialize_command(command, guild_id=None)  # as hikari reads global ones
    elif kind == "GATEWAY_BOT":
        assert factory.deserialize_gateway_bot_info(payload).session_start_limit.total == 1000
    else:
        raise AssertionError(f"no reader for {kind}")


def read_with_discordpy(kind: str, payload: Any, client: discordpy.Client) -> None:
    state = client._connection
    if kind == "READY":
        me = discordpy.ClientUser(state=state, data=payload["user"])
        state.user = me
        assert str(me.id) == shapes.BOT_ID
    elif kind == "INTERACTION_CREATE":
        if payload["type"] == 1:
            return  # a PING reaches only an endpoint, which discord.py does not serve
        read = discordpy.Interaction(data=payload, state=state)
        assert str(read.id) == payload["id"]
        assert str(read.user.id) == payload["member"]["user"]["id"]
        assert read.channel is not None and str(read.channel.id) == payload["channel"]["id"]
    elif kind == "MESSAGE":
        where = discordpy.PartialMessageable(state=state, id=int(payload["channel_id"]))
        message = discordpy.Message(state=state, channel=where, data=payload)
        assert message.content == payload["content"]
    elif kind == "DM_CHANNEL":
        assert state.user is not None
        discordpy.DMChannel(me=state.user, state=state, data=payload)
    elif kind == "COMMANDS":
        for command in payload:
            discordpy.app_commands.AppCommand(data=command, state=state)
    elif kind in ("RESUMED", "CALLBACK_RESPONSE", "GATEWAY_BOT"):
        pass  # discord.py reads none of these into a model of its own
    else:
        raise AssertionError(f"no reader for {kind}")


async def read_everything(sent: list[tuple[str, Any]]) -> set[str]:
    rest = Rest(TOKEN, api="http://127.0.0.1:9/api/v10")
    factory = (await rest.client()).entity_factory
    client = discordpy.Client(intents=discordpy.Intents.none())
    kinds = set()
    if not any(kind == "READY" for kind, _ in sent):
        # discord.py always starts from a Gateway's Ready: give it the bot's user as Ready does.
        sent = [("READY", shapes.ready("0", "ws://unused", "fatekit")), *sent]
    # Ready first: discord.py's state knows the bot's own user from it.
    ordered = sorted(sent, key=lambda item: item[0] != "READY")
    for kind, payload in ordered:
        read_with_hikari(kind, payload, factory)
        read_with_discordpy(kind, payload, client)
        kinds.add(kind if kind != "INTERACTION_CREATE" else f"INTERACTION_CREATE:{payload['type']}")
    await rest.close()
    await client.close()
    return kinds


@pytest.mark.parametrize("endpoint", [False, True], ids=["gateway", "endpoint"])
def test_two_client_libraries_read_everything_the_stand_in_sends(
    tmp_path: Path, endpoint: bool
) -> None:
    sent = asyncio.run(evening(tmp_path, endpoint=endpoint))
    kinds = asyncio.run(read_everything(sent))
    expected = {
        "INTERACTION_CREATE:2",
        "INTERACTION_CREATE:3",
        "INTERACTION_CREATE:4",
        "INTERACTION_CREATE:5",
        "MESSAGE",
        "DM_CHANNEL",
        "COMMANDS",
    }
    expected |= {"INTERACTION_CREATE:1"} if endpoint else {"READY", "RESUMED", "GATEWAY_BOT"}
    assert expected <= kinds, expected - kinds


def test_a_subcommand_without_options_is_sent_as_discord_sends_it() -> None:
    from .harness import command_data

    data = command_data("gm start-session", {})
    assert data["options"] == [{"name": "start-session", "type": 1}]  # no "options": []
    assert "options" not in command_data("scene", {})


def test_hikari_reads_no_answers_in_a_label_form() -> None:
    """Why the forms are action rows: Discord's Label layout is read by hikari as empty."""

    async def test() -> tuple[int, int]:
        rest = Rest(TOKEN, api="http://127.0.0.1:9/api/v10")
        factory = (await rest.client()).entity_factory
        ids = itertools.count(1)
        person = shapes.user("300000000000000001", "gloria")
        where = shapes.guild_text_channel(CHANNEL, "t", permissions=shapes.MEMBER_PERMISSIONS)

        def submitted(components: list[JSON]) -> hikari.ModalInteraction:
            payload = shapes.interaction(
                interaction_id=shapes.snowflake(),
                token="t",
                kind=5,
                data={"custom_id": "f", "components": components},
                person=person,
                channel=where,
                app_permissions=shapes.BOT_PERMISSIONS,
                locale="en-US",
            )
            read = factory.deserialize_interaction(payload)
            assert isinstance(read, hikari.ModalInteraction)
            return read

        text = {"type": 4, "custom_id": "link", "value": "x"}
        labels = submitted([{"type": 18, "id": next(ids), "component": {**text, "id": next(ids)}}])
        rows = submitted([{"type": 1, "id": next(ids), "components": [{**text, "id": next(ids)}]}])
        await rest.close()
        return len(labels.components), len(rows.components)

    assert asyncio.run(test()) == (0, 1)


pytestmark = pytest.mark.filterwarnings("ignore:'audioop' is deprecated:DeprecationWarning")
