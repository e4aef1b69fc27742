"""A scenario's big bad (the big-bads optional rule): the ``big_bad`` object is checked by the
rules engine's own constructors, both engines play its solo bonuses as the rules engine decides
them, and those bonuses turn the odds its way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from fatekit.odds import fight_plan, load_scenario, play, scenario_from_dict
from fatekit.odds.outcomes import TAKEN_OUT
from fatekit.odds.plan import start_conflict
from fatekit.odds.vector import _Batch
from fatekit.rules import BadInput

SCENARIOS = Path(__file__).parent / "scenarios"


def lich() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCENARIOS / "lich.json").read_text(encoding="utf-8"))
    return data


def test_the_big_bad_is_read_with_the_commands_defaults() -> None:
    data = lich()
    data["big_bad"] = {"character_id": "lich", "solo_skill": True}
    bad = scenario_from_dict(data).big_bad
    assert bad is not None and bad.id == "lich"
    assert bad.solo.skill and bad.solo.skill_capped
    assert not bad.solo.stress and not bad.solo.stress_floor_one
    assert scenario_from_dict({k: v for k, v in lich().items() if k != "big_bad"}).big_bad is None


@pytest.mark.parametrize(
    ("big_bad", "message"),
    [
        ("lich", "big_bad is an object"),
        ({"solo_skill": True}, "big_bad.character_id names one of the scenario's characters"),
        ({"character_id": "nobody"}, "not 'nobody'"),
        ({"character_id": "lich", "solo_skill": "yes"}, "big_bad.solo_skill is true or false"),
        ({"character_id": "lich", "minions": ["servant"]}, "unknown field(s) minions"),
        ({"character_id": "lich", "solo_amplified": True}, "unknown field(s) solo_amplified"),
    ],
)
def test_a_bad_big_bad_says_what_is_wrong(big_bad: Any, message: str) -> None:
    data = lich()
    data["big_bad"] = big_bad
    with pytest.raises(BadInput, match="big_bad"):
        scenario_from_dict(data)
    with pytest.raises(BadInput) as error:
        scenario_from_dict(data)
    assert message in str(error.value)


def test_a_big_bad_needs_the_option() -> None:
    data = lich()
    data["options"] = []
    with pytest.raises(BadInput, match="needs the big_bads option"):
        scenario_from_dict(data)


@pytest.mark.rule("big-bad.solo.skill", "big-bad.solo.stress")
def test_the_scalar_engine_gives_its_conflict_the_big_bad() -> None:
    scenario = load_scenario(SCENARIOS / "lich.json")
    _, conflict = start_conflict(scenario)
    assert conflict.big_bads["lich"] == scenario.big_bad
    assert not conflict.facing("lich").solo  # its bone servant still stands beside it


@pytest.mark.rule("big-bad.solo.skill", "big-bad.solo.stress")
def test_the_vectorized_engine_gives_the_bonuses_once_the_big_bad_stands_alone() -> None:
    plan = fight_plan(load_scenario(SCENARIOS / "lich.json"))
    batch = _Batch(plan, 0, 4, seed=1)
    lich_, servant = plan.index("lich"), plan.index("servant")
    runs = np.arange(4)
    batch.status[2:, servant] = TAKEN_OUT  # the servant has fallen in runs 2 and 3
    batch.status[3, plan.index("ada")] = TAKEN_OUT  # and in run 3 one PC too
    # Fight +4 against three PCs: +2 (the PCs less one); against two, +1.
    assert batch.solo_skill(lich_, runs, "close").tolist() == [0, 0, 2, 1]
    assert batch.solo_skill(plan.index("ada"), runs, "close").tolist() == [0, 0, 0, 0]
    # A hit of 3 loses half the PCs rounded up (2 of 3, 1 of 2), never going below 1.
    hits = np.array([3, 3, 3, 1])
    assert batch.solo_reduce(runs, np.full(4, lich_), hits).tolist() == [3, 3, 1, 1]
    assert batch.solo_reduce(runs, np.full(4, servant), hits).tolist() == [3, 3, 3, 1]


@pytest.mark.rule("big-bad.solo.skill", "big-bad.solo.stress")
@pytest.mark.parametrize(("engine", "runs"), [("vector", 4000), ("scalar", 150)])
def test_solo_bonuses_turn_the_odds_the_big_bads_way(engine: str, runs: int) -> None:
    with_bonuses = load_scenario(SCENARIOS / "lich.json")
    plain = scenario_from_dict({k: v for k, v in lich().items() if k != "big_bad"})
    barrow = 1  # the lich's side
    won = play(with_bonuses, runs, seed=7, engine=engine).winner == barrow
    won_plain = play(plain, runs, seed=7, engine=engine).winner == barrow
    assert won.mean() > 0.8 > 0.1 > won_plain.mean()
