"""Fan-out of a table's new events to the seats watching it, each redacted for its seat.

Each WebSocket connection is a :class:`Subscriber` with an outbox. When a command's events are
committed, :meth:`Hub.publish` renders them once per seat watching that table (with
:func:`fatekit.table.event_for`) and puts the rendered :class:`Batch` in every subscriber's
outbox. The connection's sender drains the outbox in order, so one slow socket never holds up the
others; a subscriber that falls more than ``limit`` batches behind is told to reconnect, and it
picks up from the store where it left off.

Messages (JSON objects, told apart by ``kind``):

- ``{"kind": "event", "event": {"type", "version", "seat", "at", "data"}}``: an event the seat
  may see;
- ``{"kind": "version", "version": N}``: the table reached version ``N`` through events this seat
  may not see (sent when a batch ends with such events, so the client's version still advances);
- for a connection that keeps the seat's live document (``?view=1``), after each batch:
  ``{"kind": "view", "version": N, "base": B, "patch": [...]}``, the JSON Patch
  (:mod:`fatekit.server.patch`) from the document at version ``B`` to the one at ``N``, or
  ``{"kind": "view", "version": N, "view": {...}}``, the whole document, when the hub has no
  document of the seat's at ``B`` to start from.

The hub keeps the last document of each seat that such a connection watches, and after each batch
builds again only the parts of it that read what the batch's events wrote
(:func:`fatekit.table.documents.refresh`), patching from those alone: a note costs each seat two
version numbers, whatever the table's age or size. Each event is converted once, and each message
encoded once for all the seats that receive it alike (:class:`Publication`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import count
from typing import Any

import msgspec

from fatekit.rules.core.errors import ForbiddenAction
from fatekit.server.patch import Operation, diff
from fatekit.table.documents import Change, refresh
from fatekit.table.event_views import event_seen
from fatekit.table.events import Event
from fatekit.table.extras import document_for
from fatekit.table.regions import regions_written
from fatekit.table.seeing import JSON, Shared, Viewer
from fatekit.table.serialize import own_fields
from fatekit.table.state import TableState

__all__ = ["Batch", "Close", "Hub", "Line", "Publication", "Subscriber", "dumps", "render"]

#: One outgoing message: the version it brings the client to, and its JSON text.
Line = tuple[int, str]


def dumps(message: dict[str, Any]) -> str:
    """A message as compact JSON text (encoded in C: every message of every socket goes
    through here)."""
    return _encode(message).decode()


def _plain(value: object) -> object:
    # A string or a number of a type of our own (a stress track's name is a str subclass, not
    # an Enum) is sent as the plain value it is, as json.dumps sends it.
    for kind in (str, bool, int, float):
        if isinstance(value, kind):
            return kind(value)
    raise TypeError(f"cannot send a {type(value).__name__} as JSON")


_encode = msgspec.json.Encoder(enc_hook=_plain).encode

#: The types of a slice's value whose patch is the same for every seat with the same change.
_PLAIN = (int, str, bool, float, type(None))


def render(events: Sequence[Event], state: TableState, seat: str) -> list[Line]:
    """The messages ``seat`` receives for ``events`` (redacted against ``state``).

    Events the seat may not see are left out; when the last of them is hidden, a ``version``
    message says how far the table got. Raises :class:`ForbiddenAction` for a seat no longer at
    the table.
    """
    return Publication(events, state).lines(Viewer(state, seat))


class Publication:
    """One publish of a table's events to the seats watching it: each event converted once, and
    each message encoded once for all the seats that receive it alike (a redaction class: the
    seats whose redacted event is the same value, such as every GM, and every player the event
    tells the same; for the live document, every seat whose patch is the same)."""

    def __init__(
        self,
        events: Sequence[Event],
        state: TableState,
        known: Mapping[int, JSON] | None = None,
    ) -> None:
        self.events = events
        self.state = state
        self.written = regions_written(events)
        # What every seat's document of this state works out alike, worked out once.
        self.shared = Shared(state)
        # Each event's own fields, converted once: by the repository on the way to the store
        # (``known``, by version), else here when a seat first needs them.
        known = known or {}
        self._fields: list[JSON | None] = [known.get(e.version) for e in events]
        self._texts: dict[tuple[str, int], list[tuple[JSON, str]]] = {}
        # A GM receives every event whole: what one GM's seat receives, every GM's does.
        self._gm_lines: tuple[Line, ...] | None = None
        # The operations of a plain slice's change, made once for every seat (see patch).
        self._plain: dict[tuple[object, ...], list[Operation]] = {}

    def lines(self, viewer: Viewer) -> list[Line]:
        """What :func:`render` gives, for the seat of ``viewer``."""
        if viewer.gm and self._gm_lines is not None:
            return list(self._gm_lines)
        lines: list[Line] = []
        hidden: int | None = None
        for index, event in enumerate(self.events):
            fields = self._fields[index]
            if fields is None:
                fields = self._fields[index] = own_fields(event)
            shown = event_seen(event, viewer, fields)
            if shown is None:
                hidden = event.version
                continue
            hidden = None
            lines.append(
                (event.version, self.text("event", index, {"kind": "event", "event": shown}))
            )
        if hidden is not None:
            lines.append((hidden, dumps({"kind": "version", "version": hidden})))
        if viewer.gm:
            self._gm_lines = tuple(lines)
        return lines

    def patch(self, changes: list[Change]) -> list[Operation]:
        """The JSON Patch of a seat's changed slices: a slice that held a plain value and holds
        another (the table's version) changed alike for every seat that had the same, so its
        operations are made once for all of them."""
        ops: list[Operation] = []
        for path, old, new in changes:
            if type(old) in _PLAIN and type(new) in _PLAIN:
                # The types are in the key: 1 == 1.0 == True, but each is written as it is.
                key = (path, type(old), old, type(new), new)
                found = self._plain.get(key)
                if found is None:
                    found = self._plain[key] = diff(old, new, path)
                ops += found
            else:
                ops += diff(old, new, path)
        return ops

    def text(self, kind: str, index: int, message: JSON) -> str:
        """``message`` as text: encoded once for every seat that receives the same."""
        known = self._texts.setdefault((kind, index), [])
        # Python's equality, which holds 1 == 1.0 == True: sound because every field of an
        # event and a part is typed, so no field holds true for one seat and 1 for another.
        for value, text in known:
            if value == message:
                return text
        text = dumps(message)
        known.append((message, text))
        return text


@dataclass(frozen=True, slots=True)
class Batch:
    """The rendered events of one command: versions ``first`` to ``last``."""

    first: int
    last: int
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class Close:
    """Tell the connection to close with this WebSocket code and reason."""

    code: int
    reason: str


@dataclass(eq=False, slots=True)
class Subscriber:
    """One connection watching one table from one seat.

    ``outbox`` carries :class:`Batch` items from the hub, :class:`Close` when the hub wants the
    connection gone, and plain strings (pings, acknowledgements) from the connection itself.
    """

    table_id: str
    seat: str
    document: bool = False  # whether it keeps the seat's live document (view messages)
    outbox: asyncio.Queue[Batch | Close | str] = field(default_factory=asyncio.Queue)
    id: int = field(default_factory=count().__next__)
    pending: int = 0  # batches in the outbox not yet sent
    closing: bool = False

    def close(self, code: int, reason: str) -> None:
        """Ask the connection to close (once)."""
        if not self.closing:
            self.closing = True
            self.outbox.put_nowait(Close(code, reason))


#: Close codes the server uses (4000-4999 are the application's own).
CLOSE_LINK = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NO_TABLE = 4404
CLOSE_BEHIND = 4409
CLOSE_TOO_BIG = 4413
CLOSE_MALFORMED = 4422
CLOSE_UNAVAILABLE = 1013  # the standard code for "try again later": the store is failing


class Hub:
    """Who watches which table, and the fan-out of new events to them.

    Runs on the event loop only (no locks): :meth:`publish` must be called in version order for a
    table, which the server ensures by publishing under the table's lock.
    """

    def __init__(self, limit: int = 512) -> None:
        self.limit = limit
        self._tables: dict[str, set[Subscriber]] = {}
        # (table, seat) -> (version, document): the last document sent to the seat's watchers.
        self._documents: dict[tuple[str, str], tuple[int, dict[str, Any]]] = {}

    def subscribe(self, table_id: str, seat: str, *, document: bool = False) -> Subscriber:
        """Start receiving the table's new events (call before reading the backlog, so nothing
        committed in between is missed); with ``document``, the seat's live document too."""
        subscriber = Subscriber(table_id, seat, document)
        self._tables.setdefault(table_id, set()).add(subscriber)
        return subscriber

    def unsubscribe(self, subscriber: Subscriber) -> None:
        """Stop delivering to a subscriber."""
        watching = self._tables.get(subscriber.table_id)
        if watching is not None:
            watching.discard(subscriber)
            if not any(s.document and s.seat == subscriber.seat for s in watching):
                self._documents.pop((subscriber.table_id, subscriber.seat), None)
            if not watching:
                del self._tables[subscriber.table_id]

    def watching(self, table_id: str) -> int:
        """How many connections watch the table."""
        return len(self._tables.get(table_id, ()))

    def seats(self, table_id: str) -> set[str]:
        """The seats with a connection watching the table."""
        return {s.seat for s in self._tables.get(table_id, ())}

    def tables(self) -> int:
        """How many tables have at least one connection watching."""
        return len(self._tables)

    def connections(self) -> int:
        """How many connections watch any table."""
        return sum(len(s) for s in self._tables.values())

    def publish(
        self,
        table_id: str,
        events: Sequence[Event],
        state: TableState,
        known: Mapping[int, JSON] | None = None,
    ) -> None:
        """Deliver committed events (versions in order, after every earlier publish);
        ``known``: the own fields of some of them (:func:`own_fields`), by version, already
        converted (read, never changed)."""
        watching = self._tables.get(table_id)
        if not watching or not events:
            return
        rendered: dict[tuple[str, bool], Batch | None] = {}
        publication = Publication(events, state, known)
        for subscriber in list(watching):
            if subscriber.closing:
                continue
            key = (subscriber.seat, subscriber.document)
            if key not in rendered:
                rendered[key] = self._render(table_id, subscriber, publication)
            batch = rendered[key]
            if batch is None:
                subscriber.close(CLOSE_FORBIDDEN, "this seat is no longer at the table")
            elif subscriber.pending >= self.limit:
                subscriber.close(
                    CLOSE_BEHIND, "too far behind: reconnect from the last version you saw"
                )
            else:
                subscriber.pending += 1
                subscriber.outbox.put_nowait(batch)

    def _render(
        self, table_id: str, subscriber: Subscriber, publication: Publication
    ) -> Batch | None:
        events = publication.events
        first, last = events[0].version, events[-1].version
        try:
            viewer = Viewer(publication.state, subscriber.seat, publication.shared)
            lines = publication.lines(viewer)
            if subscriber.document:
                line = self._document_line(table_id, viewer, first, publication)
                lines.append((last, line))
        except ForbiddenAction:
            return None  # the seat has left the table
        return Batch(first, last, tuple(lines))

    def remember(self, table_id: str, seat: str, version: int, document: dict[str, Any]) -> None:
        """The seat's document at ``version``, as a watcher of it was just sent (the next
        batch is patched from it)."""
        kept = self._documents.get((table_id, seat))
        if kept is None or kept[0] <= version:
            self._documents[(table_id, seat)] = (version, document)

    def _document_line(
        self, table_id: str, viewer: Viewer, first: int, publication: Publication
    ) -> str:
        state, seat = publication.state, viewer.seat.id
        kept = self._documents.get((table_id, seat))
        if kept is not None and kept[0] == first - 1:
            # Only the parts that read what the events wrote are built again, and compared.
            document, changes = refresh(kept[1], viewer, publication.written)
            self._documents[(table_id, seat)] = (state.version, document)
            patch = publication.patch(changes)
            message = {"kind": "view", "version": state.version, "base": kept[0], "patch": patch}
            return publication.text("view", 0, message)
        document = document_for(state, seat)
        self._documents[(table_id, seat)] = (state.version, document)
        return dumps({"kind": "view", "version": state.version, "view": document})

    def close_seat(self, table_id: str, seat: str, code: int, reason: str) -> int:
        """Close every connection of a seat (its links were revoked); return how many."""
        closed = 0
        for subscriber in list(self._tables.get(table_id, ())):
            if subscriber.seat == seat:
                subscriber.close(code, reason)
                closed += 1
        return closed
