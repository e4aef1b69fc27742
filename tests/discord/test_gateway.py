"""The Gateway connection against the stand-in: Hello, Identify and Ready, heartbeats and their
acknowledgements, Reconnect and Resume with the missed dispatches replayed, Invalid Session
(resumable or not), a connection that stops acknowledging heartbeats, a dropped connection,
and the close codes after which reconnecting cannot help."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest

from fatekit.discord.gateway import Gateway, GatewayStopped
from fatekit.discord.rest import Rest

from .standin import TOKEN, StandIn

JSON = dict[str, Any]


class Running:
    """A Gateway connected to the stand-in, recording the interactions it is handed."""

    def __init__(self, discord: StandIn, token: str = TOKEN) -> None:
        self.discord = discord
        self.rest = Rest(token, api=discord.api)
        self.seen: list[str] = []
        self.gateway = Gateway(self.rest, token, self._handle, jitter=lambda: 0.5, retry_delay=0.05)
        self.task: asyncio.Task[None] | None = None

    async def _handle(self, interaction: JSON) -> None:
        self.seen.append(str(interaction["data"]["name"]))

    async def interaction(self, name: str) -> None:
        await self.discord.interact({"id": "7", "username": "u"}, "9", 2, {"name": name, "type": 1})

    async def until(self, check: Callable[[], bool], timeout: float = 10) -> None:
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
        await discord.ready()
        try:
            yield running
        finally:
            await running.gateway.stop()
            running.task.cancel()
            await asyncio.gather(running.task, return_exceptions=True)
            await running.rest.close()


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(test(), 60))


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
            assert g.gateway.user["id"] == "100000000000000002"

    run(test)


def test_a_reconnect_resumes_and_what_was_missed_is_replayed() -> None:
    async def test() -> None:
        async with connected() as g:
            await g.interaction("roll")
            await g.until(lambda: g.seen == ["roll"])
            await g.discord.send_op({"op": 7, "d": None})
            # Dispatched while the app reconnects: the Gateway replays it after Resume.
            session = g.discord._session
            assert session is not None
            await g.discord._dispatch(
                "INTERACTION_CREATE", {"data": {"name": "missed"}, "id": "1", "token": "t"}
            )
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
        async with connected(heartbeat_ms=50) as g:
            g.discord.zombie = True
            await g.until(lambda: g.discord.resumes >= 1 or not g.gateway.ready.is_set())
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


@pytest.mark.parametrize(
    ("code", "identifies", "resumes"), [(4000, 1, 1), (4009, 2, 0), (1011, 1, 1)]
)
def test_closed_connections_come_back(code: int, identifies: int, resumes: int) -> None:
    async def test() -> None:
        async with connected() as g:
            await g.discord.close_gateway(code)
            await g.until(
                lambda: (
                    g.discord.identifies + g.discord.resumes == 1 + identifies + resumes - 1
                    and g.gateway.ready.is_set()
                )
            )
            assert (g.discord.identifies, g.discord.resumes) == (identifies, resumes)
            await g.interaction("back")
            await g.until(lambda: "back" in g.seen)

    run(test)


def test_a_wrong_token_stops_the_gateway_for_good() -> None:
    async def test() -> None:
        async with StandIn() as discord:
            # The REST call is refused too; the Gateway's own answer is what ends the run.
            rest = Rest(TOKEN, api=discord.api)
            gateway = Gateway(rest, "not-the-token", lambda i: asyncio.sleep(0), jitter=lambda: 0.5)
            with pytest.raises(GatewayStopped) as stopped:
                await asyncio.wait_for(gateway.run(), 10)
            assert stopped.value.code == 4004
            await rest.close()

    run(test)
