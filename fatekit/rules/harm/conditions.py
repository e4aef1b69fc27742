"""Conditions (optional rule): fixed, named boxes that replace consequences.

Each consequence level splits into two conditions of half its value: Hurt and Scared (1 each,
mild), Injured and Shaken (2, moderate), Wounded and Demoralized (3, severe). A condition box is
a :class:`ConsequenceSlot` whose ``shifts`` is the box's value and whose ``condition`` names it,
so absorbing a hit, conceding and recovery work on them unchanged. Marking a box writes the
condition's name as the consequence aspect.

In the "further apart" variant physical and mental conditions are kept separate and every
condition has twice the boxes, but no more than two boxes (plus one per added box) may be marked
on a row.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.clock import Clock
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.tracks import Track
from fatekit.rules.core.waivers import refuse
from fatekit.rules.harm.absorb import AbsorbPlan, ExtremeUse, Harmable, absorb_options
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity

__all__ = [
    "CONDITIONS",
    "CONDITIONS_APART_RULE",
    "CONDITIONS_RULE",
    "Condition",
    "check_conditions",
    "check_row_cutoff",
    "condition_names",
    "condition_options",
    "condition_slots",
    "conditions_for",
    "row_cutoffs",
    "to_conditions",
]

CONDITIONS_RULE = rule(
    "option.conditions",
    CONDENSED,
    "Optional Rules > Conditions",
    "Conditions replace consequences: Hurt and Scared (1, mild), Injured and Shaken (2, moderate), "
    "Wounded and Demoralized (3, severe), any of them for any harm; an extra mild slot becomes two "
    "more boxes of Hurt or Scared",
)
CONDITIONS_APART_RULE = rule(
    "option.conditions.apart",
    CONDENSED,
    "Optional Rules > Conditions > Moving Conditions Further Apart",
    "Kept apart, physical and mental conditions serve only their own harm with twice the boxes, "
    "and a row stops taking marks once two of its boxes are marked, plus one per added box",
)


@dataclass(frozen=True, slots=True)
class Condition:
    """One condition: its key, display name, row, box value and the harm it matches."""

    key: str
    name: str
    severity: Severity
    value: int
    track: Track


CONDITIONS: tuple[Condition, ...] = (
    Condition("hurt", "Hurt", Severity.MILD, 1, Track.PHYSICAL),
    Condition("scared", "Scared", Severity.MILD, 1, Track.MENTAL),
    Condition("injured", "Injured", Severity.MODERATE, 2, Track.PHYSICAL),
    Condition("shaken", "Shaken", Severity.MODERATE, 2, Track.MENTAL),
    Condition("wounded", "Wounded", Severity.SEVERE, 3, Track.PHYSICAL),
    Condition("demoralized", "Demoralized", Severity.SEVERE, 3, Track.MENTAL),
)
_BY_KEY = {c.key: c for c in CONDITIONS}
_BASE_PER_ROW_APART = 4  # two conditions of two boxes each


def condition_slots(
    extra_mild: Sequence[Track] = (), *, apart: bool = False
) -> list[ConsequenceSlot]:
    """The condition boxes of a sheet; ``extra_mild`` lists the kind of each extra mild slot.

    Each extra mild slot becomes two more boxes on Hurt (physical) or Scared (mental); an extra
    slot for any harm goes to Hurt.
    """
    boxes: list[ConsequenceSlot] = []
    for condition in CONDITIONS:
        count = 2 if apart else 1
        for track in extra_mild:
            if condition.key == ("scared" if track is Track.MENTAL else "hurt"):
                count += 2
        boxes.extend(_box(condition, apart) for _ in range(count))
    return boxes


def to_conditions(
    slots: Sequence[ConsequenceSlot], *, apart: bool = False
) -> list[ConsequenceSlot]:
    """Replace a sheet's consequence slots with condition boxes (already-filled slots refuse)."""
    check_conditions(slots)
    return conditions_for(slots, apart=apart)


def check_conditions(slots: Sequence[ConsequenceSlot]) -> None:
    """Refuse to turn slots holding consequences into condition boxes."""
    if any(s.condition is not None for s in slots):
        return  # already conditions
    if any(s.aspect is not None for s in slots):
        raise IllegalAction(
            "switch to conditions only while no consequence is written on the sheet",
            CONDITIONS_RULE,
        )


def conditions_for(
    slots: Sequence[ConsequenceSlot], *, apart: bool = False
) -> list[ConsequenceSlot]:
    """A sheet's consequence slots as condition boxes, as a table's log took the sheet in
    (checked by no rule: see :func:`to_conditions`)."""
    if any(s.condition is not None for s in slots):
        return list(slots)  # already conditions
    mild = [s for s in slots if s.severity is Severity.MILD]
    return condition_slots([s.track for s in mild[1:]], apart=apart)


def row_cutoffs(target: Harmable) -> dict[Severity, int]:
    """How many boxes each row may have marked, in the "apart" variant: two plus the added ones."""
    per_row = Counter(s.severity for s in target.consequences if s.condition is not None)
    return {row: 2 + max(0, count - _BASE_PER_ROW_APART) for row, count in per_row.items()}


def check_row_cutoff(target: Harmable, plan: AbsorbPlan) -> None:
    """Raise if ``plan`` marks a box on a row that has reached its cutoff (the "apart" variant)."""
    cutoffs = row_cutoffs(target)
    marked = Counter(s.severity for s in target.consequences if s.condition and s.aspect)
    adding = Counter(target.consequences[i].severity for i in plan.slots)
    for row, count in adding.items():
        if marked[row] + count > cutoffs.get(row, 0):
            refuse(
                f"the {row.value} row already has {marked[row]} of its {cutoffs.get(row, 0)} "
                "allowed marks",
                CONDITIONS_APART_RULE,
            )


def condition_options(
    target: Harmable,
    shifts: int,
    track: Track,
    *,
    apart: bool,
    allow_extreme: bool | ExtremeUse = False,
    clock: Clock | None = None,
    any_box: bool = False,
) -> list[AbsorbPlan]:
    """Every minimal legal plan under conditions.

    The cutoff only removes plans: a plan minimal without it stays minimal with it, so filtering
    the general list gives exactly the legal minimal plans.
    """
    plans = absorb_options(
        target, shifts, track, allow_extreme=allow_extreme, clock=clock, any_box=any_box
    )
    if not apart:
        return plans
    legal = []
    for plan in plans:
        try:
            check_row_cutoff(target, plan)
        except IllegalAction:
            continue
        legal.append(plan)
    return legal


def condition_names(target: Harmable, plan: AbsorbPlan) -> Mapping[int, str]:
    """The name each marked condition box writes, by slot index."""
    names = {}
    for index in plan.slots:
        slot = target.consequences[index]
        if slot.condition is None:
            raise BadInput(f"slot {index + 1} is a consequence, not a condition: name it")
        names[index] = _BY_KEY[slot.condition].name
    return names


def _box(condition: Condition, apart: bool) -> ConsequenceSlot:
    track = condition.track if apart else Track.ANY
    return ConsequenceSlot(condition.severity, condition.value, track, condition=condition.key)
