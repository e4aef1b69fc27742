"""The worked examples of the rules texts, played through the engine.

Sources: fate-condensed.ru.md § Taking Action (Ethan and the safe), § Overcome (Charles in the
Antarctic), § Create an Advantage (Ethan's Molotov), § Attack / § Defend (Ruth and the corpse),
§ Taking Harm (Charles and the ghoul), § The Ellipsis Trick (Ryan and the runes);
ode-kortfattad.sv.rst (the same ghoul in Swedish).
"""

from __future__ import annotations

import pytest

from fatekit.rules import (
    GM,
    Action,
    ActionRoll,
    AspectKind,
    AspectsInPlay,
    FateLedger,
    Hit,
    Outcome,
    ScriptedDice,
    carry_out,
    format_rating,
    offer_compel,
)


@pytest.mark.rule("action.overcome", "roll.effort")
def test_charles_searches_the_antarctic_research_station() -> None:
    """Investigate Average (+1) with [0][0][+][+] against Fair (+2): a Good (+3) effort, success."""
    search = ActionRoll(
        "charles",
        Action.OVERCOME,
        1,
        skill="investigate",
        difficulty=2,
        dice=ScriptedDice(["00++"]),
    )
    search.roll()
    assert format_rating(search.effort) == "Good (+3)"
    resolution = search.resolve()
    assert resolution.outcome is Outcome.SUCCESS and resolution.only is not None


@pytest.mark.rule("action.overcome")
@pytest.mark.parametrize(
    ("dice", "outcome", "keys"),
    [
        (
            "----",
            Outcome.FAIL,
            {"fail", "success_at_major_cost", "fail_taking_a_hit", "success_taking_a_hit"},
        ),
        (
            "0000",
            Outcome.TIE,
            {
                "success_at_minor_cost",
                "success_boost_to_opposition",
                "partial_success",
                "fail_with_boost",
            },
        ),
        ("+000", Outcome.SUCCESS, {"success"}),
        ("++++", Outcome.SUCCESS_WITH_STYLE, {"success_with_style"}),
    ],
)
def test_ethan_and_the_safe(dice: str, outcome: Outcome, keys: set[str]) -> None:
    """Every way the safe can go: alarms (fail), a guard's revolver (major cost), a poisoned
    needle (a hit), dawn breaking (minor cost), a door open a crack (partial), the ritual, and the
    ritual plus the Akeley mansion map (style). Ethan's Average (+1) against a Fair (+2) safe."""
    crack = ActionRoll("ethan", Action.OVERCOME, 1, difficulty=1, dice=ScriptedDice([dice]))
    crack.roll()
    resolution = crack.resolve()
    assert resolution.outcome is outcome
    assert {o.key for o in resolution.options} == keys
    if outcome is Outcome.FAIL:
        poisoned = carry_out(
            resolution.option("success_taking_a_hit"),
            actor="ethan",
            opposition=None,
            aspects=AspectsInPlay(),
        )
        assert poisoned.succeeded and poisoned.takes_hit


@pytest.mark.rule("action.create-advantage.new", "aspect.free-invoke-holder")
def test_ethan_sets_the_shoggoth_on_fire() -> None:
    """Crafts Average (+1) with [0][+][+][+] against Good (+3): Great (+4), the shoggoth is On Fire
    with one free invoke for Ethan, which he can spend to get away."""
    scene = AspectsInPlay()
    molotov = ActionRoll(
        "ethan",
        Action.CREATE_ADVANTAGE,
        1,
        skill="crafts",
        difficulty=3,
        dice=ScriptedDice(["0+++"]),
    )
    molotov.roll()
    assert format_rating(molotov.effort) == "Great (+4)"
    resolution = molotov.resolve()
    assert resolution.outcome is Outcome.SUCCESS
    on_fire = carry_out(
        resolution.options[0],
        actor="ethan",
        opposition="shoggoth",
        aspects=scene,
        aspect_name="On Fire",
    ).created[0]
    assert on_fire.free_invokes_held_by("ethan") == 1

    escape = ActionRoll(
        "ethan", Action.OVERCOME, 2, skill="athletics", dice=ScriptedDice(["0000", "0000"])
    )
    escape.opposed_by("shoggoth", 3)
    escape.roll()
    escape.invoke(on_fire, free=True)
    assert escape.outcome is Outcome.SUCCESS and on_fire.free_invokes_held_by("ethan") == 0


@pytest.mark.rule("action.attack", "action.defend")
def test_ruth_punches_the_corpse() -> None:
    """Fight Great (+4) with [-][-][0][0] is Fair (+2); the corpse's Mediocre (+0) Athletics with
    [-][0][0][+] stays Mediocre: a two-shift hit."""
    punch = ActionRoll("ruth", Action.ATTACK, 4, skill="fight", dice=ScriptedDice(["--00", "-00+"]))
    punch.opposed_by("corpse", 0, skill="athletics")
    punch.roll()
    assert (punch.effort, punch.opposition_value) == (2, 0)
    resolution = punch.resolve()
    assert resolution.only is not None and resolution.only.effects == (Hit(2),)


@pytest.mark.rule("action.attack", "invoke.effects", "fate-points.gm-pool")
def test_the_ghoul_claws_charles_twice() -> None:
    """First: Fight Fair (+2) with [0][0][+][+] is Great (+4) against Athletics Good (+3) with
    [0][0][0][-], Fair (+2): two shifts. Then the GM invokes Hungry for Flesh from the pool for a
    Fantastic (+6) blow against an Average (+1) defence: five shifts."""
    ledger = FateLedger()
    ledger.add_pc("charles", 3)
    ledger.add_npc("ghoul")
    ledger.start_scene(("ghoul",))
    scene = AspectsInPlay()
    hungry = scene.create("Hungry for Flesh", AspectKind.HIGH_CONCEPT, owner="ghoul")

    first = ActionRoll(
        "ghoul", Action.ATTACK, 2, skill="fight", dice=ScriptedDice(["00++", "000-"]), ledger=ledger
    )
    first.opposed_by("charles", 3, skill="athletics")
    first.roll()
    assert (format_rating(first.effort), format_rating(first.opposition_value)) == (
        "Great (+4)",
        "Fair (+2)",
    )
    assert first.resolve().option("hit").effects == (Hit(2),)

    second = ActionRoll(
        "ghoul", Action.ATTACK, 2, skill="fight", dice=ScriptedDice(["00++", "--00"]), ledger=ledger
    )
    second.opposed_by("charles", 3, skill="athletics")
    second.roll()
    second.invoke(hungry)
    assert format_rating(second.effort) == "Fantastic (+6)"
    assert format_rating(second.opposition_value) == "Average (+1)"
    assert ledger.gm.available == 0  # one PC: the pool held one point
    assert second.resolve().option("hit").effects == (Hit(5),)


@pytest.mark.rule("invoke.after-the-dice", "invoke.effects")
def test_ryan_deciphers_the_runes_with_the_ellipsis_trick() -> None:
    """Ryan rolls, dislikes the result, then invokes his aspect for +2 with a fate point."""
    ledger = FateLedger()
    ledger.add_pc("ryan", 2)
    scene = AspectsInPlay()
    read = scene.create(
        "If I Haven't Been There, I've Read About It", AspectKind.HIGH_CONCEPT, owner="ryan"
    )
    runes = ActionRoll(
        "ryan",
        Action.OVERCOME,
        2,
        skill="lore",
        difficulty=2,
        dice=ScriptedDice(["-000"]),
        ledger=ledger,
    )
    runes.roll()
    assert runes.outcome is Outcome.FAIL
    runes.invoke(read)
    assert runes.outcome is Outcome.SUCCESS and ledger.wallet("ryan").available == 1


@pytest.mark.rule("compel.offer", "fate-points.gm-pool")
def test_gm_compels_freely_and_refuses_player_compels_from_the_pool() -> None:
    """The GM's pool pays for refusing players' compels on NPCs; the GM's own compels are free."""
    ledger = FateLedger()
    ledger.add_pc("ruth", 2)
    ledger.add_npc("cultist")
    assert ledger.start_scene() == 1
    scene = AspectsInPlay()
    zealot = scene.create("Zealot", AspectKind.HIGH_CONCEPT, owner="cultist")
    reckless = scene.create("Reckless", AspectKind.TROUBLE, owner="ruth")
    offer_compel(
        reckless, "ruth", offered_by=GM, ledger=ledger, complication="She follows alone"
    ).accept(ledger)
    assert ledger.wallet(GM).available == 1 and ledger.wallet("ruth").available == 3
    compel = offer_compel(
        zealot, "cultist", offered_by="ruth", ledger=ledger, complication="He stays to pray"
    )
    compel.refuse(ledger)
    assert ledger.wallet(GM).available == 0 and ledger.wallet("ruth").available == 3
