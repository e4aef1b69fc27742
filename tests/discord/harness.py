"""A table played through Discord in tests: the fatekit server (with its front door) on a real
SQLite file, the Discord stand-in, and people who type slash commands and press buttons.

``Member`` is one Discord user: ``await ann.use("roll", skill="fight", difficulty=2)`` makes the
interaction Discord would send for that slash command and returns what Discord shows Ann once
the app has answered (its first answer, or the deferred one filled in). ``press`` and ``submit``
do the same for buttons and forms. ``Play.settled()`` waits until the relay has posted every
event the table holds, so the channel can be read.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import uvicorn

from fatekit.discord.bindings import Bindings
from fatekit.discord.commands import COMMANDS, Option, Slash
from fatekit.discord.run import Discord, DiscordSettings, attach
from fatekit.rules.core.dice import DiceSource
from fatekit.server.app import create_app
from fatekit.server.service import TableService
from fatekit.store.sqlite import SqliteEventStore

from .shapes import snowflake
from .shapes import user as user_object
from .standin import APPLICATION, TOKEN, Message, Pending, StandIn

JSON = dict[str, Any]
CHANNEL = "400000000000000001"
#: Each command's id, as Discord gave it when the commands were registered.
COMMAND_IDS: dict[str, str] = {}
_TYPES = {"STRING": 3, "INTEGER": 4, "BOOLEAN": 5, "USER": 6, "ATTACHMENT": 11}


def _slash(name: str) -> Slash:
    top, _, sub = name.partition(" ")
    found = next(s for s in COMMANDS if s.name == top)
    return next(s for s in found.subcommands if s.name == sub) if sub else found


def command_data(name: str, options: dict[str, Any], focused: str | None = None) -> JSON:
    """The ``data`` of an APPLICATION_COMMAND interaction for ``/name`` with ``options``, typed
    as the command's definition says (``gm start-scene``: a subcommand)."""
    slash = _slash(name)
    listed = []
    for option in slash.options:
        if option.name in options and options[option.name] is not None:
            item: JSON = {
                "name": option.name,
                "type": int(option.type),
                "value": options[option.name],
            }
            if option.name == focused:
                item["focused"] = True
            listed.append(item)
    top, _, sub = name.partition(" ")
    data: JSON = {"id": COMMAND_IDS.setdefault(top, snowflake()), "name": top, "type": 1}
    # Discord leaves "options" out where none was filled (a subcommand's own included).
    if sub:
        data["options"] = [{"name": sub, "type": 1, **({"options": listed} if listed else {})}]
    elif listed:
        data["options"] = listed
    return data


def form_data(body: JSON, fields: dict[str, str]) -> JSON:
    """A MODAL_SUBMIT's ``data`` for a form filled in: its inputs as the form laid them out (in
    action rows or in labels), each with its value, numbered as Discord numbers them."""
    numbers = iter(range(1, 100))
    components = []
    for top in body["components"]:
        if top["type"] == 18:
            inner = top["component"]
            components.append(
                {
                    "type": 18,
                    "id": next(numbers),
                    "component": {
                        "type": 4,
                        "id": next(numbers),
                        "custom_id": inner["custom_id"],
                        "value": fields[inner["custom_id"]],
                    },
                }
            )
            continue
        row_id = next(numbers)
        inner_rows = [
            {
                "type": 4,
                "id": next(numbers),
                "custom_id": c["custom_id"],
                "value": fields[c["custom_id"]],
            }
            for c in top["components"]
        ]
        components.append({"type": 1, "id": row_id, "components": inner_rows})
    return {"custom_id": body["custom_id"], "components": components}


@dataclass
class Reply:
    """What a user sees after an interaction: the app's message (or form), as answered."""

    pending: Pending
    message: Message

    @property
    def content(self) -> str:
        return self.message.content

    @property
    def kind(self) -> str:
        return self.message.kind

    @property
    def ephemeral(self) -> bool:
        return self.message.visible_to is not None

    def button(self, label_part: str) -> str:
        return self.message.button(label_part)


@dataclass
class Member:
    """A Discord user at the table's channel."""

    discord: StandIn
    id: str
    name: str
    locale: str = "en-US"
    channel: str = CHANNEL
    replies: list[Reply] = field(default_factory=list)

    @property
    def user(self) -> JSON:
        return user_object(self.id, self.name)

    async def _wait(self, pending: Pending) -> Reply:
        # A first answer Discord refused fails at once (it would never be shown).
        await asyncio.wait(
            {pending.first, pending.final}, timeout=20, return_when=asyncio.FIRST_EXCEPTION
        )
        if pending.first.done() and pending.first.exception() is not None:
            raise AssertionError(f"Discord refused the answer: {pending.first.exception()}")
        message = await asyncio.wait_for(pending.final, 20)
        reply = Reply(pending, message)
        self.replies.append(reply)
        return reply

    async def use(self, name: str, /, *, resolved: JSON | None = None, **options: Any) -> Reply:
        """Run ``/name`` with ``options``."""
        data = command_data(name, options)
        if resolved:
            data["resolved"] = resolved
        pending = await self.discord.interact(self.user, self.channel, 2, data, locale=self.locale)
        return await self._wait(pending)

    async def suggest(self, name: str, focused: str, /, **options: Any) -> list[JSON]:
        """What autocomplete offers while typing ``focused``."""
        data = command_data(name, options, focused)
        pending = await self.discord.interact(self.user, self.channel, 4, data, locale=self.locale)
        reply = await self._wait(pending)
        return list(reply.message.body.get("choices", []))

    async def press(
        self, message: Message, custom_id: str, values: list[str] | None = None
    ) -> Reply:
        """Press a button (or choose ``values`` in a menu) on a message this user sees."""
        assert custom_id in message.buttons(), f"{custom_id} not on the message"
        data: JSON = {"custom_id": custom_id, "component_type": 3 if values is not None else 2}
        if values is not None:
            data["values"] = values
        pending = await self.discord.interact(
            self.user, self.channel, 3, data, locale=self.locale, message=message
        )
        return await self._wait(pending)

    async def submit(self, modal: Reply, **fields: str) -> Reply:
        """Fill in and send a form the app opened for this user."""
        assert modal.kind == "modal"
        data = form_data(modal.message.body, fields)
        pending = await self.discord.interact(
            self.user, self.channel, 5, data, locale=self.locale, opened_by=modal.pending
        )
        return await self._wait(pending)


class Play:
    """The server, its front door and the stand-in, running in this event loop."""

    def __init__(
        self,
        path: Path,
        discord: StandIn,
        *,
        endpoint: bool,
        dice: DiceSource | None = None,
        defer_after: float = 2.0,
    ) -> None:
        self.path = path
        self.discord = discord
        self.endpoint = endpoint
        self.dice = dice
        self.defer_after = defer_after
        self.store = SqliteEventStore(path)
        self.front: Discord | None = None
        self.service: TableService | None = None
        self.base = ""

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[Play]:
        settings = DiscordSettings(
            token=TOKEN,
            application_id=APPLICATION,
            gateway=not self.endpoint,
            public_key=self.discord.public_key if self.endpoint else None,
            api=self.discord.api,
            defer_after=self.defer_after,
            poll=0.2,
            patience=1.0,
            first_wait=0.1,
        )
        app = create_app(
            self.store, dice=self.dice, extensions=[attach(settings)], rate=1000, burst=1000
        )
        config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
        server = uvicorn.Server(config)
        task = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.01)
        port = server.servers[0].sockets[0].getsockname()[1]
        self.base = f"http://127.0.0.1:{port}"
        self.front = app.state.discord
        self.service = app.state.service
        if self.endpoint:
            self.discord.endpoint = f"{self.base}/discord/interactions"
        await asyncio.wait_for(self.front.leading.wait(), 10)
        try:
            yield self
        finally:
            server.should_exit = True
            await task
            self.store.close()

    async def settled(self, table_id: str, timeout: float = 20) -> None:
        """Wait until the relay has posted every event of the table."""
        bindings = Bindings(self.store)
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            posted = await asyncio.to_thread(bindings.posted, table_id)
            version = await asyncio.to_thread(self.store.version, table_id)
            if posted is not None and posted >= version:
                return
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(
                    f"the relay posted through {posted}, the table is at {version}"
                )
            await asyncio.sleep(0.02)


__all__ = ["CHANNEL", "Member", "Option", "Play", "Reply", "command_data"]
