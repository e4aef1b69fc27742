"""Two processes on one database, as two repositories on one store: a command that loses the race
for the table's next version is handled again on the new table however often it loses, or refused
when its sender named the version it saw; a retried command is applied once, whichever process stored it first.

Each repository has its own cache and its own lock, as a process would. The race is made
deterministic by a store wrapper that lets the rival write just before the next append.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from fatekit.rules import Action, RandomDice
from fatekit.store import (
    Appended,
    EventStore,
    MemoryEventStore,
    NewEvent,
    Snapshot,
    SqliteEventStore,
    StoredEvent,
    StoredMap,
    VersionConflict,
)
from fatekit.store.tables import TableRepository, to_event
from fatekit.table import commands as c
from fatekit.table import fold, view_for

from .test_tables import _set_up  # type: ignore[import-not-found]


class Interleaved(EventStore):
    """A store that runs ``before_append`` (the rival's write) ahead of its next appends."""

    def __init__(self, inner: EventStore) -> None:
        self.inner = inner
        self.before_append: Callable[[], None] | None = None
        self.times = 0  # how many appends get the rival first

    def append(
        self,
        table_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        idempotency_key: str | None = None,
    ) -> Appended:
        if self.before_append is not None and self.times > 0:
            self.times -= 1
            self.before_append()
        return self.inner.append(table_id, expected_version, events, idempotency_key)

    def lookup(self, table_id: str, idempotency_key: str) -> Appended | None:
        return self.inner.lookup(table_id, idempotency_key)

    def put_map(self, table_id: str, image: StoredMap) -> None:
        self.inner.put_map(table_id, image)

    def get_map(self, table_id: str, image_hash: str) -> StoredMap | None:
        return self.inner.get_map(table_id, image_hash)

    def map_hashes(self, table_id: str) -> list[str]:
        return self.inner.map_hashes(table_id)

    def read(self, table_id: str, after_version: int = 0) -> list[StoredEvent]:
        return self.inner.read(table_id, after_version)

    def read_back(self, table_id: str, before: int | None, limit: int) -> list[StoredEvent]:
        return self.inner.read_back(table_id, before, limit)

    def version(self, table_id: str) -> int:
        return self.inner.version(table_id)

    def log_bytes(self, table_id: str) -> int:
        return self.inner.log_bytes(table_id)

    def list_tables(self) -> list[str]:
        return self.inner.list_tables()

    def save_snapshot(self, snapshot: Snapshot) -> None:
        self.inner.save_snapshot(snapshot)

    def load_snapshot(self, table_id: str, at_most: int | None = None) -> Snapshot | None:
        return self.inner.load_snapshot(table_id, at_most)

    def close(self) -> None:
        self.inner.close()


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def stores(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[tuple[EventStore, EventStore]]:
    """Two stores on one database: ours and the rival process's."""
    if request.param == "memory":
        shared = MemoryEventStore()
        yield shared, shared
        return
    if request.param == "sqlite":
        pair: list[EventStore] = [SqliteEventStore(tmp_path / "t.db") for _ in range(2)]
    else:
        from fatekit.store.postgres import PostgresEventStore

        dsn = request.getfixturevalue("postgres_dsn")
        pair = [PostgresEventStore(dsn, pool_size=2) for _ in range(2)]
    yield pair[0], pair[1]
    for store in pair:
        store.close()


def _two(
    stores: tuple[EventStore, EventStore],
) -> tuple[TableRepository, Interleaved, TableRepository]:
    ours = Interleaved(stores[0])
    # No pause between attempts: here the rival writes exactly when told to.
    mine, theirs = TableRepository(ours, backoff=0), TableRepository(stores[1])
    _set_up(theirs)
    mine.load("t1")  # both have the table cached at version 4
    return mine, ours, theirs


def _notes(store: EventStore) -> list[str]:
    return [json.loads(e.payload)["text"] for e in store.read("t1") if e.type == "NoteAdded"]


def _rival(repo: TableRepository, text: str, key: str | None = None) -> Callable[[], None]:
    """The rival process sends a note (from the GM, or from Ann with an idempotency key)."""

    def write() -> None:
        repo.execute(
            "t1", c.Note(text=text), seat="gm" if key is None else "ann", idempotency_key=key
        )

    return write


def test_the_loser_of_a_race_is_handled_again_on_the_new_table(
    stores: tuple[EventStore, EventStore],
) -> None:
    mine, ours, theirs = _two(stores)
    ours.before_append = _rival(theirs, "theirs")
    ours.times = 1
    roll = c.Roll(actor="ruth", action=Action.OVERCOME, skill="fight", difficulty=2)
    done = mine.execute("t1", roll, seat="ann", dice=RandomDice(seed=5))
    # The rival took version 5; the roll was handled again on the table after it.
    assert [e.version for e in done.events] == [6]
    assert _notes(ours) == ["theirs"]
    stored = ours.read("t1")
    assert [e.version for e in stored] == [1, 2, 3, 4, 5, 6]
    assert [e.type for e in stored[4:]] == ["NoteAdded", "RollMade"]
    # What each process holds is the fold of the log (the dice are those the log recorded).
    replayed = view_for(fold([to_event(s) for s in stored]), "gm")
    assert view_for(done.state, "gm") == replayed == view_for(theirs.load("t1"), "gm")


def test_the_loser_of_a_race_that_named_its_version_is_refused(
    stores: tuple[EventStore, EventStore],
) -> None:
    mine, ours, theirs = _two(stores)
    ours.before_append = _rival(theirs, "theirs")
    ours.times = 1
    with pytest.raises(VersionConflict) as caught:
        mine.execute("t1", c.Note(text="mine"), seat="ann", expected_version=4)
    assert (caught.value.expected, caught.value.actual) == (4, 5)
    assert [e.type for e in caught.value.events] == ["NoteAdded"]
    assert _notes(ours) == ["theirs"]
    # Sent again with the version it now knows, it is applied.
    assert (
        mine.execute("t1", c.Note(text="mine"), seat="ann", expected_version=5).state.version == 6
    )


def test_a_command_retried_at_another_process_is_applied_once(
    stores: tuple[EventStore, EventStore],
) -> None:
    mine, ours, theirs = _two(stores)
    first = theirs.execute("t1", c.Note(text="once"), seat="ann", idempotency_key="ann-1")
    again = mine.execute("t1", c.Note(text="once"), seat="ann", idempotency_key="ann-1")
    assert again.replayed and again.events == first.events
    assert _notes(ours) == ["once"]


def test_a_retry_racing_its_first_attempt_gets_the_first_attempts_events(
    stores: tuple[EventStore, EventStore],
) -> None:
    mine, ours, theirs = _two(stores)
    # The client gave up on the other process and retried here while the first attempt was still
    # being stored there: it lands between our lookup of the key and our append.
    ours.before_append = _rival(theirs, "once", key="k")
    ours.times = 1
    again = mine.execute("t1", c.Note(text="once"), seat="ann", idempotency_key="k")
    assert again.replayed and [e.version for e in again.events] == [5]
    assert _notes(ours) == ["once"]
    assert again.state.version == 5


def test_a_command_without_a_version_is_never_refused_for_losing(
    stores: tuple[EventStore, EventStore],
) -> None:
    mine, ours, theirs = _two(stores)
    ours.before_append = _rival(theirs, "theirs")
    ours.times = 25  # the rival gets in first 25 times running (the old limit was 10)
    done = mine.execute("t1", c.Note(text="mine"), seat="ann")
    assert _notes(ours) == ["theirs"] * 25 + ["mine"]
    assert done.state.version == 4 + 25 + 1
    assert view_for(done.state, "gm") == view_for(theirs.load("t1"), "gm")


def test_a_command_with_a_version_is_refused_on_its_first_loss(
    stores: tuple[EventStore, EventStore],
) -> None:
    mine, ours, theirs = _two(stores)
    ours.before_append = _rival(theirs, "theirs")
    ours.times = 25
    with pytest.raises(VersionConflict):
        mine.execute("t1", c.Note(text="mine"), seat="ann", expected_version=4)
    assert _notes(ours) == ["theirs"]  # refused at once: not handled again
