"""Property tests of absorb_options against a brute-force reading of the rules.

Sources: fate-condensed.ru.md § Conflicts > Taking Harm (one-point boxes, consequences, taken out)
and § Optional Rules > Extreme Consequences; fate-core-conflicts.en.txt § Stress (escalating boxes),
§ Consequences, § Extreme Consequences.

For random stress tracks of both styles (random values and checked boxes), random consequence
slots (random severities, reserved kinds and filled slots), an optional extreme consequence and
random hits, the oracle below enumerates every subset of boxes and slots and keeps those the
rules allow. It is written independently of fatekit.rules.harm.absorb, straight from the texts.
"""

from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.core.clock import Clock
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.absorb import (
    AbsorbPlan,
    ExtremeChoice,
    absorb_options,
    absorbed_by,
    apply_plan,
    check_plan,
    is_taken_out,
)
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity
from fatekit.rules.harm.stress import StressBox, StressStyle, StressTrack

# Reproducible runs: the same examples every time, and no flaky deadline on slow machines.
PROPERTY = settings(derandomize=True, max_examples=400, deadline=None)


@dataclass
class Sheet:
    """The parts of a character sheet that harm touches."""

    id: str
    stress: dict[Track, StressTrack]
    consequences: list[ConsequenceSlot]
    aspects: list[Aspect] = field(default_factory=list)


@dataclass
class Case:
    """A character, a hit, and whether extreme consequences are in play."""

    sheet: Sheet
    shifts: int
    harm: Track
    allow_extreme: bool
    clock: Clock


@st.composite
def cases(draw: st.DrawFn) -> Case:
    harm = draw(st.sampled_from([Track.PHYSICAL, Track.MENTAL]))
    style = draw(st.sampled_from(list(StressStyle)))
    count = draw(st.integers(0, 5))
    if style is StressStyle.ONE_POINT:
        values = [1] * count
    else:
        # Stunts can add boxes, so values need not be 1, 2, 3...: allow gaps and repeats.
        values = sorted(draw(st.lists(st.integers(1, 6), min_size=count, max_size=count)))
    boxes = [StressBox(v, draw(st.booleans())) for v in values]
    # The track serving the hit: its own kind or a single track for all harm.
    key = draw(st.sampled_from([harm, Track.ANY]))
    stress = {key: StressTrack(key, style, boxes)}
    if key is not Track.ANY:
        other = Track.MENTAL if harm is Track.PHYSICAL else Track.PHYSICAL
        stress[other] = StressTrack(other, style, [StressBox(v) for v in values])
    slots = []
    for _ in range(draw(st.integers(0, 5))):
        severity = draw(st.sampled_from([Severity.MILD, Severity.MODERATE, Severity.SEVERE]))
        slot = ConsequenceSlot.of(severity, draw(st.sampled_from(list(Track))))
        if draw(st.booleans()):
            slot.aspect = Aspect(f"c{len(slots)}", "Old Wound", AspectKind.CONSEQUENCE)
        slots.append(slot)
    clock = Clock(major_milestones=1)
    aspects = [Aspect("hc", "High Concept", AspectKind.HIGH_CONCEPT)]
    if draw(st.booleans()):
        aspects.append(Aspect("trouble", "Trouble", AspectKind.TROUBLE))
    if draw(st.booleans()):
        # An extreme consequence taken earlier: in this milestone period or an older one.
        old = ConsequenceSlot.of(Severity.EXTREME)
        old.aspect = Aspect("x", "Scarred", AspectKind.CONSEQUENCE)
        old.taken_at = Clock(major_milestones=draw(st.integers(0, 1))).mark()
        slots.append(old)
    sheet = Sheet("pc", stress, slots, aspects)
    return Case(sheet, draw(st.integers(1, 16)), harm, draw(st.booleans()), clock)


# -- the oracle -------------------------------------------------------------------------------

Signature = tuple[tuple[int, ...], tuple[int, ...], bool]


def serving_track(case: Case) -> StressTrack:
    stress = case.sheet.stress
    return stress[case.harm] if case.harm in stress else stress[Track.ANY]


def extreme_allowed(case: Case) -> bool:
    used = any(
        s.severity is Severity.EXTREME
        and s.taken_at is not None
        and s.taken_at.major_milestones == case.clock.major_milestones
        for s in case.sheet.consequences
    )
    replaceable = any(a.kind is AspectKind.TROUBLE for a in case.sheet.aspects)
    return case.allow_extreme and not used and replaceable


def legal(case: Case, boxes: tuple[int, ...], slots: tuple[int, ...], extreme: bool) -> bool:
    """Whether the rules allow this choice and it absorbs the whole hit (minimal or not)."""
    track = serving_track(case)
    chosen = [case.sheet.consequences[i] for i in slots]
    if any(track.boxes[i].marked for i in boxes):
        return False
    if any(s.aspect is not None or s.track not in (Track.ANY, case.harm) for s in chosen):
        return False
    if extreme and not extreme_allowed(case):
        return False
    covered = sum(s.shifts for s in chosen) + (8 if extreme else 0)
    if track.style is StressStyle.ESCALATING and boxes:
        if len(boxes) > 1:
            return False
        left = case.shifts - covered
        value = track.boxes[boxes[0]].value
        free = [b.value for b in track.boxes if not b.marked]
        exact_free = left in free
        # Fate Core: the box worth the shifts left; once it is checked, any higher free box.
        if left <= 0 or not (value == left or (not exact_free and value > left)):
            return False
    return covered + sum(track.boxes[i].value for i in boxes) >= case.shifts


def parts(case: Case, boxes: tuple[int, ...], slots: tuple[int, ...], extreme: bool) -> list[int]:
    track = serving_track(case)
    values = [track.boxes[i].value for i in boxes]
    values += [case.sheet.consequences[i].shifts for i in slots]
    return values + ([8] if extreme else [])


def minimal(case: Case, boxes: tuple[int, ...], slots: tuple[int, ...], extreme: bool) -> bool:
    values = parts(case, boxes, slots, extreme)
    return all(sum(values) - v < case.shifts for v in values)


def brute_force(case: Case) -> list[tuple[tuple[int, ...], tuple[int, ...], bool]]:
    """Every legal plan that absorbs the hit, minimal or not, over all subsets."""
    box_ids = range(len(serving_track(case).boxes))
    slot_ids = [
        i for i, s in enumerate(case.sheet.consequences) if s.severity is not Severity.EXTREME
    ]
    found = []
    for nb in range(len(box_ids) + 1):
        for boxes in itertools.combinations(box_ids, nb):
            for ns in range(len(slot_ids) + 1):
                for slots in itertools.combinations(slot_ids, ns):
                    for extreme in (False, True):
                        if legal(case, boxes, slots, extreme):
                            found.append((boxes, slots, extreme))
    return found


def signature(
    case: Case, boxes: tuple[int, ...], slots: tuple[int, ...], extreme: bool
) -> Signature:
    """A plan up to the choice between free boxes of equal value, which are interchangeable."""
    values = tuple(sorted(serving_track(case).boxes[i].value for i in boxes))
    return values, tuple(sorted(slots)), extreme


def options(case: Case) -> list[AbsorbPlan]:
    return absorb_options(
        case.sheet, case.shifts, case.harm, allow_extreme=case.allow_extreme, clock=case.clock
    )


# -- the properties ---------------------------------------------------------------------------


@PROPERTY
@given(cases())
@pytest.mark.rule("stress.one-point", "stress.escalating", "consequence.reserved-slot")
def test_every_option_is_legal_minimal_and_absorbs_the_hit(case: Case) -> None:
    """fate-condensed.ru.md § Taking Harm; fate-core-conflicts.en.txt § Stress, § Consequences:
    each plan offered breaks no rule, absorbs the whole hit, and wastes nothing."""
    for plan in options(case):
        assert legal(case, plan.boxes, plan.slots, plan.extreme)
        assert minimal(case, plan.boxes, plan.slots, plan.extreme)
        assert absorbed_by(case.sheet, case.harm, plan) >= case.shifts
        check_plan(
            case.sheet,
            case.shifts,
            case.harm,
            plan,
            allow_extreme=case.allow_extreme,
            clock=case.clock,
        )


@PROPERTY
@given(cases())
@pytest.mark.rule("harm.only-as-needed", "consequence.extreme")
def test_no_minimal_plan_is_missing(case: Case) -> None:
    """fate-condensed.ru.md § Taking Harm; fate-core-conflicts.en.txt § Stress, § Extreme
    Consequences: the options are exactly the minimal legal plans, each listed once."""
    offered = [signature(case, p.boxes, p.slots, p.extreme) for p in options(case)]
    assert len(offered) == len(set(offered))
    expected = {signature(case, *plan) for plan in brute_force(case) if minimal(case, *plan)}
    assert set(offered) == expected


@PROPERTY
@given(cases())
@pytest.mark.rule("harm.absorb")
def test_taken_out_exactly_when_there_are_no_options(case: Case) -> None:
    """fate-condensed.ru.md § Getting Taken Out: taken out when no combination of stress and
    consequences absorbs the hit."""
    taken_out = is_taken_out(
        case.sheet, case.shifts, case.harm, allow_extreme=case.allow_extreme, clock=case.clock
    )
    assert taken_out == (options(case) == [])
    assert taken_out == (brute_force(case) == [])


@PROPERTY
@given(cases(), st.data())
@pytest.mark.rule("harm.only-as-needed", "harm.absorb")
def test_applying_accepts_exactly_the_minimal_legal_plans(case: Case, data: st.DataObject) -> None:
    """fate-condensed.ru.md § Taking Harm: a choice of boxes and slots is applied when it is
    legal, absorbs the hit and is minimal, and refused (changing nothing) otherwise."""
    track = serving_track(case)
    boxes = tuple(data.draw(st.sets(st.integers(0, max(len(track.boxes) - 1, 0)))))
    boxes = tuple(i for i in boxes if i < len(track.boxes))
    slot_ids = [
        i for i, s in enumerate(case.sheet.consequences) if s.severity is not Severity.EXTREME
    ]
    slots = tuple(data.draw(st.sets(st.sampled_from(slot_ids)))) if slot_ids else ()
    extreme = data.draw(st.booleans())
    plan = AbsorbPlan(boxes, slots, extreme)
    sheet = copy.deepcopy(case.sheet)
    before = copy.deepcopy(sheet)
    ok = legal(case, plan.boxes, plan.slots, extreme) and minimal(
        case, plan.boxes, plan.slots, extreme
    )
    try:
        taken = apply_plan(
            sheet,
            case.shifts,
            case.harm,
            plan,
            by="foe",
            names={i: f"Wound {i}" for i in plan.slots},
            extreme=ExtremeChoice("Changed", "trouble") if extreme else None,
            allow_extreme=case.allow_extreme,
            clock=case.clock,
        )
    except (BadInput, IllegalAction):
        assert not ok
        assert sheet == before
        return
    assert ok
    assert len(taken) == plan.consequences_taken
    assert all(a.free_invokes_held_by("foe") == 1 for a in taken)
    track_after = sheet.stress[case.harm if case.harm in sheet.stress else Track.ANY]
    assert all(track_after.boxes[i].marked for i in plan.boxes)
    assert [sheet.consequences[i].aspect for i in plan.slots] == taken[: len(plan.slots)]
