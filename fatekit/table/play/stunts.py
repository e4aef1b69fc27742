"""Stunts used on their own, not on a roll: a rule exception, a true detail, a boost out of
nowhere. A stunt used on a roll is named by the roll's command (:mod:`fatekit.table.play.rolls`).
"""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.aspects.stunt_uses import use_alone, used_alone
from fatekit.rules.core.errors import BadInput
from fatekit.table import telling as say
from fatekit.table.base import Command, Event
from fatekit.table.deciding import acts_for
from fatekit.table.facts import assign_facts, facts_of
from fatekit.table.folding import folds, judges
from fatekit.table.regions import moves
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shows
from fatekit.table.state import TableState
from fatekit.table.telling import tells, when
from fatekit.table.upcasting import older

__all__ = [
    "StuntUsed",
    "UseStunt",
]

# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class UseStunt(Command):
    """Use ``by``'s stunt named ``stunt`` on its own (the seat of ``by``): its fate point is
    paid and a use limited to a scene or session counted; ``note`` says what it did, in the
    player's words."""

    by: str
    stunt: str
    note: str = ""


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class StuntUsed(Event):
    """A stunt was used on its own."""

    by: str
    stunt: str
    note: str = ""


acts_for(UseStunt, StuntUsed, "use their stunts", lambda asked: asked.by)


@judges(StuntUsed)
def _judge_stunt_used(state: TableState, event: StuntUsed) -> None:
    state.require_character(event.by)
    sheet = state.game.character(event.by)
    stunt = next((s for s in sheet.stunts if s.name == event.stunt), None)
    if stunt is None:
        raise BadInput(f"{sheet.name} has no stunt {event.stunt!r}")
    scene = state.game.scene
    use_alone(
        state.game.stunt_uses,
        event.by,
        stunt,
        state.game.ledger,
        None if scene is None else scene.aspects,
        # A player's extra pays from its player's PC, as its story details do.
        payer=state.game.payer(event.by, state.players_pcs(event.by, event.seat)),
    )
    state.game.sync_sheets()


@folds(StuntUsed)
def _stunt_used(state: TableState, event: StuntUsed) -> None:
    assign_facts(state, facts_of(event))  # its use counted, its point paid, its boost


@older(StuntUsed)
def _stunt_used_older(state: TableState, event: StuntUsed) -> None:
    sheet = state.game.characters[event.by]
    stunt = next((s for s in sheet.stunts if s.name == event.stunt), None)
    if stunt is not None:
        scene = state.game.scene
        aspects = None if scene is None else scene.aspects
        used_alone(
            state.game.stunt_uses, event.by, stunt, state.game.ledger, aspects, counted=False
        )
    state.game.sync_sheets()


# A stunt used on its own: its facts (its use counted, its point paid, its boost).
moves((), StuntUsed)


@shows(StuntUsed)
def _show_stunt_used(viewer: Viewer, event: StuntUsed, data: JSON) -> JSON | None:
    # A stunt's name is on its owner's sheet: a seat that may not see the sheet (a hidden NPC's)
    # learns that a stunt was used, not which, nor what the GM wrote of what it did; of a
    # character it has not met, nothing.
    if not viewer.knows(event.by):
        return None
    if not viewer.sees_sheet(event.by):
        data["stunt"] = None
        data["note"] = ""
    return data


# How the log tells this domain's events (the page and Discord read the same declaration).
# A hidden NPC's stunt reaches the players unnamed.
tells(
    StuntUsed,
    (when("StuntUsed.note", "note"), when("StuntUsed")),
    who=say.who("by"),
    stunt=say.text("stunt", "strong", fallback="stunt.unnamed"),
    note=say.text("note"),
)
