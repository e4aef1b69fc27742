"""The event store's port: what every adapter offers and the values it trades in.

An :class:`EventStore` keeps one append-only log of events per table. Versions number a table's
events from 1 with no gaps; the pair (table id, version) is unique, which is what guards against two
writers changing a table at once. The store knows nothing of Fate: an event is a type name, a JSON
object (as text), the seat that caused it and when it was recorded.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from fatekit.rules.core.errors import BadInput, StaleState

__all__ = [
    "MAX_ID_LENGTH",
    "Appended",
    "CheckedEventStore",
    "EventStore",
    "NewEvent",
    "Snapshot",
    "StoreError",
    "StoredEvent",
    "VersionConflict",
    "check_append",
    "check_snapshot_version",
    "check_table_id",
    "numbered",
    "utc_now",
]

#: Table ids, type names and idempotency keys longer than this are refused as malformed.
MAX_ID_LENGTH = 200


def utc_now() -> str:
    """The current time as ISO 8601 in UTC, the form every timestamp in the store takes."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event to append: its type, its JSON payload (an object, as text), the acting seat and
    when it happened (the store fills in the time of the append when ``timestamp`` is ``None``)."""

    type: str
    payload: str
    seat: str | None = None
    timestamp: str | None = None


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event as the store keeps it: a :class:`NewEvent` with its table and version."""

    table_id: str
    version: int
    type: str
    payload: str
    seat: str | None
    timestamp: str

    def data(self) -> object:
        """The payload parsed from JSON."""
        return json.loads(self.payload)


@dataclass(frozen=True, slots=True)
class Appended:
    """What an append did: the events it stored, now at versions ``first_version..version``.

    ``replayed`` is true when the idempotency key had been seen: nothing new was stored and these
    are the events of the original append.
    """

    table_id: str
    first_version: int
    version: int
    events: tuple[StoredEvent, ...]
    replayed: bool = False


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A table's state folded up to ``version``, in a form only its writer understands.

    ``format`` names that form (a reader that does not know it ignores the snapshot and replays
    the log); ``payload`` is opaque bytes.
    """

    table_id: str
    version: int
    format: str
    payload: bytes


@dataclass(frozen=True, slots=True)
class StoredMap:
    """A scene's map image as a table keeps it: clean bytes (see :mod:`fatekit.formats.images`)
    named by their SHA-256, with their media type and size in pixels. Not an event: the event
    that sets a scene's map names the image by its hash."""

    hash: str
    media_type: str
    width: int
    height: int
    data: bytes


class StoreError(Exception):
    """The store itself cannot work (a database written by a newer fatekit, say)."""


class VersionConflict(StaleState):
    """The table moved on since the caller read it: ``actual`` is its version now and ``events``
    are the events after ``expected`` that the caller has not seen."""

    def __init__(
        self, table_id: str, expected: int, actual: int, events: Sequence[StoredEvent]
    ) -> None:
        types = ", ".join(e.type for e in events[:5]) + (", ..." if len(events) > 5 else "")
        super().__init__(
            f"table {table_id!r} is at version {actual}, not {expected}"
            + (f"; since then: {types}" if events else "")
        )
        self.table_id = table_id
        self.expected = expected
        self.actual = actual
        self.events = tuple(events)


class EventStore(ABC):
    """Where tables' events live. Adapters: in memory, SQLite and PostgreSQL.

    Every method may be called from any thread; see each adapter for what runs concurrently.
    Methods block (a durable append waits for the disk), so async code should call them through
    a worker thread (``asyncio.to_thread``).
    """

    @abstractmethod
    def append(
        self,
        table_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        idempotency_key: str | None = None,
    ) -> Appended:
        """Append ``events`` atomically after ``expected_version`` (0 for a new table).

        Raises :class:`VersionConflict` when the table is at another version, so either all the
        events are stored at ``expected_version + 1`` onwards or none is. With an
        ``idempotency_key`` already used for this table, nothing is stored and the original
        :class:`Appended` comes back (``replayed=True``), whatever the events and version given
        now: a retried command is applied once. The append returns only once the events are
        committed as durably as the adapter can.
        """

    @abstractmethod
    def lookup(self, table_id: str, idempotency_key: str) -> Appended | None:
        """The append made with this idempotency key, or ``None`` if there was none."""

    @abstractmethod
    def read(self, table_id: str, after_version: int = 0) -> list[StoredEvent]:
        """The table's events after ``after_version``, oldest first (empty for an unknown table)."""

    @abstractmethod
    def read_back(self, table_id: str, before: int | None, limit: int) -> list[StoredEvent]:
        """Up to ``limit`` of the table's events before version ``before`` (``None``: from the
        last), newest first: a page of its history, read backwards."""

    @abstractmethod
    def version(self, table_id: str) -> int:
        """The version of the table's last event (0 for an unknown table)."""

    @abstractmethod
    def log_bytes(self, table_id: str) -> int:
        """The size of the table's log: its events' payloads in UTF-8 bytes (0 for an unknown
        table). The sum is kept as events are appended (in SQL by a trigger, so every writer
        adds to it), so asking costs the same at any length of history."""

    @abstractmethod
    def list_tables(self) -> list[str]:
        """The ids of every table with at least one event, sorted."""

    @abstractmethod
    def save_snapshot(self, snapshot: Snapshot) -> None:
        """Keep a snapshot (replacing one of the same table and version).

        Its version must be one the table has reached.
        """

    @abstractmethod
    def load_snapshot(self, table_id: str, at_most: int | None = None) -> Snapshot | None:
        """The latest snapshot of the table, or the latest at or before version ``at_most``."""

    @abstractmethod
    def put_map(self, table_id: str, image: StoredMap) -> None:
        """Keep a map image for the table (keeping one it has already is no change). Each table
        keeps its own: a map is only ever read back through the table it was given to."""

    @abstractmethod
    def get_map(self, table_id: str, image_hash: str) -> StoredMap | None:
        """The table's map image of that hash, or ``None``."""

    @abstractmethod
    def map_hashes(self, table_id: str) -> list[str]:
        """The hashes of every map image the table keeps, sorted."""

    @abstractmethod
    def close(self) -> None:
        """Release the adapter's resources; it may not be used afterwards."""

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class CheckedEventStore(EventStore):
    """What the adapters share in front of their storage: :meth:`append` checks its arguments
    (with :func:`check_append`, the same in every adapter) and hands the checked events, their
    timestamps filled in, to the adapter's :meth:`_append`."""

    def append(
        self,
        table_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        idempotency_key: str | None = None,
    ) -> Appended:
        checked = check_append(table_id, expected_version, events, idempotency_key)
        return self._append(table_id, expected_version, checked, idempotency_key)

    @abstractmethod
    def _append(
        self, table_id: str, expected: int, events: list[NewEvent], key: str | None
    ) -> Appended:
        """Store checked ``events`` after version ``expected``, as :meth:`append` promises."""


# -- checks every adapter shares ------------------------------------------------------------------


def check_table_id(table_id: object) -> str:
    """Refuse a table id that is not a short non-blank string."""
    if not isinstance(table_id, str) or not table_id.strip():
        raise BadInput("a table id is a non-empty string")
    if len(table_id) > MAX_ID_LENGTH:
        raise BadInput(f"a table id has at most {MAX_ID_LENGTH} characters")
    return table_id


def check_snapshot_version(snapshot: Snapshot, reached: int) -> None:
    """Refuse a snapshot at a version its table (now at ``reached``) has not reached."""
    if not 1 <= snapshot.version <= reached:
        raise BadInput(
            f"table {snapshot.table_id!r} is at version {reached}; "
            f"no snapshot at version {snapshot.version}"
        )


def numbered(table_id: str, current: int, events: Sequence[NewEvent]) -> tuple[StoredEvent, ...]:
    """Checked ``events`` as the table stores them: numbered on from version ``current``."""
    return tuple(
        StoredEvent(table_id, current + n, e.type, e.payload, e.seat, e.timestamp or "")
        for n, e in enumerate(events, start=1)
    )


def payload_bytes(events: Iterable[NewEvent | StoredEvent]) -> int:
    """The UTF-8 bytes of the events' payloads, as :meth:`EventStore.log_bytes` counts them."""
    return sum(len(e.payload.encode()) for e in events)


def check_append(
    table_id: object,
    expected_version: object,
    events: Sequence[NewEvent],
    idempotency_key: object,
) -> list[NewEvent]:
    """Check an append's arguments; return the events with their timestamps filled in."""
    check_table_id(table_id)
    if (
        isinstance(expected_version, bool)
        or not isinstance(expected_version, int)
        or expected_version < 0
    ):
        raise BadInput(f"expected_version is a whole number of 0 or more, not {expected_version!r}")
    if idempotency_key is not None and (
        not isinstance(idempotency_key, str)
        or not idempotency_key
        or len(idempotency_key) > MAX_ID_LENGTH
    ):
        raise BadInput(f"an idempotency key is a string of 1 to {MAX_ID_LENGTH} characters")
    if not events:
        raise BadInput("an append needs at least one event")
    now = utc_now()
    checked = []
    for index, event in enumerate(events):
        if not isinstance(event, NewEvent):
            raise BadInput(f"event {index} is not a NewEvent")
        if not event.type or len(event.type) > MAX_ID_LENGTH:
            raise BadInput(f"event {index}: a type name of 1 to {MAX_ID_LENGTH} characters")
        try:
            parsed = json.loads(event.payload)
        except (TypeError, ValueError) as error:
            raise BadInput(f"event {index}: the payload is not JSON ({error})") from None
        if not isinstance(parsed, dict):
            raise BadInput(f"event {index}: the payload must be a JSON object")
        if event.seat is not None and not isinstance(event.seat, str):
            raise BadInput(f"event {index}: the seat is a string or None")
        checked.append(
            event
            if event.timestamp is not None
            else NewEvent(event.type, event.payload, event.seat, now)
        )
    return checked
