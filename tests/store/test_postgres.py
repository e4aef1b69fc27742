"""What only the PostgreSQL adapter promises: its schema and migrations, the database's version
guard under real concurrency, the connection pool, notifications, and surviving crashes.

Every test gets a schema of its own (``postgres_dsn``) in one throwaway cluster per session; the
tests skip where the server is not installed (see ``tests/conftest.py``).
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import psycopg
import pytest
from psycopg import errors as pg_errors

from fatekit.rules.core.errors import BadInput
from fatekit.store import NewEvent, StoreError, VersionConflict
from fatekit.store.migrations import MIGRATIONS, Migration
from fatekit.store.postgres import PostgresEventStore
from fatekit.store.postgres_migrations import PG_MIGRATIONS, applied_migrations, migrate
from fatekit.store.postgres_notify import CHANNEL, AppendNotice, parse_notice


def ev(n: int) -> NewEvent:
    return NewEvent("Tick", json.dumps({"n": n}), "gm", "2024-01-01T00:00:00+00:00")


@pytest.fixture
def open_store(postgres_dsn: str) -> Iterator[Callable[..., PostgresEventStore]]:
    """Opens stores on this test's schema and closes them all afterwards."""
    opened: list[PostgresEventStore] = []

    def open_(**options: Any) -> PostgresEventStore:
        store = PostgresEventStore(postgres_dsn, **{"pool_size": 2, **options})
        opened.append(store)
        return store

    yield open_
    for store in opened:
        store.close()


def raw(dsn: str) -> psycopg.Connection[tuple[Any, ...]]:
    """A plain connection to the test's schema, outside any store."""
    return psycopg.connect(dsn, autocommit=True)


def wait_until(condition: Callable[[], bool], what: str, timeout: float = 10.0) -> None:
    """Poll ``condition`` until true; the timeout only turns a hang into a failure."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


# -- the schema and its migrations -----------------------------------------------------------


def test_the_numbering_follows_the_sqlite_migrations() -> None:
    assert [(m.number, m.name) for m in PG_MIGRATIONS] == [(m.number, m.name) for m in MIGRATIONS]


def test_the_schema_is_created_in_the_search_path_and_recorded_once(
    postgres_dsn: str, open_store: Callable[..., PostgresEventStore]
) -> None:
    open_store().close()
    store = open_store()  # a second open applies nothing twice
    assert store.schema_version() == PG_MIGRATIONS[-1].number
    with raw(postgres_dsn) as conn:
        schema = conn.execute("SELECT current_schema()").fetchone()
        assert schema is not None and schema[0].startswith("test_")
        rows = conn.execute("SELECT number, name FROM schema_migrations").fetchall()
        tables = {
            r[0]
            for r in conn.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = %s",
                (schema[0],),
            )
        }
    assert rows == [(m.number, m.name) for m in PG_MIGRATIONS]
    assert tables == {
        "events",
        "idempotency_keys",
        "snapshots",
        "log_sizes",
        "maps",
        "schema_migrations",
    }


def test_an_older_schema_is_brought_up_to_date_keeping_its_events(postgres_dsn: str) -> None:
    first, *_ = PG_MIGRATIONS
    with raw(postgres_dsn) as conn:
        assert migrate(conn, [first]) == [1]
        # Events a fatekit at migration 1 wrote, one of them not ASCII.
        for n, text in ((1, "Öde 🎲"), (2, "plain")):
            conn.execute(
                "INSERT INTO events VALUES ('t1', %s, 'Note', %s, 'gm', 'now')",
                (n, json.dumps({"text": text}, ensure_ascii=False)),
            )
    store = PostgresEventStore(postgres_dsn, pool_size=1)  # applies the rest
    assert [json.loads(e.payload)["text"] for e in store.read("t1")] == ["Öde 🎲", "plain"]
    # Migration 2 counted the log already there; appends add to it.
    assert store.log_bytes("t1") == sum(len(e.payload.encode()) for e in store.read("t1")) == 38
    store.append("t1", 2, [ev(3)])
    assert store.log_bytes("t1") == 38 + len(ev(3).payload)
    # The database keeps the sum, so a writer that knows nothing of it adds to it too.
    with raw(postgres_dsn) as conn:
        conn.execute("INSERT INTO events VALUES ('t1', 4, 'X', '{\"a\": 1}', 'gm', 'now')")
    assert store.log_bytes("t1") == 46 + len(ev(3).payload)
    store.close()

    # What a later fatekit might add: a column with a default, and an index.
    later = Migration(
        PG_MIGRATIONS[-1].number + 1,
        "events know their command",
        (
            "ALTER TABLE events ADD COLUMN command TEXT NOT NULL DEFAULT ''",
            "CREATE INDEX events_by_seat ON events (table_id, seat)",
        ),
    )
    with raw(postgres_dsn) as conn:
        assert migrate(conn, [*PG_MIGRATIONS, later]) == [later.number]
        assert migrate(conn, [*PG_MIGRATIONS, later]) == []  # nothing twice
        assert applied_migrations(conn) == [*(m.number for m in PG_MIGRATIONS), later.number]
        rows = conn.execute("SELECT version, command FROM events ORDER BY version").fetchall()
    assert rows == [(1, ""), (2, ""), (3, ""), (4, "")]
    # The store without that migration now meets a schema from its future, and says so.
    with pytest.raises(StoreError, match="newer"):
        PostgresEventStore(postgres_dsn)


def test_a_failed_migration_leaves_nothing_behind(postgres_dsn: str) -> None:
    broken = Migration(99, "broken", ("CREATE TABLE extra (id INTEGER)", "SELECT no_such_thing"))
    with raw(postgres_dsn) as conn:
        with pytest.raises(psycopg.Error):
            migrate(conn, [*PG_MIGRATIONS, broken])
        # Migration 1 ran in the same transaction, so it is gone too: the whole upgrade or none.
        assert applied_migrations(conn) == []
        assert conn.execute("SELECT to_regclass('extra')").fetchone() == (None,)


def test_processes_starting_together_migrate_once(
    postgres_dsn: str, open_store: Callable[..., PostgresEventStore]
) -> None:
    barrier = threading.Barrier(4)
    errors: list[BaseException] = []

    def start() -> None:
        barrier.wait()
        try:
            open_store(pool_size=1)
        except BaseException as error:  # reported below rather than lost in the thread
            errors.append(error)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with raw(postgres_dsn) as conn:
        assert applied_migrations(conn) == [m.number for m in PG_MIGRATIONS]


def test_a_database_not_in_utf8_is_refused(postgres: Any) -> None:
    with psycopg.connect(postgres.dsn(), autocommit=True) as conn:
        conn.execute("CREATE DATABASE latin ENCODING 'LATIN1' TEMPLATE template0")
    with pytest.raises(StoreError, match="UTF8"):
        PostgresEventStore(postgres.dsn("latin"))


def test_an_unreachable_or_malformed_database_fails_at_once(postgres: Any) -> None:
    for dsn in (postgres.dsn("no_such_database"), "host=/no/such/dir", "not a dsn"):
        started = time.monotonic()
        with pytest.raises(StoreError, match="cannot open"):
            PostgresEventStore(dsn)
        assert time.monotonic() - started < 5


@pytest.mark.parametrize(("asked", "kept"), [("off", "on"), ("local", "local"), ("on", "on")])
def test_commits_are_synchronous_whatever_the_dsn_says(
    postgres_dsn: str, asked: str, kept: str
) -> None:
    # Off is turned back on (an acknowledged append could be lost); other levels are kept.
    dsn = postgres_dsn.replace("-c search_path", f"-c synchronous_commit={asked} -c search_path")
    store = PostgresEventStore(dsn, pool_size=1)
    try:
        with store._pool.connection() as conn:
            assert conn.execute("SHOW synchronous_commit").fetchone() == (kept,)
    finally:
        store.close()


# -- values and the version key ----------------------------------------------------------------


def test_the_version_key_is_enforced_by_the_database(
    postgres_dsn: str, open_store: Callable[..., PostgresEventStore]
) -> None:
    open_store().append("t1", 0, [ev(1)])
    with raw(postgres_dsn) as conn, pytest.raises(pg_errors.UniqueViolation):
        conn.execute("INSERT INTO events VALUES ('t1', 1, 'Y', '{}', NULL, 'now')")


def test_text_the_database_cannot_hold_is_bad_input(
    open_store: Callable[..., PostgresEventStore],
) -> None:
    store = open_store()
    with pytest.raises(BadInput):
        store.append("t1", 0, [NewEvent("X", "{}", "g\x00m")])
    with pytest.raises(BadInput):
        store.read("t\x00")
    assert store.list_tables() == []


def test_tables_are_listed_in_code_point_order(
    open_store: Callable[..., PostgresEventStore],
) -> None:
    store = open_store()
    names = ["b", "B", "a", "é", "Z", "a b", "ab", "Ä", "10", "9"]
    for name in names:
        store.append(name, 0, [ev(1)])
    assert store.list_tables() == sorted(names)


# -- two connections at the same version --------------------------------------------------------


class _Rival:
    """An uncommitted transaction on a connection of its own that has appended ``version``,
    holding the (table, version) key until it commits or rolls back."""

    def __init__(self, dsn: str, table: str, version: int, key: str | None = None) -> None:
        self.conn = psycopg.connect(dsn)
        self.conn.execute(
            "INSERT INTO events VALUES (%s, %s, 'Rival', '{\"n\": -1}', 'rival', 'then')",
            (table, version),
        )
        if key is not None:
            self.conn.execute(
                "INSERT INTO idempotency_keys VALUES (%s, %s, %s, %s)",
                (table, key, version, version),
            )


def _append_in_thread(store: PostgresEventStore, *args: Any, **kwargs: Any) -> queue.Queue[Any]:
    """Start an append in a thread; its result or exception arrives on the queue."""
    out: queue.Queue[Any] = queue.Queue()

    def run() -> None:
        try:
            out.put(store.append(*args, **kwargs))
        except Exception as error:
            out.put(error)

    threading.Thread(target=run, daemon=True).start()
    return out


def _blocked_on_a_lock(dsn: str) -> bool:
    with raw(dsn) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
            "AND application_name = 'fatekit'"
        ).fetchone()
    return row is not None and row[0] > 0


@pytest.mark.parametrize("rival_commits", [True, False])
def test_an_append_waits_for_a_rival_at_the_same_version(
    postgres_dsn: str, open_store: Callable[..., PostgresEventStore], rival_commits: bool
) -> None:
    store = open_store()
    store.append("t1", 0, [ev(1)])
    rival = _Rival(postgres_dsn, "t1", 2)
    # Both saw version 1; the store's insert at version 2 queues behind the rival's.
    result = _append_in_thread(store, "t1", 1, [ev(2)])
    wait_until(lambda: _blocked_on_a_lock(postgres_dsn), "the append to wait on the rival")
    if rival_commits:
        rival.conn.commit()
        conflict = result.get(timeout=10)
        assert isinstance(conflict, VersionConflict)
        assert (conflict.expected, conflict.actual) == (1, 2)
        assert [e.type for e in conflict.events] == ["Rival"]
        assert [e.seat for e in store.read("t1")] == ["gm", "rival"]
    else:
        rival.conn.rollback()
        appended = result.get(timeout=10)
        assert appended.version == 2 and not appended.replayed
        assert [e.seat for e in store.read("t1")] == ["gm", "gm"]
    rival.conn.close()


def test_a_retry_waiting_on_its_own_first_attempt_gets_the_original(
    postgres_dsn: str, open_store: Callable[..., PostgresEventStore]
) -> None:
    store = open_store()
    # The first attempt of a command is still committing on another process when it is retried.
    first_attempt = _Rival(postgres_dsn, "t1", 1, key="cmd-1")
    retry = _append_in_thread(store, "t1", 0, [ev(1)], idempotency_key="cmd-1")
    wait_until(lambda: _blocked_on_a_lock(postgres_dsn), "the retry to wait")
    first_attempt.conn.commit()
    first_attempt.conn.close()
    answer = retry.get(timeout=10)
    assert answer.replayed and answer.version == 1
    assert [e.type for e in answer.events] == ["Rival"]
    assert store.version("t1") == 1


def test_two_processes_racing_on_one_table_never_both_win(postgres_dsn: str) -> None:
    # Two writers in separate processes append as fast as they can, each retrying on conflict.
    writer = textwrap.dedent(
        """
        import json, sys
        from fatekit.store import NewEvent, VersionConflict
        from fatekit.store.postgres import PostgresEventStore
        store = PostgresEventStore(sys.argv[1], pool_size=1)
        name, won, lost = sys.argv[2], 0, 0
        while won < 40:
            seen = store.version("race")
            try:
                store.append("race", seen, [NewEvent("Tick", json.dumps({"by": name}), name)])
                won += 1
            except VersionConflict:
                lost += 1
        print(won, lost)
        """
    )
    children = [
        subprocess.Popen(
            [sys.executable, "-c", writer, postgres_dsn, name], stdout=subprocess.PIPE, text=True
        )
        for name in ("one", "two")
    ]
    outputs = [child.communicate(timeout=60)[0] for child in children]
    assert [child.returncode for child in children] == [0, 0]
    assert [int(out.split()[0]) for out in outputs] == [40, 40]
    store = PostgresEventStore(postgres_dsn, pool_size=1)
    try:
        stored = store.read("race")
    finally:
        store.close()
    assert [e.version for e in stored] == list(range(1, 81))
    assert sorted(e.seat or "" for e in stored) == ["one"] * 40 + ["two"] * 40


# -- the pool ------------------------------------------------------------------------------------


def test_an_exhausted_pool_fails_after_its_timeout_then_recovers(
    open_store: Callable[..., PostgresEventStore],
) -> None:
    store = open_store(pool_size=1, pool_timeout=0.2)
    with store._pool.connection():  # the only connection, held elsewhere
        started = time.monotonic()
        with pytest.raises(StoreError, match="no database connection came free"):
            store.version("t1")
        assert time.monotonic() - started >= 0.2
    assert store.append("t1", 0, [ev(1)]).version == 1


def test_a_call_waits_for_a_busy_connection_to_come_back(
    open_store: Callable[..., PostgresEventStore],
) -> None:
    store = open_store(pool_size=1, pool_timeout=10)
    with store._pool.connection():
        result = _append_in_thread(store, "t1", 0, [ev(1)])
        wait_until(lambda: store._pool.get_stats().get("requests_waiting", 0) == 1, "a waiter")
        assert result.empty()
    assert result.get(timeout=10).version == 1


def test_a_connection_the_server_dropped_is_replaced(
    postgres_dsn: str, open_store: Callable[..., PostgresEventStore]
) -> None:
    store = open_store(pool_size=1)
    store.append("t1", 0, [ev(1)])
    with raw(postgres_dsn) as conn:
        query = "FROM pg_stat_activity WHERE application_name = 'fatekit'"
        conn.execute(f"SELECT pg_terminate_backend(pid) {query}")
        # Terminating only signals the backend: wait until it has gone.
        wait_until(lambda: conn.execute(f"SELECT count(*) {query}").fetchone() == (0,), "exit")
    assert store.version("t1") == 1
    assert store.append("t1", 1, [ev(2)]).version == 2


# -- notifications ------------------------------------------------------------------------------


def test_notice_payloads_read_back() -> None:
    assert parse_notice("t1:7") == AppendNotice("t1", 7)
    assert parse_notice("a:b:12") == AppendNotice("a:b", 12)
    for bad in ("", "t1", "t1:", ":3", "t1:x", "t1:-1"):
        with pytest.raises(ValueError):
            parse_notice(bad)


def test_another_connection_hears_each_append_after_its_commit(
    open_store: Callable[..., PostgresEventStore],
) -> None:
    writer, reader = open_store(), open_store()
    heard: queue.Queue[tuple[AppendNotice, bool]] = queue.Queue()

    def on_notice(notice: AppendNotice) -> None:
        # The events are readable by the time the notice arrives: it is sent on commit. (Later
        # appends may have committed too, hence "at least".)
        heard.put((notice, reader.version(notice.table_id) >= notice.version))

    listener = reader.listen(on_notice)
    try:
        writer.append("t:1", 0, [ev(1), ev(2)])
        writer.append("t:1", 2, [ev(3)], idempotency_key="k")
        writer.append("t:1", 2, [ev(3)], idempotency_key="k")  # replayed: nothing new to tell
        with pytest.raises(VersionConflict):
            writer.append("t:1", 0, [ev(9)])  # refused and rolled back: never announced
        writer.append("t2", 0, [ev(1)])  # notices come in commit order, so this one is last
        got = [heard.get(timeout=10) for _ in range(3)]
    finally:
        listener.close()
    assert got == [
        (AppendNotice("t:1", 2), True),
        (AppendNotice("t:1", 3), True),
        (AppendNotice("t2", 1), True),
    ]
    assert heard.empty()
    assert listener.channel == CHANNEL


def test_a_store_announces_on_its_own_channel_only(
    open_store: Callable[..., PostgresEventStore],
) -> None:
    # Two installations in one database (two schemas) keep apart by their channels.
    default, other = open_store(), open_store(channel="other_install")
    heard_default: queue.Queue[AppendNotice] = queue.Queue()
    heard_other: queue.Queue[AppendNotice] = queue.Queue()
    listeners = [default.listen(heard_default.put), other.listen(heard_other.put)]
    try:
        other.append("t1", 0, [ev(1)])
        default.append("t1", 1, [ev(2)])
        assert heard_other.get(timeout=10) == AppendNotice("t1", 1)
        assert heard_default.get(timeout=10) == AppendNotice("t1", 2)
    finally:
        for listener in listeners:
            listener.close()
    assert heard_default.empty() and heard_other.empty()


@pytest.mark.parametrize(
    "options", [{"pool_size": 0}, {"channel": ""}, {"channel": "x" * 64}], ids=str
)
def test_bad_settings_are_refused(postgres_dsn: str, options: dict[str, Any]) -> None:
    with pytest.raises(BadInput):
        PostgresEventStore(postgres_dsn, **options)


def test_a_listener_that_lost_its_connection_listens_again_and_catches_up(
    postgres_dsn: str, open_store: Callable[..., PostgresEventStore]
) -> None:
    store = open_store()
    heard: queue.Queue[AppendNotice] = queue.Queue()
    listens: queue.Queue[int] = queue.Queue()
    listener = store.listen(
        heard.put, on_listen=lambda: listens.put(store.version("t1")), retry_delay=0.05
    )
    try:
        assert listens.get(timeout=10) == 0
        store.append("t1", 0, [ev(1)])
        assert heard.get(timeout=10) == AppendNotice("t1", 1)
        with raw(postgres_dsn) as conn:
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'fatekit-listener'"
            )
        # Whatever was appended while it was away shows in the log when it listens again.
        store.append("t1", 1, [ev(2)])
        assert listens.get(timeout=10) >= 1
        store.append("t2", 0, [ev(1)])
        wait_until(lambda: AppendNotice("t2", 1) in list(heard.queue), "the notice for t2")
    finally:
        listener.close()


# -- crashes ---------------------------------------------------------------------------------------

_WRITER = textwrap.dedent(
    """
    import json, sys
    from fatekit.store import NewEvent
    from fatekit.store.postgres import PostgresEventStore
    store = PostgresEventStore(sys.argv[1], pool_size=1)
    n = store.version("crash")
    while True:
        n += 1
        done = store.append("crash", n - 1, [NewEvent("Tick", json.dumps({"n": n}), "gm")],
                            idempotency_key=f"tick-{n}")
        print(done.version, flush=True)  # acknowledged: it must survive what comes next
    """
)


def _write_then_kill(dsn: str, appends: int) -> int:
    """Run a writer, read ``appends`` acknowledgements, SIGKILL it; the last version it saw."""
    child = subprocess.Popen(
        [sys.executable, "-c", _WRITER, dsn],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert child.stdout is not None
    acknowledged = 0
    for _ in range(appends):
        line = child.stdout.readline()
        assert line, "the writer stopped early"
        acknowledged = int(line)
    child.send_signal(signal.SIGKILL)
    child.wait()
    return acknowledged


def _assert_complete(dsn: str, acknowledged: int) -> None:
    store = PostgresEventStore(dsn, pool_size=1)
    try:
        stored = store.read("crash")
    finally:
        store.close()
    versions = [e.version for e in stored]
    assert versions == list(range(1, len(versions) + 1))
    assert len(versions) >= acknowledged
    assert [json.loads(e.payload)["n"] for e in stored] == versions


def test_acknowledged_appends_survive_a_killed_writer(postgres_dsn: str) -> None:
    acknowledged = 0
    for _ in range(3):
        acknowledged = _write_then_kill(postgres_dsn, 30)
        _assert_complete(postgres_dsn, acknowledged)


def test_acknowledged_appends_survive_a_server_crash(
    postgres: Any, postgres_dsn: str, open_store: Callable[..., PostgresEventStore]
) -> None:
    store = open_store(pool_size=1)
    acknowledged = _write_then_kill(postgres_dsn, 30)
    # An immediate stop is a crash: no checkpoint, so the restart replays the write-ahead log.
    postgres.stop("immediate")
    postgres.start()
    _assert_complete(postgres_dsn, acknowledged)
    # A store that was open across the crash finds its connections dead and opens new ones.
    assert store.version("crash") >= acknowledged
