"""Milestones and breakthroughs (fate-condensed.ru.md § Развитие: Вехи, Прорывы, Повышение
рейтинга навыков; ode-kortfattad.sv.rst § Karriär)."""

from __future__ import annotations

import copy

import pytest

from fatekit.rules import BadInput, IllegalAction, SkillBonus, Stunt, Track
from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.characters.advancement import (
    Breakthrough,
    BuyStunt,
    ReplaceSkill,
    RewriteAspect,
    RewriteStunt,
    SwapSkills,
    apply_breakthrough,
    apply_milestone,
    breakthrough_as_recorded,
    check_milestone,
    raise_skills,
)
from fatekit.rules.characters.character import Character, new_character
from fatekit.rules.characters.presets import CONDENSED_PRESET
from fatekit.rules.characters.validation import validate
from fatekit.rules.core.actions import Action
from fatekit.rules.core.clock import Clock, Milestone
from fatekit.rules.harm.consequences import Severity

RUTH_SKILLS = {
    "investigate": 4,
    "academics": 3,
    "notice": 3,
    "athletics": 2,
    "physique": 2,
    "will": 2,
    "lore": 1,
    "rapport": 1,
    "resources": 1,
    "stealth": 1,
}


def stunt(n: int) -> Stunt:
    return Stunt(f"Stunt {n}", SkillBonus("investigate", (Action.OVERCOME,)))


def ruth(stunts: int = 3) -> Character:
    return new_character(
        CONDENSED_PRESET,
        "ruth",
        "Ruth",
        high_concept="Occult Librarian",
        trouble="Curiosity Killed the Cat",
        aspects=[
            (AspectKind.RELATIONSHIP, "Cassandra Owes Me"),
            (AspectKind.CHARACTER, "Dusty Tomes"),
            (AspectKind.CHARACTER, "Night Owl"),
        ],
        skills=RUTH_SKILLS,
        stunts=[stunt(n) for n in range(stunts)],
    )


def tiers(character: Character) -> list[int]:
    return [sum(1 for r in character.skills.values() if r == t) for t in (4, 3, 2, 1)]


@pytest.mark.rule("advancement.milestone")
def test_swap_two_skills() -> None:
    """Milestone: swap the ratings of any two skills (a rated one with a Mediocre one too)."""
    pc = ruth()
    apply_milestone(pc, SwapSkills("investigate", "drive"))
    assert pc.rating("drive") == 4 and "investigate" not in pc.skills
    assert validate(pc) == []


@pytest.mark.rule("advancement.milestone")
def test_replace_an_average_skill() -> None:
    """Milestone: trade an Average (+1) skill for one not on the sheet."""
    pc = ruth()
    apply_milestone(pc, ReplaceSkill("stealth", "contacts"))
    assert pc.rating("contacts") == 1 and pc.rating("stealth") == 0
    assert validate(pc) == []
    with pytest.raises(IllegalAction, match="only an Average"):
        apply_milestone(pc, ReplaceSkill("notice", "drive"))
    with pytest.raises(IllegalAction, match="already on the sheet"):
        apply_milestone(pc, ReplaceSkill("lore", "notice"))
    with pytest.raises(BadInput, match="not a Fate Condensed skill"):
        apply_milestone(pc, ReplaceSkill("lore", "hacking"))


@pytest.mark.rule("advancement.milestone")
def test_physique_swap_refits_stress() -> None:
    """Swapping Physique up changes the physical track (Physique adds boxes)."""
    pc = ruth()
    apply_milestone(pc, SwapSkills("physique", "investigate"))
    assert len(pc.stress[Track.PHYSICAL].boxes) == 6
    assert validate(pc) == []


@pytest.mark.rule("advancement.milestone")
def test_rewrite_a_stunt_or_an_aspect_but_not_the_high_concept() -> None:
    """Milestone: rewrite one stunt, or any aspect except the high concept."""
    pc = ruth()
    apply_milestone(
        pc, RewriteStunt("Stunt 1", Stunt("Speed Reader", SkillBonus("lore", (Action.OVERCOME,))))
    )
    assert [s.name for s in pc.stunts] == ["Stunt 0", "Speed Reader", "Stunt 2"]
    trouble = pc.aspects_of(AspectKind.TROUBLE)[0]
    apply_milestone(pc, RewriteAspect(trouble.id, "Knows Too Much"))
    assert trouble.name == "Knows Too Much"
    high = pc.high_concept
    assert high is not None
    with pytest.raises(IllegalAction, match="cannot rewrite the high concept"):
        check_milestone(pc, RewriteAspect(high.id, "Archivist"))
    with pytest.raises(BadInput, match="no stunt called"):
        apply_milestone(pc, RewriteStunt("Nope", stunt(9)))
    assert validate(pc) == []


@pytest.mark.rule("advancement.milestone", "character.stunts")
def test_buy_stunts_down_to_one_refresh() -> None:
    """Milestone: buy a stunt for 1 refresh; refresh never drops below 1."""
    pc = ruth()
    apply_milestone(pc, BuyStunt(stunt(3)))
    apply_milestone(pc, BuyStunt(stunt(4)))
    assert pc.refresh == 1 and len(pc.stunts) == 5
    assert validate(pc) == []
    before = copy.deepcopy(pc)
    with pytest.raises(IllegalAction, match="at least 1 must remain"):
        apply_milestone(pc, BuyStunt(stunt(5)))
    assert pc == before
    # With a free slot still empty, a new stunt costs nothing.
    sparse = ruth(stunts=2)
    apply_milestone(sparse, BuyStunt(stunt(7)))
    assert sparse.refresh == 3


@pytest.mark.rule("advancement.banked-steps", "skills.column-rule")
def test_ruth_raises_lore_and_empathy_together() -> None:
    """§ Повышение рейтинга навыков: Ruth cannot raise Lore to Fair alone (four at Fair, three
    at Average); with a banked step she also raises Empathy to Average: 1, 2, 4, 4."""
    pc = ruth()
    clock = Clock()
    clock.reach_milestone(Milestone.MAJOR)
    apply_breakthrough(pc, Breakthrough(), clock)  # the step is banked
    assert pc.skill_steps_banked == 1
    with pytest.raises(
        IllegalAction, match="4 at Fair \\(\\+2\\) but only 3 at Average \\(\\+1\\)"
    ):
        raise_skills(pc, ["lore"])
    assert pc.rating("lore") == 1
    clock.reach_milestone(Milestone.MAJOR)
    apply_breakthrough(pc, Breakthrough(raise_now=("lore", "empathy")), clock)
    assert tiers(pc) == [1, 2, 4, 4]
    assert (pc.skill_steps_earned, pc.skill_steps_banked) == (2, 0)
    assert validate(pc) == []


@pytest.mark.rule("advancement.banked-steps")
def test_spending_banked_steps_later() -> None:
    pc = ruth()
    clock = Clock()
    apply_breakthrough(pc, Breakthrough(gm_skill_step=True), clock)
    assert pc.skill_steps_banked == 2
    raise_skills(pc, ["lore", "drive"])
    assert tiers(pc) == [1, 2, 4, 4]
    assert validate(pc) == []
    with pytest.raises(IllegalAction, match="0 banked"):
        raise_skills(pc, ["drive"])
    with pytest.raises(BadInput):
        raise_skills(pc, [])


@pytest.mark.rule("advancement.breakthrough")
def test_breakthrough_does_it_all() -> None:
    """§ Прорывы: a milestone choice, a new high concept, recovery moved on, a skill raised."""
    pc = ruth()
    clock = Clock()
    moderate = next(s for s in pc.consequences if s.severity is Severity.MODERATE)
    severe = next(s for s in pc.consequences if s.severity is Severity.SEVERE)
    mild = next(s for s in pc.consequences if s.severity is Severity.MILD)
    moderate.fill(Aspect("ruth/c/1", "Gaping Chest Wound", AspectKind.CONSEQUENCE, owner="ruth"))
    severe.fill(Aspect("ruth/c/2", "Crippled Leg", AspectKind.CONSEQUENCE, owner="ruth"))
    severe.start_recovery("Leg in a Brace", clock)
    mild.fill(Aspect("ruth/c/3", "Bruised", AspectKind.CONSEQUENCE, owner="ruth"))
    clock.reach_milestone(Milestone.MAJOR)
    apply_breakthrough(
        pc,
        Breakthrough(
            milestone=SwapSkills("athletics", "rapport"),
            high_concept="Keeper of the Black Archive",
            recovery_names={"ruth/c/1": "Stitched-Up Chest"},
            raise_now=("drive",),
        ),
        clock,
    )
    assert pc.high_concept is not None and pc.high_concept.name == "Keeper of the Black Archive"
    assert moderate.recovering and moderate.aspect is not None
    assert moderate.aspect.name == "Stitched-Up Chest"
    assert severe.is_free  # it was already recovering
    assert mild.aspect is not None and not mild.recovering  # mild ones are left alone
    assert pc.rating("athletics") == 1 and pc.rating("rapport") == 2 and pc.rating("drive") == 1
    assert validate(pc) == []


@pytest.mark.rule("advancement.breakthrough")
def test_breakthrough_checks_everything_first() -> None:
    """Nothing changes when any part of a breakthrough is illegal."""
    pc = ruth()
    moderate = next(s for s in pc.consequences if s.severity is Severity.MODERATE)
    moderate.fill(Aspect("ruth/c/1", "Gaping Chest Wound", AspectKind.CONSEQUENCE, owner="ruth"))
    before = copy.deepcopy(pc)
    clock = Clock()
    with pytest.raises(BadInput, match="no untreated"):
        apply_breakthrough(pc, Breakthrough(recovery_names={"ruth/c/1": "Better", "x": "y"}), clock)
    with pytest.raises(IllegalAction, match="but only 3 at Average"):
        apply_breakthrough(
            pc,
            Breakthrough(
                high_concept="New", recovery_names={"ruth/c/1": "Better"}, raise_now=("lore",)
            ),
            clock,
        )
    with pytest.raises(IllegalAction, match="2 steps asked for but only 1"):
        apply_breakthrough(
            pc,
            Breakthrough(recovery_names={"ruth/c/1": "Better"}, raise_now=("lore", "drive")),
            clock,
        )
    assert pc == before


@pytest.mark.rule("advancement.power-up")
def test_gm_power_up_refresh_buys_a_stunt_at_once() -> None:
    """§ Прорывы: the GM may add a refresh point, which can buy a stunt right away, and a second
    skill step."""
    pc = ruth(stunts=5)
    assert pc.refresh == 1
    with pytest.raises(IllegalAction):
        apply_breakthrough(pc, Breakthrough(milestone=BuyStunt(stunt(5))), Clock())
    apply_breakthrough(
        pc, Breakthrough(milestone=BuyStunt(stunt(5)), gm_refresh=True, gm_skill_step=True), Clock()
    )
    assert (pc.refresh, pc.refresh_awarded, len(pc.stunts)) == (1, 1, 6)
    assert pc.skill_steps_banked == 2
    assert validate(pc) == []


@pytest.mark.rule("advancement.breakthrough", "advancement.breakthrough-clears-by-choice")
def test_breakthrough_clears_only_the_recovering_consequences_the_player_ticks() -> None:
    """Fate Condensed § Развитие > Прорывы ("могут быть сняты") and Öde § Karriär > Genombrott
    ("får tas bort"): consequences already recovering *may* be removed; the player picks which,
    and a move folded under the first edition cleared them all, as fatekit did then."""
    pc = ruth()
    clock = Clock()
    moderate = next(s for s in pc.consequences if s.severity is Severity.MODERATE)
    severe = next(s for s in pc.consequences if s.severity is Severity.SEVERE)
    moderate.fill(Aspect("ruth/c/1", "Gaping Chest Wound", AspectKind.CONSEQUENCE, owner="ruth"))
    severe.fill(Aspect("ruth/c/2", "Crippled Leg", AspectKind.CONSEQUENCE, owner="ruth"))
    moderate.start_recovery("Stitched Chest", clock)
    severe.start_recovery("Leg in a Brace", clock)
    clock.reach_milestone(Milestone.MAJOR)
    first, kept = copy.deepcopy(pc), copy.deepcopy(pc)
    apply_breakthrough(pc, Breakthrough(clear_recovering=frozenset({"ruth/c/2"})), clock)
    assert severe.is_free
    assert moderate.aspect is not None and moderate.recovering  # kept, still healing
    apply_breakthrough(kept, Breakthrough(clear_recovering=frozenset()), clock)
    assert all(
        s.aspect is not None and s.recovering
        for s in kept.consequences
        if s.severity in (Severity.MODERATE, Severity.SEVERE)
    )
    with pytest.raises(BadInput, match="no recovering moderate or severe consequence"):
        apply_breakthrough(kept, Breakthrough(clear_recovering=frozenset({"ruth/c/9"})), clock)
    # As a log recorded before issue 27 played it: every recovering one cleared.
    breakthrough_as_recorded(
        first, Breakthrough(clear_recovering=frozenset()), clock, clear_all=True
    )
    assert all(s.is_free for s in first.consequences)
