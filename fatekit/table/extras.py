"""What a seat's page shows beside the view: each roll in play's outcome and its options, who has
acted this exchange, which borders between zones are impeded (each as the seat may see it), and
the skills each of the seat's characters may defend with against a split or zone attack waiting
to be aimed.

Derived from the state like the view, and sent with it: the socket's live document is the view
with these under ``extras``.
"""

from __future__ import annotations

from typing import Any

from fatekit.rules.core.actions import Chooser, CreateAspect, GainBoost, Hit
from fatekit.rules.core.errors import FateError
from fatekit.table.offers import defend_skills
from fatekit.table.play.rolls import resolution_of
from fatekit.table.seeing import Viewer, hide_difficulty_of_roll
from fatekit.table.state import RollInPlay, RollKind, TableState
from fatekit.table.views import table_view

__all__ = ["document_for", "extras_for"]


def extras_for(state: TableState, seat: str) -> dict[str, Any]:
    """The extras of ``seat`` (raises :class:`~fatekit.rules.ForbiddenAction` for a seat that is
    not at the table)."""
    viewer = Viewer(state, seat)
    resolutions = {r.id: _resolution(state, r, viewer) for r in state.rolls.values()}
    first = state.conflict_roll() or next(iter(state.rolls.values()), None)
    out: dict[str, Any] = {
        "version": state.version,
        "resolution": None if first is None else resolutions[first.id],
        "resolutions": resolutions,
        "acted": [],
    }
    conflict = state.conflict
    if conflict is not None:
        out["acted"] = sorted(conflict.turns.exchange.acted)
    out["defend_skills"] = defend_skills(state, seat)
    scene = state.game.scene
    impeded: list[dict[str, Any]] = []
    if scene is not None and scene.zones is not None:
        zones = scene.zones
        for a in sorted(zones.zones):
            for b in sorted(zones.neighbours(a)):
                if a < b:
                    seen = [x for x in zones.impediments(a, b) if viewer.sees_aspect_id(x)]
                    if seen:
                        impeded.append({"between": [a, b], "aspects": seen})
    out["impediments"] = impeded
    return out


def _resolution(state: TableState, in_play: RollInPlay, viewer: Viewer) -> dict[str, Any] | None:
    """What a roll in play's outcome offers as things stand, and who chooses. A contest's
    overcome offers no choice: its effort counts once its roller settles it."""
    if in_play.roll.dice is None:
        return None
    if in_play.kind is RollKind.CONTEST:
        return {
            "outcome": None,
            "shifts": None,
            "chosen_by": Chooser.ACTOR.value,
            "effort": in_play.roll.effort,
            "options": [],
        }
    try:
        found = resolution_of(state, in_play)
    except FateError:
        return None
    if found is None:
        return None
    out: dict[str, Any] = {
        "outcome": found.outcome.value,
        "shifts": found.shifts,
        "chosen_by": found.chosen_by.value,
        "options": [
            {
                "key": option.key,
                "names_aspect": any(isinstance(x, CreateAspect) for x in option.effects),
                "boosts": sorted({x.to.value for x in option.effects if isinstance(x, GainBoost)}),
                "hit": next((x.shifts for x in option.effects if isinstance(x, Hit)), None),
            }
            for option in found.options
        ],
    }
    if viewer.hides_roll_numbers(in_play):
        hide_difficulty_of_roll(out)
    return out


def document_for(state: TableState, seat: str) -> dict[str, Any]:
    """The live document a seat's page holds: its view, with its extras under ``extras``."""
    document = table_view(Viewer(state, seat))
    document["extras"] = extras_for(state, seat)
    return document
