"""The PostgreSQL schema: the SQLite migrations' tables and numbering in PostgreSQL's dialect.

:func:`migrate` brings a database up to date inside one transaction. It records each migration it
applies in ``schema_migrations`` and refuses a database that has had a migration this fatekit does
not know (one written by a newer version), as the SQLite adapter does. Several server processes may
start at once against one empty database: an advisory lock makes them migrate one after another,
so each migration runs exactly once.

Tables are created in the first schema of the connection's ``search_path`` (``public`` unless the
connection string says otherwise), so one database can hold several fatekit installations.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import psycopg

from fatekit.store.base import StoreError
from fatekit.store.migrations import Migration, missing

__all__ = ["MIGRATION_LOCK", "PG_MIGRATIONS", "applied_migrations", "migrate"]

#: The advisory lock key that serializes migrations (any fixed 64-bit number; this one spells
#: "fatekit" in ASCII so that it is recognisable in ``pg_locks``).
MIGRATION_LOCK = 0x66_61_74_65_6B_69_74

# Ids are compared byte by byte (COLLATE "C"): the primary key index is then cheap to build and
# walk, and sorting by it gives the code point order that ``list_tables`` promises.
PG_MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "events, idempotency keys and snapshots",
        (
            """
            CREATE TABLE events (
                table_id    TEXT COLLATE "C" NOT NULL,
                version     INTEGER NOT NULL CHECK (version >= 1),
                type        TEXT NOT NULL,
                payload     TEXT NOT NULL,
                seat        TEXT,
                recorded_at TEXT NOT NULL,
                PRIMARY KEY (table_id, version)
            )
            """,
            """
            CREATE TABLE idempotency_keys (
                table_id      TEXT COLLATE "C" NOT NULL,
                key           TEXT COLLATE "C" NOT NULL,
                first_version INTEGER NOT NULL,
                last_version  INTEGER NOT NULL,
                PRIMARY KEY (table_id, key)
            )
            """,
            """
            CREATE TABLE snapshots (
                table_id TEXT COLLATE "C" NOT NULL,
                version  INTEGER NOT NULL,
                format   TEXT NOT NULL,
                payload  BYTEA NOT NULL,
                PRIMARY KEY (table_id, version)
            )
            """,
        ),
    ),
    Migration(
        2,
        "the bytes of each table's log",
        (
            """
            CREATE TABLE log_sizes (
                table_id TEXT COLLATE "C" NOT NULL PRIMARY KEY,
                bytes    BIGINT NOT NULL
            )
            """,
            # The database keeps the sum itself, so every writer (an older fatekit still
            # running during an upgrade included) adds to it.
            """
            CREATE FUNCTION fatekit_grow_log_sizes() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO log_sizes (table_id, bytes)
                VALUES (NEW.table_id, octet_length(NEW.payload))
                ON CONFLICT (table_id) DO UPDATE SET bytes = log_sizes.bytes + EXCLUDED.bytes;
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE TRIGGER events_grow_log_sizes AFTER INSERT ON events
            FOR EACH ROW EXECUTE FUNCTION fatekit_grow_log_sizes()
            """,
            """
            INSERT INTO log_sizes (table_id, bytes)
            SELECT table_id, SUM(octet_length(payload)) FROM events GROUP BY table_id
            """,
        ),
    ),
    Migration(
        3,
        "each table's map images",
        (
            """
            CREATE TABLE maps (
                table_id   TEXT COLLATE "C" NOT NULL,
                hash       TEXT COLLATE "C" NOT NULL,
                media_type TEXT NOT NULL,
                width      INTEGER NOT NULL,
                height     INTEGER NOT NULL,
                data       BYTEA NOT NULL,
                PRIMARY KEY (table_id, hash)
            )
            """,
        ),
    ),
)


def applied_migrations(conn: psycopg.Connection[tuple[Any, ...]]) -> list[int]:
    """The numbers of the migrations this database has had, in order (empty when it has none)."""
    row = conn.execute("SELECT to_regclass('schema_migrations')").fetchone()
    if row is None or row[0] is None:
        return []
    return [int(r[0]) for r in conn.execute("SELECT number FROM schema_migrations ORDER BY 1")]


def migrate(
    conn: psycopg.Connection[tuple[Any, ...]],
    migrations: Sequence[Migration] = PG_MIGRATIONS,
) -> list[int]:
    """Apply the migrations the database lacks, in one transaction; return their numbers.

    Raises :class:`StoreError` when the database has a migration not in ``migrations``, or is not
    encoded in UTF-8 (events are Unicode text, and another encoding would refuse some of them).
    """
    with conn.transaction():
        encoding = conn.execute("SHOW server_encoding").fetchone()
        if encoding is None or str(encoding[0]).upper() not in {"UTF8", "UTF-8"}:
            raise StoreError(
                f"the database is encoded in {encoding[0] if encoding else '?'}; fatekit needs "
                "UTF8 (CREATE DATABASE ... ENCODING 'UTF8' TEMPLATE template0)"
            )
        # Taken inside the transaction, so it is released by COMMIT or ROLLBACK whatever happens.
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            "number INTEGER PRIMARY KEY, name TEXT NOT NULL, "
            "applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        done = []
        for migration in missing(migrations, applied_migrations(conn), "the database"):
            for statement in migration.statements:
                conn.execute(statement)
            conn.execute(
                "INSERT INTO schema_migrations (number, name) VALUES (%s, %s)",
                (migration.number, migration.name),
            )
            done.append(migration.number)
        return done
