"""Recovering from harm: stress at the end of a scene, consequences through treatment and time.

Treatment is an overcome roll against a difficulty set by the consequence's severity
(:func:`treatment_difficulty`); :func:`treat` settles it and, on success, renames the
consequence and starts its recovery. :func:`clear_recovered` then clears every consequence whose
time has come, judged by the :class:`~fatekit.rules.core.clock.Clock`:

- mild: one whole scene after treatment: treated during a scene, the *next* scene must end;
  treated between scenes, the very next one;
- moderate: one whole session after treatment, counted likewise (recovery started at a
  breakthrough, between sessions, clears when the next session ends);
- severe: as the rule set says (:class:`SevereRecovery`): the next major milestone after
  treatment (Fate Condensed), any milestone (Öde), or the end of the next whole scenario (Fate
  Core); with the long-arcs option, also after four whole sessions.

Which skills treat which harm, and how much harder treating oneself is, are the rule set's too
(:class:`RecoveryRules`). Treatment records *when* it happened (a
:class:`~fatekit.rules.core.clock.Moment`): only spans that begin after it count as whole.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.core.citations import CONDENSED, CORE, FAE_BOOK, ODE, rule
from fatekit.rules.core.clock import Clock, Moment
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
    "CORE_SCENARIO_RULE",
    "DEFAULT_RECOVERY",
    "EXTREME_RENAME_RULE",
    "FAE_SCENARIO_RULE",
    "LONG_ARCS_RULE",
    "ODE_RECOVERY_RULE",
    "RECOVERY_TIME_RULE",
    "SELF_TREATMENT_PENALTY",
    "STRESS_CLEARS_RULE",
    "TREATMENT_DIFFICULTY",
    "TREATMENT_RULE",
    "TREATMENT_SKILL_RULE",
    "Recovering",
    "RecoveryRules",
    "SevereRecovery",
    "Treatment",
    "clear_recovered",
    "clear_stress",
    "clears_after",
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
    "A treated consequence clears after one whole scene (mild), one whole session (moderate), or "
    "at the next major milestone (severe; other rule sets say otherwise), counting only spans "
    "that start after treatment",
)
TREATMENT_SKILL_RULE = rule(
    "recovery.treatment-skill",
    CONDENSED,
    "Conflicts > Recovering from Conflicts",
    "Physical consequences are treated with Academics, mental ones with Empathy",
)
ODE_RECOVERY_RULE = rule(
    "recovery.ode",
    ODE,
    "Återhämta sig från en konflikt",
    "Öde: treating a consequence is no harder on oneself, and a treated severe consequence "
    "clears once a milestone (any milsten) has passed",
)
CORE_SCENARIO_RULE = rule(
    "recovery.core-scenario",
    CORE,
    "Recovering from a Consequence",
    "Fate Core: a treated severe consequence clears after the next whole scenario",
)
FAE_SCENARIO_RULE = rule(
    "recovery.fae-scenario",
    FAE_BOOK,
    "Ouch! Damage, Stress, and Consequences > Getting Better—Recovering from Stress and "
    "Consequences",
    "Fate Accelerated: a moderate consequence clears at the end of the next session, a severe "
    "one at the end of the scenario (a significant or major milestone)",
)
LONG_ARCS_RULE = rule(
    "recovery.long-arcs",
    CONDENSED,
    "Сессии и Арки",
    "When arcs run longer than four to six sessions, severe consequences may clear after four "
    "sessions instead of waiting for the end of the arc",
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

#: How much harder treatment is on oneself (Fate Condensed, Fate Core).
SELF_TREATMENT_PENALTY = 2

#: With the long-arcs option: whole sessions after which a treated severe consequence clears.
LONG_ARC_SESSIONS = 4


class SevereRecovery(StrEnum):
    """When a treated severe consequence clears, by rule set."""

    MAJOR_MILESTONE = "major_milestone"  # Fate Condensed: a breakthrough after treatment
    MILESTONE = "milestone"  # Öde: any milestone (milsten) after treatment
    #: Fate Core and Fate Accelerated: after the next whole scenario (see docs/harm.md)
    SCENARIO = "scenario"


@dataclass(frozen=True, slots=True)
class RecoveryRules:
    """A rule set's recovery: the skill that treats each kind of harm (none listed: any skill
    may), how much harder treating oneself is, and when a severe consequence clears."""

    skills: tuple[tuple[Track, str], ...] = ()
    self_penalty: int = SELF_TREATMENT_PENALTY
    severe: SevereRecovery = SevereRecovery.MAJOR_MILESTONE

    def __post_init__(self) -> None:
        object.__setattr__(self, "severe", SevereRecovery(self.severe))
        if isinstance(self.self_penalty, bool) or not 0 <= self.self_penalty <= 10:
            raise BadInput(f"treating oneself is 0 to 10 harder, not {self.self_penalty!r}")
        harms = [harm for harm, _ in self.skills]
        if len(set(harms)) != len(harms):
            raise BadInput("name one treating skill per kind of harm")

    def skill_for(self, harm: Track) -> str | None:
        """The skill that treats ``harm`` (``None``: the rule set names none, any may)."""
        for kind, skill in self.skills:
            if kind == harm:
                return skill
        return None

    def check_skill(self, skill: str, harm: Track | None = None) -> None:
        """Refuse (waivably: a stunt may allow another) a skill the rule set does not treat
        ``harm`` with; with no kind of harm known (a slot any harm fills), a skill that treats
        none."""
        if harm is not None and Track(harm) is not Track.ANY:
            harm = Track(harm)
            wanted = self.skill_for(harm)
            if wanted is not None and skill != wanted:
                refuse(
                    f"{harm.value} consequences are treated with {wanted}, not {skill}",
                    TREATMENT_SKILL_RULE,
                )
            return
        treating = sorted({s for _, s in self.skills})
        if treating and skill not in treating:
            refuse(
                f"consequences are treated with {' or '.join(treating)}, not {skill}",
                TREATMENT_SKILL_RULE,
            )


#: Fate Condensed's difficulties and times, with no skill named (any may treat).
DEFAULT_RECOVERY = RecoveryRules()


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


def treatment_difficulty(
    slot: ConsequenceSlot, *, on_self: bool, rules: RecoveryRules = DEFAULT_RECOVERY
) -> int:
    """The difficulty of the overcome roll that starts recovery of ``slot``'s consequence."""
    difficulty = TREATMENT_DIFFICULTY.get(slot.severity)
    if difficulty is None:
        raise IllegalAction("an extreme consequence cannot be treated", EXTREME_NO_RECOVERY_RULE)
    return difficulty + (rules.self_penalty if on_self else 0)


def treat(
    slot: ConsequenceSlot,
    *,
    effort: int,
    on_self: bool,
    new_name: str,
    clock: Clock,
    at_cost: bool = False,
    moment: Moment = Moment.SCENE,
    rules: RecoveryRules = DEFAULT_RECOVERY,
) -> Treatment:
    """Settle a treatment roll of ``effort`` on ``slot``'s consequence.

    On success (or success with style) the consequence takes ``new_name`` and starts recovering
    from this moment of ``clock``. ``at_cost`` records that the GM granted success at a cost on
    a tie or failure, as the overcome action allows; the treatment then succeeds too.
    ``moment`` says when in play treatment happens (an overcome is usually rolled during a
    scene); recovery time counts whole spans after it. Raises
    :class:`IllegalAction` for an empty slot, a consequence already recovering, or an extreme one.
    """
    difficulty = treatment_difficulty(slot, on_self=on_self, rules=rules)
    if isinstance(effort, bool) or not isinstance(effort, int):
        raise BadInput(f"the treatment roll's effort must be a number, got {effort!r}")
    outcome = outcome_for(effort - difficulty)
    started = outcome.succeeded or at_cost
    if started:
        slot.start_recovery(new_name, clock, moment)
    else:
        # A failed roll changes nothing, but treating an empty or recovering slot is still wrong.
        slot.check_can_start_recovery()
    return Treatment(difficulty, effort, outcome, started)


def is_recovered(
    slot: ConsequenceSlot,
    clock: Clock,
    rules: RecoveryRules = DEFAULT_RECOVERY,
    *,
    long_arcs: bool = False,
) -> bool:
    """Whether a recovering consequence has waited long enough to clear (``long_arcs``: the
    option that lets a severe one clear after four whole sessions too)."""
    mark = slot.treated_at
    if not slot.recovering or mark is None:
        return False
    if slot.severity is Severity.MILD:
        return clock.full_scenes_since(mark) >= 1
    if slot.severity is Severity.MODERATE:
        return clock.full_sessions_since(mark) >= 1
    if slot.severity is not Severity.SEVERE:
        return False
    if long_arcs and clock.full_sessions_since(mark) >= LONG_ARC_SESSIONS:
        return True
    if rules.severe is SevereRecovery.MILESTONE:
        return clock.milestones_since(mark) >= 1
    if rules.severe is SevereRecovery.SCENARIO:
        return clock.full_scenarios_since(mark) >= 1
    return clock.major_milestones_since(mark) >= 1


def clears_after(
    slot: ConsequenceSlot, rules: RecoveryRules = DEFAULT_RECOVERY, *, long_arcs: bool = False
) -> str | None:
    """What a recovering consequence waits for, as a key the page words (``None``: it is not
    recovering): ``scene`` (the next whole scene), ``session``, ``major_milestone``,
    ``milestone``, ``scenario``, with ``_or_four_sessions`` under the long-arcs option."""
    if not slot.recovering or slot.treated_at is None:
        return None
    if slot.severity is Severity.MILD:
        return "scene"
    if slot.severity is Severity.MODERATE:
        return "session"
    if slot.severity is not Severity.SEVERE:
        return None
    return rules.severe.value + ("_or_four_sessions" if long_arcs else "")


def clear_recovered(
    target: Recovering,
    clock: Clock,
    rules: RecoveryRules = DEFAULT_RECOVERY,
    *,
    long_arcs: bool = False,
) -> list[Aspect]:
    """Clear every consequence whose recovery time has passed; return what was cleared.

    The scene layer calls this after ending a scene or session or reaching a milestone.
    """
    cleared: list[Aspect] = []
    for slot in target.consequences:
        if is_recovered(slot, clock, rules, long_arcs=long_arcs):
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
