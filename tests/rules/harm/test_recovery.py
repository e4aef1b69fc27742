"""Recovering from harm: stress at the end of a scene; consequences by treatment and time.

Sources: fate-condensed.ru.md § Conflicts > Recovering from Conflicts and § Optional Rules >
Extreme Consequences; fate-core-conflicts.en.txt § Recovering from a Consequence and § Extreme
Consequences.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.core.clock import Clock, Milestone
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.outcomes import Outcome
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.absorb import AbsorbPlan, ExtremeChoice, apply_plan
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity
from fatekit.rules.harm.recovery import (
    clear_recovered,
    clear_stress,
    is_recovered,
    rename_extreme,
    treat,
    treatment_difficulty,
)
from fatekit.rules.harm.stress import StressTrack

MILD, MODERATE, SEVERE = Severity.MILD, Severity.MODERATE, Severity.SEVERE


@dataclass
class Sheet:
    """The parts of a character sheet that harm and recovery touch."""

    id: str
    stress: dict[Track, StressTrack]
    consequences: list[ConsequenceSlot]
    aspects: list[Aspect] = field(default_factory=list)


def hurt(name: str = "cynere") -> Sheet:
    """A character with a full set of consequences: Bruised, Deep Cut, Nearly Gutted."""
    sheet = Sheet(
        name,
        {
            Track.PHYSICAL: StressTrack.one_point(Track.PHYSICAL, 3),
            Track.MENTAL: StressTrack.one_point(Track.MENTAL, 3),
        },
        [ConsequenceSlot.of(MILD), ConsequenceSlot.of(MODERATE), ConsequenceSlot.of(SEVERE)],
    )
    names = {0: "Bruised", 1: "Deep Cut", 2: "Nearly Gutted"}
    apply_plan(sheet, 12, Track.PHYSICAL, AbsorbPlan(slots=(0, 1, 2)), by="og", names=names)
    return sheet


@pytest.mark.rule("recovery.stress")
def test_stress_clears_at_the_end_of_the_scene() -> None:
    """fate-condensed.ru.md § Recovering from Conflicts: every stress box clears as the scene
    ends; consequences stay."""
    sheet = hurt()
    apply_plan(sheet, 2, Track.PHYSICAL, AbsorbPlan(boxes=(0, 2)), by="og")
    apply_plan(sheet, 1, Track.MENTAL, AbsorbPlan(boxes=(1,)), by="og")
    assert clear_stress(sheet) == 3
    assert all(not b.marked for t in sheet.stress.values() for b in t.boxes)
    assert all(s.aspect is not None for s in sheet.consequences)
    assert clear_stress(sheet) == 0


@pytest.mark.rule("recovery.treatment")
def test_treatment_difficulty_follows_severity_and_is_harder_on_oneself() -> None:
    """fate-condensed.ru.md § Recovering from Conflicts: Fair (+2), Great (+4), Fantastic (+6),
    two more when treating yourself."""
    mild, moderate, severe = hurt().consequences
    assert [treatment_difficulty(s, on_self=False) for s in (mild, moderate, severe)] == [2, 4, 6]
    assert [treatment_difficulty(s, on_self=True) for s in (mild, moderate, severe)] == [4, 6, 8]


@pytest.mark.rule("recovery.treatment")
def test_zird_bandages_cynere() -> None:
    """fate-core-conflicts.en.txt § Recovering from a Consequence: Zird beats Fantastic (+6) on
    Cynere's Nearly Gutted, which becomes Bandaged and starts recovering."""
    severe = hurt().consequences[2]
    clock = Clock(scenes_ended=4, sessions_ended=1)
    result = treat(severe, effort=7, on_self=False, new_name="Bandaged", clock=clock)
    assert (result.difficulty, result.outcome, result.started) == (6, Outcome.SUCCESS, True)
    assert severe.aspect is not None and severe.aspect.name == "Bandaged"
    assert severe.recovering and severe.treated_at == clock.mark()
    assert not severe.is_free  # recovering does not free the slot
    with pytest.raises(IllegalAction, match="already recovering") as err:
        treat(severe, effort=9, on_self=False, new_name="Healing", clock=clock)
    assert err.value.rule.key == "consequence.slots"


@pytest.mark.rule("recovery.treatment")
def test_failed_treatment_changes_nothing_unless_the_gm_grants_success_at_a_cost() -> None:
    """fate-condensed.ru.md § Recovering from Conflicts (an overcome roll) and § Actions >
    Overcome (a tie or failure may become success at a cost)."""
    sheet = hurt()
    mild = sheet.consequences[0]
    clock = Clock()
    missed = treat(mild, effort=3, on_self=True, new_name="Iced", clock=clock)  # needs +4
    assert (missed.outcome, missed.started, mild.recovering) == (Outcome.FAIL, False, False)
    assert mild.aspect is not None and mild.aspect.name == "Bruised"
    tied = treat(mild, effort=4, on_self=True, new_name="Iced", clock=clock, at_cost=True)
    assert (tied.outcome, tied.started, mild.recovering) == (Outcome.TIE, True, True)
    empty = ConsequenceSlot.of(MILD)
    with pytest.raises(IllegalAction, match="holds no consequence"):
        treat(empty, effort=0, on_self=False, new_name="x", clock=clock)
    with pytest.raises(BadInput, match="new name"):
        treat(sheet.consequences[1], effort=9, on_self=False, new_name=" ", clock=clock)


@pytest.mark.rule("recovery.time")
def test_mild_clears_after_one_full_scene_after_treatment() -> None:
    """fate-condensed.ru.md § Recovering from Conflicts: one full scene after treatment. The
    scene of the treatment does not count; the next one must end."""
    sheet = hurt()
    clock = Clock(scenes_ended=2)
    treat(sheet.consequences[0], effort=3, on_self=False, new_name="Iced Bruise", clock=clock)
    clock.end_scene()  # the scene in which the treatment happened
    assert not is_recovered(sheet.consequences[0], clock)
    assert clear_recovered(sheet, clock) == []
    clock.end_scene()  # one full scene after it
    [cleared] = clear_recovered(sheet, clock)
    assert cleared.name == "Iced Bruise"
    assert sheet.consequences[0].is_free and not sheet.consequences[0].recovering
    assert sheet.consequences[1].aspect is not None  # untreated ones stay


@pytest.mark.rule("recovery.time")
def test_moderate_clears_after_one_full_session_after_treatment() -> None:
    """fate-condensed.ru.md § Recovering from Conflicts: a full session after treatment."""
    sheet = hurt()
    moderate = sheet.consequences[1]
    clock = Clock(scenes_ended=5, sessions_ended=1)
    treat(moderate, effort=5, on_self=False, new_name="Stitched Up", clock=clock)
    for _ in range(3):
        clock.end_scene()
    clock.end_session()  # the session of the treatment
    assert not is_recovered(moderate, clock)
    clock.end_scene()
    clock.end_session()
    assert is_recovered(moderate, clock)
    assert [a.name for a in clear_recovered(sheet, clock)] == ["Stitched Up"]


@pytest.mark.rule("recovery.time")
def test_severe_clears_at_the_next_major_milestone_after_treatment() -> None:
    """fate-condensed.ru.md § Recovering from Conflicts: at the next major milestone."""
    sheet = hurt()
    severe = sheet.consequences[2]
    clock = Clock()
    clock.reach_milestone(Milestone.MAJOR)  # before treatment: does not count
    treat(severe, effort=7, on_self=False, new_name="Bandaged", clock=clock)
    for _ in range(4):
        clock.end_scene()
        clock.end_session()
        clock.reach_milestone(Milestone.MINOR)
    assert not is_recovered(severe, clock)
    clock.reach_milestone(Milestone.MAJOR)
    assert [a.name for a in clear_recovered(sheet, clock)] == ["Bandaged"]
    # Untreated consequences never clear on their own.
    assert not is_recovered(sheet.consequences[0], clock)


@pytest.mark.rule("recovery.time")
def test_the_clock_counts_full_scenes_and_sessions_after_a_mark() -> None:
    """fate-condensed.ru.md § Recovering from Conflicts: recovery counts full scenes and sessions
    after the one in which treatment happened."""
    clock = Clock(scenes_ended=3, sessions_ended=1, minor_milestones=1, major_milestones=0)
    mark = clock.mark()
    assert (clock.full_scenes_since(mark), clock.full_sessions_since(mark)) == (0, 0)
    clock.end_scene()
    clock.end_session()
    assert (clock.full_scenes_since(mark), clock.full_sessions_since(mark)) == (0, 0)
    clock.end_scene()
    clock.end_session()
    assert (clock.full_scenes_since(mark), clock.full_sessions_since(mark)) == (1, 1)
    clock.reach_milestone(Milestone.MAJOR)
    assert clock.major_milestones_since(mark) == 1
    assert clock.mark().minor_milestones == 1
    with pytest.raises(BadInput):
        Clock(scenes_ended=-1)


@pytest.mark.rule("consequence.extreme-no-recovery")
def test_extreme_consequences_are_never_treated() -> None:
    """fate-condensed.ru.md § Optional Rules > Extreme Consequences: no recovery by default."""
    sheet = hurt()
    sheet.aspects = [
        Aspect("hc", "Wandering Swordswoman", AspectKind.HIGH_CONCEPT),
        Aspect("trouble", "Can't Resist a Pretty Face", AspectKind.TROUBLE),
    ]
    clock = Clock()
    apply_plan(
        sheet,
        8,
        Track.PHYSICAL,
        AbsorbPlan(extreme=True),
        by="og",
        extreme=ExtremeChoice("One-Eyed", "trouble"),
        allow_extreme=True,
        clock=clock,
    )
    extreme = sheet.consequences[-1]
    with pytest.raises(IllegalAction, match="cannot be treated") as err:
        treat(extreme, effort=20, on_self=False, new_name="Healed Eye", clock=clock)
    assert err.value.rule.key == "consequence.extreme-no-recovery"
    with pytest.raises(IllegalAction, match="does not recover"):
        extreme.start_recovery("Healed Eye", clock)
    clock.reach_milestone(Milestone.MAJOR)
    assert extreme not in [s for s in sheet.consequences if is_recovered(s, clock)]
    clear_recovered(sheet, clock)
    assert extreme.aspect is not None and extreme.aspect.name == "One-Eyed"


@pytest.mark.rule("consequence.extreme-rename")
def test_extreme_consequence_renamed_after_the_next_major_milestone() -> None:
    """fate-core-conflicts.en.txt § Extreme Consequences: renamed after the next major
    milestone, but not back to the aspect it replaced."""
    replaced = Aspect("trouble", "Can't Resist a Pretty Face", AspectKind.TROUBLE)
    clock = Clock()
    extreme = ConsequenceSlot.of(Severity.EXTREME)
    extreme.fill(Aspect("x", "One-Eyed", AspectKind.CONSEQUENCE), taken_at=clock.mark())
    extreme.replaced = replaced
    with pytest.raises(IllegalAction, match="after the next major milestone") as err:
        rename_extreme(extreme, "Eyepatch and Swagger", clock)
    assert err.value.rule.key == "consequence.extreme-rename"
    clock.reach_milestone(Milestone.MAJOR)
    with pytest.raises(IllegalAction, match="cannot come back"):
        rename_extreme(extreme, "can't resist a pretty face", clock)
    rename_extreme(extreme, "Eyepatch and Swagger", clock)
    assert extreme.aspect is not None and extreme.aspect.name == "Eyepatch and Swagger"
    with pytest.raises(BadInput):
        rename_extreme(ConsequenceSlot.of(MILD), "x", clock)
