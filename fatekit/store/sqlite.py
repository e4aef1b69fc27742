"""The SQLite event store: one file, WAL journal, every append synced to disk before it returns.

``synchronous=FULL`` makes SQLite sync the write-ahead log at each commit, so an append that has
returned survives the process being killed (and the machine losing power, as far as the disk
honours syncs). Appends take the write lock up front (``BEGIN IMMEDIATE``) and check the version
inside the transaction, so two writers, in one process or in several, cannot both win; the
primary key (table id, version) stands behind that check.

Appends made at once from several threads share a commit (group commit): a sync of the disk
costs milliseconds and most of an append's CPU time, and one sync keeps any number of appends as
well as one. An append joins a queue; when no commit is under way it leads the next one, which
takes every append queued by the time it has the store and commits them in one transaction, each
checked in arrival order within a savepoint of its own (so one refused for its version refuses
no other); every one of them returns once the commit is synced. Nothing waits on purpose for
company: an append that finds the store free commits alone at once, and the ones that queued
while a sync was under way go together in the next. If the commit fails, every append in it
fails and none is stored.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

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
    utc_now,
)
from fatekit.store.migrations import MIGRATIONS, missing

__all__ = ["SqliteEventStore"]

_COLUMNS = "table_id, version, type, payload, seat, recorded_at"


@dataclass(eq=False, slots=True)
class _Queued:
    """An append waiting for a commit, and what became of it once one ran."""

    table_id: str
    expected: int
    events: list[NewEvent]
    key: str | None
    done: bool = False
    appended: Appended | None = None
    error: BaseException | None = None


class SqliteEventStore(CheckedEventStore):
    """Events in a SQLite file (created with its schema if missing).

    Two connections per store, each behind a lock: one writes (appends, snapshots, maps), one
    reads; any thread may call any method, and writes run one at a time, as do reads. Several stores (or processes) may open the same file; SQLite's
    locks order their writes, and ``busy_timeout`` (seconds) is how long a writer waits for
    another before giving up with :class:`StoreError`.
    """

    def __init__(self, path: str | Path, *, busy_timeout: float = 10.0) -> None:
        self.path = Path(path)
        if str(path) == ":memory:" or str(path).startswith("file:"):
            raise BadInput("SqliteEventStore needs a file path (use MemoryEventStore in memory)")
        self._lock = threading.Lock()
        # Appends waiting for a commit, oldest first (see the module's notes on group commit),
        # and whether one is being led now; under a lock of their own, so that an append can
        # queue while the store is busy.
        self._queue: list[_Queued] = []
        self._committing = False
        self._queuing = threading.Condition(threading.Lock())
        self._read_lock = threading.Lock()
        self._reader: sqlite3.Connection | None = None
        # isolation_level=None: no implicit transactions; each method opens its own.
        self._db: sqlite3.Connection | None = sqlite3.connect(
            self.path, isolation_level=None, check_same_thread=False, timeout=busy_timeout
        )
        try:
            mode = self._db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise StoreError(f"{self.path}: SQLite refused WAL mode (got {mode!r})")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute(f"PRAGMA busy_timeout={int(busy_timeout * 1000)}")
            self._migrate()
            # Opened once the schema is there; WAL mode is the file's, so it holds here too.
            self._reader = sqlite3.connect(
                self.path, isolation_level=None, check_same_thread=False, timeout=busy_timeout
            )
            self._reader.execute(f"PRAGMA busy_timeout={int(busy_timeout * 1000)}")
        except BaseException:
            self._db.close()
            self._db = None
            raise

    # -- the schema ----------------------------------------------------------------------------

    def _migrate(self) -> None:
        with self._transaction() as db:
            db.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                "number INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
            applied = {row[0] for row in db.execute("SELECT number FROM schema_migrations")}
            for migration in missing(MIGRATIONS, applied, str(self.path)):
                for statement in migration.statements:
                    db.execute(statement)
                db.execute(
                    "INSERT INTO schema_migrations VALUES (?, ?, ?)",
                    (migration.number, migration.name, utc_now()),
                )

    def schema_version(self) -> int:
        """The number of the last migration this file has had."""
        with self._reading() as db:
            row = db.execute("SELECT MAX(number) FROM schema_migrations").fetchone()
            return int(row[0] or 0)

    # -- events --------------------------------------------------------------------------------

    def _append(
        self, table_id: str, expected: int, events: list[NewEvent], key: str | None
    ) -> Appended:
        mine = _Queued(table_id, expected, events, key)
        with self._queuing:
            self._queue.append(mine)
            # While another append leads a commit, wait: the next commit may take this one
            # along (then it is done), or this one leads it.
            while self._committing and not mine.done:
                self._queuing.wait()
            lead = not mine.done
            if lead:
                self._committing = True
        if lead:
            try:
                with self._lock:
                    self._commit_queued()
            finally:
                with self._queuing:
                    self._committing = False
                    self._queuing.notify_all()
        if mine.error is not None:
            raise mine.error
        assert mine.appended is not None  # a commit sets one or the other
        return mine.appended

    def _commit_queued(self) -> None:
        """Commit every append queued by now in one transaction (holding the store's lock)."""
        with self._queuing:
            group, self._queue = self._queue, []
        try:
            if len(group) == 1:
                # Alone, an append needs no savepoint: a refusal rolls its transaction back.
                # (Two statements fewer on the path of every command a lone writer sends.)
                try:
                    with self._transaction() as db:
                        group[0].appended = self._append_one(db, group[0])
                except VersionConflict as conflict:
                    group[0].error = conflict
                return
            with self._transaction() as db:
                for queued in group:
                    db.execute("SAVEPOINT one_append")
                    try:
                        queued.appended = self._append_one(db, queued)
                    except VersionConflict as conflict:
                        # Refused for its version alone: the others in the group go on.
                        db.execute("ROLLBACK TO one_append")
                        queued.error = conflict
                    db.execute("RELEASE one_append")
        except BaseException as error:
            # Nothing of the group was stored: every append in it fails, each with its own
            # error saying why (one exception object is not raised in several threads).
            said = (
                error if isinstance(error, StoreError) else f"{self.path}: a write failed ({error})"
            )
            for queued in group:
                queued.appended = None
                queued.error = StoreError(f"{said}; nothing was stored")
                queued.error.__cause__ = error
            if not isinstance(error, Exception):
                raise  # an interrupt goes on up from the thread that met it
        finally:
            for queued in group:
                queued.done = True

    def _append_one(self, db: sqlite3.Connection, queued: _Queued) -> Appended:
        """One queued append, inside the group's transaction."""
        table_id, expected, key = queued.table_id, queued.expected, queued.key
        if key is not None:
            found = self._find_key(db, table_id, key)
            if found is not None:
                return found
        current = self._version(db, table_id)
        if current != expected:
            raise VersionConflict(table_id, expected, current, self._read(db, table_id, expected))
        stored = numbered(table_id, current, queued.events)
        try:
            db.executemany(
                f"INSERT INTO events ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)",
                [(e.table_id, e.version, e.type, e.payload, e.seat, e.timestamp) for e in stored],
            )
        except sqlite3.IntegrityError:
            # Only a writer bypassing BEGIN IMMEDIATE could get here; the key still holds.
            now = self._version(db, table_id)
            raise VersionConflict(
                table_id, expected, now, self._read(db, table_id, expected)
            ) from None
        if key is not None:
            db.execute(
                "INSERT INTO idempotency_keys VALUES (?, ?, ?, ?)",
                (table_id, key, current + 1, current + len(stored)),
            )
        return Appended(table_id, current + 1, current + len(stored), stored)

    def lookup(self, table_id: str, idempotency_key: str) -> Appended | None:
        check_table_id(table_id)
        with self._reading() as db:
            return self._find_key(db, table_id, idempotency_key)

    def read(self, table_id: str, after_version: int = 0) -> list[StoredEvent]:
        check_table_id(table_id)
        with self._reading() as db:
            return self._read(db, table_id, after_version)

    def read_back(self, table_id: str, before: int | None, limit: int) -> list[StoredEvent]:
        check_table_id(table_id)
        with self._reading() as db:
            rows = db.execute(
                f"SELECT {_COLUMNS} FROM events WHERE table_id = ? AND version < ? "
                "ORDER BY version DESC LIMIT ?",
                (table_id, 2**62 if before is None else before, max(limit, 0)),
            )
            return [
                StoredEvent(str(r[0]), int(r[1]), str(r[2]), str(r[3]), r[4], str(r[5]))
                for r in rows
            ]

    def version(self, table_id: str) -> int:
        check_table_id(table_id)
        with self._reading() as db:
            return self._version(db, table_id)

    def log_bytes(self, table_id: str) -> int:
        check_table_id(table_id)
        with self._reading() as db:
            row = db.execute(
                "SELECT bytes FROM log_sizes WHERE table_id = ?", (table_id,)
            ).fetchone()
            return 0 if row is None else int(row[0])

    def list_tables(self) -> list[str]:
        with self._reading() as db:
            rows = db.execute("SELECT DISTINCT table_id FROM events ORDER BY table_id")
            return [str(r[0]) for r in rows]

    # -- snapshots -----------------------------------------------------------------------------

    def save_snapshot(self, snapshot: Snapshot) -> None:
        check_table_id(snapshot.table_id)
        with self._lock, self._transaction() as db:
            check_snapshot_version(snapshot, self._version(db, snapshot.table_id))
            db.execute(
                "INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?, ?)",
                (snapshot.table_id, snapshot.version, snapshot.format, bytes(snapshot.payload)),
            )

    def load_snapshot(self, table_id: str, at_most: int | None = None) -> Snapshot | None:
        check_table_id(table_id)
        with self._reading() as db:
            row = db.execute(
                "SELECT version, format, payload FROM snapshots WHERE table_id = ? "
                "AND version <= ? ORDER BY version DESC LIMIT 1",
                (table_id, at_most if at_most is not None else 2**62),
            ).fetchone()
        if row is None:
            return None
        return Snapshot(table_id, int(row[0]), str(row[1]), bytes(row[2]))

    # -- map images ----------------------------------------------------------------------------

    def put_map(self, table_id: str, image: StoredMap) -> None:
        check_table_id(table_id)
        with self._lock, self._transaction() as db:
            db.execute(
                "INSERT OR IGNORE INTO maps VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, image.hash, image.media_type, image.width, image.height, image.data),
            )

    def get_map(self, table_id: str, image_hash: str) -> StoredMap | None:
        check_table_id(table_id)
        with self._reading() as db:
            row = db.execute(
                "SELECT hash, media_type, width, height, data FROM maps "
                "WHERE table_id = ? AND hash = ?",
                (table_id, image_hash),
            ).fetchone()
        if row is None:
            return None
        return StoredMap(str(row[0]), str(row[1]), int(row[2]), int(row[3]), bytes(row[4]))

    def map_hashes(self, table_id: str) -> list[str]:
        check_table_id(table_id)
        with self._reading() as db:
            rows = db.execute("SELECT hash FROM maps WHERE table_id = ? ORDER BY hash", (table_id,))
            return [str(r[0]) for r in rows]

    def close(self) -> None:
        with self._lock, self._read_lock:
            if self._reader is not None:
                self._reader.close()
                self._reader = None
            if self._db is not None:
                self._db.close()
                self._db = None

    # -- internals -----------------------------------------------------------------------------

    def _conn(self) -> sqlite3.Connection:
        if self._db is None:
            raise StoreError("this event store is closed")
        return self._db

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """The reading connection, held for one read (each statement reads the latest commit)."""
        with self._read_lock:
            if self._reader is None:
                raise StoreError("this event store is closed")
            yield self._reader

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        db = self._conn()
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            raise StoreError(f"{self.path}: could not start a write ({error})") from error
        try:
            yield db
            db.execute("COMMIT")
        except BaseException:
            # Also when COMMIT itself failed: SQLite may keep the transaction open then, and
            # the connection must not be left inside it.
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    @staticmethod
    def _version(db: sqlite3.Connection, table_id: str) -> int:
        row = db.execute(
            "SELECT MAX(version) FROM events WHERE table_id = ?", (table_id,)
        ).fetchone()
        return int(row[0] or 0)

    @staticmethod
    def _read(db: sqlite3.Connection, table_id: str, after: int) -> list[StoredEvent]:
        rows = db.execute(
            f"SELECT {_COLUMNS} FROM events WHERE table_id = ? AND version > ? ORDER BY version",
            (table_id, after),
        )
        return [
            StoredEvent(str(r[0]), int(r[1]), str(r[2]), str(r[3]), r[4], str(r[5])) for r in rows
        ]

    def _find_key(self, db: sqlite3.Connection, table_id: str, key: str) -> Appended | None:
        row = db.execute(
            "SELECT first_version, last_version FROM idempotency_keys WHERE table_id = ? AND key = ?",
            (table_id, key),
        ).fetchone()
        if row is None:
            return None
        first, last = int(row[0]), int(row[1])
        events = [e for e in self._read(db, table_id, first - 1) if e.version <= last]
        return Appended(table_id, first, last, tuple(events), replayed=True)
