"""Caps: the most one client, one seat, one table and one server may hold.

The defaults are far above what a real group reaches; ``fatekit serve`` has a flag for each.
A refusal changes nothing and says which cap was met:

- a text (a note, a name, an aspect) over ``text`` characters: 422 ``malformed`` with the field;
- a table at its ``events_per_table``, ``characters_per_table``, ``bytes_per_table`` or
  ``links_per_table``, or a server at its ``tables``: 409 ``cap`` with ``cap`` (which one) and ``limit``;
- a socket over ``sockets_per_address`` or ``sockets_per_seat``: an ``error`` message with status
  429, then close code 4429 with the reason.

Table caps are checked where commands are accepted: the repository is given them as
:class:`~fatekit.store.tables.TableLimits` and checks them after a command is handled and before
its events are stored (refusing with :class:`~fatekit.store.tables.TableFull`, which the server
answers 409 ``cap``), so they hold for HTTP, WebSocket and the command line alike. Socket caps
count this process's sockets only; behind a proxy with several processes, each process applies
them to its own share.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, fields
from typing import Any

from fatekit.server.errors import ApiError
from fatekit.server.limits import (
    CLOSE_TOO_MANY,
    ASGIApp,
    Receive,
    Scope,
    Send,
    client_address,
    refuse_socket,
)
from fatekit.server.links import links_of, stream_of
from fatekit.store.base import EventStore, NewEvent
from fatekit.store.tables import TableLimits, check_limits
from fatekit.table.codec import FieldErrors
from fatekit.table.state import TableState

__all__ = [
    "CLOSE_TOO_MANY",
    "CapReached",
    "Caps",
    "SeatSockets",
    "SocketCap",
    "TableCaps",
    "refuse_socket",
    "texts_over",
]


@dataclass(frozen=True, slots=True)
class Caps:
    """How much the server lets anyone hold (see the module's description)."""

    sockets_per_address: int = 100
    sockets_per_seat: int = 8
    tables: int = 10_000
    events_per_table: int = 100_000
    characters_per_table: int = 500
    bytes_per_table: int = 64 << 20
    links_per_table: int = 10_000
    text: int = 65_536
    maps_per_table: int = 64

    def __post_init__(self) -> None:
        for item in fields(self):
            value = getattr(self, item.name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"the cap {item.name} is a whole number of 1 or more")

    def table_limits(self) -> TableLimits:
        """The caps on one table, as the repository checks them."""
        return TableLimits(
            events_per_table=self.events_per_table,
            characters_per_table=self.characters_per_table,
            bytes_per_table=self.bytes_per_table,
        )


class CapReached(ApiError):
    """A table or the server is as full as its caps allow."""

    def __init__(self, cap: str, limit: int, detail: str) -> None:
        super().__init__(409, "cap", detail, cap=cap, limit=limit)


def texts_over(value: object, limit: int, path: str = "$") -> dict[str, str]:
    """Every string (or object key) in a JSON value longer than ``limit`` characters, by path."""
    found: dict[str, str] = {}
    stack: list[tuple[str, object]] = [(path, value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, str):
            if len(item) > limit:
                found[where] = f"at most {limit} characters (this has {len(item)})"
        elif isinstance(item, dict):
            for key, inner in item.items():
                inside = key if where == "$" else f"{where}.{key}"
                if isinstance(key, str) and len(key) > limit:
                    found[where] = f"names of at most {limit} characters"
                stack.append((inside, inner))
        elif isinstance(item, list):
            stack.extend((f"{where}[{n}]", inner) for n, inner in enumerate(item))
    return found


class TableCaps:
    """The table caps and the server's count of tables, over one store.

    The caps on each table's events, characters and bytes are the repository's to check
    (:meth:`Caps.table_limits`); these are the caps on the tables a server holds and the links
    a table issues, and on the texts of a request.
    """

    def __init__(self, store: EventStore, caps: Caps) -> None:
        self.store = store
        self.caps = caps
        self._creating = threading.Lock()

    def check_texts(self, value: object, what: str, path: str = "$") -> None:
        """Refuse (422) a value holding a text over the cap."""
        over = texts_over(value, self.caps.text, path)
        if over:
            raise FieldErrors(what, dict(sorted(over.items())))

    def check_links(self, table_id: str) -> None:
        """Refuse (409 ``cap``) a new link at a table that has issued and revoked as many as it
        may: every link check reads them all, so their number is bounded too."""
        count = self.store.version(stream_of(table_id))
        if count >= self.caps.links_per_table:
            raise CapReached(
                "links_per_table",
                self.caps.links_per_table,
                f"this table has issued and revoked {count} links; it may record at most "
                f"{self.caps.links_per_table}",
            )

    def check_import(self, events: Sequence[NewEvent], state: TableState) -> None:
        """Refuse a table file whose log is already past a table cap."""
        check_limits(self.caps.table_limits(), self.store, state.table_id, 0, 0, state, events)

    def tables(self) -> int:
        """How many tables the store holds (the streams of links and of the Discord front door,
        ``discord:...``, are not tables)."""
        return sum(
            1
            for t in self.store.list_tables()
            if links_of(t) is None and not t.startswith("discord:")
        )

    @contextmanager
    def creating(self) -> Iterator[None]:
        """Hold while a table is opened: refuses (409) when the server is at its cap, and opens
        one table at a time here, so two at once cannot both take the last place."""
        with self._creating:
            count = self.tables()
            if count >= self.caps.tables:
                raise CapReached(
                    "tables",
                    self.caps.tables,
                    f"this server holds {count} tables, as many as it may: "
                    "ask its operator to raise the cap",
                )
            yield


# -- sockets --------------------------------------------------------------------------------------


class SocketCap:
    """ASGI middleware: at most ``limit`` open WebSockets per client address."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit
        self.open: Counter[str] = Counter()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        address = client_address(scope)
        if self.open[address] >= self.limit:
            await refuse_socket(
                scope,
                receive,
                send,
                f"too many sockets from your address: at most {self.limit} at once",
            )
            return
        self.open[address] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.open[address] -= 1
            if self.open[address] <= 0:
                del self.open[address]


class SeatSockets:
    """The open sockets of each seat, at most ``limit`` each (runs on the event loop only)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open: Counter[tuple[str, str]] = Counter()

    def take(self, table_id: str, seat: str) -> bool:
        """Count one more socket of the seat; False (nothing counted) when it has its cap."""
        if self.open[table_id, seat] >= self.limit:
            return False
        self.open[table_id, seat] += 1
        return True

    def give_back(self, table_id: str, seat: str) -> None:
        """A socket of the seat closed."""
        self.open[table_id, seat] -= 1
        if self.open[table_id, seat] <= 0:
            del self.open[table_id, seat]

    def refusal(self) -> dict[str, Any]:
        """The error a socket over the cap is sent before it is closed."""
        return {
            "error": "too_many",
            "detail": f"this seat has {self.limit} sockets open, as many as it may: "
            "close one (another tab or device) first",
        }
