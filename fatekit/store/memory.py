"""The in-memory event store: for tests, demos and a server that needs no durability."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

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
    payload_bytes,
)

__all__ = ["MemoryEventStore"]


@dataclass(slots=True)
class _Log:
    events: list[StoredEvent] = field(default_factory=list)
    keys: dict[str, tuple[int, int]] = field(default_factory=dict)  # key -> first, last version
    snapshots: dict[int, Snapshot] = field(default_factory=dict)
    bytes: int = 0
    maps: dict[str, StoredMap] = field(default_factory=dict)


class MemoryEventStore(CheckedEventStore):
    """Every table's events in a dict, behind one lock: any thread may call any method, and each
    call sees the store as of one moment. Nothing survives the process."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._logs: dict[str, _Log] = {}
        self._closed = False

    def _append(
        self, table_id: str, expected: int, events: list[NewEvent], key: str | None
    ) -> Appended:
        with self._lock:
            self._check_open()
            log = self._logs.get(table_id) or _Log()
            if key is not None and key in log.keys:
                return self._replayed(table_id, log, key)
            current = len(log.events)
            if current != expected:
                raise VersionConflict(table_id, expected, current, log.events[expected:])
            stored = numbered(table_id, current, events)
            log.events.extend(stored)
            log.bytes += payload_bytes(stored)
            if key is not None:
                log.keys[key] = (current + 1, current + len(stored))
            self._logs[table_id] = log
            return Appended(table_id, current + 1, current + len(stored), stored)

    def lookup(self, table_id: str, idempotency_key: str) -> Appended | None:
        with self._log(table_id) as log:
            if log is None or idempotency_key not in log.keys:
                return None
            return self._replayed(table_id, log, idempotency_key)

    def read(self, table_id: str, after_version: int = 0) -> list[StoredEvent]:
        with self._log(table_id) as log:
            return [] if log is None else log.events[max(after_version, 0) :]

    def read_back(self, table_id: str, before: int | None, limit: int) -> list[StoredEvent]:
        with self._log(table_id) as log:
            if log is None or limit <= 0:
                return []
            end = len(log.events) if before is None else min(max(before - 1, 0), len(log.events))
            return log.events[max(end - limit, 0) : end][::-1]

    def version(self, table_id: str) -> int:
        with self._log(table_id) as log:
            return 0 if log is None else len(log.events)

    def log_bytes(self, table_id: str) -> int:
        with self._log(table_id) as log:
            return 0 if log is None else log.bytes

    def list_tables(self) -> list[str]:
        with self._lock:
            self._check_open()
            return sorted(t for t, log in self._logs.items() if log.events)

    def save_snapshot(self, snapshot: Snapshot) -> None:
        with self._log(snapshot.table_id) as log:
            check_snapshot_version(snapshot, 0 if log is None else len(log.events))
            assert log is not None
            log.snapshots[snapshot.version] = snapshot

    def load_snapshot(self, table_id: str, at_most: int | None = None) -> Snapshot | None:
        with self._log(table_id) as log:
            if log is None:
                return None
            versions = [v for v in log.snapshots if at_most is None or v <= at_most]
            return log.snapshots[max(versions)] if versions else None

    def put_map(self, table_id: str, image: StoredMap) -> None:
        check_table_id(table_id)
        with self._lock:
            self._check_open()
            self._logs.setdefault(table_id, _Log()).maps.setdefault(image.hash, image)

    def get_map(self, table_id: str, image_hash: str) -> StoredMap | None:
        with self._log(table_id) as log:
            return None if log is None else log.maps.get(image_hash)

    def map_hashes(self, table_id: str) -> list[str]:
        with self._log(table_id) as log:
            return [] if log is None else sorted(log.maps)

    def close(self) -> None:
        with self._lock:
            self._closed = True

    def _check_open(self) -> None:
        if self._closed:
            raise StoreError("this event store is closed")

    @contextmanager
    def _log(self, table_id: str) -> Iterator[_Log | None]:
        """The table's log (``None`` for an unknown table), held under the store's lock."""
        check_table_id(table_id)
        with self._lock:
            self._check_open()
            yield self._logs.get(table_id)

    @staticmethod
    def _replayed(table_id: str, log: _Log, key: str) -> Appended:
        first, last = log.keys[key]
        return Appended(table_id, first, last, tuple(log.events[first - 1 : last]), replayed=True)
