"""Optional rules as switches on the table's ruleset, each shown with and without the switch
(fate-condensed.ru.md § Optional Rules; fate-core-conflicts.en.txt § Full Defense, § Extreme
Consequences)."""

from __future__ import annotations

import pytest

from fatekit.rules import (
    AspectKind,
    BadInput,
    GainBoost,
    Hit,
    IllegalAction,
    ScriptedDice,
    Side,
    resolve,
)
from fatekit.rules.characters.character import CharacterKind, minor_npc, monster, new_character
from fatekit.rules.characters.gear import CarriedGear
from fatekit.rules.characters.shapes import diamond
from fatekit.rules.core.actions import Action
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.absorb import AbsorbPlan
from fatekit.rules.harm.conditions import condition_slots, to_conditions
from fatekit.rules.harm.consequences import Severity
from fatekit.rules.options.big_bad_solo import Facing, SoloBonus, SuppressMode
from fatekit.rules.options.big_bad_threats import Threat, ThreatPart
from fatekit.rules.options.big_bads import BigBad, Immunity, ImmunityKind, TrueForms
from fatekit.rules.options.countdowns import Countdown, Trigger
from fatekit.rules.options.obstacles import Block, Hazard
from fatekit.rules.options.ruleset import OptionalRule, Ruleset
from fatekit.rules.options.time_shifts import format_duration, parse_duration
from fatekit.rules.options.weapons import carried_ratings, with_weapon_and_armor
from fatekit.rules.scenes.conflict import Conflict, DefenseFocus, FocusKind, Move, Status
from fatekit.rules.scenes.contest import Contest
from fatekit.rules.scenes.scene import Game
from fatekit.rules.scenes.zones import ZoneMap


def dice(*faces: str) -> ScriptedDice:
    return ScriptedDice(list(faces))


def duel(*options: OptionalRule, preset: str = "condensed", physique: int = 0) -> Conflict:
    ruth = new_character(
        preset,
        "ruth",
        "Ruth",
        high_concept="Ex-Boxer",
        trouble="Reckless",
        skills={"fight": 3, "athletics": 2, "physique": physique, "notice": 2},
    )
    ghoul = new_character(
        preset,
        "ghoul",
        "Ghoul",
        high_concept="Hungry",
        trouble="Sunlight",
        skills={"fight": 2, "athletics": 1, "notice": 1},
    )
    game = Game([ruth, ghoul], ruleset=Ruleset.of(preset, options))
    game.start_scene("crypt", ["ruth", "ghoul"])
    first = "ruth" if game.ruleset.preset.turn_order.style.value == "elective" else None
    return Conflict(game, {"a": ["ruth"], "b": ["ghoul"]}, first=first)


def test_rulesets_collect_switches_and_refuse_unknown_ones() -> None:
    assert Ruleset.of("condensed").options == frozenset()
    core = Ruleset.of("core")
    assert core.has(OptionalRule.EXTREME_CONSEQUENCES) and core.has(OptionalRule.FULL_DEFENSE_CORE)
    assert Ruleset.of("condensed", ["conditions_apart"]).has(OptionalRule.CONDITIONS)
    assert not core.without(OptionalRule.EXTREME_CONSEQUENCES).has(
        OptionalRule.EXTREME_CONSEQUENCES
    )
    with pytest.raises(BadInput, match="unknown optional rule 'gritty'"):
        Ruleset.of("condensed", ["gritty"])
    with pytest.raises(BadInput, match="one version"):
        Ruleset.of("core", ["full_defense"])


# -- Weapon and Armor -------------------------------------------------------------------------


@pytest.mark.rule("option.weapon-armor")
def test_weapon_adds_to_hits_and_turns_ties_into_hits() -> None:
    assert with_weapon_and_armor(resolve(Action.ATTACK, 2), weapon=2).options[0].effects == (
        Hit(4),
    )
    tie = with_weapon_and_armor(resolve(Action.ATTACK, 0), weapon=2)
    assert [o.effects for o in tie.options] == [(Hit(2),)]
    assert resolve(Action.ATTACK, 0).options[0].effects == (GainBoost(Side.ACTOR),)  # without


@pytest.mark.rule("option.weapon-armor")
def test_armor_takes_shifts_off_and_a_blocked_hit_gives_a_boost() -> None:
    assert with_weapon_and_armor(resolve(Action.ATTACK, 3), armor=1).option("hit").effects == (
        Hit(2),
    )
    stopped = with_weapon_and_armor(resolve(Action.ATTACK, 2), armor=2)
    assert stopped.options[0].effects == (GainBoost(Side.ACTOR),)
    style = with_weapon_and_armor(resolve(Action.ATTACK, 3), weapon=1, armor=3)
    assert style.option("hit_less_one_with_boost").effects == (GainBoost(Side.ACTOR),)
    assert with_weapon_and_armor(resolve(Action.OVERCOME, 2), weapon=4) == resolve(
        Action.OVERCOME, 2
    )


@pytest.mark.rule("option.weapon-armor", "option.weapon-armor.range")
def test_weapon_and_armor_in_a_conflict_only_when_switched_on() -> None:
    plain = duel()
    with pytest.raises(IllegalAction, match="not in use"):
        plain.equip("ruth", weapon=2)
    conflict = duel(OptionalRule.WEAPON_AND_ARMOR)
    with pytest.raises(IllegalAction, match="0 to 4"):
        conflict.equip("ruth", weapon=5)
    conflict.equip("ruth", weapon=2)
    conflict.equip("ghoul", armor=1)
    roll = conflict.attack("ruth", "ghoul", "fight", dice=dice("0000"), defender_dice=dice("+000"))
    roll.roll()
    assert roll.shifts == 0
    conflict.resolve()
    assert conflict.hits.pending_hit == ("ghoul", 1)  # a tie: Weapon 2 less Armor 1


@pytest.mark.rule("option.weapon-armor", "option.weapon-armor.range")
def test_carried_gear_arms_a_fighter_when_the_rule_is_on() -> None:
    """What a sheet says its character carries comes into a conflict as its Weapon and Armor
    (the best weapon, the best armor), only when the table plays the rule; ratings beyond 0 to 4
    are refused on the sheet."""
    gear = [CarriedGear("Cutlass", weapon=2), CarriedGear("Pistol", weapon=1)]
    mail = [CarriedGear("Mail Shirt", armor=1), CarriedGear("Cloak")]
    assert carried_ratings(gear + mail) == (2, 1) and carried_ratings([]) == (0, 0)
    with pytest.raises(IllegalAction, match="0 to 4"):
        CarriedGear("Cannon", weapon=5)
    for options, expected in (((OptionalRule.WEAPON_AND_ARMOR,), ("ghoul", 1)), ((), None)):
        conflict = duel(*options)
        conflict.roster.game.character("ruth").gear = gear
        conflict.roster.game.character("ghoul").gear = mail
        for fighter in conflict.roster.fighters.values():
            conflict.roster.arm(fighter)
        roll = conflict.attack(
            "ruth", "ghoul", "fight", dice=dice("0000"), defender_dice=dice("+000")
        )
        roll.roll()
        conflict.resolve()
        # A tie: with the rule, Weapon 2 less Armor 1 makes a hit of 1; without it, a boost.
        assert conflict.hits.pending_hit == expected


# -- Conditions -------------------------------------------------------------------------------


@pytest.mark.rule("option.conditions")
def test_conditions_replace_consequences() -> None:
    boxes = condition_slots()
    assert [(b.condition, b.shifts, b.severity) for b in boxes] == [
        ("hurt", 1, Severity.MILD),
        ("scared", 1, Severity.MILD),
        ("injured", 2, Severity.MODERATE),
        ("shaken", 2, Severity.MODERATE),
        ("wounded", 3, Severity.SEVERE),
        ("demoralized", 3, Severity.SEVERE),
    ]
    assert all(b.track is Track.ANY for b in boxes)  # either row for either harm
    extra = condition_slots([Track.PHYSICAL])
    assert (
        sum(1 for b in extra if b.condition == "hurt") == 3
    )  # the extra mild slot: two more boxes

    conflict = duel(OptionalRule.CONDITIONS, physique=5)
    ruth = conflict.roster.fighter("ruth").character
    assert sum(1 for s in ruth.consequences if s.condition == "hurt") == 3


@pytest.mark.rule("option.conditions")
def test_a_hit_marks_conditions_by_name() -> None:
    conflict = duel(OptionalRule.CONDITIONS)
    roll = conflict.attack("ruth", "ghoul", "fight", dice=dice("+++0"), defender_dice=dice("0000"))
    roll.roll()
    conflict.resolve("hit")
    ghoul = conflict.roster.fighter("ghoul").character
    assert conflict.hits.pending_hit == ("ghoul", 4)
    options = conflict.hits.absorb_options()
    shaken = next(i for i, s in enumerate(ghoul.consequences) if s.condition == "shaken")
    hurt = next(i for i, s in enumerate(ghoul.consequences) if s.condition == "hurt")
    plan = AbsorbPlan(boxes=(0,), slots=(hurt, shaken))
    assert plan in options
    taken = conflict.hits.absorb(plan)
    assert sorted(a.name for a in taken) == ["Hurt", "Shaken"]  # no names needed
    assert all(a.free_invokes_held_by("ruth") == 1 for a in taken)


@pytest.mark.rule("option.conditions")
def test_without_conditions_the_sheet_keeps_consequences() -> None:
    ruth = duel().roster.fighter("ruth").character
    assert [s.condition for s in ruth.consequences] == [None, None, None]
    with pytest.raises(IllegalAction, match="no consequence is written"):
        filled = new_character("condensed", "x", "X", skills={})
        filled.consequences[0].aspect = filled.add_aspect("Bruised")
        to_conditions(filled.consequences)


@pytest.mark.rule("option.conditions.apart")
def test_conditions_apart_double_the_boxes_and_cut_off_a_row_at_two() -> None:
    boxes = condition_slots(apart=True)
    assert sum(1 for b in boxes if b.condition == "hurt") == 2
    assert {b.track for b in boxes if b.condition == "hurt"} == {Track.PHYSICAL}
    conflict = duel(OptionalRule.CONDITIONS_APART)
    ghoul = conflict.roster.fighter("ghoul").character
    hurt = [i for i, s in enumerate(ghoul.consequences) if s.condition == "hurt"]
    scared = [i for i, s in enumerate(ghoul.consequences) if s.condition == "scared"]
    assert all(ghoul.consequences[i].track is Track.MENTAL for i in scared)
    roll = conflict.attack("ruth", "ghoul", "fight", dice=dice("+000"), defender_dice=dice("0000"))
    roll.roll()
    conflict.resolve()
    conflict.hits.absorb(AbsorbPlan(slots=(hurt[0], hurt[1])))
    conflict.end_turn("ghoul")
    conflict.overcome("ghoul", "fight", dice=dice("0000"), difficulty=0).roll()
    conflict.resolve()
    conflict.end_turn("ruth")
    again = conflict.attack("ruth", "ghoul", "fight", dice=dice("0000"), defender_dice=dice("0000"))
    again.roll()
    conflict.resolve()
    assert conflict.hits.pending_hit == ("ghoul", 1)
    plans = conflict.hits.absorb_options()
    assert plans and not any(
        ghoul.consequences[i].severity is Severity.MILD for p in plans for i in p.slots
    )
    with pytest.raises(IllegalAction, match="mild row already has 2"):
        conflict.hits.absorb(AbsorbPlan(slots=(scared[0],)))


# -- Full defense -----------------------------------------------------------------------------


@pytest.mark.rule("option.full-defense")
def test_condensed_full_defense_needs_its_switch_and_helps_its_focus() -> None:
    with pytest.raises(IllegalAction, match="not in use"):
        duel().defence.full_defense("ruth")
    conflict = duel(OptionalRule.FULL_DEFENSE)
    conflict.defence.full_defense("ruth")  # focus: herself
    conflict.end_turn("ghoul")
    roll = conflict.attack(
        "ghoul",
        "ruth",
        "fight",
        dice=dice("0000"),
        defender_dice=dice("0000"),
        defend_skill="athletics",
    )
    roll.roll()
    assert roll.opposition is not None and roll.opposition.effort == 4  # +2 for the focus
    conflict.resolve()
    conflict.end_turn("ruth")
    assert not [a for a in conflict.roster.scene.aspects if a.is_boost]  # she defended: no boost


@pytest.mark.rule("option.full-defense")
def test_a_quiet_full_defense_earns_a_boost_and_other_foci() -> None:
    conflict = duel(OptionalRule.FULL_DEFENSE)
    with pytest.raises(BadInput, match="names who"):
        conflict.defence.full_defense("ruth", DefenseFocus(FocusKind.AGGRESSORS))
    conflict.defence.full_defense("ruth", DefenseFocus(FocusKind.AGGRESSORS, ("ghoul",)))
    conflict.end_turn("ghoul")
    conflict.overcome("ghoul", "fight", dice=dice("0000"), difficulty=0).roll()
    conflict.resolve()
    conflict.end_turn("ruth")
    boosts = [a for a in conflict.roster.scene.aspects if a.is_boost]
    assert len(boosts) == 1 and boosts[0].free_invokes_held_by("ruth") == 1
    with pytest.raises(BadInput, match="no focus"):
        duel(preset="core").defence.full_defense("ruth", DefenseFocus())


# -- Extreme consequences ---------------------------------------------------------------------


@pytest.mark.rule("consequence.extreme")
def test_extreme_consequences_only_with_the_switch() -> None:
    def hit_for(conflict: Conflict) -> list[AbsorbPlan]:
        roll = conflict.attack(
            "ghoul",
            "ruth",
            "fight",
            dice=dice("++++"),
            defender_dice=dice("----"),
            defend_skill="athletics",
        )
        roll.roll()
        conflict.resolve("hit")
        return conflict.hits.absorb_options()

    plain = duel()
    plain.overcome("ruth", "fight", dice=dice("0000"), difficulty=0).roll()
    plain.resolve()
    plain.end_turn("ghoul")
    assert not any(p.extreme for p in hit_for(plain))
    extreme = duel(OptionalRule.EXTREME_CONSEQUENCES)
    extreme.overcome("ruth", "fight", dice=dice("0000"), difficulty=0).roll()
    extreme.resolve()
    extreme.end_turn("ghoul")
    assert any(p.extreme for p in hit_for(extreme))
    minor = minor_npc("condensed", "m", "M", ["Goon"], {"fight": 1})
    assert minor.consequences == []


# -- Multiple targets -------------------------------------------------------------------------


def brawl(*options: OptionalRule) -> Conflict:
    sophie = new_character(
        "condensed", "sophie", "Sophie", high_concept="Duellist", skills={"fight": 4}
    )
    goons = [
        minor_npc(
            "condensed",
            f"goon{i}",
            f"Goon {i}",
            ["Goon"],
            {"fight": 1, "athletics": 1},
            stress_boxes=2,
        )
        for i in (1, 2, 3)
    ]
    zones = ZoneMap()
    zones.add_zone("hall")
    zones.add_zone("stairs")
    zones.connect("hall", "stairs")
    for who in ("sophie", "goon1", "goon2", "goon3"):
        zones.place(who, "hall")
    game = Game([sophie, *goons], ruleset=Ruleset.of("condensed", options))
    game.start_scene("hall", ["sophie", "goon1", "goon2", "goon3"], zones=zones)
    return Conflict(
        game, {"hero": ["sophie"], "goons": ["goon1", "goon2", "goon3"]}, first="sophie"
    )


@pytest.mark.rule("option.multiple-targets")
def test_sophie_splits_an_epic_attack_among_three_goons() -> None:
    """Fight Great (+4), a good roll and an invoke: Epic (+7), shared 3, 2 and 2."""
    with pytest.raises(IllegalAction, match="not in use"):
        brawl().targets.split_attack("sophie", "fight", dice=dice("+000"))
    conflict = brawl(OptionalRule.MULTIPLE_TARGETS)
    assert Move.SPLIT_ATTACK in {a.move for a in conflict.legal_actions("sophie")}
    roll = conflict.targets.split_attack("sophie", "fight", dice=dice("+000"))
    roll.roll()
    flurry = conflict.roster.scene.add_situation_aspect(
        "Flurry of Thrusts", free_invokes=[("sophie", 1)]
    )
    roll.invoke(flurry, free=True)
    assert roll.effort == 7
    with pytest.raises(IllegalAction, match="more than the effort"):
        conflict.targets.assign_targets({"goon1": 4, "goon2": 2, "goon3": 2})
    with pytest.raises(IllegalAction, match="at least one shift"):
        conflict.targets.assign_targets({"goon1": 7, "goon2": 0})
    rolls = conflict.targets.assign_targets(
        {"goon1": 3, "goon2": 2, "goon3": 2},
        defender_dice={"goon1": dice("0000"), "goon2": dice("+000"), "goon3": dice("-000")},
    )
    assert {t: r.shifts for t, r in rolls.items()} == {"goon1": 2, "goon2": 0, "goon3": 2}
    results = conflict.targets.resolve_targets()
    assert results["goon2"][1].boosts  # a tie: Sophie gets a boost
    assert conflict.hits.pending_hit == ("goon1", 2)
    conflict.hits.absorb(AbsorbPlan(boxes=(0, 1)))
    assert conflict.hits.pending_hit == ("goon3", 2)
    conflict.hits.absorb(AbsorbPlan(boxes=(0, 1)))
    assert conflict.turns.phase.value == "next"


@pytest.mark.rule("option.multiple-targets")
def test_a_zone_attack_hits_everyone_there_with_the_whole_effort() -> None:
    conflict = brawl(OptionalRule.MULTIPLE_TARGETS)
    roll = conflict.targets.zone_attack("sophie", "fight", "hall", dice=dice("+000"))
    roll.roll()
    with pytest.raises(BadInput, match="not split"):
        conflict.targets.assign_targets({"goon1": 1})
    rolls = conflict.targets.assign_targets(
        defender_dice={g: dice("0000") for g in ("goon1", "goon2", "goon3")}
    )
    assert {t: (r.effort, r.shifts) for t, r in rolls.items()} == {
        "goon1": (5, 4),
        "goon2": (5, 4),
        "goon3": (5, 4),
    }
    conflict.targets.resolve_targets({g: "hit" for g in rolls})
    for _ in range(3):
        conflict.hits.take_out()  # two boxes cannot hold four shifts
    assert conflict.hits.over


@pytest.mark.rule("option.multiple-targets", "zone.interact")
def test_targeting_the_scene_puts_one_aspect_on_the_zone() -> None:
    conflict = brawl(OptionalRule.MULTIPLE_TARGETS)
    roll = conflict.create_advantage(
        "sophie", "fight", dice=dice("0000"), difficulty=2, zone="hall"
    )
    roll.roll()
    _, applied = conflict.resolve(aspect_name="Overturned Tables")
    aspect = applied.created[0]
    assert aspect.kind is AspectKind.ZONE and aspect.zone == "hall"


# -- Changing the skill list, creation as you play ---------------------------------------------


@pytest.mark.rule("option.changing-skill-list")
def test_another_skill_list_needs_its_switch_and_then_rules_the_conflict() -> None:
    with pytest.raises(IllegalAction, match="changing-the-skill-list"):
        Ruleset.of("condensed", skill_list="actions")
    with pytest.raises(BadInput, match="unknown skill list"):
        Ruleset.of("condensed", ["changing_skill_list"], skill_list="moods")
    with pytest.raises(BadInput, match="needs a longer list"):
        Ruleset.of(
            "condensed", ["changing_skill_list"], skill_list="actions"
        )  # 9 skills, pyramid of 10
    ruleset = Ruleset.of(
        "condensed", ["changing_skill_list"], skill_list="actions", shape=diamond()
    )
    assert ruleset.preset.skill_keys == (
        "endure",
        "fight",
        "know",
        "move",
        "notice",
        "pilot",
        "sneak",
        "speak",
        "tinker",
    )
    assert Ruleset.of("condensed").preset.has_skill("burglary")
    a = new_character(
        ruleset.preset, "a", "A", high_concept="Pilot", skills={"pilot": 3, "fight": 2}
    )
    b = new_character(
        ruleset.preset, "b", "B", high_concept="Brute", skills={"fight": 1, "move": 2}
    )
    game = Game([a, b], ruleset=ruleset)
    game.start_scene("sky", ["a", "b"])
    conflict = Conflict(game, {"a": ["a"], "b": ["b"]}, first="a")
    with pytest.raises(BadInput, match="not a skill"):
        conflict.overcome("a", "burglary", dice=dice("0000"), difficulty=1)
    roll = conflict.overcome("a", "pilot", dice=dice("0000"), difficulty=1)
    roll.roll()
    assert roll.effort == 3


@pytest.mark.rule("character.as-you-play")
def test_sheets_made_up_in_play_need_the_table_to_opt_in() -> None:
    blank = new_character("condensed", "kit", "Kit", as_you_play=True)
    with pytest.raises(IllegalAction, match="not opted in"):
        Game([blank])
    game = Game([blank], ruleset=Ruleset.of("condensed", ["creation_as_you_play"]))
    assert game.problems("kit") == []
    blank.add_aspect("Street Urchin With a Heart of Gold", AspectKind.HIGH_CONCEPT)
    assert game.problems("kit") == []


# -- Obstacles, scale, countdowns, time shifts in play -----------------------------------------


@pytest.mark.rule("obstacle.hazard.acts", "obstacle.not-attackable")
def test_a_hazard_acts_in_turn_hits_with_its_weapon_and_cannot_be_attacked() -> None:
    with pytest.raises(IllegalAction, match="not in use"):
        duel().obstacles.add_hazard(Hazard("fire", "Raging Fire", 3, 2), "b")
    conflict = duel(OptionalRule.OBSTACLES)
    conflict.obstacles.add_hazard(Hazard("fire", "Raging Fire", 3, 2), "b")
    with pytest.raises(IllegalAction) as error:
        conflict.attack("ruth", "fire", "fight", dice=dice("0000"))
    assert error.value.rule.key == "obstacle.not-attackable"
    assert (
        "fire"
        not in next(a for a in conflict.legal_actions("ruth") if a.move is Move.ATTACK).targets
    )
    conflict.overcome("ruth", "fight", dice=dice("0000"), difficulty=0).roll()
    conflict.resolve()
    conflict.end_turn("fire")
    with pytest.raises(IllegalAction, match="attacks or creates advantages"):
        conflict.overcome("fire", "raging_fire", dice=dice("0000"), difficulty=0)
    roll = conflict.attack(
        "fire",
        "ruth",
        "raging_fire",
        dice=dice("0000"),
        defend_skill="athletics",
        defender_dice=dice("0000"),
    )
    roll.roll()
    assert roll.effort == 3 and roll.shifts == 1
    conflict.resolve()
    assert conflict.hits.pending_hit == ("ruth", 3)  # one shift plus Weapon 2


@pytest.mark.rule("obstacle.hazard.opposition")
def test_a_hazard_can_be_put_out_by_beating_its_rating_and_does_not_keep_a_side_in() -> None:
    conflict = duel(OptionalRule.OBSTACLES)
    conflict.obstacles.add_hazard(Hazard("fire", "Raging Fire", 2, 1), "b")
    roll = conflict.overcome("ruth", "athletics", dice=dice("+000"), disable_hazard="fire")
    roll.roll()
    assert roll.opposition_value == 2
    conflict.resolve()
    assert conflict.roster.fighter("fire").status.value == "taken_out" and not conflict.hits.over
    conflict.end_turn("ghoul")
    conflict.hits.concede("ghoul")
    assert conflict.hits.over


@pytest.mark.rule("obstacle.block.interference", "obstacle.block.removal")
def test_blocks_in_the_way_hurt_on_failure_and_can_be_removed() -> None:
    conflict = duel(OptionalRule.OBSTACLES)
    conflict.obstacles.add_block(Block("wire", "Razor Wire", 3, weapon=1))
    roll = conflict.overcome("ruth", "athletics", dice=dice("-000"), block="wire")
    roll.roll()
    assert roll.opposition_value == 3
    conflict.resolve("fail")
    assert conflict.hits.pending_hit == ("ruth", 2)  # fell short by two
    conflict.hits.absorb(AbsorbPlan(boxes=(0, 1)))
    conflict.end_turn("ghoul")
    cut = conflict.overcome("ghoul", "fight", dice=dice("++++"), block="wire", remove_block=True)
    cut.roll()
    assert cut.opposition_value == 5
    conflict.resolve()
    assert conflict.obstacles.blocks == {} and "Razor Wire" not in [
        a.name for a in conflict.roster.scene.aspects
    ]


@pytest.mark.rule("obstacle.block.cover", "obstacle.block.forced")
def test_cover_and_forcing_someone_into_a_block() -> None:
    conflict = duel(OptionalRule.OBSTACLES)
    conflict.obstacles.add_block(Block("wall", "Low Stone Wall", 4, cover=True))
    conflict.obstacles.add_block(Block("spikes", "Spiked Pit", 2, weapon=4, harmful=True))
    with pytest.raises(IllegalAction, match="impossible"):
        conflict.attack(
            "ruth", "ghoul", "fight", dice=dice("0000"), cover="wall", cover_use="negate"
        )
    roll = conflict.attack(
        "ruth", "ghoul", "fight", dice=dice("+000"), defender_dice=dice("0000"), cover="wall"
    )
    roll.roll()
    assert roll.shifts == 2
    conflict.resolve()
    assert conflict.turns.phase.value == "next"  # Armor 2 from the wall stops the two shifts
    conflict.end_turn("ghoul")
    shove = conflict.attack(
        "ghoul",
        "ruth",
        "fight",
        dice=dice("+000"),
        defend_skill="athletics",
        defender_dice=dice("0000"),
        into_block="spikes",
    )
    shove.roll()
    conflict.resolve()
    assert conflict.hits.pending_hit == ("ruth", 3)  # one shift plus half the pit's Weapon 4


@pytest.mark.rule("scale.benefit", "scale.levels")
def test_the_higher_scale_takes_one_benefit() -> None:
    with pytest.raises(IllegalAction, match="not in use"):
        duel().obstacles.set_scale("ghoul", "supernatural")
    conflict = duel(OptionalRule.SCALE)
    conflict.obstacles.set_scale("ruth", "mundane")
    conflict.obstacles.set_scale("ghoul", "otherworldly")
    roll = conflict.attack("ruth", "ghoul", "fight", dice=dice("0000"), defender_dice=dice("0000"))
    roll.roll()
    assert roll.opposition is not None and roll.opposition.effort == 4  # +1 per level, two levels
    conflict.resolve()
    conflict.end_turn("ghoul")
    after = conflict.attack(
        "ghoul",
        "ruth",
        "fight",
        dice=dice("0000"),
        defend_skill="athletics",
        defender_dice=dice("-000"),
        scale_benefit="after_success",
    )
    after.roll()
    assert after.shifts == 1
    conflict.resolve("hit")
    assert conflict.hits.pending_hit == ("ruth", 5)  # +2 per level after a success
    plain = duel()
    plain_roll = plain.attack(
        "ruth", "ghoul", "fight", dice=dice("0000"), defender_dice=dice("0000")
    )
    plain_roll.roll()
    assert plain_roll.opposition is not None and plain_roll.opposition.effort == 2


@pytest.mark.rule("countdown.track", "countdown.triggers", "countdown.outcome")
def test_countdowns_tick_with_the_exchanges_and_only_with_their_switch() -> None:
    plain = duel()
    with pytest.raises(IllegalAction, match="not in use"):
        plain.roster.game.add_countdown(
            Countdown.new(
                "ritual", "The ritual", 2, "The god wakes", triggers=[Trigger("exchange")]
            )
        )
    conflict = duel(OptionalRule.COUNTDOWNS)
    conflict.roster.game.add_countdown(
        Countdown.new(
            "ritual",
            "The ritual",
            2,
            "The god wakes",
            triggers=[Trigger("exchange")],
            visibility="hidden",
        )
    )
    for actor, nxt in (("ruth", "ghoul"), ("ghoul", "ghoul"), ("ghoul", "ruth"), ("ruth", "ruth")):
        conflict.overcome(actor, "fight", dice=dice("0000"), difficulty=0).roll()
        conflict.resolve()
        conflict.end_turn(nxt)
    scene = conflict.roster.scene
    assert scene.countdowns["ritual"].finished
    assert scene.countdowns["ritual"].view_for(seat_is_gm=False) is None  # hidden from players


@pytest.mark.rule("time-shift.steps", "time-shift.wrap")
def test_task_time_needs_the_switch() -> None:
    base = parse_duration("a few hours")
    with pytest.raises(IllegalAction, match="not in use"):
        duel().roster.game.task_time(base, 2)
    game = duel(OptionalRule.TIME_SHIFTS).roster.game
    assert format_duration(game.task_time(base, 3)) == "several minutes"
    assert format_duration(game.task_time(base, -3)) == "about one day"


# -- Big bads ---------------------------------------------------------------------------------


def lair(*bad_options: str, pcs: int = 3, minions: int = 0, turned: int = 0) -> Conflict:
    """The heroes against the lich and its skeletons, the last `turned` of whom fight beside
    the heroes."""
    heroes = [
        new_character(
            "condensed",
            f"pc{i}",
            f"Hero {i}",
            high_concept=f"Hero {i}",
            skills={"fight": 2, "athletics": 2},
        )
        for i in range(pcs)
    ]
    lich = new_character(
        "condensed",
        "lich",
        "The Lich",
        high_concept="Undying Sorcerer",
        skills={"fight": 3, "athletics": 3, "physique": 2},
        kind=CharacterKind.MAJOR_NPC,
    )
    lich.fate_points = 3  # his own points stay out of the GM's pool
    mooks = [
        minor_npc(
            "condensed",
            f"skel{i}",
            f"Skeleton {i}",
            ["Rattling Skeleton"],
            {"fight": 1},
            stress_boxes=1,
        )
        for i in range(minions)
    ]
    game = Game(
        [*heroes, lich, *mooks],
        ruleset=Ruleset.of("condensed", [OptionalRule.BIG_BADS, *bad_options]),
    )
    everyone = [c.id for c in (*heroes, lich, *mooks)]
    game.start_scene("lair", everyone)
    return Conflict(
        game,
        {
            "heroes": [h.id for h in heroes] + [m.id for m in mooks[minions - turned :]],
            "undead": ["lich", *[m.id for m in mooks[: minions - turned]]],
        },
        first="pc0",
    )


@pytest.mark.rule("big-bad.solo.skill", "big-bad.solo.stress")
def test_a_solo_big_bad_gets_the_groups_teamwork_and_shrugs_off_stress() -> None:
    plain = lair()
    plain.big_bad_rules.set_big_bad(BigBad("lich"))
    conflict = lair()
    conflict.big_bad_rules.set_big_bad(BigBad("lich", solo=SoloBonus(skill=True, stress=True)))
    assert conflict.big_bad_rules.facing("lich") == Facing(3, 0)
    roll = conflict.attack("pc0", "lich", "fight", dice=dice("++++"), defender_dice=dice("----"))
    roll.roll()
    assert roll.opposition is not None and roll.opposition.effort == 1  # +2: three PCs less one
    conflict.resolve("hit")
    assert conflict.hits.pending_hit == ("lich", 3)  # 5 shifts less half of three PCs, rounded up
    plain_roll = plain.attack("pc0", "lich", "fight", dice=dice("++++"), defender_dice=dice("----"))
    plain_roll.roll()
    plain.resolve("hit")
    assert plain.hits.pending_hit == ("lich", 7)
    no_switch = duel()
    with pytest.raises(IllegalAction, match="not in use"):
        no_switch.big_bad_rules.set_big_bad(BigBad("ghoul"))


@pytest.mark.rule("big-bad.challenge-immunity", "big-bad.contest-immunity")
def test_immunity_holds_until_the_challenge_is_beaten_or_the_contest_is_lost() -> None:
    conflict = lair()
    conflict.big_bad_rules.set_big_bad(BigBad("lich", immunity=Immunity(ImmunityKind.CHALLENGE)))
    with pytest.raises(IllegalAction, match="cannot be harmed directly"):
        conflict.attack("pc0", "lich", "fight", dice=dice("0000"))
    conflict.break_immunity("lich")
    conflict.attack("pc0", "lich", "fight", dice=dice("0000"), defender_dice=dice("0000")).roll()

    escape = lair()
    escape.big_bad_rules.set_big_bad(BigBad("lich", immunity=Immunity(ImmunityKind.CONTEST)))
    race = Contest.between(
        {"heroes": ["pc0"], "lich": ["lich"]}, {"heroes": "stop it", "lich": "escape"}
    )
    for _ in range(3):
        race.exchange({"heroes": 0, "lich": 2})
    escape.break_immunity("lich", contest=race, side="lich")
    assert escape.roster.fighter("lich").status is Status.ESCAPED and escape.hits.over


@pytest.mark.rule("big-bad.minion-armor")
def test_a_minion_takes_the_hit_for_its_master() -> None:
    conflict = lair(minions=2)
    conflict.big_bad_rules.set_big_bad(BigBad("lich", minions=("skel0", "skel1")))
    roll = conflict.attack("pc0", "lich", "fight", dice=dice("++++"), defender_dice=dice("0000"))
    roll.roll()
    conflict.resolve("hit")
    assert Move.SHIELD in {a.move for a in conflict.legal_actions("lich")}
    conflict.hits.shield("skel0")
    assert conflict.hits.pending_hit is not None and conflict.hits.pending_hit[0] == "skel0"
    conflict.hits.take_out()
    assert conflict.roster.fighter("skel0").status is Status.TAKEN_OUT


@pytest.mark.rule("big-bad.minion-armor")
def test_a_minion_fighting_on_the_other_side_is_no_armor() -> None:
    # Fate Condensed, "Expendable Minion Armor": the minions that balance a big bad's side.
    conflict = lair(minions=2, turned=1)
    conflict.big_bad_rules.set_big_bad(BigBad("lich", minions=("skel0", "skel1")))
    roll = conflict.attack("pc0", "lich", "fight", dice=dice("++++"), defender_dice=dice("0000"))
    roll.roll()
    conflict.resolve("hit")
    hit = conflict.hits.pending_hit
    assert hit is not None
    assert conflict.big_bad_rules.shields("lich", hit[1]) == ("skel0",)
    with pytest.raises(IllegalAction, match="fights against lich"):
        conflict.hits.shield("skel1")
    conflict.hits.shield("skel0")
    assert conflict.hits.pending_hit is not None and conflict.hits.pending_hit[0] == "skel0"


@pytest.mark.rule("big-bad.true-form")
def test_taking_out_the_first_form_reveals_the_next() -> None:
    conflict = lair(pcs=1)
    second = new_character(
        "condensed",
        "lich",
        "The Lich Unbound",
        high_concept="Shadow Without End",
        skills={"fight": 5},
        kind=CharacterKind.MAJOR_NPC,
    )
    forms = TrueForms.of([conflict.roster.fighter("lich").character, second])
    conflict.big_bad_rules.set_big_bad(BigBad("lich", forms=forms))
    roll = conflict.attack("pc0", "lich", "fight", dice=dice("++++"), defender_dice=dice("----"))
    roll.roll()
    conflict.resolve("hit")
    conflict.hits.take_out()
    fighter = conflict.roster.fighter("lich")
    assert fighter.status is Status.ACTIVE and fighter.character.name == "The Lich Unbound"
    assert not conflict.hits.over


@pytest.mark.rule("big-bad.solo.amplified-invokes", "big-bad.solo.suppressed-invokes")
def test_amplified_and_suppressed_invokes() -> None:
    conflict = lair(pcs=4)
    conflict.big_bad_rules.set_big_bad(
        BigBad("lich", solo=SoloBonus(amplified=True, suppress=SuppressMode.PLUS_ONE))
    )
    conflict.roster.game.ledger.gm.gain(2)
    undying = conflict.roster.fighter("lich").character.aspects[0]
    roll = conflict.attack("pc0", "lich", "fight", dice=dice("0000"), defender_dice=dice("0000"))
    roll.roll()
    hero = conflict.roster.fighter("pc0").character.aspects[0]
    conflict.invoke(roll, hero)
    assert roll.effort == 3  # a PC's invoke against the lich is worth +1
    defence = roll.opposition
    assert defence is not None
    conflict.invoke(defence, undying, by="lich")
    assert defence.effort == 7  # the lich's paid invoke is worth the four PCs


@pytest.mark.rule("big-bad.threat-map")
def test_a_hive_is_beaten_at_its_heart_after_its_shields_fall() -> None:
    heroes = [
        new_character("condensed", "ruth", "Ruth", high_concept="Ex-Boxer", skills={"fight": 4})
    ]
    parts = [
        monster(
            "condensed",
            pid,
            name,
            aspects=[(AspectKind.HIGH_CONCEPT, name)],
            skills={"fight": 1},
            stress={Track.PHYSICAL: 1},
        )
        for pid, name in (
            ("tendril", "Lashing Tendril"),
            ("core", "Pulsing Core"),
            ("maw", "Gnashing Maw"),
        )
    ]
    game = Game([*heroes, *parts], ruleset=Ruleset.of("condensed", [OptionalRule.BIG_BADS]))
    game.start_scene("hive", ["ruth", "tendril", "core", "maw"])
    conflict = Conflict(game, {"ruth": ["ruth"], "hive": ["tendril", "core", "maw"]}, first="ruth")
    threat = Threat(
        "The Hive",
        (
            ThreatPart("tendril"),
            ThreatPart("maw"),
            ThreatPart("core", behind=frozenset({"tendril"})),
        ),
        "core",
    )
    conflict.big_bad_rules.set_big_bad(BigBad("core", threat=threat))
    with pytest.raises(IllegalAction, match="until tendril is taken out"):
        conflict.attack("ruth", "core", "fight", dice=dice("0000"))
    roll = conflict.attack(
        "ruth", "tendril", "fight", dice=dice("++++"), defender_dice=dice("0000")
    )
    roll.roll()
    conflict.resolve("hit")
    conflict.hits.take_out()
    for part, nxt in (("core", "maw"), ("maw", "ruth")):
        conflict.end_turn(part)
        conflict.overcome(part, "fight", dice=dice("0000"), difficulty=0).roll()
        conflict.resolve()
        if nxt == "ruth":
            conflict.end_turn("ruth")
    roll = conflict.attack("ruth", "core", "fight", dice=dice("++++"), defender_dice=dice("0000"))
    roll.roll()
    conflict.resolve("hit")
    conflict.hits.take_out()
    assert (
        conflict.roster.fighter("maw").status is Status.TAKEN_OUT
    )  # the heart fell: the rest with it
    assert conflict.hits.over


@pytest.mark.rule("big-bad.scale-up")
def test_a_big_bad_can_be_scaled_up_without_the_scale_switch() -> None:
    conflict = lair(pcs=2)
    conflict.big_bad_rules.set_big_bad(BigBad("lich", scale="otherworldly"))
    roll = conflict.attack("pc0", "lich", "fight", dice=dice("0000"), defender_dice=dice("0000"))
    roll.roll()
    assert roll.opposition is not None and roll.opposition.effort == 5  # two levels above mundane
    plain = lair(pcs=2)
    plain.big_bad_rules.set_big_bad(BigBad("lich"))
    other = plain.attack("pc0", "lich", "fight", dice=dice("0000"), defender_dice=dice("0000"))
    other.roll()
    assert other.opposition is not None and other.opposition.effort == 3


@pytest.mark.rule("option.conditions", "option.conditions.apart")
def test_conditions_survive_a_change_of_skills_with_their_marks() -> None:
    """Advancement rebuilds a sheet's harm; with conditions it rebuilds condition boxes."""
    from fatekit.rules.characters.character import refit_harm
    from fatekit.rules.characters.presets import get_preset

    for option, per_condition in ((OptionalRule.CONDITIONS, 1), (OptionalRule.CONDITIONS_APART, 2)):
        conflict = duel(option)
        ruth = conflict.roster.fighter("ruth").character
        before = [(s.condition, s.track) for s in ruth.consequences]
        assert len(before) == 6 * per_condition
        ruth.consequences[0].aspect = ruth.add_aspect("Bruised")  # a marked box
        ruth.aspects.remove(ruth.consequences[0].aspect)
        ruth.skills["physique"] = 5  # Superb: an extra mild slot becomes two more Hurt boxes
        refit_harm(ruth, get_preset("condensed"))
        after = [(s.condition, s.track) for s in ruth.consequences]
        assert len(after) == len(before) + 2
        assert ruth.consequences[0].aspect is not None and ruth.consequences[0].condition == "hurt"
