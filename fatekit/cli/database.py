"""Which database a ``--db`` value names, shared by the commands that open one (``fatekit serve``,
``fatekit discord``, ``fatekit campaign``): a SQLite file by default, or PostgreSQL.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from fatekit.rules.core.errors import BadInput

if TYPE_CHECKING:
    from fatekit.store.base import EventStore

__all__ = ["default_database", "is_postgresql", "open_store", "open_store_path", "shown_dsn"]

_POSTGRES_SCHEMES = ("postgresql", "postgres")


def default_database() -> Path:
    """The SQLite file used when ``--db`` is not given: in ``$FATEKIT_DATA``, else ``./data``."""
    return Path(os.environ.get("FATEKIT_DATA") or "data") / "fatekit.db"


def is_postgresql(url: str | None) -> bool:
    """Whether a ``--db`` value names a PostgreSQL database (``postgresql://...``)."""
    return url is not None and url.partition("://")[0] in _POSTGRES_SCHEMES


def open_store_path(url: str | None) -> Path:
    """The SQLite file a ``--db`` value names: ``sqlite:///relative/path``,
    ``sqlite:////absolute/path`` or a plain path. Anything else is refused with
    :class:`BadInput`."""
    if url is None or url == "":
        return default_database()
    scheme, sep, rest = url.partition("://")
    if not sep:
        return Path(url)
    if scheme != "sqlite":
        raise BadInput(
            f"unknown database {scheme!r}: give sqlite:///path, a file path or postgresql://..."
        )
    if not rest.startswith("/") or rest == "/":
        raise BadInput("a SQLite URL looks like sqlite:///data/fatekit.db")
    return Path(rest[1:])


def shown_dsn(url: str) -> str:
    """A PostgreSQL connection string as it may be printed: without its password."""
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    params = conninfo_to_dict(url)
    params.pop("password", None)
    return make_conninfo("", **params)


def open_store(url: str | None, *, pool_size: int = 10) -> tuple[EventStore, str]:
    """The event store a ``--db`` value names, and how to show it.

    Raises :class:`BadInput` for a malformed value and :class:`StoreError` for a database that
    cannot be opened (unreachable, refused, from a newer fatekit).
    """
    if is_postgresql(url):
        assert url is not None
        import psycopg

        from fatekit.store.postgres import PostgresEventStore

        try:
            shown = f"PostgreSQL {shown_dsn(url)}"
        except psycopg.Error as error:
            raise BadInput(f"not a PostgreSQL URL: {error}") from None
        return PostgresEventStore(url, pool_size=pool_size), shown
    from fatekit.store.sqlite import SqliteEventStore

    path = open_store_path(url)
    path.parent.mkdir(parents=True, exist_ok=True)
    return SqliteEventStore(path), str(path)
