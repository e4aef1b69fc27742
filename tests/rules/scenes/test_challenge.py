"""Challenges (fate-condensed.ru.md § Challenges; fate-core-conflicts.en.txt § Other Actions in a
Conflict)."""

from __future__ import annotations

import pytest

from fatekit.rules import Action, ActionRoll, BadInput, IllegalAction, ScriptedDice, resolve
from fatekit.rules.scenes.challenge import Challenge


def overcome(rating: int, difficulty: int, dice: str) -> ActionRoll:
    roll = ActionRoll(
        "x", Action.OVERCOME, rating, difficulty=difficulty, dice=ScriptedDice([dice])
    )
    roll.roll()
    return roll


@pytest.mark.rule("challenge.tasks")
def test_a_challenge_reports_every_task_for_the_gm() -> None:
    """The yacht in the monsoon: the tome, the librarian and the horrors, one roll each."""
    challenge = Challenge()
    challenge.add_task("tome", "find the tome of eldritch lore", "investigate", 3)
    challenge.add_task("librarian", "distract the librarian", "rapport", 2)
    challenge.add_task("door", "hold the door against the horrors", "physique", 4)
    challenge.add_task("fire", "put out the fire in the library", "athletics", 2)

    tome = overcome(2, 3, "+0+0")
    challenge.record("tome", "charles", "investigate", tome.effort, tome.resolve(), "success")
    talk = overcome(2, 2, "0000")
    challenge.record(
        "librarian", "ruth", "rapport", talk.effort, talk.resolve(), "success_at_minor_cost"
    )
    door = overcome(1, 4, "-000")
    challenge.record("door", "ethan", "physique", door.effort, door.resolve(), "fail")

    report = challenge.report()
    assert report.successes == ("tome", "librarian")
    assert report.failures == ("door",)
    assert report.ties == ("librarian",)
    assert report.costs == ("librarian",)
    assert report.open == ("fire",) and not report.complete
    with pytest.raises(IllegalAction, match="already been rolled"):
        challenge.record("tome", "ruth", "investigate", 5, resolve(Action.OVERCOME, 2), "success")


@pytest.mark.rule("challenge.tasks")
def test_tasks_call_for_their_skill_and_options_must_exist() -> None:
    challenge = Challenge()
    challenge.add_task("lock", "pick the lock", "burglary", 2)
    with pytest.raises(IllegalAction, match="calls for burglary"):
        challenge.record("lock", "ruth", "fight", 3, resolve(Action.OVERCOME, 1), "success")
    with pytest.raises(KeyError):
        challenge.record("lock", "ruth", "burglary", 3, resolve(Action.OVERCOME, 1), "fail")
    with pytest.raises(BadInput, match="overcome"):
        challenge.record("lock", "ruth", "burglary", 3, resolve(Action.ATTACK, 1), "hit")
    with pytest.raises(BadInput, match="no task"):
        challenge.task("safe")
    with pytest.raises(BadInput, match="unique"):
        challenge.add_task("lock", "again", "burglary", 2)
    assert challenge.task("lock").result is None


@pytest.mark.rule("challenge.in-conflict")
def test_in_a_conflict_a_failed_defence_costs_the_chance_to_roll() -> None:
    """Cynere and the vault door: defend successfully, then work on a task; fail to defend, and
    that exchange gives no roll."""
    challenge = Challenge(in_conflict=True)
    challenge.add_task("lock", "get the vault door open", "crafts", 2)
    challenge.add_task("push", "push the heavy door open", "physique", 2)
    challenge.record_defence("cynere", succeeded=True)
    assert challenge.may_attempt("cynere")
    challenge.record(
        "lock", "cynere", "crafts", 1, resolve(Action.OVERCOME, -1), "success_taking_a_hit"
    )
    challenge.new_exchange()
    challenge.record_defence("cynere", succeeded=False)
    with pytest.raises(IllegalAction, match="failed to defend") as error:
        challenge.check_attempt("push", "cynere", "physique")
    assert error.value.rule.key == "challenge.in-conflict"
    challenge.new_exchange()
    challenge.record(
        "push", "cynere", "physique", 5, resolve(Action.OVERCOME, 3), "success_with_style"
    )
    report = challenge.report()
    assert report.complete and report.successes == ("lock", "push") and report.costs == ("lock",)
