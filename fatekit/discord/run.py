"""Running the front door in a server process: ``fatekit discord`` and ``fatekit serve --discord``.

Every process answers interactions that reach it (the HTTP endpoint is mounted on each). The
process that leads (:mod:`.lead`) also registers the slash commands, posts to the channels
(:mod:`.relay`) and, when asked to, keeps the Gateway connection (:mod:`.gateway`): exactly one
of them, however many processes share a PostgreSQL database. When the leader dies, another
takes over where it left off.

The bot token comes from a file or the ``FATEKIT_DISCORD_TOKEN`` environment variable, never
from the command line (where any user of the machine could read it), and is never printed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from fastapi import FastAPI

from fatekit.discord.commands import definitions
from fatekit.discord.door import DEFER_AFTER, FrontDoor
from fatekit.discord.endpoint import mount_interactions
from fatekit.discord.gateway import Backoff, Gateway
from fatekit.discord.lead import AlwaysLead, Lead, PostgresLead, lead_key
from fatekit.discord.protocol import DEFAULT_API
from fatekit.discord.relay import Relay
from fatekit.discord.rest import DiscordError, Rest
from fatekit.discord.signature import Verifier
from fatekit.rules.core.errors import BadInput
from fatekit.server.service import TableService

__all__ = ["TOKEN_ENV", "Discord", "DiscordSettings", "attach", "read_bot_token"]

_log = logging.getLogger("fatekit.discord")

#: The environment variable that may hold the bot token.
TOKEN_ENV = "FATEKIT_DISCORD_TOKEN"
#: The environment variable that may point the app at another API (a stand-in, in tests).
API_ENV = "FATEKIT_DISCORD_API"


def read_bot_token(path: str | None) -> str:
    """The bot token from ``path``, else from ``$FATEKIT_DISCORD_TOKEN``; :class:`BadInput`
    saying where to put it when neither holds one (the token itself is never shown)."""
    if path is not None:
        try:
            token = Path(path).read_text(encoding="utf-8").strip()
        except OSError as error:
            raise BadInput(f"cannot read the bot token file {path}: {error.strerror}") from None
        if not token:
            raise BadInput(f"the bot token file {path} is empty")
        return token
    token = os.environ.get(TOKEN_ENV, "").strip()
    if not token:
        raise BadInput(
            f"no bot token: put it in a file only you can read and pass --discord-token-file, "
            f"or set {TOKEN_ENV}"
        )
    return token


@dataclass(frozen=True, slots=True)
class DiscordSettings:
    """How this process runs the front door."""

    token: str
    application_id: str
    gateway: bool = True  # keep a Gateway connection (while leading)
    public_key: str | None = None  # mount the HTTP interactions endpoint, checked with this key
    api: str = DEFAULT_API
    register: bool = True  # register the slash commands when taking the lead
    defer_after: float = DEFER_AFTER
    poll: float = 2.0  # how often the relay looks at the bindings; the lead's retry
    patience: float = 60.0  # the longest wait between two tries of a post or a start-up step
    first_wait: float = 1.0  # the first wait after a failed start (doubling up to `patience`)

    def __repr__(self) -> str:
        return f"DiscordSettings(application_id={self.application_id!r}, gateway={self.gateway})"


class Discord:
    """The front door in one process: the door always; the relay and the Gateway while leading."""

    def __init__(
        self, service: TableService, settings: DiscordSettings, *, rest: Rest | None = None
    ) -> None:
        self.service = service
        self.settings = settings
        self.rest = rest if rest is not None else Rest(settings.token, api=settings.api)
        self.door = FrontDoor(
            service, self.rest, settings.application_id, defer_after=settings.defer_after
        )
        self.relay: Relay | None = None
        self.gateway: Gateway | None = None
        self.leading = asyncio.Event()
        self.registered = "not yet"
        self.door.standing = self.standing

    def _lead(self) -> Lead:
        dsn = getattr(self.service.store, "dsn", None)
        if isinstance(dsn, str):
            return PostgresLead(
                dsn, lead_key(self.settings.application_id), retry=self.settings.poll
            )
        return AlwaysLead()

    async def run(self) -> None:
        """Take the lead when it is free, and run the relay and the Gateway while it is ours;
        until cancelled. A Gateway that refuses the token for good ends the run with
        :class:`~fatekit.discord.gateway.GatewayStopped`."""
        lead = self._lead()
        # Ready before the first interaction: hikari's client and the catalogs, so that the
        # first answer does not pay for them within Discord's three seconds.
        await self.rest.client()
        await asyncio.to_thread(definitions)
        try:
            while True:
                await lead.take()
                self.leading.set()
                try:
                    await self._lead_while(lead)
                finally:
                    self.leading.clear()
                    await lead.give_up()
        finally:
            await self.rest.close()

    async def _lead_while(self, lead: Lead) -> None:
        self.relay = Relay(self.door, poll=self.settings.poll, patience=self.settings.patience)
        tasks = [asyncio.create_task(self.relay.run()), asyncio.create_task(lead.lost())]
        if self.settings.register:
            tasks.append(asyncio.create_task(self._register()))
        if self.settings.gateway:
            self.gateway = Gateway(
                self.rest,
                self.settings.token,
                self.door_answer,
                backoff=Backoff(self.settings.first_wait, self.settings.patience),
            )
            tasks.append(asyncio.create_task(self.gateway.run()))
        try:
            while True:
                done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
                for task in done:
                    task.result()  # a Gateway that stopped for good raises here
                tasks = [t for t in tasks if not t.done()]
                if len(tasks) < 2 + self.settings.gateway:
                    return  # the relay or the lead ended
        finally:
            if self.gateway is not None:
                await self.gateway.stop()
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def _register(self) -> None:
        """Register the slash commands, trying again with backoff while Discord cannot be
        reached or answers 5xx (a laptop that starts before its network); a refusal is logged."""
        backoff = Backoff(self.settings.first_wait, self.settings.patience)
        while True:
            try:
                await self.rest.register_commands(self.settings.application_id, definitions())
            except DiscordError as error:
                if error.lasting:
                    _log.error("the slash commands could not be registered: %s", error)
                    return
                self.registered = f"waiting: {error}"
                _log.warning("the slash commands wait for Discord: %s", error)
                await asyncio.sleep(backoff.next())
                continue
            self.registered = "yes"
            return

    def standing(self) -> dict[str, object]:
        """How this process stands with Discord (for `/fatekit status`)."""
        gateway = self.gateway
        return {
            "leading": self.leading.is_set(),
            "gateway": None
            if gateway is None
            else {"ready": gateway.ready.is_set(), "trouble": gateway.trouble},
            "endpoint": self.settings.public_key is not None,
            "commands": self.registered,
            "trouble": dict(self.relay.trouble) if self.relay is not None else {},
        }

    async def door_answer(self, interaction: dict[str, object]) -> None:
        """Answer an interaction that came over the Gateway (its first answer is a callback)."""
        interaction_id, token = str(interaction["id"]), str(interaction["token"])

        async def respond(body: dict[str, object]) -> None:
            await self.rest.callback(interaction_id, token, dict(body))

        if not self.door.fresh(interaction.get("id")):
            _log.warning("an interaction older than its token's lifetime was not applied")
            return
        await self.door.answer(dict(interaction), respond)


def attach(
    settings: DiscordSettings, *, rest: Rest | None = None
) -> Callable[[FastAPI, TableService], AbstractAsyncContextManager[None]]:
    """The front door as an extension of the server app (``create_app(extensions=...)``): the
    interactions endpoint when ``settings`` has a public key, and the lead's work running for
    the app's lifetime. The running :class:`Discord` is ``app.state.discord``."""

    def attached(app: FastAPI, service: TableService) -> AbstractAsyncContextManager[None]:
        discord = Discord(service, settings, rest=rest)
        app.state.discord = discord
        if settings.public_key:
            mount_interactions(app, discord.door, Verifier(settings.public_key))

        @asynccontextmanager
        async def running() -> AsyncIterator[None]:
            task = asyncio.create_task(discord.run())
            try:
                yield
            finally:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

        return running()

    return attached
