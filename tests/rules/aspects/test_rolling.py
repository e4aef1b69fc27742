"""Playing out a roll end to end: opposition, resolution and carrying out its effects."""

from __future__ import annotations

import pytest

from fatekit.rules import (
    Action,
    ActionRoll,
    AdvantageTarget,
    AspectKind,
    AspectsInPlay,
    BadInput,
    Bonus,
    BonusKind,
    Outcome,
    RollPhase,
    ScriptedDice,
    Side,
    carry_out,
    resolve,
)


def test_a_roll_needs_opposition_and_is_rolled_once() -> None:
    roll = ActionRoll("ruth", Action.OVERCOME, 2, dice=ScriptedDice(["0000", "0000"]))
    with pytest.raises(BadInput, match="difficulty or an active defender"):
        roll.roll()
    with pytest.raises(BadInput, match="not rolled"):
        _ = roll.effort
    roll.opposed_by("guard", 1)
    with pytest.raises(BadInput, match="already has its opposition"):
        roll.opposed_by("guard2", 1)
    roll.roll()
    assert roll.phase is RollPhase.ROLLED and roll.opposition is not None
    assert roll.opposition.phase is RollPhase.ROLLED
    with pytest.raises(BadInput, match="already been rolled"):
        roll.roll()


def test_defend_rolls_have_no_difficulty_and_resolve_through_the_attack() -> None:
    with pytest.raises(BadInput, match="no difficulty"):
        ActionRoll("x", Action.DEFEND, 1, difficulty=2, dice=ScriptedDice([]))
    attack = ActionRoll("ghoul", Action.ATTACK, 2, dice=ScriptedDice(["0000", "0000"]))
    defence = attack.opposed_by("charles", 3, skill="athletics")
    with pytest.raises(BadInput, match="cannot itself be defended"):
        defence.opposed_by("x", 1)
    attack.roll()
    assert defence.opposition_value == attack.effort
    with pytest.raises(BadInput, match="not the defend roll"):
        defence.resolve()


@pytest.mark.rule("action.defend")
def test_a_defender_who_succeeds_with_style_gets_a_boost() -> None:
    attack = ActionRoll("ghoul", Action.ATTACK, 1, dice=ScriptedDice(["-000", "+000"]))
    attack.opposed_by("charles", 3)
    attack.roll()
    assert attack.shifts == -4
    resolution = attack.resolve()
    assert resolution.outcome is Outcome.FAIL
    scene = AspectsInPlay()
    applied = carry_out(resolution.options[0], actor="ghoul", opposition="charles", aspects=scene)
    assert applied.succeeded is False and applied.boosts[0].free_invokes_held_by("charles") == 1


def test_resolution_closes_both_rolls() -> None:
    attack = ActionRoll("ruth", Action.ATTACK, 4, dice=ScriptedDice(["0000", "0000"]))
    defence = attack.opposed_by("corpse", 0)
    with pytest.raises(BadInput, match="roll the dice"):
        attack.resolve()
    attack.roll()
    attack.resolve()
    assert defence.phase is RollPhase.RESOLVED
    with pytest.raises(BadInput, match="already resolved"):
        attack.resolve()


def test_teamwork_and_other_bonuses_may_be_added() -> None:
    roll = ActionRoll("ruth", Action.OVERCOME, 3, difficulty=5, dice=ScriptedDice(["0000"]))
    roll.add_bonus(Bonus(BonusKind.TEAMWORK, 2, "two helpers"))
    roll.roll()
    assert roll.outcome is Outcome.TIE


@pytest.mark.rule("action.create-advantage.existing", "aspect.hidden")
def test_discovering_an_unknown_aspect_reveals_it_with_an_invoke() -> None:
    scene = AspectsInPlay()
    secret = scene.create(
        "Afraid of Fire", AspectKind.CHARACTER, owner="shoggoth", hidden=True, known_to={"gm"}
    )
    roll = ActionRoll(
        "ethan", Action.CREATE_ADVANTAGE, 2, difficulty=2, dice=ScriptedDice(["0+00"])
    )
    roll.roll()
    resolution = roll.resolve(target=AdvantageTarget.UNKNOWN)
    applied = carry_out(
        resolution.options[0], actor="ethan", opposition="shoggoth", aspects=scene, target=secret
    )
    assert secret.is_known_to("ethan") and applied.revealed == [secret]
    assert secret.free_invokes_held_by("ethan") == 1


@pytest.mark.rule("action.create-advantage.new")
def test_failed_advantage_at_a_cost_gives_the_aspect_to_the_opposition() -> None:
    scene = AspectsInPlay()
    roll = ActionRoll("ruth", Action.CREATE_ADVANTAGE, 1, dice=ScriptedDice(["-000", "0000"]))
    roll.opposed_by("guard", 2)
    roll.roll()
    resolution = roll.resolve()
    option = resolution.option("success_at_cost")
    applied = carry_out(
        option,
        actor="ruth",
        opposition="guard",
        aspects=scene,
        aspect_name="Cornered",
        aspect_owner="ruth",
    )
    aspect = applied.created[0]
    assert aspect.owner == "ruth" and aspect.free_invokes_held_by("guard") == 1


def test_carry_out_checks_before_changing_anything() -> None:
    scene = AspectsInPlay()
    roll = ActionRoll("ruth", Action.OVERCOME, 1, difficulty=1, dice=ScriptedDice(["0000"]))
    roll.roll()
    tie = roll.resolve()
    with pytest.raises(BadInput, match="opposition"):
        carry_out(
            tie.option("success_boost_to_opposition"), actor="ruth", opposition=None, aspects=scene
        )
    advantage = ActionRoll(
        "x", Action.CREATE_ADVANTAGE, 5, difficulty=0, dice=ScriptedDice(["0000"])
    )
    advantage.roll()
    with pytest.raises(BadInput, match="name the new aspect"):
        carry_out(advantage.resolve().options[0], actor="x", opposition=None, aspects=scene)
    with pytest.raises(BadInput, match="existing aspect"):
        carry_out(
            resolve(Action.CREATE_ADVANTAGE, 1, target=AdvantageTarget.KNOWN).options[0],
            actor="x",
            opposition=None,
            aspects=scene,
        )
    assert len(scene) == 0


def test_boosts_can_be_named_when_created() -> None:
    scene = AspectsInPlay()
    roll = ActionRoll("ruth", Action.OVERCOME, 4, difficulty=1, dice=ScriptedDice(["0000"]))
    roll.roll()
    option = roll.resolve().options[0]
    applied = carry_out(
        option, actor="ruth", opposition=None, aspects=scene, boost_names={Side.ACTOR: "Momentum"}
    )
    assert applied.succeeded and applied.boosts[0].name == "Momentum"
