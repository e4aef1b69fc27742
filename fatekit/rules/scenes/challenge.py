"""Challenges: several overcome tasks spread across the characters, judged together by the GM."""

from __future__ import annotations

from dataclasses import dataclass, field

from fatekit.rules.core.actions import (
    Action,
    GainBoost,
    MajorCost,
    MinorCost,
    PartialSuccess,
    Resolution,
    Side,
    Succeed,
    TakeHit,
)
from fatekit.rules.core.citations import CONDENSED, CORE, rule
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.outcomes import Outcome
from fatekit.rules.core.waivers import refuse

__all__ = [
    "CHALLENGE_RULE",
    "CONFLICT_CHALLENGE_RULE",
    "Challenge",
    "ChallengeReport",
    "Task",
    "TaskResult",
]

CHALLENGE_RULE = rule(
    "challenge.tasks",
    CONDENSED,
    "Challenges",
    "A challenge is a set of overcome rolls, one per task and skill, whose successes, failures "
    "and costs the GM reads together",
)
CONFLICT_CHALLENGE_RULE = rule(
    "challenge.in-conflict",
    CORE,
    "Other Actions in a Conflict",
    "During a fight, a character working at a challenge may roll for a task only in an exchange "
    "in which no attack or advantage against them succeeded",
)


@dataclass(frozen=True, slots=True)
class TaskResult:
    """How a task went: who rolled, the outcome, and the option the table chose."""

    by: str
    skill: str
    effort: int
    shifts: int
    outcome: Outcome
    option: str
    succeeded: bool
    at_a_cost: bool


@dataclass(slots=True)
class Task:
    """One overcome the challenge needs."""

    key: str
    description: str
    skill: str
    difficulty: int
    result: TaskResult | None = None


@dataclass(frozen=True, slots=True)
class ChallengeReport:
    """The challenge's results for the GM to interpret."""

    successes: tuple[str, ...]  # the goal was met, perhaps partly or at a cost
    failures: tuple[str, ...]
    ties: tuple[str, ...]
    costs: tuple[str, ...]  # tasks won at a cost (minor or major)
    open: tuple[str, ...]

    @property
    def complete(self) -> bool:
        """Whether every task has been rolled."""
        return not self.open


@dataclass(slots=True)
class Challenge:
    """A challenge's tasks, optionally set inside a conflict."""

    tasks: dict[str, Task] = field(default_factory=dict)
    in_conflict: bool = False
    _defence_failed: set[str] = field(default_factory=set)

    def add_task(self, key: str, description: str, skill: str, difficulty: int) -> Task:
        """Add a task: a description, the skill it calls for and its difficulty."""
        if not key.strip() or key in self.tasks:
            raise BadInput(f"task keys must be unique and not empty: {key!r}")
        task = Task(key, description, skill, difficulty)
        self.tasks[key] = task
        return task

    def task(self, key: str) -> Task:
        """The task with this key."""
        try:
            return self.tasks[key]
        except KeyError:
            known = ", ".join(self.tasks) or "none"
            raise BadInput(f"no task {key!r} in this challenge (tasks: {known})") from None

    # -- the conflict variant ------------------------------------------------------------------

    def record_defence(self, participant: str, *, succeeded: bool) -> None:
        """Note how a defence against an attack or an advantage went this exchange."""
        if not succeeded:
            self._defence_failed.add(participant)

    def new_exchange(self) -> None:
        """Start a new exchange: everyone may try a task again if they defend."""
        self._defence_failed.clear()

    def may_attempt(self, participant: str) -> bool:
        """Whether the participant may roll for a task now."""
        return not (self.in_conflict and participant in self._defence_failed)

    # -- rolling -------------------------------------------------------------------------------

    def check_attempt(self, key: str, participant: str, skill: str) -> Task:
        """Raise unless ``participant`` may roll ``skill`` for the task now; return the task."""
        task = self.task(key)
        if task.result is not None:
            raise IllegalAction(f"task {key!r} has already been rolled", CHALLENGE_RULE)
        if skill != task.skill:
            refuse(f"task {key!r} calls for {task.skill}, not {skill}", CHALLENGE_RULE)
        if not self.may_attempt(participant):
            refuse(
                f"{participant} failed to defend this exchange and cannot work on the challenge",
                CONFLICT_CHALLENGE_RULE,
            )
        return task

    def record(
        self, key: str, by: str, skill: str, effort: int, resolution: Resolution, option: str
    ) -> TaskResult:
        """Record a task's overcome, with the option the table chose from its resolution."""
        self.check_attempt(key, by, skill)
        if resolution.action is not Action.OVERCOME:
            raise BadInput("challenge tasks are overcome rolls")
        return self.recorded(key, by, skill, effort, resolution, option)

    def recorded(
        self, key: str, by: str, skill: str, effort: int, resolution: Resolution, option: str
    ) -> TaskResult:
        """A task's overcome as a table's log recorded it (checked by no rule: see
        :meth:`record`)."""
        task = self.task(key)
        effects = resolution.option(option).effects  # raises on an unknown option
        succeeded = any(isinstance(e, Succeed | PartialSuccess) for e in effects)
        at_a_cost = any(
            isinstance(e, MinorCost | MajorCost | TakeHit)
            or (isinstance(e, GainBoost) and e.to is Side.OPPOSITION)
            for e in effects
        )
        task.result = TaskResult(
            by, skill, effort, resolution.shifts, resolution.outcome, option, succeeded, at_a_cost
        )
        return task.result

    def report(self) -> ChallengeReport:
        """Successes, failures, ties, costs and open tasks, by task key."""
        done = [t for t in self.tasks.values() if t.result is not None]
        results = [(t.key, t.result) for t in done if t.result is not None]
        return ChallengeReport(
            successes=tuple(k for k, r in results if r.succeeded),
            failures=tuple(k for k, r in results if not r.succeeded),
            ties=tuple(k for k, r in results if r.outcome is Outcome.TIE),
            costs=tuple(k for k, r in results if r.at_a_cost),
            open=tuple(t.key for t in self.tasks.values() if t.result is None),
        )
