"""Where tables' events live: the :class:`EventStore` port and its adapters.

- :class:`MemoryEventStore`: in the process, for tests and throwaway tables.
- :class:`SqliteEventStore`: a SQLite file in WAL mode; an append that returned is on disk.
- :class:`PostgresEventStore`: a PostgreSQL database shared by any number of processes, with a
  NOTIFY on every append (``docs/deployment.md``).

Every adapter passes the same contract test suite (``tests/store/contract.py``). The store knows
nothing of Fate; :mod:`fatekit.store.tables` joins it to the table domain.
"""

from typing import TYPE_CHECKING

from fatekit.store.base import (
    Appended,
    EventStore,
    NewEvent,
    Snapshot,
    StoredEvent,
    StoredMap,
    StoreError,
    VersionConflict,
)
from fatekit.store.memory import MemoryEventStore
from fatekit.store.sqlite import SqliteEventStore

if TYPE_CHECKING:
    from fatekit.store.postgres import PostgresEventStore

__all__ = [
    "Appended",
    "EventStore",
    "MemoryEventStore",
    "NewEvent",
    "PostgresEventStore",
    "Snapshot",
    "SqliteEventStore",
    "StoreError",
    "StoredEvent",
    "StoredMap",
    "VersionConflict",
]


def __getattr__(name: str) -> object:
    # The PostgreSQL driver takes a tenth of a second to import: only pay for it when it is used.
    if name == "PostgresEventStore":
        from fatekit.store.postgres import PostgresEventStore

        return PostgresEventStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
