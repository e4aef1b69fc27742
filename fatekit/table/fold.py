"""The fold: ``apply(state, event) -> state``, and a table's state as a fold over its log.

Each event is played through its domain's fold step with the dice the event recorded, and then
the facts it recorded as it was decided (:mod:`fatekit.table.facts`: the fate points each supply
held, the hits waiting) are assigned over what the rules of the day computed, so folding a log
always gives the same table, whatever the rules say now. Undo is an event
too: :class:`~fatekit.table.events.Undone` rebuilds the state from the events still in force, as
if the undone ones had never happened, while the log keeps them all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import fatekit.table.play  # noqa: F401  (each domain registers its fold steps)
from fatekit.rules.core.editions import Edition, folding_under
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.waivers import waiving
from fatekit.table.base import Event
from fatekit.table.facts import assign, observe
from fatekit.table.folding import FOLDS
from fatekit.table.history import EventLog, History, cutoffs
from fatekit.table.play.advancement import milestone_choice
from fatekit.table.play.notes import MAX_NOTE_LENGTH, Undone
from fatekit.table.play.people import (
    SeatAdded,
    SeatRemoved,
    TableCreated,
    new_table,
    parse_sheet,
)
from fatekit.table.play.rolls import choose_option, free_roll_resolution
from fatekit.table.play.safety import OUT_OF_PLAY
from fatekit.table.snapshot import copy_state
from fatekit.table.state import TableState

__all__ = [
    "MAX_NOTE_LENGTH",
    "apply",
    "apply_in_place",
    "choose_option",
    "fold",
    "fold_waiving",
    "free_roll_resolution",
    "milestone_choice",
    "parse_sheet",
]


# -- the public fold --------------------------------------------------------------------------


def apply(
    state: TableState | None, event: Event, *, history: History | Sequence[Event] | None = None
) -> TableState:
    """The table after ``event`` (``state`` is ``None`` before a table's first event).

    ``state`` itself is left as it was; an event the state cannot take raises and changes nothing.
    An :class:`Undone` reads the table's past from ``history`` (the log, or a :class:`History`).
    """
    working = None if state is None else copy_state(state)
    return apply_in_place(working, event, history=_history(history))


def fold(
    events: Iterable[Event],
    state: TableState | None = None,
    *,
    history: History | Sequence[Event] | None = None,
) -> TableState:
    """The table after ``events``, starting from ``state`` (a snapshot) or from nothing.

    Undos among the events read the past from ``history``; without one, from ``events`` themselves,
    which then must start at the table's creation.
    """
    listed = list(events)
    past = _history(history) if history is not None else EventLog(listed)
    working = None if state is None else copy_state(state)
    for event in listed:
        working = apply_in_place(working, event, history=past)
    if working is None:
        raise BadInput("there are no events to fold: a table starts with TableCreated")
    return working


def _history(history: History | Sequence[Event] | None) -> History | None:
    if history is None or isinstance(history, EventLog):
        return history
    if isinstance(history, Sequence):
        return EventLog(history)
    return history


def apply_in_place(
    state: TableState | None,
    event: Event,
    *,
    history: History | None = None,
    deciding: bool = False,
) -> TableState:
    """Fold one event into ``state`` itself (for callers that own it) and return the table after
    it: ``state`` itself, or for an :class:`Undone` a table rebuilt from ``history``.

    An event the state refuses may leave ``state`` half changed: callers that keep their state
    across a refusal fold into a copy, or drop it and load the table again. The rules the event
    records as waived are set aside while it folds, as they were when its command was handled.
    ``deciding`` folds a draft as its command is decided (:func:`~fatekit.table.handle.commit`):
    through today's rules, with no facts yet to assign.
    """
    return fold_waiving(state, event, event.waived, history, deciding=deciding)[0]


def fold_waiving(
    state: TableState | None,
    event: Event,
    waive: Iterable[str],
    history: History | None,
    *,
    deciding: bool = False,
) -> tuple[TableState, frozenset[str]]:
    """Fold ``event`` into ``state`` itself with the rules ``waive`` names set aside; return the
    table after it and the keys of those rules a check did set aside."""
    with waiving(waive) as waived:
        folded = _fold_one(state, event, history, deciding)
    return folded, frozenset(waived.used)


def _fold_one(
    state: TableState | None, event: Event, history: History | None, deciding: bool
) -> TableState:
    if isinstance(event, TableCreated):
        if state is not None:
            raise BadInput(f"table {state.table_id!r} already exists")
        state = new_table(event)
    else:
        if state is None:
            raise BadInput("a table's first event is TableCreated")
        if event.table_id != state.table_id:
            raise BadInput(f"event of table {event.table_id!r} given to {state.table_id!r}")
        if event.version <= state.version:
            raise BadInput(f"event version {event.version} is not after {state.version}")
        state.last_created = ()
        state.last_removed = ()
        if isinstance(event, Undone):
            if history is None:
                raise BadInput("an undo needs the table's log to rewind")
            before = state
            state = _undo(event, history)
            _keep_as_written(before, state, event.version)
        else:
            handler = FOLDS.get(type(event))
            if handler is None:
                raise BadInput(f"unknown event type {type(event).__name__}")
            if deciding:  # the rules of the day decide; commit records what they computed
                handler(state, event)
            elif event.facts is None:  # logged before events recorded facts: as it folded then
                with folding_under(Edition.FIRST):
                    handler(state, event)
            else:  # what the rules computed when it was decided, whatever they compute now
                watched = observe(state, event)
                handler(state, event)
                assert watched is not None
                assign(state, event.facts, watched)
        if state.game.scene is not None:  # whoever is in a scene has been met there
            state.met.update(state.game.scene.participants)
    state.version = event.version
    return state


#: Who sits at the table is not a move in the game: an undo rewinds play, never the people
#: seated (a player invited before the undone step keeps their seat and their link), nor a
#: safety signal raised or answered, nor a safety tool turned on or off.
SEATING = (SeatAdded, SeatRemoved, *OUT_OF_PLAY)


def _in_force(event: Event, cutoff: Callable[[int], int]) -> bool:
    if isinstance(event, Undone):
        return False
    return isinstance(event, SEATING) or event.version < cutoff(event.version)


def _keep_as_written(before: TableState, after: TableState, at: int) -> None:
    # What decides how a seat sees events already sent is kept as the log was written, so that
    # an undo at ``at`` never shows a seat more of them than it was sent.
    after.screen.carry_spans(before.screen, at)
    after.hazards |= before.hazards
    after.met |= before.met  # the events that introduced them were sent


def _undo(event: Undone, history: History) -> TableState:
    target = event.target_version
    earlier = history.undos(event.version)
    before = cutoffs(earlier)
    after = cutoffs([*earlier, (event.version, target)])
    undoable = [
        e
        for e in history.events(target - 1, event.version)
        if _in_force(e, before) and not isinstance(e, SEATING)
    ]
    if target < 2 or not undoable:
        raise BadInput(
            f"nothing at version {target} or later can be undone (the table's creation cannot be)"
        )
    # Start from the latest snapshot that no undo since has reached into.
    start: TableState | None = None
    look = target
    while (found := history.snapshot(look)) is not None:
        if found.version < after(found.version):
            start = found
            break
        look = found.version
    rebuilt = start
    for kept in history.events(0 if start is None else start.version, event.version):
        if _in_force(kept, after):
            rebuilt = apply_in_place(rebuilt, kept)
    assert rebuilt is not None  # the table's creation is never undone
    return rebuilt
