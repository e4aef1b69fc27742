"""The golden Venture City table (issue 41), played again command by command: the harbor bridge
of docs/examples/venture-city (built from the book's rules, whose worked example rolls no dice)
on the built-in ``venturecity`` rule set. Today's engine decides every command again; the stunts
the powers grant play as stunts do, and the events are the recorded ones."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .test_golden_tables import HERE, recorder

GOLDEN = HERE / "venture-harbor.json"

#: Each roll: its effort and opposition, and each side's actor, skill, stunts and their bonuses.
ROLLS = [
    ("RollMade", 8, 4, [("miles", "athletics", ["Master Flight"], [4])]),
    ("AttackRolled", 5, 3, [("miles", "fight", [], []), ("gridlock", "fight", [], [])]),
    (
        "AttackRolled",
        6,
        9,
        [
            ("gridlock", "fight", ["Basic Natural Weapon"], [2]),
            ("miles", "athletics", ["Master Flight", "Basic Super Speed"], [4, 2]),
        ],
    ),
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


@pytest.mark.rule("package.cost", "package.options", "package.grants")
def test_the_harbor_bridge_plays_again_on_the_venture_city_rule_set() -> None:
    recipe = recorder.recipes()["venture-harbor"]
    with recorder.played(recipe) as (client, table):
        gm = table.service.links.issue(table.table_id, "gm").token
        events = recorder.export_of(client, table.table_id, gm)["events"]
        state = client.get(f"/tables/{table.table_id}/state", headers={"X-Fatekit-Link": gm}).json()
    assert events[0]["data"]["preset"] == "venturecity"
    assert _rolls(events) == ROLLS
    # The file named the power only; the log holds what it granted and the refresh left.
    miles = _sheet(events, "miles")
    assert miles["refresh"] == 2 and len(miles["stunts"]) == 10
    assert "Very Noticeable" in [a["name"] for a in miles["aspects"]]
    (gridlock,) = [c for c in state["characters"] if c["id"] == "gridlock"]
    assert [b["marked"] for b in gridlock["sheet"]["stress"]["physical"]] == [
        False,
        True,
        False,
        False,
        False,
    ]
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))["export"]["events"]
    assert [e["type"] for e in events] == [e["type"] for e in recorded]
    assert _rolls(recorded) == ROLLS
    assert _sheet(recorded, "miles") == miles
