"""What only the SQLite adapter promises: its file settings, its schema, and durability."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from fatekit.rules.core.errors import BadInput
from fatekit.store import NewEvent, SqliteEventStore, StoreError
from fatekit.store.migrations import MIGRATIONS


def test_the_file_is_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    store = SqliteEventStore(tmp_path / "t.sqlite")
    try:
        db = store._conn()
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    finally:
        store.close()


def test_the_schema_is_created_and_recorded_once(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    SqliteEventStore(path).close()
    store = SqliteEventStore(path)  # opening again applies nothing twice
    assert store.schema_version() == MIGRATIONS[-1].number
    store.close()
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT number, name FROM schema_migrations").fetchall()
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert [r[0] for r in rows] == [m.number for m in MIGRATIONS]
    assert {"events", "idempotency_keys", "snapshots", "schema_migrations"} <= tables


def test_an_older_file_gets_its_log_sizes_counted(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    with sqlite3.connect(path) as db:  # a file as a fatekit at migration 1 left it
        db.execute(
            "CREATE TABLE schema_migrations (number INTEGER PRIMARY KEY, name TEXT NOT NULL, "
            "applied_at TEXT NOT NULL)"
        )
        for statement in MIGRATIONS[0].statements:
            db.execute(statement)
        db.execute("INSERT INTO schema_migrations VALUES (1, ?, 'then')", (MIGRATIONS[0].name,))
        for n, text in ((1, "Öde 🎲"), (2, "plain")):
            payload = json.dumps({"text": text}, ensure_ascii=False)
            db.execute("INSERT INTO events VALUES ('t1', ?, 'Note', ?, 'gm', 'then')", (n, payload))
    store = SqliteEventStore(path)
    try:
        assert store.schema_version() == MIGRATIONS[-1].number
        # Counted in UTF-8 bytes, as appends count them.
        assert store.log_bytes("t1") == sum(len(e.payload.encode()) for e in store.read("t1")) == 38
        store.append("t1", 2, [NewEvent("X", "{}", "gm")])
        assert store.log_bytes("t1") == 40
        # The database keeps the sum, so a writer that knows nothing of it (an older fatekit
        # still running during an upgrade) adds to it too.
        with sqlite3.connect(path) as db:
            db.execute("INSERT INTO events VALUES ('t1', 4, 'X', '{\"a\": 1}', 'gm', 'now')")
        assert store.log_bytes("t1") == 48
    finally:
        store.close()


def test_a_database_from_a_newer_fatekit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    SqliteEventStore(path).close()
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO schema_migrations VALUES (999, 'from the future', 'now')")
    with pytest.raises(StoreError, match="newer"):
        SqliteEventStore(path)


def test_an_in_memory_database_is_not_a_file(tmp_path: Path) -> None:
    with pytest.raises(BadInput):
        SqliteEventStore(":memory:")


def test_the_version_key_is_enforced_by_the_database(tmp_path: Path) -> None:
    store = SqliteEventStore(tmp_path / "t.sqlite")
    store.append("t1", 0, [NewEvent("X", "{}", "gm")])
    with pytest.raises(sqlite3.IntegrityError):
        store._conn().execute("INSERT INTO events VALUES ('t1', 1, 'Y', '{}', NULL, 'now')")
    store.close()


_WRITER = textwrap.dedent(
    """
    import json, sys
    from fatekit.store import NewEvent, SqliteEventStore, VersionConflict
    store = SqliteEventStore(sys.argv[1])
    n = store.version("crash")
    while True:
        n += 1
        done = store.append("crash", n - 1, [NewEvent("Tick", json.dumps({"n": n}), "gm")],
                            idempotency_key=f"tick-{n}")
        # Acknowledged: the append returned, so the event must survive what comes next.
        print(done.version, flush=True)
    """
)


def test_acknowledged_appends_survive_sigkill(tmp_path: Path) -> None:
    path = tmp_path / "crash.sqlite"
    acknowledged = 0
    for _ in range(3):
        child = subprocess.Popen(
            [sys.executable, "-c", _WRITER, str(path)],
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert child.stdout is not None
        for _ in range(40):
            line = child.stdout.readline()
            assert line, "the writer stopped early"
            acknowledged = max(acknowledged, int(line))
        child.send_signal(signal.SIGKILL)
        child.wait()
        store = SqliteEventStore(path)
        stored = store.read("crash")
        store.close()
        versions = [e.version for e in stored]
        # Every acknowledged append is there, once, and nothing leaves a gap.
        assert versions == list(range(1, len(versions) + 1))
        assert len(versions) >= acknowledged
        assert [json.loads(e.payload)["n"] for e in stored] == versions
