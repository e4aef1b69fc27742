"""Ways to break the rules for big bads (fate-condensed.ru.md § Optional Rules > Ways to Break the
Rules for Big Bads: Challenge or Contest Immunity, Expendable Minion Armor, Reveal True Form, Scale
Things Up, Solo Bonus, The Threat is a Map (or a Hive of Characters))."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.aspects.invokes import InvokeEffect
from fatekit.rules.characters.character import Character, SlotSpec, monster
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.teamwork import combine_skills
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.consequences import Severity
from fatekit.rules.options.big_bad_solo import (
    Facing,
    SoloBonus,
    SuppressMode,
    amplified_invoke_bonus,
    invoke_adjustment,
    solo_skill_bonus,
    solo_stress_reduction,
    suppressed_invoke_bonus,
)
from fatekit.rules.options.big_bad_threats import Threat, ThreatPart
from fatekit.rules.options.big_bads import (
    BigBad,
    Immunity,
    ImmunityKind,
    ImmunityState,
    MinionShield,
    TrueForms,
    carry_consequences,
    expendable_minion,
    scale_applies,
)
from fatekit.rules.options.ruleset import OptionalRule, Ruleset
from fatekit.rules.scenes.contest import Contest
from fatekit.rules.scenes.zones import ZoneMap

PHYSICAL, MENTAL, ANY = Track.PHYSICAL, Track.MENTAL, Track.ANY
MILD, MODERATE, SEVERE = Severity.MILD, Severity.MODERATE, Severity.SEVERE


# -- challenge and contest immunity ------------------------------------------------------------


@pytest.mark.rule("big-bad.challenge-immunity")
def test_challenge_immunity_holds_until_the_challenge_is_beaten() -> None:
    """fate-condensed.ru.md § Challenge or Contest Immunity: no direct harm until the group beats a challenge."""
    immunity = Immunity(ImmunityKind.CHALLENGE, PHYSICAL)
    with pytest.raises(IllegalAction, match="until the group wins the challenge"):
        immunity.check_attack("lich", PHYSICAL)
    immunity.check_attack("lich", MENTAL)  # only physically immune: mental attacks land
    both = Immunity(ImmunityKind.CHALLENGE)
    assert both.protects_against(PHYSICAL) and both.protects_against(MENTAL)
    broken = immunity.challenge_beaten()
    assert broken.state is ImmunityState.BROKEN and not broken.protects_against(PHYSICAL)
    broken.check_attack("lich", PHYSICAL)
    with pytest.raises(IllegalAction, match="already broken"):
        broken.challenge_beaten()
    with pytest.raises(BadInput, match="challenge_beaten"):
        immunity.contest_won_by("heroes", "lich")
    with pytest.raises(BadInput, match="not an immunity"):
        Immunity("curse")  # type: ignore[arg-type]


def race() -> Contest:
    return Contest.between(
        {"heroes": ["ruth", "charles"], "cult": ["hierophant"]},
        {"heroes": "stop the summoning", "cult": "finish the summoning"},
    )


@pytest.mark.rule("big-bad.contest-immunity")
def test_contest_immunity_the_group_wins_and_may_attack() -> None:
    """fate-condensed.ru.md § Challenge or Contest Immunity: the group must win a contest to attack directly."""
    immunity = Immunity(ImmunityKind.CONTEST)
    contest = race()
    with pytest.raises(IllegalAction, match="no winner"):
        immunity.after_contest(contest, "cult")
    for _ in range(3):
        contest.exchange({"heroes": 4, "cult": 2})
    broken = immunity.after_contest(contest, "cult")
    assert broken.state is ImmunityState.BROKEN
    broken.check_attack("hierophant", MENTAL)
    with pytest.raises(BadInput, match="not a side"):
        immunity.after_contest(contest, "police")
    with pytest.raises(BadInput, match="challenge_beaten"):
        Immunity(ImmunityKind.CHALLENGE).after_contest(contest, "cult")


@pytest.mark.rule("big-bad.contest-immunity")
def test_contest_immunity_the_big_bad_wins_and_gets_away() -> None:
    """fate-condensed.ru.md § Challenge or Contest Immunity: if the big bad wins, it gets away unscathed."""
    contest = race()
    for _ in range(3):
        contest.exchange({"heroes": 1, "cult": 3})
    escaped = Immunity(ImmunityKind.CONTEST).after_contest(contest, "cult")
    assert escaped.state is ImmunityState.ESCAPED
    with pytest.raises(IllegalAction, match="got away"):
        escaped.check_attack("hierophant", PHYSICAL)


# -- expendable minion armor -------------------------------------------------------------------


@pytest.mark.rule("big-bad.minion-armor")
def test_a_minion_takes_the_hit_meant_for_the_big_bad() -> None:
    """fate-condensed.ru.md § Expendable Minion Armor: the minion takes the hit that would have landed, undefended."""
    boss = BigBad("warlord", minions=("guard1", "guard2"))
    shield = boss.shield_with("guard1", 4, active=["warlord", "guard1", "ruth"])
    assert shield == MinionShield("warlord", "guard1", 4)
    with pytest.raises(IllegalAction, match="out of the conflict"):
        boss.shield_with("guard2", 4, active=["warlord", "guard1"])
    with pytest.raises(IllegalAction, match="not one of"):
        boss.shield_with("ruth", 4, active=["warlord", "ruth"])
    with pytest.raises(IllegalAction, match="no hit"):
        boss.shield_with("guard1", 0, active=["warlord", "guard1"])
    with pytest.raises(IllegalAction, match="no expendable minions"):
        BigBad("lich").shield_with("guard1", 3, active=["guard1"])
    with pytest.raises(BadInput):
        expendable_minion("warlord", "guard1", True, minions=["guard1"], active=["guard1"])


@pytest.mark.rule("big-bad.minion-armor")
def test_a_minion_must_be_close_enough_to_step_in() -> None:
    """fate-condensed.ru.md § Expendable Minion Armor: the minion is forced into the path of the attack."""
    zones = ZoneMap()
    zones.add_zone("hall")
    zones.add_zone("stair")
    zones.connect("hall", "stair")
    zones.place("warlord", "hall")
    zones.place("shield_generator", "stair")
    zones.place("guard1", "hall")
    minions = ["guard1", "shield_generator"]
    active = ["warlord", "guard1", "shield_generator"]
    near = expendable_minion("warlord", "guard1", 2, minions=minions, active=active, zones=zones)
    assert near.minion == "guard1"
    with pytest.raises(IllegalAction, match="too far"):
        expendable_minion(
            "warlord", "shield_generator", 2, minions=minions, active=active, zones=zones
        )


# -- reveal true form --------------------------------------------------------------------------


def form(
    name: str, *, skill: int, slots: tuple[Severity, ...] = (MILD, MODERATE, SEVERE)
) -> Character:
    return monster(
        "condensed",
        "dracul",
        name,
        aspects=[(AspectKind.HIGH_CONCEPT, name)],
        skills={"fight": skill},
        stress={PHYSICAL: 3},
        consequences=[SlotSpec(s) for s in slots],
    )


def wounded(sheet: Character, *taken: tuple[Severity, str]) -> Character:
    for severity, name in taken:
        slot = next(s for s in sheet.consequences if s.severity is severity and s.is_free)
        aspect = Aspect(f"dracul/{name}", name, AspectKind.CONSEQUENCE, owner="dracul")
        aspect.add_free_invokes("ruth")
        slot.fill(aspect, conflict="castle")
    sheet.stress[PHYSICAL].boxes[0].marked = True
    return sheet


@pytest.mark.rule("big-bad.true-form")
def test_taking_out_one_form_reveals_the_next_fresh() -> None:
    """fate-condensed.ru.md § Reveal True Form: forms beaten one after another, each with fresh tracks."""
    forms = TrueForms.of(
        [form("Count in a Cage of Flesh", skill=3), form("Bat-Winged Horror", skill=5)]
    )
    first = forms.first()
    assert first.name == "Count in a Cage of Flesh"
    wounded(first, (MILD, "Singed"), (MODERATE, "Staked Shoulder"))
    forms, second = forms.reveal(first)
    assert second.name == "Bat-Winged Horror" and second.rating("fight") == 5
    assert all(s.is_free for s in second.consequences)  # fresh: nothing carried
    assert not any(b.marked for b in second.stress[PHYSICAL].boxes)
    assert not forms.has_next
    with pytest.raises(IllegalAction, match="no form left"):
        forms.reveal(second)
    with pytest.raises(IllegalAction, match="at least two"):
        TrueForms.of([form("Alone", skill=1)])


@pytest.mark.rule("big-bad.true-form.gentle")
def test_the_gentler_variant_carries_consequences_one_step_down() -> None:
    """fate-condensed.ru.md § Reveal True Form: mild ones dismissed, moderate and severe one step down each."""
    forms = TrueForms.of([form("Man", skill=3), form("Beast", skill=5)], gentle=True)
    first = wounded(
        forms.first(), (MILD, "Singed"), (MODERATE, "Staked Shoulder"), (SEVERE, "Holy Burns")
    )
    _, beast = forms.reveal(first)
    held = {s.aspect.name: s.severity for s in beast.consequences if s.aspect is not None}
    assert held == {"Staked Shoulder": MILD, "Holy Burns": MODERATE}
    carried = next(s.aspect for s in beast.consequences if s.aspect is not None)
    assert carried.free_invokes_held_by("ruth") == 1  # what was left on it stays
    assert forms.forms[1].consequences[0].is_free  # the template is untouched


@pytest.mark.rule("big-bad.true-form.gentle")
def test_carried_consequences_find_a_slot_or_get_one() -> None:
    """fate-condensed.ru.md § Reveal True Form: our choice where the next form lacks a matching free slot."""
    old = wounded(form("Man", skill=3), (MODERATE, "Cracked Ribs"), (SEVERE, "Broken Arm"))
    new = form("Beast", skill=5, slots=(MODERATE,))
    carried = carry_consequences(old, new)
    assert [a.name for a in carried] == ["Cracked Ribs", "Broken Arm"]
    # No mild slot: the moderate one took the mild-to-be; the moderate-to-be got an added slot.
    assert [(s.severity, s.aspect.name if s.aspect else None) for s in new.consequences] == [
        (MODERATE, "Cracked Ribs"),
        (MODERATE, "Broken Arm"),
    ]
    assert len(new.consequences) == 2


@pytest.mark.rule("big-bad.true-form")
def test_forms_play_one_participant() -> None:
    """fate-condensed.ru.md § Reveal True Form: the big bad is one opponent in several successive characters."""
    other = form("Other", skill=1)
    other.id = "someone"
    with pytest.raises(BadInput, match="same participant"):
        TrueForms.of([form("Man", skill=3), other])
    forms = TrueForms.of([form("Man", skill=3), form("Beast", skill=5)])
    with pytest.raises(BadInput, match="not a form"):
        forms.reveal(other)
    with pytest.raises(BadInput, match="play"):
        BigBad("vlad", forms=forms)


# -- scale things up ---------------------------------------------------------------------------


@pytest.mark.rule("big-bad.scale-up")
def test_a_big_bad_may_have_scale_where_nobody_else_does() -> None:
    """fate-condensed.ru.md § Scale Things Up: scale applies when a big bad takes the field, even if not otherwise."""
    plain = Ruleset.of("condensed", [OptionalRule.BIG_BADS])
    assert scale_applies(plain, big_bad_involved=True)
    assert not scale_applies(plain, big_bad_involved=False)
    assert scale_applies(Ruleset.of("condensed", [OptionalRule.SCALE]), big_bad_involved=False)
    assert not scale_applies(Ruleset.of("condensed"), big_bad_involved=True)
    assert BigBad("titan", scale="legendary").scale == "legendary"


# -- solo bonuses ------------------------------------------------------------------------------


@pytest.mark.rule("big-bad.solo.skill")
def test_the_solo_skill_bonus_is_the_groups_teamwork_bonus() -> None:
    """fate-condensed.ru.md § Solo Bonus: PCs less one (+2 against a group of 3), no more than doubling the skill."""
    assert solo_skill_bonus(3, 4) == 2
    assert solo_skill_bonus(5, 2) == 2  # capped: +2 on +2 doubles it
    assert solo_skill_bonus(5, 2, capped=False) == 4
    assert solo_skill_bonus(1, 4) == 0 and solo_skill_bonus(4, -1) == 0
    # The same number teamwork would give a group whose helpers all have the skill.
    assert solo_skill_bonus(3, 4) == combine_skills({"a": 4, "b": 1, "c": 1}).bonus
    solo = SoloBonus(skill=True)
    bonus = solo.skill_bonus(4, Facing(pcs=3))
    assert bonus is not None and bonus.amount == 2
    assert solo.skill_bonus(4, Facing(pcs=3, allies=1)) is None  # not alone: no solo bonus
    assert SoloBonus().skill_bonus(4, Facing(pcs=3)) is None
    with pytest.raises(BadInput):
        Facing(pcs=-1)


@pytest.mark.rule("big-bad.solo.stress")
def test_hits_are_reduced_by_half_the_pcs_rounded_up() -> None:
    """fate-condensed.ru.md § Solo Bonus: reduce each hit by the PCs divided by two, rounded up; optionally not below 1."""
    assert solo_stress_reduction(4, 3) == 2  # three PCs: -2
    assert solo_stress_reduction(2, 4) == 0
    assert solo_stress_reduction(2, 4, floor_one=True) == 1
    assert solo_stress_reduction(0, 4, floor_one=True) == 0  # no hit stays no hit
    solo = SoloBonus(stress=True, stress_floor_one=True)
    assert solo.reduce_hit(3, Facing(pcs=5)) == 1
    assert solo.reduce_hit(3, Facing(pcs=5, allies=2)) == 3


@pytest.mark.rule("big-bad.solo.stress")
@given(st.integers(1, 12), st.integers(1, 8), st.booleans())
def test_reduction_never_adds_and_respects_the_floor(shifts: int, pcs: int, floor: bool) -> None:
    """fate-condensed.ru.md § Solo Bonus: the reduction is exactly ceil(PCs / 2), down to 0 or to the floor of 1."""
    after = solo_stress_reduction(shifts, pcs, floor_one=floor)
    assert after == max(shifts - math.ceil(pcs / 2), 1 if floor else 0)
    assert after <= shifts


@pytest.mark.rule("big-bad.solo.amplified-invokes")
def test_paid_invokes_are_worth_the_number_of_pcs() -> None:
    """fate-condensed.ru.md § Solo Bonus: a paid invoke's bonus equals the number of PCs; free invokes are unchanged."""
    assert amplified_invoke_bonus(4, free=False) == 4
    assert amplified_invoke_bonus(4, free=True) == 2
    assert amplified_invoke_bonus(1, free=False) == 2  # our choice: never weaker than usual
    solo = SoloBonus(amplified=True)
    assert solo.own_invoke_bonus(Facing(pcs=5), free=False) == 5
    assert solo.own_invoke_bonus(Facing(pcs=5, allies=1), free=False) == 2
    adjustment = invoke_adjustment(5)
    assert adjustment is not None and adjustment.amount == 3  # on top of the invoke's usual +2
    assert invoke_adjustment(2) is None


@pytest.mark.rule("big-bad.solo.suppressed-invokes")
def test_the_foes_invokes_are_held_down() -> None:
    """fate-condensed.ru.md § Solo Bonus: against two or more foes, invokes give only +1, or only rerolls."""
    assert suppressed_invoke_bonus(InvokeEffect.PLUS_TWO, SuppressMode.PLUS_ONE, 3) == 1
    assert suppressed_invoke_bonus("raise_difficulty", "plus_one", 3) == 1
    assert suppressed_invoke_bonus("reroll", "reroll_only", 3) == 0
    with pytest.raises(IllegalAction, match="only reroll"):
        suppressed_invoke_bonus("plus_two", "reroll_only", 2)
    assert suppressed_invoke_bonus("plus_two", "reroll_only", 1) == 2  # one foe: as usual
    adjustment = invoke_adjustment(1)
    assert adjustment is not None and adjustment.amount == -1
    with pytest.raises(BadInput, match="invoke effect"):
        suppressed_invoke_bonus("plus_three", "plus_one", 3)
    with pytest.raises(BadInput, match="suppress"):
        suppressed_invoke_bonus("plus_two", "ignore", 3)


@pytest.mark.rule("big-bad.solo.suppressed-invokes")
def test_free_invokes_may_be_kept_from_stacking() -> None:
    """fate-condensed.ru.md § Solo Bonus: optionally the PCs cannot stack free invokes against the big bad."""
    solo = SoloBonus(suppress=SuppressMode.PLUS_ONE, no_free_stacking=True)
    group = Facing(pcs=3)
    assert solo.invoke_against("plus_two", group, free=True) == 1
    with pytest.raises(IllegalAction, match="stacked"):
        solo.invoke_against("plus_two", group, free=True, free_invokes_on_roll=1)
    assert solo.invoke_against("plus_two", group, free=False, free_invokes_on_roll=1) == 1
    assert SoloBonus().invoke_against("plus_two", group, free=True, free_invokes_on_roll=3) == 2
    assert solo.invoke_against("plus_two", Facing(pcs=3, allies=1), free=True) == 2
    with pytest.raises(BadInput, match="goes with suppressed"):
        SoloBonus(no_free_stacking=True)


# -- the threat is a map, or a hive ------------------------------------------------------------


def kraken() -> Threat:
    return Threat(
        "The Kraken",
        (
            ThreatPart("tentacle_l", zone="deck", reach=1),
            ThreatPart("tentacle_r", zone="deck", reach=1),
            ThreatPart("maw", zone="maw", behind=frozenset({"tentacle_l", "tentacle_r"})),
            ThreatPart("heart", zone="gullet", behind=frozenset({"maw"})),
        ),
        heart="heart",
    )


def ship() -> ZoneMap:
    zones = ZoneMap()
    for zone in ("rigging", "deck", "maw", "gullet"):
        zones.add_zone(zone)
    zones.connect("rigging", "deck")
    zones.connect("deck", "maw")
    zones.connect("maw", "gullet")
    return zones


@pytest.mark.rule("big-bad.threat-map")
def test_the_map_parts_shield_the_heart_and_fall_on_the_way() -> None:
    """fate-condensed.ru.md § The Threat is a Map: zones taken out stop acting; the big bad falls with its heart."""
    threat = kraken()
    assert threat.is_map
    assert threat.attackable(set()) == ("tentacle_l", "tentacle_r")
    with pytest.raises(IllegalAction, match="until tentacle_l, tentacle_r"):
        threat.check_attack("maw", set())
    down = {"tentacle_l", "tentacle_r"}
    threat.check_attack("maw", down)
    assert threat.standing(down) == ("maw", "heart")
    with pytest.raises(IllegalAction, match="already out"):
        threat.check_attack("tentacle_l", down)
    assert not threat.defeated(down | {"maw"})
    assert threat.defeated(down | {"maw", "heart"})
    assert threat.standing({"heart"}) == ()  # the heart falls: the whole threat is beaten


@pytest.mark.rule("big-bad.threat-map")
def test_a_zone_acts_on_those_inside_and_a_limb_reaches_next_door() -> None:
    """fate-condensed.ru.md § The Threat is a Map: a zone acts against PCs in it; a limb attacks adjacent zones too."""
    threat, zones = kraken(), ship()
    threat.place_on(zones)
    assert zones.zone_of("maw") == "maw"
    zones.place("ruth", "rigging")
    zones.place("charles", "maw")
    zones.place("ethan", "gullet")
    foes = ["ruth", "charles", "ethan", "absent"]
    assert threat.targets_for("tentacle_l", foes, set(), zones) == ("ruth", "charles")
    assert threat.targets_for("maw", foes, set(), zones) == ("charles",)
    assert threat.targets_for("heart", foes, set(), zones) == ("ethan",)
    with pytest.raises(IllegalAction, match="no longer takes actions"):
        threat.targets_for("tentacle_l", foes, {"tentacle_l"}, zones)
    with pytest.raises(BadInput, match="give the zones"):
        threat.targets_for("maw", foes, set())


@pytest.mark.rule("big-bad.threat-map")
def test_a_hive_of_characters() -> None:
    """fate-condensed.ru.md § The Threat is a Map: a hive, parts defeated before the truly vulnerable one."""
    hive = Threat(
        "The Hive Queen",
        (
            ThreatPart("drone_a"),
            ThreatPart("drone_b"),
            ThreatPart("queen", behind=frozenset({"drone_a", "drone_b"})),
        ),
        heart="queen",
    )
    assert not hive.is_map
    assert hive.targets_for("drone_a", ["ruth", "charles"], set()) == ("ruth", "charles")
    assert hive.attackable({"drone_a"}) == ("drone_b",)
    assert hive.attackable({"drone_a", "drone_b"}) == ("queen",)
    with pytest.raises(BadInput, match="hive"):
        hive.place_on(ship())


@pytest.mark.rule("big-bad.threat-map")
def test_malformed_threats_are_refused() -> None:
    """fate-condensed.ru.md § The Threat is a Map: a heart among the parts, every part reachable in the end."""
    with pytest.raises(IllegalAction, match="heart"):
        Threat("T", (ThreatPart("a"),), heart="b")
    with pytest.raises(IllegalAction, match="shield each other"):
        Threat(
            "T",
            (ThreatPart("a", behind=frozenset({"b"})), ThreatPart("b", behind=frozenset({"a"}))),
            heart="a",
        )
    with pytest.raises(BadInput, match="every part is a zone"):
        Threat("T", (ThreatPart("a", zone="x"), ThreatPart("b")), heart="a")
    with pytest.raises(BadInput, match="cannot shield"):
        Threat("T", (ThreatPart("a", behind=frozenset({"z"})),), heart="a")
    with pytest.raises(BadInput, match="share an id"):
        Threat("T", (ThreatPart("a"), ThreatPart("a")), heart="a")
    with pytest.raises(BadInput, match="not a zone itself"):
        ThreatPart("claw", reach=1)
    with pytest.raises(BadInput, match="not a part"):
        kraken().part("fin")


@pytest.mark.rule("big-bad.challenge-immunity")
def test_a_big_bad_gathers_its_rule_breaks() -> None:
    """fate-condensed.ru.md § Ways to Break the Rules for Big Bads: several ways may be combined on one big bad."""
    boss = BigBad(
        "lich",
        immunity=Immunity(ImmunityKind.CHALLENGE, MENTAL),
        minions=("skeleton",),
        solo=SoloBonus(skill=True, stress=True),
    )
    boss.check_attack(PHYSICAL)
    with pytest.raises(IllegalAction, match="challenge"):
        boss.check_attack(MENTAL)
    BigBad("ogre").check_attack(ANY)  # no immunity: anything goes
    with pytest.raises(BadInput, match="own minion"):
        BigBad("lich", minions=("lich",))
    with pytest.raises(BadInput):
        BigBad(" ")
