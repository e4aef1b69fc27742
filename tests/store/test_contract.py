"""Runs the event store contract (``contract.py``) against every adapter."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from fatekit.store import EventStore, MemoryEventStore, SqliteEventStore
from fatekit.store.postgres import PostgresEventStore


def _load_contract():  # type: ignore[no-untyped-def]
    # The tests are not a package (pytest runs with --import-mode=importlib), so load the
    # contract module from its file.
    name = "fatekit_store_contract"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("contract.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


contract = _load_contract()


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def adapter(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[object]:
    opened: list[EventStore] = []
    if request.param == "memory":
        shared = MemoryEventStore()

        def open_memory() -> EventStore:
            # One process-wide store: every "handle" is the same object, and closing it ends it.
            if shared not in opened:
                opened.append(shared)
            return shared

        yield contract.Adapter("memory", open_memory, durable=False)
    elif request.param == "postgresql":
        dsn = request.getfixturevalue("postgres_dsn")  # skips where PostgreSQL is missing

        def open_postgres() -> EventStore:
            store = PostgresEventStore(dsn, pool_size=4)
            opened.append(store)
            return store

        yield contract.Adapter("postgresql", open_postgres, durable=True)
    else:
        path = tmp_path / "events.sqlite"

        def open_sqlite() -> EventStore:
            store = SqliteEventStore(path)
            opened.append(store)
            return store

        yield contract.Adapter("sqlite", open_sqlite, durable=True)
    for store in opened:
        store.close()


class TestEventStoreContract(contract.EventStoreContract):  # type: ignore[misc,name-defined]
    """The contract, once per adapter."""
