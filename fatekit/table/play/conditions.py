"""A rule set's conditions (the Fate System Toolkit's) at the table: the GM marks one when the
story says a character suffers it (or as a cost), clears a sticky one when its event comes, and a
lasting one starts to recover with an overcome against Great (+4). Marking conditions against a
hit is part of absorbing it (:class:`~fatekit.table.play.conflicts.Absorb`'s ``conditions``);
fleeting ones clear as the scene ends and a recovering lasting one as a session ends.

The rules decide each move (:mod:`fatekit.rules.harm.toolkit_conditions`); the events record the
sheets' conditions as facts, which their folds assign.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Literal

from fatekit.rules.characters.character import Character
from fatekit.rules.core.errors import BadInput
from fatekit.rules.harm.toolkit_conditions import (
    ConditionKind,
    begin_recovery,
    check_clear,
    check_mark,
    check_recoverable,
    clear,
    mark,
    marked_as_recorded,
    recovery_begun,
)
from fatekit.table import telling as say
from fatekit.table.base import Command, Event
from fatekit.table.codec import Within
from fatekit.table.deciding import (
    Context,
    allowed,
    decides,
    play_goes_on,
    require_control,
    require_gm,
)
from fatekit.table.facts import assign_facts, facts_of
from fatekit.table.folding import folds, judges
from fatekit.table.parts import UNSET, AspectPart, Part, UnsetType
from fatekit.table.regions import moves
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shows
from fatekit.table.state import TableState
from fatekit.table.telling import tells, when
from fatekit.table.upcasting import older

__all__ = [
    "ClearCondition",
    "ConditionCleared",
    "ConditionMarked",
    "ConditionMove",
    "ConditionPart",
    "ConditionRecovering",
    "MarkCondition",
    "RecoverCondition",
    "SheetConditionPart",
    "condition_name",
    "condition_offers",
    "condition_parts",
    "sheet_conditions",
]

#: The bounds of an overcome's effort a seat reports (the ladder and well past it).
MAX_EFFORT = 30

# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkCondition(Command):
    """The GM marks ``character_id``'s condition ``key``: the story says they suffer it, or it
    is the cost of a success; ``by`` (if anyone) inflicted it and holds its free invoke."""

    character_id: str
    key: str
    by: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ClearCondition(Command):
    """The GM clears ``character_id``'s fleeting or sticky condition ``key``: the breath was
    caught, the story's event came (sleep for Exhausted, a meal for Hungry)."""

    character_id: str
    key: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RecoverCondition(Command):
    """The overcome against Great (+4) for ``character_id``'s lasting condition ``key`` reached
    ``effort``: at Great or better its recovery begins (one box erased)."""

    character_id: str
    key: str
    effort: Annotated[int, Within(-MAX_EFFORT, MAX_EFFORT)]


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ConditionMarked(Event):
    """The GM marked ``character_id``'s condition ``key``, called ``name`` by the rule set
    (``by``: who holds its free invoke)."""

    character_id: str
    key: str
    name: str
    by: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ConditionCleared(Event):
    """The GM cleared ``character_id``'s condition ``key`` (called ``name``)."""

    character_id: str
    key: str
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ConditionRecovering(Event):
    """``character_id``'s lasting condition ``key`` (called ``name``) began to recover after an
    overcome that reached ``effort``."""

    character_id: str
    key: str
    name: str
    effort: int


def condition_name(state: TableState, key: str) -> str:
    """The rule set's name for its condition ``key``; refused (``no_condition``) when it has
    none such."""
    specs = state.ruleset.preset.conditions
    found = next((s for s in specs if s.key == key), None)
    if found is None:
        known = ", ".join(s.key for s in specs) or "none"
        raise BadInput(
            f"no condition {key!r} in this rule set (its conditions: {known})",
            code="no_condition",
            condition=key,
        )
    return found.name


# The GM's alone, but offered per condition (ConditionPart.offers), not among the GM's moves
# for the whole table: a table whose rule set has no conditions offers neither.
@decides(MarkCondition)
def _mark(context: Context, command: MarkCondition) -> list[Event]:
    require_gm(context.seat, "mark conditions")
    name = condition_name(context.state, command.key)
    return [context.event_from(ConditionMarked, command, name=name)]


@decides(ClearCondition)
def _clear(context: Context, command: ClearCondition) -> list[Event]:
    require_gm(context.seat, "clear conditions")
    name = condition_name(context.state, command.key)
    return [context.event_from(ConditionCleared, command, name=name)]


@decides(RecoverCondition)
def _recover(context: Context, command: RecoverCondition) -> list[Event]:
    context.require_control(command.character_id, "recover from conditions")
    name = condition_name(context.state, command.key)
    return [context.event_from(ConditionRecovering, command, name=name)]


# -- the rules, as each move is decided ---------------------------------------------------------


@judges(ConditionMarked)
def _judge_marked(state: TableState, event: ConditionMarked) -> None:
    state.require_character(event.character_id)
    if event.by is not None:
        state.require_character(event.by)
    sheet = state.game.character(event.character_id)
    mark(sheet, state.ruleset.preset.conditions, event.key, by=event.by, clock=state.game.clock)


@judges(ConditionCleared)
def _judge_cleared(state: TableState, event: ConditionCleared) -> None:
    state.require_character(event.character_id)
    sheet = state.game.character(event.character_id)
    check_clear(sheet, state.ruleset.preset.conditions, event.key)
    clear(sheet, event.key)


@judges(ConditionRecovering)
def _judge_recovering(state: TableState, event: ConditionRecovering) -> None:
    state.require_character(event.character_id)
    sheet = state.game.character(event.character_id)
    specs = state.ruleset.preset.conditions
    begin_recovery(sheet, specs, event.key, event.effort, state.game.clock)


# -- the fold: the sheets' conditions as recorded ------------------------------------------------


@folds(ConditionMarked)
@folds(ConditionCleared)
@folds(ConditionRecovering)
def _condition_changed(
    state: TableState, event: ConditionMarked | ConditionCleared | ConditionRecovering
) -> None:
    assign_facts(state, facts_of(event))


@older(ConditionMarked)
def _marked_older(state: TableState, event: ConditionMarked) -> None:
    # No release before this one recorded conditions; kept for the fold's completeness.
    sheet = state.game.characters[event.character_id]
    spec = next(s for s in state.ruleset.preset.conditions if s.key == event.key)
    marked_as_recorded(sheet, spec, by=event.by, sessions=state.game.clock.sessions_ended)


@older(ConditionCleared)
def _cleared_older(state: TableState, event: ConditionCleared) -> None:
    clear(state.game.characters[event.character_id], event.key)


@older(ConditionRecovering)
def _recovering_older(state: TableState, event: ConditionRecovering) -> None:
    held = state.game.characters[event.character_id].conditions.get(event.key)
    if held is not None:
        recovery_begun(held, state.game.clock.sessions_ended)


# A condition marked, cleared or recovering is its sheet's facts (CHARACTERS): the parts that
# read the sheets are built again after it, not every part of every seat's document.
moves((), ConditionMarked, ConditionCleared, ConditionRecovering)


# -- what a seat sees and may do -----------------------------------------------------------------


@shows(ConditionMarked)
@shows(ConditionCleared)
@shows(ConditionRecovering)
def _show_condition(
    viewer: Viewer, event: ConditionMarked | ConditionCleared | ConditionRecovering, data: JSON
) -> JSON | None:
    # A sheet's conditions are on the sheet: a seat that has not met the character learns
    # nothing of them.
    return data if viewer.knows(event.character_id) else None


#: What a seat may do with one condition of a sheet, by the command's name.
ConditionMove = Literal["MarkCondition", "ClearCondition", "RecoverCondition"]


def condition_offers(viewer: Viewer, character_id: str, key: str) -> list[ConditionMove]:
    """What the seat may do with ``character_id``'s condition ``key`` now, by the checks the
    deciders make: mark or clear it (the GM), start a lasting one's recovery (a seat acting for
    the character; the overcome's effort is the seat's to report, and the rules judge it)."""
    state = viewer.state
    found: list[ConditionMove] = []
    sheet = state.game.characters.get(character_id)
    if sheet is None or not play_goes_on(state):
        return found
    specs = state.ruleset.preset.conditions
    if allowed(require_gm, viewer.seat, "mark conditions"):
        if allowed(check_mark, sheet, specs, key):
            found.append("MarkCondition")
        if allowed(check_clear, sheet, specs, key):
            found.append("ClearCondition")
    if allowed(require_control, state, viewer.seat, character_id, "recover") and allowed(
        check_recoverable, sheet, specs, key, state.game.clock
    ):
        found.append("RecoverCondition")
    return found


class ConditionPart(Part, kw_only=True):
    """One of the rule set's conditions on a sheet the seat knows of: its ``name`` and ``kind``,
    its ``boxes`` and how many are ``marked``, whether a lasting one is ``recovering``, the
    ``aspect`` it is while marked (``None``: not marked) and what the seat may do with it now."""

    key: str
    name: str
    kind: ConditionKind
    shifts: int
    boxes: int
    marked: int
    recovering: bool
    aspect: AspectPart | None
    offers: list[ConditionMove]


class SheetConditionPart(Part, kw_only=True):
    """A marked condition as the character file writes it (the sheet sent back keeps it)."""

    boxes: int
    taken_session: int
    recovering_session: int | None
    invokes: list[str]


def condition_parts(viewer: Viewer, character: Character) -> list[ConditionPart] | UnsetType:
    """Every condition of the rule set on ``character``'s sheet, as the seat sees it (unset at
    a table whose rule set has none)."""
    specs = viewer.state.ruleset.preset.conditions
    if not specs:
        return UNSET
    parts = []
    for spec in specs:
        held = character.conditions.get(spec.key)
        parts.append(
            ConditionPart(
                key=spec.key,
                name=spec.name,
                kind=spec.kind,
                shifts=spec.shifts,
                boxes=spec.boxes,
                marked=0 if held is None else held.boxes,
                recovering=held is not None and held.recovering_session is not None,
                aspect=None if held is None else viewer.aspect(held.aspect),
                offers=condition_offers(viewer, character.id, spec.key),
            )
        )
    return parts


def sheet_conditions(
    character: Character, holders: Callable[[str], bool] | None
) -> dict[str, SheetConditionPart] | UnsetType:
    """A sheet's marked conditions in the character file's shape (free invokes' holders of
    those the seat may know of)."""
    if not character.conditions:
        return UNSET
    return {
        key: SheetConditionPart(
            boxes=held.boxes,
            taken_session=held.taken_session,
            recovering_session=held.recovering_session,
            invokes=[
                f.holder for f in held.aspect.free_invokes if holders is None or holders(f.holder)
            ],
        )
        for key, held in character.conditions.items()
    }


# How the log tells this domain's events: the condition by the rule set's name, in the
# reader's language.
tells(
    ConditionMarked,
    (when("ConditionMarked.by", "by"), when("ConditionMarked")),
    who=say.who("character_id"),
    condition=say.conditions("key", "name"),
    by=say.who("by"),
)
tells(
    ConditionCleared,
    "ConditionCleared",
    who=say.who("character_id"),
    condition=say.conditions("key", "name"),
)
tells(
    ConditionRecovering,
    "ConditionRecovering",
    who=say.who("character_id"),
    condition=say.conditions("key", "name"),
    effort=say.number("effort"),
)
