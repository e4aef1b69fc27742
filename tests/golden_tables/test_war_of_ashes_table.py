"""The golden War of Ashes table (issue 41), played again command by command: the book's own
example of weight (srd/war-of-ashes.md § Advanced Conflict > Weight > Weight in Combat: Deliah
and the City guards, the dice given) on the built-in ``woa`` rule set with the sample Vidaar
Sailor (docs/examples/war-of-ashes) in the guards' place. Today's engine decides every command
again; each attack's dice fall and turn as the book says, and the events are the recorded ones.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from .test_golden_tables import HERE, recorder

GOLDEN = HERE / "woa-gangway.json"


def _attacks(events: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [
        (
            e["data"]["actor"],
            e["data"]["rolled_faces"] or e["data"]["faces"],
            e["data"]["faces"],
            e["data"]["weight"],
            e["data"]["defend_rolled_faces"] or e["data"]["defend_faces"],
            e["data"]["defend_faces"],
            e["data"]["defend_weight"],
        )
        for e in events
        if e["type"] == "AttackRolled"
    ]


#: The book's dice: two sailors (the book's two guards) against Deliah turn [00-+] to [00++];
#: Deliah outweighed rolls as she falls while the sailor defending turns one die; the one left
#: alone turns none; five against her turn two, [0-+-] to [0+++] (five to one: no third die).
BOOK = [
    ("sailor1", "00-+", "00++", {"own": 2, "other": 1, "target": 1, "turned": 1}, "-000", "-000", None),
    ("deliah", "+++0", "+++0", None, "-000", "+000", {"own": 2, "other": 1, "target": None, "turned": 1}),
    ("sailor1", "00-+", "00-+", None, "++00", "++00", None),
    ("sailor3", "0-+-", "0+++", {"own": 5, "other": 1, "target": 1, "turned": 2}, "0000", "0000", None),
]  # fmt: skip


@pytest.mark.rule("weight.two-to-one", "weight.four-to-one", "weight.each-roll", "weight.sides")
def test_the_gangway_plays_the_books_dice_again_on_the_war_of_ashes_rule_set() -> None:
    recipe = recorder.recipes()["woa-gangway"]
    with recorder.played(recipe) as (client, table):
        gm = table.service.links.issue(table.table_id, "gm").token
        events = recorder.export_of(client, table.table_id, gm)["events"]
    created = events[0]["data"]
    # Weight is the rule set's own: the table chose no option.
    assert (created["preset"], created["options"]) == ("woa", [])
    assert _attacks(events) == BOOK
    # The sailors' sheets are the sample's (weight 1: the default, left out of the file).
    sailor = json.loads(
        next(
            e
            for e in events
            if e["type"] == "CharacterAdded" and e["data"]["character_id"] == "sailor1"
        )["data"]["sheet"]
    )
    assert sailor["preset"] == "woa" and "weight" not in sailor
    assert sailor["skill_labels"]["skilled"].startswith("Sailing")
    # A minion's skill attacks with the GM's word, which the event keeps.
    assert [e["data"].get("waived") for e in events if e["type"] == "AttackRolled"] == [
        ["skills.attack-defend"],
        None,
        ["skills.attack-defend"],
        ["skills.attack-defend"],
    ]
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))["export"]["events"]
    assert [e["type"] for e in events] == [e["type"] for e in recorded]
    for now, then in zip(events, recorded, strict=True):
        # Fields events gained since the recording (HitAbsorbed's conditions) are written at
        # their defaults: the same facts, in a wider shape.
        added = {k: v for k, v in now["data"].items() if k not in then["data"]}
        assert all(v in (None, [], {}, "", 0, False) for v in added.values()), added
        kept = {k: v for k, v in now["data"].items() if k in then["data"]}
        assert kept == then["data"], now["type"]
