"""The Gateway connection (hikari's, under fatekit's supervision) against the stand-in: Hello,
Identify and Ready, heartbeats carrying the last sequence number, Reconnect (op 7) and Resume
with the missed dispatches replayed, Invalid Session (op 9, resumable or not), a zombie
connection, a dropped socket, every close code Discord lists (reconnecting after the ones it
says may be reconnected after, stopping for good after the others), the network down at start
and Discord answering 5xx for ``GET /gateway/bot``, and the day's session budget spent."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest

from fatekit.discord.gateway import Backoff, Gateway, GatewayStopped
from fatekit.discord.rest import Rest

from . import shapes
from .standin import TOKEN, StandIn

JSON = dict[str, Any]
#: Discord's close codes (developers/topics/opcodes-and-status-codes.mdx) and whether it says a
#: client may reconnect after each.
CLOSE_CODES = {
    4000: True,
    4001: True,
    4002: True,
    4003: True,
    4004: False,
    4005: True,
    4007: True,
    4008: True,
    4009: True,
    4010: False,
    4011: False,
    4012: False,
    4013: False,
    4014: False,
}


class Running:
    """A Gateway connected to the stand-in, recording the interactions it is handed."""

    def __init__(self, discord: StandIn, token: str = TOKEN) -> None:
        self.discord = discord
        self.rest = Rest(token, api=discord.api, retries=1)
        self.seen: list[str] = []
        self.gateway = Gateway(self.rest, token, self._handle, backoff=Backoff(0.05, 0.5))
        self.task: asyncio.Task[None] | None = None

    async def _handle(self, interaction: JSON) -> None:
        self.seen.append(str(interaction["data"]["name"]))

    async def interaction(self, name: str) -> None:
        person = shapes.user("700000000000000007", "u")
        await self.discord.interact(
            person, "900000000000000009", 2, {"id": "1", "name": name, "type": 1}
        )

    async def until(self, check: Callable[[], bool], timeout: float = 15) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not check():
            assert loop.time() < deadline, "timed out"
            await asyncio.sleep(0.01)


@asynccontextmanager
async def connected(**kw: Any) -> AsyncIterator[Running]:
    async with StandIn(**kw) as discord:
        running = Running(discord)
        running.task = asyncio.create_task(running.gateway.run())
        await discord.ready(15)
        try:
            yield running
        finally:
            await running.gateway.stop()
            running.task.cancel()
            await asyncio.gather(running.task, return_exceptions=True)
            await running.rest.close()


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(test(), 90))


def test_identify_ready_and_heartbeats_with_the_last_sequence() -> None:
    async def test() -> None:
        async with connected(heartbeat_ms=50) as g:
            await g.until(lambda: g.gateway.ready.is_set())
            assert g.discord.identifies == 1 and g.gateway.identified == 1
            await g.interaction("roll")
            await g.until(lambda: g.seen == ["roll"])
            beats = g.discord.heartbeats
            await g.until(lambda: g.discord.heartbeats >= beats + 3)
            # Each beat carries the last sequence number: READY was 1, the interaction 2.
            assert g.discord.beats[-1] == 2
            assert g.gateway.user["id"] == shapes.BOT_ID

    run(test)


def test_a_reconnect_resumes_and_what_was_missed_is_replayed() -> None:
    async def test() -> None:
        async with connected() as g:
            await g.interaction("roll")
            await g.until(lambda: g.seen == ["roll"])
            await g.discord.send_op({"op": 7, "d": None})
            # Dispatched while the app reconnects: the Gateway replays it after Resume.
            await g.interaction("missed")
            await g.until(lambda: g.discord.resumes == 1 and "missed" in g.seen)
            assert g.discord.identifies == 1 and g.seen.count("missed") == 1

    run(test)


@pytest.mark.parametrize("resumable", [True, False])
def test_an_invalid_session_resumes_or_identifies_again(resumable: bool) -> None:
    async def test() -> None:
        async with connected() as g:
            if not resumable:
                assert g.discord._session is not None
                g.discord._session.resumable = False
            await g.discord.send_op({"op": 9, "d": resumable})
            await g.until(
                lambda: (
                    (g.discord.resumes if resumable else g.discord.identifies)
                    >= (1 if resumable else 2)
                )
            )
            await g.interaction("after")
            await g.until(lambda: "after" in g.seen)

    run(test)


def test_a_zombie_connection_is_closed_and_resumed() -> None:
    async def test() -> None:
        async with connected(heartbeat_ms=100) as g:
            await g.until(lambda: g.gateway.ready.is_set())
            g.discord.zombie = True
            await g.until(lambda: not g.gateway.ready.is_set())
            g.discord.zombie = False
            await g.until(lambda: g.discord.resumes >= 1 and g.gateway.ready.is_set())
            await g.interaction("alive")
            await g.until(lambda: "alive" in g.seen)
            assert g.discord.identifies == 1

    run(test)


def test_a_heartbeat_request_is_answered_at_once() -> None:
    async def test() -> None:
        async with connected(heartbeat_ms=60_000) as g:
            beats = g.discord.heartbeats
            await g.discord.send_op({"op": 1, "d": None})
            await g.until(lambda: g.discord.heartbeats == beats + 1, timeout=2)

    run(test)


def test_a_dropped_socket_is_resumed() -> None:
    async def test() -> None:
        async with connected() as g:
            await g.discord.drop_gateway()
            await g.interaction("while away")
            await g.until(lambda: "while away" in g.seen and g.gateway.ready.is_set())
            assert g.discord.identifies == 1 and g.discord.resumes >= 1

    run(test)


@pytest.mark.parametrize("code", sorted(CLOSE_CODES))
def test_every_close_code(code: int) -> None:
    """After a code Discord says may be reconnected after, the app connects again by itself
    (resuming where it can); after the others it stops, saying why."""

    async def test() -> None:
        async with connected() as g:
            await g.discord.close_gateway(code, "closed by the stand-in")
            if CLOSE_CODES[code]:
                await g.until(
                    lambda: (
                        g.discord.identifies + g.discord.resumes >= 2 and g.gateway.ready.is_set()
                    )
                )
                await g.interaction("back")
                await g.until(lambda: "back" in g.seen)
            else:
                assert g.task is not None
                with pytest.raises(GatewayStopped) as stopped:
                    await asyncio.wait_for(asyncio.shield(g.task), 15)
                assert stopped.value.code == code

    run(test)


def test_a_wrong_token_stops_the_gateway_for_good() -> None:
    async def test() -> None:
        async with StandIn() as discord:
            rest = Rest(TOKEN, api=discord.api)
            wrong = TOKEN[:-3] + "xyz"
            gateway = Gateway(rest, wrong, lambda i: asyncio.sleep(0), backoff=Backoff(0.05, 0.5))
            with pytest.raises(GatewayStopped) as stopped:
                await asyncio.wait_for(gateway.run(), 15)
            assert stopped.value.code == 4004
            await rest.close()

    run(test)


def test_the_network_down_at_start_and_5xx_then_it_connects_by_itself() -> None:
    async def test() -> None:
        async with StandIn() as discord:
            await discord.down()  # nothing listens: connections are refused
            running = Running(discord)
            running.task = asyncio.create_task(running.gateway.run())
            await running.until(lambda: "could not be reached" in running.gateway.trouble)
            discord.server_errors = [502] * 6  # back, but answering 502 for a while
            await discord.up()
            await discord.ready(20)
            await running.interaction("first")
            await running.until(lambda: running.seen == ["first"])
            assert discord.identifies == 1
            await running.gateway.stop()
            running.task.cancel()
            await asyncio.gather(running.task, return_exceptions=True)
            await running.rest.close()

    run(test)


def test_no_session_starts_past_the_days_budget() -> None:
    async def test() -> None:
        async with StandIn(sessions_left=0) as discord:
            running = Running(discord)
            running.task = asyncio.create_task(running.gateway.run())
            await running.until(lambda: "no session starts left" in running.gateway.trouble)
            await asyncio.sleep(0.3)
            assert discord.identifies == 0  # it waits for the reset rather than identifying
            await running.gateway.stop()
            running.task.cancel()
            await asyncio.gather(running.task, return_exceptions=True)
            await running.rest.close()

    run(test)
