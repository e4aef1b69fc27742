"""Upcasting: an event stored in an older shape, read as the shape its type has today.

Every event type has a schema version (``SCHEMA`` on its class, 1 unless raised). The store and a
table file keep it beside the event's fields (:mod:`fatekit.table.serialize`); a payload that has
none was written before events carried one, and is version 1. Reading an event of version ``n``
below its type's ``SCHEMA`` runs the type's upcasters from ``n`` on, one version at a time, each a
small function from the payload of one version to the payload of the next (as the eventsourcing
library's ``upcast_vN_vM``), and then reads the result as today's event.

To change an event's shape so that its older payloads no longer read as they are (a field
renamed, split, or given a meaning its default cannot carry), raise its ``SCHEMA`` by one and
register what turns the previous version into the new one::

    @upcasts(SomeEvent, 1)
    def _some_event_v1(data: dict[str, Any]) -> dict[str, Any]:
        return {**data, "new_field": ...}

A field added with a default that reads old payloads as they were needs no upcaster.

**Older facts.** An event holds the facts its decision computed (:mod:`fatekit.table.facts`),
which its fold assigns. Releases before issue 37 recorded fewer of them (``facts`` absent before
issue 28; then fate points, hits and consequences cleared, later the rolls' figures, free
invokes and sheets: :attr:`~fatekit.table.base.Facts.version` 1). Such an event folds through its
domain's *older* step (:func:`older`): what the move did, computed from what the event and the
table before it hold, trusting that the move was legal when it was played. An older step runs
no check (no rule is asked whether the move would be legal now) and is the rules' own
computation of the move's results at this release; what the event did record (fate points,
hits, consequences cleared, figures, free invokes, sheets) is then assigned over it
(:func:`fold_older`). Nothing stored is rewritten: the event keeps the facts it was written with.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from fatekit.rules.core.errors import BadInput
from fatekit.table.base import Event
from fatekit.table.facts import assign_older, watch_older
from fatekit.table.state import TableState

__all__ = ["OLDER", "UPCASTERS", "Upcaster", "fold_older", "older", "upcast", "upcasts"]

#: A step from one version's payload (an event's own fields as JSON) to the next's.
Upcaster = Callable[[dict[str, Any]], dict[str, Any]]

#: The upcasters of each event type, by the version each reads.
UPCASTERS: dict[type[Event], dict[int, Upcaster]] = {}


def upcasts(kind: type[Event], version: int) -> Callable[[Upcaster], Upcaster]:
    """Register the step that reads ``kind``'s payloads of ``version`` as ``version + 1``."""

    def register(step: Upcaster) -> Upcaster:
        steps = UPCASTERS.setdefault(kind, {})
        if version in steps:
            raise TypeError(f"{kind.__name__} already has an upcaster from version {version}")
        steps[version] = step
        return step

    return register


def upcast(kind: type[Event], version: int, data: dict[str, Any]) -> dict[str, Any]:
    """``data``, a payload of ``kind`` stored at ``version``, in the shape of today's ``kind``."""
    if version > kind.SCHEMA:
        raise BadInput(
            f"{kind.__name__} of schema version {version} was written by a newer fatekit "
            f"(this one reads up to {kind.SCHEMA})"
        )
    if version < 1:
        raise BadInput(f"{kind.__name__} has no schema version {version}")
    steps = UPCASTERS.get(kind, {})
    while version < kind.SCHEMA:
        step = steps.get(version)
        if step is None:  # a programming error: a version raised with no way up to it
            raise TypeError(f"{kind.__name__} has no upcaster from version {version}")
        data = step(data)
        version += 1
    return data


# -- events with older facts -------------------------------------------------------------------

#: How each event type folds when an older release recorded it (see the module's docstring).
OLDER: dict[type[Event], Callable[[TableState, Any], None]] = {}


#: An older step as a domain writes it (typed for its own events; several may share one).
S = TypeVar("S", bound=Callable[..., None])


def older(kind: type[Event]) -> Callable[[S], S]:
    """Register the older step of ``kind``: what an event of it that an older release recorded
    did, computed with no check from the event and the state before it."""

    def register(step: S) -> S:
        if kind in OLDER:
            raise TypeError(f"{kind.__name__} has an older step already")
        OLDER[kind] = step
        return step

    return register


def fold_older(state: TableState, event: Event) -> None:
    """Fold ``event``, recorded by an older release, into ``state``: its older step, and then
    the facts it did record assigned over what the step computed."""
    step = OLDER.get(type(event))
    if step is None:
        raise BadInput(f"unknown event type {type(event).__name__}")
    facts = event.facts
    watched = watch_older(state) if facts is not None else None
    step(state, event)
    if facts is not None:
        assert watched is not None
        assign_older(state, facts, watched)
