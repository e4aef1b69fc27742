"""Validation per preset: every problem at once, with where and which rule
(fate-condensed.ru.md § Создайте своих персонажей; § Бытие Ведущего > NPCs; § Optional Rules)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatekit.rules import ExtraStress, IllegalAction, SkillBonus, Stunt, Track
from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.characters.character import (
    Character,
    CharacterKind,
    major_npc,
    minor_npc,
    mob,
    monster,
    new_character,
)
from fatekit.rules.characters.modes import ModeShape, mode_skill_ratings
from fatekit.rules.characters.preset import Preset
from fatekit.rules.characters.presets import (
    CONDENSED_PRESET,
    CORE_PRESET,
    ODE_PRESET,
    PRESETS,
)
from fatekit.rules.characters.validation import check_legal, is_legal, validate
from fatekit.rules.core.actions import Action
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity
from fatekit.rules.harm.stress import StressTrack

PYRAMID = {
    "notice": 4,
    "athletics": 3,
    "physique": 3,
    "fight": 2,
    "shoot": 2,
    "will": 2,
    "lore": 1,
    "rapport": 1,
    "empathy": 1,
    "stealth": 1,
}
FIVE = [
    (AspectKind.TROUBLE, "Can't Say No to a Dare"),
    (AspectKind.RELATIONSHIP, "Owes Ruth Her Life"),
    (AspectKind.CHARACTER, "Ex-Navy"),
    (AspectKind.CHARACTER, "Knows Every Dive Bar"),
]


def stunt(n: int) -> Stunt:
    return Stunt(f"Stunt {n}", SkillBonus("shoot", (Action.ATTACK,)))


def legal_pc(preset: Preset = CONDENSED_PRESET, **changes: object) -> Character:
    if preset.counted is not None:  # The Three Rocketeers: no skills, six aspects, two stunts
        return new_character(
            preset,
            "cassandra",
            "Cassandra",
            high_concept="Sharp-Eyed Smuggler",
            trouble="Trouble",
            aspects=[(AspectKind.CHARACTER, n) for n in ("One", "Two", "Three", "Four")],
            stunts=[stunt(1), stunt(2)],
            **changes,  # type: ignore[arg-type]
        )
    if preset.skill_lists[0].key == "approaches":  # Fate Accelerated, War of Ashes
        skills = {"quick": 3, "clever": 2, "flashy": 2, "careful": 1, "sneaky": 1}
    else:
        skills = {k: v for k, v in PYRAMID.items() if preset.has_skill(k)}
    aspects = (
        FIVE
        if preset in (CONDENSED_PRESET, ODE_PRESET)
        else [
            (AspectKind.TROUBLE, "Trouble"),
            (AspectKind.CHARACTER, "One"),
            (AspectKind.CHARACTER, "Two"),
            (AspectKind.CHARACTER, "Three"),
        ]
    )
    modes: dict[str, int] = {}
    if isinstance(preset.shape, ModeShape):  # Atomic Robo: the skills follow from three modes
        modes = dict(zip([m.key for m in preset.shape.modes], preset.shape.ratings, strict=False))
        skills = mode_skill_ratings(preset.shape, modes, {})
    pc = new_character(
        preset,
        "cassandra",
        "Cassandra",
        high_concept="Sharp-Eyed Smuggler",
        trouble=None,
        aspects=aspects,
        skills=skills,
        stunts=[stunt(1), stunt(2), stunt(3)],
        **changes,  # type: ignore[arg-type]
    )
    pc.modes = modes
    return pc


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_a_complete_character_is_legal_in_every_preset(key: str) -> None:
    pc = legal_pc(PRESETS[key])
    assert validate(pc) == []
    assert is_legal(pc)
    check_legal(pc)


@pytest.mark.rule("skills.column-rule", "shape.pyramid")
def test_every_problem_at_once() -> None:
    """Aspects, skills and stunts are all reported in one pass."""
    pc = legal_pc()
    pc.aspects = [a for a in pc.aspects if a.kind is not AspectKind.TROUBLE]
    pc.skills["stealth"] = 2  # four at Fair, three at Average
    pc.stunts += [stunt(4), stunt(5), stunt(6)]
    pc.refresh = 0
    wheres = [p.where for p in validate(pc)]
    assert wheres == ["aspects.trouble", "skills", "skills", "stunts"]
    with pytest.raises(IllegalAction, match="not a legal character"):
        check_legal(pc)


@pytest.mark.rule("character.stunts")
def test_stunts_cost_refresh_and_one_must_remain() -> None:
    """fate-condensed.ru.md § Трюки: more stunts at 1 refresh each, at least 1 refresh left."""
    pc = legal_pc()
    pc.stunts += [stunt(4), stunt(5)]
    pc.refresh = 1
    assert validate(pc) == []
    pc.stunts.append(stunt(6))
    pc.refresh = 0
    [problem] = validate(pc)
    assert str(problem) == (
        "stunts: 6 stunts cost 3 refresh beyond the 3 free ones, leaving 0, but at least 1 "
        "refresh must remain: three stunts are free; each stunt beyond them costs 1 refresh, and "
        "at least 1 refresh must remain"
    )


@pytest.mark.rule("character.refresh")
def test_refresh_must_match_the_sheet() -> None:
    """fate-condensed.ru.md § Обновление: refresh 3, less what stunts cost, plus GM awards."""
    pc = legal_pc()
    pc.refresh = 2
    [problem] = validate(pc)
    assert problem.where == "refresh"
    assert problem.detail == "the sheet says 2, but 3 less 0 for 3 stunts leaves 3"
    pc.refresh_awarded = 1
    pc.refresh = 4
    assert validate(pc) == []


@pytest.mark.rule("character.stunts")
def test_stunt_names_are_unique() -> None:
    pc = legal_pc()
    pc.stunts[1] = stunt(1)
    assert [p.detail for p in validate(pc)] == ["two stunts are both called 'Stunt 1'"]


@pytest.mark.rule("character.aspect-slots")
def test_aspect_slots_per_preset() -> None:
    """Fate Condensed has a relationship slot; Fate Core does not."""
    pc = legal_pc(CORE_PRESET)
    pc.add_aspect("Owes Landon", AspectKind.RELATIONSHIP)
    pc.add_aspect("Fourth Free One")
    details = [str(p) for p in validate(pc)]
    assert details[0].startswith("aspects.relationship: Fate Core has no relationship slot")
    assert details[1].startswith("aspects.character: 4 free aspects but the sheet has room for 3")


@pytest.mark.rule("character.skills-from-list")
def test_skills_must_be_on_the_list() -> None:
    """Fate Core has no Academics; free-text skills are for NPCs."""
    pc = legal_pc(CORE_PRESET)
    pc.skills["academics"] = 0
    pc.skills["bar_fights"] = 0
    wheres = [p.where for p in validate(pc)]
    assert wheres == ["skills.academics", "skills.bar_fights"]


@pytest.mark.rule("character.as-you-play")
def test_as_you_play_allows_empty_slots() -> None:
    """fate-condensed.ru.md § Character Creation As You Play: a name, a high concept and the
    top skill -- if that."""
    blank = new_character(CONDENSED_PRESET, "x", "Nameless Drifter", as_you_play=True)
    assert validate(blank) == []
    started = new_character(
        CONDENSED_PRESET,
        "y",
        "Ruth",
        high_concept="Occult Librarian",
        skills={"lore": 4},
        as_you_play=True,
    )
    assert validate(started) == []
    started.skills["academics"] = 4
    assert [p.where for p in validate(started)] == ["skills"]
    started.as_you_play = False
    started.skills.pop("academics")
    assert len(validate(started)) == 6  # three kinds of aspect and three tiers still empty


@pytest.mark.rule("character.name")
def test_a_character_needs_a_name() -> None:
    """fate-condensed.ru.md § Завершающие штрихи."""
    pc = legal_pc()
    pc.name = " "
    assert [p.where for p in validate(pc)] == ["name"]


@pytest.mark.rule("preset.condensed.stress", "preset.core.stress", "character.superb-extra-mild")
def test_stress_and_slots_must_follow_the_preset() -> None:
    """The boxes and slots on the sheet are what the preset's tables give."""
    pc = legal_pc()
    pc.stress[Track.PHYSICAL] = StressTrack.one_point(Track.PHYSICAL, 3)
    pc.consequences.append(ConsequenceSlot.of(Severity.MODERATE))
    messages = [str(p) for p in validate(pc)]
    assert messages[0].startswith(
        "stress.physical: boxes [1][1][1] but Physique Good (+3) gives [1][1][1][1][1][1]"
    )
    assert messages[1].startswith("consequences: 1 moderate slot too many")

    core = legal_pc(CORE_PRESET)
    core.stress[Track.MENTAL] = StressTrack.escalating(Track.MENTAL, 2)
    [problem] = validate(core)
    assert problem.detail == "boxes [1][2] but Will Fair (+2) gives [1][2][3]"
    assert problem.rule.key == "preset.core.stress"

    boss = legal_pc()
    boss.skill_steps_earned = boss.skill_steps_banked = 1
    boss.consequences.append(ConsequenceSlot.of(Severity.MILD, Track.PHYSICAL))
    assert [p.rule.key for p in validate(boss)] == ["character.superb-extra-mild"]


@pytest.mark.rule("preset.ode.stress")
def test_ode_fair_kroppsbyggnad_gives_five_boxes() -> None:
    """ode-kortfattad.sv.rst § Stress och konsekvenser: five boxes at Hyffsad (+2)."""
    pc = legal_pc(ODE_PRESET)
    pc.stress[Track.MENTAL] = StressTrack.one_point(Track.MENTAL, 4)
    [problem] = validate(pc)
    assert problem.detail == "boxes [1][1][1][1] but Vilja Fair (+2) gives [1][1][1][1][1]"


@pytest.mark.rule("stunt.extra-stress-or-consequence")
def test_stunt_boxes_are_expected_on_the_sheet() -> None:
    """A stunt's extra boxes belong on the sheet; without them the sheet is wrong."""
    pc = legal_pc()
    pc.stunts[0] = Stunt("Tough", ExtraStress(Track.PHYSICAL, 2))
    [problem] = validate(pc)
    assert problem.where == "stress.physical"
    assert problem.rule.key == "stunt.extra-stress-or-consequence"


def test_an_extreme_consequence_stands_in_for_its_aspect() -> None:
    """An extreme consequence replaces an aspect; the sheet stays legal."""
    pc = legal_pc(CORE_PRESET)
    old = pc.aspects.pop(1)
    slot = ConsequenceSlot.of(Severity.EXTREME)
    slot.fill(Aspect("cassandra/extreme/1", "Haunted", AspectKind.CONSEQUENCE, owner="cassandra"))
    slot.replaced = old
    pc.consequences.append(slot)
    assert validate(pc) == []
    pc.consequences.append(ConsequenceSlot.of(Severity.EXTREME))
    assert [p.where for p in validate(pc)] == ["consequences.4"]


@pytest.mark.rule("character.major-npc")
def test_major_npcs_may_pass_pc_limits() -> None:
    """fate-condensed.ru.md § Major NPCs: a higher peak, more stunts -- but built like a PC."""
    boss = major_npc(
        CONDENSED_PRESET,
        "acolyte",
        "Masked Acolyte",
        high_concept="Voice of the Deep",
        skills={"lore": 6, "will": 5, "provoke": 5},
        stunts=[stunt(n) for n in range(8)],
    )
    assert validate(boss) == []
    boss.skills["hexes"] = 3
    nameless = major_npc(CONDENSED_PRESET, "n", "N")
    assert [p.where for p in validate(boss)] == ["skills.hexes"]
    assert [p.where for p in validate(nameless)] == ["aspects.high_concept"]


@pytest.mark.rule("character.minor-npc")
def test_minor_npc_limits() -> None:
    """fate-condensed.ru.md § Minor NPCs: an aspect or two, one or two skills, 0-3 boxes."""
    dog = minor_npc(
        CONDENSED_PRESET,
        "dog",
        "Guard Dog",
        ["Guard Dog"],
        ["Great (+4) at Biting People"],
        stress_boxes=3,
    )
    assert validate(dog) == []
    dog.stress[Track.ANY] = StressTrack.one_point(Track.ANY, 4)
    dog.skills |= {"notice": 2, "athletics": 1}
    dog.stunts = [stunt(1), stunt(2)]
    assert [p.where for p in validate(dog)] == ["skills", "stress", "stunts"]
    empty = minor_npc(CONDENSED_PRESET, "e", "Nobody", [], {})
    assert [p.where for p in validate(empty)] == ["aspects", "skills"]


@pytest.mark.rule("character.mob")
def test_mob_needs_members() -> None:
    """A mob is several identical minor NPCs."""
    gang = mob(CORE_PRESET, "gang", "Gang", 3, ["Street Gang"], {"fight": 1})
    assert validate(gang) == []
    gang.members = 1
    assert [p.where for p in validate(gang)] == ["members"]
    lone = minor_npc(CORE_PRESET, "l", "Lone", ["Lone"], {"fight": 1})
    lone.members = 2
    assert [p.where for p in validate(lone)] == ["members"]


@pytest.mark.rule("character.monster")
def test_monsters_have_no_limits() -> None:
    """fate-condensed.ru.md § Monsters: any combination that makes them dangerous."""
    kraken = monster(
        CONDENSED_PRESET,
        "kraken",
        "Kraken",
        skills={"crush": 7, "lore": -2},
        stunts=[stunt(n) for n in range(6)],
        stress={Track.PHYSICAL: 12},
    )
    assert validate(kraken) == []
    assert kraken.kind is CharacterKind.MONSTER


@given(st.permutations(sorted(PYRAMID)), st.integers(0, 2))
def test_any_arrangement_of_the_pyramid_is_legal(order: list[str], extra: int) -> None:
    skills = dict(zip(order, sorted(PYRAMID.values(), reverse=True), strict=True))
    pc = new_character(
        CONDENSED_PRESET,
        "p",
        "P",
        high_concept="H",
        aspects=FIVE,
        skills=skills,
        stunts=[stunt(n) for n in range(3 + extra)],
    )
    assert validate(pc) == []


@pytest.mark.rule("option.conditions", "option.conditions.apart")
@pytest.mark.parametrize("option", ["conditions", "conditions_apart"])
def test_a_sheet_playing_conditions_is_checked_against_condition_boxes(option: str) -> None:
    """A legal PC at a table playing conditions has no problems (its condition boxes are not
    compared with consequence slots), a Superb Physique's two more Hurt boxes included; a box
    gone is named by its condition."""
    from fatekit.rules.characters.character import refit_harm
    from fatekit.rules.options.ruleset import Ruleset
    from fatekit.rules.scenes.scene import Game

    for physique in (3, 5):
        pc = legal_pc()
        if (
            physique == 5
        ):  # an extra mild slot: two more Hurt boxes (the pyramid is not checked here)
            pc.skills["physique"] = 5
            refit_harm(pc, CONDENSED_PRESET)
        game = Game([pc], ruleset=Ruleset.of("condensed", [option]))
        sheet = game.character("cassandra")
        assert all(s.condition is not None for s in sheet.consequences)
        hurt_boxes = sum(1 for s in sheet.consequences if s.condition == "hurt")
        assert hurt_boxes == (1 if option == "conditions" else 2) + (2 if physique == 5 else 0)
        assert [p for p in game.problems("cassandra") if p.where == "consequences"] == []
    hurt = next(i for i, s in enumerate(sheet.consequences) if s.condition == "hurt")
    del sheet.consequences[hurt]
    [problem] = [p for p in game.problems("cassandra") if p.where == "consequences"]
    assert problem.detail == "missing 1 Hurt box"
    assert problem.rule.key == (
        "option.conditions.apart" if option != "conditions" else "option.conditions"
    )
    sheet.consequences.append(ConsequenceSlot(Severity.MILD, 2))  # a plain slot does not belong
    assert "1 consequence slot too many" in [p.detail for p in game.problems("cassandra")]
