"""Deciding the GM's screen commands: who may (the GM), and the dice a secret roll leaves to the
table. Registered in :func:`fatekit.table.handle.decide` with the other deciders; the rules'
checks happen when the events fold (:mod:`fatekit.table.screen.fold`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from fatekit.rules.core.errors import BadInput, ForbiddenAction
from fatekit.table import events as e
from fatekit.table.commands import Command, Roll
from fatekit.table.screen import commands as sc
from fatekit.table.screen import events as se
from fatekit.table.seats import Seat
from fatekit.table.state import SEAT_RULE, TableState

__all__ = ["DECIDERS", "Context", "roll_difficulty"]

E = TypeVar("E", bound=e.Event)


class Context(Protocol):
    """What a decider reads and makes (:mod:`fatekit.table.handle` gives one per command)."""

    @property
    def state(self) -> TableState: ...

    @property
    def seat(self) -> Seat: ...

    def event(self, event_type: type[E], /, **fields: Any) -> E: ...

    def require_gm(self, what: str) -> None: ...

    def faces(self, entered: str | None) -> str: ...


def roll_difficulty(context: Context, command: Roll) -> tuple[int | None, bool]:
    """The difficulty a roll outside a conflict is made against, and whether it is hidden from
    the players: the GM's own ``hidden_difficulty``, or the one the GM set for the actor's next
    roll (:class:`~fatekit.table.screen.commands.HideDifficulty`)."""
    if command.hidden_difficulty:
        context.require_gm("hide a roll's difficulty")
        if command.difficulty is None:
            raise BadInput("a hidden difficulty needs the difficulty itself")
        return command.difficulty, True
    asked = context.state.screen.asked.get(command.actor)
    explicit = command.difficulty is not None or command.against is not None
    if asked is None or (explicit and context.seat.is_gm):
        return command.difficulty, False  # the GM may still set a roll's opposition openly
    if explicit:
        raise ForbiddenAction(
            "the GM has set this roll's difficulty: roll without a difficulty or an opponent",
            SEAT_RULE,
        )
    if asked.skill is not None and command.skill != asked.skill:
        raise BadInput(f"the GM asked for a roll of {asked.skill}, not {command.skill}")
    if command.action is not asked.action:
        raise BadInput(f"the GM asked for a roll to {asked.action.value.replace('_', ' ')}")
    return asked.difficulty, True


def _secret_roll(context: Context, command: sc.SecretRoll) -> list[e.Event]:
    context.require_gm("roll in secret")
    context.state.require_character(command.actor)
    return [
        context.event(
            se.SecretRollMade,
            roll_id=f"s{context.state.version + 1}",
            actor=command.actor,
            skill=command.skill,
            difficulty=command.difficulty,
            faces=context.faces(command.dice),
            reason=command.reason,
        )
    ]


def _reveal_roll(context: Context, command: sc.RevealRoll) -> list[e.Event]:
    context.require_gm("reveal secret rolls")
    found = context.state.screen.secret_rolls.get(command.roll_id)
    if found is None:
        raise BadInput(f"there is no secret roll {command.roll_id!r} waiting to be revealed")
    return [
        context.event(
            se.SecretRollRevealed,
            roll_id=found.roll_id,
            rolled_at=found.version,
            actor=found.actor,
            skill=found.skill,
            difficulty=found.difficulty,
            faces=found.faces,
            effort=found.effort,
            outcome=found.outcome,
            reason=found.reason,
        )
    ]


def _hide_difficulty(context: Context, command: sc.HideDifficulty) -> list[e.Event]:
    context.require_gm("set hidden difficulties")
    context.state.require_character(command.actor)
    return [
        context.event(
            se.DifficultyHidden,
            actor=command.actor,
            difficulty=command.difficulty,
            skill=command.skill,
            action=command.action,
        )
    ]


def _prepare_scene(context: Context, command: sc.PrepareScene) -> list[e.Event]:
    context.require_gm("prepare scenes")
    return [
        context.event(
            se.ScenePrepared,
            scene_id=command.scene_id,
            name=command.name,
            participants=command.participants,
            zones=command.zones,
            links=command.links,
            positions=command.positions,
            aspects=command.aspects,
            entrance=command.entrance,
        )
    ]


def _remove_prepared(context: Context, command: sc.RemovePreparedScene) -> list[e.Event]:
    context.require_gm("remove prepared scenes")
    return [context.event(se.PreparedSceneRemoved, scene_id=command.scene_id)]


def _start_prepared(context: Context, command: sc.StartPreparedScene) -> list[e.Event]:
    """The scene and its aspects become the same events a GM starting it by hand makes, so the
    players' log tells it as any other scene (and hidden aspects stay hidden the same way)."""
    context.require_gm("start scenes")
    prepared = context.state.screen.prepared.get(command.scene_id)
    if prepared is None:
        raise BadInput(f"there is no prepared scene {command.scene_id!r}")
    joining = tuple(j for j in command.joining if j not in prepared.participants)
    placed = {who for who, _ in command.positions}
    entering = (
        ()
        if prepared.entrance is None
        else tuple((j, prepared.entrance) for j in joining if j not in placed)
    )
    made: list[e.Event] = [
        context.event(se.PreparedSceneStarted, scene_id=prepared.scene_id),
        context.event(
            e.SceneStarted,
            name=prepared.name,
            participants=(*prepared.participants, *joining),
            zones=prepared.zones,
            links=prepared.links,
            positions=(*prepared.positions, *command.positions, *entering),
        ),
    ]
    for aspect in prepared.aspects:
        made.append(
            context.event(
                e.SituationAspectAdded,
                aspect_id="",
                name=aspect.name,
                zone=aspect.zone,
                hidden=aspect.hidden,
                known_to=aspect.known_to,
                free_invokes=aspect.free_invokes,
            )
        )
    return made


#: The screen's deciders by command type.
DECIDERS: dict[type[Command], Callable[[Any, Any], list[e.Event]]] = {
    sc.SecretRoll: _secret_roll,
    sc.RevealRoll: _reveal_roll,
    sc.HideDifficulty: _hide_difficulty,
    sc.PrepareScene: _prepare_scene,
    sc.RemovePreparedScene: _remove_prepared,
    sc.StartPreparedScene: _start_prepared,
}
