"""Challenges: a set of overcome tasks (as many as the GM sets), each rolled once, whose
outcomes together decide how the challenge goes.

A task's overcome is a roll in play like any other (:mod:`fatekit.table.play.rolls`): rolled,
invoked on, then settled with :class:`~fatekit.table.play.rolls.ResolveRoll` and the option its
outcome offers (a failure may be turned into success at a serious cost, a tie into success at a
minor one), which the challenge records. A :class:`ChallengeRolled` logged before that
(``in_play`` false) was settled as it fell, with the option it names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fatekit.rules.aspects.rolling import ActionRoll, offering
from fatekit.rules.characters.combined_rolls import check_task_skill, pair_rating
from fatekit.rules.core.actions import Action
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.outcomes import Outcome
from fatekit.rules.scenes.challenge import CHALLENGE_RULE, Challenge, Task
from fatekit.table import telling as say
from fatekit.table.base import ActorRoll, ActorRolled, Command, Event, Rating
from fatekit.table.counting import Counted, CountedRolled, counted_fields
from fatekit.table.deciding import (
    Context,
    allowed,
    decides,
    gm_only,
    play_goes_on,
    require_control,
    require_no_roll_waiting,
)
from fatekit.table.facts import assign_facts, facts_of
from fatekit.table.folding import assigns, folds, judges
from fatekit.table.pairs import check_roll_pair, pairs
from fatekit.table.parts import Part
from fatekit.table.play.rolls import (
    RollResolved,
    carry_out_older,
    carry_out_roll,
    choose_option,
    counted_rating,
    into_play,
    into_play_as_recorded,
    put_in_play,
    require_dice,
    settles,
)
from fatekit.table.play.scenes import scene_in_play
from fatekit.table.regions import MOVE, Region, moves, writes
from fatekit.table.seats import Seat
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shown_whole, shows
from fatekit.table.state import RollInPlay, RollKind, RollRecord, TableState
from fatekit.table.telling import When, tells, when
from fatekit.table.upcasting import older, upcasts

__all__ = [
    "ChallengeEnded",
    "ChallengeRoll",
    "ChallengeRolled",
    "ChallengeStarted",
    "EndChallenge",
    "StartChallenge",
]

# -- commands ----------------------------------------------------------------------------------


#: The most tasks a challenge takes (the texts aim at one per character, more for a harder one).
MAX_TASKS = 20


@dataclass(frozen=True, slots=True, kw_only=True)
class StartChallenge(Command):
    """Start a challenge (GM only): (key, description, skill, difficulty) for each task, one to
    :data:`MAX_TASKS` of them."""

    tasks: tuple[tuple[str, str, str, Rating], ...]
    in_conflict: bool = False


@pairs
@dataclass(frozen=True, slots=True, kw_only=True)
class ChallengeRoll(ActorRoll, Counted):
    """``actor`` rolls the task's overcome, which stays in play to be invoked on and settled;
    with two combined skill lists, ``second_skill`` is the second list's skill added to the
    task's. A PC that counts aspects names those in ``counted`` (:mod:`fatekit.table.counting`):
    their bonus stands for the task's skill."""

    task: str
    second_skill: str | None = None


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
class ChallengeRolled(ActorRolled, CountedRolled):
    """A task of the challenge was rolled, with the dice as they fell: a roll in play until it is
    settled (``in_play``; false in logs written before: settled at once with ``option``). A PC
    that counts aspects: the aspects and the bonus they gave (older logs: none).

    Schema 2 made ``in_play`` required; version 1 left it out when false (upcast below)."""

    SCHEMA = 2

    task: str
    option: str | None
    in_play: bool
    second_skill: str | None = None  # two combined lists: the one added (older logs: none)


@upcasts(ChallengeRolled, 1)
def _challenge_rolled_v1(data: dict[str, Any]) -> dict[str, Any]:
    # Rolled before a task's roll was in play, the roll was settled as it fell.
    return {"in_play": False, **data}


@dataclass(frozen=True, slots=True, kw_only=True)
class ChallengeEnded(Event):
    """The challenge was closed."""


# -- who may, and the events a command becomes -------------------------------------------------


gm_only((EndChallenge, ChallengeEnded, "end challenges"))


@decides(StartChallenge, gm="start challenges")
def _start_challenge(context: Context, command: StartChallenge) -> list[Event]:
    # How many tasks one challenge takes is checked here, once: a log keeps the tasks it had.
    if not command.tasks:
        raise BadInput("a challenge needs at least one task")
    if len(command.tasks) > MAX_TASKS:
        raise BadInput(f"a challenge takes at most {MAX_TASKS} tasks, not {len(command.tasks)}")
    # Two combined lists: a task names the first skill of its rolls; each roller adds a second.
    for _, _, skill, _ in command.tasks:
        check_task_skill(context.state.game.ruleset.preset, skill)
    return [context.event_from(ChallengeStarted, command)]


@decides(ChallengeRoll)
def _challenge_roll(context: Context, command: ChallengeRoll) -> list[Event]:
    check_task_roll(context.state, context.seat, command.task, command.actor)  # as offered
    task = challenge_in_play(context.state).task(command.task)
    # The task names its skill; a PC that counts aspects names those instead.
    counted = counted_fields(context.state, command.actor, "", command.counted)
    if counted["counted"] is None:
        check_roll_pair(context.state, command.actor, task.skill, command.second_skill)
    elif command.second_skill is not None:
        check_roll_pair(context.state, command.actor, "", command.second_skill)
    faces = context.faces(command.dice, command.actor)
    made = context.event_from(
        ChallengeRolled, command, faces=faces, option=None, in_play=True, **counted
    )
    return [made]


# -- the fold ----------------------------------------------------------------------------------


@judges(ChallengeStarted)
def _judge_challenge_started(state: TableState, event: ChallengeStarted) -> None:
    if state.challenge is not None:
        raise BadInput("a challenge is already running")
    scene_in_play(state)
    _challenge_started(state, event)


@assigns(ChallengeStarted)
def _challenge_started(state: TableState, event: ChallengeStarted) -> None:
    challenge = Challenge(in_conflict=event.in_conflict)
    for key, description, skill, difficulty in event.tasks:
        challenge.add_task(key, description, skill, difficulty)
    state.challenge = challenge


def check_task_roll(state: TableState, seat: Seat, key: str, actor: str) -> None:
    """Refuse unless ``seat`` may roll the task ``key`` for ``actor`` now: it acts for them,
    and the task is theirs to attempt (:func:`_check_task_open`), with no roll of theirs in
    play (one at a time)."""
    require_control(state, seat, actor, "roll for them")
    _check_task_open(state, key, actor)
    require_no_roll_waiting(state, actor)


def _check_task_open(state: TableState, key: str, actor: str) -> Task:
    """Refuse unless a challenge runs whose task ``key`` ``actor`` may attempt with its skill,
    and no one is rolling it: one roll per task (two players at one task at once, the
    second)."""
    challenge = challenge_in_play(state)
    task = challenge.task(key)
    challenge.check_attempt(task.key, actor, task.skill)
    rolling = next((r for r in state.rolls.values() if r.task == task.key), None)
    if rolling is not None:
        raise IllegalAction(
            f"task {task.key!r} is being rolled: settle roll {rolling.id} first", CHALLENGE_RULE
        )
    return task


def task_rollers(viewer: Viewer, key: str) -> list[str]:
    """The characters the seat may roll the task ``key`` for now, by :func:`check_task_roll`;
    none while a safety signal waits."""
    state, seat = viewer.state, viewer.seat
    if not play_goes_on(state):
        return []
    return [who for who in sorted(viewer.mine) if allowed(check_task_roll, state, seat, key, who)]


@judges(ChallengeRolled)
def _judge_challenge_rolled(state: TableState, event: ChallengeRolled) -> None:
    task = _check_task_open(state, event.task, event.actor)
    roll = _task_roll(state, event, rated=True, checked=True)
    if event.in_play:
        put_in_play(
            state, roll, event, RollKind.CHALLENGE, _task_record(state, event), task=task.key
        )
        return
    _settled_at_once(state, event, roll)


@folds(ChallengeRolled)
def _challenge_rolled(state: TableState, event: ChallengeRolled) -> None:
    if event.in_play:
        roll = _task_roll(state, event, rated=False)
        record = _task_record(state, event)
        into_play(state, roll, event, RollKind.CHALLENGE, record, task=event.task)
    else:
        state.last_roll = _task_record(state, event)
    assign_facts(state, facts_of(event))  # the roll as the rules made it up, or how it went


@older(ChallengeRolled)
def _challenge_rolled_older(state: TableState, event: ChallengeRolled) -> None:
    roll = _task_roll(state, event, rated=True)
    if event.in_play:
        record = _task_record(state, event)
        into_play_as_recorded(state, roll, event, RollKind.CHALLENGE, record, task=event.task)
        return
    _settled_at_once(state, event, roll, checked=False)


def _task_roll(
    state: TableState, event: ChallengeRolled, *, rated: bool, checked: bool = False
) -> ActionRoll:
    task = challenge_in_play(state).task(event.task)
    counted = counted_rating(state, event.actor, event.counted, event.counted_bonus, checked)
    rating = (
        pair_rating(state.game.characters[event.actor].rating, task.skill, event.second_skill)
        if counted is None
        else counted
    )
    return ActionRoll(
        event.actor,
        Action.OVERCOME,
        rating if rated else 0,
        skill=task.skill,
        difficulty=task.difficulty,
        dice=require_dice(event.faces, "roll"),
        ledger=state.game.ledger,
        stunt_uses=state.game.stunt_uses,
        second_skill=event.second_skill,
    )


def _task_record(state: TableState, event: ChallengeRolled) -> RollRecord:
    task = challenge_in_play(state).task(event.task)
    return RollRecord(
        event.version,
        event.at,
        event.actor,
        "challenge",
        task.skill,
        event.faces,
        difficulty=task.difficulty,
    )


def _settled_at_once(
    state: TableState, event: ChallengeRolled, roll: ActionRoll, *, checked: bool = True
) -> None:
    # Logged before a task's roll was in play: settled as it fell, with the option it names.
    challenge = challenge_in_play(state)
    task = challenge.task(event.task)
    roll.roll()
    resolution = roll.preview()
    if not checked:  # the option the log names, on the outcome that offered it
        resolution = offering(lambda o: roll.preview(outcome=o), event.option)
    option = choose_option(resolution, event.option)
    record = challenge.record if checked else challenge.recorded
    record(task.key, event.actor, task.skill, roll.effort, resolution, option.key)
    roll.close()
    state.last_roll = _task_record(state, event)


def _settle_task_older(
    state: TableState, in_play: RollInPlay, event: RollResolved
) -> tuple[str, ...]:
    challenge = challenge_in_play(state)
    roll = in_play.roll
    assert in_play.task is not None and roll.skill is not None
    resolution = offering(lambda o: roll.preview(outcome=o), event.option)
    option = choose_option(resolution, event.option)
    challenge.recorded(in_play.task, roll.actor, roll.skill, roll.effort, resolution, option.key)
    return carry_out_older(state, in_play, event)


@settles(RollKind.CHALLENGE, older=_settle_task_older)
def _settle_task(state: TableState, in_play: RollInPlay, event: RollResolved) -> tuple[str, ...]:
    # The task's overcome is carried out like any (a boost for style, one for the opposition),
    # and the challenge records how it went for the GM to read with the others.
    challenge = challenge_in_play(state)
    roll = in_play.roll
    assert in_play.task is not None and roll.skill is not None
    resolution = roll.preview()
    option = choose_option(resolution, event.option)
    challenge.record(in_play.task, roll.actor, roll.skill, roll.effort, resolution, option.key)
    return carry_out_roll(state, in_play, event)


@judges(ChallengeEnded)
def _judge_challenge_ended(state: TableState, event: ChallengeEnded) -> None:
    challenge_in_play(state)
    _challenge_ended(state, event)


@assigns(ChallengeEnded)
def _challenge_ended(state: TableState, event: ChallengeEnded) -> None:
    state.challenge = None
    for in_play in [r for r in state.rolls.values() if r.kind is RollKind.CHALLENGE]:
        del state.rolls[in_play.id]  # a task's roll still in play no longer counts


def challenge_in_play(state: TableState) -> Challenge:
    if state.challenge is None:
        raise BadInput("there is no challenge running", code="no_challenge")
    return state.challenge


# -- what each seat sees -----------------------------------------------------------------------

# A task rolled: its facts, the rolls in play and the last roll, and a hidden difficulty a roll
# uses up (the GM's screen). A challenge begun or ended assigns it, and the rolls in play.
moves({Region.SCREEN}, ChallengeRolled)
writes(MOVE | {Region.SCREEN}, ChallengeStarted, ChallengeEnded)


shown_whole(ChallengeStarted, ChallengeEnded)


@shows(ChallengeRolled)
def _show_task_roll(viewer: Viewer, event: ChallengeRolled, data: JSON) -> JSON:
    viewer.keep_dice(
        data, version=event.version, recorded=event.npc_dice_hidden, roller=event.actor
    )
    return data


class TaskResultPart(Part, kw_only=True):
    """How a task's roll came out: by whom, the effort, the outcome and the option taken."""

    by: str
    effort: int
    outcome: Outcome
    option: str
    succeeded: bool
    at_a_cost: bool


class TaskPart(Part, kw_only=True):
    """A task of the challenge, with the id of its roll in play and its result."""

    key: str
    description: str
    skill: str
    difficulty: int
    rolling: str | None
    result: TaskResultPart | None
    # The characters the seat may roll this task for now (by the roll's own check).
    rollers: list[str]


class ReportPart(Part, kw_only=True):
    """The challenge's report: which tasks succeeded, failed, tied, cost, or are still open."""

    successes: list[str]
    failures: list[str]
    ties: list[str]
    costs: list[str]
    open: list[str]


class ChallengePart(Part, kw_only=True):
    """The challenge: its tasks, their results and the report, in plain sight at the table."""

    in_conflict: bool
    tasks: list[TaskPart]
    report: ReportPart


def challenge_view(viewer: Viewer, challenge: Challenge) -> ChallengePart:
    """The challenge's tasks (with the id of a task's roll in play), their results and the
    report: all in plain sight at the table."""
    report = challenge.report()
    rolling = {r.task: r.id for r in viewer.state.rolls.values() if r.task is not None}
    return ChallengePart(
        in_conflict=challenge.in_conflict,
        tasks=[
            TaskPart(
                key=task.key,
                description=task.description,
                skill=task.skill,
                difficulty=task.difficulty,
                rolling=rolling.get(task.key),
                rollers=task_rollers(viewer, task.key),
                result=None
                if (result := task.result) is None
                else TaskResultPart(
                    by=result.by,
                    effort=result.effort,
                    outcome=result.outcome,
                    option=result.option,
                    succeeded=result.succeeded,
                    at_a_cost=result.at_a_cost,
                ),
            )
            for task in challenge.tasks.values()
        ],
        report=ReportPart(
            successes=list(report.successes),
            failures=list(report.failures),
            ties=list(report.ties),
            costs=list(report.costs),
            open=list(report.open),
        ),
    )


# How the log tells this domain's events (the page and Discord read the same declaration).
tells(ChallengeStarted, "ChallengeStarted")
tells(
    ChallengeRolled,
    (
        # Aspects counted instead of the task's skill (The Three Rocketeers).
        when("ChallengeRolled.counted_named", "counted"),
        when("ChallengeRolled.counted", When("counted_bonus", "given")),
        when("ChallengeRolled"),
    ),
    who=say.who("actor"),
    counted=say.aspects("counted"),
    bonus=say.rating("counted_bonus"),
    dice=say.dice("faces"),
)
tells(ChallengeEnded, "ChallengeEnded")
