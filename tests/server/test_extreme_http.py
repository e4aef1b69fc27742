"""An extreme consequence over HTTP (issue 39): refused as Fate Core's last resort with the rule
cited from Fate Core, allowed by the GM with one waiver, and logged as what happened; a plan
that takes nothing is malformed, never a move a waiver lets through."""

from __future__ import annotations

from typing import Any

from fatekit.formats import dumps_character
from fatekit.rules import major_npc, new_character
from fatekit.rules.aspects.aspects import AspectKind

from .conftest import Api  # type: ignore[import-not-found]


def fight(api: Api) -> Any:
    gm = api.table("Kazak-Thorn", preset="core")
    ann = gm.invite("Ann")
    cynere = new_character(
        "core",
        "cynere",
        "Cynere",
        high_concept="Infamous Girl with Sword",
        trouble="Tempted by Shiny Things",
        aspects=[(AspectKind.CHARACTER, "I've Got Zird's Back")],
        skills={"fight": 4, "athletics": 3, "physique": 3},
    )
    og = major_npc(
        "core", "og", "Og the Strong", high_concept="Og Smash!", skills={"fight": 6, "notice": 5}
    )
    gm.send("AddCharacter", sheet=dumps_character(cynere), owner=ann.seat)
    gm.send("AddCharacter", sheet=dumps_character(og))
    gm.send("StartSession")
    gm.send("StartScene", name="Caverns", participants=["cynere", "og"])
    gm.send("StartConflict", sides=[["heroes", ["cynere"]], ["foes", ["og"]]])
    gm.send("Attack", actor="og", target="cynere", skill="fight", dice="0000", defend_dice="0000")
    gm.send("ResolveRoll", option="hit")
    return gm, ann


def test_an_extreme_consequence_allowed_by_the_gm_over_http(api: Api) -> None:
    gm, ann = fight(api)
    extreme = {"name": "Scarred for Life", "replaces": "cynere/character/1"}
    refused = ann.send("Absorb", expect=409, extreme=extreme)
    assert refused["rule"]["key"] == "consequence.extreme-last-ditch"
    assert refused["waivable"] is True
    assert refused["rule"]["source"] == "srd/fate-core.md"
    assert refused["rule"]["book"] == "core"
    assert refused["rule"]["section"].endswith("Conflicts > Extreme Consequences")
    empty = ann.send("Absorb", expect=422)
    assert empty["code"] == "empty_plan"
    answer = gm.client.post(
        f"/tables/{gm.table_id}/commands",
        json={
            "type": "Absorb",
            "data": {"extreme": extreme},
            "waive": ["consequence.extreme-last-ditch"],
            "reason": "she wants Og to remember",
        },
        headers=gm.headers,
    )
    assert answer.status_code == 200, answer.text
    logged = [e for e in ann.get("/events")["events"] if e["type"] == "HitAbsorbed"]
    assert len(logged) == 1
    data = logged[0]["data"]
    assert data["waived"] == ["consequence.extreme-last-ditch"]
    assert data["waiver_reason"] == "she wants Og to remember"
    assert data["extreme"] == extreme
    assert data["replaced_name"] == "I've Got Zird's Back"
