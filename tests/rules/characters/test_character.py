"""Building characters: PCs, NPCs, monsters, mobs; stress and slots from the preset
(fate-condensed.ru.md § Создайте своих персонажей, § Бытие Ведущего > NPCs)."""

from __future__ import annotations

import pytest

from fatekit.rules import BadInput, ExtraConsequence, ExtraStress, IllegalAction, Stunt, Track
from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.characters.character import (
    Character,
    CharacterKind,
    SlotSpec,
    harm_capacity,
    minor_npc,
    mob,
    monster,
    new_character,
    parse_minor_skill,
    refit_harm,
)
from fatekit.rules.characters.presets import ACCELERATED, CONDENSED_PRESET, CORE_PRESET
from fatekit.rules.harm.consequences import Severity


def values(character: Character, track: Track) -> list[int]:
    return [b.value for b in character.stress[track].boxes]


def test_new_condensed_character_gets_its_tracks_and_slots() -> None:
    pc = new_character(
        "condensed",
        "charles",
        "Charles",
        high_concept="Reluctant Ghoul Hunter",
        skills={"athletics": 3, "physique": 1},
    )
    assert pc.preset == "condensed"
    assert values(pc, Track.PHYSICAL) == [1, 1, 1, 1]
    assert values(pc, Track.MENTAL) == [1, 1, 1]
    assert [s.severity for s in pc.consequences] == [
        Severity.MILD,
        Severity.MODERATE,
        Severity.SEVERE,
    ]
    assert pc.refresh == pc.fate_points == 3
    assert pc.high_concept is not None and pc.high_concept.owner == "charles"
    assert pc.rating("athletics") == 3 and pc.rating("drive") == 0


@pytest.mark.rule("preset.fae.stress")
def test_fae_character_has_one_track() -> None:
    """fate-accelerated-summary.en.txt: one stress track for every kind of harm."""
    pc = new_character(ACCELERATED, "sam", "Sam")
    assert list(pc.stress) == [Track.ANY]
    assert values(pc, Track.ANY) == [1, 2, 3]


@pytest.mark.rule("character.superb-extra-mild")
def test_superb_will_adds_a_mental_mild_slot() -> None:
    """fate-core-conflicts.en.txt § Consequences: the extra slot of a Superb Will serves only
    mental harm."""
    npc = new_character(
        CORE_PRESET, "boss", "Boss", skills={"will": 5}, kind=CharacterKind.MAJOR_NPC
    )
    assert SlotSpec(Severity.MILD, Track.MENTAL) in [
        SlotSpec(s.severity, s.track) for s in npc.consequences
    ]
    assert values(npc, Track.MENTAL) == [1, 2, 3, 4]


@pytest.mark.rule("stunt.extra-stress-or-consequence")
def test_stunts_add_boxes_and_slots() -> None:
    """fate-condensed.ru.md § Трюки: a rule-changing stunt may give two more stress boxes or
    another mild consequence slot."""
    tough = Stunt("Tough as Nails", ExtraStress(Track.PHYSICAL, 2))
    steady = Stunt("Steady", ExtraConsequence(Track.MENTAL))
    capacity = harm_capacity(CONDENSED_PRESET, {}, [tough, steady])
    assert capacity.stress[Track.PHYSICAL] == (1, 1, 1, 1, 1)
    assert capacity.stress[Track.MENTAL] == (1, 1, 1)
    assert SlotSpec(Severity.MILD, Track.MENTAL) in capacity.consequences
    core = harm_capacity(CORE_PRESET, {"physique": 1}, [tough])
    assert core.stress[Track.PHYSICAL] == (1, 2, 3, 4, 5)
    fae = harm_capacity(ACCELERATED, {}, [Stunt("Hardy", ExtraStress(Track.PHYSICAL))])
    assert fae.stress[Track.ANY] == (1, 2, 3, 4)
    with pytest.raises(BadInput, match="mild, moderate or severe"):
        harm_capacity(CONDENSED_PRESET, {}, [Stunt("Odd", ExtraConsequence(Track.ANY, "awful"))])


def test_refit_keeps_marks_and_taken_consequences() -> None:
    pc = new_character(CONDENSED_PRESET, "c", "C", skills={"physique": 4})
    pc.stress[Track.PHYSICAL].boxes[0].marked = True
    mild = pc.consequences[0]
    mild.fill(Aspect("c/consequence/0", "Nasty Bite", AspectKind.CONSEQUENCE, owner="c"))
    pc.skills["physique"] = 5
    refit_harm(pc, CONDENSED_PRESET)
    assert pc.stress[Track.PHYSICAL].boxes[0].marked
    assert pc.consequences[0] is mild
    assert [(s.severity, s.track) for s in pc.consequences] == [
        (Severity.MILD, Track.ANY),
        (Severity.MODERATE, Track.ANY),
        (Severity.SEVERE, Track.ANY),
        (Severity.MILD, Track.PHYSICAL),
    ]


def test_refit_refuses_to_drop_a_filled_slot() -> None:
    pc = new_character(CONDENSED_PRESET, "c", "C", skills={"physique": 5})
    extra = next(s for s in pc.consequences if s.track is Track.PHYSICAL)
    extra.fill(Aspect("c/consequence/1", "Cracked Rib", AspectKind.CONSEQUENCE, owner="c"))
    pc.skills["physique"] = 4
    before = list(pc.consequences)
    with pytest.raises(IllegalAction, match="would be lost"):
        refit_harm(pc, CONDENSED_PRESET)
    assert pc.consequences == before


@pytest.mark.rule("character.minor-npc")
def test_minor_npc_with_free_text_skill() -> None:
    """fate-condensed.ru.md § Minor NPCs: e.g. Fair (+2) at Getting into Bar Fights."""
    thug = minor_npc(
        CONDENSED_PRESET,
        "thug",
        "Dockside Thug",
        ["Enraged Cultist"],
        ["Fair (+2) at Getting into Bar Fights", "Average (+1) at Fight"],
        stress_boxes=2,
    )
    assert thug.kind is CharacterKind.MINOR_NPC
    assert thug.skills == {"getting_into_bar_fights": 2, "fight": 1}
    assert thug.skill_labels == {"getting_into_bar_fights": "Getting into Bar Fights"}
    assert values(thug, Track.ANY) == [1, 1]
    assert thug.consequences == []
    assert thug.refresh == 0
    assert parse_minor_skill("Great (+4) at Biting People", CONDENSED_PRESET) == (
        "biting_people",
        4,
        "Biting People",
    )
    with pytest.raises(BadInput, match="rating, 'at'"):
        parse_minor_skill("Biting People", CONDENSED_PRESET)
    with pytest.raises(BadInput, match="unknown rating"):
        parse_minor_skill("Huge at Biting", CONDENSED_PRESET)


@pytest.mark.rule("character.mob")
def test_a_mob_rolls_with_teamwork() -> None:
    """fate-core-conflicts.en.txt § The Exchange suggests mobs; the bonus follows
    fate-condensed.ru.md § Teamwork (+1 a helper, at most the rating)."""
    gang = mob(CORE_PRESET, "gang", "Street Gang", 4, ["Street Gang"], {"fight": 2}, stress_boxes=1)
    assert gang.kind is CharacterKind.MOB
    assert gang.mob_rating("fight") == 4  # 2, plus 3 helpers capped at 2
    assert gang.mob_rating("notice") == 0  # helpers at Mediocre add nothing
    pair = mob(CORE_PRESET, "pair", "Twins", 2, ["Twins"], {"shoot": 3})
    assert pair.mob_rating("shoot") == 4
    with pytest.raises(BadInput, match="at least two"):
        mob(CORE_PRESET, "one", "One", 1, ["Alone"], {"fight": 1})


@pytest.mark.rule("character.monster")
def test_monster_takes_any_parts() -> None:
    """fate-condensed.ru.md § Monsters, Big Bads, and Other Threats."""
    fire = monster(
        CONDENSED_PRESET,
        "fire",
        "Spreading Fire",
        aspects=[(AspectKind.HIGH_CONCEPT, "Roaring Blaze")],
        skills={"spread": 5},
        skill_labels={"spread": "Spread"},
        stress={Track.PHYSICAL: 8},
        consequences=[SlotSpec(Severity.SEVERE), SlotSpec(Severity.SEVERE)],
    )
    assert len(fire.stress[Track.PHYSICAL].boxes) == 8
    assert len(fire.consequences) == 2


def test_sheet_integrity_is_bad_input() -> None:
    stranger = Aspect("x/1", "Not Mine", AspectKind.CHARACTER, owner="someone")
    with pytest.raises(BadInput, match="belongs to"):
        Character("me", "Me", aspects=[stranger])
    with pytest.raises(BadInput, match="consequence slots"):
        Character("me", "Me", aspects=[Aspect("me/1", "Hurt", AspectKind.CONSEQUENCE, owner="me")])
    with pytest.raises(BadInput, match="fate points"):
        Character("me", "Me", fate_points=-1)
    with pytest.raises(BadInput, match="banked"):
        Character("me", "Me", skill_steps_banked=1)
    with pytest.raises(BadInput, match="whole number"):
        Character("me", "Me", skills={"fight": "2"})  # type: ignore[dict-item]
    pc = Character("me", "Me")
    with pytest.raises(BadInput):
        pc.add_aspect("  ")
    assert pc.add_aspect("Brave").id == "me/character/1"
    assert pc.add_aspect("Bold").id == "me/character/2"
