"""War of Ashes offered when a table is made (issue 41): ``POST /tables`` with ``preset: woa``
plays weight without the option being chosen, reads the book's sample minion with its weight,
and the page offers the rule set beside the four others (srd/war-of-ashes.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from fatekit.rules.characters.presets import APPROACH_PRESETS, BUILTIN_KEYS

from .conftest import Api  # type: ignore[import-not-found]

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "docs" / "examples" / "war-of-ashes"


def _page_list(name: str) -> list[str]:
    text = (ROOT / "fatekit" / "web" / "js" / "start" / "choices.js").read_text(encoding="utf-8")
    found = re.search(rf"export const {name} = (\[[^\]]*\]);", text)
    assert found is not None, name
    listed: list[str] = json.loads(found.group(1))
    return listed


def test_the_page_offers_every_built_in_and_names_approaches_as_the_engine_does() -> None:
    assert _page_list("PRESETS") == list(BUILTIN_KEYS)
    assert _page_list("APPROACH_PRESETS") == list(APPROACH_PRESETS)


@pytest.mark.rule("weight.sides")
def test_a_war_of_ashes_table_weighs_without_choosing_weight(api: Api) -> None:
    gm = api.table("Agaptus", preset="woa")
    table = gm.get("/state")["table"]
    assert (table["preset"], table["ruleset"], table["options"]) == ("woa", False, ["weight"])
    preset = gm.get("/preset")
    assert preset["name"] == "War of Ashes" and preset["own_options"] == ["weight"]
    assert preset["skill_list"] == "approaches" and preset["turn_order"] == "approach_order"
    sheet = (SAMPLES / "carnivorous-fish.character.json").read_text(encoding="utf-8")
    gm.send("AddCharacter", sheet=sheet)
    (fish,) = gm.get("/state")["characters"]
    assert fish["sheet"]["weight"] == 2 and fish["sheet"]["preset"] == "woa"
    # The rule set's own file is what the page downloads to start a hack from.
    own = api.client.get("/rules/rulesets/woa").json()
    assert own["options"] == ["weight"] and own["source"] == "srd/war-of-ashes.md"
