"""Fate Core's and Fate Accelerated's milestones: minor, significant and major.

Both books give three milestones (Fate Condensed's milestone and breakthrough are in
:mod:`fatekit.rules.characters.advancement`):

- a **minor** milestone, usually at the end of a session, allows one change from the list Fate
  Condensed's milestone has (:data:`~fatekit.rules.characters.advancement.MilestoneChoice`; Fate
  Accelerated swaps approaches and never trades one away). In Fate Core moderate consequences may
  be renamed to start recovering; in Fate Accelerated a moderate consequence two sessions old
  may be cleared;
- a **significant** milestone, usually at the end of a scenario, adds a skill point (an approach
  raised by one in Fate Accelerated) and lets severe consequences start recovering (Fate Core)
  or, two sessions old, clear (Fate Accelerated);
- a **major** milestone, at the end of an arc, adds to both a point of refresh (a stunt may be
  bought with it at once), a new name for the high concept if the player wants one, and in Fate
  Core a skill may go past the campaign's skill cap and an extreme consequence becomes the
  permanent aspect the player renames it to, which frees the way for another.

:func:`check_milestone_spending` says whether a :class:`MilestoneSpending` is legal; and
:func:`spend_milestone` carries it out, checking everything before anything changes. Reach the
milestone on the :class:`~fatekit.rules.core.clock.Clock` first.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field

from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.characters.advancement import (
    BANKED_RULE,
    MILESTONE_RULE,
    ChangePlan,
    MilestoneChoice,
    ReplaceSkill,
    commit_plan,
    milestone_refresh,
    planned_change,
    raised_skills,
)
from fatekit.rules.characters.character import Character
from fatekit.rules.characters.preset import AdvancementStyle, Preset
from fatekit.rules.core.citations import CORE_BOOK, FAE_BOOK, rule
from fatekit.rules.core.clock import Clock, Milestone, Moment
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.ladder import format_rating
from fatekit.rules.core.waivers import refuse
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity
from fatekit.rules.harm.recovery import EXTREME_RENAME_RULE

__all__ = [
    "APPROACH_CAP",
    "APPROACH_CAP_RULE",
    "FAE_CLEARS_RULE",
    "MAJOR_RULE",
    "MINOR_RECOVERY_RULE",
    "SIGNIFICANT_RULE",
    "SKILL_CAP_RULE",
    "MilestoneSpending",
    "check_banked_raise",
    "check_milestone_spending",
    "settled_place",
    "skill_cap",
    "spend_milestone",
]

MINOR_RECOVERY_RULE = rule(
    "advancement.minor-recovery",
    CORE_BOOK,
    "The Long Game > Defining Milestones > Minor Milestones",
    "Fate Core: at a minor milestone, besides its one change, moderate consequences not yet "
    "recovering may be renamed to start their recovery",
)
SIGNIFICANT_RULE = rule(
    "advancement.significant",
    CORE_BOOK,
    "The Long Game > Defining Milestones > Significant Milestones",
    "A significant milestone (the end of a scenario) gives what a minor one does and one skill "
    "point, spent on a new Average (+1) skill or one step up, or banked; severe consequences may "
    "then be renamed to start their recovery",
)
MAJOR_RULE = rule(
    "advancement.major",
    CORE_BOOK,
    "The Long Game > Defining Milestones > Major Milestones",
    "A major milestone (the end of an arc) gives what a significant and a minor one do, a point "
    "of refresh (a stunt may be bought with it at once), a new high concept if wanted, a skill "
    "past the skill cap, and an extreme consequence renamed into a permanent aspect",
)
SKILL_CAP_RULE = rule(
    "advancement.skill-cap",
    CORE_BOOK,
    "Character Creation > The Skill Cap; The Long Game > Major Milestones",
    "No skill goes past the campaign's skill cap (Great (+4) at the start, or the highest rating "
    "a PC has reached) except at a major milestone, which lets one go a step past it",
)
APPROACH_CAP_RULE = rule(
    "advancement.approach-cap",
    FAE_BOOK,
    "Getting Better at Doing Stuff > Significant Milestones",
    "Fate Accelerated: an approach is raised one step at a significant milestone, never past "
    "Superb (+5); no column rule applies to approaches",
)
FAE_CLEARS_RULE = rule(
    "advancement.fae-clears",
    FAE_BOOK,
    "Getting Better at Doing Stuff > Minor Milestones; Significant Milestones",
    "Fate Accelerated: at a minor milestone a moderate consequence that has been around for two "
    "sessions may be cleared; at a significant (or major) milestone a severe one too",
)

#: Fate Accelerated's highest approach rating.
APPROACH_CAP = 5
#: How many sessions a consequence must have been around before a Fate Accelerated milestone
#: clears it.
FAE_CLEAR_SESSIONS = 2


@dataclass(frozen=True, slots=True)
class MilestoneSpending:
    """What a player chose at a Fate Core or Fate Accelerated milestone.

    ``change`` is the one change of a minor milestone (every level has it; ``None``: none).
    ``recovery_names`` renames, by aspect id, consequences to start their recovery (Fate Core:
    moderate ones at any milestone, severe ones from a significant one). ``clear`` names the
    consequences to clear (Fate Accelerated: moderate ones two sessions old, severe ones from a
    significant milestone). ``raise_now`` spends skill points at once, one entry a step (the
    milestone's own and banked ones); a point not spent stays banked. ``high_concept`` renames
    it at a major milestone, and ``extreme_names`` gives, by aspect id, the permanent aspect
    each extreme consequence becomes (Fate Core's major milestone).
    """

    change: MilestoneChoice | None = None
    recovery_names: Mapping[str, str] = field(default_factory=dict)
    clear: frozenset[str] = frozenset()
    raise_now: tuple[str, ...] = ()
    high_concept: str | None = None
    extreme_names: Mapping[str, str] = field(default_factory=dict)


def skill_cap(preset: Preset, ratings: list[int]) -> int:
    """The campaign's skill cap: the preset's top starting rating, or the highest rating any PC
    has reached since (only a major milestone takes one past it)."""
    return max([preset.peak, *ratings])


def check_milestone_spending(
    character: Character,
    level: Milestone,
    spending: MilestoneSpending,
    clock: Clock,
    preset: Preset,
    *,
    cap: int,
) -> None:
    """Raise unless ``spending`` is what ``character`` may do at a ``level`` milestone."""
    spend_milestone(copy.deepcopy(character), level, spending, clock, preset, cap=cap)


def spend_milestone(
    character: Character,
    level: Milestone,
    spending: MilestoneSpending,
    clock: Clock,
    preset: Preset,
    *,
    cap: int,
) -> list[Aspect]:
    """Carry out ``spending`` at a ``level`` milestone (``cap``: the campaign's skill cap, see
    :func:`skill_cap`). Everything is checked before anything changes. Returns the aspects the
    extreme consequences became."""
    style = preset.advancement
    if style is AdvancementStyle.CONDENSED:
        raise BadInput(
            f"{preset.name} has a milestone and a breakthrough, not Fate Core's three milestones",
            code="milestone_kind",
        )
    level = Milestone(level)
    major = level is Milestone.MAJOR
    grows = level is not Milestone.MINOR  # significant and major give a skill point
    refresh = character.refresh + (1 if major else 0)
    plan = _plan(character, spending.change, preset, refresh, major=major)
    if spending.high_concept is not None:
        if not major:
            refuse("only a major milestone renames the high concept", MAJOR_RULE)
        high = character.high_concept
        if high is None:
            raise BadInput(f"{character.name} has no high concept to rename")
        if not spending.high_concept.strip():
            raise BadInput("the new high concept needs a name")
        plan.aspect_names[high.id] = spending.high_concept.strip()
    banked = character.skill_steps_banked + (1 if grows else 0)
    if len(spending.raise_now) > banked:
        raise IllegalAction(
            f"{len(spending.raise_now)} skill points asked for but {banked} to spend",
            BANKED_RULE if grows else SIGNIFICANT_RULE,
        )
    if spending.raise_now:
        plan.skills = _raised(plan.skills, spending.raise_now, preset, style, cap, major=major)
    recovering = _recovery(character, level, spending, style)
    cleared = _clears(character, level, spending, style, clock)
    settled = _settled(character, spending.extreme_names, clock, major=major)
    # Everything is checked: now the sheet changes.
    commit_plan(character, plan, preset)
    moment = Moment.ARC if level is Milestone.MINOR else Moment.BETWEEN_ARCS
    for slot, name in recovering:
        slot.start_recovery(name, clock, moment)
    for slot in cleared:
        slot.clear()
    became = [_settle(character, slot, name) for slot, name in settled]
    if major:
        character.refresh_awarded += 1
    if grows:
        character.skill_steps_earned += 1
    character.skill_steps_banked = banked - len(spending.raise_now)
    return became


def check_banked_raise(
    character: Character, steps: tuple[str, ...], preset: Preset, *, cap: int
) -> None:
    """Raise when spending banked skill points outside a milestone would take a skill past
    Fate Core's skill cap (only a major milestone does) or an approach past Superb (+5); Fate
    Condensed's breakthrough steps know no cap."""
    if preset.advancement is not AdvancementStyle.CONDENSED and steps:
        _raised(dict(character.skills), steps, preset, preset.advancement, cap, major=False)


def _plan(
    character: Character,
    change: MilestoneChoice | None,
    preset: Preset,
    refresh: int,
    *,
    major: bool,
) -> ChangePlan:
    if change is None:
        return ChangePlan(dict(character.skills), list(character.stunts), refresh, {})
    if preset.advancement is AdvancementStyle.ACCELERATED and isinstance(change, ReplaceSkill):
        refuse(
            "Fate Accelerated's minor milestone swaps two approaches; it never trades one away",
            MILESTONE_RULE,
        )
    return planned_change(
        character, change, preset, refresh, stunts_bought=milestone_refresh(major)
    )


def _raised(
    skills: dict[str, int],
    steps: tuple[str, ...],
    preset: Preset,
    style: AdvancementStyle,
    cap: int,
    *,
    major: bool,
) -> dict[str, int]:
    if style is AdvancementStyle.ACCELERATED:
        raised = raised_skills(skills, steps, preset, columns=False)
        for key in dict.fromkeys(steps):
            if raised[key] > APPROACH_CAP:
                refuse(
                    f"{preset.skill_name(key)} would be {format_rating(raised[key])}: no approach "
                    f"goes past {format_rating(APPROACH_CAP)}",
                    APPROACH_CAP_RULE,
                )
        return raised
    raised = raised_skills(skills, steps, preset)
    # A major milestone may take a skill one step past the cap (raising the cap with it).
    highest = cap + 1 if major else cap
    for key in dict.fromkeys(steps):
        if raised[key] > highest:
            refuse(
                f"{preset.skill_name(key)} would be {format_rating(raised[key])}, past the "
                f"campaign's skill cap of {format_rating(cap)}"
                + ("" if major else ": only a major milestone goes past it"),
                SKILL_CAP_RULE,
            )
    return raised


def _recovery(
    character: Character, level: Milestone, spending: MilestoneSpending, style: AdvancementStyle
) -> list[tuple[ConsequenceSlot, str]]:
    """The consequences to start recovering, with their new names (Fate Core)."""
    if not spending.recovery_names:
        return []
    if style is not AdvancementStyle.CORE:
        raise BadInput(
            "Fate Accelerated clears consequences at a milestone; it does not rename them to "
            "start recovering",
            code="milestone_kind",
        )
    found: list[tuple[ConsequenceSlot, str]] = []
    for aspect_id, name in spending.recovery_names.items():
        slot = _slot(character, aspect_id)
        if slot.severity is Severity.SEVERE and level is Milestone.MINOR:
            refuse(
                f"{_label(slot)} is severe: it starts recovering at a significant or major "
                "milestone",
                SIGNIFICANT_RULE,
            )
        elif slot.severity not in (Severity.MODERATE, Severity.SEVERE):
            refuse(
                f"{_label(slot)} is {slot.severity.value}: a milestone starts the recovery of "
                "moderate and severe consequences",
                MINOR_RECOVERY_RULE,
            )
        if slot.recovering:
            refuse(f"{_label(slot)} is already recovering", MINOR_RECOVERY_RULE)
        if not name.strip():
            raise BadInput(f"give {_label(slot)} its new name")
        found.append((slot, name.strip()))
    return found


def _clears(
    character: Character,
    level: Milestone,
    spending: MilestoneSpending,
    style: AdvancementStyle,
    clock: Clock,
) -> list[ConsequenceSlot]:
    """The consequences to clear (Fate Accelerated)."""
    if not spending.clear:
        return []
    if style is not AdvancementStyle.ACCELERATED:
        raise BadInput(
            "Fate Core starts a consequence's recovery at a milestone; it does not clear one",
            code="milestone_kind",
        )
    found = []
    for aspect_id in sorted(spending.clear):
        slot = _slot(character, aspect_id)
        if slot.severity is Severity.SEVERE and level is Milestone.MINOR:
            refuse(
                f"{_label(slot)} is severe: it clears at a significant or major milestone",
                FAE_CLEARS_RULE,
            )
        elif slot.severity not in (Severity.MODERATE, Severity.SEVERE):
            refuse(
                f"{_label(slot)} is {slot.severity.value}: a milestone clears moderate and "
                "severe consequences",
                FAE_CLEARS_RULE,
            )
        taken = slot.taken_at
        if taken is not None and clock.sessions_ended - taken.sessions_ended < FAE_CLEAR_SESSIONS:
            refuse(
                f"{_label(slot)} has not been around for {FAE_CLEAR_SESSIONS} sessions yet",
                FAE_CLEARS_RULE,
            )
        found.append(slot)
    return found


def _settled(
    character: Character, names: Mapping[str, str], clock: Clock, *, major: bool
) -> list[tuple[ConsequenceSlot, str]]:
    """The extreme consequences to rename into permanent aspects, with their names."""
    found = []
    for aspect_id, name in names.items():
        slot = _slot(character, aspect_id)
        if slot.severity is not Severity.EXTREME:
            raise BadInput(f"{_label(slot)} is not an extreme consequence")
        if not major:
            refuse(
                f"{_label(slot)} is renamed at a major milestone, not before",
                EXTREME_RENAME_RULE,
            )
        if slot.taken_at is not None and clock.major_milestones_since(slot.taken_at) < 1:
            refuse(
                f"{_label(slot)} was taken after this major milestone: it waits for the next",
                EXTREME_RENAME_RULE,
            )
        new = name.strip()
        if not new:
            raise BadInput(f"give {_label(slot)} its new name")
        if slot.replaced is not None and new.casefold() == slot.replaced.name.casefold():
            refuse(
                f"{new!r} is the aspect the extreme consequence replaced: it cannot come back",
                EXTREME_RENAME_RULE,
            )
        found.append((slot, new))
    return found


def _settle(character: Character, slot: ConsequenceSlot, name: str) -> Aspect:
    """An extreme consequence becomes a permanent aspect in the place of the one it replaced
    (its id and kind), and leaves the consequences."""
    aspect_id, kind = settled_place(slot)
    aspect = Aspect(aspect_id, name, kind, owner=character.id)
    character.consequences.remove(slot)
    character.aspects.append(aspect)
    return aspect


def settled_place(slot: ConsequenceSlot) -> tuple[str, AspectKind]:
    """The id and kind of the permanent aspect an extreme consequence becomes: those of the
    aspect it replaced (a slot that did not keep it: a character aspect under its own id)."""
    if slot.replaced is not None:
        return slot.replaced.id, slot.replaced.kind
    assert slot.aspect is not None
    return slot.aspect.id, AspectKind.CHARACTER


def _slot(character: Character, aspect_id: str) -> ConsequenceSlot:
    for slot in character.consequences:
        if slot.aspect is not None and slot.aspect.id == aspect_id:
            return slot
    raise BadInput(f"{character.name} has no consequence {aspect_id!r}")


def _label(slot: ConsequenceSlot) -> str:
    assert slot.aspect is not None
    return slot.aspect.label
