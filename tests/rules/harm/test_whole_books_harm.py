"""Taking harm as the whole books give it: Fate Core's stress boxes and extreme consequences
(srd/fate-core.md § Challenges, Contests, and Conflicts > Conflicts > Stress, § Extreme
Consequences), Fate Accelerated's stress boxes (srd/fate-accelerated-SRD.md § Ouch! Damage,
Stress, and Consequences > What Is Stress?).
"""

from __future__ import annotations

import pytest

from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.characters.character import (
    Character,
    CharacterKind,
    minor_npc,
    mob,
    new_character,
)
from fatekit.rules.characters.presets import get_preset
from fatekit.rules.core.clock import Clock
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.tracks import Track
from fatekit.rules.core.waivers import waiving
from fatekit.rules.harm.absorb import AbsorbPlan, ExtremeChoice, absorb_options, check_plan
from fatekit.rules.harm.stress import StressBox
from fatekit.rules.options.ruleset import Ruleset
from fatekit.rules.scenes.taking import extreme_use, hit_options, take_hit

PHYSICAL = Track.PHYSICAL
CORE = Ruleset.of("core")


def cynere(kind: CharacterKind = CharacterKind.PC) -> Character:
    """Fate Core's Cynere: Physique Good (+3) gives her boxes of 1, 2, 3 and 4."""
    return new_character(
        get_preset("core"),
        "cynere",
        "Cynere",
        high_concept="Infamous Girl with Sword",
        trouble="Tempted by Shiny Things",
        aspects=[(AspectKind.CHARACTER, "I've Got Zird's Back")],
        skills={"fight": 4, "athletics": 3, "physique": 3},
        kind=kind,
    )


def checked(character: Character, *values: int) -> Character:
    track = character.stress[PHYSICAL]
    track.boxes = [StressBox(b.value, b.value in values) for b in track.boxes]
    return character


def taken(character: Character, *severities: int) -> Character:
    """Fill the consequence slots absorbing ``severities`` shifts."""
    for slot in character.consequences:
        if slot.shifts in severities and slot.aspect is None:
            slot.fill(Aspect(f"{character.id}/c{slot.shifts}", "Hurt", AspectKind.CONSEQUENCE))
    return character


# -- Fate Core's stress ---------------------------------------------------------------------


@pytest.mark.rule("stress.escalating")
def test_once_the_box_worth_the_hit_is_checked_any_higher_box_takes_it() -> None:
    """srd/fate-core.md § Conflicts > Stress: check the box worth the hit's shifts; if it is
    already checked, check a higher one: any higher free box, not only the next."""
    sheet = checked(cynere(), 2)
    boxes = {p.boxes for p in absorb_options(sheet, 2, PHYSICAL) if not p.slots}
    assert boxes == {(2,), (3,)}  # the 3-point and the 4-point box
    check_plan(sheet, 2, PHYSICAL, AbsorbPlan(boxes=(3,)))  # the 4-point box is accepted
    # While the box worth the hit is free, that is the one to check.
    fresh = cynere()
    assert {p.boxes for p in absorb_options(fresh, 2, PHYSICAL) if not p.slots} == {(1,)}
    with pytest.raises(IllegalAction, match="the 2-point box, not the 4-point") as err:
        check_plan(fresh, 2, PHYSICAL, AbsorbPlan(boxes=(3,)))
    assert err.value.rule.key == "stress.escalating"


@pytest.mark.rule("stress.fae-any-box")
def test_fate_accelerated_checks_any_free_box_worth_enough() -> None:
    """srd/fate-accelerated-SRD.md § What Is Stress?: one box a hit, absorbing as many shifts as
    its number; nothing asks for the box worth the hit exactly."""
    fae = Ruleset.of("fae")
    kiri = new_character(
        get_preset("fae"),
        "kiri",
        "Kiri",
        high_concept="Ninja of the Silver Lotus",
        trouble="Sworn Rival",
        skills={"quick": 3, "sneaky": 2, "clever": 2, "careful": 1, "flashy": 1},
    )
    plans = hit_options(fae, kiri, 1, Track.ANY, Clock())
    assert {p.boxes for p in plans if not p.slots} == {(0,), (1,), (2,)}
    take_hit(fae, kiri, 1, Track.ANY, AbsorbPlan(boxes=(2,)), by="gm", clock=Clock())
    assert [b.marked for b in kiri.stress[Track.ANY].boxes] == [False, False, True]
    with pytest.raises(IllegalAction) as err:
        take_hit(fae, kiri, 3, Track.ANY, AbsorbPlan(boxes=(1,)), by="gm", clock=Clock())
    assert err.value.rule.key == "stress.fae-any-box"


def test_a_plan_that_takes_nothing_is_no_way_to_absorb_a_hit() -> None:
    """An empty plan is malformed, not a move a GM's waiver could let through: being taken out
    is its own choice (issue 39: an empty plan waived twice took a 7-shift hit with no harm)."""
    with pytest.raises(BadInput, match="takes no stress box"):
        check_plan(cynere(), 7, PHYSICAL, AbsorbPlan())


# -- Fate Core's extreme consequences --------------------------------------------------------


@pytest.mark.rule("consequence.extreme-last-ditch")
def test_an_extreme_consequence_is_the_last_ditch() -> None:
    """srd/fate-core.md § Extreme Consequences: every PC's last-ditch option to stay in the
    fight. While stress and the other consequences can absorb a hit, it is not offered, and
    taking it needs the GM's word (one waiver)."""
    sheet = cynere()
    clock = Clock()
    assert not any(p.extreme for p in hit_options(CORE, sheet, 1, PHYSICAL, clock))
    assert not any(p.extreme for p in hit_options(CORE, sheet, 12, PHYSICAL, clock))
    plan = AbsorbPlan(extreme=True)
    choice = ExtremeChoice("Soul-Burned", "cynere/character/1")
    with pytest.raises(IllegalAction) as err:
        take_hit(CORE, sheet, 1, PHYSICAL, plan, by="og", clock=clock, extreme=choice)
    assert err.value.rule.key == "consequence.extreme-last-ditch" and err.value.waivable
    # Her boxes all checked, mild, moderate and severe absorb 12 shifts: a 13-shift hit is
    # absorbed only with the extreme consequence.
    worn = checked(cynere(), 1, 2, 3, 4)
    assert hit_options(CORE, worn, 13, PHYSICAL, clock)
    assert all(p.extreme for p in hit_options(CORE, worn, 13, PHYSICAL, clock))
    with waiving({"consequence.extreme-last-ditch"}) as waived:
        made = take_hit(CORE, sheet, 1, PHYSICAL, plan, by="og", clock=clock, extreme=choice)
    assert waived.used == {"consequence.extreme-last-ditch"}
    assert [a.name for a in made] == ["Soul-Burned"]
    assert "I've Got Zird's Back" not in [a.name for a in sheet.aspects]
    assert sheet.consequences[-1].replaced is not None


@pytest.mark.rule("consequence.extreme-last-ditch", "consequence.extreme")
def test_a_big_hit_offers_the_extreme_consequence_with_what_it_needs() -> None:
    """srd/fate-core.md § Extreme Consequences: it absorbs up to 8 shifts, alone or with stress
    and other consequences."""
    sheet = taken(checked(cynere(), 3, 4), 2, 4, 6)  # mild, moderate and severe all taken
    plans = hit_options(CORE, sheet, 9, PHYSICAL, Clock())
    assert plans == [AbsorbPlan(boxes=(0,), extreme=True)]
    assert hit_options(CORE, sheet, 11, PHYSICAL, Clock()) == []  # 8 + 2 at most: taken out


@pytest.mark.rule("consequence.extreme-who")
def test_nameless_npcs_and_mobs_never_take_an_extreme_consequence() -> None:
    """srd/fate-core.md § Extreme Consequences (every PC's option) and § Running the Game >
    The NPC Types (a main NPC's sheet is a PC's; nameless NPCs have a box or two)."""
    assert extreme_use(CORE, cynere()).offered
    assert extreme_use(CORE, cynere(CharacterKind.MAJOR_NPC)).offered
    aspects = ["Violent Criminal", "The Ways of the Streets"]
    thug = minor_npc("core", "thug", "Trained Thug", aspects, {"fight": 2}, stress_boxes=1)
    thugs = mob("core", "thugs", "Street Toughs", 3, aspects, {"fight": 1})
    for nameless in (thug, thugs):
        use = extreme_use(CORE, nameless)
        assert use.in_play and not use.offered
        assert not any(p.extreme for p in hit_options(CORE, nameless, 1, PHYSICAL, Clock()))
    with pytest.raises(IllegalAction) as err:
        check_plan(
            thugs, 1, PHYSICAL, AbsorbPlan(extreme=True), allow_extreme=extreme_use(CORE, thugs)
        )
    assert err.value.rule.key == "consequence.extreme-who"


@pytest.mark.rule("consequence.extreme")
def test_fate_condensed_s_option_is_not_only_a_last_resort() -> None:
    """srd/Fate-Condensed-SRD-CC-BY.md § Optional Rules > Extreme Consequences says nothing of a
    last resort: with the option, the extreme consequence is offered beside the others."""
    condensed = Ruleset.of("condensed", ["extreme_consequences"])
    ruth = new_character(
        get_preset("condensed"),
        "ruth",
        "Ruth",
        high_concept="Occult Librarian",
        trouble="Curiosity Killed the Cat",
        skills={"academics": 4},
    )
    assert any(p.extreme for p in hit_options(condensed, ruth, 8, PHYSICAL, Clock()))


@pytest.mark.rule("recovery.fae-scenario")
def test_fate_accelerated_severe_consequences_clear_at_the_end_of_the_scenario() -> None:
    """srd/fate-accelerated-SRD.md § Getting Better: a severe consequence clears at the end of
    the scenario: a significant milestone ends one, no major milestone is needed."""
    from fatekit.rules.core.clock import Milestone, Moment
    from fatekit.rules.harm.consequences import ConsequenceSlot, Severity
    from fatekit.rules.harm.recovery import is_recovered, treat

    rules = get_preset("fae").recovery
    clock = Clock()
    slot = ConsequenceSlot.of(Severity.SEVERE)
    slot.fill(Aspect("kiri/c", "Broken Leg", AspectKind.CONSEQUENCE))
    treat(slot, effort=9, on_self=False, new_name="On Crutches", clock=clock, rules=rules)
    clock.end_session()
    clock.reach_milestone(Milestone.SIGNIFICANT)  # the scenario it was treated in ends
    assert not is_recovered(slot, clock, rules)
    clock.end_session()
    clock.reach_milestone(Milestone.SIGNIFICANT)  # a whole scenario after treatment
    assert is_recovered(slot, clock, rules)
    assert Moment.SCENE.in_arc
