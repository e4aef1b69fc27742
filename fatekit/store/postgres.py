"""The PostgreSQL event store: one database shared by any number of server processes.

An append is one transaction on a pooled connection. It reads the table's version and the
idempotency key in one statement (so both come from one snapshot), inserts the events at the
versions after it and commits before returning. The primary key (table id, version) is the
concurrency guard: when two processes append at the same version, PostgreSQL makes the second
insert wait for the first transaction and then fails it with a unique violation. The loser then
looks again and answers as if it had come second all along: the original result when the winner
carried the same idempotency key, a :class:`VersionConflict` with the winner's events otherwise.

Each append also sends ``pg_notify(channel, '<table id>:<version>')``, delivered to listeners on
commit (see :mod:`fatekit.store.postgres_notify`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import psycopg_pool
from psycopg import errors as pg_errors
from psycopg.conninfo import conninfo_to_dict

from fatekit.rules.core.errors import BadInput
from fatekit.store.base import (
    Appended,
    CheckedEventStore,
    NewEvent,
    Snapshot,
    StoredEvent,
    StoredMap,
    StoreError,
    VersionConflict,
    check_snapshot_version,
    check_table_id,
    numbered,
)
from fatekit.store.postgres_migrations import applied_migrations, migrate
from fatekit.store.postgres_notify import CHANNEL, AppendNotice, Listener, check_channel

__all__ = ["PostgresEventStore"]

_COLUMNS = "table_id, version, type, payload, seat, recorded_at"

# The version and, when a key is given, what that key appended, read in one statement so that
# both describe the same moment. With a NULL key the join finds nothing.
_STATE = """
    SELECT COALESCE((SELECT MAX(version) FROM events WHERE table_id = %(table)s), 0),
           k.first_version, k.last_version
    FROM (SELECT 1) AS one
    LEFT JOIN idempotency_keys AS k ON k.table_id = %(table)s AND k.key = %(key)s
"""

# A skip scan over the primary key: one index probe per table rather than reading every event.
_TABLES = """
    WITH RECURSIVE t(id) AS (
        (SELECT table_id FROM events ORDER BY table_id LIMIT 1)
        UNION ALL
        SELECT (SELECT e.table_id FROM events AS e WHERE e.table_id > t.id
                ORDER BY e.table_id LIMIT 1)
        FROM t WHERE t.id IS NOT NULL
    )
    SELECT id FROM t WHERE id IS NOT NULL
"""

Conn = psycopg.Connection[tuple[Any, ...]]

#: How the store's connections appear in ``pg_stat_activity`` (listeners add ``-listener``).
APPLICATION_NAME = "fatekit"


class PostgresEventStore(CheckedEventStore):
    """Events in a PostgreSQL database, reached through a pool of connections.

    ``dsn`` is a libpq connection string or URI (``postgresql://user@host/db``). Opening the store
    connects once to bring the schema up to date (see
    :mod:`fatekit.store.postgres_migrations`), then opens a pool of up to ``pool_size``
    connections. Any thread may call any method; calls run concurrently, one connection each, and
    a call that finds every connection busy waits up to ``pool_timeout`` seconds for one before
    failing with :class:`StoreError`. Any number of stores, in any number of processes, may share
    one database.

    Each session has ``synchronous_commit`` on at least locally: if the server or the connection
    string turned it off, the store turns it back on, so that an append that has returned is on
    the database server's disk.
    """

    def __init__(
        self,
        dsn: str,
        *,
        pool_size: int = 10,
        pool_timeout: float = 30.0,
        channel: str = CHANNEL,
    ) -> None:
        if pool_size < 1:
            raise BadInput("pool_size is at least 1")
        self.dsn = dsn
        self.channel = check_channel(channel)
        self.pool_size = pool_size
        self._closed = threading.Event()
        # Connect once outside the pool: a wrong address or password fails here at once, where
        # a pool would keep retrying in the background until its timeout.
        try:
            given = conninfo_to_dict(dsn)
            with psycopg.connect(
                dsn, autocommit=True, connect_timeout=int(given.get("connect_timeout") or 10)
            ) as conn:
                migrate(conn)
        except psycopg.Error as error:
            raise StoreError(f"cannot open the PostgreSQL event store: {error}") from error
        kwargs: dict[str, Any] = {"autocommit": True}
        if "application_name" not in given:  # named in pg_stat_activity unless the DSN names it
            kwargs["application_name"] = APPLICATION_NAME
        self._pool: psycopg_pool.ConnectionPool[Conn] = psycopg_pool.ConnectionPool(
            dsn,
            min_size=1,
            max_size=pool_size,
            timeout=pool_timeout,
            kwargs=kwargs,
            configure=_configure,
            # A connection the server dropped (a restart, an idle timeout) is replaced when taken.
            check=psycopg_pool.ConnectionPool.check_connection,
            name="fatekit-store",
            open=False,
        )
        try:
            self._pool.open(wait=True, timeout=pool_timeout)
        except psycopg_pool.PoolTimeout as error:
            self._pool.close()
            raise StoreError(f"cannot open the PostgreSQL connection pool: {error}") from error

    # -- the schema ----------------------------------------------------------------------------

    def schema_version(self) -> int:
        """The number of the last migration the database has had."""
        with self._connection() as conn:
            applied = applied_migrations(conn)
        return applied[-1] if applied else 0

    # -- events --------------------------------------------------------------------------------

    def _append(
        self, table_id: str, expected: int, events: list[NewEvent], key: str | None
    ) -> Appended:
        # A unique violation means another append committed first; the second pass sees it (its
        # key or its version) and answers from there. A third pass would mean the database is
        # refusing for another reason, which is reported rather than retried forever.
        for _ in range(3):
            try:
                with self._connection() as conn, conn.transaction():
                    return self._append_in(conn, table_id, expected, events, key)
            except pg_errors.UniqueViolation:
                continue
        raise StoreError(f"table {table_id!r}: the append kept colliding with other writers")

    def _append_in(
        self,
        conn: Conn,
        table_id: str,
        expected: int,
        events: list[NewEvent],
        key: str | None,
    ) -> Appended:
        row = conn.execute(_STATE, {"table": table_id, "key": key}).fetchone()
        assert row is not None  # the FROM clause always yields one row
        current, first, last = int(row[0]), row[1], row[2]
        if first is not None:
            first, last = int(first), int(last)
            return _replayed(table_id, first, last, _read(conn, table_id, first - 1, last))
        if current != expected:
            since = _read(conn, table_id, expected) if current > expected else []
            actual = max(current, since[-1].version if since else 0)
            raise VersionConflict(table_id, expected, actual, since)
        stored = numbered(table_id, current, events)
        with conn.cursor() as cursor:
            cursor.executemany(
                f"INSERT INTO events ({_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s)",
                [(e.table_id, e.version, e.type, e.payload, e.seat, e.timestamp) for e in stored],
            )
        if key is not None:
            conn.execute(
                "INSERT INTO idempotency_keys VALUES (%s, %s, %s, %s)",
                (table_id, key, current + 1, current + len(stored)),
            )
        conn.execute(
            "SELECT pg_notify(%s, %s)", (self.channel, f"{table_id}:{current + len(stored)}")
        )
        return Appended(table_id, current + 1, current + len(stored), stored)

    def lookup(self, table_id: str, idempotency_key: str) -> Appended | None:
        check_table_id(table_id)
        with self._connection() as conn:
            row = conn.execute(
                "SELECT first_version, last_version FROM idempotency_keys "
                "WHERE table_id = %s AND key = %s",
                (table_id, idempotency_key),
            ).fetchone()
            if row is None:
                return None
            first, last = int(row[0]), int(row[1])
            # Events are never deleted, so the key's events are there for a later statement.
            return _replayed(table_id, first, last, _read(conn, table_id, first - 1, last))

    def read(self, table_id: str, after_version: int = 0) -> list[StoredEvent]:
        check_table_id(table_id)
        with self._connection() as conn:
            return _read(conn, table_id, after_version)

    def read_back(self, table_id: str, before: int | None, limit: int) -> list[StoredEvent]:
        check_table_id(table_id)
        with self._connection() as conn:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM events WHERE table_id = %s AND version < %s "
                "ORDER BY version DESC LIMIT %s",
                (table_id, 2**31 - 1 if before is None else min(before, 2**31 - 1), max(limit, 0)),
            )
            return [StoredEvent(r[0], int(r[1]), r[2], r[3], r[4], r[5]) for r in rows]

    def version(self, table_id: str) -> int:
        check_table_id(table_id)
        with self._connection() as conn:
            return _version(conn, table_id)

    def log_bytes(self, table_id: str) -> int:
        check_table_id(table_id)
        with self._connection() as conn:
            row = conn.execute(
                "SELECT bytes FROM log_sizes WHERE table_id = %s", (table_id,)
            ).fetchone()
        return 0 if row is None else int(row[0])

    def list_tables(self) -> list[str]:
        with self._connection() as conn:
            return sorted(str(r[0]) for r in conn.execute(_TABLES))

    # -- snapshots -----------------------------------------------------------------------------

    def save_snapshot(self, snapshot: Snapshot) -> None:
        check_table_id(snapshot.table_id)
        with self._connection() as conn:
            check_snapshot_version(snapshot, _version(conn, snapshot.table_id))
            conn.execute(
                "INSERT INTO snapshots VALUES (%s, %s, %s, %s) ON CONFLICT (table_id, version) "
                "DO UPDATE SET format = EXCLUDED.format, payload = EXCLUDED.payload",
                (snapshot.table_id, snapshot.version, snapshot.format, bytes(snapshot.payload)),
            )

    def load_snapshot(self, table_id: str, at_most: int | None = None) -> Snapshot | None:
        check_table_id(table_id)
        with self._connection() as conn:
            row = conn.execute(
                "SELECT version, format, payload FROM snapshots WHERE table_id = %s "
                "AND version <= %s ORDER BY version DESC LIMIT 1",
                (table_id, at_most if at_most is not None else 2**31 - 1),
            ).fetchone()
        if row is None:
            return None
        return Snapshot(table_id, int(row[0]), str(row[1]), bytes(row[2]))

    # -- map images ----------------------------------------------------------------------------

    def put_map(self, table_id: str, image: StoredMap) -> None:
        check_table_id(table_id)
        with self._connection() as conn:
            conn.execute(
                "INSERT INTO maps VALUES (%s, %s, %s, %s, %s, %s) "
                "ON CONFLICT (table_id, hash) DO NOTHING",
                (table_id, image.hash, image.media_type, image.width, image.height, image.data),
            )

    def get_map(self, table_id: str, image_hash: str) -> StoredMap | None:
        check_table_id(table_id)
        with self._connection() as conn:
            row = conn.execute(
                "SELECT hash, media_type, width, height, data FROM maps "
                "WHERE table_id = %s AND hash = %s",
                (table_id, image_hash),
            ).fetchone()
        if row is None:
            return None
        return StoredMap(str(row[0]), str(row[1]), int(row[2]), int(row[3]), bytes(row[4]))

    def map_hashes(self, table_id: str) -> list[str]:
        check_table_id(table_id)
        with self._connection() as conn:
            rows = conn.execute(
                "SELECT hash FROM maps WHERE table_id = %s ORDER BY hash", (table_id,)
            ).fetchall()
        return [str(r[0]) for r in rows]

    # -- notifications -------------------------------------------------------------------------

    def listen(
        self,
        callback: Callable[[AppendNotice], None],
        *,
        on_listen: Callable[[], None] | None = None,
        retry_delay: float = 1.0,
    ) -> Listener:
        """Call ``callback`` for every append to this database's tables, from any process.

        Returns the started :class:`~fatekit.store.postgres_notify.Listener` (close it when done);
        it has a connection of its own, outside the pool. See that class for ``on_listen``.
        """
        self._check_open()
        listener = Listener(
            self.dsn, callback, channel=self.channel, on_listen=on_listen, retry_delay=retry_delay
        )
        try:
            return listener.start()
        except BaseException:
            listener.close()
            raise

    # -- lifetime ------------------------------------------------------------------------------

    def close(self) -> None:
        if not self._closed.is_set():
            self._closed.set()
            self._pool.close()

    def _check_open(self) -> None:
        if self._closed.is_set():
            raise StoreError("this event store is closed")

    @contextmanager
    def _connection(self) -> Iterator[Conn]:
        """A pooled connection, with the database's failures turned into the store's errors."""
        self._check_open()
        try:
            with self._pool.connection() as conn:
                yield conn
        except psycopg_pool.PoolTimeout as error:
            raise StoreError(
                f"no database connection came free in {self._pool.timeout} s "
                f"(all {self.pool_size} in use)"
            ) from error
        except psycopg_pool.PoolClosed as error:
            raise StoreError("this event store is closed") from error
        except pg_errors.UniqueViolation:
            raise  # the append's retry handles it
        except psycopg.DataError as error:
            # Text PostgreSQL cannot hold (a NUL character) or a number out of its range.
            raise BadInput(f"the database refused a value: {error}") from error
        except psycopg.Error as error:
            raise StoreError(f"the database failed: {error}") from error


def _configure(conn: Conn) -> None:
    # Turn synchronous_commit back on where it was off (it would acknowledge commits that a
    # server crash could lose), and leave stricter settings such as remote_apply alone.
    conn.execute(
        "SELECT set_config('synchronous_commit', 'on', false) "
        "WHERE current_setting('synchronous_commit') = 'off'"
    )


def _version(conn: Conn, table_id: str) -> int:
    row = conn.execute(
        "SELECT COALESCE(MAX(version), 0) FROM events WHERE table_id = %s", (table_id,)
    ).fetchone()
    return int(row[0]) if row else 0


def _read(conn: Conn, table_id: str, after: int, until: int | None = None) -> list[StoredEvent]:
    rows = conn.execute(
        f"SELECT {_COLUMNS} FROM events WHERE table_id = %s AND version > %s "
        "AND version <= %s ORDER BY version",
        (table_id, max(after, 0), until if until is not None else 2**31 - 1),
    )
    return [StoredEvent(r[0], int(r[1]), r[2], r[3], r[4], r[5]) for r in rows]


def _replayed(table_id: str, first: int, last: int, events: list[StoredEvent]) -> Appended:
    return Appended(table_id, first, last, tuple(events), replayed=True)
