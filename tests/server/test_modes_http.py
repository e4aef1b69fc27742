"""Modes at a table (issue 41; srd/atomic-robo-SRD.md § Modes): a table on a rule set with modes
names them, a sheet keeps its modes and the skills its modes give, every roll and the odds read
the derived ratings, and a bad sheet is refused at its field, changing nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fatekit.odds.exact import chances

from .conftest import Api  # type: ignore[import-not-found]

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"


def _ruleset() -> Any:
    return json.loads((EXAMPLES / "action-science.ruleset.json").read_text(encoding="utf-8"))


def _sheet() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (EXAMPLES / "action-science.character.json").read_text(encoding="utf-8")
    )
    return data


@pytest.mark.rule("modes.reinforced")
def test_a_sheet_with_modes_at_the_table(api: Api) -> None:
    gm = api.table("Tesladyne", ruleset=_ruleset())
    preset = gm.get("/preset")
    assert [(m["key"], m["names"]["sv"]) for m in preset["modes"]] == [
        ("action", "Action"),
        ("banter", "Snack"),
        ("intrigue", "Intrig"),
        ("science", "Vetenskap"),
    ]
    ann = gm.invite("Ann")
    ann.send("AddCharacter", sheet=json.dumps(_sheet()), owner="ann")
    (vera,) = ann.get("/state")["characters"]
    assert vera["sheet"]["modes"] == {"action": 3, "science": 2, "intrigue": 1}
    assert vera["sheet"]["skill_improvements"] == {"physics": 2, "stealth": 1}
    # Highest first; each skill once, under the highest-rated of its modes.
    assert [(m["key"], m["rating"]) for m in vera["modes"]] == [
        ("action", 3),
        ("science", 2),
        ("intrigue", 1),
    ]
    action, science, intrigue = vera["modes"]
    assert action["skills"][:2] == ["notice", "athletics"]
    assert "physics" in science["skills"] and "notice" not in science["skills"]
    assert intrigue["skills"] == ["stealth", "burglary", "contacts", "deceive"]


@pytest.mark.rule("modes.trained")
def test_a_sheet_comes_in_with_the_ratings_its_modes_give_and_rolls_with_them(api: Api) -> None:
    gm = api.table("Tesladyne", ruleset=_ruleset())
    ann = gm.invite("Ann")
    sheet = _sheet()
    sheet["skills"]["athletics"] = 1  # written wrongly: the engine decides the ratings
    del sheet["skills"]["notice"]
    ann.send("AddCharacter", sheet=json.dumps(sheet), owner="ann")
    (vera,) = ann.get("/state")["characters"]
    assert vera["sheet"]["skills"]["athletics"] == 4 and vera["sheet"]["skills"]["notice"] == 5
    gm.send("StartScene", name="The vault", participants=["vera"])
    # The odds read the derived rating: Athletics +4 against Great (+4).
    odds = ann.get("/odds", actor="vera", skill="athletics", difficulty=4)
    assert odds["modifier"] == 4
    assert odds["chances"]["success"]["p"] == float(chances(4, 4).as_dict()["success"])
    ann.send("Roll", actor="vera", skill="athletics", action="overcome", difficulty=4, dice="+0+-")
    roll = ann.get("/state")["roll"]
    assert roll["effort"] == 5 and roll["outcome"] == "success"
    ann.send("ResolveRoll")
    # A rewrite with a mode rated anew gives new ratings: Science Good, Action Fair.
    sheet = _sheet()
    sheet["modes"] = {"science": 3, "action": 2, "intrigue": 1}
    ann.send("UpdateCharacter", sheet=json.dumps(sheet))
    skills = ann.get("/state")["characters"][0]["sheet"]["skills"]
    assert (skills["physics"], skills["combat"], skills["notice"]) == (5, 2, 5)


@pytest.mark.rule("modes.ratings")
def test_a_bad_sheet_is_refused_at_its_field_and_changes_nothing(api: Api) -> None:
    gm = api.table("Tesladyne", ruleset=_ruleset())
    version = gm.get("/state")["table"]["version"]
    sheet = _sheet()
    sheet["modes"]["action"] = 11
    body = gm.send("AddCharacter", expect=422, sheet=json.dumps(sheet))
    assert body["error"] == "malformed"
    assert "$.modes.action" in body["fields"]["data.sheet"]
    sheet = _sheet()
    sheet["skill_improvements"]["physics"] = -1
    body = gm.send("AddCharacter", expect=422, sheet=json.dumps(sheet))
    assert "$.skill_improvements.physics: -1 is less than 0" in body["detail"]
    state = gm.get("/state")
    assert state["table"]["version"] == version and state["characters"] == []


def test_a_rule_set_with_modes_is_checked_before_a_table_opens_on_it(api: Api) -> None:
    found = api.client.post("/rules/rulesets/check", json=_ruleset())
    body = found.json()
    assert found.status_code == 200 and body["usable"] is True, body
    bad = _ruleset()
    bad["shape"]["modes"][3]["skills"].append("alchemy")
    refused = api.client.post("/rules/rulesets/check", json=bad).json()
    assert refused["usable"] is False
    assert refused["problems"] == [
        "$.shape.modes[3].skills[8]: 'alchemy' is not on the rule set's skill list(s)"
    ]
    refused = api.client.post("/tables", json={"name": "X", "ruleset": bad})
    assert refused.status_code == 422
    assert "ruleset.shape.modes[3].skills[8]" in refused.json()["fields"]
    assert api.store.list_tables() == []
    gm = api.table("Tesladyne", ruleset=_ruleset())
    preset = gm.get("/preset")
    assert preset["mode_ratings"] == [3, 2, 1] and preset["mode_steps"] == 2
