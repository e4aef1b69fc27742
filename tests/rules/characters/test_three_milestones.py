"""Fate Core's and Fate Accelerated's minor, significant and major milestones
(srd/fate-core.md § The Long Game > Defining Milestones; srd/fate-accelerated-SRD.md § Getting
Better at Doing Stuff: Character Advancement > Milestones)."""

from __future__ import annotations

import pytest

from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.aspects.stunts import SkillBonus, Stunt
from fatekit.rules.characters.advancement import BuyStunt, ReplaceSkill, RewriteAspect, SwapSkills
from fatekit.rules.characters.character import Character, new_character
from fatekit.rules.characters.milestones import (
    MilestoneSpending,
    check_milestone_spending,
    skill_cap,
    spend_milestone,
)
from fatekit.rules.characters.presets import get_preset
from fatekit.rules.characters.shapes import column_problems
from fatekit.rules.core.actions import Action
from fatekit.rules.core.clock import Clock, Milestone, Moment
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.absorb import AbsorbPlan, ExtremeChoice
from fatekit.rules.harm.recovery import RecoveryRules, SevereRecovery, is_recovered
from fatekit.rules.options.ruleset import Ruleset
from fatekit.rules.scenes.taking import take_hit

CORE = get_preset("core")
FAE = get_preset("fae")
MINOR, SIGNIFICANT, MAJOR = Milestone.MINOR, Milestone.SIGNIFICANT, Milestone.MAJOR

ZIRD_SKILLS = {
    "lore": 4,
    "will": 3,
    "notice": 3,
    "crafts": 2,
    "deceive": 2,
    "empathy": 2,
    "athletics": 1,
    "investigate": 1,
    "physique": 1,
    "rapport": 1,
}


def zird() -> Character:
    """Fate Core's Zird the Arcane, on a standard pyramid."""
    return new_character(
        CORE,
        "zird",
        "Zird the Arcane",
        high_concept="Wizard for Hire",
        trouble="Rivals in the Collegia Arcana",
        aspects=[
            (AspectKind.CHARACTER, "Not the Face!"),
            (AspectKind.CHARACTER, "Doesn't Suffer Fools Gladly"),
            (AspectKind.CHARACTER, "I've Read About That"),
        ],
        skills=ZIRD_SKILLS,
        stunts=[Stunt(f"Stunt {n}", SkillBonus("lore", (Action.OVERCOME,))) for n in range(3)],
    )


def spend(
    pc: Character, level: Milestone, spending: MilestoneSpending, clock: Clock | None = None
) -> list[Aspect]:
    """Reach a ``level`` milestone on ``clock`` and spend it as ``spending`` says."""
    clock = clock or Clock()
    clock.reach_milestone(level)
    preset = get_preset(pc.preset)
    cap = skill_cap(preset, list(pc.skills.values()))
    return spend_milestone(pc, level, spending, clock, preset, cap=cap)


def wound(pc: Character, slot: int, name: str, clock: Clock) -> str:
    consequence = Aspect(f"{pc.id}/consequence/{slot}", name, AspectKind.CONSEQUENCE)
    pc.consequences[slot].fill(consequence, taken_at=clock.mark())
    return consequence.id


# -- minor milestones ----------------------------------------------------------------------


@pytest.mark.rule("advancement.milestone")
def test_a_minor_milestone_allows_one_change() -> None:
    """srd/fate-core.md § Minor Milestones: Landon swaps his Deceive and Rapport; Cynere renames
    an aspect; a stunt may be bought while refresh stays 1 or more."""
    pc = zird()
    spend(pc, MINOR, MilestoneSpending(change=SwapSkills("lore", "athletics")))
    assert pc.rating("athletics") == 4 and pc.rating("lore") == 1
    assert pc.skill_steps_banked == 0 and pc.refresh == 3
    spend(pc, MINOR, MilestoneSpending(change=RewriteAspect("zird/character/1", "Hit Me")))
    assert "Hit Me" in [a.name for a in pc.aspects]
    with pytest.raises(IllegalAction) as err:
        spend(pc, MINOR, MilestoneSpending(change=RewriteAspect("zird/high_concept/1", "Mage")))
    assert err.value.rule.key == "advancement.milestone"


@pytest.mark.rule("advancement.minor-recovery")
def test_a_minor_milestone_starts_moderate_consequences_recovering() -> None:
    """srd/fate-core.md § Minor Milestones: moderate consequences may be renamed to start their
    recovery; a severe one waits for a significant milestone."""
    pc, clock = zird(), Clock()
    moderate = wound(pc, 1, "Deep Cut", clock)
    severe = wound(pc, 2, "Nearly Gutted", clock)
    clock.end_session()
    with pytest.raises(IllegalAction) as err:
        spend(pc, MINOR, MilestoneSpending(recovery_names={severe: "Bandaged"}), clock)
    assert err.value.rule.key == "advancement.significant"
    spend(pc, MINOR, MilestoneSpending(recovery_names={moderate: "Stitched Up"}), Clock())
    slot = pc.consequences[1]
    assert slot.recovering and slot.aspect is not None and slot.aspect.name == "Stitched Up"
    assert slot.treated_at is not None and slot.treated_at.moment is Moment.ARC


# -- significant milestones ------------------------------------------------------------------


@pytest.mark.rule("advancement.significant", "advancement.banked-steps")
def test_a_significant_milestone_adds_a_skill_point_to_spend_or_bank() -> None:
    """srd/fate-core.md § Significant Milestones: Zird takes Resources at Average (+1) with his
    point, and also renames Not the Face! as a minor milestone's change."""
    pc = zird()
    spend(
        pc,
        SIGNIFICANT,
        MilestoneSpending(
            change=RewriteAspect("zird/character/1", "Hit Me, and There Will Be Consequences"),
            raise_now=("resources",),
        ),
    )
    assert pc.rating("resources") == 1
    assert pc.skill_steps_earned == 1 and pc.skill_steps_banked == 0
    assert column_problems(pc.skills) == []
    # Notice to Good (+3) breaks the columns: the point is banked instead.
    again = zird()
    with pytest.raises(IllegalAction) as err:
        spend(again, SIGNIFICANT, MilestoneSpending(raise_now=("crafts",)))
    assert err.value.rule.key == "skills.column-rule"
    spend(again, SIGNIFICANT, MilestoneSpending())
    assert again.skill_steps_banked == 1 and again.refresh == 3


@pytest.mark.rule("advancement.significant")
def test_a_significant_milestone_starts_severe_consequences_recovering() -> None:
    """srd/fate-core.md § Significant Milestones, § Recovering from a Consequence: a severe
    consequence renamed then clears after the next whole scenario."""
    pc, clock = zird(), Clock()
    severe = wound(pc, 2, "Nearly Gutted", clock)
    clock.end_session()
    spend(pc, SIGNIFICANT, MilestoneSpending(recovery_names={severe: "Bandaged"}), clock)
    slot = pc.consequences[2]
    rules = RecoveryRules(severe=SevereRecovery.SCENARIO)
    assert slot.recovering and not is_recovered(slot, clock, rules)
    clock.end_session()
    clock.reach_milestone(SIGNIFICANT)  # the next scenario ends
    assert is_recovered(slot, clock, rules)


@pytest.mark.rule("advancement.skill-cap")
def test_only_a_major_milestone_takes_a_skill_past_the_cap() -> None:
    """srd/fate-core.md § The Skill Cap, § Major Milestones: Zird takes Lore to Superb (+5),
    past the campaign's Great (+4) cap, at a major milestone; a significant one cannot."""
    assert skill_cap(CORE, list(zird().skills.values())) == 4
    # Will to Great (+4) keeps the columns whole under Lore at Superb (+5).
    pc = zird()
    pc.skill_steps_banked = 1
    with pytest.raises(IllegalAction) as err:
        spend(pc, SIGNIFICANT, MilestoneSpending(raise_now=("will", "lore")))
    assert err.value.rule.key == "advancement.skill-cap"
    spend(pc, MAJOR, MilestoneSpending(raise_now=("will", "lore")))
    assert pc.rating("lore") == 5 and pc.rating("will") == 4
    assert skill_cap(CORE, list(pc.skills.values())) == 5  # the cap rose with him


# -- major milestones ----------------------------------------------------------------------


@pytest.mark.rule("advancement.major")
def test_a_major_milestone_adds_refresh_a_point_and_a_new_high_concept() -> None:
    """srd/fate-core.md § Major Milestones: a point of refresh (Cynere buys a stunt with it at
    once), the significant milestone's point, and Landon's new high concept."""
    pc = zird()
    demon = Stunt("Demon-Slayer", SkillBonus("lore", (Action.ATTACK,)))
    spend(
        pc,
        MAJOR,
        MilestoneSpending(
            change=BuyStunt(demon),
            high_concept="Former Collegia Wizard",
            raise_now=("resources",),
        ),
    )
    assert pc.refresh == 3 and pc.refresh_awarded == 1  # 3 + 1, less 1 for the fourth stunt
    assert [s.name for s in pc.stunts][-1] == "Demon-Slayer"
    assert pc.high_concept is not None and pc.high_concept.name == "Former Collegia Wizard"
    assert pc.rating("resources") == 1 and pc.skill_steps_earned == 1
    with pytest.raises(IllegalAction) as err:
        spend(zird(), SIGNIFICANT, MilestoneSpending(high_concept="Archmage"))
    assert err.value.rule.key == "advancement.major"


@pytest.mark.rule("consequence.extreme-rename", "advancement.major")
def test_at_a_major_milestone_an_extreme_consequence_becomes_a_permanent_aspect() -> None:
    """srd/fate-core.md § Major Milestones, § Extreme Consequences: Cynere's Soul-Burned by the
    Demon Arc'yeth is renamed I Must Kill Arc'yeth's Kind, never back to the aspect it
    replaced; it is an aspect of hers again, and another extreme consequence may be taken."""
    pc, clock = zird(), Clock()
    for slot in pc.consequences:
        slot.fill(Aspect(f"x{slot.shifts}", "Hurt", AspectKind.CONSEQUENCE))
    core = Ruleset.of("core")
    take_hit(
        core,
        pc,
        9,
        Track.PHYSICAL,
        AbsorbPlan(boxes=(0,), extreme=True),
        by="demon",
        clock=clock,
        extreme=ExtremeChoice("Soul-Burned by the Demon Arc'yeth", "zird/character/1"),
    )
    extreme = pc.consequences[-1].aspect
    assert extreme is not None and "Not the Face!" not in [a.name for a in pc.aspects]
    with pytest.raises(IllegalAction) as err:  # not before the major milestone
        spend(pc, SIGNIFICANT, MilestoneSpending(extreme_names={extreme.id: "Scarred"}), clock)
    assert err.value.rule.key == "consequence.extreme-rename"
    with pytest.raises(IllegalAction) as err:
        spend(pc, MAJOR, MilestoneSpending(extreme_names={extreme.id: "not the face!"}), clock)
    assert err.value.rule.key == "consequence.extreme-rename"
    became = spend(
        pc, MAJOR, MilestoneSpending(extreme_names={extreme.id: "I Must Kill Arc'yeth's Kind"})
    )
    assert [(a.id, a.name, a.kind) for a in became] == [
        ("zird/character/1", "I Must Kill Arc'yeth's Kind", AspectKind.CHARACTER)
    ]
    assert all(s.severity.value != "extreme" for s in pc.consequences)
    assert became[0] in pc.aspects


def test_a_condensed_sheet_has_no_significant_milestone() -> None:
    """Fate Condensed gives a milestone and a breakthrough: its sheets spend those."""
    ruth = new_character(
        "condensed", "ruth", "Ruth", high_concept="Occult Librarian", skills={"lore": 1}
    )
    with pytest.raises(BadInput, match="milestone and a breakthrough"):
        check_milestone_spending(
            ruth, SIGNIFICANT, MilestoneSpending(), Clock(), get_preset("condensed"), cap=4
        )


# -- Fate Accelerated ------------------------------------------------------------------------


def kiri() -> Character:
    return new_character(
        FAE,
        "kiri",
        "Kiri",
        high_concept="Ninja of the Silver Lotus",
        trouble="Sworn Rival",
        skills={"quick": 3, "sneaky": 2, "clever": 2, "careful": 1, "flashy": 1},
    )


@pytest.mark.rule("advancement.approach-cap")
def test_fate_accelerated_raises_an_approach_up_to_superb_with_no_columns() -> None:
    """srd/fate-accelerated-SRD.md § Significant Milestones: raise one approach by one; the only
    rule is that none goes past Superb (+5)."""
    pc = kiri()
    spend(pc, SIGNIFICANT, MilestoneSpending(raise_now=("quick",)))
    assert pc.rating("quick") == 4  # two at +2 under one at +4: no column rule for approaches
    spend(pc, SIGNIFICANT, MilestoneSpending(raise_now=("quick",)))
    with pytest.raises(IllegalAction) as err:
        spend(pc, SIGNIFICANT, MilestoneSpending(raise_now=("quick",)))
    assert err.value.rule.key == "advancement.approach-cap"
    with pytest.raises(IllegalAction) as err:
        spend(kiri(), MINOR, MilestoneSpending(change=ReplaceSkill("flashy", "forceful")))
    assert err.value.rule.key == "advancement.milestone"


@pytest.mark.rule("advancement.fae-clears")
def test_fate_accelerated_clears_consequences_two_sessions_old_at_a_milestone() -> None:
    """srd/fate-accelerated-SRD.md § Minor Milestones, § Significant Milestones: a moderate
    consequence around for two sessions clears at a minor milestone, a severe one at a
    significant milestone."""
    pc, clock = kiri(), Clock()
    moderate = wound(pc, 1, "Slashed Arm", clock)
    severe = wound(pc, 2, "Broken Leg", clock)
    clock.end_session()
    with pytest.raises(IllegalAction) as err:
        spend(pc, MINOR, MilestoneSpending(clear=frozenset({moderate})), clock)
    assert err.value.rule.key == "advancement.fae-clears"
    clock.end_session()
    with pytest.raises(IllegalAction):  # a severe one waits for a significant milestone
        spend(pc, MINOR, MilestoneSpending(clear=frozenset({severe})), clock)
    spend(pc, MINOR, MilestoneSpending(clear=frozenset({moderate})), clock)
    assert pc.consequences[1].is_free and not pc.consequences[2].is_free
    spend(pc, SIGNIFICANT, MilestoneSpending(clear=frozenset({severe})), clock)
    assert pc.consequences[2].is_free
