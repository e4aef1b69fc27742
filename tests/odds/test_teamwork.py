"""Teamwork in the simulator: the ``weaker_help`` policy asks the allies the rules engine lets
help, and only those who are free and attack the target worse themselves.

Both engines playing it alike, run for run, is checked with the other scenarios in
``test_engines.py`` (the ``gang-up`` scenario)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from fatekit.odds import fight_plan, load_scenario, play, scenario_from_dict
from fatekit.odds.scalar import _Run
from fatekit.odds.scenario import TeamworkPolicy
from fatekit.odds.tape import Tape
from fatekit.odds.teamwork import team_bonus
from fatekit.rules import BadInput

SCENARIOS = Path(__file__).parent / "scenarios"


def gang_up() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCENARIOS / "gang-up.json").read_text(encoding="utf-8"))
    return data


def first_turn() -> _Run:
    """The gang-up fight before anyone has acted (Mara's turn)."""
    scenario = load_scenario(SCENARIOS / "gang-up.json")
    return _Run(scenario, fight_plan(scenario), Tape(1), 0)


def test_teamwork_is_read_from_a_sides_policy_and_never_by_default() -> None:
    scenario = load_scenario(SCENARIOS / "gang-up.json")
    assert [side.policy.teamwork for side in scenario.sides] == [TeamworkPolicy.WEAKER_HELP] * 2
    ghoul = load_scenario(SCENARIOS / "ghoul.json")
    assert {side.policy.teamwork for side in ghoul.sides} == {TeamworkPolicy.NEVER}


@pytest.mark.parametrize("value", ["always", 1, None])
def test_an_unknown_teamwork_value_is_refused(value: Any) -> None:
    data = gang_up()
    data["sides"]["gang"]["policy"]["teamwork"] = value
    with pytest.raises(BadInput, match=r"policy of 'gang': teamwork is one of never, weaker_help"):
        scenario_from_dict(data)


@pytest.mark.rule("teamwork.combine-skills")
def test_the_plan_lists_the_allies_the_rules_let_help_each_attack() -> None:
    plan = fight_plan(load_scenario(SCENARIOS / "gang-up.json"))
    assert plan.teamwork is not None
    who = {f.id: i for i, f in enumerate(plan.fighters)}
    # Mara fights at Great: Pip (Fair) and Lou (Average) may help; Lou's Shoot is his own.
    assert plan.teamwork.allies(who["mara"], False) == (4, ((who["pip"], 2), (who["lou"], 1)))
    # An imp shoots at Fair: only the other imp has Shoot, and at no more than the roller's.
    assert plan.teamwork.allies(who["imp-1"], False) == (2, ((who["imp-2"], 2),))
    # Pip shoots at Average: Lou, a better shot, would have to roll himself, so he cannot help.
    assert plan.teamwork.allies(who["pip"], True) == (1, ())


@pytest.mark.rule("teamwork.combine-skills")
def test_free_allies_who_attack_the_target_worse_help() -> None:
    run = first_turn()
    mara = run.fighter("mara").close
    # Pip fights at Fair beside her; Lou shoots from the shed at Good: both worse than Great.
    assert run.helpers("mara", "imp-1", mara) == ["pip", "lou"]
    ogre = run.fighter("ogre").close
    # Lou stands in the shed: the imps shoot him from the yard, the gunless brute cannot reach.
    assert run.helpers("ogre", "lou", ogre) == ["imp-1", "imp-2"]
    assert run.helpers("ogre", "pip", ogre) == ["imp-1", "imp-2", "brute"]
    # An imp shooting gets no help from the other: its own attack is as good.
    assert run.helpers("imp-1", "lou", run.fighter("imp-1").close) == []


@pytest.mark.rule("teamwork.combine-skills")
def test_allies_who_acted_brace_or_would_concede_do_not_help() -> None:
    run = first_turn()
    mara = run.fighter("mara").close
    run.conflict.turns.exchange.acted.add("pip")
    assert run.helpers("mara", "imp-1", mara) == ["lou"]
    run.conflict.defence.full_defenders["lou"] = None
    assert run.helpers("mara", "imp-1", mara) == []
    fresh = first_turn()
    fresh.consequences[fresh.ids.index("imp-2")][0] = 2  # the gang braces after two
    assert fresh.helpers("ogre", "lou", fresh.fighter("ogre").close) == ["imp-1"]


@pytest.mark.rule("teamwork.combine-skills")
def test_help_that_would_add_nothing_is_not_asked_for() -> None:
    # The rules engine caps the bonus at the roller's rating: a second helper of an Average
    # roller adds nothing, so the policy keeps that ally's action.
    assert team_bonus(1, (1,)) == 1 and team_bonus(1, (1, 1)) == 1
    assert team_bonus(2, (3,)) == 0  # an ally better than the roller cannot help


def test_without_teamwork_everyone_keeps_their_own_turn() -> None:
    data = gang_up()
    data["sides"]["bouncers"]["policy"]["teamwork"] = "never"
    scenario = scenario_from_dict(data)
    run = _Run(scenario, fight_plan(scenario), Tape(1), 0)
    assert run.helpers("mara", "imp-1", run.fighter("mara").close) == []


@pytest.mark.parametrize("engine", ["scalar", "vector"])
def test_teamwork_changes_how_the_fights_go(engine: str) -> None:
    # Helped attacks land more often, so the fights end sooner than when nobody helps.
    data = gang_up()
    helped = play(scenario_from_dict(data), 300, seed=5, engine=engine)
    data["sides"]["bouncers"]["policy"]["teamwork"] = "never"
    data["sides"]["gang"]["policy"]["teamwork"] = "never"
    alone = play(scenario_from_dict(data), 300, seed=5, engine=engine)
    assert not np.array_equal(helped.winner, alone.winner)
    assert helped.exchanges.mean() < alone.exchanges.mean()


def test_the_gang_wins_more_often_when_its_lackeys_help_the_ogre() -> None:
    data = gang_up()
    data["sides"]["bouncers"]["policy"]["teamwork"] = "never"
    helped = play(scenario_from_dict(data), 4000, seed=5)
    data["sides"]["gang"]["policy"]["teamwork"] = "never"
    alone = play(scenario_from_dict(data), 4000, seed=5)
    assert (helped.winner == 1).mean() > (alone.winner == 1).mean() + 0.03
