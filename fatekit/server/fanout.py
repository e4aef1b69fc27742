"""Every table's committed events to the connections watching it here, whoever committed them.

Several server processes may share one database (PostgreSQL), each with its own :class:`Hub` of
WebSocket connections, so each must learn of the events the others commit. :class:`Fanout` keeps,
for every table watched in this process, the version through which its events have been handed to
the hub (``pushed``), and moves it forward from three directions:

- a command handled here publishes its own events, together with any committed before them that
  were not published yet (another process wrote them and its notice is still on the way);
- a notice from the store (PostgreSQL ``NOTIFY``, heard by the listener :meth:`Fanout.follow`
  runs) says that a table reached a version: the events after ``pushed`` are read from the log and
  published;
- whenever the listener (re)connects, notices may have been missed: every watched table is read.

Each of these runs under the table's lock and publishes only what comes after ``pushed``, so a
command and the notice of its own append never send an event twice, and events reach the hub in
version order. A connection also ignores what it has already sent and reads any gap from the
store itself (:mod:`fatekit.server.ws`): the version is the only thing anyone has to trust.

Link revocations travel the same way: the links of a table live in a stream of their own, whose
appends are announced too, and a connection here whose seat has no live link left is closed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Coroutine, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from fatekit.server.hub import CLOSE_FORBIDDEN, Hub, Subscriber
from fatekit.server.links import LinkRegistry, links_of
from fatekit.store.base import EventStore
from fatekit.store.tables import Executed, TableRepository
from fatekit.table.events import Event
from fatekit.table.seeing import JSON
from fatekit.table.state import TableState

if TYPE_CHECKING:
    from fatekit.store.postgres_notify import AppendNotice

__all__ = ["Fanout", "Listening", "Notifying"]

_log = logging.getLogger("fatekit.server")


class Listening(Protocol):
    """A running listener (:class:`fatekit.store.postgres_notify.Listener`)."""

    @property
    def listening(self) -> bool:
        """Whether notifications are being received now."""

    def close(self) -> None:
        """Stop listening."""


@runtime_checkable
class Notifying(Protocol):
    """A store that announces every append to every process (the PostgreSQL store)."""

    def listen(
        self,
        callback: Callable[[AppendNotice], None],
        *,
        on_listen: Callable[[], None] | None = None,
        retry_delay: float = 1.0,
    ) -> Listening:
        """Call ``callback`` for every append, from another thread."""


class Fanout:
    """Publishes each watched table's events to the hub once each, in version order.

    Runs on the event loop, like the hub; only :meth:`missed` is called from a worker thread
    (under the table's lock). ``pushed`` is kept only for tables watched here.
    """

    def __init__(self, hub: Hub, repo: TableRepository, links: LinkRegistry) -> None:
        self.hub = hub
        self.repo = repo
        self.links = links
        self.listener: Listening | None = None
        self._locks: dict[str, asyncio.Lock] = {}
        self._pushed: dict[str, int] = {}
        # Tables to read again, with the version a notice named (None: whatever the log holds).
        self._wanted: dict[str, int | None] = {}
        self._syncing: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    def lock(self, table_id: str) -> asyncio.Lock:
        """The table's lock: whatever changes or publishes the table runs under it."""
        return self._locks.setdefault(table_id, asyncio.Lock())

    # -- watchers -------------------------------------------------------------------------------

    async def watch(self, table_id: str, seat: str, *, document: bool = False) -> Subscriber:
        """Subscribe a connection to the table's new events (before it reads its backlog, so
        that whatever is committed meanwhile is queued for it), and with ``document`` to the
        seat's live document."""
        async with self.lock(table_id):
            if not self.hub.watching(table_id):
                # The first watcher here. Everything stored by now will be in its backlog, which
                # it reads after subscribing; what comes later is published from this version.
                store = self.repo.store
                self._pushed[table_id] = await asyncio.to_thread(store.version, table_id)
            return self.hub.subscribe(table_id, seat, document=document)

    def unwatch(self, subscriber: Subscriber) -> None:
        """Stop delivering to a connection."""
        self.hub.unsubscribe(subscriber)
        if not self.hub.watching(subscriber.table_id):
            self._pushed.pop(subscriber.table_id, None)

    # -- commands handled here ------------------------------------------------------------------

    def missed(self, table_id: str, executed: Executed) -> list[Event]:
        """The events committed before ``executed`` that were not published here yet (blocking;
        in the worker, under the table's lock, so ``pushed`` cannot move meanwhile)."""
        # A dict read from a worker thread is safe; the loop only removes the entry when the last
        # watcher leaves, and then nothing needs publishing.
        pushed = self._pushed.get(table_id)
        first = executed.events[0].version
        if executed.replayed or pushed is None or pushed >= first - 1:
            return []
        return [e for e in self.repo.events(table_id, pushed) if e.version < first]

    def publish_executed(self, table_id: str, executed: Executed, missed: Sequence[Event]) -> None:
        """Publish a command handled here (on the loop, under the table's lock)."""
        if not executed.replayed:
            # The fields the repository converted for the store are reused, not made again.
            known = {e.version: f for e, f in zip(executed.events, executed.fields, strict=False)}
            self.publish(table_id, [*missed, *executed.events], executed.state, known)

    def publish(
        self,
        table_id: str,
        events: Sequence[Event],
        state: TableState,
        known: Mapping[int, JSON] | None = None,
    ) -> None:
        """Hand the events after ``pushed`` to the hub, rendered against ``state`` (on the loop,
        under the table's lock); ``known``: events' own fields by version, already converted."""
        pushed = self._pushed.get(table_id)
        if pushed is None:
            return  # nobody watches this table here
        fresh = [e for e in events if e.version > pushed]
        if fresh:
            self.hub.publish(table_id, fresh, state, known)
            self._pushed[table_id] = fresh[-1].version

    # -- other processes ------------------------------------------------------------------------

    def heard(self, table_id: str, version: int) -> None:
        """The store says ``table_id`` reached ``version`` (on the loop)."""
        linked = links_of(table_id)
        if linked is not None:
            if self.hub.watching(linked):
                self._spawn(self._close_revoked(linked))
            return
        pushed = self._pushed.get(table_id)
        if pushed is not None and pushed < version:
            self._request(table_id, version)

    def relistened(self) -> None:
        """Notices may have been missed (the listener was away): read every watched table."""
        for table_id in list(self._pushed):
            self._request(table_id, None)
            self._spawn(self._close_revoked(table_id))

    def _request(self, table_id: str, version: int | None) -> None:
        if table_id in self._wanted:
            earlier = self._wanted[table_id]
            version = None if earlier is None or version is None else max(earlier, version)
        self._wanted[table_id] = version
        if table_id not in self._syncing:
            self._syncing.add(table_id)
            self._spawn(self._sync(table_id))

    async def _sync(self, table_id: str) -> None:
        # One task per table at a time; notices that arrive meanwhile only raise what it wants,
        # so a burst of them costs one read. Nothing awaits between the last look at _wanted and
        # leaving _syncing, so no request falls between the two.
        try:
            while table_id in self._wanted:
                wanted = self._wanted.pop(table_id)
                async with self.lock(table_id):
                    pushed = self._pushed.get(table_id)
                    if pushed is None or (wanted is not None and pushed >= wanted):
                        continue  # nobody watches any more, or it was published meanwhile
                    state, events = await asyncio.to_thread(self.repo.since, table_id, pushed)
                    self.publish(table_id, events, state)
        except Exception as error:
            # The next notice, or the catch-up when the listener reconnects, tries again.
            _log.warning("could not read table %r after a notice: %s", table_id, error)
        finally:
            self._syncing.discard(table_id)

    async def _close_revoked(self, table_id: str) -> None:
        try:
            live = await asyncio.to_thread(self.links.live_seats, table_id)
        except Exception as error:
            _log.warning("could not read the links of table %r: %s", table_id, error)
            return
        for seat in self.hub.seats(table_id) - live:
            self.hub.close_seat(table_id, seat, CLOSE_FORBIDDEN, "this link was revoked")

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)  # a task nobody references may be collected before it ends
        task.add_done_callback(self._tasks.discard)

    # -- listening ------------------------------------------------------------------------------

    @property
    def listening(self) -> bool:
        """False only while this process follows a store's notices and is not receiving them."""
        return self.listener is None or self.listener.listening

    @asynccontextmanager
    async def follow(self, store: EventStore, *, retry_delay: float = 1.0) -> AsyncIterator[None]:
        """Listen to the store's notices while the context is open (for the app's lifespan).

        A store that announces nothing (memory, SQLite: one process) needs no listener.
        """
        if not isinstance(store, Notifying):
            yield
            return
        loop = asyncio.get_running_loop()

        def hear(notice: AppendNotice) -> None:  # on the listener's thread
            loop.call_soon_threadsafe(self.heard, notice.table_id, notice.version)

        def relistened() -> None:
            loop.call_soon_threadsafe(self.relistened)

        listener = await asyncio.to_thread(
            store.listen, hear, on_listen=relistened, retry_delay=retry_delay
        )
        self.listener = listener
        try:
            yield
        finally:
            self.listener = None
            await asyncio.to_thread(listener.close)
            for task in list(self._tasks):
                task.cancel()
