"""Attacks from a distance: the rule set says which skills attack at range (Shoot), and the engine
decides it from the skill, never the caller (fate-condensed.ru.md § Setting Up Scenes > Zones and
§ Actions > Which skills can be used to attack and defend?)."""

from __future__ import annotations

import pytest

from fatekit.rules import IllegalAction, ScriptedDice
from fatekit.rules.aspects.stunts import SkillSwap, Stunt
from fatekit.rules.characters.character import minor_npc, new_character
from fatekit.rules.characters.presets import PRESETS
from fatekit.rules.core.actions import Action
from fatekit.rules.core.tracks import Track
from fatekit.rules.options.ruleset import Ruleset
from fatekit.rules.scenes.conflict import Conflict, Move
from fatekit.rules.scenes.scene import Game
from fatekit.rules.scenes.zones import ZoneMap


def dice(*faces: str) -> ScriptedDice:
    return ScriptedDice(list(faces))


def customs_house(
    preset: str = "condensed", *, kruger_zone: str = "roof", **options: bool
) -> Conflict:
    """Ruth (Fight +4, Shoot +2, Athletics +1) in the customs house; Sergeant Kruger (Fight +3,
    Athletics +1) on the roof next to it, or beside her; a crate store two zones away."""
    ruth = new_character(
        preset, "ruth", "Ruth", skills={"fight": 4, "shoot": 2, "athletics": 1, "notice": 3}
    )
    kruger = minor_npc(
        preset, "kruger", "Sergeant Kruger", ["Sergeant"], {"fight": 3, "athletics": 1}
    )
    zones = ZoneMap()
    for zone in ("customs", "roof", "crates"):
        zones.add_zone(zone)
    zones.connect("customs", "roof")
    zones.connect("roof", "crates")
    zones.place("ruth", "customs")
    zones.place("kruger", kruger_zone)
    chosen = [o for o, on in options.items() if on]
    game = Game([ruth, kruger], ruleset=Ruleset.of(preset, chosen))
    game.start_scene("docks", ["ruth", "kruger"], zones=zones)
    return Conflict(game, {"heroes": ["ruth"], "army": ["kruger"]}, first="ruth")


@pytest.mark.rule("skills.ranged")
@pytest.mark.parametrize("preset", ["condensed", "core", "ode"])
def test_the_rule_sets_say_shoot_attacks_at_range_and_fight_does_not(preset: str) -> None:
    rules = PRESETS[preset]
    assert rules.attacks_at_range("shoot", Track.PHYSICAL)
    assert not rules.attacks_at_range("fight", Track.PHYSICAL)
    assert not rules.attacks_at_range("provoke", Track.MENTAL)
    # A stunt that lets Notice stand in for Shoot makes a shot of it; one standing in for Fight
    # a blow.
    sniper = Stunt("Eagle Eye", SkillSwap("notice", "shoot", (Action.ATTACK,)))
    brawler = Stunt("Headbutt", SkillSwap("physique", "fight", (Action.ATTACK,)))
    assert rules.attacks_at_range("notice", Track.PHYSICAL, stunts=[sniper])
    assert not rules.attacks_at_range("physique", Track.PHYSICAL, stunts=[brawler])


@pytest.mark.rule("skills.ranged", "zone.ranged", "zone.interact")
def test_a_shot_reaches_the_next_zone_and_a_blow_does_not() -> None:
    conflict = customs_house()
    attack = next(a for a in conflict.legal_actions("ruth") if a.move is Move.ATTACK)
    # Only Shoot reaches Kruger on the roof: Fight is not offered, nor is he for Fight.
    assert dict(attack.reach) == {"shoot": ("kruger",)}
    assert attack.skills == ("shoot",) and attack.targets == ("kruger",)
    assert attack.ranged == ("shoot",)
    with pytest.raises(IllegalAction, match="not in reach") as refused:
        conflict.attack("ruth", "kruger", "fight", dice=dice("0000"))
    assert refused.value.rule.key == "zone.interact"
    # No one says it is ranged: the engine reads it off the skill, and Kruger dodges.
    roll = conflict.attack("ruth", "kruger", "shoot", dice=dice("0000"), defender_dice=dice("0000"))
    assert roll.opposition is not None and roll.opposition.skill == "athletics"


@pytest.mark.rule("skills.ranged", "zone.ranged")
def test_a_shot_reaches_no_further_than_the_map_allows() -> None:
    conflict = customs_house(kruger_zone="crates")
    assert Move.ATTACK not in {a.move for a in conflict.legal_actions("ruth")}
    with pytest.raises(IllegalAction, match="out of range") as refused:
        conflict.attack("ruth", "kruger", "shoot", dice=dice("0000"))
    assert refused.value.rule.key == "zone.ranged"


@pytest.mark.rule("skills.ranged", "skills.attack-defend")
def test_fight_cannot_parry_a_shot_even_in_the_same_zone() -> None:
    conflict = customs_house(kruger_zone="customs")
    attack = next(a for a in conflict.legal_actions("ruth") if a.move is Move.ATTACK)
    assert dict(attack.reach) == {"fight": ("kruger",), "shoot": ("kruger",)}
    assert attack.ranged == ("shoot",)
    # Kruger's Fight (+3) beats his Athletics (+1), but a bullet is no blow to parry.
    assert conflict.defence.defence_skills("kruger", melee=False) == ("athletics",)
    with pytest.raises(IllegalAction, match="cannot defend") as refused:
        conflict.attack("ruth", "kruger", "shoot", dice=dice("0000"), defend_skill="fight")
    assert refused.value.rule.key == "skills.attack-defend"
    roll = conflict.attack("ruth", "kruger", "shoot", dice=dice("0000"), defender_dice=dice("0000"))
    assert roll.opposition is not None and roll.opposition.skill == "athletics"


@pytest.mark.rule("skills.ranged", "skills.attack-defend")
def test_a_blow_in_the_same_zone_may_be_parried() -> None:
    conflict = customs_house(kruger_zone="customs")
    roll = conflict.attack("ruth", "kruger", "fight", dice=dice("0000"), defender_dice=dice("0000"))
    assert roll.opposition is not None and roll.opposition.skill == "fight"


@pytest.mark.rule("skills.ranged", "option.multiple-targets")
def test_a_split_of_shots_reaches_the_next_zone_and_is_not_parried() -> None:
    conflict = customs_house(multiple_targets=True)
    split = next(a for a in conflict.legal_actions("ruth") if a.move is Move.SPLIT_ATTACK)
    assert dict(split.reach) == {"shoot": ("kruger",)}
    roll = conflict.targets.split_attack("ruth", "shoot", dice=dice("++00"))
    roll.roll()
    assert conflict.targets.aimed_defence_skills("kruger") == ("athletics",)
    rolls = conflict.targets.assign_targets({"kruger": 4}, defender_dice={"kruger": dice("0000")})
    assert rolls["kruger"].opposition is not None
    assert rolls["kruger"].opposition.skill == "athletics"


@pytest.mark.rule("skills.ranged", "option.multiple-targets", "zone.interact")
def test_a_flurry_of_blows_reaches_only_its_own_zone() -> None:
    conflict = customs_house(multiple_targets=True)
    roll = conflict.targets.split_attack("ruth", "fight", dice=dice("++00"))
    roll.roll()
    with pytest.raises(IllegalAction, match="not in reach"):
        conflict.targets.assign_targets({"kruger": 4})


def with_thugs_off_the_map() -> Conflict:
    """The customs house with Kruger beside Ruth, and a mob of dock thugs on his side whom the
    scene left off its map (the scene form offers "no zone")."""
    ruth = new_character("condensed", "ruth", "Ruth", skills={"fight": 4, "athletics": 1})
    kruger = minor_npc("condensed", "kruger", "Sergeant Kruger", ["Sergeant"], {"fight": 3})
    thugs = minor_npc("condensed", "thugs", "Dock Thugs", ["Thugs"], {"fight": 1})
    zones = ZoneMap()
    zones.add_zone("customs")
    zones.place("ruth", "customs")
    zones.place("kruger", "customs")
    game = Game([ruth, kruger, thugs], ruleset=Ruleset.of("condensed", ["multiple_targets"]))
    game.start_scene("docks", ["ruth", "kruger", "thugs"], zones=zones)
    return Conflict(game, {"heroes": ["ruth"], "army": ["kruger", "thugs"]}, first="ruth")


@pytest.mark.rule("option.multiple-targets", "zone.interact")
def test_a_split_takes_in_someone_off_the_map_as_a_single_attack_does() -> None:
    """Someone the scene left off its map is not limited by zones when attacked alone; a split
    that took them in was refused as malformed input ("'thugs' is not on the map", the page
    agent's soak), though the page offered them. Reach and the one zone a split shares are
    judged among those on the map."""
    conflict = with_thugs_off_the_map()
    roll = conflict.attack("ruth", "thugs", "fight", dice=dice("0000"), defender_dice=dice("0000"))
    assert roll.opposition is not None
    conflict = with_thugs_off_the_map()
    split = conflict.targets.split_attack("ruth", "fight", dice=dice("++00"))
    split.roll()
    rolls = conflict.targets.assign_targets(
        {"kruger": 2, "thugs": 2}, defender_dice={"kruger": dice("0000"), "thugs": dice("0000")}
    )
    assert set(rolls) == {"kruger", "thugs"}
