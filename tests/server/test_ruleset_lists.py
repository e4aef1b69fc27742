"""GET /rules/rulesets/{key}?skill_list=: a built-in as a table playing an alternative list has
it, the preset's shape kept for the GM to change in the editor (docs/rulesets.md)."""

from __future__ import annotations

import json

import pytest

from fatekit.rules.characters.skill_lists import APPROACHES

from .conftest import Api  # type: ignore[import-not-found]


@pytest.mark.rule("option.changing-skill-list", "shape.column")
def test_core_with_the_approaches_comes_with_its_shape_to_fix(api: Api) -> None:
    got = api.client.get("/rules/rulesets/core", params={"skill_list": "approaches"})
    assert got.status_code == 200, got.text
    data = got.json()
    assert data["key"] == "core-approaches" and data["name"] == "Fate Core (Approaches)"
    [listed] = data["skill_lists"]
    assert [s["key"] for s in listed["skills"]] == list(APPROACHES.keys)
    # What names a skill is carried over as the engine plays the list: Physique and Will are
    # not on it, so no skill lengthens a track, none attacks or defends, and nothing orders a
    # conflict (elective order); the rest of Fate Core stays.
    assert [(t["harm"], t["skill"]) for t in data["stress"]["tracks"]] == [
        ("physical", None),
        ("mental", None),
    ]
    assert data["skill_uses"] == []
    assert data["turn_order"] == {"style": "elective"}
    assert data["stress"]["style"] == "escalating" and "extreme_consequences" in data["options"]
    # The shape is Fate Core's pyramid, which six approaches cannot fill: the check says so.
    assert data["shape"] == {"type": "pyramid", "peak": 4}
    checked = api.client.post("/rules/rulesets/check", json=data).json()
    assert checked["usable"] is False
    assert any("needs a longer list" in p for p in checked["problems"]), checked["problems"]
    # Two columns of three tiers fit the six: the file is then usable, and a table plays it.
    data["shape"] = {"type": "column", "peak": 3, "width": 2}
    checked = api.client.post("/rules/rulesets/check", json=data).json()
    assert checked["usable"] is True, checked
    assert checked["preset"]["skills"] == list(APPROACHES.keys)
    assert checked["preset"]["peak"] == 3
    gm = api.table("Approaches", ruleset={**data, "key": "core-approaches-hack"})
    assert gm.get("/preset")["skills"] == list(APPROACHES.keys)
    sheet = {
        "format": "fatekit-character",
        "version": 1,
        "id": "ada",
        "name": "Ada",
        "skills": {"careful": 3, "quick": 3, "clever": 2, "flashy": 2, "forceful": 1},
    }
    gm.send("AddCharacter", sheet=json.dumps(sheet))
    (ada,) = gm.get("/state")["characters"]
    assert ada["sheet"]["skills"]["careful"] == 3


@pytest.mark.rule("option.changing-skill-list")
def test_the_preset_own_list_keeps_its_order_and_an_unknown_list_is_refused(api: Api) -> None:
    # Fate Accelerated with the approaches it already has: Quick and Careful still order turns.
    same = api.client.get("/rules/rulesets/fae", params={"skill_list": "approaches"}).json()
    assert same["turn_order"] == {
        "style": "approach_order",
        "physical": ["quick"],
        "mental": ["careful"],
    }
    assert api.client.post("/rules/rulesets/check", json=same).json()["usable"] is True
    missing = api.client.get("/rules/rulesets/core", params={"skill_list": "moods"})
    assert missing.status_code == 422
    assert "approaches" in missing.text and "values" in missing.text  # it names the lists
