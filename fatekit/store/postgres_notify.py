"""Telling other processes that a table moved on: PostgreSQL NOTIFY on every append.

:class:`~fatekit.store.postgres.PostgresEventStore` sends one notification per append on its
channel (:data:`CHANNEL` unless told otherwise), inside the append's transaction. PostgreSQL
delivers it only once that transaction commits, to every session listening on the channel at the
time, and in commit order. The payload is ``"<table id>:<version>"``, the version being the
table's version after the append. A notification is a hint and not the event: a listener
that sees one reads the new events from the store by version, so a notification that got lost
(while a listener was reconnecting, say) costs nothing as long as the listener catches up from
the log, which :class:`Listener` lets it do each time it starts listening.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict

from fatekit.rules.core.errors import BadInput
from fatekit.store.base import MAX_ID_LENGTH

__all__ = ["CHANNEL", "AppendNotice", "Listener", "parse_notice"]

#: The channel appends are announced on by default.
CHANNEL = "fatekit_events"

_log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class AppendNotice:
    """Table ``table_id`` reached ``version`` (an append stored events up to it)."""

    table_id: str
    version: int


def parse_notice(payload: str) -> AppendNotice:
    """Read a notification's payload (``"<table id>:<version>"``).

    Table ids may contain colons, so the version is what follows the last one.
    Raises :class:`ValueError` for a payload in another form.
    """
    table_id, colon, version = payload.rpartition(":")
    if not colon or not table_id or not version.isdigit() or len(table_id) > MAX_ID_LENGTH:
        raise ValueError(f"not a fatekit append notice: {payload[:80]!r}")
    return AppendNotice(table_id, int(version))


def check_channel(channel: str) -> str:
    """Refuse a channel name PostgreSQL would truncate or that is blank."""
    if not channel or len(channel.encode()) > 63:
        raise BadInput("a channel name is 1 to 63 bytes")
    return channel


class Listener:
    """Listens on a channel over one dedicated connection, in a background thread.

    ``callback(notice)`` runs in that thread for each notification, in the order PostgreSQL
    delivered them; it should be quick (hand the notice to a queue or an event loop with
    ``loop.call_soon_threadsafe``). ``on_listen()`` runs in the same thread each time the
    ``LISTEN`` is in place, at the start and after every reconnection: anything appended before
    that moment may have gone unannounced to this listener, so that is when to read the log for
    what was missed. When the connection fails the listener waits ``retry_delay`` seconds and
    connects again until closed. Exceptions from the callbacks are logged and do not stop it.
    """

    def __init__(
        self,
        dsn: str,
        callback: Callable[[AppendNotice], None],
        *,
        channel: str = CHANNEL,
        on_listen: Callable[[], None] | None = None,
        retry_delay: float = 1.0,
        poll_interval: float = 0.1,
    ) -> None:
        self.dsn = dsn
        self.channel = check_channel(channel)
        self._callback = callback
        self._on_listen = on_listen
        self._retry_delay = retry_delay
        # How often the thread looks up from waiting to see whether it was closed.
        self._poll_interval = poll_interval
        self._stop = threading.Event()
        self._listening = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"listen:{channel}", daemon=True)

    def start(self, *, timeout: float = 10.0) -> Listener:
        """Start listening; return once the first ``LISTEN`` (and ``on_listen``) has run.

        Raises :class:`TimeoutError` if it has not within ``timeout`` seconds (the listener
        keeps trying in the background until closed).
        """
        self._thread.start()
        if not self._listening.wait(timeout):
            raise TimeoutError(f"not listening on {self.channel!r} after {timeout} s")
        return self

    @property
    def listening(self) -> bool:
        """Whether the ``LISTEN`` is in place now (false while the listener reconnects)."""
        return self._listening.is_set() and not self._stop.is_set()

    def close(self) -> None:
        """Stop listening and wait for the thread to end."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    def __enter__(self) -> Listener:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._listen_once()
            except psycopg.Error as error:
                self._listening.clear()
                _log.warning("listener on %r lost its connection: %s", self.channel, error)
                self._stop.wait(self._retry_delay)

    def _listen_once(self) -> None:
        named = "application_name" in conninfo_to_dict(self.dsn)
        extra: dict[str, Any] = {} if named else {"application_name": "fatekit-listener"}
        with psycopg.connect(self.dsn, autocommit=True, **extra) as conn:
            conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
            self._guarded(self._on_listen)
            self._listening.set()
            while not self._stop.is_set():
                for notify in conn.notifies(timeout=self._poll_interval):
                    try:
                        notice = parse_notice(notify.payload)
                    except ValueError:
                        _log.warning("ignoring a notification on %r: %r", self.channel, notify)
                        continue
                    self._guarded(self._callback, notice)

    def _guarded(self, call: Callable[..., None] | None, *args: object) -> None:
        if call is None:
            return
        try:
            call(*args)
        except Exception:
            _log.exception("a listener callback on %r failed", self.channel)
