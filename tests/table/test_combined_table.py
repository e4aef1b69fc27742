"""A table on a rule set with two combined skill lists (fate-condensed.ru.md § Optional Rules >
Changing the Skill List, Combination): every roll adds a skill from each list, in a conflict
too, the rating being the two added; the pair is refused when it breaks the lists, at other
tables a second skill is refused, and the commands that cannot add two yet are refused with a
reason. The event records both skills, folding again gives the same table, and the odds read the
summed ratings."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from fatekit.odds import chances
from fatekit.odds.plan import fight_plan
from fatekit.odds.simulate import simulate
from fatekit.rules.core.actions import Action
from fatekit.rules.core.errors import BadInput
from fatekit.rules.scenes.conflict import ConflictKind
from fatekit.table import commands as c
from fatekit.table import view_for
from fatekit.table.base import ActorRoll
from fatekit.table.commands import COMMAND_TYPES
from fatekit.table.foresight import foresight_scenarios
from fatekit.table.offers import roll_odds
from fatekit.table.pairs import PAIRED
from fatekit.table.seats import Role

from ..sheets import ruth_sheet  # type: ignore[import-not-found]
from .conftest import Play, assert_replays  # type: ignore[import-not-found]

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"

GUARD = {
    "format": "fatekit-character",
    "version": 1,
    "id": "guard",
    "name": "Captain of the Cardinal's Guard",
    "kind": "major_npc",
    "preset": "crossed-blades",
    "aspects": [{"kind": "high_concept", "name": "The Cardinal's Loyal Blade"}],
    "skills": {"swordplay": 2, "riding": 1, "resolve": 2, "cunning": 1},
}


def text(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


def bridge() -> Play:
    """Inès (Swordplay +2, Riding +1; Daring +1, Grace +2, Cunning +1) and the guard captain
    (Swordplay +2, Riding +1; Resolve +2, Cunning +1) on the Pont Neuf."""
    table = Play()
    ruleset = text("crossed-blades.ruleset.json")
    table.do(c.CreateTable(name="Paris", preset="crossed-blades", ruleset=ruleset))
    table.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    table.do(c.AddCharacter(sheet=text("crossed-blades.character.json"), owner="ann"), "ann")
    table.do(c.AddCharacter(sheet=json.dumps(GUARD)))
    table.do(c.StartSession())
    table.do(c.StartScene(name="Pont Neuf", participants=("ines", "guard")))
    return table


def fight(table: Play) -> None:
    table.do(
        c.StartConflict(
            sides=(("ines", ("ines",)), ("guard", ("guard",))),
            kind=ConflictKind.PHYSICAL,
            first="ines",
        )
    )


def refused(table: Play, command: c.Command, seat: str = "gm") -> BadInput:
    version = table.s.version
    with pytest.raises(BadInput) as raised:
        table.do(command, seat)
    assert table.s.version == version  # nothing changed
    return raised.value


@pytest.mark.rule("skills.combined-roll")
def test_an_overcome_adds_an_action_and_a_manner() -> None:
    """Swordplay (+2) + Grace (+2) = +4, and +0+0 on the dice: an effort of 6 against Great
    (+4)."""
    table = bridge()
    table.do(
        c.Roll(
            actor="ines",
            skill="swordplay",
            second_skill="grace",
            action=Action.OVERCOME,
            difficulty=4,
            dice="+0+0",
        ),
        "ann",
    )
    made = table.log[-1]
    assert (made.skill, made.second_skill) == ("swordplay", "grace")
    roll = view_for(table.s, "gm")["roll"]
    assert (roll["effort"], roll["shifts"]) == (6, 2)
    assert_replays(table, ("gm", "ann"))


@pytest.mark.rule("skills.combined-roll")
def test_an_opponent_adds_their_best_manner_and_the_event_says_which() -> None:
    """The captain opposes Inès's Riding (+1) + Daring (+1) with Swordplay (+2), named, and his
    best manner, Resolve (+2), named by no one: 2 + 0 against 4 + 0."""
    table = bridge()
    table.dice = ["0000"]  # the captain's dice, the table's to roll
    table.do(
        c.Roll(
            actor="ines",
            skill="riding",
            second_skill="daring",
            action=Action.CREATE_ADVANTAGE,
            against="guard",
            defend_skill="swordplay",
            dice="0000",
        ),
        "ann",
    )
    made = table.log[-1]
    assert made.defend_second_skill == "resolve"
    roll = view_for(table.s, "gm")["roll"]
    assert (roll["effort"], roll["opposition"]) == (2, 4)
    assert_replays(table, ("gm", "ann"))


@pytest.mark.rule("skills.combined-roll")
def test_a_foe_rated_only_on_the_second_list_still_opposes_a_roll() -> None:
    """A street tough rated only in manners (Daring +2) opposes Inès's Talking (+1) + Cunning
    (+1) with the first action of the list at Mediocre and his Daring: 2 against 0 + 2, and
    the odds say the same."""
    table = bridge()
    tough = {
        **GUARD,
        "id": "tough",
        "name": "Street Tough",
        "kind": "minor_npc",
        "skills": {"daring": 2},
    }
    table.do(c.AddCharacter(sheet=json.dumps(tough)))
    table.do(c.JoinScene(character_id="tough"))
    found = roll_odds(
        table.s,
        "gm",
        actor="ines",
        skill="talking",
        second_skill="cunning",
        against="tough",
        action="overcome",
    )
    assert (found["modifier"], found["opposition"]) == (2, 2)
    assert (found["defend_skill"], found["defend_second_skill"]) == ("swordplay", "daring")
    table.dice = ["0000"]  # the tough's dice, the table's to roll
    table.do(
        c.Roll(
            actor="ines",
            skill="talking",
            second_skill="cunning",
            action=Action.OVERCOME,
            against="tough",
            dice="0000",
        ),
        "ann",
    )
    made = table.log[-1]
    assert (made.defend_skill, made.defend_second_skill) == ("swordplay", "daring")
    roll = view_for(table.s, "gm")["roll"]
    assert (roll["effort"], roll["opposition"]) == (2, 2)
    assert_replays(table, ("gm", "ann"))


@pytest.mark.rule("skills.combined-roll")
def test_a_conflicts_attack_and_defence_each_add_two() -> None:
    """Inès's Swordplay (+2) + Daring (+1) and ++00 against the captain's Swordplay (+2) +
    Resolve (+2) and 0000: 5 against 4, a hit of 1; his answer, Swordplay (+2) + Cunning (+1)
    and +000 against her Riding (+1) + Grace (+2): 4 against 3."""
    table = bridge()
    fight(table)
    table.dice = ["0000"]  # the captain's defence, the table's to roll
    table.do(
        c.Attack(
            actor="ines",
            target="guard",
            skill="swordplay",
            second_skill="daring",
            dice="++00",
            defend_skill="swordplay",
            defend_second_skill="resolve",
        ),
        "ann",
    )
    roll = view_for(table.s, "gm")["roll"]
    assert (roll["effort"], roll["opposition"], roll["shifts"]) == (5, 4, 1)
    assert_replays(table, ("gm", "ann"))


@pytest.mark.rule("skills.combined-roll")
def test_a_defence_named_by_no_one_adds_the_best_manner() -> None:
    table = bridge()
    fight(table)
    table.dice = ["0000"]  # the captain's defence, the table's to roll
    table.do(
        c.Attack(
            actor="ines",
            target="guard",
            skill="swordplay",
            second_skill="daring",
            dice="0000",
        ),
        "ann",
    )
    made = table.log[-1]
    assert made.defend_second_skill == "resolve"
    roll = view_for(table.s, "gm")["roll"]
    assert (roll["effort"], roll["opposition"]) == (3, 4)


@pytest.mark.rule("skills.combined-roll")
def test_conflict_overcome_and_advantage_add_two() -> None:
    table = bridge()
    fight(table)
    table.do(
        c.CreateAdvantage(
            actor="ines",
            skill="noticing",
            second_skill="cunning",
            difficulty=2,
            dice="+000",
        ),
        "ann",
    )
    roll = view_for(table.s, "gm")["roll"]
    assert roll["effort"] == 3  # Noticing (+1) + Cunning (+1) + 1
    assert_replays(table, ("gm", "ann"))


@pytest.mark.rule("skills.combined-roll")
@pytest.mark.parametrize(
    ("fields", "code", "params"),
    [
        ({"skill": "swordplay"}, "second_skill_needed", {"list": "Manners"}),
        (
            {"skill": "swordplay", "second_skill": "riding"},
            "second_skill_list",
            {"skill": "riding", "list": "Manners"},
        ),
        (
            {"skill": "grace", "second_skill": "daring"},
            "first_skill_list",
            {"skill": "grace", "list": "Actions"},
        ),
    ],
)
def test_a_pair_the_lists_do_not_allow_is_refused(
    fields: dict[str, Any], code: str, params: dict[str, str]
) -> None:
    table = bridge()
    error = refused(
        table, c.Roll(actor="ines", action=Action.OVERCOME, difficulty=2, **fields), "ann"
    )
    assert (error.code, error.params) == (code, params)
    assert "skills.combined-roll" in str(error)


@pytest.mark.rule("skills.combined-roll")
def test_an_attack_without_its_second_skill_is_refused() -> None:
    table = bridge()
    fight(table)
    error = refused(table, c.Attack(actor="ines", target="guard", skill="swordplay"), "ann")
    assert error.code == "second_skill_needed"


@pytest.mark.rule("skills.combined-roll")
def test_a_contests_roll_adds_two() -> None:
    """Inès rides off: Riding (+1) + Grace (+2) and +000, an effort of 4."""
    table = bridge()
    table.do(
        c.StartContest(
            sides=(("ines", ("ines",)), ("guard", ("guard",))),
            intents=(("ines", "escape"), ("guard", "catch her")),
        )
    )
    table.do(
        c.ContestRoll(actor="ines", side="ines", skill="riding", second_skill="grace", dice="+000"),
        "ann",
    )
    (roll,) = view_for(table.s, "gm")["rolls"]
    assert roll["effort"] == 4
    error = refused(table, c.ContestRoll(actor="guard", side="guard", skill="riding"))
    assert error.code == "second_skill_needed"
    assert_replays(table, ("gm", "ann"))


@pytest.mark.rule("skills.combined-roll")
def test_a_challenges_task_adds_the_second_skill_to_the_tasks() -> None:
    """The task names Sneaking (+1); Inès adds Cunning (+1): 2 and 0000 against Fair (+2)."""
    table = bridge()
    table.do(c.StartChallenge(tasks=(("gate", "Slip past the gate", "sneaking", 2),)))
    error = refused(table, c.ChallengeRoll(actor="ines", task="gate", dice="0000"), "ann")
    assert error.code == "second_skill_needed"
    table.do(c.ChallengeRoll(actor="ines", task="gate", second_skill="cunning", dice="0000"), "ann")
    assert table.log[-1].second_skill == "cunning"
    (roll,) = view_for(table.s, "gm")["rolls"]
    assert (roll["effort"], roll["shifts"]) == (2, 0)
    assert_replays(table, ("gm", "ann"))


@pytest.mark.rule("skills.combined-roll")
def test_a_task_names_a_first_list_skill() -> None:
    error = refused(bridge(), c.StartChallenge(tasks=(("gate", "Charm the guard", "grace", 2),)))
    assert (error.code, error.params) == ("first_skill_list", {"skill": "grace", "list": "Actions"})


@pytest.mark.rule("skills.combined-roll")
def test_the_conflict_offers_first_list_skills_to_start_a_roll() -> None:
    table = bridge()
    fight(table)
    legal = view_for(table.s, "ann")["conflict"]["legal_actions"]["ines"]
    for action in legal:
        assert not set(action.get("skills") or ()) & {"daring", "cunning", "grace", "resolve"}
    overcome = next(a for a in legal if a["move"] == "overcome")
    assert "swordplay" in overcome["skills"]


@pytest.mark.rule("skills.combined-roll")
def test_an_attack_on_several_targets_adds_two() -> None:
    table = Play()
    ruleset = text("crossed-blades.ruleset.json")
    table.do(
        c.CreateTable(
            name="Paris", preset="crossed-blades", ruleset=ruleset, options=("multiple_targets",)
        )
    )
    table.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    table.do(c.AddCharacter(sheet=text("crossed-blades.character.json"), owner="ann"), "ann")
    table.do(c.AddCharacter(sheet=json.dumps(GUARD)))
    table.do(c.AddCharacter(sheet=json.dumps({**GUARD, "id": "cadet", "name": "Cadet"})))
    table.do(c.StartSession())
    table.do(c.StartScene(name="Pont Neuf", participants=("ines", "guard", "cadet")))
    table.do(
        c.StartConflict(
            sides=(("ines", ("ines",)), ("guard", ("guard", "cadet"))),
            kind=ConflictKind.PHYSICAL,
            first="ines",
        )
    )
    table.do(
        c.SplitAttack(actor="ines", skill="swordplay", second_skill="daring", dice="++00"), "ann"
    )
    roll = view_for(table.s, "gm")["roll"]
    assert roll["effort"] == 5  # Swordplay (+2) + Daring (+1) + 2
    assert_replays(table, ("gm", "ann"))


@pytest.mark.rule("skills.combined-roll")
def test_a_secret_roll_adds_two() -> None:
    table = bridge()
    table.do(
        c.SecretRoll(
            actor="guard", skill="riding", second_skill="resolve", difficulty=2, dice="0000"
        )
    )
    assert table.log[-1].effort == 3  # Riding (+1) + Resolve (+2)


def test_every_roll_a_seat_may_ask_for_plays_two_lists() -> None:
    """No roll at a table with two combined lists is made at one skill's rating: every command
    that rolls for a character is one whose decider adds the second skill."""
    rolls = {kind for kind in COMMAND_TYPES.values() if issubclass(kind, ActorRoll)}
    assert len(rolls) >= 10
    assert rolls <= PAIRED


@pytest.mark.rule("skills.combined-roll")
def test_a_one_list_table_refuses_a_second_skill() -> None:
    table = Play()
    table.do(c.CreateTable(name="Plain", preset="condensed"))
    table.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    table.do(c.AddCharacter(sheet=ruth_sheet(), owner="ann"), "ann")
    table.do(c.StartSession())
    table.do(c.StartScene(name="Street", participants=("ruth",)))
    error = refused(
        table,
        c.Roll(
            actor="ruth",
            skill="fight",
            second_skill="athletics",
            action=Action.OVERCOME,
            difficulty=2,
        ),
        "ann",
    )
    assert error.code == "second_skill_refused"


@pytest.mark.rule("skills.combined-roll")
def test_the_odds_are_those_of_the_summed_ratings() -> None:
    """Swordplay (+2) + Daring (+1) against the captain's Swordplay (+2) + Resolve (+2): exactly
    the chances of +3 against an active +4."""
    table = bridge()
    fight(table)
    found = roll_odds(
        table.s,
        "gm",
        actor="ines",
        skill="swordplay",
        second_skill="daring",
        against="guard",
        defend_skill="swordplay",
        action="attack",
    )
    assert (found["modifier"], found["opposition"]) == (3, 4)
    assert found["defend_second_skill"] == "resolve"
    expected = chances(3, 4, active=True).as_dict()
    assert {k: v["exact"] for k, v in found["chances"].items()} == {
        k: f"{Fraction(v).numerator}/{Fraction(v).denominator}" for k, v in expected.items()
    }
    # Outside a conflict, against a difficulty: +4 (Swordplay and Grace) against Fair (+2).
    table = bridge()
    found = roll_odds(
        table.s, "ann", actor="ines", skill="swordplay", second_skill="grace", difficulty=2
    )
    assert found["modifier"] == 4
    with pytest.raises(BadInput) as raised:
        roll_odds(table.s, "ann", actor="ines", skill="swordplay", difficulty=2)
    assert raised.value.code == "second_skill_needed"


@pytest.mark.rule("skills.combined-roll")
def test_foresight_and_the_simulator_add_each_fighters_best_second_skill() -> None:
    """Foresight boils the fight down as the engine would roll it: Inès attacks and defends with
    Swordplay (+2) + Grace (+2), her best manner; the captain with Swordplay (+2) + Resolve (+2),
    NPC as he is. Both engines play it (the scalar one through the rules engine, which refuses a
    roll with no second skill), and agree."""
    table = bridge()
    fight(table)
    scenario = foresight_scenarios(table.s).baseline
    plan = fight_plan(scenario)
    ines, guard = (next(f for f in plan.fighters if f.id == who) for who in ("ines", "guard"))
    assert (ines.close.skill, ines.close.second, ines.close.modifier) == ("swordplay", "grace", 4)
    assert (ines.defend_close.modifier, guard.close.modifier) == (4, 4)
    assert (guard.close.second, guard.defend_close.modifier) == ("resolve", 4)
    wins = [
        simulate(scenario, 300, seed=7, engine=engine).as_json()["sides"]["ines"]["win"]
        for engine in ("scalar", "vector")
    ]
    assert abs(wins[0] - wins[1]) < 0.15
