"""Scenario files: what loads, and what is refused with a message that says why."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fatekit.odds import fight_plan, load_scenario, scenario_from_dict
from fatekit.odds.scenario import AdvantagePolicy, InvokeAim, TargetPolicy
from fatekit.rules import BadInput

SCENARIOS = Path(__file__).parent / "scenarios"


def scenario_data(name: str) -> dict[str, Any]:
    """A scenario file's JSON, to change in a test."""
    data: dict[str, Any] = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def test_every_example_scenario_loads_and_plans() -> None:
    for path in sorted(SCENARIOS.glob("*.json")):
        scenario = load_scenario(path)
        plan = fight_plan(scenario)
        assert len(plan.fighters) == len(scenario.fighters) >= 2
        assert sorted(plan.order) == list(range(len(plan.fighters)))


def test_copies_make_numbered_fighters_and_sides_name_them_together() -> None:
    scenario = load_scenario(SCENARIOS / "warehouse.json")
    assert scenario.sides[1].members == ("og", "thug-1", "thug-2", "thug-3", "thug-4")
    thug = scenario.fighters["thug-3"].character
    assert thug.name == "Dockside thug 3"
    assert all(a.owner == "thug-3" for a in thug.aspects)


def test_policies_are_read_with_defaults() -> None:
    scenario = load_scenario(SCENARIOS / "pier.json")
    crew, smugglers = (side.policy for side in scenario.sides)
    assert crew.target is TargetPolicy.RANDOM
    assert crew.advantage is AdvantagePolicy.NO_FREE_INVOKES
    assert crew.invoke_for is InvokeAim.HIT and crew.max_invokes == 3
    assert smugglers.concede_after == 1 and smugglers.max_invokes == 2


def test_the_plan_reads_skills_stunts_and_equipment() -> None:
    plan = fight_plan(load_scenario(SCENARIOS / "pier.json"))
    ruth, ethan, boss = (plan.fighters[plan.index(w)] for w in ("ruth", "ethan", "boss"))
    assert (ruth.close.skill, ruth.close.modifier) == ("fight", 6)  # Great plus Haymaker
    assert ruth.ranged is None and ruth.weapon == 1
    assert ethan.ranged is not None and ethan.ranged.skill == "shoot"
    assert ethan.advantage.skill == "crafts" and ethan.advantage.extra_invokes == 1
    # Fight parries blows but not bullets; between equals the first on the skill list defends.
    assert ruth.defend_close.skill == "fight" and ruth.defend_ranged.skill == "athletics"
    assert boss.defend_close.skill == "athletics"
    assert boss.armor == 1 and not boss.pc
    assert plan.order == tuple(plan.index(w) for w in ("ruth", "boss", "ethan", "goon-1", "goon-2"))
    assert plan.distance[0][2] == 2 and plan.next_hop[0][2] == 1


def test_fate_core_orders_turns_by_notice() -> None:
    plan = fight_plan(load_scenario(SCENARIOS / "warehouse.json"))
    assert [plan.fighters[i].id for i in plan.order][:3] == ["cynere", "zird", "landon"]
    # A new scene's pool: one per PC. Og's own three fate points stay out of it
    # (fate-condensed.ru.md § Your Fate Points), as he has conceded nothing yet.
    assert plan.gm_pool == 3


def test_character_files_are_read_relative_to_the_scenario(tmp_path: Path) -> None:
    data = scenario_data("ghoul")
    sheet = {"format": "fatekit-character", "version": 1, **data["characters"][0]["character"]}
    (tmp_path / "charles.json").write_text(json.dumps(sheet), encoding="utf-8")
    data["characters"][0] = {"file": "charles.json"}
    (tmp_path / "fight.json").write_text(json.dumps(data), encoding="utf-8")
    assert (
        load_scenario(tmp_path / "fight.json").fighters["charles"].character.skills["athletics"]
        == 3
    )


def refused(data: Any, message: str) -> None:
    with pytest.raises(BadInput, match=message):
        fight_plan(scenario_from_dict(data))


def test_a_side_naming_a_missing_character_is_refused() -> None:
    data = scenario_data("ghoul")
    data["sides"]["charles"]["members"].append("ruth")
    refused(data, "names 'ruth', who is not among the scenario's characters")


def test_an_illegal_character_is_refused_with_its_problems() -> None:
    data = scenario_data("ghoul")
    data["characters"][0]["character"]["skills"]["fight"] = 5  # above a starting pyramid
    refused(data, "charles is not a legal Fate Condensed character: .*above the peak")


def test_a_missing_character_file_is_refused(tmp_path: Path) -> None:
    data = scenario_data("ghoul")
    data["characters"][0] = {"file": "nobody.json"}
    (tmp_path / "fight.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BadInput, match=r"cannot read .*nobody\.json"):
        load_scenario(tmp_path / "fight.json")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(kind="social"), "kind is 'physical' or 'mental'"),
        (lambda d: d.update(preset="gurps"), "unknown preset 'gurps'"),
        (lambda d: d.update(colour="red"), "unknown field"),
        (lambda d: d["sides"].pop("ghoul"), "exactly two sides"),
        (lambda d: d["sides"]["ghoul"].update(policy={"target": "prettiest"}), "target is one of"),
        (lambda d: d["sides"]["ghoul"].update(policy={"max_invokes": -1}), "at least 0"),
        (lambda d: d["sides"]["charles"]["members"].append("ghoul"), "cannot be on two sides"),
        (lambda d: d["characters"][1].update(weapon=2), "turn on the weapon_and_armor option"),
        (lambda d: d["characters"][1].update(zone="cellar"), "has no zones"),
        (lambda d: d.update(order=["ghoul"]), "order must list every fighter once"),
        (lambda d: d.update(max_exchanges=0), "max_exchanges must be at least 1"),
        (lambda d: d["aspects"][0].update(free_invokes={"ruth": 1}), "unknown 'ruth'"),
        (lambda d: d.update(options=[]), "as you play"),
        (
            lambda d: d["sides"]["charles"].update(policy={"advantage_skill": "juggling"}),
            "advantage_skill",
        ),
        (
            lambda d: d["sides"]["ghoul"].update(policy={"full_defense_after": 0}),
            "full_defense_after needs full defense in play",
        ),
        (
            lambda d: (
                d.update(options=["creation_as_you_play", "full_defense"])
                or d["sides"]["ghoul"].update(policy={"full_defense_after": "soon"})
            ),
            "full_defense_after must be a whole number",
        ),
    ],
)
def test_bad_scenarios_say_what_is_wrong(change: Any, message: str) -> None:
    data = scenario_data("ghoul")
    change(data)
    refused(data, message)


def test_zone_mistakes_are_refused() -> None:
    data = scenario_data("pier")
    data["zones"]["connect"] = [["pier", "boathouse"]]
    refused(data, "zones street cannot be reached")
    data = scenario_data("pier")
    data["characters"][0]["zone"] = "moon"
    refused(data, "must stand in one of the zones")
    data = scenario_data("pier")
    data["characters"][0]["weapon"] = 5
    refused(data, "Weapon rating runs from 0 to 4")


def test_turn_order_cannot_be_given_where_skills_decide_it() -> None:
    data = scenario_data("warehouse")
    data["order"] = ["og", "cynere", "zird", "landon", "thug-1", "thug-2", "thug-3", "thug-4"]
    refused(data, "orders turns by skill")


def test_a_scenario_file_must_be_json(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(BadInput, match="not JSON"):
        load_scenario(tmp_path / "bad.json")


def test_scale_levels_need_the_option_and_reach_the_plan() -> None:
    plan = fight_plan(load_scenario(SCENARIOS / "vampire.json"))
    assert [f.scale for f in plan.fighters] == [1, 0, 1]  # supernatural, mundane, supernatural
    data = scenario_data("vampire")
    data["options"] = ["extreme_consequences"]
    refused(data, "turn on the scale option")
    data = scenario_data("vampire")
    data["characters"][2]["scale"] = "divine"
    refused(data, "no scale level 'divine'")


def test_reports_give_wilson_intervals() -> None:
    from fatekit.odds import wilson_interval

    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 20)[0] == 0.0 and 0 < wilson_interval(0, 20)[1] < 0.2


def test_full_defense_follows_the_tables_version() -> None:
    condensed = load_scenario(SCENARIOS / "standoff.json")
    assert condensed.sides[1].policy.full_defense_after == 1
    assert fight_plan(condensed).full_defense_boost  # Fate Condensed's optional rule
    core = load_scenario(SCENARIOS / "last-stand.json")
    assert core.sides[1].policy.full_defense_after == 1
    assert not fight_plan(core).full_defense_boost  # Fate Core's: +2, and no boost


@pytest.mark.parametrize("engine", ["scalar", "vector"])
def test_a_side_always_on_full_defense_never_hurts_anyone(engine: str) -> None:
    from fatekit.odds import play

    data = scenario_data("standoff")
    data["sides"]["guards"]["policy"]["full_defense_after"] = 0
    scenario = scenario_from_dict(data, base=SCENARIOS)
    outcomes = play(scenario, 60, seed=3, engine=engine)
    heroes = [i for i, f in enumerate(fight_plan(scenario).fighters) if f.side == 0]
    assert outcomes.consequences[:, heroes].sum() == 0
    assert (outcomes.winner != 1).all()  # bracing wins nothing
    braced = play(scenario_from_dict(scenario_data("standoff"), base=SCENARIOS), 60, seed=3)
    assert outcomes.exchanges.mean() > braced.exchanges.mean()  # bracing from the start drags on


def test_the_simulator_refuses_what_it_does_not_weigh_yet_with_the_reason() -> None:
    data = scenario_data("warehouse")
    data["options"] = [*data.get("options", []), "weight"]
    scenario_from_dict(data, base=SCENARIOS)  # people one by one: weighed
    mob = scenario_data("warehouse")
    mob["options"] = [*mob.get("options", []), "weight"]
    mob["characters"][-1]["character"].update(kind="mob", members=3)
    with pytest.raises(BadInput, match="does not weigh a mob yet"):
        scenario_from_dict(mob, base=SCENARIOS)
    for name, why in (("burning-mill", "hazards"), ("lich", "a big bad")):
        data = scenario_data(name)
        data["options"] = [*data.get("options", []), "weight"]
        with pytest.raises(BadInput, match=f"does not weigh {why} yet"):
            scenario_from_dict(data, base=SCENARIOS)
