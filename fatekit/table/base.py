"""The two kinds of message at a table: a :class:`Command` is what a seat asks for, an
:class:`Event` is what happened. Every domain in :mod:`fatekit.table.play` derives its own from
these.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Command:
    """Base of every command."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """What every event carries: where it belongs in which log, who caused it and when."""

    table_id: str
    version: int
    seat: str
    at: str  # ISO 8601, UTC
