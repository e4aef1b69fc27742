"""Obstacles (fate-condensed.ru.md § Optional Rules > Obstacles: Hazards, Blocks, Distractions,
Examples of Obstacles)."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.characters.preset import turn_order
from fatekit.rules.characters.presets import get_preset
from fatekit.rules.core.actions import Action, Fail, GainBoost, Hit, Resolution, Side, resolve
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.ladder import parse_rating
from fatekit.rules.core.outcomes import Outcome
from fatekit.rules.options import obstacles
from fatekit.rules.options.obstacles import (
    Block,
    Cover,
    CoverUse,
    Distraction,
    Handling,
    Hazard,
    Repercussion,
    attack_through_cover,
)

# The text's examples of obstacles.
TURRET = Hazard("turret", "Machine-Gun Turret", parse_rating("Great"), 3)
SNIPER = Hazard("sniper", "Distant Sniper", parse_rating("Superb"), 4)
FENCE = Block("fence", "Chain Link Fence", parse_rating("Fair"), cover=True)
VAT = Block("vat", "Vat of Acid", parse_rating("Good"), weapon=4)


def hits(resolution: Resolution) -> list[list[object]]:
    return [list(o.effects) for o in resolution.options]


@pytest.mark.rule("obstacle.hazard.weapon")
def test_the_texts_hazards() -> None:
    """fate-condensed.ru.md § Examples of Obstacles: Machine-Gun Turret, Distant Sniper."""
    assert (TURRET.rating, TURRET.weapon) == (4, 3)
    assert (SNIPER.rating, SNIPER.weapon) == (5, 4)
    for weapon in (0, 5):
        with pytest.raises(IllegalAction, match="1 to 4"):
            Hazard("x", "Falling Rocks", 3, weapon)
    with pytest.raises(BadInput):
        Hazard("x", "Falling Rocks", 3, 2.5)  # type: ignore[arg-type]
    with pytest.raises(BadInput, match="needs a name"):
        Hazard("x", " ", 3, 2)


@pytest.mark.rule("obstacle.hazard.weapon")
def test_a_hazards_weapon_adds_to_a_successful_hit() -> None:
    """fate-condensed.ru.md § Hazards: if it attacks and succeeds, add its Weapon to its shifts."""
    assert hits(TURRET.attack_resolution(resolve(Action.ATTACK, 2))) == [[Hit(5)]]
    style = TURRET.attack_resolution(resolve(Action.ATTACK, 3))
    assert hits(style) == [[Hit(6)], [Hit(5), GainBoost(Side.ACTOR)]]
    # A tie is no success: a boost, as usual, unless the table plays Weapon and Armor ratings.
    assert hits(TURRET.attack_resolution(resolve(Action.ATTACK, 0))) == [[GainBoost(Side.ACTOR)]]
    assert hits(TURRET.attack_resolution(resolve(Action.ATTACK, -1))) == [[Fail()]]
    with pytest.raises(BadInput, match="attack"):
        TURRET.attack_resolution(resolve(Action.OVERCOME, 2))


@pytest.mark.rule("obstacle.hazard.weapon", "option.weapon-armor")
def test_with_weapon_and_armor_ratings_a_hazards_tie_hits_and_armor_counts() -> None:
    """fate-condensed.ru.md § Hazards and § Weapon and Armor Ratings together."""
    tie = TURRET.attack_resolution(resolve(Action.ATTACK, 0), weapon_and_armor=True)
    assert hits(tie) == [[Hit(3)]]
    armored = SNIPER.attack_resolution(resolve(Action.ATTACK, 1), armor=2, weapon_and_armor=True)
    assert hits(armored) == [[Hit(3)]]


@pytest.mark.rule("obstacle.hazard.acts", "obstacle.name-is-aspect")
def test_a_hazard_takes_turns_with_its_rating() -> None:
    """fate-condensed.ru.md § Hazards: it acts in the turn order and rolls with its rating."""
    core = get_preset("core")
    sheet = SNIPER.sheet(core)
    assert sheet.rating(SNIPER.skill) == 5 and sheet.skill_labels[SNIPER.skill] == "Distant Sniper"
    assert [a.name for a in sheet.aspects] == ["Distant Sniper"]  # the name is its aspect
    assert sheet.aspects[0].kind is AspectKind.HIGH_CONCEPT
    assert sheet.stress == {} and sheet.consequences == []  # it is never hit
    ratings = {"sniper": dict(sheet.skills), "ruth": {"notice": 4, "athletics": 5}}
    assert turn_order(core, ratings) == ["sniper", "ruth"]  # Superb (+5) Notice beats Great


@pytest.mark.rule("obstacle.hazard.acts")
def test_a_hazard_attacks_or_creates_advantages_only() -> None:
    """fate-condensed.ru.md § Hazards: hazards attack or create advantages, never overcome."""
    TURRET.check_action(Action.ATTACK)
    TURRET.check_action(Action.CREATE_ADVANTAGE)
    for action in (Action.OVERCOME, Action.DEFEND):
        with pytest.raises(IllegalAction, match="nothing else"):
            TURRET.check_action(action)


@pytest.mark.rule("obstacle.hazard.opposition", "obstacle.not-attackable")
def test_acting_against_a_hazard() -> None:
    """fate-condensed.ru.md § Hazards: passive opposition of its rating; it cannot be attacked."""
    assert TURRET.opposition_to(Action.OVERCOME) == 4
    assert TURRET.opposition_to(Action.CREATE_ADVANTAGE) == 4
    with pytest.raises(IllegalAction, match="cannot be attacked"):
        TURRET.opposition_to(Action.ATTACK)
    with pytest.raises(BadInput, match="defend"):
        TURRET.opposition_to(Action.DEFEND)


@pytest.mark.rule("obstacle.hazard.acts")
def test_the_texts_advice_on_ratings() -> None:
    """fate-condensed.ru.md § Hazards, § Blocks: how high to rate them against the PCs' best."""
    assert TURRET.rating_advice(4) == () and TURRET.rating_advice(5) != ()
    assert VAT.rating_advice(2) == () and VAT.rating_advice(1) != ()


@pytest.mark.rule("obstacle.block.removal", "obstacle.block.weapon")
def test_the_texts_blocks() -> None:
    """fate-condensed.ru.md § Examples of Obstacles: the fence and the vat, and their removal."""
    assert FENCE.removal_difficulty == parse_rating("Great")
    assert VAT.removal_difficulty == parse_rating("Superb")
    assert not FENCE.can_harm and VAT.can_harm
    for weapon in (-1, 5):
        with pytest.raises(IllegalAction, match="0 to 4"):
            Block("x", "Wall of Thorns", 2, weapon=weapon)


@pytest.mark.rule("obstacle.block.interference")
def test_a_harmless_block_only_stops_the_action() -> None:
    """fate-condensed.ru.md § Blocks: fail against a harmless block and you just don't do it."""
    stopped = FENCE.interfere(1)
    assert stopped.prevented and stopped.harm is None and stopped.outcome is Outcome.FAIL
    tie = FENCE.interfere(2)
    assert not tie.prevented and tie.outcome is Outcome.TIE
    assert not FENCE.interfere(5).prevented


@pytest.mark.rule("obstacle.block.interference")
def test_a_harmful_block_hits_by_the_amount_missed() -> None:
    """fate-condensed.ru.md § Blocks: fail against a block that harms and take the miss as a hit."""
    assert VAT.interfere(0).harm == 3
    assert VAT.interfere(3).harm is None and not VAT.interfere(3).prevented
    spikes = Block("spikes", "Spiked Pit", 2, harmful=True)  # harms without a Weapon
    assert spikes.can_harm and spikes.interfere(1).harm == 1
    with pytest.raises(BadInput):
        VAT.interfere("3")  # type: ignore[arg-type]


@pytest.mark.rule("obstacle.block.forced")
def test_forcing_someone_into_a_block() -> None:
    """fate-condensed.ru.md § Blocks: Weapon of half the block's, rounded down, at least 1."""
    assert VAT.forced_weapon == 2
    assert Block("x", "Live Wire", 3, weapon=3).forced_weapon == 1
    assert FENCE.forced_weapon == 1  # no Weapon of its own: the minimum
    shoved = VAT.forced_attack_resolution(resolve(Action.ATTACK, 1))
    assert hits(shoved) == [[Hit(3)]]
    tie = VAT.forced_attack_resolution(resolve(Action.ATTACK, 0), weapon_and_armor=True)
    assert hits(tie) == [[Hit(2)]]


@pytest.mark.rule("obstacle.block.cover")
def test_a_block_as_cover_negates_or_gives_armor() -> None:
    """fate-condensed.ru.md § Blocks: the fence stops a baseball bat; or half its rating as Armor."""
    assert FENCE.as_cover(CoverUse.NEGATE) == Cover(True, 0)
    with pytest.raises(IllegalAction, match="impossible"):
        attack_through_cover(None, FENCE.as_cover("negate"))
    mitigated = FENCE.as_cover("mitigate")
    assert mitigated == Cover(False, 1)
    assert Block("wall", "Brick Wall", 5, cover=True).as_cover("mitigate").armor == 2
    assert hits(attack_through_cover(resolve(Action.ATTACK, 3), mitigated)) == [
        [Hit(2)],
        [Hit(1), GainBoost(Side.ACTOR)],
    ]
    # Armor that soaks the whole hit leaves the attacker a boost.
    assert hits(attack_through_cover(resolve(Action.ATTACK, 1), mitigated)) == [
        [GainBoost(Side.ACTOR)]
    ]
    with pytest.raises(BadInput, match="resolve the attack"):
        attack_through_cover(None, mitigated)
    with pytest.raises(IllegalAction, match="no cover"):
        VAT.as_cover("mitigate")  # you can't hide behind a vat of acid
    with pytest.raises(BadInput, match="negates or mitigates"):
        FENCE.as_cover("ignore")


@pytest.mark.rule("obstacle.name-is-aspect", "obstacle.not-attackable")
def test_a_block_is_an_aspect_and_cannot_be_attacked() -> None:
    """fate-condensed.ru.md § Blocks: the name is an aspect; obstacles can't be taken out."""
    aspect = VAT.aspect(zone="lab")
    assert (aspect.id, aspect.name, aspect.kind, aspect.zone) == (
        "block/vat",
        "Vat of Acid",
        AspectKind.SITUATION,
        "lab",
    )
    assert VAT.opposition_to(Action.OVERCOME) == 3
    with pytest.raises(IllegalAction, match="cannot be attacked"):
        VAT.opposition_to(Action.ATTACK)


@pytest.mark.rule("obstacle.distraction")
def test_the_texts_distractions() -> None:
    """fate-condensed.ru.md § Examples of Obstacles: the bus full of civilians and the gem."""
    bus = Distraction.new(
        "bus",
        "Bus Full of Civilians",
        "Will the bus plunge off the bridge?",
        leave=["All of the civilians on the bus die."],
        deal=["The villain gets away!"],
        opposition=parse_rating("Good"),
    )
    assert bus.difficulty() == 3
    assert bus.repercussions_for("leave") == ("All of the civilians on the bus die.",)
    assert bus.repercussions_for(Handling.DEAL) == ("The villain gets away!",)
    assert bus.aspect() is None
    gem = Distraction.new(
        "gem",
        "The Glittering Gem",
        "Can you take the gem from the pedestal?",
        leave=["You don't get the (priceless) gem."],
        deal=["You activate the traps in the temple."],
        is_aspect=True,
    )
    with pytest.raises(IllegalAction, match="no opposition"):
        gem.difficulty()
    gem_aspect = gem.aspect()
    assert gem_aspect is not None and gem_aspect.name == "The Glittering Gem"


@pytest.mark.rule("obstacle.distraction")
def test_a_distraction_needs_its_choice_and_a_repercussion() -> None:
    """fate-condensed.ru.md § Distractions: a clear benefit in dealing, or cost in leaving it."""
    with pytest.raises(IllegalAction, match="repercussion"):
        Distraction.new("x", "Crying Child", "Do you stop to help?")
    with pytest.raises(IllegalAction, match="question"):
        Distraction.new("x", "Crying Child", " ", leave=["the child is lost"])
    with pytest.raises(BadInput, match="'leave' or 'deal'"):
        Repercussion("ignore", "nothing")  # type: ignore[arg-type]
    with pytest.raises(BadInput, match="say what"):
        Repercussion(Handling.LEAVE, "")
    with pytest.raises(BadInput, match="left or dealt"):
        Distraction.new("x", "Crying Child", "Help?", leave=["lost"]).repercussions_for("both")


@pytest.mark.rule("obstacle.block.interference")
@given(st.integers(-4, 8), st.integers(-2, 10), st.integers(0, 4), st.booleans())
def test_only_a_failure_stops_and_only_a_harmful_block_hurts(
    rating: int, effort: int, weapon: int, harmful: bool
) -> None:
    """fate-condensed.ru.md § Blocks: a failure stops; the hit is exactly the shortfall."""
    block = Block("b", "Barrier", rating, weapon=weapon, harmful=harmful)
    check = block.interfere(effort)
    assert check.prevented == (effort < rating)
    if check.prevented and block.can_harm:
        assert check.harm == rating - effort and check.harm >= 1
    else:
        assert check.harm is None


def test_doctests() -> None:
    assert doctest.testmod(obstacles).failed == 0
