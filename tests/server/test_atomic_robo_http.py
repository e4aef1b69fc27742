"""Atomic Robo over HTTP (issue 41): POST /tables makes a table on the built-in atomicrobo rule
set; Dr. Okafor's file, naming only her modes and steps, comes to the table with the ratings her
modes give, and she rolls Physics at Fair Science plus two steps bought; a sheet with a mode
the rule set lacks is named at its place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Api  # type: ignore[import-not-found]

SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "atomic-robo"


def okafor() -> dict[str, object]:
    data: dict[str, object] = json.loads(
        (SAMPLES / "dr-okafor.character.json").read_text(encoding="utf-8")
    )
    return data


@pytest.mark.rule("modes.improve", "modes.reinforced")
def test_a_table_on_atomic_robo_rolls_a_skill_at_its_mode_and_steps(api: Api) -> None:
    gm = api.table("Tesladyne", preset="atomicrobo")
    state = gm.get("/state")
    assert state["table"]["preset"] == "atomicrobo"
    preset = gm.get("/preset")
    assert preset["key"] == "atomicrobo"
    checked = gm.client.post(
        f"/tables/{gm.table_id}/characters/check", json={"sheet": okafor()}, headers=gm.headers
    ).json()
    assert checked["legal"] is True and checked["sheet"]["refresh"] == 4
    gm.send("AddCharacter", sheet=json.dumps(okafor()))
    (sheet,) = gm.get("/state")["characters"]
    assert (sheet["sheet"]["skills"]["physics"], sheet["sheet"]["skills"]["notice"]) == (4, 5)
    gm.send("StartSession")
    gm.send("StartScene", name="The lab", participants=["okafor"])
    gm.send(
        "Roll",
        actor="okafor",
        action="create_advantage",
        skill="physics",
        difficulty=3,
        stunts=["Field Instruments"],
        dice="0000",
    )
    (roll,) = gm.get("/state")["rolls"]
    # Fair (+2) Science, specialized two steps to Great (+4), and the stunt's +2.
    assert roll["effort"] == 6
    # A mode the rule set lacks is named at its place by the sheet check.
    robot = okafor()
    robot["id"] = "robo"
    robot["modes"] = {"action": 3, "science": 2, "robot": 1}
    checked = gm.client.post(
        f"/tables/{gm.table_id}/characters/check", json={"sheet": robot}, headers=gm.headers
    ).json()
    assert checked["legal"] is False
    assert "modes.robot" in [p["where"] for p in checked["problems"]]
