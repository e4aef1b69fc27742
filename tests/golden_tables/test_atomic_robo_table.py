"""The golden Atomic Robo table (issue 41), played again command by command: the lab of
docs/examples/atomic-robo (its book's examples roll no dice) on the built-in ``atomicrobo`` rule
set. Today's engine decides every command again; Dr. Okafor's file names her modes and steps
only, the ratings they give are the recorded ones, and so are the events."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .test_golden_tables import HERE, recorder

GOLDEN = HERE / "atomic-lab.json"

#: Each roll: its effort and opposition, and each side's actor, skill, stunts and their bonuses.
ROLLS = [
    # Fair Science, Physics specialized (+4), Field Instruments +2, against Good (+3).
    ("RollMade", 6, 3, [("okafor", "physics", ["Field Instruments"], [2])]),
    # Notice in all three of her modes: Good + 2, Superb (+5), rolled -1.
    ("RollMade", 4, 3, [("okafor", "notice", [], [])]),
    # Athletics in Action and Intrigue: Good + 1, Great (+4), defending.
    ("AttackRolled", 5, 4, [("crate", "combat", [], []), ("okafor", "athletics", [], [])]),
]


def _rolls(events: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    found = []
    for e in events:
        facts = e["data"].get("facts")
        for r in facts.get("rolls", []) if isinstance(facts, dict) else []:
            sides = [
                (s["actor"], s["skill"], s["stunts"], [b["amount"] for b in s["bonuses"]])
                for s in r["sides"]
            ]
            found.append((e["type"], r["effort"], r["opposition"], sides))
    return found


def _sheet(events: list[dict[str, Any]], who: str) -> dict[str, Any]:
    added = next(
        e for e in events if e["type"] == "CharacterAdded" and e["data"]["character_id"] == who
    )
    sheet: dict[str, Any] = json.loads(added["data"]["sheet"])
    return sheet


@pytest.mark.rule("modes.trained", "modes.reinforced", "modes.improve")
def test_the_lab_plays_again_on_the_atomic_robo_rule_set() -> None:
    recipe = recorder.recipes()["atomic-lab"]
    with recorder.played(recipe) as (client, table):
        gm = table.service.links.issue(table.table_id, "gm").token
        events = recorder.export_of(client, table.table_id, gm)["events"]
        state = client.get(f"/tables/{table.table_id}/state", headers={"X-Fatekit-Link": gm}).json()
    assert events[0]["data"]["preset"] == "atomicrobo"
    assert _rolls(events) == ROLLS
    # The file named modes and steps; the log holds the ratings they give.
    okafor = _sheet(events, "okafor")
    assert okafor["modes"] == {"action": 3, "science": 2, "intrigue": 1}
    skills = okafor["skills"]
    assert (skills["notice"], skills["athletics"], skills["physics"], skills["stealth"]) == (
        5,
        4,
        4,
        2,
    )
    (her,) = [c for c in state["characters"] if c["id"] == "okafor"]
    # Two stunts from refresh 6.
    assert her["sheet"]["refresh"] == 4
    assert [b["marked"] for b in her["sheet"]["stress"]["physical"]] == [True, False]
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))["export"]["events"]
    assert [e["type"] for e in events] == [e["type"] for e in recorded]
    assert _rolls(recorded) == ROLLS
    assert _sheet(recorded, "okafor") == okafor
