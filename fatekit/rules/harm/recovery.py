"""Recovering from harm: stress at the end of a scene, consequences through treatment and time.

Treatment is an overcome roll against a difficulty set by the consequence's severity
(:func:`treatment_difficulty`); :func:`treat` settles it and, on success, renames the
consequence and starts its recovery. :func:`clear_recovered` then clears every consequence whose
time has come, judged by the :class:`~fatekit.rules.core.clock.Clock`:

- mild: one full scene after treatment, that is, the scene *after* the one in which treatment
  happened has ended;
- moderate: one full session after treatment, likewise the session after the treatment's;
- severe: the next major milestone after treatment.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.core.citations import CONDENSED, CORE, rule
from fatekit.rules.core.clock import Clock
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.outcomes import Outcome, outcome_for
from fatekit.rules.core.tracks import Track
from fatekit.rules.core.waivers import refuse
from fatekit.rules.harm.consequences import (
    EXTREME_NO_RECOVERY_RULE,
    ConsequenceSlot,
    HasConsequences,
    Severity,
)
from fatekit.rules.harm.stress import StressTrack

__all__ = [
    "EXTREME_RENAME_RULE",
    "RECOVERY_TIME_RULE",
    "SELF_TREATMENT_PENALTY",
    "STRESS_CLEARS_RULE",
    "TREATMENT_DIFFICULTY",
    "TREATMENT_RULE",
    "Recovering",
    "Treatment",
    "clear_recovered",
    "clear_stress",
    "is_recovered",
    "rename_extreme",
    "treat",
    "treatment_difficulty",
]

STRESS_CLEARS_RULE = rule(
    "recovery.stress",
    CONDENSED,
    "Conflicts > Recovering from Conflicts",
    "Every checked stress box is cleared when the scene ends",
)
TREATMENT_RULE = rule(
    "recovery.treatment",
    CONDENSED,
    "Conflicts > Recovering from Conflicts",
    "Recovery starts with an overcome against Fair (+2) for mild, Great (+4) for moderate, "
    "Fantastic (+6) for severe, two steps higher on oneself; success renames the consequence "
    "and marks it recovering",
)
RECOVERY_TIME_RULE = rule(
    "recovery.time",
    CONDENSED,
    "Conflicts > Recovering from Conflicts",
    "A treated consequence clears after one full scene (mild), one full session (moderate), or "
    "at the next major milestone (severe), counted from treatment",
)
EXTREME_RENAME_RULE = rule(
    "consequence.extreme-rename",
    CORE,
    "Extreme Consequences",
    "From the next major milestone on, an extreme consequence may be renamed, but never back to "
    "the aspect it replaced",
)

#: The difficulty of treating a consequence of each severity.
TREATMENT_DIFFICULTY: Mapping[Severity, int] = {
    Severity.MILD: 2,
    Severity.MODERATE: 4,
    Severity.SEVERE: 6,
}

#: How much harder treatment is on oneself.
SELF_TREATMENT_PENALTY = 2


class Recovering(HasConsequences, Protocol):
    """What recovery needs of a character: its stress tracks and consequence slots."""

    @property
    def stress(self) -> Mapping[Track, StressTrack]:
        """Stress tracks by the kind of harm they take."""
        ...


@dataclass(frozen=True, slots=True)
class Treatment:
    """How a treatment roll went and whether recovery started."""

    difficulty: int
    effort: int
    outcome: Outcome
    started: bool


def clear_stress(target: Recovering) -> int:
    """End of scene: uncheck every stress box; return how many were checked."""
    return sum(track.clear() for track in target.stress.values())


def treatment_difficulty(slot: ConsequenceSlot, *, on_self: bool) -> int:
    """The difficulty of the overcome roll that starts recovery of ``slot``'s consequence."""
    difficulty = TREATMENT_DIFFICULTY.get(slot.severity)
    if difficulty is None:
        raise IllegalAction("an extreme consequence cannot be treated", EXTREME_NO_RECOVERY_RULE)
    return difficulty + (SELF_TREATMENT_PENALTY if on_self else 0)


def treat(
    slot: ConsequenceSlot,
    *,
    effort: int,
    on_self: bool,
    new_name: str,
    clock: Clock,
    at_cost: bool = False,
) -> Treatment:
    """Settle a treatment roll of ``effort`` on ``slot``'s consequence.

    On success (or success with style) the consequence takes ``new_name`` and starts recovering
    from this moment of ``clock``. ``at_cost`` records that the GM granted success at a cost on
    a tie or failure, as the overcome action allows; the treatment then succeeds too. Raises
    :class:`IllegalAction` for an empty slot, a consequence already recovering, or an extreme one.
    """
    difficulty = treatment_difficulty(slot, on_self=on_self)
    if isinstance(effort, bool) or not isinstance(effort, int):
        raise BadInput(f"the treatment roll's effort must be a number, got {effort!r}")
    outcome = outcome_for(effort - difficulty)
    started = outcome.succeeded or at_cost
    if started:
        slot.start_recovery(new_name, clock)
    else:
        # A failed roll changes nothing, but treating an empty or recovering slot is still wrong.
        slot.check_can_start_recovery()
    return Treatment(difficulty, effort, outcome, started)


def is_recovered(slot: ConsequenceSlot, clock: Clock) -> bool:
    """Whether a recovering consequence has waited long enough to clear."""
    if not slot.recovering or slot.treated_at is None:
        return False
    if slot.severity is Severity.MILD:
        return clock.full_scenes_since(slot.treated_at) >= 1
    if slot.severity is Severity.MODERATE:
        return clock.full_sessions_since(slot.treated_at) >= 1
    if slot.severity is Severity.SEVERE:
        return clock.major_milestones_since(slot.treated_at) >= 1
    return False


def clear_recovered(target: Recovering, clock: Clock) -> list[Aspect]:
    """Clear every consequence whose recovery time has passed; return what was cleared.

    The scene layer calls this after ending a scene or session or reaching a milestone.
    """
    cleared: list[Aspect] = []
    for slot in target.consequences:
        if is_recovered(slot, clock):
            aspect = slot.clear()
            if aspect is not None:
                cleared.append(aspect)
    return cleared


def rename_extreme(slot: ConsequenceSlot, new_name: str, clock: Clock) -> None:
    """Rename an extreme consequence once a major milestone has passed since it was taken.

    A slot that does not record when it was taken counts as taken before the last milestone.
    """
    if slot.severity is not Severity.EXTREME or slot.aspect is None:
        raise BadInput("only a slot holding an extreme consequence can be renamed this way")
    name = new_name.strip()
    if not name:
        raise BadInput("give the extreme consequence its new name")
    if slot.taken_at is not None and clock.major_milestones_since(slot.taken_at) < 1:
        refuse(
            f"{slot.aspect.label} can be renamed only after the next major milestone",
            EXTREME_RENAME_RULE,
        )
    if slot.replaced is not None and name.casefold() == slot.replaced.name.casefold():
        refuse(
            f"{name!r} is the aspect the extreme consequence replaced: it cannot come back",
            EXTREME_RENAME_RULE,
        )
    slot.aspect.name = name
