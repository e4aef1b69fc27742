"""Which process leads: with several server processes on one PostgreSQL database, exactly one
keeps the Gateway connection and posts to the channels.

The lead is a PostgreSQL session-level advisory lock, held on a connection of its own: taken
with ``pg_try_advisory_lock``, kept as long as that connection lives, and let go by the
database the moment it dies (a process killed with SIGKILL included), when another process
waiting for it takes it within its ``retry`` interval. On SQLite one process serves a database,
which therefore always leads.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from typing import Protocol

__all__ = ["AlwaysLead", "Lead", "PostgresLead", "lead_key"]

_log = logging.getLogger("fatekit.discord")


def lead_key(application_id: str) -> int:
    """The advisory lock's key for one Discord application (two bots on one database each have
    their own), as PostgreSQL's signed 64-bit integer."""
    digest = hashlib.sha256(f"fatekit-discord:{application_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class Lead(Protocol):
    """The lead: wait to take it, then wait until it is lost."""

    async def take(self) -> None:
        """Return once this process leads."""

    async def lost(self) -> None:
        """Return when this process no longer leads."""

    async def give_up(self) -> None:
        """Let the lead go."""


class AlwaysLead:
    """A database only this process serves (SQLite): it always leads."""

    def __init__(self) -> None:
        self._forever = asyncio.Event()

    async def take(self) -> None:
        """Lead at once."""

    async def lost(self) -> None:
        """Never lost."""
        await self._forever.wait()

    async def give_up(self) -> None:
        """Nothing to let go."""


class PostgresLead:
    """The lead as a PostgreSQL advisory lock on ``dsn`` under ``key``."""

    def __init__(self, dsn: str, key: int, *, retry: float = 1.0) -> None:
        self.dsn = dsn
        self.key = key
        self.retry = retry
        self._connection: object | None = None

    async def take(self) -> None:
        """Try for the lock every ``retry`` seconds until it is ours."""
        import psycopg

        while True:
            try:
                connection = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
            except psycopg.Error as error:
                _log.warning("the Discord lead cannot reach the database: %s", error)
                await asyncio.sleep(self.retry)
                continue
            try:
                cursor = await connection.execute("SELECT pg_try_advisory_lock(%s)", (self.key,))
                row = await cursor.fetchone()
            except psycopg.Error:
                row = None
            if row is not None and row[0] is True:
                self._connection = connection
                _log.info("this process leads the Discord front door")
                return
            await connection.close()
            await asyncio.sleep(self.retry)

    async def lost(self) -> None:
        """Look at the lock's connection every ``retry`` seconds; return when it is gone."""
        import psycopg

        connection = self._connection
        assert isinstance(connection, psycopg.AsyncConnection)
        while True:
            await asyncio.sleep(self.retry)
            try:
                await connection.execute("SELECT 1")
            except psycopg.Error:
                self._connection = None
                _log.warning("this process lost the Discord lead (its database connection died)")
                return

    async def give_up(self) -> None:
        """Close the lock's connection (the database lets the lock go with it)."""
        import psycopg

        connection = self._connection
        self._connection = None
        if isinstance(connection, psycopg.AsyncConnection):
            with contextlib.suppress(psycopg.Error):
                await connection.close()
