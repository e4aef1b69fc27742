"""What one seat may receive of an event: :func:`event_for` gives it redacted by the same
:class:`~fatekit.table.views.Viewer` that builds the seat's view, or ``None`` when the seat may not
learn of it at all. The server sends these over the socket and pages them in the log.
"""

from __future__ import annotations

from fatekit.rules.core.errors import BadInput
from fatekit.rules.options.countdowns import Countdown, Visibility
from fatekit.table import events as e
from fatekit.table.base import NamesAspect
from fatekit.table.codec import to_json
from fatekit.table.commands import ChangeKind, MilestoneChange
from fatekit.table.screen import hide_dice, hide_difficulty_of_roll, npc_dice_hidden_for
from fatekit.table.serialize import own_fields
from fatekit.table.state import TableState
from fatekit.table.views import JSON, Viewer

__all__ = ["event_for"]


def event_for(event: e.Event, state: TableState, seat: str) -> JSON | None:
    """``event`` as ``seat`` may receive it, or ``None`` if the seat may not learn of it.

    ``state`` is the table after the event (the server's current state serves too: it decides
    what is hidden now). The result has ``type``, ``version``, ``seat``, ``at`` and ``data``.
    A GM receives every event whole.
    """
    viewer = Viewer(state, seat)
    data = _redacted(viewer, event)
    if data is None:
        return None
    return {
        "type": type(event).__name__,
        "version": event.version,
        "seat": event.seat,
        "at": event.at,
        "data": data,
    }


def _kept_stunts(viewer: Viewer, event: e.Event, data: JSON) -> None:
    """A stunt's name is on its owner's sheet: a seat that may not see the sheet (a hidden NPC's)
    learns that a stunt was used, not which."""
    if isinstance(event, e.StuntUsed):
        if not viewer.sees_sheet(event.by):
            data["stunt"] = None
    elif data.get("stunts") and not viewer.sees_sheet(getattr(event, "actor", "")):
        data["stunts"] = [None for _ in data["stunts"]]


def _redacted(viewer: Viewer, event: e.Event) -> JSON | None:
    data: JSON = own_fields(event)
    if viewer.gm:
        return data
    data.pop("aspect_sight", None)  # who knew of a hidden aspect is the GM's to know
    state = viewer.state
    shown = _screen_event(viewer, event, data)  # the GM's screen: secrets and prepared scenes
    if shown is not data:
        return shown
    _kept_dice(viewer, event, data)
    _kept_stunts(viewer, event, data)
    if isinstance(event, e.NoteAdded):
        return data if viewer.sees_note(event) else None
    if isinstance(event, e.SituationAspectAdded):
        # Who may see it is who could when it was made (a later reveal is an event of its own,
        # and its id may name another aspect in a later scene).
        if event.hidden and not set(event.known_to) & viewer.mine:
            return None
        data["known_to"] = sorted(set(event.known_to) & viewer.mine)
        return data
    if isinstance(event, e.AspectRevealed):
        if event.to and not set(event.to) & viewer.mine:
            return None
        data["to"] = sorted(set(event.to) & viewer.mine)
        if event.name is not None:
            data["aspect"] = {"id": event.aspect_id, "name": event.name}  # as it was revealed
            return data
        try:  # an older log, without the name: the aspect as it stands now, if the seat sees it
            aspect = state.game.find_aspect(event.aspect_id)
        except BadInput:
            return data
        if viewer.sees_aspect(aspect):
            data["aspect"] = viewer.aspect(aspect)
        return data
    if isinstance(event, e.CharacterAdded | e.CharacterUpdated):
        return _character_event(viewer, event)
    if isinstance(event, e.CountdownAdded):
        if event.visibility is Visibility.HIDDEN:
            return None
        if event.visibility is Visibility.BOXES_ONLY:
            return {"countdown_id": event.countdown_id, "boxes": event.boxes}
        return data
    if isinstance(event, e.CountdownMarked):
        countdown = _countdown(state, event.countdown_id)
        return None if countdown is None or viewer.countdown(countdown) is None else data
    if isinstance(event, e.TriggerFired):
        return None  # a trigger's name can give away a countdown kept from the players
    # A detail on an aspect the seat could not see says what the aspect is. (An older log's
    # detail, which does not record who could, went to every seat with the aspect's id blanked:
    # it stays as it was sent.)
    if (
        isinstance(event, e.StoryDetailDeclared)
        and event.aspect_sight is not None
        and not _sees_named(viewer, event)
    ):
        return None
    if isinstance(
        event,
        e.CompelOffered
        | e.RollMade
        | e.AdvantageRolled
        | e.Invoked
        | e.FreeInvokePassed
        | e.StoryDetailDeclared
        | e.SelfCompelAsked,
    ):
        if not _sees_named(viewer, event):
            data["aspect_id"] = None
        return data
    if isinstance(event, e.BigBadSet):
        # Later forms (and whether there are any) stay with the GM until they are revealed.
        data.pop("forms")
        data.pop("gentle")
        data.pop("threat_heart")  # which part is the heart is the GM's to know
        return data
    if isinstance(event, e.HazardAdded):
        if not viewer.sees_sheet(event.hazard_id):
            data.pop("rating")
            data.pop("weapon")
        return data
    if isinstance(event, e.FatePointsCorrected | e.StressCorrected):
        # An NPC's fate points and stress are on its sheet, which players see once revealed.
        who = event.character_id
        return data if who is None or viewer.sees_sheet(who) else None
    if isinstance(event, e.FreeInvokesCorrected | e.AspectCorrected):
        return data if viewer.sees_aspect_id(event.aspect_id) else None
    if isinstance(event, e.MilestoneTaken):
        data["choice"] = _change_for(viewer, event.choice)
        return data
    if isinstance(event, e.BreakthroughTaken):
        if event.milestone is not None:
            data["milestone"] = _change_for(viewer, event.milestone)
        if event.high_concept is not None and not _sees_high_concept(viewer, event.character_id):
            data["high_concept"] = None  # the new name of a high concept the seat may not see
        data["recovery_names"] = [
            [aspect_id, name if viewer.sees_aspect_id(aspect_id) else None]
            for aspect_id, name in event.recovery_names
        ]
        return data
    return data


def _sees_named(viewer: Viewer, event: NamesAspect) -> bool:
    """Whether the seat could see the aspect an event names when the event was made (an older
    log, which did not record it: as the aspect with that id stands now)."""
    aspect_id: str | None = getattr(event, "aspect_id", None)
    sight = event.aspect_sight
    if viewer.gm or aspect_id is None:
        return True
    if sight is None:
        return viewer.sees_aspect_id(aspect_id)
    return not sight.hidden or bool(set(sight.known_to) & viewer.mine)


def _change_for(viewer: Viewer, change: MilestoneChange) -> JSON:
    # Rewriting an aspect the seat may not see must not tell it the aspect's new name.
    out: JSON = to_json(change)
    if change.kind is ChangeKind.REWRITE_ASPECT and not viewer.sees_aspect_id(change.aspect_id):
        out["aspect_id"], out["name"] = None, None
    return out


def _sees_high_concept(viewer: Viewer, character_id: str) -> bool:
    try:
        found = viewer.state.game.character(character_id).high_concept
    except BadInput:
        return False  # gone since (undone): nothing to say of it
    return found is not None and viewer.sees_aspect(found)


def _countdown(state: TableState, countdown_id: str) -> Countdown | None:
    scene = state.game.scene
    return None if scene is None else scene.countdowns.get(countdown_id)


def _character_event(viewer: Viewer, event: e.CharacterAdded | e.CharacterUpdated) -> JSON:
    try:
        character = viewer.state.game.character(event.character_id)
    except BadInput:
        character = None
    if character is None:
        # Gone since (undone): say no more than that it happened.
        return {"character_id": event.character_id}
    shown = viewer.character(character)
    out: JSON = {"character_id": event.character_id, "character": shown}
    if isinstance(event, e.CharacterAdded):
        out["owner"] = event.owner
    return out


# -- the GM's screen: secrets and prepared scenes ---------------------------------------------


def _screen_event(viewer: Viewer, event: e.Event, data: JSON) -> JSON | None:
    """A GM's screen event (or a roll against a hidden difficulty) as a player or spectator may
    receive it; ``None``: not at all. Other events pass through as they are."""
    if isinstance(event, e.SecretRollMade | e.ScenePrepared | e.PreparedSceneRemoved):
        return None
    if isinstance(event, e.PreparedSceneStarted):
        return None  # the scene's own events tell the players it started
    if isinstance(event, e.SecretRollRevealed):
        data.pop("reason")  # the GM's own note: the reveal shows the roll, not what it was for
        return data
    if isinstance(event, e.DifficultyHidden):
        if event.actor not in viewer.mine:
            return None  # only the seat asked for the roll learns the GM asked (as its view says)
        return {
            "actor": event.actor,
            "skill": event.skill,
            "action": event.action.value,
            "withdrawn": event.difficulty is None,
        }
    if isinstance(event, e.RollMade | e.AdvantageRolled | e.OvercomeRolled) and (
        event.hidden_difficulty
    ):
        hide_difficulty_of_roll(data)
    return data


def _kept_dice(viewer: Viewer, event: e.Event, data: JSON) -> None:
    """The dice kept from the seat (a roll's, an invoke's reroll, every target's defence): the
    NPCs' when the GM kept them hidden as the event was rolled, whatever the GM chose since, and a
    hazard's until its sheet is revealed. A secret roll the GM revealed shows its dice."""
    if not isinstance(event, e.SecretRollRevealed):
        hide_dice(data, viewer.dice_kept(npc_dice_hidden_for(viewer.state, event)))
