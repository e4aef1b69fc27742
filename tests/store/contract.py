"""The event store contract: what every adapter must do, written once against the interface.

``tests/store/test_contract.py`` runs these tests against each adapter through the ``adapter``
fixture; a new adapter (PostgreSQL) joins by adding itself to that fixture. ``adapter.open()``
gives a new handle on the same backing store (a second connection where the adapter has them),
and ``adapter.durable`` says whether the store outlives its handles.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from fatekit.rules.core.errors import BadInput, StaleState
from fatekit.store import (
    Appended,
    EventStore,
    NewEvent,
    Snapshot,
    StoredMap,
    StoreError,
    VersionConflict,
)


@dataclass
class Adapter:
    """How the contract reaches one adapter."""

    name: str
    open: Callable[[], EventStore]
    durable: bool


def event(n: int, *, seat: str | None = "gm", kind: str = "NoteAdded", **extra: object) -> NewEvent:
    """A small distinct event."""
    return NewEvent(
        kind, json.dumps({"n": n, **extra}), seat, f"2024-01-01T00:00:{n % 60:02d}+00:00"
    )


def numbers(store: EventStore, table: str, after: int = 0) -> list[int]:
    """The ``n`` of each stored event, in order."""
    return [json.loads(e.payload)["n"] for e in store.read(table, after)]


def _race(
    name: str, store: EventStore, round_: int, barrier: threading.Barrier, outcomes: dict[str, str]
) -> None:
    """One of two writers appending at the same version at the same moment."""
    barrier.wait()
    try:
        store.append("race", round_, [event(round_, writer=name)])
        outcomes[name] = "won"
    except VersionConflict as conflict:
        assert conflict.actual == round_ + 1
        outcomes[name] = "lost"


class EventStoreContract:
    """Every test takes the ``adapter`` fixture."""

    # -- ordering and versions ---------------------------------------------------------------

    def test_unknown_table_is_empty(self, adapter: Adapter) -> None:
        store = adapter.open()
        assert store.version("nowhere") == 0
        assert store.read("nowhere") == []
        assert store.read("nowhere", 5) == []
        assert store.lookup("nowhere", "key") is None
        assert store.load_snapshot("nowhere") is None
        assert store.log_bytes("nowhere") == 0
        assert "nowhere" not in store.list_tables()

    def test_append_numbers_events_from_one_in_order(self, adapter: Adapter) -> None:
        store = adapter.open()
        result = store.append("t1", 0, [event(1), event(2), event(3)])
        assert isinstance(result, Appended)
        assert (result.first_version, result.version, result.replayed) == (1, 3, False)
        assert [e.version for e in result.events] == [1, 2, 3]
        stored = store.read("t1")
        assert [e.version for e in stored] == [1, 2, 3]
        assert [json.loads(e.payload)["n"] for e in stored] == [1, 2, 3]
        assert stored == list(result.events)
        assert all(e.table_id == "t1" and e.type == "NoteAdded" and e.seat == "gm" for e in stored)
        assert store.version("t1") == 3

    def test_appends_continue_the_numbering(self, adapter: Adapter) -> None:
        store = adapter.open()
        store.append("t1", 0, [event(1)])
        second = store.append("t1", 1, [event(2), event(3)])
        assert (second.first_version, second.version) == (2, 3)
        assert numbers(store, "t1") == [1, 2, 3]

    def test_read_after_a_version(self, adapter: Adapter) -> None:
        store = adapter.open()
        store.append("t1", 0, [event(n) for n in range(1, 11)])
        assert numbers(store, "t1", 7) == [8, 9, 10]
        assert [e.version for e in store.read("t1", 7)] == [8, 9, 10]
        assert store.read("t1", 10) == []
        assert store.read("t1", 99) == []
        assert numbers(store, "t1", 0) == list(range(1, 11))

    def test_read_back_pages_the_history_newest_first(self, adapter: Adapter) -> None:
        store = adapter.open()
        store.append("t1", 0, [event(n) for n in range(1, 11)])
        store.append("t2", 0, [event(n) for n in range(1, 4)])
        assert [e.version for e in store.read_back("t1", None, 4)] == [10, 9, 8, 7]
        assert [e.version for e in store.read_back("t1", 7, 4)] == [6, 5, 4, 3]
        assert [e.version for e in store.read_back("t1", 3, 4)] == [2, 1]
        assert store.read_back("t1", 1, 4) == []
        assert [e.version for e in store.read_back("t1", 99, 2)] == [10, 9]
        assert store.read_back("t1", None, 0) == []
        assert store.read_back("nowhere", None, 5) == []
        assert store.read_back("t1", 3, 5) == store.read("t1")[:2][::-1]

    def test_tables_are_separate_logs(self, adapter: Adapter) -> None:
        store = adapter.open()
        store.append("b", 0, [event(1)])
        store.append("a", 0, [event(2), event(3)])
        assert store.version("a") == 2 and store.version("b") == 1
        assert numbers(store, "a") == [2, 3] and numbers(store, "b") == [1]
        assert store.list_tables() == ["a", "b"]

    def test_fields_round_trip(self, adapter: Adapter) -> None:
        store = adapter.open()
        payload = json.dumps({"text": "Ведьма прячет 秘密 🎲", "nested": {"list": [1, None, True]}})
        store.append(
            "t1", 0, [NewEvent("Odd.Type-Name", payload, None, "2030-05-06T07:08:09+00:00")]
        )
        (stored,) = store.read("t1")
        assert stored.type == "Odd.Type-Name"
        assert stored.payload == payload
        assert stored.seat is None
        assert stored.timestamp == "2030-05-06T07:08:09+00:00"
        assert stored.data() == json.loads(payload)

    def test_missing_timestamp_is_the_time_of_the_append(self, adapter: Adapter) -> None:
        store = adapter.open()
        store.append("t1", 0, [NewEvent("X", "{}", "gm")])
        (stored,) = store.read("t1")
        assert stored.timestamp.startswith("20") and stored.timestamp.endswith("+00:00")

    # -- the version guard -------------------------------------------------------------------

    def test_stale_version_is_refused_with_what_changed(self, adapter: Adapter) -> None:
        store = adapter.open()
        store.append("t1", 0, [event(1), event(2)])
        store.append("t1", 2, [event(3)])
        with pytest.raises(VersionConflict) as caught:
            store.append("t1", 1, [event(99)])
        conflict = caught.value
        assert isinstance(conflict, StaleState)
        assert (conflict.table_id, conflict.expected, conflict.actual) == ("t1", 1, 3)
        assert [e.version for e in conflict.events] == [2, 3]
        assert "version 3" in str(conflict)
        assert numbers(store, "t1") == [1, 2, 3]

    def test_version_ahead_of_the_table_is_refused(self, adapter: Adapter) -> None:
        store = adapter.open()
        with pytest.raises(VersionConflict) as caught:
            store.append("fresh", 4, [event(1)])
        assert caught.value.actual == 0 and caught.value.events == ()
        assert store.version("fresh") == 0
        assert "fresh" not in store.list_tables()

    def test_a_new_table_starts_at_zero_only_once(self, adapter: Adapter) -> None:
        store = adapter.open()
        store.append("t1", 0, [event(1)])
        with pytest.raises(VersionConflict):
            store.append("t1", 0, [event(2)])
        assert numbers(store, "t1") == [1]

    def test_an_append_is_all_or_nothing(self, adapter: Adapter) -> None:
        store = adapter.open()
        store.append("t1", 0, [event(1)])
        with pytest.raises(BadInput):
            store.append("t1", 1, [event(2), NewEvent("Bad", "not json", "gm"), event(3)])
        with pytest.raises(BadInput):
            store.append("t1", 1, [event(2), NewEvent("Bad", "[1, 2]", "gm")])
        assert numbers(store, "t1") == [1]
        assert store.version("t1") == 1

    @pytest.mark.parametrize(
        ("table", "expected", "events", "key"),
        [
            ("", 0, [event(1)], None),
            ("   ", 0, [event(1)], None),
            ("x" * 201, 0, [event(1)], None),
            ("t", -1, [event(1)], None),
            ("t", True, [event(1)], None),
            ("t", 0, [], None),
            ("t", 0, [NewEvent("", "{}")], None),
            ("t", 0, [event(1)], ""),
            ("t", 0, [event(1)], "k" * 201),
        ],
    )
    def test_malformed_appends_are_refused(
        self, adapter: Adapter, table: str, expected: int, events: list[NewEvent], key: str | None
    ) -> None:
        store = adapter.open()
        with pytest.raises(BadInput):
            store.append(table, expected, events, key)
        assert store.list_tables() == []

    # -- concurrency -------------------------------------------------------------------------

    def test_racing_appends_exactly_one_wins(self, adapter: Adapter) -> None:
        first, second = adapter.open(), adapter.open()
        first.append("race", 0, [event(0)])
        for round_ in range(1, 21):
            barrier = threading.Barrier(2)
            outcomes: dict[str, str] = {}
            threads = [
                threading.Thread(target=_race, args=(name, store, round_, barrier, outcomes))
                for name, store in (("one", first), ("two", second))
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert sorted(outcomes.values()) == ["lost", "won"], outcomes
            assert first.version("race") == second.version("race") == round_ + 1
        assert [e.version for e in first.read("race")] == list(range(1, 22))

    def test_many_writers_with_retries_leave_no_gap_or_duplicate(self, adapter: Adapter) -> None:
        handles = [adapter.open() for _ in range(4)]
        per_writer = 15

        def writer(index: int, store: EventStore) -> None:
            for n in range(per_writer):
                while True:
                    seen = store.version("busy")
                    try:
                        store.append("busy", seen, [event(index * 100 + n)])
                        break
                    except VersionConflict:
                        continue

        threads = [threading.Thread(target=writer, args=(i, s)) for i, s in enumerate(handles)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        stored = handles[0].read("busy")
        assert [e.version for e in stored] == list(range(1, 4 * per_writer + 1))
        written = sorted(json.loads(e.payload)["n"] for e in stored)
        assert written == sorted(i * 100 + n for i in range(4) for n in range(per_writer))

    # -- idempotency -------------------------------------------------------------------------

    def test_a_retried_append_is_applied_once(self, adapter: Adapter) -> None:
        store = adapter.open()
        original = store.append("t1", 0, [event(1), event(2)], idempotency_key="cmd-1")
        again = store.append("t1", 0, [event(1), event(2)], idempotency_key="cmd-1")
        assert again.replayed and not original.replayed
        assert (again.first_version, again.version) == (1, 2)
        assert again.events == original.events
        assert numbers(store, "t1") == [1, 2]

    def test_the_key_wins_over_a_stale_version_and_new_events(self, adapter: Adapter) -> None:
        store = adapter.open()
        store.append("t1", 0, [event(1)], idempotency_key="cmd-1")
        store.append("t1", 1, [event(2)])
        # A retry after others wrote, with dice rolled anew: still the original result.
        again = store.append("t1", 0, [event(7)], idempotency_key="cmd-1")
        assert again.replayed and again.version == 1
        assert [json.loads(e.payload)["n"] for e in again.events] == [1]
        assert numbers(store, "t1") == [1, 2]

    def test_lookup_finds_the_original_append(self, adapter: Adapter) -> None:
        store = adapter.open()
        store.append("t1", 0, [event(1)])
        store.append("t1", 1, [event(2), event(3)], idempotency_key="cmd-2")
        found = store.lookup("t1", "cmd-2")
        assert found is not None and found.replayed
        assert (found.first_version, found.version) == (2, 3)
        assert [e.version for e in found.events] == [2, 3]
        assert store.lookup("t1", "cmd-3") is None

    def test_keys_belong_to_one_table(self, adapter: Adapter) -> None:
        store = adapter.open()
        store.append("a", 0, [event(1)], idempotency_key="same")
        other = store.append("b", 0, [event(2)], idempotency_key="same")
        assert not other.replayed
        assert numbers(store, "b") == [2]

    def test_a_refused_append_does_not_spend_its_key(self, adapter: Adapter) -> None:
        store = adapter.open()
        store.append("t1", 0, [event(1)])
        with pytest.raises(VersionConflict):
            store.append("t1", 0, [event(2)], idempotency_key="late")
        assert store.lookup("t1", "late") is None
        done = store.append("t1", 1, [event(2)], idempotency_key="late")
        assert not done.replayed and done.version == 2

    def test_racing_retries_with_one_key_store_once(self, adapter: Adapter) -> None:
        handles = [adapter.open() for _ in range(4)]
        barrier = threading.Barrier(len(handles))
        results: list[Appended] = []

        def retry(store: EventStore) -> None:
            barrier.wait()
            results.append(store.append("t1", 0, [event(1)], idempotency_key="once"))

        threads = [threading.Thread(target=retry, args=(s,)) for s in handles]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(results) == 4
        assert sum(not r.replayed for r in results) == 1
        assert {r.version for r in results} == {1}
        assert numbers(handles[0], "t1") == [1]

    # -- snapshots ---------------------------------------------------------------------------

    def test_snapshots_keep_the_latest_and_any_earlier(self, adapter: Adapter) -> None:
        store = adapter.open()
        store.append("t1", 0, [event(n) for n in range(1, 8)])
        store.save_snapshot(Snapshot("t1", 3, "fmt/1", b"three"))
        store.save_snapshot(Snapshot("t1", 6, "fmt/1", b"\x00six\xff"))
        latest = store.load_snapshot("t1")
        assert latest == Snapshot("t1", 6, "fmt/1", b"\x00six\xff")
        assert store.load_snapshot("t1", at_most=5) == Snapshot("t1", 3, "fmt/1", b"three")
        assert store.load_snapshot("t1", at_most=6) == latest
        assert store.load_snapshot("t1", at_most=2) is None
        store.save_snapshot(Snapshot("t1", 6, "fmt/2", b"replaced"))
        assert store.load_snapshot("t1") == Snapshot("t1", 6, "fmt/2", b"replaced")

    def test_a_snapshot_must_be_of_a_version_reached(self, adapter: Adapter) -> None:
        store = adapter.open()
        store.append("t1", 0, [event(1), event(2)])
        for version in (0, 3):
            with pytest.raises(BadInput):
                store.save_snapshot(Snapshot("t1", version, "fmt/1", b"x"))
        with pytest.raises(BadInput):
            store.save_snapshot(Snapshot("unknown", 1, "fmt/1", b"x"))
        assert store.load_snapshot("t1") is None

    # -- size ---------------------------------------------------------------------------------

    def test_large_payloads_and_many_events(self, adapter: Adapter) -> None:
        store = adapter.open()
        big = json.dumps({"n": 0, "text": "🎲" * 300_000 + "x" * 1_000_000})
        store.append("t1", 0, [NewEvent("Big", big, "gm")])
        store.append("t1", 1, [event(n) for n in range(1, 2001)])
        assert store.read("t1")[0].payload == big
        assert store.version("t1") == 2001
        assert numbers(store, "t1", 1) == list(range(1, 2001))
        blob = bytes(range(256)) * 8000
        store.save_snapshot(Snapshot("t1", 2001, "fmt/1", blob))
        loaded = store.load_snapshot("t1")
        assert loaded is not None and loaded.payload == blob

    def test_the_log_size_counts_payload_bytes_as_appended(self, adapter: Adapter) -> None:
        store = adapter.open()
        first = [NewEvent("Note", json.dumps({"text": "Öde 🎲"}, ensure_ascii=False), "gm")]
        store.append("t1", 0, first, idempotency_key="k")
        assert store.log_bytes("t1") == len(first[0].payload.encode()) == 21
        store.append("t1", 1, [event(2), event(3)])
        other = adapter.open()  # another handle (connection, process) sees the same sum
        assert other.log_bytes("t1") == sum(len(e.payload.encode()) for e in store.read("t1"))
        size = other.log_bytes("t1")
        # Neither a refused append nor a replayed key adds anything.
        with pytest.raises(VersionConflict):
            store.append("t1", 1, [event(9)])
        assert store.append("t1", 3, [event(9)], idempotency_key="k").replayed
        assert store.log_bytes("t1") == size
        assert store.log_bytes("t2") == 0

    # -- map images ---------------------------------------------------------------------------

    def test_map_images_are_kept_per_table_once(self, adapter: Adapter) -> None:
        store = adapter.open()
        first = StoredMap("a" * 64, "image/png", 3, 2, b"\x89PNG one")
        store.put_map("t1", first)
        # The same hash again changes nothing (the bytes of a hash are the bytes it names).
        store.put_map("t1", StoredMap("a" * 64, "image/png", 3, 2, b"\x89PNG one"))
        store.put_map("t1", StoredMap("b" * 64, "image/webp", 7, 5, b"RIFF two"))
        assert store.get_map("t1", "a" * 64) == first
        assert store.map_hashes("t1") == ["a" * 64, "b" * 64]
        # Another table holds none of them, even under the same hash.
        assert store.get_map("t2", "a" * 64) is None
        assert store.map_hashes("t2") == []
        assert store.get_map("t1", "c" * 64) is None
        if adapter.durable:
            store.close()
            assert adapter.open().get_map("t1", "b" * 64) == StoredMap(
                "b" * 64, "image/webp", 7, 5, b"RIFF two"
            )

    # -- lifetime -----------------------------------------------------------------------------

    def test_everything_survives_a_reopen(self, adapter: Adapter) -> None:
        if not adapter.durable:
            pytest.skip(f"{adapter.name} keeps nothing once closed")
        store = adapter.open()
        store.append("t1", 0, [event(1), event(2)], idempotency_key="k")
        store.save_snapshot(Snapshot("t1", 2, "fmt/1", b"snap"))
        store.close()
        reopened = adapter.open()
        assert numbers(reopened, "t1") == [1, 2]
        assert reopened.version("t1") == 2
        assert reopened.list_tables() == ["t1"]
        again = reopened.append("t1", 0, [event(9)], idempotency_key="k")
        assert again.replayed and again.version == 2
        assert reopened.load_snapshot("t1") == Snapshot("t1", 2, "fmt/1", b"snap")
        assert reopened.log_bytes("t1") == len(event(1).payload) + len(event(2).payload)
        assert reopened.append("t1", 2, [event(3)]).version == 3

    def test_a_closed_handle_refuses_work(self, adapter: Adapter) -> None:
        store = adapter.open()
        store.close()
        with pytest.raises(StoreError):
            store.version("t1")
        with pytest.raises(StoreError):
            store.append("t1", 0, [event(1)])
