"""The SQLite schema, as numbered migrations applied in order when a store opens a file.

A database records the migrations it has had in ``schema_migrations``; opening one applies the
missing ones inside a single transaction, and a database that has had a migration this fatekit does
not know (written by a newer version) is refused rather than misread. A PostgreSQL adapter keeps the
same tables and numbering, in its own dialect.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from fatekit.store.base import StoreError

__all__ = ["MIGRATIONS", "Migration", "missing"]


@dataclass(frozen=True, slots=True)
class Migration:
    """One step of the schema: its number, a name, and the statements it runs."""

    number: int
    name: str
    statements: tuple[str, ...]


def missing(
    migrations: Sequence[Migration], applied: Collection[int], where: str
) -> list[Migration]:
    """The ``migrations`` a database (``where``, as an error names it) lacks, in order.

    Raises :class:`StoreError` when it has had one that is not in ``migrations``: it was written
    by a newer fatekit, and would be misread.
    """
    unknown = sorted(set(applied) - {m.number for m in migrations})
    if unknown:
        raise StoreError(
            f"{where} has schema migration {unknown[-1]}, which this fatekit does not know: "
            "it was written by a newer version"
        )
    return sorted((m for m in migrations if m.number not in applied), key=lambda m: m.number)


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "events, idempotency keys and snapshots",
        (
            """
            CREATE TABLE events (
                table_id    TEXT    NOT NULL,
                version     INTEGER NOT NULL CHECK (version >= 1),
                type        TEXT    NOT NULL,
                payload     TEXT    NOT NULL,
                seat        TEXT,
                recorded_at TEXT    NOT NULL,
                PRIMARY KEY (table_id, version)
            ) WITHOUT ROWID
            """,
            """
            CREATE TABLE idempotency_keys (
                table_id      TEXT    NOT NULL,
                key           TEXT    NOT NULL,
                first_version INTEGER NOT NULL,
                last_version  INTEGER NOT NULL,
                PRIMARY KEY (table_id, key)
            ) WITHOUT ROWID
            """,
            """
            CREATE TABLE snapshots (
                table_id TEXT    NOT NULL,
                version  INTEGER NOT NULL,
                format   TEXT    NOT NULL,
                payload  BLOB    NOT NULL,
                PRIMARY KEY (table_id, version)
            ) WITHOUT ROWID
            """,
        ),
    ),
    Migration(
        2,
        "the bytes of each table's log",
        (
            """
            CREATE TABLE log_sizes (
                table_id TEXT    NOT NULL PRIMARY KEY,
                bytes    INTEGER NOT NULL
            ) WITHOUT ROWID
            """,
            # The database keeps the sum itself, so every writer (an older fatekit still
            # running during an upgrade included) adds to it. Payloads count as UTF-8 bytes,
            # the file's text encoding.
            """
            CREATE TRIGGER events_grow_log_sizes AFTER INSERT ON events BEGIN
                INSERT INTO log_sizes (table_id, bytes)
                VALUES (NEW.table_id, LENGTH(CAST(NEW.payload AS BLOB)))
                ON CONFLICT (table_id) DO UPDATE SET bytes = bytes + excluded.bytes;
            END
            """,
            """
            INSERT INTO log_sizes (table_id, bytes)
            SELECT table_id, SUM(LENGTH(CAST(payload AS BLOB))) FROM events GROUP BY table_id
            """,
        ),
    ),
    Migration(
        3,
        "each table's map images",
        (
            # Keyed by table and hash: a map is read back only through its own table.
            """
            CREATE TABLE maps (
                table_id   TEXT    NOT NULL,
                hash       TEXT    NOT NULL,
                media_type TEXT    NOT NULL,
                width      INTEGER NOT NULL,
                height     INTEGER NOT NULL,
                data       BLOB    NOT NULL,
                PRIMARY KEY (table_id, hash)
            ) WITHOUT ROWID
            """,
        ),
    ),
)
