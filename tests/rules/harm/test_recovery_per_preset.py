"""When a treated consequence clears, per rule set, and when treatment happened (issue 27).

Sources: fate-condensed.ru.md § Conflicts > Recovering from Conflicts, § Прорывы and § Сессии и
Арки; ode-kortfattad.sv.rst § Återhämta sig från en konflikt, § Genombrott and § Solobonus;
fate-core-conflicts.en.txt § Recovering from a Consequence.
"""

from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.characters.advancement import (
    Breakthrough,
    apply_breakthrough,
    breakthrough_as_recorded,
)
from fatekit.rules.characters.character import Character, new_character
from fatekit.rules.characters.presets import ACCELERATED, CONDENSED_PRESET, CORE_PRESET, ODE_PRESET
from fatekit.rules.core.clock import Clock, Milestone, Moment
from fatekit.rules.core.errors import IllegalAction
from fatekit.rules.core.tracks import Track
from fatekit.rules.core.waivers import waiving
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity
from fatekit.rules.harm.recovery import (
    RecoveryRules,
    SevereRecovery,
    clears_after,
    is_recovered,
    treat,
    treatment_difficulty,
)
from fatekit.rules.options.big_bad_solo import Facing, SoloBonus, solo_stress_reduction

CONDENSED = CONDENSED_PRESET.recovery
ODE = ODE_PRESET.recovery
CORE = CORE_PRESET.recovery


def wounded(severity: Severity, name: str = "Broken Arm") -> ConsequenceSlot:
    slot = ConsequenceSlot.of(severity)
    slot.fill(Aspect(f"x/{severity.value}", name, AspectKind.CONSEQUENCE, owner="x"))
    return slot


def treated(
    severity: Severity, clock: Clock, moment: Moment, rules: RecoveryRules = CONDENSED
) -> ConsequenceSlot:
    slot = wounded(severity)
    treat(
        slot, effort=9, on_self=False, new_name="Healing", clock=clock, moment=moment, rules=rules
    )
    return slot


def scene(clock: Clock) -> None:
    clock.end_scene()


def session(clock: Clock, milestone: Milestone | None = None) -> None:
    clock.end_scene()
    clock.end_session()
    if milestone is not None:
        clock.reach_milestone(milestone)


# -- 3: when treatment happens ------------------------------------------------------------------


@pytest.mark.rule("recovery.time")
def test_a_mild_treated_between_scenes_clears_after_the_very_next_scene() -> None:
    """fate-condensed.ru.md § Recovering from Conflicts: a mild consequence takes one full scene
    after treatment. Treated during a scene, that scene is not a full one after it; treated
    between scenes, the next scene is."""
    during, between = Clock(scenes_ended=3), Clock(scenes_ended=3)
    in_scene = treated(Severity.MILD, during, Moment.SCENE)
    between_scenes = treated(Severity.MILD, between, Moment.SESSION)
    scene(during), scene(between)
    assert not is_recovered(in_scene, during)
    assert is_recovered(between_scenes, between)  # not one unit more
    scene(during)
    assert is_recovered(in_scene, during)


@pytest.mark.rule("recovery.time")
def test_a_moderate_treated_between_sessions_clears_after_the_next_session() -> None:
    """fate-condensed.ru.md § Recovering from Conflicts: a moderate consequence takes a full
    session after treatment; between sessions, the next one is full."""
    during, between = Clock(sessions_ended=1), Clock(sessions_ended=1)
    in_session = treated(Severity.MODERATE, during, Moment.SCENE)
    between_sessions = treated(Severity.MODERATE, between, Moment.ARC)
    session(during), session(between)
    assert not is_recovered(in_session, during)
    assert is_recovered(between_sessions, between)
    session(during)
    assert is_recovered(in_session, during)
    assert clears_after(in_session) == "session" and clears_after(wounded(Severity.MILD)) is None


# -- 2 and 5: a breakthrough --------------------------------------------------------------------


def hurt_ruth() -> tuple[Character, ConsequenceSlot, ConsequenceSlot]:
    pc = new_character(
        CONDENSED_PRESET,
        "ruth",
        "Ruth",
        high_concept="Occult Librarian",
        trouble="Curiosity Killed the Cat",
        skills={"investigate": 4, "academics": 3, "notice": 3, "will": 2, "lore": 2, "drive": 1},
    )
    moderate = next(s for s in pc.consequences if s.severity is Severity.MODERATE)
    severe = next(s for s in pc.consequences if s.severity is Severity.SEVERE)
    moderate.fill(Aspect("ruth/c/1", "Gaping Chest Wound", AspectKind.CONSEQUENCE, owner="ruth"))
    severe.fill(Aspect("ruth/c/2", "Shattered Knee", AspectKind.CONSEQUENCE, owner="ruth"))
    return pc, moderate, severe


@pytest.mark.rule("recovery.time")
@pytest.mark.rule("advancement.breakthrough")
def test_a_moderate_recovering_from_a_breakthrough_clears_after_one_session() -> None:
    """fate-condensed.ru.md § Прорывы and § Recovering from Conflicts: a breakthrough comes at
    the end of a session, so the next session is already a full one after the recovery it
    starts; the moderate consequence clears when that session ends, not one later."""
    pc, moderate, _ = hurt_ruth()
    clock = Clock()
    session(clock, Milestone.MAJOR)
    apply_breakthrough(pc, Breakthrough(recovery_names={"ruth/c/1": "Stitched Up"}), clock)
    assert moderate.recovering and moderate.treated_at is not None
    assert moderate.treated_at.moment is Moment.BETWEEN_ARCS
    session(clock)
    assert is_recovered(moderate, clock)


@pytest.mark.rule("recovery.time")
def test_a_breakthrough_a_log_recorded_before_keeps_the_old_timing() -> None:
    """A breakthrough a log recorded before issue 27 keeps the timing fatekit gave it then (the
    table's upcaster starts its recovery during the session): two sessions for a moderate
    consequence."""
    pc, moderate, _ = hurt_ruth()
    clock = Clock()
    session(clock, Milestone.MAJOR)
    breakthrough = Breakthrough(recovery_names={"ruth/c/1": "Stitched Up"})
    breakthrough_as_recorded(pc, breakthrough, clock, moment=Moment.SCENE)
    session(clock)
    assert not is_recovered(moderate, clock)
    session(clock)
    assert is_recovered(moderate, clock)


@pytest.mark.rule("advancement.breakthrough")
def test_a_breakthrough_leaves_untreated_consequences_the_player_does_not_choose() -> None:
    """fate-condensed.ru.md § Прорывы ("можете начать"), ode-kortfattad.sv.rst § Genombrott
    ("en eller flera", "får"): starting recovery at a breakthrough is a choice, consequence by
    consequence; those left out stay untreated under their names."""
    pc, moderate, severe = hurt_ruth()
    clock = Clock(major_milestones=1)
    apply_breakthrough(pc, Breakthrough(high_concept="Older, Wiser"), clock)
    assert not moderate.recovering and moderate.aspect is not None
    assert moderate.aspect.name == "Gaping Chest Wound"
    apply_breakthrough(pc, Breakthrough(recovery_names={"ruth/c/2": "Brace"}), clock)
    assert severe.recovering and not moderate.recovering


# -- severe, per rule set -------------------------------------------------------------------------


@pytest.mark.rule("recovery.time")
def test_condensed_severe_clears_at_the_next_major_milestone() -> None:
    """fate-condensed.ru.md § Recovering from Conflicts: a severe consequence clears at the next
    major milestone after treatment; a minor one does not clear it."""
    clock = Clock()
    slot = treated(Severity.SEVERE, clock, Moment.SCENE, CONDENSED)
    session(clock, Milestone.MINOR)
    assert not is_recovered(slot, clock, CONDENSED)
    session(clock, Milestone.MAJOR)
    assert is_recovered(slot, clock, CONDENSED)
    assert clears_after(slot, CONDENSED) == "major_milestone"


@pytest.mark.rule("recovery.ode")
def test_ode_severe_clears_at_any_milestone() -> None:
    """ode-kortfattad.sv.rst § Återhämta sig från en konflikt: a severe consequence needs a
    milestone (milsten) passed after treatment; Öde has milestones at the end of every
    session and no significant ones."""
    clock = Clock()
    slot = treated(Severity.SEVERE, clock, Moment.SCENE, ODE)
    session(clock)
    assert not is_recovered(slot, clock, ODE)  # a session without a milestone
    session(clock, Milestone.MINOR)
    assert is_recovered(slot, clock, ODE)
    assert not is_recovered(slot, clock, CONDENSED)
    assert clears_after(slot, ODE) == "milestone"


@pytest.mark.rule("recovery.ode")
def test_ode_treating_oneself_is_no_harder() -> None:
    """ode-kortfattad.sv.rst § Återhämta sig från en konflikt: the table gives Hyffsad (+2),
    Utmärkt (+4), Fantastisk (+6) and says nothing of treating oneself; Fate Condensed and Fate
    Core add two."""
    slots = [wounded(s) for s in (Severity.MILD, Severity.MODERATE, Severity.SEVERE)]
    assert [treatment_difficulty(s, on_self=True, rules=ODE) for s in slots] == [2, 4, 6]
    assert [treatment_difficulty(s, on_self=True, rules=CONDENSED) for s in slots] == [4, 6, 8]
    assert [treatment_difficulty(s, on_self=True, rules=CORE) for s in slots] == [4, 6, 8]
    assert [treatment_difficulty(s, on_self=True, rules=ACCELERATED.recovery) for s in slots] == [
        4,
        6,
        8,
    ]


@pytest.mark.rule("recovery.core-scenario")
def test_core_severe_clears_after_the_next_whole_scenario() -> None:
    """fate-core-conflicts.en.txt § Recovering from a Consequence: Cynere's severe consequence
    clears after the next whole scenario. Treated during a scenario (an arc, ended by a major
    milestone), that scenario is not whole: it clears at the second major milestone. Started at
    a breakthrough, between scenarios, the next one is whole."""
    clock = Clock()
    mid = treated(Severity.SEVERE, clock, Moment.SCENE, CORE)
    session(clock, Milestone.MAJOR)
    assert not is_recovered(mid, clock, CORE)  # the scenario it was treated in ended
    at_breakthrough = treated(Severity.SEVERE, clock, Moment.BETWEEN_ARCS, CORE)
    session(clock, Milestone.MINOR)
    assert not is_recovered(mid, clock, CORE)
    session(clock, Milestone.MAJOR)
    assert is_recovered(mid, clock, CORE) and is_recovered(at_breakthrough, clock, CORE)
    assert clears_after(mid, CORE) == "scenario"


@pytest.mark.rule("recovery.core-scenario")
def test_core_severe_read_as_before_clears_at_the_first_major_milestone() -> None:
    """The earlier reading, which the table's upcaster gives moves logged before issue 27 (a
    severe consequence clears at a major milestone whatever the rule set), is a recovery with
    that timing."""
    clock = Clock()
    slot = treated(Severity.SEVERE, clock, Moment.SCENE, CORE)
    session(clock, Milestone.MAJOR)
    before = dataclasses.replace(CORE, severe=SevereRecovery.MAJOR_MILESTONE)
    assert is_recovered(slot, clock, before)
    assert not is_recovered(slot, clock, CORE)


@pytest.mark.rule("recovery.long-arcs")
def test_long_arcs_let_a_severe_clear_after_four_sessions() -> None:
    """fate-condensed.ru.md § Сессии и Арки: when arcs run longer than four to six sessions,
    severe consequences may clear after four sessions instead of at the end of the arc."""
    clock = Clock()
    slot = treated(Severity.SEVERE, clock, Moment.SCENE, CONDENSED)
    for _ in range(4):
        session(clock, Milestone.MINOR)
    assert not is_recovered(slot, clock, CONDENSED)
    assert not is_recovered(slot, clock, CONDENSED, long_arcs=True)  # the treatment's session
    session(clock, Milestone.MINOR)
    assert is_recovered(slot, clock, CONDENSED, long_arcs=True)
    assert clears_after(slot, CONDENSED, long_arcs=True) == "major_milestone_or_four_sessions"


# -- which skill treats ---------------------------------------------------------------------------


@pytest.mark.rule("recovery.treatment-skill")
def test_each_rule_set_names_its_treating_skills() -> None:
    """fate-condensed.ru.md and ode-kortfattad.sv.rst § Recovering from Conflicts: Academics for
    physical, Empathy for mental; fate-core-conflicts.en.txt § What Skill Do I Use For
    Recovery?: Empathy for mental, Lore as the default for physical. A stunt may allow another
    skill: the refusal is the GM's to waive."""
    assert CONDENSED.skill_for(Track.PHYSICAL) == "academics" == ODE.skill_for(Track.PHYSICAL)
    assert CONDENSED.skill_for(Track.MENTAL) == "empathy" == CORE.skill_for(Track.MENTAL)
    assert CORE.skill_for(Track.PHYSICAL) == "lore"
    CONDENSED.check_skill("academics", Track.PHYSICAL)
    CONDENSED.check_skill("empathy")  # a slot any harm fills: either treating skill
    with pytest.raises(IllegalAction, match="treated with academics, not fight") as refused:
        CONDENSED.check_skill("fight", Track.PHYSICAL)
    assert refused.value.waivable
    with waiving(("recovery.treatment-skill",)):
        CONDENSED.check_skill("fight", Track.PHYSICAL)
    with pytest.raises(IllegalAction, match="academics or empathy, not fight"):
        CONDENSED.check_skill("fight")
    ACCELERATED.recovery.check_skill("flashy")  # approaches: any may treat


# -- 1: a solo big bad's reduction ----------------------------------------------------------------


@pytest.mark.rule("big-bad.solo.stress-ode")
def test_ode_rounds_the_solo_reduction_down() -> None:
    """ode-kortfattad.sv.rst § Solobonus: the hit is reduced by the attacking PCs divided by
    two, rounded down (avrundat nedåt): with three PCs a 5-shift hit is 4; Fate Condensed rounds
    up and makes it 3."""
    assert ODE_PRESET.solo_rounds_down and not CONDENSED_PRESET.solo_rounds_down
    assert solo_stress_reduction(5, 3, round_down=True) == 4
    assert solo_stress_reduction(5, 3) == 3
    assert solo_stress_reduction(2, 1, round_down=True) == 2  # one PC: nothing to take off
    solo = SoloBonus(stress=True, stress_round_down=True)
    assert solo.reduce_hit(5, Facing(pcs=3)) == 4


@pytest.mark.rule("big-bad.solo.stress-ode")
@given(st.integers(1, 12), st.integers(1, 8), st.booleans())
def test_the_rounding_down_takes_half_the_pcs_and_the_old_reading_rounds_up(
    shifts: int, pcs: int, floor: bool
) -> None:
    """ode-kortfattad.sv.rst § Solobonus: floor(PCs / 2), down to 0 or the floor of 1; the
    reading fatekit gave every preset before (which the table's upcaster asks for moves logged
    then) rounds up."""
    after = solo_stress_reduction(shifts, pcs, floor_one=floor, round_down=True)
    assert after == max(shifts - pcs // 2, 1 if floor else 0)
    solo = SoloBonus(stress=True, stress_floor_one=floor, stress_round_down=True)
    before = solo.reduce_hit(shifts, Facing(pcs=pcs), round_down=False)
    assert before == max(shifts - math.ceil(pcs / 2), 1 if floor else 0)
