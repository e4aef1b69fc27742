"""Teamwork at a table of two combined lists (issue 41): a roll's level is its two skills added,
so a helper lends the same two skills, added; one whose sum is Average (+1) or more adds +1 (a
helper rated only in the manner helps too), one whose sum is less is refused under
skills.combined-teamwork and nothing changes; the simulator's plan rates helpers so."""

from __future__ import annotations

import json

import pytest

from fatekit.odds.plan import fight_plan
from fatekit.rules.core.errors import IllegalAction
from fatekit.rules.scenes.conflict import ConflictKind
from fatekit.table import commands as c
from fatekit.table import view_for
from fatekit.table.foresight import foresight_scenarios
from fatekit.table.seats import Role

from .conftest import Play, assert_replays  # type: ignore[import-not-found]
from .test_combined_table import GUARD, text  # type: ignore[import-not-found]

LUC = {
    "format": "fatekit-character",
    "version": 1,
    "id": "luc",
    "name": "Luc the Lackey",
    "kind": "major_npc",
    "preset": "crossed-blades",
    "aspects": [{"kind": "high_concept", "name": "Inès's Loyal Second"}],
    "skills": {"riding": 2, "daring": 1},
}


def duel() -> Play:
    """Inès (Swordplay +2; Daring +1, Grace +2) and Luc (Swordplay +0, Riding +2; Daring +1)
    against the captain on the Pont Neuf, Inès first."""
    table = Play()
    ruleset = text("crossed-blades.ruleset.json")
    table.do(c.CreateTable(name="Paris", preset="crossed-blades", ruleset=ruleset))
    table.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    table.do(c.AddCharacter(sheet=text("crossed-blades.character.json"), owner="ann"), "ann")
    table.do(c.AddCharacter(sheet=json.dumps(GUARD)))
    table.do(c.AddCharacter(sheet=json.dumps(LUC)))
    table.do(c.StartSession())
    table.do(c.StartScene(name="Pont Neuf", participants=("ines", "guard", "luc")))
    table.do(
        c.StartConflict(
            sides=(("ines", ("ines", "luc")), ("guard", ("guard",))),
            kind=ConflictKind.PHYSICAL,
            first="ines",
        )
    )
    return table


def attack(second: str) -> c.Attack:
    return c.Attack(
        actor="ines",
        target="guard",
        skill="swordplay",
        second_skill=second,
        dice="0000",
        defend_skill="swordplay",
        helpers=("luc",),
    )


@pytest.mark.rule("skills.combined-teamwork", "teamwork.combine-skills")
def test_a_helper_lends_the_rolls_two_skills_added() -> None:
    """Luc has no Swordplay but Daring (+1): Swordplay + Daring is Average (+1) for him, so he
    adds +1 to Inès's Swordplay (+2) + Daring (+1): 4 against the captain's 4."""
    table = duel()
    table.dice = ["0000"]
    table.do(attack("daring"))
    roll = view_for(table.s, "gm")["roll"]
    assert (roll["effort"], roll["opposition"]) == (4, 4)
    assert_replays(table, ("gm", "ann"))


@pytest.mark.rule("skills.combined-teamwork")
def test_a_helper_whose_two_skills_add_to_nothing_is_refused() -> None:
    """With Grace, Luc's Swordplay (+0) + Grace (+0) is Mediocre: he cannot help, the refusal
    names both skills and its rule, and the table is as it was."""
    table = duel()
    version = table.s.version
    with pytest.raises(IllegalAction) as refused:
        table.do(attack("grace"))
    assert refused.value.rule.key == "skills.combined-teamwork"
    assert "Swordplay + Grace" in str(refused.value)
    assert table.s.version == version


@pytest.mark.rule("skills.combined-teamwork")
def test_the_simulators_plan_rates_helpers_by_the_same_two_skills() -> None:
    table = duel()
    plan = fight_plan(foresight_scenarios(table.s).baseline)
    ines = next(i for i, f in enumerate(plan.fighters) if f.id == "ines")
    luc = next(i for i, f in enumerate(plan.fighters) if f.id == "luc")
    rating, allies = plan.teamwork.close[ines]
    # Inès attacks with Swordplay + Grace (her best manner): 4; Luc's Swordplay + Grace is 0.
    assert rating == 4 and all(j != luc for j, _ in allies)
