"""Absorbing a hit: every legal way to take it, the recommended one, and applying a choice.

A hit of some shifts lands on one kind of harm (``Track.PHYSICAL``, ``Track.MENTAL``, or
``Track.ANY`` for a character with one track, as in Fate Accelerated). The defender absorbs it
with stress boxes and consequences; :func:`absorb_options` lists every minimal legal
:class:`AbsorbPlan`, best first, and :func:`apply_plan` carries one out. An empty list of options
means the defender cannot stay in the fight: they are taken out.

Plans name boxes by their index on the stress track that serves the hit and consequence slots by
their index in the character's ``consequences``. Free boxes of the same value on one track are
interchangeable, so each distinct plan is listed once, using the leftmost free boxes;
:func:`apply_plan` accepts any equivalent choice of boxes.

    >>> from fatekit.rules.harm.stress import StressTrack
    >>> from fatekit.rules.harm.consequences import ConsequenceSlot, Severity
    >>> from fatekit.rules.core.tracks import Track
    >>> class Sheet:
    ...     id = "charles"
    ...     aspects = []
    ...     stress = {Track.PHYSICAL: StressTrack.one_point(Track.PHYSICAL, 3)}
    ...     consequences = [ConsequenceSlot.of(s) for s in (Severity.MILD, Severity.MODERATE)]
    >>> [(p.boxes, p.slots) for p in absorb_options(Sheet(), 2, Track.PHYSICAL)]
    [((0, 1), ()), ((), (0,)), ((), (1,))]
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.core.citations import CONDENSED, CORE, FAE, Rule, rule
from fatekit.rules.core.clock import Clock
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.tracks import Track
from fatekit.rules.core.waivers import refuse
from fatekit.rules.harm.concession import Conceder
from fatekit.rules.harm.consequences import (
    CONSEQUENCE_SLOT_RULE,
    SEVERITY_SHIFTS,
    ConsequenceSlot,
    Severity,
)
from fatekit.rules.harm.recovery import Recovering
from fatekit.rules.harm.stress import StressStyle, StressTrack

__all__ = [
    "ABSORB_RULE",
    "ANY_BOX_RULE",
    "CONSEQUENCE_ASPECT_RULE",
    "ESCALATING_RULE",
    "EXTREME_LAST_DITCH_RULE",
    "EXTREME_RULE",
    "EXTREME_WHO_RULE",
    "ONE_POINT_RULE",
    "ONLY_AS_NEEDED_RULE",
    "RESERVED_SLOT_RULE",
    "STRESS_KIND_RULE",
    "AbsorbPlan",
    "ExtremeChoice",
    "ExtremeUse",
    "Harmable",
    "absorb_options",
    "absorbed_by",
    "apply_plan",
    "check_plan",
    "extreme_available",
    "is_taken_out",
    "recommended_plan",
    "stress_track_for",
]

ABSORB_RULE = rule(
    "harm.absorb",
    CONDENSED,
    "Conflicts > Taking Harm",
    "Every shift of a hit must be absorbed with stress boxes and consequences; a defender who "
    "cannot, or chooses not to, is taken out",
)
ONLY_AS_NEEDED_RULE = rule(
    "harm.only-as-needed",
    CONDENSED,
    "Taking Harm > Stress",
    "Boxes and consequences are spent only as the hit needs them: no box or consequence may be "
    "taken that the rest of the plan would make unnecessary",
)
STRESS_KIND_RULE = rule(
    "stress.kind-of-harm",
    CONDENSED,
    "Taking Harm > Stress",
    "Physical hits mark physical stress boxes and mental hits mental ones; a single track (Fate "
    "Accelerated) takes every hit",
)
ONE_POINT_RULE = rule(
    "stress.one-point",
    CONDENSED,
    "Taking Harm > Stress",
    "One-point boxes each absorb one shift, and one hit may mark as many free boxes as it needs",
)
ESCALATING_RULE = rule(
    "stress.escalating",
    CORE,
    "Stress",
    "Escalating boxes: at most one box per hit, the free box worth exactly the shifts left after "
    "consequences or, when that box is checked or missing, any higher free box",
)
ANY_BOX_RULE = rule(
    "stress.fae-any-box",
    FAE,
    "Stress boxes",
    "Fate Accelerated: one stress box per hit, any free box worth at least the shifts it is to "
    "absorb (box 1 one shift, box 2 two, box 3 three); consequences may take the rest",
)
RESERVED_SLOT_RULE = rule(
    "consequence.reserved-slot",
    CORE,
    "Consequences",
    "Consequence slots serve any harm, except an extra slot reserved for one kind (the mild slot "
    "of a Superb Physique or Will, or one a stunt grants), which serves only that kind",
)
CONSEQUENCE_ASPECT_RULE = rule(
    "consequence.aspect",
    CONDENSED,
    "Taking Harm > Consequences",
    "A consequence is a new aspect on the character with a name the player gives it, and "
    "whoever inflicted it gets one free invoke on it",
)
EXTREME_RULE = rule(
    "consequence.extreme",
    CORE,
    "Extreme Consequences",
    "An extreme consequence absorbs 8 shifts and takes the place of one character aspect other "
    "than the high concept; it can be taken once between major milestones (optional outside Fate "
    "Core)",
)
EXTREME_WHO_RULE = rule(
    "consequence.extreme-who",
    CORE,
    "Extreme Consequences",
    "The extreme consequence is every PC's last-ditch option (and a main NPC's, whose sheet is a "
    "PC's): nameless NPCs, mobs and supporting NPCs never take one",
)
EXTREME_LAST_DITCH_RULE = rule(
    "consequence.extreme-last-ditch",
    CORE,
    "Extreme Consequences",
    "Fate Core: an extreme consequence is the last-ditch way to stay in a fight, taken only when "
    "stress and the other consequences cannot absorb the hit",
)


class Harmable(Conceder, Recovering, Protocol):
    """What harm needs of a character: its id, aspects, stress tracks and consequence slots, that
    is what conceding and recovering need and its aspects.

    ``stress`` maps each kind of harm to its track: ``PHYSICAL`` and ``MENTAL``, or a single
    ``ANY`` track. ``aspects`` are the character aspects an extreme consequence may replace.
    """

    @property
    def aspects(self) -> list[Aspect]:
        """The character aspects written on the sheet."""
        ...


@dataclass(frozen=True, slots=True)
class AbsorbPlan:
    """One way to absorb a hit: stress boxes, consequence slots, and maybe an extreme consequence.

    ``boxes`` index the stress track serving the hit (see :func:`stress_track_for`); ``slots``
    index the character's ``consequences``. Both are kept sorted.
    """

    boxes: tuple[int, ...] = ()
    slots: tuple[int, ...] = ()
    extreme: bool = False

    def __post_init__(self) -> None:
        for name, indexes in (("boxes", self.boxes), ("slots", self.slots)):
            if any(isinstance(i, bool) or not isinstance(i, int) or i < 0 for i in indexes):
                raise BadInput(f"plan {name} must be indexes (0 or more), got {indexes!r}")
            if len(set(indexes)) != len(indexes):
                raise BadInput(f"plan {name} name the same index twice: {indexes!r}")
            # Frozen: normalise the order once so equal plans compare equal.
            object.__setattr__(self, name, tuple(sorted(indexes)))

    @property
    def consequences_taken(self) -> int:
        """How many consequences the plan takes, counting an extreme one."""
        return len(self.slots) + (1 if self.extreme else 0)


@dataclass(frozen=True, slots=True)
class ExtremeChoice:
    """The player's choices for an extreme consequence: its name and the aspect it replaces."""

    name: str
    replaces: str  # the id of a character aspect other than the high concept


@dataclass(frozen=True, slots=True)
class ExtremeUse:
    """How extreme consequences are played at a table, for one character.

    ``in_play``: the table plays with them (Fate Core's own rule, or the option elsewhere).
    ``eligible``: this character may take one (a PC or a main NPC; never a nameless NPC or a
    mob). ``last_ditch``: only when nothing else absorbs the hit (Fate Core's wording; the
    option of Fate Condensed does not say so).
    """

    in_play: bool = False
    eligible: bool = True
    last_ditch: bool = False

    @classmethod
    def of(cls, allowed: bool | ExtremeUse) -> ExtremeUse:
        """``allowed`` as an :class:`ExtremeUse` (a bare ``True``: in play, no more said)."""
        return allowed if isinstance(allowed, ExtremeUse) else cls(in_play=bool(allowed))

    @property
    def offered(self) -> bool:
        """Whether this character may take one at all (in play, and theirs to take)."""
        return self.in_play and self.eligible


def stress_track_for(target: Harmable, track: Track) -> StressTrack | None:
    """The stress track that takes harm of kind ``track``, or ``None`` if the character has none.

    A character keeps either one ``Track.ANY`` track or separate physical and mental tracks; a
    hit of kind ``ANY`` needs the former.
    """
    kinds = set(target.stress)
    if Track.ANY in kinds and len(kinds) > 1:
        raise BadInput(
            "a character has either one stress track for every kind of harm or separate "
            f"physical and mental tracks, not both: {sorted(k.value for k in kinds)}"
        )
    if track is Track.ANY:
        if kinds - {Track.ANY}:
            raise BadInput(
                "this character has separate physical and mental stress tracks: say which kind "
                "of harm the hit does"
            )
        return target.stress.get(Track.ANY)
    found = target.stress.get(track)
    return found if found is not None else target.stress.get(Track.ANY)


def extreme_available(
    target: Harmable, *, allow_extreme: bool | ExtremeUse, clock: Clock | None
) -> bool:
    """Whether the character may take an extreme consequence now (its last-ditch limit aside,
    which depends on the hit)."""
    return _extreme_problem(target, ExtremeUse.of(allow_extreme), clock) is None


def absorb_options(
    target: Harmable,
    shifts: int,
    track: Track,
    *,
    allow_extreme: bool | ExtremeUse = False,
    clock: Clock | None = None,
    any_box: bool = False,
) -> list[AbsorbPlan]:
    """Every minimal legal way for ``target`` to absorb a hit of ``shifts``, best first.

    Minimal: dropping any box or consequence from a plan would leave shifts unabsorbed. The
    order is the recommendation (see :func:`recommended_plan`). An empty list means the
    character is taken out. ``allow_extreme`` offers an extreme consequence (an
    :class:`ExtremeUse` says for whom and whether only as a last resort); it needs ``clock`` to
    enforce the once-between-major-milestones limit. ``any_box`` lets an escalating track give
    any free box worth enough (Fate Accelerated) rather than the exact one first (Fate Core).
    """
    _check_hit(shifts, track)
    _check_target(target)
    use = ExtremeUse.of(allow_extreme)
    stress = stress_track_for(target, track)
    plans = _plans(target, stress, shifts, track, extreme=False, any_box=any_box)
    if extreme_available(target, allow_extreme=use, clock=clock) and not (use.last_ditch and plans):
        plans += _plans(target, stress, shifts, track, extreme=True, any_box=any_box)
    plans.sort(key=lambda p: _preference(target, stress, p))
    return plans


def _plans(
    target: Harmable,
    stress: StressTrack | None,
    shifts: int,
    track: Track,
    *,
    extreme: bool,
    any_box: bool,
) -> list[AbsorbPlan]:
    """The minimal plans with (or without) an extreme consequence."""
    usable = [
        i
        for i, slot in enumerate(target.consequences)
        if slot.is_free and slot.serves(track) and slot.severity is not Severity.EXTREME
    ]
    plans: list[AbsorbPlan] = []
    for count in range(len(usable) + 1):
        for slots in itertools.combinations(usable, count):
            covered = _consequence_shifts(target, slots, extreme)
            for boxes in _box_choices(stress, shifts - covered, any_box=any_box):
                plan = AbsorbPlan(boxes, slots, extreme)
                if _is_minimal(target, stress, plan, shifts):
                    plans.append(plan)
    return plans


def recommended_plan(
    target: Harmable,
    shifts: int,
    track: Track,
    *,
    allow_extreme: bool | ExtremeUse = False,
    clock: Clock | None = None,
    any_box: bool = False,
) -> AbsorbPlan | None:
    """The plan we suggest, or ``None`` when the character is taken out.

    The heuristic, in order: avoid an extreme consequence; take as few consequences as possible;
    keep them as mild as possible (fewest consequence shifts, since milder ones heal sooner);
    mark as few boxes as possible; then prefer the lowest-valued boxes, keeping big boxes for
    big hits.
    """
    options = absorb_options(
        target, shifts, track, allow_extreme=allow_extreme, clock=clock, any_box=any_box
    )
    return options[0] if options else None


def is_taken_out(
    target: Harmable,
    shifts: int,
    track: Track,
    *,
    allow_extreme: bool | ExtremeUse = False,
    clock: Clock | None = None,
    any_box: bool = False,
) -> bool:
    """Whether no legal plan absorbs the hit, so the character is taken out."""
    return not absorb_options(
        target, shifts, track, allow_extreme=allow_extreme, clock=clock, any_box=any_box
    )


def absorbed_by(target: Harmable, track: Track, plan: AbsorbPlan) -> int:
    """The shifts ``plan`` absorbs on ``target`` for harm of kind ``track``."""
    stress = stress_track_for(target, track)
    _check_indexes(target, stress, plan)
    return _capacity(target, stress, plan)


def check_plan(
    target: Harmable,
    shifts: int,
    track: Track,
    plan: AbsorbPlan,
    *,
    allow_extreme: bool | ExtremeUse = False,
    clock: Clock | None = None,
    any_box: bool = False,
) -> None:
    """Raise unless ``plan`` is a minimal legal way for ``target`` to absorb the hit.

    :class:`BadInput` for indexes that name no box or slot, or a plan that takes nothing (being
    taken out is its own choice); :class:`IllegalAction`, naming the rule, for a plan the rules
    forbid.
    """
    _check_hit(shifts, track)
    _check_target(target)
    stress = stress_track_for(target, track)
    _check_indexes(target, stress, plan)
    if not plan.boxes and not plan.slots and not plan.extreme:
        raise BadInput(
            "the plan takes no stress box and no consequence: choose how to absorb the hit, or "
            "be taken out",
            code="empty_plan",
        )
    if plan.boxes:
        assert stress is not None  # _check_indexes guarantees it
        box_rule = ESCALATING_RULE if stress.style is StressStyle.ESCALATING else ONE_POINT_RULE
        for i in plan.boxes:
            if stress.boxes[i].marked:
                raise IllegalAction(f"stress box {i + 1} is already checked", box_rule)
    for i in plan.slots:
        slot = target.consequences[i]
        if slot.aspect is not None:
            raise IllegalAction(
                f"the {slot.severity.value} consequence slot already holds {slot.aspect.label}",
                CONSEQUENCE_SLOT_RULE,
            )
        if not slot.serves(track):
            refuse(
                f"the {slot.severity.value} consequence slot {i + 1} takes only "
                f"{slot.track.value} harm, and this hit is {track.value}",
                RESERVED_SLOT_RULE,
            )
    if plan.extreme:
        use = ExtremeUse.of(allow_extreme)
        problem = _extreme_problem(target, use, clock)
        if problem is not None:
            refuse(problem[0], problem[1])
        if use.last_ditch and _plans(target, stress, shifts, track, extreme=False, any_box=any_box):
            refuse(
                "stress and the other consequences can still absorb this hit: an extreme "
                "consequence is the last resort",
                EXTREME_LAST_DITCH_RULE,
            )
    if stress is not None and stress.style is StressStyle.ESCALATING and plan.boxes:
        _check_escalating_box(target, stress, plan, shifts, any_box=any_box)
    absorbed = _capacity(target, stress, plan)
    if absorbed < shifts:
        refuse(
            f"this plan absorbs {absorbed} of the hit's {shifts} shifts: absorb them all or be "
            "taken out",
            ABSORB_RULE,
        )
    if not _is_minimal(target, stress, plan, shifts):
        refuse(
            f"this plan absorbs {absorbed} shifts of a {shifts}-shift hit even without one of "
            "its boxes or consequences: take only what the hit needs",
            ONLY_AS_NEEDED_RULE,
        )


def apply_plan(
    target: Harmable,
    shifts: int,
    track: Track,
    plan: AbsorbPlan,
    *,
    by: str,
    names: Mapping[int, str] | None = None,
    extreme: ExtremeChoice | None = None,
    allow_extreme: bool | ExtremeUse = False,
    clock: Clock | None = None,
    conflict: str | None = None,
    as_recorded: bool = False,
    any_box: bool = False,
) -> list[Aspect]:
    """Absorb the hit with ``plan``: mark its boxes and write its consequences.

    ``by`` inflicted the hit and gets one free invoke on each new consequence. ``names`` gives
    the player's name for the consequence in each slot of the plan, by slot index; ``extreme``
    names an extreme consequence and the aspect it replaces. ``conflict`` records which conflict
    the consequences were taken in (for conceding). Returns the new consequences. Everything is
    checked first: on an error nothing has changed. ``as_recorded`` applies a plan a table's log
    recorded as absorbing this hit: the rules judged it when it was chosen, and are not asked
    again (a later fix to what a plan may hold leaves the absorbed hit as it was).
    """
    if not as_recorded:
        check_plan(
            target, shifts, track, plan, allow_extreme=allow_extreme, clock=clock, any_box=any_box
        )
    if not by.strip():
        raise BadInput("say who inflicted the hit: they get a free invoke on each consequence")
    given = dict(names or {})
    if set(given) != set(plan.slots):
        raise BadInput(
            f"name the consequence for each slot of the plan {list(plan.slots)}, "
            f"got names for {sorted(given)}"
        )
    for index, name in given.items():
        if not name.strip():
            raise BadInput(f"the consequence in slot {index + 1} needs a name")
    replaced_index = _check_extreme_choice(target, plan, extreme)
    return _absorbed(target, track, plan, by, given, extreme, replaced_index, clock, conflict)


def absorbed_as_recorded(
    target: Harmable,
    track: Track,
    plan: AbsorbPlan,
    *,
    by: str,
    names: Mapping[int, str] | None = None,
    extreme: ExtremeChoice | None = None,
    clock: Clock | None = None,
    conflict: str | None = None,
) -> list[Aspect]:
    """A hit absorbed with ``plan`` as a table's log recorded it (checked by no rule: see
    :func:`apply_plan`): its boxes marked, its consequences written."""
    replaced_index = None
    if extreme is not None:
        replaced_index = next(
            (i for i, a in enumerate(target.aspects) if a.id == extreme.replaces), None
        )
    given = {i: (names or {}).get(i, "") for i in plan.slots}
    return _absorbed(target, track, plan, by, given, extreme, replaced_index, clock, conflict)


def _absorbed(
    target: Harmable,
    track: Track,
    plan: AbsorbPlan,
    by: str,
    given: Mapping[int, str],
    extreme: ExtremeChoice | None,
    replaced_index: int | None,
    clock: Clock | None,
    conflict: str | None,
) -> list[Aspect]:
    stress = stress_track_for(target, track)
    if stress is not None:
        for i in plan.boxes:
            stress.boxes[i].marked = True
    # Each slot its own mark (equal ones): a table folded from its log holds one per slot too.
    taken: list[Aspect] = []
    for i in plan.slots:
        aspect = _new_consequence(target, f"consequence/{i}", given[i], by)
        mark = clock.mark() if clock is not None else None
        target.consequences[i].written(aspect, conflict=conflict, taken_at=mark)
        taken.append(aspect)
    if extreme is not None and replaced_index is not None:
        old = target.aspects.pop(replaced_index)
        count = sum(1 for s in target.consequences if s.severity is Severity.EXTREME)
        aspect = _new_consequence(target, f"extreme/{count + 1}", extreme.name, by)
        slot = ConsequenceSlot.of(Severity.EXTREME)
        mark = clock.mark() if clock is not None else None
        slot.written(aspect, conflict=conflict, taken_at=mark)
        slot.replaced = old
        target.consequences.append(slot)
        taken.append(aspect)
    return taken


# -- helpers ----------------------------------------------------------------------------------


def _check_hit(shifts: int, track: Track) -> None:
    if isinstance(shifts, bool) or not isinstance(shifts, int) or shifts < 1:
        raise BadInput(f"a hit has at least 1 shift, got {shifts!r}")
    if not isinstance(track, Track):
        raise BadInput(f"the kind of harm must be a Track, got {track!r}")


def _check_target(target: Harmable) -> None:
    for i, slot in enumerate(target.consequences):
        if slot.severity is Severity.EXTREME and slot.aspect is None:
            raise BadInput(
                f"consequence slot {i + 1} is an empty extreme slot: extreme consequences are "
                "offered with allow_extreme, not as slots on the sheet"
            )


def _check_indexes(target: Harmable, stress: StressTrack | None, plan: AbsorbPlan) -> None:
    if plan.boxes and stress is None:
        raise IllegalAction(
            "the character has no stress track for this kind of harm", STRESS_KIND_RULE
        )
    if stress is not None and plan.boxes and plan.boxes[-1] >= len(stress.boxes):
        raise BadInput(
            f"stress box {plan.boxes[-1] + 1} does not exist: the track has {len(stress.boxes)}"
        )
    if plan.slots and plan.slots[-1] >= len(target.consequences):
        raise BadInput(
            f"consequence slot {plan.slots[-1] + 1} does not exist: the character has "
            f"{len(target.consequences)}"
        )


def _extreme_problem(
    target: Harmable, use: ExtremeUse, clock: Clock | None
) -> tuple[str, Rule] | None:
    """Why an extreme consequence cannot be taken now, and the rule that says so (``None``: it
    can)."""
    if not use.in_play:
        return "extreme consequences are not in play in this game", EXTREME_RULE
    if not use.eligible:
        return (
            "only PCs and main NPCs take an extreme consequence: not nameless NPCs, mobs or "
            "supporting NPCs",
            EXTREME_WHO_RULE,
        )
    if clock is None:
        raise BadInput(
            "pass the clock: an extreme consequence is limited to one per major milestone"
        )
    for slot in target.consequences:
        if (
            slot.severity is Severity.EXTREME
            and slot.taken_at is not None
            and slot.taken_at.major_milestones == clock.major_milestones
        ):
            return (
                "an extreme consequence has already been taken since the last major milestone",
                EXTREME_RULE,
            )
    if not any(_replaceable(a) for a in target.aspects):
        return (
            "an extreme consequence must replace a character aspect other than the high concept",
            EXTREME_RULE,
        )
    return None


def _replaceable(aspect: Aspect) -> bool:
    return aspect.kind.is_character_aspect and aspect.kind is not AspectKind.HIGH_CONCEPT


def _check_extreme_choice(
    target: Harmable, plan: AbsorbPlan, extreme: ExtremeChoice | None
) -> int | None:
    """Validate the extreme consequence's choices; return the index of the aspect it replaces."""
    if not plan.extreme:
        if extreme is not None:
            raise BadInput("the plan takes no extreme consequence, but one was named")
        return None
    if extreme is None or not extreme.name.strip():
        raise BadInput("name the extreme consequence and the aspect it replaces")
    for index, aspect in enumerate(target.aspects):
        if aspect.id == extreme.replaces:
            if not _replaceable(aspect):
                raise IllegalAction(
                    f"an extreme consequence cannot replace {aspect.label} ({aspect.kind.value})",
                    EXTREME_RULE,
                )
            return index
    known = ", ".join(a.id for a in target.aspects) or "none"
    raise BadInput(f"the character has no aspect {extreme.replaces!r} (aspects: {known})")


def _new_consequence(target: Harmable, suffix: str, name: str, by: str) -> Aspect:
    aspect = Aspect(f"{target.id}/{suffix}", name.strip(), AspectKind.CONSEQUENCE, owner=target.id)
    aspect.give_free_invokes(by, 1)
    return aspect


def _consequence_shifts(target: Harmable, slots: tuple[int, ...], extreme: bool) -> int:
    total = sum(target.consequences[i].shifts for i in slots)
    return total + (SEVERITY_SHIFTS[Severity.EXTREME] if extreme else 0)


def _box_choices(
    stress: StressTrack | None, remaining: int, *, any_box: bool = False
) -> list[tuple[int, ...]]:
    """The distinct choices of boxes that absorb ``remaining`` shifts (one-point boxes: the
    leftmost free ones; an escalating track: one box of each legal value, the leftmost)."""
    if remaining <= 0:
        return [()]
    if stress is None:
        return []
    if stress.style is StressStyle.ONE_POINT:
        free = stress.free_boxes
        return [tuple(free[:remaining])] if len(free) >= remaining else []
    return [(i,) for i in _escalating_boxes(stress, remaining, any_box=any_box)]


def _escalating_boxes(stress: StressTrack, remaining: int, *, any_box: bool) -> list[int]:
    """The leftmost free box of each value that may take ``remaining`` shifts: the exact one
    while it is free, else any higher one (Fate Core); with ``any_box`` every value high
    enough (Fate Accelerated)."""
    leftmost: dict[int, int] = {}
    for i in stress.free_boxes:
        leftmost.setdefault(stress.boxes[i].value, i)
    if remaining in leftmost and not any_box:
        return [leftmost[remaining]]
    return [i for value, i in sorted(leftmost.items()) if value >= remaining]


def _check_escalating_box(
    target: Harmable, stress: StressTrack, plan: AbsorbPlan, shifts: int, *, any_box: bool
) -> None:
    box_rule = ANY_BOX_RULE if any_box else ESCALATING_RULE
    if len(plan.boxes) > 1:
        refuse("escalating stress allows one box per hit", box_rule)
    remaining = shifts - _consequence_shifts(target, plan.slots, plan.extreme)
    if remaining <= 0:
        refuse(
            "the plan's consequences already absorb the whole hit: no stress box is needed",
            ONLY_AS_NEEDED_RULE,
        )
        return
    allowed = _escalating_boxes(stress, remaining, any_box=any_box)
    chosen = stress.boxes[plan.boxes[0]].value
    if not allowed:
        refuse(f"no free box is worth {remaining} or more shifts", box_rule)
    elif chosen not in (values := [stress.boxes[i].value for i in allowed]):
        if len(values) == 1:
            refuse(
                f"with {remaining} shifts left the box to check is the {values[0]}-point box, "
                f"not the {chosen}-point one",
                box_rule,
            )
        refuse(
            f"with {remaining} shifts left the box to check is one worth {remaining} or more, "
            f"not the {chosen}-point one",
            box_rule,
        )


def _parts(target: Harmable, stress: StressTrack | None, plan: AbsorbPlan) -> list[int]:
    """The shifts each element of the plan absorbs."""
    parts = [target.consequences[i].shifts for i in plan.slots]
    if plan.extreme:
        parts.append(SEVERITY_SHIFTS[Severity.EXTREME])
    if stress is not None:
        parts.extend(stress.boxes[i].value for i in plan.boxes)
    return parts


def _capacity(target: Harmable, stress: StressTrack | None, plan: AbsorbPlan) -> int:
    return sum(_parts(target, stress, plan))


def _is_minimal(
    target: Harmable, stress: StressTrack | None, plan: AbsorbPlan, shifts: int
) -> bool:
    parts = _parts(target, stress, plan)
    total = sum(parts)
    # Every part is positive, so dropping the smallest is the hardest test.
    return bool(parts) and total >= shifts and total - min(parts) < shifts


def _preference(
    target: Harmable, stress: StressTrack | None, plan: AbsorbPlan
) -> tuple[bool, int, int, int, int, tuple[int, ...], tuple[int, ...]]:
    box_values = 0 if stress is None else sum(stress.boxes[i].value for i in plan.boxes)
    return (
        plan.extreme,
        plan.consequences_taken,
        _consequence_shifts(target, plan.slots, plan.extreme),
        len(plan.boxes),
        box_values,
        plan.slots,
        plan.boxes,
    )
