"""A table this release cannot fold to its end opens read-only, and says why (issue 37).

A table's log outlives every release (docs/table.md, "History no upgrade can rewrite"). Should
one of its events ever fail to fold (a fold step's bug, a rule made stricter that a fold still
asks, an event a newer fatekit wrote), the table is neither refused nor dropped: it opens as it
stood just before that event, read-only, with a :class:`ReadOnly` that says which event and why.
It takes no new move (:class:`TableReadOnly`), since a move decided on a table that is missing
part of its story would contradict it; its log stays in the store exactly as it was written, and
a table file or campaign file exported from it holds every event. Once a release folds that
event again, the table opens whole: nothing was changed meanwhile.

A table whose very first event cannot be read has nothing to show: that one error stands
(it is still listed and kept, and ``fatekit campaign export`` still writes its file).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from fatekit.rules.core.errors import BadInput
from fatekit.table.events import Event
from fatekit.table.fold import apply_in_place
from fatekit.table.history import EventLog
from fatekit.table.read_only import ReadOnly, TableReadOnly
from fatekit.table.state import TableState

__all__ = ["ReadOnly", "TableReadOnly", "fold_what_folds", "open_read_only"]

log = logging.getLogger("fatekit.table")


def fold_what_folds(events: Sequence[Event]) -> TableState:
    """The table after ``events`` (a whole log, from the table's creation), or, if one of them
    does not fold, the table just before it, marked :class:`ReadOnly`. The error of the table's
    very first event is raised: there is nothing before it to open."""
    past = EventLog(events)
    state: TableState | None = None
    for index, event in enumerate(events):
        try:
            state = apply_in_place(state, event, history=past)
        except Exception as error:
            if state is None:
                raise
            # The failed fold may have left the state half changed: fold the events before it
            # again (they folded once, so they fold again).
            before: TableState | None = None
            for earlier in events[:index]:
                before = apply_in_place(before, earlier, history=past)
            assert before is not None
            return open_read_only(before, ReadOnly.of(error, event.version, type(event).__name__))
    if state is None:
        raise BadInput("there are no events to fold: a table starts with TableCreated")
    return state


def open_read_only(state: TableState, why: ReadOnly) -> TableState:
    """``state`` marked read-only for ``why``; the operator's log says so."""
    state.read_only = why
    log.warning(
        "table %r opens read-only at version %d: %s", state.table_id, state.version, why.sentence()
    )
    return state
