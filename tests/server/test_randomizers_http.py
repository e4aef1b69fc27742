"""Randomizers per seat over HTTP (issue 43 item 4): the GM's and a seat's commands, a refusal
that names the rule and changes nothing, the offers in each seat's document, the odds a seat
reads in its own way, and the table's way in foresight."""

from __future__ import annotations

from typing import Any

from fatekit.odds import chances
from fatekit.rules.core.randomizers import Randomizer
from tests.foresight_table import OPTIONS, pier_commands

from .conftest import Api, Seat  # type: ignore[import-not-found]


def seated(api: Api) -> tuple[Seat, Seat]:
    gm = api.table("Dice", preset="condensed")
    made = gm.client.post(
        f"/tables/{gm.table_id}/seats", json={"name": "Ann", "role": "player"}, headers=gm.headers
    )
    assert made.status_code in (200, 201), made.text
    out = made.json()
    ann = Seat(gm.client, gm.table_id, out["seat"], out["link"])
    sheet = (
        '{"format": "fatekit-character", "version": 1, "id": "ruth", "name": "Ruth", '
        '"preset": "condensed", "skills": {"athletics": 2}, "aspects": '
        '[{"kind": "high_concept", "name": "Sky Pirate"}]}'
    )
    gm.send("AddCharacter", sheet=sheet, owner=ann.seat)
    return gm, ann


def test_a_seat_chooses_its_dice_once_the_gm_allows(api: Api) -> None:
    gm, ann = seated(api)
    assert ann.get("/state")["you"]["randomizers"] == []
    before = gm.get("/state")["table"]["version"]
    refused: dict[str, Any] = ann.send("ChooseOwnRandomizer", expect=403, randomizer="4d6")
    assert refused["error"] == "forbidden" and refused["rule"]["key"] == "randomizer.per-seat"
    assert gm.get("/state")["table"]["version"] == before  # refused: nothing recorded
    ann.send("AllowSeatRandomizers", expect=403, allowed=True)  # the GM's alone
    gm.send("AllowSeatRandomizers", allowed=True)
    state = ann.get("/state")
    assert state["table"]["seats_choose_randomizer"] is True
    assert state["you"]["randomizers"] == [r.value for r in Randomizer]
    for way in state["you"]["randomizers"]:  # every way offered is accepted
        ann.send("ChooseOwnRandomizer", randomizer=way)
    ann.send("ChooseOwnRandomizer", randomizer="3d6")
    assert ann.get("/state")["you"]["randomizer"] == "3d6"
    bad = ann.send("ChooseOwnRandomizer", expect=422, randomizer="coins")
    assert "unknown randomizer 'coins'" in bad["detail"]
    gm.send("ChooseRandomizer", randomizer="d6-d6")
    assert gm.get("/state")["table"]["randomizer"] == "d6-d6"
    assert ann.get("/state")["you"]["randomizer"] == "3d6"  # her own way stands
    odds = ann.get("/odds", actor="ruth", skill="athletics", difficulty=2)
    assert odds["randomizer"] == "3d6"
    exact = chances(odds["modifier"], 2, randomizer=Randomizer.THREE_D6).as_dict()
    assert odds["chances"]["success"]["p"] == float(exact["success"])


def test_foresight_says_the_tables_way(api: Api) -> None:
    gm = api.table("Docks", preset="condensed", options=OPTIONS)
    for kind, data in pier_commands(conflict=True):
        gm.send(kind, **data)
    gm.send("ChooseRandomizer", randomizer="d6-d6")
    response = gm.client.post(
        f"/tables/{gm.table_id}/foresight", json={"runs": 500, "seed": 3}, headers=gm.headers
    )
    assert response.status_code == 200, response.text
    out = response.json()
    assert out["randomizer"] == "d6-d6" and out["baseline"]["randomizer"] == "d6-d6"
