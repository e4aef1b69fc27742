"""The fold: ``apply(state, event) -> state``, and a table's state as a fold over its log.

Folding an event assigns what it recorded: what it says (the dice as they fell, the names
typed, who asked) and the facts its decision computed (:mod:`fatekit.table.facts`: who acts
next, the points moved, the boxes marked, the outcomes). No rule of play runs and no check
refuses, so a rule made stricter or corrected later changes the moves made after it, never the
table already played; deciding a command (:mod:`fatekit.table.handle`) is the only place the
rules run. An event an older release recorded with fewer facts folds through its upcaster
(:mod:`fatekit.table.upcasting`). Undo is an event too: :class:`~fatekit.table.events.Undone`
rebuilds the state from the events still in force, as if the undone ones had never happened,
while the log keeps them all.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence

import fatekit.table.play  # noqa: F401  (each domain registers its fold steps)
from fatekit.rules.core.errors import BadInput
from fatekit.table.base import FACTS_VERSION, Event
from fatekit.table.boards import in_the_open
from fatekit.table.folding import FOLDS
from fatekit.table.history import EventLog, History, cutoffs
from fatekit.table.play.advancement import milestone_choice
from fatekit.table.play.notes import MAX_NOTE_LENGTH, Undone
from fatekit.table.play.people import (
    SeatAdded,
    SeatRemoved,
    TableCreated,
    parse_sheet,
    table_as_recorded,
)
from fatekit.table.play.rolls import choose_option, free_roll_resolution
from fatekit.table.play.safety import OUT_OF_PLAY
from fatekit.table.snapshot import copy_state
from fatekit.table.state import TableState
from fatekit.table.upcasting import fold_older

__all__ = [
    "MAX_NOTE_LENGTH",
    "apply",
    "apply_in_place",
    "choose_option",
    "fold",
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
    state: TableState | None, event: Event, *, history: History | None = None
) -> TableState:
    """Fold one event into ``state`` itself (for callers that own it) and return the table after
    it: ``state`` itself, or for an :class:`Undone` a table rebuilt from ``history``.

    An event that does not belong after ``state`` (another table's, a version already folded)
    raises and may leave ``state`` half changed: callers that keep their state across such an
    error fold into a copy, or drop it and load the table again.
    """
    return step_in_place(state, event, history, _fold_step)


def step_in_place(
    state: TableState | None,
    event: Event,
    history: History | None,
    step: Callable[[TableState, Event], None],
) -> TableState:
    """``event`` taken into ``state`` by ``step`` (the fold's, or the rules' judgement as a
    command is decided), with what every event does besides: a table's creation, its place in
    the log, an undo's rewind."""
    if isinstance(event, TableCreated):
        if state is not None:
            raise BadInput(f"table {state.table_id!r} already exists")
        state = table_as_recorded(event)
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
            step(state, event)
            state.cards_drawn.extend(cards_in(event))
        if state.game.scene is not None:  # whoever is in a scene has been met there
            state.met.update(in_the_open(state.game.scene, state.board))
    state.version = event.version
    return state


def _fold_step(state: TableState, event: Event) -> None:
    if event.facts is not None and event.facts.version >= FACTS_VERSION:
        step = FOLDS.get(type(event))
        if step is None:
            raise BadInput(f"unknown event type {type(event).__name__}")
        step(state, event)  # what the event and its facts hold: assignment only
    else:
        fold_older(state, event)  # an older release's facts, upcast


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


def cards_in(event: Event) -> list[str]:
    """The Deck of Fate's cards an event records as drawn (``card:+0-+`` in any of its fields,
    a split attack's list of targets and results too), as ``+0-+``, in order."""
    found: list[str] = []

    def look(value: object) -> None:
        if isinstance(value, str):
            if value.startswith(CARD):
                found.append(value[len(CARD) :])
        elif isinstance(value, tuple | list):
            for item in value:
                look(item)

    if type(event).__name__ in _REPEATS:
        return found
    for name in _dice_fields(type(event)):
        look(getattr(event, name))
    return found


CARD = "card:"
#: Events that show again dice drawn by an earlier one (a secret roll revealed).
_REPEATS = frozenset({"SecretRollRevealed"})
_DICE_FIELDS: dict[type[Event], tuple[str, ...]] = {}


def _dice_fields(kind: type[Event]) -> tuple[str, ...]:
    # The fields that may hold dice: a draw is recorded where the dice are (faces, their lists).
    if kind not in _DICE_FIELDS:
        _DICE_FIELDS[kind] = tuple(
            f.name for f in dataclasses.fields(kind) if "faces" in f.name or f.name == "dice"
        )
    return _DICE_FIELDS[kind]
