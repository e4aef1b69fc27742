"""Challenges: a set of overcome tasks, each rolled once, whose outcomes together decide how
the challenge goes.
"""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.core.actions import Action
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.rolling import ActionRoll
from fatekit.rules.scenes.challenge import Challenge
from fatekit.table.base import ActorRoll, ActorRolled, Command, Event
from fatekit.table.deciding import gm_only, rolled_by_actor
from fatekit.table.folding import folds
from fatekit.table.play.rolls import choose_option, require_dice
from fatekit.table.play.scenes import scene_in_play
from fatekit.table.state import RollRecord, TableState

# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class StartChallenge(Command):
    """Start a challenge (GM only): (key, description, skill, difficulty) for each task."""

    tasks: tuple[tuple[str, str, str, int], ...]
    in_conflict: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ChallengeRoll(ActorRoll):
    """``actor`` rolls the task's overcome; ``option`` picks among the outcome's options."""

    task: str
    option: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class EndChallenge(Command):
    """Close the challenge (GM only) once its results are read."""


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ChallengeStarted(Event):
    """A challenge began with its tasks."""

    tasks: tuple[tuple[str, str, str, int], ...]
    in_conflict: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ChallengeRolled(ActorRolled):
    """A task of the challenge was rolled, with the dice and the option chosen."""

    task: str
    option: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class ChallengeEnded(Event):
    """The challenge was closed."""


# -- who may, and the events a command becomes -------------------------------------------------


gm_only(
    (StartChallenge, ChallengeStarted, "start challenges"),
    (EndChallenge, ChallengeEnded, "end challenges"),
)
rolled_by_actor((ChallengeRoll, ChallengeRolled, "roll for them"))


# -- the fold ----------------------------------------------------------------------------------


@folds(ChallengeStarted)
def _challenge_started(state: TableState, event: ChallengeStarted) -> None:
    if state.challenge is not None:
        raise BadInput("a challenge is already running")
    scene_in_play(state)
    challenge = Challenge(in_conflict=event.in_conflict)
    for key, description, skill, difficulty in event.tasks:
        challenge.add_task(key, description, skill, difficulty)
    if not challenge.tasks:
        raise BadInput("a challenge needs at least one task")
    state.challenge = challenge


@folds(ChallengeRolled)
def _challenge_rolled(state: TableState, event: ChallengeRolled) -> None:
    challenge = challenge_in_play(state)
    task = challenge.task(event.task)
    challenge.check_attempt(task.key, event.actor, task.skill)
    roll = ActionRoll(
        event.actor,
        Action.OVERCOME,
        state.game.character(event.actor).rating(task.skill),
        skill=task.skill,
        difficulty=task.difficulty,
        dice=require_dice(event.faces, "roll"),
        ledger=state.game.ledger,
        stunt_uses=state.game.stunt_uses,
    )
    roll.roll()
    resolution = roll.preview()
    option = choose_option(resolution, event.option)
    challenge.record(task.key, event.actor, task.skill, roll.effort, resolution, option.key)
    roll.close()
    state.last_roll = RollRecord(
        event.version,
        event.at,
        event.actor,
        "challenge",
        task.skill,
        event.faces,
        difficulty=task.difficulty,
    )


@folds(ChallengeEnded)
def _challenge_ended(state: TableState, event: ChallengeEnded) -> None:
    challenge_in_play(state)
    state.challenge = None


def challenge_in_play(state: TableState) -> Challenge:
    if state.challenge is None:
        raise BadInput("there is no challenge running")
    return state.challenge
