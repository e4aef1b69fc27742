"""Absorbing hits with stress and consequences, and being taken out.

Sources: fate-condensed.ru.md § Conflicts > Taking Harm (Stress, Consequences, Getting Taken Out)
and § Optional Rules > Extreme Consequences; fate-core-conflicts.en.txt § Stress, § Consequences,
§ Extreme Consequences.
"""

from __future__ import annotations

import copy
import doctest
from dataclasses import dataclass, field

import pytest

from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.core.clock import Clock, Milestone
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm import absorb
from fatekit.rules.harm.absorb import (
    AbsorbPlan,
    ExtremeChoice,
    absorb_options,
    absorbed_by,
    apply_plan,
    check_plan,
    extreme_available,
    is_taken_out,
    recommended_plan,
    stress_track_for,
)
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity
from fatekit.rules.harm.stress import StressBox, StressStyle, StressTrack

MILD, MODERATE, SEVERE = Severity.MILD, Severity.MODERATE, Severity.SEVERE
PHYSICAL, MENTAL, ANY = Track.PHYSICAL, Track.MENTAL, Track.ANY


@dataclass
class Sheet:
    """The parts of a character sheet that harm touches."""

    id: str
    stress: dict[Track, StressTrack]
    consequences: list[ConsequenceSlot]
    aspects: list[Aspect] = field(default_factory=list)


def standard_slots() -> list[ConsequenceSlot]:
    return [ConsequenceSlot.of(MILD), ConsequenceSlot.of(MODERATE), ConsequenceSlot.of(SEVERE)]


def condensed(name: str = "charles", boxes: int = 3) -> Sheet:
    return Sheet(
        name,
        {
            PHYSICAL: StressTrack.one_point(PHYSICAL, boxes),
            MENTAL: StressTrack.one_point(MENTAL, boxes),
        },
        standard_slots(),
    )


def core(name: str, values: list[int], checked: tuple[int, ...] = ()) -> Sheet:
    boxes = [StressBox(v, v in checked) for v in values]
    return Sheet(
        name,
        {
            PHYSICAL: StressTrack(PHYSICAL, StressStyle.ESCALATING, boxes),
            MENTAL: StressTrack.escalating(MENTAL, 2),
        },
        standard_slots(),
    )


def with_character_aspects(sheet: Sheet) -> Sheet:
    sheet.aspects = [
        Aspect("hc", "Wandering Swordswoman", AspectKind.HIGH_CONCEPT, owner=sheet.id),
        Aspect("trouble", "Can't Resist a Pretty Face", AspectKind.TROUBLE, owner=sheet.id),
    ]
    return sheet


def plans(sheet: Sheet, shifts: int, track: Track = PHYSICAL) -> set[tuple[tuple[int, ...], ...]]:
    return {(p.boxes, p.slots) for p in absorb_options(sheet, shifts, track)}


# -- worked examples ------------------------------------------------------------------------


@pytest.mark.rule("stress.one-point", "consequence.aspect", "harm.absorb")
def test_charles_and_the_ghoul() -> None:
    """fate-condensed.ru.md § Taking Harm: Charles absorbs two shifts with two of his three
    physical boxes; later five shifts with the moderate Gaping Chest Wound and his last box; and
    a Legendary (+8) attack against a Poor (-1) defense takes him out."""
    charles = condensed()

    first = recommended_plan(charles, 4 - 2, PHYSICAL)  # Great (+4) attack against Fair (+2)
    assert first == AbsorbPlan(boxes=(0, 1))
    assert apply_plan(charles, 2, PHYSICAL, first, by="ghoul") == []
    assert [b.marked for b in charles.stress[PHYSICAL].boxes] == [True, True, False]

    shifts = 6 - 1  # Fantastic (+6) blow against an Average (+1) defense
    second = recommended_plan(charles, shifts, PHYSICAL)
    assert second == AbsorbPlan(boxes=(2,), slots=(1,))
    wound = apply_plan(
        charles, shifts, PHYSICAL, second, by="ghoul", names={1: "Gaping Chest Wound"}
    )
    assert [a.name for a in wound] == ["Gaping Chest Wound"]
    assert charles.consequences[1].aspect is wound[0]
    assert wound[0].free_invokes_held_by("ghoul") == 1
    assert all(b.marked for b in charles.stress[PHYSICAL].boxes)

    shifts = 8 - (-1)
    assert shifts == 9  # mild and severe together would absorb only eight
    assert absorb_options(charles, shifts, PHYSICAL) == []
    assert is_taken_out(charles, shifts, PHYSICAL)
    assert recommended_plan(charles, shifts, PHYSICAL) is None
    # Eight shifts exactly would still be absorbed, by the mild and severe slots together.
    assert plans(charles, 8) == {((), (0, 2))}


@pytest.mark.rule("stress.escalating")
def test_landon_checks_the_four_point_box() -> None:
    """fate-core-conflicts.en.txt § Stress: Landon, his 1- and 3-point boxes checked, takes a
    3-shift hit from Og; his 3-point box is gone, so stress alone means the 4-point box, and his
    2-point box is left."""
    landon = core("landon", [1, 2, 3, 4], checked=(1, 3))
    assert plans(landon, 3) == {
        ((3,), ()),  # the 4-point box
        ((1,), (0,)),  # a mild consequence and, with the 1-point box checked, the 2-point box
        ((), (1,)),  # a moderate consequence alone
        ((), (2,)),  # a severe consequence alone
    }
    stress_only = AbsorbPlan(boxes=(3,))
    assert recommended_plan(landon, 3, PHYSICAL) == stress_only
    with pytest.raises(IllegalAction, match="4-point box, not the 2-point") as err:
        check_plan(landon, 3, PHYSICAL, AbsorbPlan(boxes=(1,)))
    assert err.value.rule.key == "stress.escalating"
    apply_plan(landon, 3, PHYSICAL, stress_only, by="og")
    assert stress_track_for(landon, PHYSICAL) is landon.stress[PHYSICAL]
    assert landon.stress[PHYSICAL].free_boxes == [1]


@pytest.mark.rule("consequence.slots", "stress.escalating", "consequence.aspect")
def test_cynere_takes_a_severe_consequence() -> None:
    """fate-core-conflicts.en.txt § Consequences: a 6-shift hit on a fresh Cynere (default 1- and
    2-point boxes) can be a severe consequence, or a moderate one plus her 2-point box; she takes
    the severe Nearly Gutted."""
    cynere = core("cynere", [1, 2])
    options = plans(cynere, 6)
    assert ((), (2,)) in options
    assert ((1,), (1,)) in options
    # The rules also allow mild and moderate together, which the example does not mention.
    assert options == {((), (2,)), ((1,), (1,)), ((), (0, 1))}
    with pytest.raises(IllegalAction) as err:  # the 1-point box cannot stand in for the 2-point
        check_plan(cynere, 6, PHYSICAL, AbsorbPlan(boxes=(0,), slots=(1,)))
    assert err.value.rule.key == "stress.escalating"
    taken = apply_plan(
        cynere, 6, PHYSICAL, AbsorbPlan(slots=(2,)), by="thug", names={2: "Nearly Gutted"}
    )
    assert taken[0].name == "Nearly Gutted"
    assert taken[0].kind is AspectKind.CONSEQUENCE and taken[0].owner == "cynere"
    assert cynere.stress[PHYSICAL].free_boxes == [0, 1]  # stress kept open for smaller hits
    assert plans(cynere, 6) == {((), (0, 1)), ((1,), (1,))}  # the severe slot is now full


# -- stress ---------------------------------------------------------------------------------


@pytest.mark.rule("stress.one-point")
def test_one_point_boxes_absorb_one_shift_each_and_any_may_be_marked() -> None:
    """fate-condensed.ru.md § Taking Harm > Stress: each box absorbs one shift, mark as many as
    needed."""
    sheet = condensed(boxes=4)
    assert AbsorbPlan(boxes=(0, 1, 2)) in absorb_options(sheet, 3, PHYSICAL)
    # Boxes are interchangeable: a player may mark the last three instead of the first three.
    apply_plan(sheet, 3, PHYSICAL, AbsorbPlan(boxes=(1, 2, 3)), by="gm")
    assert sheet.stress[PHYSICAL].free_boxes == [0]
    with pytest.raises(IllegalAction, match="already checked") as err:
        check_plan(sheet, 1, PHYSICAL, AbsorbPlan(boxes=(3,)))
    assert err.value.rule.key == "stress.one-point"


@pytest.mark.rule("stress.escalating")
def test_escalating_stress_marks_one_box_per_hit() -> None:
    """fate-core-conflicts.en.txt § Stress: one box per hit, equal to the shifts, else higher."""
    sheet = core("zird", [1, 2, 3])
    assert plans(sheet, 2) == {((1,), ()), ((), (0,)), ((), (1,)), ((), (2,))}
    with pytest.raises(IllegalAction, match="one box per hit") as err:
        check_plan(sheet, 3, PHYSICAL, AbsorbPlan(boxes=(0, 1)))
    assert err.value.rule.key == "stress.escalating"
    # A higher box while the exact one is free is not allowed either.
    with pytest.raises(IllegalAction, match="the 2-point box, not the 3-point"):
        check_plan(sheet, 2, PHYSICAL, AbsorbPlan(boxes=(2,)))
    # No box worth four or more: a 4-shift hit needs a consequence.
    assert all(p.slots for p in absorb_options(sheet, 4, PHYSICAL))
    with pytest.raises(IllegalAction, match="no free box is worth 4"):
        check_plan(sheet, 4, PHYSICAL, AbsorbPlan(boxes=(2,)))


@pytest.mark.rule("stress.escalating")
def test_fate_accelerated_single_track_takes_every_hit() -> None:
    """fate-accelerated-summary.en.txt: one stress track (boxes 1, 2, 3) and one consequence of
    each severity serve every kind of harm."""
    fae = Sheet("kiri", {ANY: StressTrack.escalating(ANY, 3)}, standard_slots())
    assert AbsorbPlan(boxes=(2,)) in absorb_options(fae, 3, ANY)
    assert AbsorbPlan(boxes=(2,)) in absorb_options(fae, 3, MENTAL)
    assert plans(fae, 3, ANY) == plans(fae, 3, PHYSICAL)


@pytest.mark.rule("stress.kind-of-harm")
def test_hits_mark_boxes_of_their_own_kind() -> None:
    """fate-condensed.ru.md § Taking Harm > Stress; fate-core-conflicts.en.txt § Stress: a
    physical hit marks physical boxes, a mental hit mental ones."""
    sheet = condensed()
    apply_plan(sheet, 3, PHYSICAL, AbsorbPlan(boxes=(0, 1, 2)), by="gm")
    assert AbsorbPlan(boxes=(0, 1, 2)) in absorb_options(sheet, 3, MENTAL)
    assert all(p.slots for p in absorb_options(sheet, 1, PHYSICAL))
    with pytest.raises(BadInput, match="say which kind of harm"):
        absorb_options(sheet, 1, ANY)
    minor = Sheet("thug", {}, [])
    assert absorb_options(minor, 1, PHYSICAL) == []
    with pytest.raises(IllegalAction) as err:
        check_plan(minor, 1, PHYSICAL, AbsorbPlan(boxes=(0,)))
    assert err.value.rule.key == "stress.kind-of-harm"
    mixed = Sheet(
        "odd",
        {ANY: StressTrack.escalating(ANY, 2), PHYSICAL: StressTrack.escalating(PHYSICAL, 2)},
        [],
    )
    with pytest.raises(BadInput, match="not both"):
        absorb_options(mixed, 1, PHYSICAL)


# -- consequences ---------------------------------------------------------------------------


@pytest.mark.rule("consequence.slots")
def test_consequences_absorb_two_four_and_six() -> None:
    """fate-condensed.ru.md § Taking Harm > Consequences: mild 2, moderate 4, severe 6."""
    sheet = condensed(boxes=0)
    assert absorbed_by(sheet, PHYSICAL, AbsorbPlan(slots=(0,))) == 2
    assert absorbed_by(sheet, PHYSICAL, AbsorbPlan(slots=(1,))) == 4
    assert absorbed_by(sheet, PHYSICAL, AbsorbPlan(slots=(0, 1, 2))) == 12
    assert plans(sheet, 2) == {((), (0,)), ((), (1,)), ((), (2,))}
    assert plans(sheet, 5) == {((), (2,)), ((), (0, 1))}
    assert plans(sheet, 12) == {((), (0, 1, 2))}
    assert is_taken_out(sheet, 13, PHYSICAL)


@pytest.mark.rule("consequence.slots")
def test_a_filled_slot_cannot_take_another_consequence() -> None:
    """fate-core-conflicts.en.txt § Consequences: one set of slots, one consequence in each."""
    sheet = condensed(boxes=0)
    apply_plan(sheet, 2, MENTAL, AbsorbPlan(slots=(0,)), by="cultist", names={0: "Flustered"})
    assert plans(sheet, 2, PHYSICAL) == {((), (1,)), ((), (2,))}
    with pytest.raises(IllegalAction, match="already holds 'Flustered'") as err:
        check_plan(sheet, 2, PHYSICAL, AbsorbPlan(slots=(0,)))
    assert err.value.rule.key == "consequence.slots"
    with pytest.raises(BadInput, match="slot 4 does not exist"):
        check_plan(sheet, 2, PHYSICAL, AbsorbPlan(slots=(3,)))


@pytest.mark.rule("consequence.reserved-slot")
def test_extra_mild_slot_serves_only_its_own_kind_of_harm() -> None:
    """fate-core-conflicts.en.txt § Consequences: the extra slot from a Superb (+5) Physique is
    only for physical harm."""
    sheet = condensed(boxes=0)
    sheet.consequences.append(ConsequenceSlot.of(MILD, PHYSICAL))
    assert ((), (3,)) in plans(sheet, 2, PHYSICAL)
    assert ((), (0, 3)) in plans(sheet, 4, PHYSICAL)
    assert all(3 not in slots for _, slots in plans(sheet, 2, MENTAL))
    with pytest.raises(IllegalAction, match="takes only physical harm") as err:
        check_plan(sheet, 2, MENTAL, AbsorbPlan(slots=(3,)))
    assert err.value.rule.key == "consequence.reserved-slot"


@pytest.mark.rule("consequence.aspect")
def test_a_consequence_is_an_aspect_with_a_free_invoke_for_the_attacker() -> None:
    """fate-condensed.ru.md § Taking Harm > Consequences: the player names it; whoever caused it
    gets one free invoke."""
    sheet = condensed(boxes=0)
    [bite] = apply_plan(
        sheet, 2, PHYSICAL, AbsorbPlan(slots=(0,)), by="star-spawn", names={0: " Nasty Bite "}
    )
    assert (bite.name, bite.kind, bite.owner) == ("Nasty Bite", AspectKind.CONSEQUENCE, "charles")
    assert bite.free_invokes_held_by("star-spawn") == 1 and len(bite.free_invokes) == 1
    assert bite.id == "charles/consequence/0"


@pytest.mark.rule("consequence.aspect")
def test_applying_checks_everything_before_changing_anything() -> None:
    """fate-condensed.ru.md § Taking Harm > Consequences: a consequence needs the player's name
    for it; a plan missing one changes nothing."""
    sheet = condensed()
    before = copy.deepcopy(sheet)
    plan = AbsorbPlan(boxes=(0,), slots=(1,))
    with pytest.raises(BadInput, match="name the consequence"):
        apply_plan(sheet, 5, PHYSICAL, plan, by="ghoul")
    with pytest.raises(BadInput, match="needs a name"):
        apply_plan(sheet, 5, PHYSICAL, plan, by="ghoul", names={1: "  "})
    with pytest.raises(BadInput, match="who inflicted"):
        apply_plan(sheet, 5, PHYSICAL, plan, by="", names={1: "Cut"})
    with pytest.raises(BadInput, match="no extreme consequence"):
        apply_plan(
            sheet, 5, PHYSICAL, plan, by="ghoul", names={1: "Cut"}, extreme=ExtremeChoice("X", "hc")
        )
    assert sheet == before


# -- plans must absorb the hit, and only just ------------------------------------------------


@pytest.mark.rule("harm.absorb")
def test_a_plan_must_absorb_every_shift() -> None:
    """fate-condensed.ru.md § Taking Harm: shifts not absorbed mean being taken out."""
    sheet = condensed()
    with pytest.raises(IllegalAction, match="absorbs 2 of the hit's 3 shifts") as err:
        apply_plan(sheet, 3, PHYSICAL, AbsorbPlan(boxes=(0, 1)), by="gm")
    assert err.value.rule.key == "harm.absorb"
    assert sheet.stress[PHYSICAL].free_boxes == [0, 1, 2]
    with pytest.raises(BadInput, match="at least 1 shift"):
        absorb_options(sheet, 0, PHYSICAL)


@pytest.mark.rule("harm.only-as-needed")
def test_a_plan_takes_only_what_the_hit_needs() -> None:
    """fate-condensed.ru.md § Taking Harm > Stress (mark boxes as you need to) and
    fate-core-conflicts.en.txt § Stress (a box equal to the hit): nothing superfluous."""
    sheet = condensed()
    with pytest.raises(IllegalAction, match="take only what the hit needs") as err:
        check_plan(sheet, 2, PHYSICAL, AbsorbPlan(boxes=(0, 1, 2)))
    assert err.value.rule.key == "harm.only-as-needed"
    with pytest.raises(IllegalAction, match="take only what the hit needs"):
        check_plan(sheet, 2, PHYSICAL, AbsorbPlan(boxes=(0,), slots=(0,)))
    escalating = core("landon", [1, 2])
    with pytest.raises(IllegalAction, match="no stress box is needed") as err:
        check_plan(escalating, 2, PHYSICAL, AbsorbPlan(boxes=(0,), slots=(0,)))
    assert err.value.rule.key == "harm.only-as-needed"


def test_options_are_ordered_by_the_recommendation() -> None:
    """Our heuristic, not a rule: stress first (it clears with the scene), then the fewest and
    mildest consequences, the extreme one last."""
    sheet = condensed(boxes=5)
    options = absorb_options(sheet, 5, PHYSICAL)
    assert options[0] == AbsorbPlan(boxes=(0, 1, 2, 3, 4))
    assert options[1] == AbsorbPlan(boxes=(0, 1, 2), slots=(0,))
    assert options[-2:] == [AbsorbPlan(slots=(2,)), AbsorbPlan(slots=(0, 1))]
    assert len({(p.boxes, p.slots) for p in options}) == len(options)


# -- extreme consequences -------------------------------------------------------------------


@pytest.mark.rule("consequence.extreme")
def test_extreme_consequence_absorbs_eight_and_replaces_an_aspect() -> None:
    """fate-core-conflicts.en.txt § Extreme Consequences; fate-condensed.ru.md § Optional Rules >
    Extreme Consequences: eight shifts, in place of an aspect other than the high concept."""
    sheet = with_character_aspects(condensed("cynere", boxes=0))
    clock = Clock()
    assert all(not p.extreme for p in absorb_options(sheet, 8, PHYSICAL))
    options = absorb_options(sheet, 8, PHYSICAL, allow_extreme=True, clock=clock)
    assert AbsorbPlan(extreme=True) in options
    assert not options[0].extreme  # recommended only as a last resort
    assert recommended_plan(sheet, 13, PHYSICAL, allow_extreme=True, clock=clock) == AbsorbPlan(
        slots=(2,), extreme=True
    )
    with pytest.raises(IllegalAction, match="cannot replace 'Wandering Swordswoman'") as err:
        apply_plan(
            sheet,
            8,
            PHYSICAL,
            AbsorbPlan(extreme=True),
            by="og",
            allow_extreme=True,
            clock=clock,
            extreme=ExtremeChoice("One-Eyed", "hc"),
        )
    assert err.value.rule.key == "consequence.extreme"
    [scar] = apply_plan(
        sheet,
        8,
        PHYSICAL,
        AbsorbPlan(extreme=True),
        by="og",
        allow_extreme=True,
        clock=clock,
        extreme=ExtremeChoice("One-Eyed", "trouble"),
        conflict="warehouse",
    )
    assert [a.id for a in sheet.aspects] == ["hc"]
    slot = sheet.consequences[-1]
    assert (slot.severity, slot.shifts, slot.aspect, slot.conflict) == (
        Severity.EXTREME,
        8,
        scar,
        "warehouse",
    )
    assert slot.replaced is not None and slot.replaced.name == "Can't Resist a Pretty Face"
    assert scar.free_invokes_held_by("og") == 1


@pytest.mark.rule("consequence.extreme")
def test_one_extreme_consequence_between_major_milestones() -> None:
    """fate-core-conflicts.en.txt § Extreme Consequences: once between major milestones."""
    sheet = with_character_aspects(condensed("cynere", boxes=0))
    sheet.aspects.append(Aspect("rel", "Owes Zird a Favor", AspectKind.RELATIONSHIP))
    clock = Clock()
    apply_plan(
        sheet,
        8,
        PHYSICAL,
        AbsorbPlan(extreme=True),
        by="og",
        allow_extreme=True,
        clock=clock,
        extreme=ExtremeChoice("One-Eyed", "trouble"),
    )
    assert not extreme_available(sheet, allow_extreme=True, clock=clock)
    with pytest.raises(IllegalAction, match="since the last major milestone"):
        check_plan(sheet, 8, PHYSICAL, AbsorbPlan(extreme=True), allow_extreme=True, clock=clock)
    clock.reach_milestone(Milestone.MINOR)
    assert not extreme_available(sheet, allow_extreme=True, clock=clock)
    clock.reach_milestone(Milestone.MAJOR)
    assert extreme_available(sheet, allow_extreme=True, clock=clock)
    # Without an aspect left to replace, there is no extreme consequence to take.
    sheet.aspects = sheet.aspects[:1]
    assert not extreme_available(sheet, allow_extreme=True, clock=clock)
    with pytest.raises(BadInput, match="pass the clock"):
        absorb_options(sheet, 8, PHYSICAL, allow_extreme=True)
    with pytest.raises(IllegalAction, match="not in play"):
        check_plan(sheet, 8, PHYSICAL, AbsorbPlan(extreme=True))
    sheet.consequences.append(ConsequenceSlot.of(Severity.EXTREME))
    with pytest.raises(BadInput, match="empty extreme slot"):
        absorb_options(sheet, 8, PHYSICAL)


def test_module_example_runs() -> None:
    """The example in the absorb module's docstring is correct."""
    result = doctest.testmod(absorb)
    assert result.attempted > 0 and result.failed == 0
