"""The Three Rocketeers over HTTP (issue 41): the odds of a roll that counts aspects, asked as the
page asks them (a JSON list of aspect ids), a bad list refused with a 4xx naming the field, and a
roll counting aspects made and refused as the table decides."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Api  # type: ignore[import-not-found]

SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "three-rocketeers"
HERO, SWORDPLAY = "severine/high_concept/1", "severine/character/1"


@pytest.mark.rule("aspects.counted", "aspects.counted.named-first")
def test_the_odds_and_the_roll_of_counted_aspects(api: Api) -> None:
    gm = api.table("Paris", preset="rocketeers")
    sheet = (SAMPLES / "severine-dufresne.character.json").read_text(encoding="utf-8")
    gm.send("AddCharacter", sheet=sheet)
    gm.send("StartSession")
    gm.send("StartScene", name="Tetti", participants=["severine"])
    odds = gm.get("/odds", actor="severine", counted=json.dumps([HERO, SWORDPLAY]), difficulty=2)
    assert (odds["modifier"], odds["counted_bonus"]) == (3, 3)
    refused = gm.get("/odds", 409, actor="severine", counted=json.dumps([HERO, HERO]))
    assert "counted twice" in json.dumps(refused)
    bad = gm.get("/odds", 422, actor="severine", counted="[1]")
    assert "counted" in json.dumps(bad)
    skill = gm.send(
        "Roll",
        422,
        actor="severine",
        action="overcome",
        difficulty=2,
        skill="quick",
        counted=[HERO],
    )
    assert skill["code"] == "counted_not_skill"
    gm.send("Roll", actor="severine", action="overcome", difficulty=2, counted=[HERO], dice="0000")
    (roll,) = gm.get("/state")["rolls"]
    assert roll["effort"] == 2
