"""Where tables' events live: the :class:`EventStore` port and its adapters.

- :class:`MemoryEventStore`: in the process, for tests and throwaway tables.
- :class:`SqliteEventStore`: a SQLite file in WAL mode; an append that returned is on disk.

Every adapter passes the same contract test suite (``tests/store/contract.py``). The store knows
nothing of Fate; :mod:`fatekit.store.tables` joins it to the table domain.
"""

from fatekit.store.base import (
    Appended,
    EventStore,
    NewEvent,
    Snapshot,
    StoredEvent,
    StoreError,
    VersionConflict,
)
from fatekit.store.memory import MemoryEventStore
from fatekit.store.sqlite import SqliteEventStore

__all__ = [
    "Appended",
    "EventStore",
    "MemoryEventStore",
    "NewEvent",
    "Snapshot",
    "SqliteEventStore",
    "StoreError",
    "StoredEvent",
    "VersionConflict",
]
