"""A scenario's big bad (the big-bads optional rule): the ``big_bad`` object is checked by the
rules engine's own constructors, both engines play its solo bonuses as the rules engine decides
them, and those bonuses turn the odds its way."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from fatekit.odds import fight_plan, load_scenario, play, scenario_from_dict
from fatekit.odds.big_bad import big_bad_to_dict
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
    assert not bad.solo.amplified and bad.solo.suppress is None
    assert scenario_from_dict({k: v for k, v in lich().items() if k != "big_bad"}).big_bad is None


@pytest.mark.parametrize(
    ("big_bad", "message"),
    [
        ("lich", "big_bad is an object"),
        ({"solo_skill": True}, "big_bad.character_id names one of the scenario's characters"),
        ({"character_id": "nobody"}, "not 'nobody'"),
        ({"character_id": "lich", "solo_skill": "yes"}, "big_bad.solo_skill is true or false"),
        ({"character_id": "lich", "minions": ["servant"]}, "unknown field(s) minions"),
        ({"character_id": "lich", "solo_no_free_stacking": True}, "unknown field(s) solo_no_"),
        ({"character_id": "lich", "solo_suppress": "reroll_only"}, "plays 'plus_one'"),
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
    assert conflict.big_bad_rules.big_bads["lich"] == scenario.big_bad
    assert not conflict.big_bad_rules.facing("lich").solo  # its bone servant still stands beside it


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


@pytest.mark.rule("big-bad.solo.amplified-invokes", "big-bad.solo.suppressed-invokes")
def test_the_vectorized_engine_bends_invokes_once_the_big_bad_stands_alone() -> None:
    plan = fight_plan(load_scenario(SCENARIOS / "lich.json"))
    batch = _Batch(plan, 0, 3, seed=1)
    lich_, ada = plan.index("lich"), plan.index("ada")
    runs = np.arange(3)
    batch.status[1:, plan.index("servant")] = TAKEN_OUT  # alone in runs 1 and 2
    batch.free[2, lich_] = 1  # in run 2 the lich holds a free invoke, spent first
    everyone = np.arange(3)
    # Its paid invokes are worth the number of PCs (3), free ones +2.
    own = batch.invoke_worth(runs, np.full(3, lich_), np.full(3, ada), everyone)
    assert own.tolist() == [2, 3, 2]
    # Its foes' invokes against it give only +1.
    against = batch.invoke_worth(runs, np.full(3, ada), np.full(3, lich_), everyone)
    assert against.tolist() == [2, 1, 1]
    between_others = batch.invoke_worth(runs, np.full(3, ada), np.full(3, ada), everyone)
    assert between_others.tolist() == [2, 2, 2]


@pytest.mark.rule("big-bad.solo.amplified-invokes", "big-bad.solo.suppressed-invokes")
@pytest.mark.parametrize(("engine", "runs"), [("vector", 4000), ("scalar", 150)])
def test_bent_invokes_alone_turn_the_odds_the_big_bads_way(engine: str, runs: int) -> None:
    data = lich()
    data["big_bad"] = {"character_id": "lich", "solo_amplified": True, "solo_suppress": "plus_one"}
    bent = play(scenario_from_dict(data), runs, seed=7, engine=engine).winner == 1
    del data["big_bad"]
    plain = play(scenario_from_dict(data), runs, seed=7, engine=engine).winner == 1
    assert bent.mean() > plain.mean() + 0.03


@pytest.mark.rule("big-bad.solo.skill", "big-bad.solo.stress")
@pytest.mark.parametrize(("engine", "runs"), [("vector", 4000), ("scalar", 150)])
def test_solo_bonuses_turn_the_odds_the_big_bads_way(engine: str, runs: int) -> None:
    with_bonuses = load_scenario(SCENARIOS / "lich.json")
    plain = scenario_from_dict({k: v for k, v in lich().items() if k != "big_bad"})
    barrow = 1  # the lich's side
    won = play(with_bonuses, runs, seed=7, engine=engine).winner == barrow
    won_plain = play(plain, runs, seed=7, engine=engine).winner == barrow
    assert won.mean() > 0.8 > 0.1 > won_plain.mean()


# -- true forms --------------------------------------------------------------------------------


def cult() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCENARIOS / "cult.json").read_text(encoding="utf-8"))
    return data


def same_runs(first: Any, second: Any) -> None:
    assert (first.winner == second.winner).all()
    assert (first.exchanges == second.exchanges).all()
    assert (first.status == second.status).all()
    assert (first.consequences == second.consequences).all()
    assert (first.fate_points == second.fate_points).all()


def test_forms_are_read_as_character_sheets_under_the_big_bads_id(tmp_path: Path) -> None:
    bad = load_scenario(SCENARIOS / "cult.json").big_bad
    assert bad is not None and bad.forms is not None and not bad.forms.gentle
    assert [f.name for f in bad.forms.forms] == ["High Priest Oszkar", "The Hungry God"]
    assert {f.id for f in bad.forms.forms} == {"priest"}
    data = cult()
    god = {"format": "fatekit-character", "version": 1, "id": "priest", "preset": "condensed"}
    god.update(data["big_bad"]["forms"][0]["character"])
    (tmp_path / "god.json").write_text(json.dumps(god), encoding="utf-8")
    data["big_bad"].update(forms=[{"file": "god.json"}], gentle=True)
    from_file = scenario_from_dict(data, base=tmp_path).big_bad
    assert from_file is not None and from_file.forms is not None and from_file.forms.gentle
    assert from_file.forms.forms[1].name == "The Hungry God"


def _form(change: dict[str, Any]) -> Any:
    return lambda d: d["big_bad"]["forms"][0]["character"].update(change)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["big_bad"].update(forms=[]), "big_bad.forms is a non-empty list"),
        (lambda d: d["big_bad"].update(forms=[{"sheet": 1}]), "exactly one of 'file' and"),
        (_form({"id": "someone"}), "every form plays the same participant"),
        (_form({"kind": "pc", "skills": {"fight": 5}}), "not a legal Fate Condensed character"),
        (
            _form({"aspects": [{"kind": "high_concept", "name": "God", "free_invokes": ["ines"]}]}),
            "free invokes",
        ),
        (
            lambda d: d["big_bad"].pop("forms") and d["big_bad"].update(gentle=True),
            "give the forms",
        ),
        (lambda d: d["big_bad"].update(gentle="yes"), "big_bad.gentle is true or false"),
        (lambda d: d.update(options=["big_bads", "extreme_consequences"]), "extreme_consequences"),
        (lambda d: d.update(options=["big_bads", "conditions"]), "the conditions option"),
    ],
)
def test_bad_forms_say_what_is_wrong(change: Any, message: str) -> None:
    data = cult()
    change(data)
    with pytest.raises(BadInput) as error:
        scenario_from_dict(data)
    assert message in str(error.value)


def test_forms_the_engines_cannot_play_are_refused_when_planned() -> None:
    data = cult()
    data["sides"]["cult"]["policy"] = {"teamwork": "weaker_help"}
    with pytest.raises(BadInput, match="no teamwork on the side of a big bad with true forms"):
        fight_plan(scenario_from_dict(data))
    data = cult()
    # A form with no consequence slot of its own cannot take what the one before carries over.
    data["big_bad"].update(gentle=True)
    data["big_bad"]["forms"][0]["character"]["kind"] = "minor_npc"
    data["big_bad"]["forms"][0]["character"]["skills"] = {"fight": 3}
    with pytest.raises(BadInput, match="too few free consequence slots"):
        fight_plan(scenario_from_dict(data))


@pytest.mark.rule("big-bad.true-form")
def test_taking_out_a_form_brings_on_the_next_in_both_engines() -> None:
    with_form = load_scenario(SCENARIOS / "cult.json")
    data = cult()
    del data["big_bad"]["forms"]
    one_form = scenario_from_dict(data)
    for engine, runs in (("vector", 2000), ("scalar", 100)):
        two = play(with_form, runs, seed=3, engine=engine)
        one = play(one_form, runs, seed=3, engine=engine)
        priest = fight_plan(with_form).index("priest")
        # Taken out once, the priest is still in the fight as the god; only the god's fall ends it.
        assert two.exchanges.mean() > one.exchanges.mean()
        assert (two.winner == 1).mean() > (one.winner == 1).mean()
        assert (two.status[two.winner == 0, priest] == TAKEN_OUT).all()
        assert (two.status >= 0).all()  # a form never revealed is never reported
        assert two.consequences[:, priest].sum() > one.consequences[:, priest].sum()


@pytest.mark.rule("big-bad.true-form", "big-bad.true-form.gentle")
@pytest.mark.parametrize("forms", [2, 3])
def test_gentle_forms_play_alike_run_by_run_in_both_engines(forms: int) -> None:
    data = cult()
    data["big_bad"]["gentle"] = True
    god = data["big_bad"]["forms"][0]
    data["big_bad"]["forms"] = [god] * (forms - 1)
    scenario = scenario_from_dict(data)
    reference = play(scenario, 150, seed=11, engine="scalar")
    same_runs(play(scenario, 150, seed=11, engine="vector"), reference)
    # Carried over, the consequences leave the next form weaker than a fresh one.
    data["big_bad"]["gentle"] = False
    fresh = play(scenario_from_dict(data), 2000, seed=11, engine="vector")
    gentle = play(scenario, 2000, seed=11, engine="vector")
    assert (gentle.winner == 1).mean() < (fresh.winner == 1).mean()


def test_a_big_bad_written_back_keeps_only_the_forms_still_to_come() -> None:
    bad = load_scenario(SCENARIOS / "cult.json").big_bad
    assert bad is not None and bad.forms is not None
    written = big_bad_to_dict(bad)
    assert [f["character"]["name"] for f in written["forms"]] == ["The Hungry God"]
    revealed, _ = bad.forms.reveal(bad.forms.forms[0])
    assert "forms" not in big_bad_to_dict(replace(bad, forms=revealed))
    data = cult()
    data["big_bad"] = written
    again = scenario_from_dict(data).big_bad
    assert again is not None and again.forms is not None
    assert again.forms.forms[1].skills == bad.forms.forms[1].skills


@pytest.mark.rule("big-bad.solo.skill", "big-bad.solo.stress", "big-bad.true-form")
@pytest.mark.parametrize(
    ("name", "side"), [("lich", "party"), ("lich", "barrow"), ("cult", "hunters")]
)
def test_a_hazard_beside_a_big_bad_plays_alike_run_by_run_in_both_engines(
    name: str, side: str
) -> None:
    # A hazard attacking the big bad meets its solo bonuses and may bring on its next form;
    # one on its side leaves it never alone.
    data = lich() if name == "lich" else cult()
    data["options"] = [*data["options"], "obstacles"]
    fire = {"id": "fire", "name": "Spreading Fire", "rating": 2, "weapon": 1, "side": side}
    if "zones" in data:
        fire["zone"] = data["zones"]["zones"][-1]
        data["big_bad"]["gentle"] = True
    data["hazards"] = [fire]
    scenario = scenario_from_dict(data)
    reference = play(scenario, 100, seed=11, engine="scalar")
    same_runs(play(scenario, 100, seed=11, engine="vector"), reference)
