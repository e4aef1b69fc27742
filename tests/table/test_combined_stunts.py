"""Stunts on the second list's skills at a table of two combined lists (issue 41): a stunt may
name a manner (an approach, a category) as well as an action, and works on every roll that adds
that manner, in and out of a conflict, on a defence, in the odds and in the simulator's plan; a
roll adding another manner does not take it, and the refusal changes nothing."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from fatekit.odds.plan import fight_plan
from fatekit.rules.core.actions import Action
from fatekit.rules.core.errors import IllegalAction
from fatekit.rules.scenes.conflict import ConflictKind
from fatekit.table import commands as c
from fatekit.table import view_for
from fatekit.table.foresight import foresight_scenarios
from fatekit.table.offers import roll_odds
from fatekit.table.seats import Role

from .conftest import Play, assert_replays  # type: ignore[import-not-found]
from .test_combined_table import GUARD, text  # type: ignore[import-not-found]


def _stunt(name: str, skill: str, action: str) -> dict[str, Any]:
    return {
        "name": name,
        "description": f"+2 when {skill} is added to {action}",
        "effect": {"type": "skill_bonus", "skill": skill, "action": action},
    }


def graceful_bridge() -> Play:
    """Inès with a stunt on Grace (a manner) to attack and overcome; the captain with one on
    Resolve (his best manner) to defend."""
    ines = json.loads(text("crossed-blades.character.json"))
    ines["stunts"] = [
        _stunt("Graceful Lunge", "grace", "attack"),
        _stunt("Light on Her Feet", "grace", "overcome"),
    ]
    guard = dict(GUARD, stunts=[_stunt("Unmoved", "resolve", "defend")])
    table = Play()
    ruleset = text("crossed-blades.ruleset.json")
    table.do(c.CreateTable(name="Paris", preset="crossed-blades", ruleset=ruleset))
    table.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    table.do(c.AddCharacter(sheet=json.dumps(ines), owner="ann"), "ann")
    table.do(c.AddCharacter(sheet=json.dumps(guard)))
    table.do(c.StartSession())
    table.do(c.StartScene(name="Pont Neuf", participants=("ines", "guard")))
    return table


@pytest.mark.rule("skills.combined-stunt", "skills.combined-roll")
def test_a_stunt_on_a_manner_works_when_that_manner_is_added() -> None:
    """Swordplay (+2) + Grace (+2) + Light on Her Feet (+2) and +0 on the dice: 6 against
    Great (+4). Named by no one, the free stunt applies, as a first-list one would."""
    table = graceful_bridge()
    roll = c.Roll(
        actor="ines",
        skill="swordplay",
        second_skill="grace",
        action=Action.OVERCOME,
        difficulty=4,
        dice="0000",
    )
    table.do(roll, "ann")
    assert table.log[-1].stunts == ("Light on Her Feet",)  # type: ignore[attr-defined]
    assert view_for(table.s, "gm")["roll"]["effort"] == 6
    assert_replays(table, ("gm", "ann"))


@pytest.mark.rule("skills.combined-stunt")
def test_a_stunt_on_another_manner_is_refused_and_changes_nothing() -> None:
    table = graceful_bridge()
    daring = c.Roll(
        actor="ines",
        skill="swordplay",
        second_skill="daring",
        action=Action.OVERCOME,
        difficulty=4,
        dice="0000",
    )
    version = table.s.version
    with pytest.raises(IllegalAction) as refused:
        table.do(dataclasses.replace(daring, stunts=("Light on Her Feet",)), "ann")
    assert refused.value.rule.key == "stunt.bonus"
    assert "swordplay+daring" in str(refused.value)
    assert table.s.version == version
    table.do(daring, "ann")  # named by no one: nothing applies
    assert table.log[-1].stunts == ()  # type: ignore[attr-defined]
    assert view_for(table.s, "gm")["roll"]["effort"] == 3


@pytest.mark.rule("skills.combined-stunt")
def test_an_attack_and_a_defence_take_their_manners_stunts() -> None:
    """Inès attacks with Swordplay + Grace + Graceful Lunge (6, dice +0); the captain defends
    with Swordplay + Resolve, his best manner, named by no one, and Unmoved (6, dice +0)."""
    table = graceful_bridge()
    table.do(
        c.StartConflict(
            sides=(("ines", ("ines",)), ("guard", ("guard",))),
            kind=ConflictKind.PHYSICAL,
            first="ines",
        )
    )
    table.dice = ["0000"]  # the captain's defence, the table's to roll
    table.do(
        c.Attack(
            actor="ines",
            target="guard",
            skill="swordplay",
            second_skill="grace",
            dice="0000",
            defend_skill="swordplay",
        ),
        "ann",
    )
    made = table.log[-1]
    assert made.stunts == ("Graceful Lunge",)  # type: ignore[attr-defined]
    roll = view_for(table.s, "gm")["roll"]
    assert (roll["effort"], roll["opposition"], roll["shifts"]) == (6, 6, 0)
    assert_replays(table, ("gm", "ann"))


@pytest.mark.rule("skills.combined-stunt")
def test_the_odds_and_the_plan_count_a_manners_stunt() -> None:
    table = graceful_bridge()
    found = roll_odds(
        table.s, "ann", actor="ines", skill="swordplay", second_skill="grace", difficulty=2
    )
    assert found["modifier"] == 6
    assert [s["name"] for s in found["stunts"] if s["counted"]] == ["Light on Her Feet"]
    other = roll_odds(
        table.s, "ann", actor="ines", skill="swordplay", second_skill="daring", difficulty=2
    )
    assert (other["modifier"], other["stunts"]) == (3, [])
    table.do(
        c.StartConflict(
            sides=(("ines", ("ines",)), ("guard", ("guard",))),
            kind=ConflictKind.PHYSICAL,
            first="ines",
        )
    )
    against = roll_odds(
        table.s,
        "gm",
        actor="ines",
        skill="swordplay",
        second_skill="grace",
        against="guard",
        defend_skill="swordplay",
        action="attack",
    )
    assert (against["modifier"], against["opposition"]) == (6, 6)
    plan = fight_plan(foresight_scenarios(table.s).baseline)
    ines, guard = (next(f for f in plan.fighters if f.id == who) for who in ("ines", "guard"))
    assert (ines.close.second, ines.close.modifier) == ("grace", 6)
    assert (guard.defend_close.second, guard.defend_close.modifier) == ("resolve", 6)
