"""Venture City over HTTP (issue 41): the table's rule set names its powers for the page, the
sheet check names an over-budget sheet's problem at its field, a power's stunt counts in the
odds and on the roll, and a bad package key is a 4xx that changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Api  # type: ignore[import-not-found]

SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "venture-city"


def miles() -> dict[str, object]:
    data: dict[str, object] = json.loads(
        (SAMPLES / "miles.character.json").read_text(encoding="utf-8")
    )
    return data


@pytest.mark.rule("package.cost", "package.options")
def test_powers_over_http(api: Api) -> None:
    gm = api.table("Venture City", preset="venturecity")
    preset = gm.get("/preset")
    assert preset["packages"]["names"]["it"] == "Poteri"
    assert {"key": "master-flight", "name": "Master Flight", "names": {}} in preset["packages"][
        "options"
    ]
    over = miles()
    over["stunts"] = [
        {"name": f"Trick {n}", "effect": {"type": "true_detail", "detail": f"trick {n}"}}
        for n in range(2)
    ]
    checked = gm.client.post(
        f"/tables/{gm.table_id}/characters/check", json={"sheet": over}, headers=gm.headers
    ).json()
    assert checked["legal"] is False
    (problem,) = [p for p in checked["problems"] if p["code"] == "package_refresh"]
    assert problem["where"] == "packages"
    checked = gm.client.post(
        f"/tables/{gm.table_id}/characters/check", json={"sheet": miles()}, headers=gm.headers
    ).json()
    assert checked["legal"] is True and checked["sheet"]["refresh"] == 2
    gm.send("AddCharacter", sheet=json.dumps(miles()))
    gm.send("StartSession")
    gm.send("StartScene", name="Il ponte", participants=["miles"])
    odds = gm.get(
        "/odds",
        actor="miles",
        skill="athletics",
        difficulty=4,
        stunts=json.dumps(["Master Flight"]),
    )
    assert odds["modifier"] == 8
    gm.send(
        "Roll",
        actor="miles",
        action="overcome",
        skill="athletics",
        difficulty=4,
        stunts=["Master Flight"],
        dice="0000",
    )
    (roll,) = gm.get("/state")["rolls"]
    assert roll["effort"] == 8
    unknown = miles()
    unknown["id"] = "miles-two"
    unknown["packages"] = [{"key": "Time Travel"}]
    refused = gm.send("AddCharacter", 422, sheet=json.dumps(unknown))
    assert "$.packages[0].key" in json.dumps(refused)
    assert "miles-two" not in [c["id"] for c in gm.get("/state")["characters"]]
