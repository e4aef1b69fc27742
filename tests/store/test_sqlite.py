"""What only the SQLite adapter promises: its file settings, its schema, and durability."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from fatekit.rules.core.errors import BadInput
from fatekit.store import Appended, NewEvent, SqliteEventStore, StoreError, VersionConflict
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


# -- group commit: appends made at once share one commit ------------------------------------------


def _queued_behind(store: SqliteEventStore, appends: list[tuple[str, int, str]]) -> list[object]:
    """Make ``appends`` (table, expected version, idempotency key) from threads of their own
    while the test holds the store, each queued before the next starts (so their order is
    known), then let the store go: one of them commits the whole queue. What each returned
    or raised, in order."""
    results: list[object] = [None] * len(appends)

    def append(index: int, table: str, expected: int, key: str) -> None:
        try:
            results[index] = store.append(
                table, expected, [NewEvent("Note", json.dumps({"n": index}), "gm")], key
            )
        except Exception as error:
            results[index] = error

    threads = []
    with store._lock:
        for index, (table, expected, key) in enumerate(appends):
            thread = threading.Thread(target=append, args=(index, table, expected, key))
            thread.start()
            threads.append(thread)
            deadline = time.monotonic() + 10
            while len(store._queue) <= index:
                assert time.monotonic() < deadline, "the append did not queue"
                time.sleep(0.001)
    for thread in threads:
        thread.join(timeout=10)
    return results


def test_appends_queued_while_the_store_is_busy_share_one_commit_in_their_order(
    tmp_path: Path,
) -> None:
    store = SqliteEventStore(tmp_path / "t.sqlite")
    commits: list[str] = []
    store._conn().set_trace_callback(lambda sql: commits.append(sql) if sql == "COMMIT" else None)
    results = _queued_behind(
        store,
        [
            ("t1", 0, "a"),  # stored at 1
            ("t1", 0, "b"),  # behind "a": t1 is at 1 by then, so refused for its version
            ("t2", 0, "c"),  # another table: stored, whatever "b" met
            ("t1", 1, "d"),  # after "a", in the same commit: stored at 2
            ("t1", 5, "a"),  # "a" again: its original append, nothing stored twice
        ],
    )
    assert commits == ["COMMIT"]  # five appends, one commit (one sync of the disk)
    a, b, c, d, again = results
    assert isinstance(a, Appended) and (a.first_version, a.version) == (1, 1)
    assert isinstance(b, VersionConflict) and (b.expected, b.actual) == (0, 1)
    assert isinstance(c, Appended) and c.version == 1 and not c.replayed
    assert isinstance(d, Appended) and d.version == 2
    assert isinstance(again, Appended) and again.replayed and again.version == 1
    # Acknowledged means committed: another connection to the file reads them all.
    with sqlite3.connect(tmp_path / "t.sqlite") as other:
        rows = other.execute("SELECT table_id, version, payload FROM events ORDER BY 1, 2")
        assert [(t, v, json.loads(p)["n"]) for t, v, p in rows] == [
            ("t1", 1, 0),
            ("t1", 2, 3),
            ("t2", 1, 2),
        ]
    store.close()


def test_a_failed_commit_refuses_every_append_in_its_group_and_stores_none(
    tmp_path: Path,
) -> None:
    store = SqliteEventStore(tmp_path / "t.sqlite")
    store.append("t1", 0, [NewEvent("Note", "{}", "gm")])
    db = store._conn()

    def no_commit(action: int, what: str | None, *_: object) -> int:
        refused = action == sqlite3.SQLITE_TRANSACTION and what == "COMMIT"
        return sqlite3.SQLITE_DENY if refused else sqlite3.SQLITE_OK

    db.set_authorizer(no_commit)  # the disk, say, failing as the group commits
    results = _queued_behind(store, [("t1", 1, "a"), ("t2", 0, "b"), ("t3", 0, "c")])
    for result in results:
        assert isinstance(result, StoreError)
        assert "nothing was stored" in str(result)
    db.set_authorizer(None)
    assert [store.version(t) for t in ("t1", "t2", "t3")] == [1, 0, 0]
    assert store.lookup("t2", "b") is None
    # The connection was not left inside the failed transaction: the next append commits.
    assert store.append("t2", 0, [NewEvent("Note", "{}", "gm")], "b").version == 1
    store.close()


_THREADED_WRITER = textwrap.dedent(
    """
    import json, sys, threading
    from fatekit.store import NewEvent, SqliteEventStore
    store = SqliteEventStore(sys.argv[1])
    said = threading.Lock()

    def write(table):
        n = store.version(table)
        while True:
            n += 1
            store.append(table, n - 1, [NewEvent("Tick", json.dumps({"n": n}), "gm")])
            with said:  # acknowledged: the append returned
                print(table, n, flush=True)

    for t in range(6):
        threading.Thread(target=write, args=(f"t{t}",), daemon=True).start()
    threading.Event().wait()
    """
)


def test_appends_acknowledged_from_many_threads_survive_sigkill(tmp_path: Path) -> None:
    """Six threads append at once, so their appends share commits; whatever was acknowledged
    is on the disk when the process is killed."""
    path = tmp_path / "crash.sqlite"
    acknowledged: dict[str, int] = {}
    for _ in range(2):
        child = subprocess.Popen(
            [sys.executable, "-c", _THREADED_WRITER, str(path)],
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert child.stdout is not None
        for _ in range(120):
            line = child.stdout.readline()
            assert line, "the writer stopped early"
            table, version = line.split()
            acknowledged[table] = max(acknowledged.get(table, 0), int(version))
        child.send_signal(signal.SIGKILL)
        child.wait()
        store = SqliteEventStore(path)
        for table, reached in acknowledged.items():
            stored = store.read(table)
            assert [e.version for e in stored] == list(range(1, len(stored) + 1))
            assert len(stored) >= reached
            assert [json.loads(e.payload)["n"] for e in stored] == [e.version for e in stored]
        store.close()


def test_reads_do_not_wait_for_a_commit_under_way(tmp_path: Path) -> None:
    """Reads have a connection of their own: while the writer holds the store (a commit
    syncing the disk, say), a table's load still reads every committed append at once."""
    store = SqliteEventStore(tmp_path / "t.sqlite")
    store.append("t1", 0, [NewEvent("Note", "{}", "gm")])
    read: list[int] = []
    with store._lock:  # the writer busy
        reader = threading.Thread(
            target=lambda: read.extend([store.version("t1"), len(store.read("t1"))])
        )
        reader.start()
        reader.join(timeout=10)
        assert read == [1, 1]
    # And an append that has returned is read at once from the reading connection.
    store.append("t1", 1, [NewEvent("Note", "{}", "gm")])
    assert store.version("t1") == 2 and [e.version for e in store.read("t1", 1)] == [2]
    store.close()
