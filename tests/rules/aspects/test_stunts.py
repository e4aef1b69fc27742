"""Stunts (fate-condensed.ru.md § Трюки; § Taking Action > Using Stunts)."""

from __future__ import annotations

import pytest

from fatekit.rules import (
    ActFirst,
    Action,
    ActionRoll,
    AspectsInPlay,
    BadInput,
    BonusKind,
    ExtraAction,
    ExtraConsequence,
    ExtraFreeInvoke,
    ExtraStress,
    FateLedger,
    IllegalAction,
    ScriptedDice,
    SkillBonus,
    SkillSwap,
    Stunt,
    StuntCost,
    Track,
    TrueDetail,
    carry_out,
    new_character,
)
from fatekit.rules.options.ruleset import Ruleset
from fatekit.rules.scenes.conflict import Conflict
from fatekit.rules.scenes.conflict_parts import ConflictKind
from fatekit.rules.scenes.scene import Game

SNIPER = Stunt(
    "Trained Sniper",
    SkillBonus("shoot", (Action.ATTACK,)),
    "+2 to Shoot attacks while I can see the target through my scope",
)


def shot(
    skill: str = "shoot", action: Action = Action.ATTACK, ledger: FateLedger | None = None
) -> ActionRoll:
    roll = ActionRoll(
        "ruth", action, 3, skill=skill, difficulty=3, dice=ScriptedDice(["0000"]), ledger=ledger
    )
    roll.roll()
    return roll


@pytest.mark.rule("stunt.bonus")
def test_bonus_stunt_adds_two_for_its_skill_and_action() -> None:
    roll = shot()
    bonus = roll.use_stunt(SNIPER)
    assert bonus is not None and bonus.kind is BonusKind.STUNT and bonus.amount == 2
    assert roll.effort == 5
    with pytest.raises(IllegalAction, match="already applied"):
        roll.use_stunt(SNIPER)


@pytest.mark.rule("stunt.bonus")
@pytest.mark.parametrize(
    ("skill", "action"), [("fight", Action.ATTACK), ("shoot", Action.OVERCOME)]
)
def test_bonus_stunt_does_not_apply_elsewhere(skill: str, action: Action) -> None:
    roll = shot(skill, action)
    with pytest.raises(IllegalAction, match="does not apply"):
        roll.use_stunt(SNIPER)
    assert roll.effort == 3


@pytest.mark.rule("stunt.fate-point-cost")
def test_a_powerful_stunt_costs_a_fate_point_per_use() -> None:
    ledger = FateLedger()
    ledger.add_pc("ruth", 1)
    rage = Stunt("Berserk", SkillBonus("shoot", (Action.ATTACK,), 3), cost=StuntCost.FATE_POINT)
    roll = shot(ledger=ledger)
    roll.use_stunt(rage)
    assert ledger.wallet("ruth").available == 0 and roll.effort == 6
    again = shot(ledger=ledger)
    with pytest.raises(IllegalAction, match="cannot use stunt"):
        again.use_stunt(rage)
    assert again.effort == 3
    with pytest.raises(BadInput, match="cost is one of"):
        Stunt("Too Much", TrueDetail("x"), cost="two points")
    with pytest.raises(BadInput, match="FateLedger"):
        shot().use_stunt(rage)


@pytest.mark.rule("stunt.rule-changing")
def test_rule_changing_stunts() -> None:
    """Swap a skill, allow an action, extra invoke, extra box or slot, a minor true detail."""
    scholar = Stunt("Occult Scholar", SkillSwap("academics", "lore"))
    assert scholar.allows_skill("academics", Action.OVERCOME, normally="lore")
    assert not scholar.allows_skill("academics", Action.OVERCOME, normally="fight")
    backstab = Stunt("From the Shadows", ExtraAction("stealth", Action.ATTACK))
    assert backstab.allows_skill("stealth", Action.ATTACK)
    assert not backstab.allows_skill("stealth", Action.DEFEND)
    assert SNIPER.allows_skill("shoot", Action.ATTACK) is False  # bonus stunts change no permission
    tough = Stunt("Tough as Nails", ExtraStress(Track.PHYSICAL, 2))
    steady = Stunt("Steady", ExtraConsequence(Track.MENTAL))
    survivor = Stunt("Survivalist", TrueDetail("I always have matches"))
    for stunt in (tough, steady, survivor):
        assert stunt.bonus_for("physique", Action.DEFEND) == 0
    assert isinstance(tough.effect, ExtraStress) and tough.effect.boxes == 2
    with pytest.raises(BadInput, match="name"):
        Stunt(" ", TrueDetail("x"))


@pytest.mark.rule("stunt.rule-changing")
def test_extra_free_invoke_stunt_on_create_an_advantage() -> None:
    """An orator's extra free invoke when creating an advantage with Rapport."""
    orator = Stunt("Silver Tongue", ExtraFreeInvoke("rapport"))
    roll = ActionRoll(
        "ruth",
        Action.CREATE_ADVANTAGE,
        2,
        skill="rapport",
        difficulty=1,
        dice=ScriptedDice(["0000"]),
    )
    roll.roll()
    assert roll.use_stunt(orator) is None
    resolution = roll.resolve()
    scene = AspectsInPlay()
    applied = carry_out(
        resolution.options[0], actor="ruth", opposition=None, aspects=scene, aspect_name="Charmed"
    )
    assert applied.created[0].free_invokes_held_by("ruth") == 2

    failed = ActionRoll(
        "ruth",
        Action.CREATE_ADVANTAGE,
        0,
        skill="rapport",
        difficulty=2,
        dice=ScriptedDice(["0000"]),
    )
    failed.roll()
    failed.use_stunt(orator)
    assert "success_at_cost" in {o.key for o in failed.resolve().options}  # no extra on failure


@pytest.mark.rule("stunt.rule-changing")
def test_a_stunt_to_act_first_moves_its_owner_ahead_in_a_skill_order() -> None:
    """Fate Core orders a physical conflict by Notice; a stunt that lets Ruth act first (a rule
    exception) puts her ahead of the sharper-eyed ghoul, in physical conflicts only when it says
    so."""

    def order(track: Track, kind: ConflictKind) -> list[str]:
        quick = Stunt("Quick Draw", ActFirst(track))
        ruth = new_character(
            "core", "ruth", "Ruth", high_concept="Gunslinger", skills={"notice": 1, "empathy": 1}
        )
        ruth.stunts = [quick]
        ghoul = new_character(
            "core", "ghoul", "Ghoul", high_concept="Hungry", skills={"notice": 3, "empathy": 3}
        )
        game = Game([ruth, ghoul], ruleset=Ruleset.of("core"))
        game.start_scene("crypt", ["ruth", "ghoul"])
        conflict = Conflict(game, {"a": ["ruth"], "b": ["ghoul"]}, kind=kind)
        return [conflict.turns.current]

    assert order(Track.ANY, ConflictKind.PHYSICAL) == ["ruth"]
    assert order(Track.PHYSICAL, ConflictKind.MENTAL) == ["ghoul"]
    assert order(Track.MENTAL, ConflictKind.MENTAL) == ["ruth"]
