"""The registries of how each event changes a table's state, one per reader:

- :func:`judges`: the rules' judgement of a drafted event while its command is decided
  (:func:`~fatekit.table.handle.commit`): every check of today's rules (an illegal move is
  refused here, naming its rule) and the state after the move as today's rules compute it. What
  the move changed is then recorded on the event as its facts (:mod:`fatekit.table.facts`).
- :func:`folds`: the fold of an event that holds its facts: assignment only. What the event
  says (the dice, the names typed, who was asked) is put in place and its facts are assigned;
  no rule of play runs, no check refuses, so a later release's stricter or corrected rules never
  change a move already made (:mod:`fatekit.table.fold` plays them).
- :func:`~fatekit.table.upcasting.older`: the fold of an event an older release recorded with
  less than today's facts (:mod:`fatekit.table.upcasting`).

A domain's judge is usually its checks and then the rules' own step; its fold puts what the
event and its facts hold in place. An event whose every effect is what it says (a note, a seat,
a setting's entry) takes one step for all three (:func:`assigns`), after the checks its judge
makes, if any.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from fatekit.rules.core.errors import BadInput
from fatekit.table.base import Event
from fatekit.table.facts import assign_facts, facts_of
from fatekit.table.state import TableState
from fatekit.table.upcasting import OLDER

__all__ = ["FOLDS", "JUDGES", "Step", "assigns", "check_created", "folds", "judges"]

#: One event's step: it changes the state it is given.
Step = Callable[[TableState, Any], None]

#: The fold of each event type: assignment of what the event and its facts hold.
FOLDS: dict[type[Event], Step] = {}
#: The rules' judgement of each event type as its command is decided.
JUDGES: dict[type[Event], Step] = {}


#: A step as a domain writes it (typed for its own events; several may share one).
S = TypeVar("S", bound=Callable[..., None])


def _registry(into: dict[type[Event], Step], kind: type[Event]) -> Callable[[S], S]:
    def register(handler: S) -> S:
        if kind in into:  # a programming error: two steps for one event
            raise TypeError(f"{kind.__name__} has that step already")
        into[kind] = handler
        return handler

    return register


def folds(kind: type[Event]) -> Callable[[S], S]:
    """Register the fold of ``kind``: how an event of it, with its facts, changes the state,
    assigning only."""
    return _registry(FOLDS, kind)


def judges(kind: type[Event]) -> Callable[[S], S]:
    """Register the rules' judgement of ``kind``: the checks and the step of today's rules, run
    only while a command is decided."""
    return _registry(JUDGES, kind)


def assigns(kind: type[Event]) -> Callable[[S], S]:
    """Register ``step`` as the whole of ``kind``: it puts what an event of it says in place,
    assigning only, whether folded with its facts (assigned after it), as an older release
    recorded it, or judged as its command is decided (after the checks of a judge registered
    before it, if any)."""

    def register(step: S) -> S:
        def fold(state: TableState, event: Event) -> None:
            step(state, event)
            assign_facts(state, facts_of(event))

        _registry(FOLDS, kind)(fold)
        if kind in OLDER:
            raise TypeError(f"{kind.__name__} has an older step already")
        OLDER[kind] = step
        JUDGES.setdefault(kind, step)
        return step

    return register


def check_created(recorded: str, made: str) -> None:
    # An empty id is a draft being tried; a recorded one must come out the same on replay.
    if recorded and recorded != made:
        raise BadInput(f"the log says aspect {recorded!r} was made, the rules made {made!r}")
