"""The golden Three Rocketeers table (issue 41), played again command by command: the rooftop
duel of docs/examples/three-rocketeers (built from the book's rules, which give no worked
example with dice) on the built-in ``rocketeers`` rule set. Today's engine decides every command
again; each roll counts the aspects it names for the bonus the book gives (+1 each, the hero
aspect +2), and the events are the recorded ones."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .test_golden_tables import HERE, recorder

GOLDEN = HERE / "rocketeers-rooftops.json"
HERO, SWORDPLAY = "severine/high_concept/1", "severine/character/1"
FAMILY, FRIEND, ROOFTOPS = (f"severine/character/{n}" for n in (2, 3, 4))

#: Each roll: who, what it counted (or the skill), its bonus, what the defence counted.
ROLLS = [
    ("AttackRolled", "severine", "", [HERO, SWORDPLAY], 3, None, None),
    ("AttackRolled", "comte-de-vire", "flashy", None, None, [HERO, ROOFTOPS], 3),
    ("AdvantageRolled", "severine", "", [SWORDPLAY, FAMILY, FRIEND], 3, None, None),
    ("RollMade", "severine", "", [ROOFTOPS], 1, None, None),
]


def _rolls(events: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [
        (
            e["type"],
            e["data"]["actor"],
            e["data"]["skill"],
            e["data"]["counted"],
            e["data"]["counted_bonus"],
            e["data"]["defend_counted"],
            e["data"]["defend_counted_bonus"],
        )
        for e in events
        if e["type"] in ("AttackRolled", "AdvantageRolled", "RollMade")
    ]


@pytest.mark.rule("aspects.counted", "aspects.counted.not-invoked", "aspects.counted.npcs")
def test_the_rooftops_play_again_on_the_three_rocketeers_rule_set() -> None:
    recipe = recorder.recipes()["rocketeers-rooftops"]
    with recorder.played(recipe) as (client, table):
        gm = table.service.links.issue(table.table_id, "gm").token
        events = recorder.export_of(client, table.table_id, gm)["events"]
        state = client.get(f"/tables/{table.table_id}/state", headers={"X-Fatekit-Link": gm}).json()
    assert events[0]["data"]["preset"] == "rocketeers"
    assert _rolls(events) == ROLLS
    # Counting spent nothing: her one fate point went on the invoke of the hero aspect after.
    (severine,) = [c for c in state["characters"] if c["id"] == "severine"]
    assert severine["sheet"]["fate_points"] == 2
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))["export"]["events"]
    assert [e["type"] for e in events] == [e["type"] for e in recorded]
    assert _rolls(recorded) == ROLLS
