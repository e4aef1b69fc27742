"""Hazards in simulated fights: read from the scenario, planned from the rules engine, played.

The run-for-run and chi-square comparisons of the two engines on the burning mill and the flood
are in ``test_engines.py``; here: what the scenario format takes and refuses, the numbers the
plan asks the rules engine for, and what a hazard does to the fight.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from fatekit.odds import fight_plan, play, scenario_from_dict
from fatekit.odds.plan import start_conflict
from fatekit.odds.scalar import _Run
from fatekit.odds.tape import Tape
from fatekit.rules import BadInput
from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.options.obstacles import Hazard

SCENARIOS = Path(__file__).parent / "scenarios"


def scenario_data(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def without_hazards(data: dict[str, Any]) -> dict[str, Any]:
    hazards = {h["id"] for h in data.pop("hazards")}
    if "order" in data:
        data["order"] = [who for who in data["order"] if who not in hazards]
    return data


@pytest.mark.rule("obstacle.hazard.acts")
def test_a_scenarios_hazards_join_its_conflict_and_take_turns_where_the_order_puts_them() -> None:
    scenario = scenario_from_dict(scenario_data("burning-mill"), base=SCENARIOS)
    _, conflict = start_conflict(scenario)
    beams = conflict.roster.fighter("beams")
    assert beams.hazard == Hazard("beams", "Falling Beams", 4, 3)
    assert beams.side == "arsonists"
    assert (
        conflict.roster.scene.zones is not None
        and conflict.roster.scene.zones.zone_of("beams") == "loft"
    )
    assert "smoke" not in conflict.roster.scene.zones.positions  # no zone: it fills the mill
    plan = fight_plan(scenario)
    assert plan.hazards is not None
    ids = [f.id for f in plan.fighters]
    named = [ids[t] if t >= 0 else plan.hazards.hazards[~t].id for t in plan.hazards.turns]
    # Placed by the scenario's order, and the one it leaves out acts last.
    assert named == [
        "ruth",
        "smoke",
        "firebug",
        "ethan",
        "lackey-1",
        "lackey-2",
        "lackey-3",
        "beams",
    ]
    assert plan.hazards.opening == plan.hazards.turns
    assert len(plan.fighters) == len(scenario.fighters)  # hazards are nobody's target or result


@pytest.mark.rule("obstacle.hazard.acts")
def test_in_skill_order_a_hazard_acts_at_its_rating_once_the_first_exchange_has_begun() -> None:
    scenario = scenario_from_dict(scenario_data("flood"), base=SCENARIOS)
    plan = fight_plan(scenario)
    assert plan.hazards is not None
    _, conflict = start_conflict(scenario)
    # Rising Water (Great) comes before Cynere's Good Notice in the engine's order, but the
    # conflict began with her turn before the water joined it.
    assert conflict.turns.order is not None and conflict.turns.order[:2] == ["water", "cynere"]
    assert conflict.turns.current == "cynere"
    cynere = plan.index("cynere")
    assert plan.hazards.turns[:2] == (~0, cynere)
    assert plan.hazards.opening[:2] == (cynere, ~0)
    # The scalar engine, playing through the conflict, finds the same: the water's first turn
    # is the exchange's second, and in the next exchange it goes first.
    run = _Run(scenario, plan, Tape(4), 0)
    seen = []
    while run.conflict.turns.exchange.number <= 2 and len(seen) < 20:
        actor = run.conflict.turns.current
        assert actor is not None
        seen.append((run.conflict.turns.exchange.number, actor))
        run.turn(actor)
        choices = run.conflict.turns.next_choices()
        run.conflict.end_turn(next(w for w in run.order if w in choices))
    assert seen[1] == (1, "water")
    assert next(who for n, who in seen if n == 2) == "water"


@pytest.mark.rule("obstacle.hazard.weapon")
def test_the_plan_takes_a_hazards_harm_and_reach_from_the_rules_engine() -> None:
    mill = fight_plan(scenario_from_dict(scenario_data("burning-mill"), base=SCENARIOS))
    assert mill.hazards is not None
    smoke, beams = mill.hazards.hazards
    assert mill.zones == ("floor", "loft", "yard")
    assert smoke.reaches == (True, True, True)  # no zone: everyone in the mill
    assert beams.reaches == (False, True, False)  # only who stands in the loft
    centre = len(smoke.harm[0]) // 2  # the column of a tie
    # Weapon and Armor in play: a tie hits for the Weapon, less the target's Armor.
    assert [smoke.harm[armor][centre] for armor in range(5)] == [2, 1, 0, 0, 0]
    assert [smoke.harm[0][centre + s] for s in (-1, 1, 3)] == [0, 3, 5]
    assert smoke.needed == (0, 0, 1, 2, 3)  # the fewest shifts that still hurt, by Armor
    flood = fight_plan(scenario_from_dict(scenario_data("flood"), base=SCENARIOS))
    assert flood.hazards is not None
    water = flood.hazards.hazards[0]
    # Without the option the Weapon adds only to an attack that succeeds: a tie does not hurt.
    assert [water.harm[0][centre + s] for s in (0, 1, 2)] == [0, 4, 5]
    assert water.needed[0] == 1


def refused(data: dict[str, Any], message: str) -> None:
    with pytest.raises(BadInput, match=message):
        scenario_from_dict(data, base=SCENARIOS)


def hazard(**changes: Any) -> dict[str, Any]:
    found = {"id": "fire", "name": "Roaring Fire", "rating": 3, "weapon": 2, "side": "arsonists"}
    found.update(changes)
    return found


@pytest.mark.rule("obstacle.hazard.weapon")
@pytest.mark.parametrize(
    ("hazards", "message"),
    [
        ({"id": "fire"}, "hazards is a list"),
        (["fire"], r"hazards\[1\] is an object"),
        ([hazard(colour="red")], r"hazards\[1\] has unknown field\(s\) colour"),
        ([{"id": "fire", "name": "Fire"}], r"hazards\[1\] needs rating, weapon, side"),
        ([hazard(weapon=0)], r"hazards\[1\]: .*needs a Weapon rating of 1 to 4, not 0"),
        ([hazard(weapon=5)], r"needs a Weapon rating of 1 to 4, not 5"),
        ([hazard(rating="Great")], r"hazards\[1\]: hazard 'fire''s rating is a whole number"),
        ([hazard(name=" ")], r"hazards\[1\]: hazard 'fire' needs a name"),
        ([hazard(side="firemen")], "works for side 'firemen'; the sides are crew, arsonists"),
        ([hazard(side=None)], "works for side None"),
        ([hazard(zone="cellar")], r"is in one of the zones \(floor, loft, yard\), not 'cellar'"),
        ([hazard(id="ruth")], "the id 'ruth' is already someone's"),
        ([hazard(), hazard(name="More Fire")], r"hazards\[2\]: the id 'fire' is already"),
    ],
)
def test_bad_hazards_are_refused_saying_what_is_wrong(hazards: Any, message: str) -> None:
    data = scenario_data("burning-mill")
    data["hazards"] = hazards
    data["order"] = [w for w in data["order"] if w != "smoke"]
    refused(data, message)


def test_hazards_need_the_obstacles_option_and_a_zone_only_where_there_are_zones() -> None:
    data = scenario_data("burning-mill")
    data["options"].remove("obstacles")
    refused(data, "the scenario has hazards: turn on the obstacles option")
    data = scenario_data("flood")
    data["hazards"][0]["zone"] = "cellar"
    refused(data, "names zone 'cellar', but the scenario has no zones")
    data = scenario_data("burning-mill")
    data["order"].append("smoke")
    refused(data, "order must list every fighter once")


@pytest.mark.rule("obstacle.hazard.acts", "obstacle.hazard.weapon", "obstacle.not-attackable")
@pytest.mark.parametrize("name", ["burning-mill", "flood"])
def test_a_hazard_hurts_the_side_it_works_against(name: str) -> None:
    runs = 4000
    with_them = scenario_from_dict(scenario_data(name), base=SCENARIOS)
    without = scenario_from_dict(without_hazards(scenario_data(name)), base=SCENARIOS)
    hurt, spared = play(with_them, runs, seed=8), play(without, runs, seed=8)
    heroes = [i for i, f in enumerate(fight_plan(with_them).fighters) if f.side == 0]
    # The heroes win less often and take more consequences; the hazards, never targets, are
    # not among the fighters, and every finished fight was won by beating the other side.
    assert (hurt.winner == 0).mean() < (spared.winner == 0).mean() - 0.1
    assert hurt.consequences[:, heroes].sum() > 2 * spared.consequences[:, heroes].sum()
    assert hurt.status.shape == spared.status.shape
    assert set(np.unique(hurt.winner).tolist()) <= {-1, 0, 1}


@pytest.mark.rule("obstacle.hazard.acts")
def test_a_hazard_with_nobody_in_reach_creates_advantages_in_both_engines() -> None:
    # Nobody stands in the loft, and nobody has a reason to go there: the beams hit nobody.
    data = scenario_data("burning-mill")
    data["characters"][1]["zone"] = "floor"
    data["hazards"].pop(0)
    data["order"].remove("smoke")
    scenario = scenario_from_dict(data, base=SCENARIOS)
    plan = fight_plan(scenario)
    run = _Run(scenario, plan, Tape(2), 0)
    run.play()
    openings = [
        a
        for a in run.conflict.roster.scene.aspects
        if a.kind is AspectKind.SITUATION and a.name == "An Opening"
    ]
    assert openings and all(a.free_invokes_held_by("beams") for a in openings)
    slow = play(scenario, 40, seed=2, engine="scalar")
    fast = play(scenario, 40, seed=2, engine="vector")
    assert (slow.winner == fast.winner).all() and (slow.exchanges == fast.exchanges).all()
    assert (slow.consequences == fast.consequences).all()
