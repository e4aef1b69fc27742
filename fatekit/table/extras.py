"""What a seat's page shows beside the view: each roll in play's outcome and its options, who has
acted this exchange, which borders between zones are impeded (each as the seat may see it), and
the skills each of the seat's characters may defend with against a split or zone attack waiting
to be aimed.

Derived from the state like the view, and sent with it: the socket's live document is the view
with these under ``extras``.
"""

from __future__ import annotations

import msgspec

from fatekit.rules.core.actions import Chooser, CreateAspect, GainBoost, Hit
from fatekit.rules.core.errors import FateError
from fatekit.rules.core.outcomes import Outcome
from fatekit.table.offers import defend_skills
from fatekit.table.parts import UNSET, Part, UnsetType, to_builtins
from fatekit.table.play.rolls import resolution_of
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.state import RollInPlay, RollKind, TableState
from fatekit.table.views import SeatView, table_view

__all__ = [
    "Document",
    "ExtrasPart",
    "document_for",
    "extras_for",
    "extras_seen",
    "seat_document",
    "seat_extras",
]


class OptionPart(Part, kw_only=True):
    """One way to take a roll's outcome: whether it names an aspect, the boosts it grants and
    the hit it deals."""

    key: str
    names_aspect: bool
    boosts: list[str]
    hit: int | None


class ResolutionPart(Part, kw_only=True):
    """What a roll in play's outcome offers as things stand, and who chooses (a contest's
    overcome: its effort, and no choice)."""

    outcome: Outcome | None
    shifts: int | None
    chosen_by: Chooser
    effort: int | UnsetType = UNSET
    options: list[OptionPart]
    difficulty_hidden: bool | UnsetType = UNSET


class ImpedimentPart(Part, kw_only=True):
    """A border between two zones, and the aspects impeding it that the seat sees."""

    between: list[str]
    aspects: list[str]


class ExtrasPart(Part, kw_only=True):
    """What a seat's page shows beside the view (the module's description says what)."""

    version: int
    resolution: ResolutionPart | None
    resolutions: dict[str, ResolutionPart | None]
    acted: list[str]
    defend_skills: dict[str, list[str]]
    impediments: list[ImpedimentPart]


def extras_for(state: TableState, seat: str) -> JSON:
    """:func:`seat_extras` as the JSON values ``/extras`` answers with."""
    found: JSON = to_builtins(seat_extras(state, seat))
    return found


def seat_extras(state: TableState, seat: str) -> ExtrasPart:
    """The extras of ``seat`` (raises :class:`~fatekit.rules.ForbiddenAction` for a seat that is
    not at the table)."""
    return extras_seen(Viewer(state, seat))


def extras_seen(viewer: Viewer) -> ExtrasPart:
    """The extras of the seat of ``viewer``."""
    state, seat = viewer.state, viewer.seat.id
    resolutions = {r.id: _resolution(state, r, viewer) for r in state.rolls.values()}
    first = state.conflict_roll() or next(iter(state.rolls.values()), None)
    conflict = state.conflict
    scene = state.game.scene
    impeded: list[ImpedimentPart] = []
    if scene is not None and scene.zones is not None:
        zones = scene.zones
        for a in sorted(zones.zones):
            for b in sorted(zones.neighbours(a)):
                # Not a border of a zone the seat may not know of (one the GM keeps hidden).
                if a < b and viewer.sees_zone(a) and viewer.sees_zone(b):
                    seen = [x for x in zones.impediments(a, b) if viewer.sees_aspect_id(x)]
                    if seen:
                        impeded.append(ImpedimentPart(between=[a, b], aspects=seen))
    return ExtrasPart(
        version=state.version,
        resolution=None if first is None else resolutions[first.id],
        resolutions=resolutions,
        acted=[] if conflict is None else sorted(conflict.turns.exchange.acted),
        defend_skills=defend_skills(state, seat),
        impediments=impeded,
    )


def _resolution(state: TableState, in_play: RollInPlay, viewer: Viewer) -> ResolutionPart | None:
    """What a roll in play's outcome offers as things stand, and who chooses. A contest's
    overcome offers no choice: its effort counts once its roller settles it."""
    if in_play.roll.dice is None:
        return None
    if in_play.kind is RollKind.CONTEST:
        return ResolutionPart(
            outcome=None,
            shifts=None,
            chosen_by=Chooser.ACTOR,
            effort=in_play.roll.effort,
            options=[],
        )
    try:
        found = resolution_of(state, in_play)
    except FateError:
        return None
    if found is None:
        return None
    out = ResolutionPart(
        outcome=found.outcome,
        shifts=found.shifts,
        chosen_by=found.chosen_by,
        options=[
            OptionPart(
                key=option.key,
                names_aspect=any(isinstance(x, CreateAspect) for x in option.effects),
                boosts=sorted({x.to.value for x in option.effects if isinstance(x, GainBoost)}),
                hit=next((x.shifts for x in option.effects if isinstance(x, Hit)), None),
            )
            for option in found.options
        ],
    )
    if viewer.hides_roll_numbers(in_play):
        out.shifts = None  # what would give a hidden difficulty away
        out.difficulty_hidden = True
    return out


class Document(SeatView, kw_only=True):
    """The live document a seat's page holds: its view, with its extras under ``extras``."""

    extras: ExtrasPart


def seat_document(state: TableState, seat: str) -> Document:
    """The live document a seat's page holds: its view, with its extras under ``extras``."""
    viewer = Viewer(state, seat)
    view = table_view(viewer)
    return Document(**msgspec.structs.asdict(view), extras=extras_seen(viewer))


def document_for(state: TableState, seat: str) -> JSON:
    """:func:`seat_document` as the JSON values the socket sends (and diffs)."""
    found: JSON = to_builtins(seat_document(state, seat))
    return found
