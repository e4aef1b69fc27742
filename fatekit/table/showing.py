"""The registry of what a seat receives of each event: every domain declares it for each of its
events, beside how the event is decided and folded, with one of

- :func:`shown_whole`: everyone receives it as it is;
- :func:`shown_to_gms`: only the GMs learn of it;
- :func:`shows`: a redaction, given the seat's :class:`~fatekit.table.seeing.Viewer`, the event
  and its fields as JSON, returns what the seat receives (``None``: nothing, not even that it
  happened).

A GM receives every event whole. An event no domain declares is never shown to anyone else
(:func:`fatekit.table.event_views.event_for` refuses it, and a test fails for it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from fatekit.table.base import Event
from fatekit.table.seeing import JSON, Viewer

__all__ = ["SHOWS", "Redaction", "shown_to_gms", "shown_whole", "shows"]

#: What a seat receives of an event, given its eyes, the event and the event's fields as JSON
#: (which it may change and return); ``None``: nothing.
Redaction = Callable[[Viewer, Any, JSON], JSON | None]

SHOWS: dict[type[Event], Redaction] = {}

R = TypeVar("R", bound=Redaction)


def shows(*kinds: type[Event]) -> Callable[[R], R]:
    """Register a redaction for the events of ``kinds``: what a seat that is not a GM receives."""

    def register(redaction: R) -> R:
        for kind in kinds:
            _declare(kind, redaction)
        return redaction

    return register


def _whole(viewer: Viewer, event: Event, data: JSON) -> JSON:
    return data


def _to_gms(viewer: Viewer, event: Event, data: JSON) -> None:
    return None


def shown_whole(*kinds: type[Event]) -> None:
    """Declare that every seat receives the events of ``kinds`` as they are: nothing in them is
    anyone's secret."""
    for kind in kinds:
        _declare(kind, _whole)


def shown_to_gms(*kinds: type[Event]) -> None:
    """Declare that only the GMs learn of the events of ``kinds``."""
    for kind in kinds:
        _declare(kind, _to_gms)


def is_whole(kind: type[Event]) -> bool:
    """Whether ``kind`` was declared shown whole (for the tests that check what such an event
    may carry)."""
    return SHOWS.get(kind) is _whole


def _declare(kind: type[Event], redaction: Redaction) -> None:
    if kind in SHOWS:  # a programming error: two domains would disagree on who sees it
        raise TypeError(f"{kind.__name__} already has a declared visibility")
    SHOWS[kind] = redaction
