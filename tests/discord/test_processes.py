"""``fatekit discord`` and ``fatekit serve --discord`` as real processes against the stand-in: the
token from the environment and never printed; a group binds and plays; on PostgreSQL exactly one
of two processes holds the Gateway, and when it is killed the other takes over."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from fatekit.discord.bindings import Bindings
from fatekit.server.service import TableService
from fatekit.store.sqlite import SqliteEventStore
from fatekit.table.commands import CreateTable

from ..server.threaded import postgres_url  # type: ignore[import-not-found]
from .harness import CHANNEL, Member
from .standin import APPLICATION, TOKEN, StandIn

FATEKIT = [sys.executable, "-m", "fatekit"]


def environment(discord: StandIn) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        FATEKIT_DISCORD_TOKEN=TOKEN,
        FATEKIT_DISCORD_APPLICATION_ID=APPLICATION,
        FATEKIT_DISCORD_API=discord.api,
        PYTHONUNBUFFERED="1",
    )
    return env


async def until(check: object, timeout: float = 30) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():  # type: ignore[operator]
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.05)


async def start(discord: StandIn, *args: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        *FATEKIT,
        *args,
        env=environment(discord),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )


async def bind_and_note(discord: StandIn, link: str, text: str) -> None:
    gm = Member(discord, "5001", "Gloria")
    await gm.submit(await gm.use("bind"), link=link)
    await gm.use("note", text=text)
    await until(lambda: any(text in m.content for m in discord.channel(CHANNEL)))


def test_fatekit_discord_plays_a_table_and_keeps_its_token_to_itself(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    store = SqliteEventStore(db)
    created = TableService(store).create_table_now(CreateTable(name="The Yacht"))
    store.close()

    async def test() -> bytes:
        async with StandIn() as discord:
            process = await start(discord, "discord", "--db", str(db))
            try:
                await discord.ready(30)
                await until(lambda: len(discord.commands) > 20)
                await bind_and_note(discord, created.link, "From the command line")
            finally:
                process.send_signal(signal.SIGINT)
                output, _ = await asyncio.wait_for(process.communicate(), 30)
            assert process.returncode == 0, output.decode()
            return output

    output = asyncio.run(test())
    assert TOKEN.encode() not in output and b"aW50ZXJhY3Rpb24" not in output
    assert b"fatekit discord: database" in output
    # At the default log level, a line says the Gateway connected.
    assert b"connected to the Discord Gateway as fatekit" in output


def test_fatekit_serve_takes_discord_at_its_endpoint_and_on_the_gateway(tmp_path: Path) -> None:
    async def test() -> None:
        async with StandIn() as discord:
            process = await start(
                discord,
                "serve",
                "--db",
                str(tmp_path / "s.db"),
                "--port",
                "0",
                "--discord",
                "--discord-public-key",
                discord.public_key,
            )
            assert process.stdout is not None
            lines: list[str] = []
            try:
                while not any("GM link" in line for line in lines):
                    lines.append((await asyncio.wait_for(process.stdout.readline(), 90)).decode())
                base = next(line.split()[-1] for line in lines if "serving at" in line).rstrip("/")
                link = next(line.split()[-1] for line in lines if "GM link" in line)
                assert any(
                    "Gateway (outbound) and the interactions endpoint" in line for line in lines
                )
                await discord.ready(30)
                while not any("connected to the Discord Gateway" in line for line in lines):
                    lines.append((await asyncio.wait_for(process.stdout.readline(), 90)).decode())
                discord.endpoint = f"{base}/discord/interactions"
                ping = await discord.ping_endpoint()
                assert ping.json() == {"type": 1}
                await bind_and_note(discord, link, "Through the endpoint")
            finally:
                process.send_signal(signal.SIGINT)
                output, _ = await asyncio.wait_for(process.communicate(), 30)
            assert TOKEN.encode() not in output + "".join(lines).encode()

    asyncio.run(test())


def test_on_postgresql_one_process_holds_the_gateway_and_another_takes_over(
    postgres_dsn: str,
) -> None:
    from fatekit.store.postgres import PostgresEventStore

    with PostgresEventStore(postgres_dsn, pool_size=1) as store:
        created = TableService(store).create_table_now(CreateTable(name="Shared"))

    async def test() -> None:
        async with StandIn() as discord:
            url = postgres_url(postgres_dsn)
            processes = [
                await start(discord, "discord", "--db", url, "--log-level", "info")
                for _ in range(2)
            ]
            printed: list[list[str]] = [[], []]

            async def read(i: int) -> None:
                stream = processes[i].stdout
                assert stream is not None
                async for line in stream:
                    printed[i].append(line.decode())

            readers = [asyncio.create_task(read(i)) for i in range(2)]
            try:
                await discord.ready(30)
                await asyncio.sleep(2.5)  # more than the other's retries: it still does not connect
                assert discord.identifies == 1 and len(discord.connections) == 1, printed
                await bind_and_note(discord, created.link, "Before the leader dies")
                # Posts are marked in the database after Discord took them: killed between the
                # two, a leader's last post would come again from the next (at least once).
                # The hand-over under test is after the mark.
                with PostgresEventStore(postgres_dsn, pool_size=1) as watching:
                    bindings = Bindings(watching)
                    table = created.table_id
                    await until(lambda: (bindings.posted(table) or 0) >= watching.version(table))
                # Kill the leader (it said it connects to Discord): the other takes over.
                leading = [
                    i for i in range(2) if any("connecting to Discord" in x for x in printed[i])
                ]
                assert len(leading) == 1, printed
                processes[leading[0]].send_signal(signal.SIGKILL)
                await processes[leading[0]].wait()
                await until(lambda: discord.identifies == 2 and len(discord.connections) == 1)
                other = 1 - leading[0]
                await until(lambda: any("connecting to Discord" in x for x in printed[other]))
                gm = Member(discord, "5001", "Gloria")
                await gm.use("note", text="After the hand-over")
                await until(
                    lambda: any(
                        "After the hand-over" in m.content for m in discord.channel(CHANNEL)
                    )
                )
                posted = [m.content for m in discord.channel(CHANNEL) if "wrote" in m.content]
                assert len(posted) == len(set(posted))  # nothing posted twice over the hand-over
            finally:
                for process in processes:
                    if process.returncode is None:
                        process.send_signal(signal.SIGKILL)
                        await process.wait()
                for reader in readers:
                    reader.cancel()

    asyncio.run(test())


pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")
