"""Invoking aspects on a roll (fate-condensed.ru.md § Modifying the Dice > Invoking Aspects,
§ What Can I Do with Aspects?; fate-condensed-actions.it.md § Invocare aspetti)."""

from __future__ import annotations

import pytest

from fatekit.rules import (
    GM,
    Action,
    ActionRoll,
    AspectKind,
    AspectsInPlay,
    BadInput,
    FateLedger,
    ForbiddenAction,
    IllegalAction,
    InvokeEffect,
    Outcome,
    ScriptedDice,
    declare_story_detail,
)


@pytest.fixture
def ledger() -> FateLedger:
    ledger = FateLedger()
    ledger.add_pc("ruth", 3)
    ledger.add_pc("charles", 1)
    ledger.add_npc("ghoul")
    ledger.start_scene(("ghoul",))  # two PCs: the GM has 2
    return ledger


@pytest.fixture
def scene() -> AspectsInPlay:
    return AspectsInPlay()


def overcome(
    ledger: FateLedger, *dice: str, actor: str = "ruth", rating: int = 2, difficulty: int = 4
) -> ActionRoll:
    roll = ActionRoll(
        actor,
        Action.OVERCOME,
        rating,
        difficulty=difficulty,
        dice=ScriptedDice(dice),
        ledger=ledger,
    )
    roll.roll()
    return roll


@pytest.mark.rule("invoke.effects")
def test_paid_invoke_for_plus_two(ledger: FateLedger, scene: AspectsInPlay) -> None:
    boxer = scene.create("Ex-Boxer", AspectKind.HIGH_CONCEPT, owner="ruth")
    roll = overcome(ledger, "0000")
    assert roll.outcome is Outcome.FAIL
    record = roll.invoke(boxer)
    assert not record.free and not record.hostile
    assert roll.effort == 4 and roll.outcome is Outcome.TIE
    assert ledger.wallet("ruth").available == 2


@pytest.mark.rule("invoke.effects")
def test_invoke_to_reroll_all_four_dice(ledger: FateLedger, scene: AspectsInPlay) -> None:
    lucky = scene.create("Born Lucky", AspectKind.CHARACTER, owner="ruth")
    roll = overcome(ledger, "----", "++++")
    roll.invoke(lucky, effect=InvokeEffect.REROLL)
    assert roll.dice is not None and roll.dice.total == 4
    assert [d.total for d in roll.rerolled] == [-4]
    assert roll.effort == 6


@pytest.mark.rule("invoke.effects")
def test_only_the_roller_rerolls(ledger: FateLedger, scene: AspectsInPlay) -> None:
    fog = scene.create("Thick Fog")
    roll = overcome(ledger, "0000")
    with pytest.raises(IllegalAction, match="only the one who rolled"):
        roll.invoke(fog, by="charles", effect=InvokeEffect.REROLL)
    assert ledger.wallet("charles").available == 1


@pytest.mark.rule("invoke.effects")
def test_invoke_to_raise_a_difficulty_someone_else_faces(
    ledger: FateLedger, scene: AspectsInPlay
) -> None:
    dark = scene.create("Pitch Black")
    roll = overcome(ledger, "0000", actor="charles", rating=2, difficulty=2)
    assert roll.outcome is Outcome.TIE
    roll.invoke(dark, by="ghoul", effect=InvokeEffect.RAISE_DIFFICULTY)
    assert roll.opposition_value == 4 and roll.outcome is Outcome.FAIL
    assert ledger.gm.available == 1  # the ghoul pays from the GM's pool
    with pytest.raises(IllegalAction, match="someone else's roll"):
        roll.invoke(scene.create("Fog"), effect=InvokeEffect.RAISE_DIFFICULTY)


@pytest.mark.rule("invoke.effects")
def test_difficulty_raise_needs_a_passive_difficulty(
    ledger: FateLedger, scene: AspectsInPlay
) -> None:
    attack = ActionRoll(
        "ghoul", Action.ATTACK, 2, dice=ScriptedDice(["0000", "0000"]), ledger=ledger
    )
    defence = attack.opposed_by("charles", 3)
    attack.roll()
    with pytest.raises(IllegalAction, match="passive difficulty"):
        attack.invoke(scene.create("Fog"), by="charles", effect=InvokeEffect.RAISE_DIFFICULTY)
    defence.invoke(scene.create("Slippery Floor"), by="charles")
    assert attack.shifts == -3


@pytest.mark.rule("invoke.effects")
def test_invoking_on_an_allys_behalf(ledger: FateLedger, scene: AspectsInPlay) -> None:
    """Outside their own turn, a character may invoke an aspect to add to someone else's roll."""
    plan = scene.create("Careful Plan")
    roll = overcome(ledger, "0000")
    record = roll.invoke(plan, by="charles")
    assert record.by == "charles" and roll.effort == 4
    assert ledger.wallet("charles").available == 0 and ledger.wallet("ruth").available == 3


@pytest.mark.rule("invoke.paid-once-per-roll")
def test_the_same_aspect_is_paid_for_once_per_roll(
    ledger: FateLedger, scene: AspectsInPlay
) -> None:
    fire = scene.create("On Fire")
    boxer = scene.create("Ex-Boxer", AspectKind.HIGH_CONCEPT, owner="ruth")
    roll = overcome(ledger, "0000")
    roll.invoke(fire)
    with pytest.raises(IllegalAction, match="already invoked with a fate point") as error:
        roll.invoke(fire)
    assert error.value.rule.key == "invoke.paid-once-per-roll"
    roll.invoke(boxer)  # several aspects on one roll are fine
    assert roll.effort == 6 and ledger.wallet("ruth").available == 1
    next_roll = overcome(ledger, "0000")
    next_roll.invoke(fire)  # a new roll
    assert ledger.wallet("ruth").available == 0


@pytest.mark.rule("invoke.free-invokes-stack")
def test_free_invokes_on_one_aspect_stack(ledger: FateLedger, scene: AspectsInPlay) -> None:
    fire = scene.create("On Fire", free_invokes=[("ruth", 2)])
    roll = overcome(ledger, "0000")
    roll.invoke(fire, free=True)
    roll.invoke(fire, free=True)
    roll.invoke(fire)  # and a paid one on top
    assert roll.effort == 8
    assert ledger.wallet("ruth").available == 2
    assert fire.free_invokes_held_by("ruth") == 0


@pytest.mark.rule("aspect.free-invoke-holder")
def test_spending_someone_elses_free_invoke_is_forbidden(
    ledger: FateLedger, scene: AspectsInPlay
) -> None:
    fire = scene.create("On Fire", free_invokes=[("charles", 1)])
    roll = overcome(ledger, "0000")
    with pytest.raises(ForbiddenAction, match="held by charles"):
        roll.invoke(fire, free=True)
    assert roll.effort == 2 and fire.free_invokes_held_by("charles") == 1
    fire.pass_free_invoke("charles", "ruth")
    roll.invoke(fire, free=True)
    assert roll.effort == 4


@pytest.mark.rule("aspect.boost")
def test_a_boost_cannot_be_invoked_with_a_fate_point(
    ledger: FateLedger, scene: AspectsInPlay
) -> None:
    boost = scene.create_boost("ruth", "Off Balance")
    roll = overcome(ledger, "0000")
    with pytest.raises(IllegalAction, match="boost") as error:
        roll.invoke(boost)
    assert error.value.rule.key == "aspect.boost"
    assert ledger.wallet("ruth").available == 3
    roll.invoke(boost, free=True)
    assert boost.gone and roll.effort == 4
    with pytest.raises(IllegalAction, match="used up"):
        roll.invoke(boost, free=True)


@pytest.mark.rule("invoke.hostile", "fate-points.after-scene")
def test_hostile_invoke_pays_the_target_after_the_scene(
    ledger: FateLedger, scene: AspectsInPlay
) -> None:
    """A paid invoke of an enemy's aspect gives them the fate point, usable after the scene."""
    hungry = scene.create("Hungry for Flesh", AspectKind.HIGH_CONCEPT, owner="ghoul")
    reckless = scene.create("Reckless", AspectKind.TROUBLE, owner="ruth")
    attack = ActionRoll(
        "ruth", Action.ATTACK, 4, dice=ScriptedDice(["0000", "0000"]), ledger=ledger
    )
    defence = attack.opposed_by("ghoul", 2)
    attack.roll()
    assert attack.invoke(hungry).hostile
    assert ledger.account("ghoul").pending == 1  # kept on the ghoul for a later scene
    assert defence.invoke(reckless, by="ghoul").hostile
    assert ledger.wallet("ruth").available == 2
    assert ledger.wallet("ruth").pending == 1
    with pytest.raises(IllegalAction, match="usable only after this scene"):
        for _ in range(3):
            ledger.wallet("ruth").spend()
    ledger.end_scene()
    assert ledger.wallet("ruth").available == 1  # spent two, got the pending one
    assert ledger.start_scene(("ghoul",)) == 3  # two PCs plus the ghoul's point


@pytest.mark.rule("invoke.hostile")
def test_free_invokes_on_an_enemys_aspect_pay_nobody(
    ledger: FateLedger, scene: AspectsInPlay
) -> None:
    hungry = scene.create(
        "Hungry for Flesh", AspectKind.HIGH_CONCEPT, owner="ghoul", free_invokes=[("ruth", 1)]
    )
    roll = overcome(ledger, "0000")
    assert not roll.invoke(hungry, free=True).hostile
    assert ledger.account("ghoul").pending == 0


@pytest.mark.rule("invoke.after-the-dice")
def test_invokes_come_after_the_dice_and_before_resolution(
    ledger: FateLedger, scene: AspectsInPlay
) -> None:
    fire = scene.create("On Fire")
    roll = ActionRoll(
        "ruth", Action.OVERCOME, 2, difficulty=2, dice=ScriptedDice(["0000"]), ledger=ledger
    )
    with pytest.raises(IllegalAction, match="after the dice"):
        roll.invoke(fire)
    roll.roll()
    roll.resolve()
    with pytest.raises(IllegalAction, match="already resolved"):
        roll.invoke(fire)
    assert ledger.wallet("ruth").available == 3


@pytest.mark.rule("fate-points.never-negative")
def test_paid_invoke_needs_a_fate_point(ledger: FateLedger, scene: AspectsInPlay) -> None:
    roll = overcome(ledger, "0000", actor="charles")
    roll.invoke(scene.create("Fog"))
    with pytest.raises(IllegalAction, match="cannot invoke") as error:
        roll.invoke(scene.create("Rain"))
    assert error.value.rule.key == "fate-points.never-negative"
    assert ledger.wallet("charles").available == 0 and roll.effort == 4


@pytest.mark.rule("aspect.hidden")
def test_an_unknown_aspect_cannot_be_invoked(ledger: FateLedger, scene: AspectsInPlay) -> None:
    trap = scene.create("Hidden Trapdoor", hidden=True, known_to={GM})
    roll = overcome(ledger, "0000")
    with pytest.raises(IllegalAction, match="does not know"):
        roll.invoke(trap)
    trap.reveal()
    roll.invoke(trap)


@pytest.mark.rule("invoke.story-detail")
def test_declaring_a_story_detail_costs_a_fate_point(
    ledger: FateLedger, scene: AspectsInPlay
) -> None:
    scholar = scene.create(
        "If I Haven't Been There, I've Read About It", AspectKind.CHARACTER, owner="charles"
    )
    detail = declare_story_detail(scholar, "charles", "I know the runes' origin", ledger)
    assert detail.detail == "I know the runes' origin"
    assert ledger.wallet("charles").available == 0
    with pytest.raises(IllegalAction):
        declare_story_detail(scholar, "charles", "and the way out", ledger)
    with pytest.raises(BadInput, match="what the story detail is"):
        declare_story_detail(scholar, "ruth", "  ", ledger)
    with pytest.raises(IllegalAction, match="boost"):
        declare_story_detail(scene.create_boost("ruth"), "ruth", "x", ledger)


def test_paid_invoke_without_a_ledger_is_a_usage_error(scene: AspectsInPlay) -> None:
    roll = ActionRoll("ruth", Action.OVERCOME, 2, difficulty=2, dice=ScriptedDice(["0000"]))
    roll.roll()
    with pytest.raises(BadInput, match="FateLedger"):
        roll.invoke(scene.create("Fog"))
