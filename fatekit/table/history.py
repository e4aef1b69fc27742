"""A table's history: the log that its state leaves out, as undo and the log pages read it.

The state holds only what the next command is checked against (:mod:`fatekit.table.state`).
Two things still need the past:

- **Undo.** An :class:`~fatekit.table.events.Undone` event rewinds the table to the events still
  in force before its target, as if the later ones had never happened. Folding it reads the log
  through a :class:`History`: which events are in force (:func:`in_force`), and a snapshot to
  start from so that rewinding a long table does not replay it from its first event.
- **The log a seat reads.** :func:`log_page` gives one page of the events a seat may see, newest
  first, from events read in that order (the store reads pages of its own).

An event is in force unless an ``Undone`` that came after it targets its version or an earlier
one: undo only ever takes events out, so that one test decides it, whatever came between.
"""

from __future__ import annotations

import sys
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from fatekit.table.events import Event, Undone
from fatekit.table.state import TableState

__all__ = [
    "LOG_PAGE",
    "MAX_LOG_PAGE",
    "EventLog",
    "History",
    "LogPage",
    "cutoffs",
    "in_force",
    "log_page",
]

_NEVER = sys.maxsize  # the cutoff of a version no undo came after

#: Entries in a page of the log, unless asked otherwise; and the most one page holds.
LOG_PAGE = 50
MAX_LOG_PAGE = 200


class History(Protocol):
    """Where a fold finds the table's past when an undo needs it."""

    def undos(self, before: int) -> list[tuple[int, int]]:
        """``(version, target_version)`` of every ``Undone`` before version ``before``."""

    def events(self, after: int, before: int) -> list[Event]:
        """The events with versions after ``after`` and before ``before``, in order."""

    def snapshot(self, before: int) -> TableState | None:
        """A private copy of the latest snapshot taken before version ``before``, if any."""


@dataclass(slots=True)
class EventLog:
    """A :class:`History` over events held in memory (a test's log, a file being imported)."""

    log: Sequence[Event]

    def undos(self, before: int) -> list[tuple[int, int]]:
        """See :meth:`History.undos`."""
        return [
            (e.version, e.target_version)
            for e in self.log
            if isinstance(e, Undone) and e.version < before
        ]

    def events(self, after: int, before: int) -> list[Event]:
        """See :meth:`History.events`."""
        return [e for e in self.log if after < e.version < before]

    def snapshot(self, before: int) -> TableState | None:
        """No snapshots: a rewind folds the log from its start."""
        return None


def cutoffs(undos: Iterable[tuple[int, int]]) -> Callable[[int], int]:
    """For each version, the smallest target of the undos that came after it.

    An event at version ``v`` is in force when ``v`` is below ``cutoff(v)``; a snapshot taken at
    ``s`` still holds when ``s`` is below ``cutoff(s)`` (nothing it folded was undone since).
    """
    ordered = sorted(undos)  # by the undo's own version
    versions = [at for at, _ in ordered]
    # smallest[i]: the smallest target among the undos from the i-th on.
    smallest = [_NEVER] * (len(ordered) + 1)
    for i in range(len(ordered) - 1, -1, -1):
        smallest[i] = min(ordered[i][1], smallest[i + 1])

    def cutoff(version: int) -> int:
        return smallest[bisect_right(versions, version)]

    return cutoff


def in_force(events: Iterable[Event], undos: Iterable[tuple[int, int]]) -> list[Event]:
    """The events (not undos) that no later undo has taken back."""
    cutoff = cutoffs(undos)
    return [e for e in events if not isinstance(e, Undone) and e.version < cutoff(e.version)]


@dataclass(frozen=True, slots=True)
class LogPage:
    """One page of a seat's log: ``entries`` newest first; ``before`` is the oldest version
    looked at (ask for the page before it next), ``more`` whether older entries may exist."""

    entries: tuple[dict[str, Any], ...]
    before: int | None
    more: bool


def log_page(
    newest_first: Iterable[Event],
    shown: Callable[[Event], dict[str, Any] | None],
    limit: int = LOG_PAGE,
) -> LogPage:
    """Up to ``limit`` entries from events read newest first, each as ``shown`` renders it for
    the seat (``None``: the seat may not see it, and it takes no place on the page)."""
    entries: list[dict[str, Any]] = []
    oldest: int | None = None
    for event in newest_first:
        oldest = event.version
        seen = shown(event)
        if seen is not None:
            entries.append(seen)
            if len(entries) == limit:
                break
    more = oldest is not None and oldest > 1
    return LogPage(tuple(entries), oldest, more)
