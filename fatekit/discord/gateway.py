"""The outbound way in: a Gateway connection, kept by hikari, that hands over the interactions.

A GM can run this on a laptop behind a home router: the app only connects out. The connection
itself is hikari's ``GatewayBot`` (a maintained Discord library thousands of bots run on):
Hello and heartbeats (a connection whose heartbeats go unanswered is closed and resumed),
Identify, Resume with the dispatches missed replayed, Reconnect (op 7), Invalid Session (op 9,
resumable or not), the close codes after which it reconnects, its own backoff when connections
keep failing, and the start-up check of the day's session budget. The app asks for no intents
and keeps no cache: it wants only ``INTERACTION_CREATE``, whose raw payload goes to the front
door as Discord sent it.

What hikari leaves to its caller is kept here: starting again, with backoff, when it cannot start
(the network is down at start, Discord answers 5xx for ``GET /gateway/bot``) or when its session
ended on a close code Discord says may be reconnected after (hikari stops on 4001/4003/4005,
which Discord's table lists as "reconnect"); waiting for the session budget to reset rather than
identifying past it (Discord resets the token of a bot that does); and stopping for good on the
codes after which reconnecting cannot help (a wrong token, bad intents...).

Answers to interactions never travel over the Gateway: they are HTTP calls (:mod:`.rest`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any

import hikari

from fatekit.discord.protocol import FATAL_CLOSE_CODES
from fatekit.discord.rest import DiscordError, Rest

__all__ = ["Backoff", "Gateway", "GatewayStopped"]

_log = logging.getLogger("fatekit.discord.gateway")
# The line saying the Gateway is connected shows at the default level (warnings).
_log.setLevel(logging.INFO)

Handler = Callable[[dict[str, Any]], Awaitable[None]]


class GatewayStopped(Exception):
    """The Gateway closed with a code that says reconnecting cannot help."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(f"the Discord Gateway closed the connection with {code}: {reason}")
        self.code = code


class Backoff:
    """Waits that grow after each failure in a row (doubling from ``first`` up to ``most``, with
    up to a quarter more at random so that many processes do not come back at once)."""

    def __init__(self, first: float = 1.0, most: float = 60.0) -> None:
        self.first = first
        self.most = most
        self.failures = 0

    def next(self) -> float:
        """The wait after one more failure."""
        self.failures += 1
        wait = min(self.most, self.first * 2.0 ** (self.failures - 1))
        return float(wait * (1 + random.random() / 4))

    def reset(self) -> None:
        """A success: the next failure waits ``first`` again."""
        self.failures = 0


class Gateway:
    """The bot's Gateway session for ``token`` (through ``api``'s ``GET /gateway/bot``), handing
    each interaction's payload to ``on_interaction``."""

    def __init__(
        self,
        rest: Rest,
        token: str,
        on_interaction: Handler,
        *,
        backoff: Backoff | None = None,
    ) -> None:
        self._rest = rest
        self._token = token
        self._on_interaction = on_interaction
        self._backoff = backoff if backoff is not None else Backoff()
        self._bot: hikari.GatewayBot | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._stopping = asyncio.Event()
        #: Set while a session is ready (after Ready or Resumed, until the connection drops).
        self.ready = asyncio.Event()
        #: How many sessions were started and resumed (for `/fatekit status` and the tests).
        self.identified = 0
        self.resumed = 0
        self.user: dict[str, str] = {}
        self.starts_left = 0
        #: Why the last attempt failed, for `/fatekit status` (empty while connected).
        self.trouble = ""

    # -- running ---------------------------------------------------------------------------------

    async def run(self) -> None:
        """Keep a session until :meth:`stop`, starting again with backoff whenever it cannot start
        or ends. Raises :class:`GatewayStopped` when Discord says reconnecting cannot help."""
        while not self._stopping.is_set():
            try:
                await self._session()
            except GatewayStopped:
                raise
            except (DiscordError, hikari.HikariError, OSError, RuntimeError) as error:
                self.trouble = str(error)
                _log.warning("the Discord Gateway is not connected: %s", error)
            if not self._stopping.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stopping.wait(), self._backoff.next())

    async def _session(self) -> None:
        try:
            info = await self._rest.gateway_bot()
        except DiscordError as error:
            if error.status == 401:
                raise GatewayStopped(4004, "Discord refused the bot token (401)") from None
            raise
        limit = info.session_start_limit
        if limit.remaining < 1:
            wait = max(1.0, limit.reset_after.total_seconds())
            self.trouble = f"no session starts left today: waiting {wait:.0f} s"
            _log.error(
                "Discord allows no more Gateway sessions until %s: waiting rather than "
                "starting one (Discord resets the token of a bot that goes over)",
                limit.reset_at,
            )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), wait)
            return
        self.starts_left = limit.remaining - 1
        bot = hikari.GatewayBot(
            self._token,
            banner=None,
            logs=None,
            suppress_optimization_warning=True,
            intents=hikari.Intents.NONE,
            auto_chunk_members=False,
            cache_settings=hikari.impl.CacheSettings(components=hikari.api.CacheComponents.NONE),
            rest_url=self._rest.api,
        )
        bot.subscribe(hikari.ShardPayloadEvent, self._payload)
        bot.subscribe(hikari.ShardReadyEvent, self._ready)
        bot.subscribe(hikari.ShardResumedEvent, self._resumed)
        bot.subscribe(hikari.ShardDisconnectedEvent, self._disconnected)
        self._bot = bot
        try:
            if self._stopping.is_set():
                return
            await bot.start(check_for_updates=False)
            await bot.join()
        except hikari.GatewayServerClosedConnectionError as closed:
            if closed.code in FATAL_CLOSE_CODES:
                raise GatewayStopped(int(closed.code or 0), closed.reason) from None
            raise
        except hikari.UnauthorizedError:
            raise GatewayStopped(4004, "Discord refused the bot token (401)") from None
        finally:
            self.ready.clear()
            self._bot = None
            with contextlib.suppress(Exception):
                await bot.close()

    async def stop(self) -> None:
        """End the session and wait for the interactions in hand."""
        self._stopping.set()
        bot = self._bot
        if bot is not None:
            with contextlib.suppress(Exception):
                await bot.close()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    # -- what the session says ---------------------------------------------------------------------

    async def _ready(self, event: hikari.ShardReadyEvent) -> None:
        self.identified += 1
        self.user = {"id": str(event.my_user.id), "username": event.my_user.username}
        self.trouble = ""
        self._backoff.reset()
        self.ready.set()
        _log.info(
            "connected to the Discord Gateway as %s (%d more sessions may start today)",
            event.my_user.username,
            self.starts_left,
        )

    async def _resumed(self, event: hikari.ShardResumedEvent) -> None:
        self.resumed += 1
        self.trouble = ""
        self._backoff.reset()
        self.ready.set()
        _log.info("the Discord Gateway session resumed")

    async def _disconnected(self, event: hikari.ShardDisconnectedEvent) -> None:
        self.ready.clear()

    async def _payload(self, event: hikari.ShardPayloadEvent) -> None:
        if event.name != "INTERACTION_CREATE":
            return
        task = asyncio.create_task(self._handle(dict(event.payload)))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        await asyncio.sleep(0)

    async def _handle(self, interaction: dict[str, Any]) -> None:
        try:
            await self._on_interaction(interaction)
        except Exception:
            _log.exception("an interaction could not be answered")
