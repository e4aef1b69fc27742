"""Folding the GM's screen events into a table's state. Registered in
:func:`fatekit.table.fold.apply` with the other fold steps; here the rules judge each event
(what a roll's dice and skill make, whether a prepared scene's map holds together)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fatekit.rules.core.actions import Action
from fatekit.rules.core.dice import parse_faces
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.outcomes import Roll
from fatekit.rules.scenes.zones import ZoneMap
from fatekit.table.events import Event, RollMade
from fatekit.table.screen import events as se
from fatekit.table.screen.records import AskedRoll, PreparedScene, SecretRoll
from fatekit.table.state import TableState

__all__ = ["HANDLERS", "MAX_REASON_LENGTH", "roll_made"]

#: The longest note a secret roll keeps of what it was for.
MAX_REASON_LENGTH = 2_000

#: Actions a hidden difficulty may be set for: the rolls outside a conflict.
_FREE_ACTIONS = (Action.OVERCOME, Action.CREATE_ADVANTAGE)


def _secret_roll_made(state: TableState, event: se.SecretRollMade) -> None:
    actor = state.game.character(event.actor)
    if not event.skill.strip():
        raise BadInput("a secret roll needs a skill")
    if len(event.reason) > MAX_REASON_LENGTH:
        raise BadInput(f"a secret roll's reason has at most {MAX_REASON_LENGTH} characters")
    if event.roll_id in state.screen.secret_rolls:
        raise BadInput(f"secret roll {event.roll_id!r} was already made")
    roll = Roll(parse_faces(event.faces), actor.rating(event.skill))
    outcome = None if event.difficulty is None else roll.outcome_against(event.difficulty)
    state.screen.secret_rolls[event.roll_id] = SecretRoll(
        event.roll_id,
        event.version,
        actor.id,
        event.skill,
        roll.dice.symbols(),
        roll.effort,
        event.difficulty,
        None if outcome is None else outcome.value,
        event.reason,
    )


def _secret_roll_revealed(state: TableState, event: se.SecretRollRevealed) -> None:
    found = state.screen.secret_rolls.get(event.roll_id)
    if found is None:
        raise BadInput(f"there is no secret roll {event.roll_id!r} waiting to be revealed")
    if (found.faces, found.effort, found.outcome) != (event.faces, event.effort, event.outcome):
        raise BadInput(f"the log's reveal of {event.roll_id!r} does not match the roll made")
    del state.screen.secret_rolls[event.roll_id]


def _difficulty_hidden(state: TableState, event: se.DifficultyHidden) -> None:
    state.require_character(event.actor)
    if event.difficulty is None:
        if state.screen.asked.pop(event.actor, None) is None:
            raise BadInput(f"no hidden difficulty is set for {event.actor}")
        return
    if event.action not in _FREE_ACTIONS:
        raise BadInput("a hidden difficulty is for a roll to overcome or create an advantage")
    if event.skill is not None and not event.skill.strip():
        raise BadInput("name the skill to roll, or leave it out")
    state.screen.asked[event.actor] = AskedRoll(
        event.actor, event.difficulty, event.skill, event.action
    )


def roll_made(state: TableState, event: RollMade) -> None:
    """After a roll outside a conflict is in play: whether its difficulty is hidden (a hidden
    difficulty set for its actor is used up by it)."""
    state.screen.hidden_difficulty = event.hidden_difficulty
    if event.hidden_difficulty:
        state.screen.hidden_roll_at = event.version
        state.screen.asked.pop(event.actor, None)


def _scene_prepared(state: TableState, event: se.ScenePrepared) -> None:
    if not event.scene_id.strip():
        raise BadInput("a prepared scene needs an id")
    if not event.name.strip():
        raise BadInput("a scene needs a name")
    for who in event.participants:
        state.require_character(who)
    if len(set(event.participants)) != len(event.participants):
        raise BadInput("a character is listed twice in the scene")
    # The map is checked the way a started scene's is, so starting it later cannot fail on it.
    zones = ZoneMap()
    for zone in event.zones:
        zones.add_zone(zone)
    for a, b in event.links:
        zones.connect(a, b)
    for who, where in event.positions:
        if who not in event.participants:
            raise BadInput(f"{who!r} is placed on the map but is not in the scene")
        zones.place(who, where)
    if event.entrance is not None and event.entrance not in event.zones:
        raise BadInput(f"no zone {event.entrance!r} to come in at in the prepared scene")
    for aspect in event.aspects:
        if not aspect.name.strip():
            raise BadInput("an aspect needs a name")
        if aspect.zone is not None and aspect.zone not in event.zones:
            raise BadInput(f"no zone {aspect.zone!r} in the prepared scene")
        if aspect.known_to and not aspect.hidden:
            raise BadInput(f"{aspect.name!r} is not hidden: everyone knows it")
        for who in (*aspect.known_to, *(h for h, _ in aspect.free_invokes)):
            state.require_character(who)
        if any(count < 1 for _, count in aspect.free_invokes):
            raise BadInput("free invokes come one or more at a time")
    state.screen.prepared[event.scene_id] = PreparedScene(
        event.scene_id,
        event.name.strip(),
        event.participants,
        event.zones,
        event.links,
        event.positions,
        event.aspects,
        event.entrance,
    )


def _prepared_removed(state: TableState, event: se.PreparedSceneRemoved) -> None:
    if state.screen.prepared.pop(event.scene_id, None) is None:
        raise BadInput(f"there is no prepared scene {event.scene_id!r}")


def _prepared_started(state: TableState, event: se.PreparedSceneStarted) -> None:
    if state.screen.prepared.pop(event.scene_id, None) is None:
        raise BadInput(f"there is no prepared scene {event.scene_id!r}")


#: The screen's fold steps by event type.
HANDLERS: dict[type[Event], Callable[[TableState, Any], None]] = {
    se.SecretRollMade: _secret_roll_made,
    se.SecretRollRevealed: _secret_roll_revealed,
    se.DifficultyHidden: _difficulty_hidden,
    se.ScenePrepared: _scene_prepared,
    se.PreparedSceneRemoved: _prepared_removed,
    se.PreparedSceneStarted: _prepared_started,
}
