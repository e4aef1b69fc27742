"""The GM's corrections: a value set straight by hand, whatever the rules would have made of it.

A table errs (a fate point spent twice, a box checked on the wrong track, a consequence named
wrong, the turn given to the wrong fighter), and a group must be able to mend it without undoing
an evening. Each correction is the GM's alone and records the value it replaces, so every seat's
log says what changed from what to what (as far as the seat may see the thing corrected): fate
points (a character's, an NPC's carried ones, or the GM's pool), the boxes checked on a stress
track, a consequence written, renamed or cleared, an extreme consequence written in the place of
an aspect, renamed or taken back (the aspect it replaced returning), the free invokes someone
holds on an aspect, an aspect's name, and whose turn it is in a conflict.
"""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.aspects.aspects import Aspect, AspectKind, FreeInvoke
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.conditions import CONDITIONS
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity
from fatekit.rules.harm.stress import StressTrack
from fatekit.table import telling as say
from fatekit.table.base import Command, Event
from fatekit.table.deciding import Context, decides
from fatekit.table.facts import assign_facts, facts_of
from fatekit.table.folding import assigns, folds, judges
from fatekit.table.play.conflicts import conflict_in_play
from fatekit.table.regions import MOVE, moves, writes
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shown_whole, shows
from fatekit.table.state import TableState
from fatekit.table.telling import When, tells, when
from fatekit.table.upcasting import older

__all__ = [
    "MAX_CORRECTED_COUNT",
    "MAX_CORRECTED_FATE_POINTS",
    "AspectCorrected",
    "ConsequenceCorrected",
    "CorrectAspect",
    "CorrectConsequence",
    "CorrectExtreme",
    "CorrectFatePoints",
    "CorrectFreeInvokes",
    "CorrectStress",
    "CorrectTurn",
    "ExtremeCorrected",
    "FatePointsCorrected",
    "FreeInvokesCorrected",
    "StressCorrected",
    "TurnCorrected",
]

#: The most fate points a correction gives anyone (or the GM's pool).
MAX_CORRECTED_FATE_POINTS = 99
#: The most free invokes a correction gives one holder on one aspect.
MAX_CORRECTED_COUNT = 20
#: The longest name a corrected aspect or consequence may have.
MAX_NAME = 200

# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectFatePoints(Command):
    """Set fate points straight: a character's (for an NPC, what it carries to the GM's pool in
    later scenes), or with no ``character_id`` the GM's pool."""

    character_id: str | None = None
    fate_points: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectStress(Command):
    """Check exactly the boxes ``marked`` (from 0) on the character's stress track for ``track``
    (a kind of harm: ``physical``, ``mental``, ``any``, a rule set's own)."""

    character_id: str
    track: str
    marked: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectConsequence(Command):
    """Write the consequence ``name`` in the character's slot ``slot`` (from 0), or rename the
    one there; with no ``name``, clear the slot."""

    character_id: str
    slot: int
    name: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectExtreme(Command):
    """Set a character's extreme consequence straight. With ``replaces`` (a character aspect
    other than the high concept), write the extreme consequence ``name`` in its place; with
    ``consequence_id`` (an extreme consequence on the sheet), rename it to ``name`` or, with
    no ``name``, take it back: the aspect it replaced returns."""

    character_id: str
    consequence_id: str | None = None
    name: str | None = None
    replaces: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectFreeInvokes(Command):
    """Set how many free invokes ``holder`` has on an aspect in play."""

    aspect_id: str
    holder: str
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectAspect(Command):
    """Rename an aspect in play (a situation aspect, a character's, a consequence)."""

    aspect_id: str
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectTurn(Command):
    """Give the turn to ``current``, a fighter still in the conflict, between actions (no roll
    or hit is under way): they act now, and may act again this exchange if they had."""

    current: str


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class FatePointsCorrected(Event):
    """The GM set fate points to ``fate_points`` (they were ``was``)."""

    character_id: str | None
    fate_points: int
    was: int


@dataclass(frozen=True, slots=True, kw_only=True)
class StressCorrected(Event):
    """The GM checked exactly the boxes ``marked`` on a stress track (``was`` before)."""

    character_id: str
    track: str
    marked: tuple[int, ...]
    was: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ConsequenceCorrected(Event):
    """The GM wrote ``name`` in a consequence slot (``None``: cleared it); ``was`` is what the
    slot held. ``aspect_id`` is the consequence's id (a new one's, or the one cleared)."""

    character_id: str
    slot: int
    name: str | None
    was: str | None
    aspect_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ExtremeCorrected(Event):
    """The GM set an extreme consequence straight: ``consequence_id`` is its id, ``name`` its
    name now (``None``: taken back) and ``was`` its name before (``None``: written now). It
    takes, or took, the place of the aspect ``replaces``, named ``replaced_name``, of the kind
    ``replaced_kind``: what returns when it is taken back."""

    character_id: str
    consequence_id: str
    name: str | None
    was: str | None
    replaces: str
    replaced_name: str
    replaced_kind: AspectKind


@dataclass(frozen=True, slots=True, kw_only=True)
class FreeInvokesCorrected(Event):
    """The GM set ``holder``'s free invokes on an aspect to ``count`` (from ``was``)."""

    aspect_id: str
    holder: str
    count: int
    was: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AspectCorrected(Event):
    """The GM renamed an aspect to ``name`` (it was ``was``)."""

    aspect_id: str
    name: str
    was: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnCorrected(Event):
    """The GM gave the turn to ``current`` (it was ``was``'s)."""

    current: str
    was: str


# -- deciding ----------------------------------------------------------------------------------


def _bounded(value: int, most: int, what: str) -> int:
    if isinstance(value, bool) or not 0 <= value <= most:
        raise BadInput(f"{what} runs from 0 to {most}, not {value!r}")
    return value


def _name(text: str, what: str) -> str:
    name = text.strip()
    if not name or len(name) > MAX_NAME:
        raise BadInput(f"{what} needs a name of 1 to {MAX_NAME} characters")
    return name


@decides(CorrectFatePoints, gm="correct fate points")
def _correct_fate_points(context: Context, command: CorrectFatePoints) -> list[Event]:
    _bounded(command.fate_points, MAX_CORRECTED_FATE_POINTS, "fate points")
    ledger = context.state.game.ledger
    if command.character_id is None:
        was = ledger.gm.available
    else:
        context.state.require_character(command.character_id)
        was = ledger.account(command.character_id).available
    return [context.event_from(FatePointsCorrected, command, was=was)]


@decides(CorrectStress, gm="correct stress")
def _correct_stress(context: Context, command: CorrectStress) -> list[Event]:
    character = context.state.game.character(command.character_id)
    boxes = _track_of(character.stress, command.track).boxes
    if len(set(command.marked)) != len(command.marked) or any(
        isinstance(i, bool) or not 0 <= i < len(boxes) for i in command.marked
    ):
        raise BadInput(f"name boxes 0 to {len(boxes) - 1} of the track, each once")
    was = tuple(i for i, box in enumerate(boxes) if box.marked)
    marked = tuple(sorted(command.marked))
    return [context.event_from(StressCorrected, command, marked=marked, was=was)]


@decides(CorrectConsequence, gm="correct consequences")
def _correct_consequence(context: Context, command: CorrectConsequence) -> list[Event]:
    character = context.state.game.character(command.character_id)
    slots = character.consequences
    if isinstance(command.slot, bool) or not 0 <= command.slot < len(slots):
        raise BadInput(f"{character.name} has consequence slots 1 to {len(slots)}")
    slot = slots[command.slot]
    name = None if command.name is None else _name(command.name, "a consequence")
    if slot.condition is not None and name is not None:
        # A condition box is marked under the condition's own name.
        name = next(c.name for c in CONDITIONS if c.key == slot.condition)
    was = None if slot.aspect is None else slot.aspect.name
    if name is None and was is None:
        raise BadInput(f"{character.name}'s slot {command.slot + 1} holds nothing to clear")
    aspect_id = (
        slot.aspect.id if slot.aspect is not None else f"{character.id}/consequence/{command.slot}"
    )
    return [
        context.event_from(ConsequenceCorrected, command, name=name, was=was, aspect_id=aspect_id)
    ]


@decides(CorrectExtreme, gm="correct extreme consequences")
def _correct_extreme(context: Context, command: CorrectExtreme) -> list[Event]:
    character = context.state.game.character(command.character_id)
    name = None if command.name is None else _name(command.name, "an extreme consequence")
    if command.consequence_id is None:
        if command.replaces is None or name is None:
            raise BadInput("name the extreme consequence and the aspect it takes the place of")
        replaced = next((a for a in character.aspects if a.id == command.replaces), None)
        if replaced is None or not replaced.kind.is_character_aspect:
            raise BadInput(f"{character.name} has no character aspect {command.replaces!r}")
        if replaced.kind is AspectKind.HIGH_CONCEPT:
            raise BadInput("an extreme consequence never takes the place of the high concept")
        taken = {s.aspect.id for s in character.consequences if s.aspect is not None}
        number = 1 + sum(1 for s in character.consequences if s.severity is Severity.EXTREME)
        while f"{character.id}/extreme/{number}" in taken:
            number += 1
        return [
            context.event_from(
                ExtremeCorrected,
                command,
                consequence_id=f"{character.id}/extreme/{number}",
                name=name,
                was=None,
                replaces=replaced.id,
                replaced_name=replaced.name,
                replaced_kind=replaced.kind,
            )
        ]
    if command.replaces is not None:
        raise BadInput("an extreme consequence on the sheet keeps the aspect it replaced")
    slot = _extreme_slot(character.consequences, command.consequence_id)
    assert slot.aspect is not None
    if slot.replaced is not None:
        replaces, replaced_name, kind = slot.replaced.id, slot.replaced.name, slot.replaced.kind
    else:  # taken before the replaced aspect was kept: it returns as a character aspect
        replaces, replaced_name, kind = slot.aspect.id, slot.aspect.name, AspectKind.CHARACTER
    return [
        context.event_from(
            ExtremeCorrected,
            command,
            name=name,
            was=slot.aspect.name,
            replaces=replaces,
            replaced_name=replaced_name,
            replaced_kind=kind,
        )
    ]


def _extreme_slot(slots: list[ConsequenceSlot], consequence_id: str) -> ConsequenceSlot:
    for slot in slots:
        held = slot.aspect
        if slot.severity is Severity.EXTREME and held is not None and held.id == consequence_id:
            return slot
    raise BadInput(f"there is no extreme consequence {consequence_id!r} on this sheet")


@decides(CorrectFreeInvokes, gm="correct free invokes")
def _correct_free_invokes(context: Context, command: CorrectFreeInvokes) -> list[Event]:
    _bounded(command.count, MAX_CORRECTED_COUNT, "free invokes")
    aspect = context.state.game.find_aspect(command.aspect_id)
    context.state.require_character(command.holder)
    was = aspect.free_invokes_held_by(command.holder)
    return [context.event_from(FreeInvokesCorrected, command, was=was)]


@decides(CorrectAspect, gm="rename aspects")
def _correct_aspect(context: Context, command: CorrectAspect) -> list[Event]:
    aspect = context.state.game.find_aspect(command.aspect_id)
    name = _name(command.name, "an aspect")
    return [context.event_from(AspectCorrected, command, name=name, was=aspect.name)]


@decides(CorrectTurn, gm="give the turn")
def _correct_turn(context: Context, command: CorrectTurn) -> list[Event]:
    conflict = conflict_in_play(context.state)
    conflict.roster.fighter(command.current)
    return [context.event_from(TurnCorrected, command, was=conflict.turns.current)]


def _track_of(stress: dict[Track, StressTrack], key: str) -> StressTrack:
    try:
        track = Track(key)
    except ValueError as error:
        raise BadInput(str(error)) from None
    found = stress.get(track)
    if found is None:
        raise BadInput(f"no {key} stress track on this sheet")
    return found


# -- the fold ----------------------------------------------------------------------------------


@assigns(FatePointsCorrected)
def _fate_points_corrected(state: TableState, event: FatePointsCorrected) -> None:
    ledger = state.game.ledger
    if event.character_id is None:
        ledger.gm.available = event.fate_points
    else:
        ledger.account(event.character_id).available = event.fate_points
    state.game.sync_sheets()


@assigns(StressCorrected)
def _stress_corrected(state: TableState, event: StressCorrected) -> None:
    character = state.game.characters[event.character_id]
    track = character.stress[Track(event.track)]
    for i, box in enumerate(track.boxes):
        box.marked = i in event.marked


@assigns(ConsequenceCorrected)
def _consequence_corrected(state: TableState, event: ConsequenceCorrected) -> None:
    character = state.game.characters[event.character_id]
    slot = character.consequences[event.slot]
    if event.name is None:
        slot.clear()
    elif slot.aspect is not None:
        slot.aspect.name = event.name
    else:  # a consequence written in, as a new one is
        slot.clear()
        slot.aspect = Aspect(
            event.aspect_id, event.name, AspectKind.CONSEQUENCE, owner=character.id
        )


@assigns(ExtremeCorrected)
def _extreme_corrected(state: TableState, event: ExtremeCorrected) -> None:
    character = state.game.character(event.character_id)
    if event.was is None:  # written now, in the place of the aspect it names
        assert event.name is not None
        replaced = next(a for a in character.aspects if a.id == event.replaces)
        character.aspects.remove(replaced)
        slot = ConsequenceSlot.of(Severity.EXTREME)
        slot.written(
            Aspect(event.consequence_id, event.name, AspectKind.CONSEQUENCE, owner=character.id),
            taken_at=state.game.clock.mark(),
        )
        slot.replaced = replaced
        character.consequences.append(slot)
        return
    slot = _extreme_slot(character.consequences, event.consequence_id)
    if event.name is not None:
        assert slot.aspect is not None
        slot.aspect.name = event.name
        return
    character.consequences.remove(slot)
    back = slot.replaced
    if back is None:
        back = Aspect(event.replaces, event.replaced_name, event.replaced_kind, owner=character.id)
    character.aspects.append(back)


@assigns(FreeInvokesCorrected)
def _free_invokes_corrected(state: TableState, event: FreeInvokesCorrected) -> None:
    aspect = state.game.find_aspect(event.aspect_id)
    kept = [f for f in aspect.free_invokes if f.holder != event.holder]
    # One object per free invoke, as every other path builds them: a state folded again from
    # its facts then dumps byte for byte as the one corrected live (the agent's undo check).
    aspect.free_invokes[:] = kept + [FreeInvoke(event.holder) for _ in range(event.count)]
    if aspect.is_boost and event.count:
        aspect.gone = False


@assigns(AspectCorrected)
def _aspect_corrected(state: TableState, event: AspectCorrected) -> None:
    state.game.find_aspect(event.aspect_id).name = event.name


@judges(TurnCorrected)
def _judge_turn_corrected(state: TableState, event: TurnCorrected) -> None:
    conflict_in_play(state).turns.give_turn(event.current)


@folds(TurnCorrected)
def _turn_corrected(state: TableState, event: TurnCorrected) -> None:
    assign_facts(state, facts_of(event))


@older(TurnCorrected)
def _turn_corrected_older(state: TableState, event: TurnCorrected) -> None:
    conflict_in_play(state).turns.give_to(event.current)


# -- what each seat sees -----------------------------------------------------------------------

# The GM's corrections assign what they name: fate points, stress, consequences, free invokes,
# an aspect's name (on a sheet, in the scene or the setting: what a move's facts may assign,
# MOVE); the turn corrected, by its facts. ExtremeCorrected is left writing every region: no
# game of tests/table/test_incremental_documents.py plays it yet.
writes(
    MOVE,
    FatePointsCorrected,
    StressCorrected,
    ConsequenceCorrected,
    FreeInvokesCorrected,
    AspectCorrected,
)
moves((), TurnCorrected)


shown_whole(ConsequenceCorrected, TurnCorrected)


@shows(FatePointsCorrected, StressCorrected)
def _show_sheet_correction(
    viewer: Viewer, event: FatePointsCorrected | StressCorrected, data: JSON
) -> JSON | None:
    # An NPC's fate points and stress are on its sheet, which players see once revealed.
    who = event.character_id
    return data if who is None or viewer.sees_sheet(who) else None


@shows(ExtremeCorrected)
def _show_extreme_correction(viewer: Viewer, event: ExtremeCorrected, data: JSON) -> JSON:
    # The consequence is in plain sight; the aspect it replaced is the sheet's.
    if not viewer.sees_sheet(event.character_id):
        data["replaces"] = data["replaced_name"] = data["replaced_kind"] = None
    return data


@shows(FreeInvokesCorrected, AspectCorrected)
def _show_aspect_correction(
    viewer: Viewer, event: FreeInvokesCorrected | AspectCorrected, data: JSON
) -> JSON | None:
    return data if viewer.sees_aspect_id(event.aspect_id) else None


# How the log tells this domain's events (the page and Discord read the same declaration).
# The GM's corrections: what was set straight, from what to what.
tells(
    FatePointsCorrected,
    (when("FatePointsCorrected", "character_id"), when("FatePointsCorrected.pool")),
    who=say.who("character_id"),
    was=say.number("was"),
    to=say.number("fate_points"),
)
tells(
    StressCorrected,
    "StressCorrected",
    who=say.who("character_id"),
    track=say.track("track"),
    was=say.count("was"),
    to=say.count("marked"),
)
tells(
    ConsequenceCorrected,
    (
        when("ConsequenceCorrected.cleared", When("name", "null")),
        when("ConsequenceCorrected.written", When("was", "null")),
        when("ConsequenceCorrected.renamed"),
    ),
    who=say.who("character_id"),
    name=say.text("name", "aspect"),
    was=say.text("was", "aspect"),
)
tells(
    ExtremeCorrected,
    (
        when("ExtremeCorrected.taken_back", When("name", "null")),
        when("ExtremeCorrected.written", When("was", "null")),
        when("ExtremeCorrected.renamed"),
    ),
    who=say.who("character_id"),
    name=say.text("name", "aspect"),
    was=say.text("was", "aspect"),
    replaced=say.text("replaced_name", "aspect", fallback="harm.hidden_aspect"),
)
tells(
    FreeInvokesCorrected,
    "FreeInvokesCorrected",
    who=say.who("holder"),
    aspect=say.aspect("aspect_id"),
    was=say.number("was"),
    to=say.number("count"),
)
tells(
    AspectCorrected,
    "AspectCorrected",
    was=say.text("was", "aspect"),
    name=say.text("name", "aspect"),
)
tells(TurnCorrected, "TurnCorrected", who=say.who("current"), was=say.who("was"))
