"""Taking a hit wherever it lands: in a conflict or from a contest's harm.

The ways to absorb a hit depend on the rule set (conditions stand in for consequences under the
conditions option; extreme consequences under theirs), never on where the hit came from: both a
conflict's pending hit and a contest's use :func:`hit_options` and :func:`take_hit`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.characters.character import Character, CharacterKind
from fatekit.rules.core.clock import Clock
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.tracks import Track
from fatekit.rules.core.waivers import refuse
from fatekit.rules.harm.absorb import (
    AbsorbPlan,
    ExtremeChoice,
    ExtremeUse,
    Harmable,
    absorb_options,
    absorbed_as_recorded,
    apply_plan,
)
from fatekit.rules.harm.conditions import check_row_cutoff, condition_names, condition_options
from fatekit.rules.harm.toolkit_conditions import CONDITION_SOAK_RULE, marked_as_recorded, soaked
from fatekit.rules.options.ruleset import OptionalRule, Ruleset

__all__ = ["extreme_use", "hit_options", "hit_taken", "take_hit"]

#: Who may take an extreme consequence: every PC, and a main NPC, whose sheet is a PC's.
EXTREME_KINDS = frozenset({CharacterKind.PC, CharacterKind.MAJOR_NPC})


def extreme_use(ruleset: Ruleset, target: Harmable) -> ExtremeUse:
    """How ``target`` may take an extreme consequence at a table playing ``ruleset``: in play
    by the preset's own book (Fate Core, where it is the last resort) or by the option; never
    for a nameless NPC or a mob."""
    eligible = not isinstance(target, Character) or (
        target.kind in EXTREME_KINDS and target.members == 1
    )
    return ExtremeUse(
        in_play=ruleset.has(OptionalRule.EXTREME_CONSEQUENCES),
        eligible=eligible,
        last_ditch=ruleset.preset.extreme_consequences,
    )


def hit_options(
    ruleset: Ruleset, target: Harmable, shifts: int, track: Track, clock: Clock | None
) -> list[AbsorbPlan]:
    """Every minimal way ``target`` may absorb a hit of ``shifts`` (empty: taken out)."""
    use = extreme_use(ruleset, target)
    any_box = ruleset.preset.stress_any_box
    if ruleset.has(OptionalRule.CONDITIONS):
        return condition_options(
            target,
            shifts,
            track,
            apart=ruleset.has(OptionalRule.CONDITIONS_APART),
            allow_extreme=use,
            clock=clock,
            any_box=any_box,
        )
    return absorb_options(target, shifts, track, allow_extreme=use, clock=clock, any_box=any_box)


def take_hit(
    ruleset: Ruleset,
    target: Harmable,
    shifts: int,
    track: Track,
    plan: AbsorbPlan,
    *,
    by: str,
    clock: Clock | None,
    names: Mapping[int, str] | None = None,
    extreme: ExtremeChoice | None = None,
    conflict: str | None = None,
    as_recorded: bool = False,
    conditions: Sequence[str] = (),
) -> list[Aspect]:
    """Absorb the hit with ``plan`` (:func:`~fatekit.rules.harm.absorb.apply_plan`): under
    conditions a marked condition box is named by its condition, and the "apart" variant's row
    cutoff is checked too. Returns the new consequences.

    ``conditions`` names the rule set's conditions (the Fate System Toolkit's) the defender
    marks first: their shifts come off the hit and ``plan`` absorbs what is left (nothing left:
    ``plan`` must be empty). Everything is checked before anything is marked."""
    if conditions:
        return _take_with_conditions(
            ruleset,
            target,
            shifts,
            track,
            plan,
            by=by,
            clock=clock,
            names=names,
            extreme=extreme,
            conflict=conflict,
            conditions=conditions,
        )
    if ruleset.has(OptionalRule.CONDITIONS):
        if ruleset.has(OptionalRule.CONDITIONS_APART) and not as_recorded:
            check_row_cutoff(target, plan)
        names = {**(names or {}), **condition_names(target, plan)}
    return apply_plan(
        target,
        shifts,
        track,
        plan,
        by=by,
        names=names,
        extreme=extreme,
        allow_extreme=extreme_use(ruleset, target),
        clock=clock,
        conflict=conflict,
        as_recorded=as_recorded,
        any_box=ruleset.preset.stress_any_box,
    )


def _take_with_conditions(
    ruleset: Ruleset,
    target: Harmable,
    shifts: int,
    track: Track,
    plan: AbsorbPlan,
    *,
    by: str,
    clock: Clock | None,
    names: Mapping[int, str] | None,
    extreme: ExtremeChoice | None,
    conflict: str | None,
    conditions: Sequence[str],
) -> list[Aspect]:
    if not isinstance(target, Character):
        raise BadInput("only a character's sheet marks conditions")
    specs = ruleset.preset.conditions
    left = shifts - soaked(target, specs, conditions)
    taken: list[Aspect] = []
    if left > 0:
        taken = take_hit(
            ruleset,
            target,
            left,
            track,
            plan,
            by=by,
            clock=clock,
            names=names,
            extreme=extreme,
            conflict=conflict,
        )
    elif plan.boxes or plan.slots or extreme is not None:
        refuse(
            "the conditions marked take the whole hit: mark no stress and take no consequence",
            CONDITION_SOAK_RULE,
        )
    sessions = 0 if clock is None else clock.sessions_ended
    for key in conditions:
        spec = next(s for s in specs if s.key == key)
        marked_as_recorded(target, spec, by=by, sessions=sessions)
    return taken


def hit_taken(
    ruleset: Ruleset,
    target: Harmable,
    track: Track,
    plan: AbsorbPlan,
    *,
    by: str,
    clock: Clock | None,
    names: Mapping[int, str] | None = None,
    extreme: ExtremeChoice | None = None,
    conflict: str | None = None,
    conditions: Sequence[str] = (),
) -> list[Aspect]:
    """A hit absorbed with ``plan`` as a table's log recorded it (checked by no rule: see
    :func:`take_hit`); a condition box takes its condition's name, and the rule set's
    ``conditions`` recorded as marked against it are marked."""
    if conditions and isinstance(target, Character):
        sessions = 0 if clock is None else clock.sessions_ended
        specs = {spec.key: spec for spec in ruleset.preset.conditions}
        # In the order recorded, as the decision marked them: the sheet lists its marked
        # conditions in that order (a key the rule set lost is not marked).
        for key in conditions:
            if key in specs:
                marked_as_recorded(target, specs[key], by=by, sessions=sessions)
    if not plan.boxes and not plan.slots and not plan.extreme:
        return []
    if ruleset.has(OptionalRule.CONDITIONS):
        names = {**(names or {}), **condition_names(target, plan)}
    return absorbed_as_recorded(
        target,
        track,
        plan,
        by=by,
        names=names,
        extreme=extreme,
        clock=clock,
        conflict=conflict,
    )
