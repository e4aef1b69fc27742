"""Tables kept in an event store: load a table (snapshot, then the events after it), run a
command and append its events, durably and at most once per idempotency key.

This is the seam between :mod:`fatekit.table` (pure) and an :class:`EventStore` (durable). The
server calls :meth:`TableRepository.execute` for every command and pushes the returned events,
redacted per seat with :func:`fatekit.table.event_for`.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fatekit.rules.core.dice import DiceSource
from fatekit.rules.core.errors import BadInput
from fatekit.store.base import (
    EventStore,
    NewEvent,
    Snapshot,
    StoredEvent,
    VersionConflict,
    payload_bytes,
)
from fatekit.table.commands import Command, CreateTable
from fatekit.table.events import Event
from fatekit.table.export import LogEntry
from fatekit.table.facts import Watched
from fatekit.table.fold import apply_in_place
from fatekit.table.handle import Waiver, commit, decide
from fatekit.table.play.safety import ANONYMOUS, RaiseSignal
from fatekit.table.read_only import ReadOnly, TableReadOnly
from fatekit.table.serialize import (
    command_to_json,
    event_from_payload,
    event_payload,
    own_fields,
)
from fatekit.table.snapshot import SNAPSHOT_FORMAT, copy_state, decode_snapshot, encode_snapshot
from fatekit.table.state import TableState
from fatekit.table.unfolded import open_read_only

__all__ = [
    "BACKOFF",
    "MAX_BACKOFF",
    "Executed",
    "StoreHistory",
    "TableFull",
    "TableLimits",
    "TableRepository",
    "as_written",
    "check_limits",
    "logged",
    "scoped_key",
    "to_event",
    "to_new_event",
]


def scoped_key(seat: str, key: str, command: Command) -> str:
    """The key the store keeps for a seat's idempotency key used with a command: a replay is
    only for the same seat sending the same command (a key another seat chose, or the same key
    sent with another command, finds nothing, so no seat sees events it did not ask for).

    A safety signal is the exception: its event names no seat, so neither does its key (the
    store's row must not say who raised it), and its events are every seat's to read anyway."""
    if isinstance(command, RaiseSignal):
        seat = ANONYMOUS
    text = json.dumps([seat, key, command_to_json(command)], sort_keys=True)
    return "k1:" + hashlib.sha256(text.encode("ascii")).hexdigest()


def to_new_event(event: Event, own: dict[str, Any] | None = None) -> NewEvent:
    """The store's form of a table event (``own``: its :func:`own_fields`, when the caller has
    them already)."""
    return NewEvent(type(event).__name__, event_payload(event, own), event.seat, event.at)


def logged(entry: LogEntry) -> NewEvent:
    """The store's form of an event as a table file wrote it: its payload kept as written."""
    return NewEvent(entry.type, entry.payload, entry.seat, entry.at)


def as_written(stored: StoredEvent) -> LogEntry:
    """A stored event exactly as it was written (for a table file)."""
    return LogEntry(
        stored.type, stored.version, stored.seat or "", stored.timestamp, stored.payload
    )


def to_event(stored: StoredEvent) -> Event:
    """The table event a stored record holds."""
    return event_from_payload(
        stored.type,
        stored.payload,
        table_id=stored.table_id,
        version=stored.version,
        seat=stored.seat or "",
        at=stored.timestamp,
    )


@dataclass(frozen=True, slots=True)
class StoreHistory:
    """A table's past as an undo reads it (:class:`fatekit.table.history.History`): the events
    and the snapshots in the store. Undo is rare; this reads what it needs when it is asked."""

    store: EventStore
    table_id: str

    def undos(self, before: int) -> list[tuple[int, int]]:
        """``(version, target)`` of the table's undos before ``before``."""
        found: list[tuple[int, int]] = []
        for stored in self.store.read(self.table_id, 0):
            if stored.type == "Undone" and stored.version < before:
                data = stored.data()
                assert isinstance(data, dict)  # the store holds only JSON objects
                found.append((stored.version, int(data["target_version"])))
        return found

    def events(self, after: int, before: int) -> list[Event]:
        """The table's events after ``after`` and before ``before``."""
        return [to_event(s) for s in self.store.read(self.table_id, after) if s.version < before]

    def snapshot(self, before: int) -> TableState | None:
        """The latest readable snapshot before ``before``, freshly decoded."""
        if before <= 1:
            return None
        found = self.store.load_snapshot(self.table_id, at_most=before - 1)
        return None if found is None else decode_snapshot(found.format, found.payload)


@dataclass(frozen=True, slots=True)
class Executed:
    """A command's result: its events as stored and the table after them.

    ``replayed`` is true when the idempotency key had been used: these are the original events,
    nothing was applied again. ``fields``: each event's own fields (:func:`own_fields`), converted
    once on the way to the store and kept for whoever sends the events on (the server's
    sockets), to be read and never changed; empty for a replay.
    """

    events: tuple[Event, ...]
    state: TableState
    replayed: bool = False
    fields: tuple[dict[str, Any], ...] = ()


#: Seconds: the longest pause before the first retry; it doubles with each retry, to at most
#: :data:`MAX_BACKOFF`.
BACKOFF = 0.004
MAX_BACKOFF = 0.1


@dataclass(frozen=True, slots=True)
class TableLimits:
    """The most a table may hold: events in its log, characters, and bytes of event payloads.
    ``None`` is no limit. The server sets them from its caps (``fatekit serve --max-...``)."""

    events_per_table: int | None = None
    characters_per_table: int | None = None
    bytes_per_table: int | None = None


class TableFull(Exception):
    """New events would take a table past one of its :class:`TableLimits`; nothing was stored.
    ``limit`` names the field of :class:`TableLimits`, ``at_most`` its value."""

    def __init__(self, limit: str, at_most: int, detail: str) -> None:
        super().__init__(detail)
        self.limit = limit
        self.at_most = at_most
        self.detail = detail


def check_limits(
    limits: TableLimits,
    store: EventStore,
    table_id: str,
    current: int,
    had: int,
    after: TableState,
    events: Sequence[NewEvent],
    *,
    log_bytes: int | None = None,
) -> int | None:
    """Raise :class:`TableFull` if ``events`` would take the table past ``limits``: ``current``
    is its version and ``had`` its number of characters before them, ``after`` the table after
    them. The size of the log comes from the store, which keeps it as events are appended (by
    this process or another), so the check costs one small read at any length of history; or
    from ``log_bytes``, when the caller knows the size of the log through ``current``. Returns
    that size (``None`` when no limit needed it)."""
    most = limits.events_per_table
    if most is not None and current + len(events) > most:
        raise TableFull(
            "events_per_table",
            most,
            f"this table holds {current} events; it may hold at most {most}: "
            "export it and start a new one",
        )
    most = limits.characters_per_table
    has = len(after.game.characters)
    if most is not None and has > had and has > most:
        raise TableFull("characters_per_table", most, f"a table holds at most {most} characters")
    most = limits.bytes_per_table
    if most is None:
        return None
    held = store.log_bytes(table_id) if log_bytes is None else log_bytes
    size = held + payload_bytes(events)
    if size > most:
        raise TableFull(
            "bytes_per_table",
            most,
            f"this table's log would grow to {size} bytes; it may hold at most {most}",
        )
    return held


class TableRepository:
    """Tables over an :class:`EventStore`, with the latest state of each kept in memory.

    Safe to share between threads: commands to one table run one at a time (a lock per table).
    That lock holds within this process only. Other processes on the same database are kept in
    order by the store's unique (table id, version) key: every load reads the events appended
    since the cached state, and a command that loses the race to another writer is handled
    again on the new state (see :meth:`execute`) until it is stored, after a random pause of up
    to ``backoff`` seconds, doubled at each retry (to at most :data:`MAX_BACKOFF`).
    ``snapshot_every`` saves a snapshot
    whenever a table's version passes a multiple of it. A handled command whose events would
    take its table past ``limits`` is refused (:class:`TableFull`) before they are stored.
    """

    def __init__(
        self,
        store: EventStore,
        *,
        snapshot_every: int = 200,
        backoff: float = BACKOFF,
        limits: TableLimits = TableLimits(),
    ) -> None:
        self.store = store
        self.limits = limits
        self.snapshot_every = snapshot_every
        self.backoff = backoff
        self._states: dict[str, TableState] = {}
        # The facts' watch of each cached state after the command that left it (the state, its
        # version then, the watch): the next command starts from it if the state is unchanged.
        self._watched: dict[str, tuple[TableState, int, Watched]] = {}
        # (version, bytes): the bytes of a table's payloads through that version, as the
        # store counts them (log_bytes), kept up as its events are read and appended here, so
        # that the size limit costs no read of the store a command. Stored events never change,
        # so an entry stays true for its version whatever happens after.
        self._sizes: dict[str, tuple[int, int]] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._locking = threading.Lock()

    def _lock(self, table_id: str) -> threading.Lock:
        with self._locking:
            return self._locks.setdefault(table_id, threading.Lock())

    def holds(self, table_id: str) -> bool:
        """Whether a state of the table is held here, so the table exists (a table is never
        deleted): a caller may skip asking the store. False says nothing (not loaded yet, or
        being changed this very moment): ask the store then."""
        return table_id in self._states

    def load(self, table_id: str) -> TableState:
        """The table as of its last stored event (raises :class:`BadInput` if there is none)."""
        with self._lock(table_id):
            return self._load(table_id)[0]

    def since(self, table_id: str, after: int) -> tuple[TableState, list[Event]]:
        """The table as of its last stored event, and its events after version ``after``.

        One read of the store serves both: whoever publishes a table's events (another process
        may have appended them) gets them with the state they lead to.
        """
        with self._lock(table_id):
            state, stored = self._load(table_id, after)
        # A table open read-only shows no event past those its state folded.
        return state, [to_event(s) for s in stored if after < s.version <= state.version]

    def _load(
        self, table_id: str, after: int | None = None
    ) -> tuple[TableState, list[StoredEvent]]:
        # The cached state is never ahead of the log, and events never change once stored: the
        # events after it, written by this process or any other, fold onto it, in place (the
        # cache owns it). A fold that fails leaves no half-folded state behind in the cache.
        cached = self._states.pop(table_id, None)
        kept = None
        if cached is not None and cached.read_only is not None:
            # Open read-only: each load tries the event that did not fold again, on a copy, so
            # the table opens whole as soon as this process folds it (nothing else changed).
            kept, cached = cached, copy_state(cached)
            cached.read_only = None
        if cached is None:
            snapshot = self.store.load_snapshot(table_id)
            if snapshot is not None:
                cached = decode_snapshot(snapshot.format, snapshot.payload)
        have = 0 if cached is None else cached.version
        stored = self.store.read(table_id, have if after is None else min(after, have))
        state = cached
        self._sized(table_id, have, stored)
        history = StoreHistory(self.store, table_id)
        for record in stored:
            if record.version > have:
                try:
                    state = apply_in_place(state, to_event(record), history=history)
                except Exception as error:
                    if state is None or record.version <= 1:
                        raise  # not even the table's creation reads: nothing to open
                    state = self._read_only(table_id, record, error, kept)
                    break
        if state is None:
            raise BadInput(f"there is no table {table_id!r}")
        self._states[table_id] = state
        return state, stored

    def _sized(self, table_id: str, have: int, stored: list[StoredEvent]) -> None:
        """Carry the known size of the table's log past the events just read after ``have``
        (all of them, in order: what the store holds after ``have``)."""
        known = self._sizes.get(table_id)
        fresh = [s for s in stored if s.version > have]
        if known is not None and known[0] == have and fresh:
            self._sizes[table_id] = (fresh[-1].version, known[1] + payload_bytes(fresh))

    def _read_only(
        self, table_id: str, record: StoredEvent, error: Exception, kept: TableState | None
    ) -> TableState:
        """The table as it stood before ``record``, which did not fold (``error``), open
        read-only (:mod:`fatekit.table.unfolded`). Nothing in the store changes."""
        why = ReadOnly.of(error, record.version, record.type)
        if kept is not None and kept.read_only == why:
            return kept  # as it was: the same event failed the same way
        # The failed fold may have left the state half changed: fold up to the event before it
        # again, from the latest snapshot before it (those events folded once already).
        through = record.version - 1
        found = self.store.load_snapshot(table_id, at_most=through)
        state = None if found is None else decode_snapshot(found.format, found.payload)
        history = StoreHistory(self.store, table_id)
        for earlier in self.store.read(table_id, 0 if state is None else state.version):
            if earlier.version > through:
                break
            state = apply_in_place(state, to_event(earlier), history=history)
        assert state is not None  # record is not the table's first event
        return open_read_only(state, why)

    def events(
        self, table_id: str, after_version: int = 0, through: int | None = None
    ) -> list[Event]:
        """The table's events after ``after_version`` (undone ones included), up to version
        ``through`` when given (a table open read-only: those its state folded)."""
        stored = self.store.read(table_id, after_version)
        return [to_event(s) for s in stored if through is None or s.version <= through]

    def log(self, table_id: str) -> list[LogEntry]:
        """The table's whole log exactly as it was written, whichever release wrote it (what a
        table file keeps; nothing in it is parsed, so a table open read-only exports whole)."""
        return [as_written(s) for s in self.store.read(table_id, 0)]

    def execute(
        self,
        table_id: str,
        command: Command,
        *,
        seat: str,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        dice: DiceSource | None = None,
        now: str | None = None,
        waiver: Waiver | None = None,
    ) -> Executed:
        """Handle ``command`` from ``seat`` and store its events; return them once stored.

        ``expected_version`` is the version the sender saw; when given and the table has moved
        on, :class:`VersionConflict` says what changed. Without it, a command that another
        process beat to the table's next version is handled again on the table as it is now,
        as many times as it loses (each loss means another writer's events were stored, so the
        table moves on; it is never refused for losing); this is safe because nothing was
        stored, and the dice a command leaves to the table are rolled inside the handling and
        recorded in its events.
        A repeated ``idempotency_key`` returns the original events without doing anything
        again, whichever process stored them, when the same seat sends the same command with it
        (:func:`scoped_key`): another seat's command, or another command, is never answered
        with events it did not make, and is handled as any command is. ``waiver`` is a GM's
        word over the rules for this command (:func:`fatekit.table.handle`).
        """
        with self._lock(table_id):
            for attempt in itertools.count(1):
                try:
                    return self._execute(
                        table_id,
                        command,
                        seat,
                        expected_version,
                        idempotency_key,
                        dice,
                        now,
                        waiver,
                    )
                except VersionConflict:
                    if expected_version is not None:
                        raise
                self.pause(attempt)
            raise AssertionError("unreachable: the loop ends by returning or raising")

    def pause(self, attempt: int) -> None:
        """Wait before handling again a command that lost the race ``attempt`` times."""
        # A loser that retried at once would start again just as the winner's commit let it go,
        # in step with the winner's next command, and could lose every time. A random pause
        # (full jitter, growing with each loss) lets the two fall out of step.
        if self.backoff > 0:
            time.sleep(random.uniform(0, min(MAX_BACKOFF, self.backoff * 2 ** (attempt - 1))))

    def _execute(
        self,
        table_id: str,
        command: Command,
        seat: str,
        expected_version: int | None,
        idempotency_key: str | None,
        dice: DiceSource | None,
        now: str | None,
        waiver: Waiver | None,
    ) -> Executed:
        if idempotency_key is not None:
            idempotency_key = scoped_key(seat, idempotency_key, command)
            earlier = self.store.lookup(table_id, idempotency_key)
            if earlier is not None:
                return self._replayed(table_id, earlier.events)
        state: TableState | None
        if isinstance(command, CreateTable):
            state = None
            if self.store.version(table_id) != 0:
                raise BadInput(f"table {table_id!r} already exists")
        else:
            state = self._load(table_id)[0]
            if state.read_only is not None:
                raise TableReadOnly(state.read_only)
        current = 0 if state is None else state.version
        if expected_version is not None and expected_version != current:
            raise VersionConflict(
                table_id, expected_version, current, self.store.read(table_id, expected_version)
            )
        drafts = decide(
            state, command, seat=seat, table_id=table_id, dice=dice, now=now, waiver=waiver
        )
        # From here the cached state changes in place, at the cost of what the command touches,
        # not of the whole table. If the rules refuse the events, or the store does not take
        # them, the cache is dropped and the next load reads the snapshot and the log again.
        self._states.pop(table_id, None)
        kept = self._watched.pop(table_id, None)
        watched = None
        if kept is not None and kept[0] is state and kept[1] == current:
            watched = kept[2]  # the same state, nothing folded into it since
        characters = 0 if state is None else len(state.game.characters)
        decision = commit(
            state,
            drafts,
            history=StoreHistory(self.store, table_id),
            waiver=waiver,
            watched=watched,
        )
        # Another writer may have appended since the load: the store's key refuses this append
        # then (VersionConflict), and the next attempt's load reads what it wrote.
        # Each event's fields are converted once, for the store here and the sockets later.
        fields = tuple(own_fields(e) for e in decision.events)
        new = [to_new_event(e, own) for e, own in zip(decision.events, fields, strict=True)]
        known = self._sizes.get(table_id)
        held = check_limits(
            self.limits,
            self.store,
            table_id,
            current,
            characters,
            decision.state,
            new,
            log_bytes=known[1] if known is not None and known[0] == current else None,
        )
        appended = self.store.append(table_id, current, new, idempotency_key)
        if appended.replayed:
            return self._replayed(table_id, appended.events)
        if held is not None:
            # The append found the log at ``current``, as it was when its size was read (the
            # read came after the load that reached ``current``): exact through its new version.
            self._sizes[table_id] = (appended.version, held + payload_bytes(new))
        self._states[table_id] = decision.state
        if decision.watched is not None:
            self._watched[table_id] = (decision.state, decision.state.version, decision.watched)
        self._maybe_snapshot(decision.state, current)
        return Executed(decision.events, decision.state, fields=fields)

    def _replayed(self, table_id: str, stored: tuple[StoredEvent, ...]) -> Executed:
        return Executed(tuple(to_event(s) for s in stored), self._load(table_id)[0], replayed=True)

    def _maybe_snapshot(self, state: TableState, before: int) -> None:
        every = self.snapshot_every
        if every > 0 and state.version // every > before // every:
            self.store.save_snapshot(
                Snapshot(state.table_id, state.version, SNAPSHOT_FORMAT, encode_snapshot(state))
            )

    def forget(self, table_id: str) -> None:
        """Drop the table's cached state (the next load reads the store)."""
        with self._lock(table_id):
            self._states.pop(table_id, None)
            self._watched.pop(table_id, None)
