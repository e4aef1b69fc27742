"""Conditions over HTTP (issue 41): the rule set's conditions reach the page's preset, and a bad
request about them is refused with a 4xx naming the field or the refusal, the table unchanged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .conftest import Api  # type: ignore[import-not-found]

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"


def example(name: str) -> Any:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def test_conditions_over_http_and_the_refusals_that_change_nothing(api: Api) -> None:
    gm = api.table("Dry well", ruleset=example("ember-road.ruleset.json"))
    preset = gm.get("/preset")
    assert preset["conditions"][0] == {
        "key": "angry",
        "name": "Angry",
        "names": {"ru": "Злость", "it": "Arrabbiato", "sv": "Arg"},
        # As the engine reads it (the file leaves boxes and shifts to the kind): the rule-set
        # editor's preview shows these.
        "kind": "fleeting",
        "boxes": 1,
        "shifts": 1,
    }
    broken = next(c for c in preset["conditions"] if c["key"] == "broken")
    assert (broken["kind"], broken["boxes"], broken["shifts"]) == ("lasting", 2, 4)
    sheet = (EXAMPLES / "ember-road.character.json").read_text(encoding="utf-8")
    gm.send("AddCharacter", sheet=sheet)
    before = gm.get("/state")
    sleepy = gm.send("MarkCondition", 422, character_id="tamsin", key="sleepy")
    assert sleepy["code"] == "no_condition", sleepy
    assert gm.get("/state") == before
    gm.send("MarkCondition", character_id="tamsin", key="wounded")
    marked = gm.get("/state")
    twice = gm.send("MarkCondition", 409, character_id="tamsin", key="wounded")
    assert twice["rule"]["key"] == "toolkit.conditions.lasting-boxes", twice
    past = gm.send("RecoverCondition", 422, character_id="tamsin", key="wounded", effort=99)
    assert past["fields"] == {"data.effort": "a whole number from -30 to 30"}
    assert gm.get("/state") == marked  # the refusals after the mark changed nothing
    assert marked != before
    (tamsin,) = marked["characters"]
    assert tamsin["sheet"]["conditions"]["wounded"]["boxes"] == 2
