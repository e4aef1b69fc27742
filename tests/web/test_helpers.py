"""The page's read-only helpers (``fatekit.server.web``) answered by the rules engine: the odds
count the stunts that apply, and a table's other skill list gives the editor its skills."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fatekit.rules.characters.skill_lists import ACTIONS, CONDENSED_SKILLS
from fatekit.server.app import create_app
from fatekit.store.memory import MemoryEventStore


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(
        create_app(MemoryEventStore(), rate=10_000, burst=10_000), client=("127.0.0.1", 50000)
    ) as made:
        yield made


def _sheet(id: str, kind: str, skills: dict[str, int], stunts: list[dict[str, Any]]) -> str:
    return json.dumps(
        {
            "format": "fatekit-character",
            "version": 1,
            "id": id,
            "name": id.title(),
            "kind": kind,
            "preset": "condensed",
            "aspects": [{"kind": "high_concept", "name": f"{id} the Bold"}],
            "skills": skills,
            "stunts": stunts,
        }
    )


def _stunt(name: str, skill: str, action: str, cost: int = 0) -> dict[str, Any]:
    return {
        "name": name,
        "description": "",
        "fate_point_cost": cost,
        "effect": {"type": "skill_bonus", "skill": skill, "action": action},
    }


def test_the_odds_count_the_stunts_that_apply(client: TestClient) -> None:
    made = client.post("/tables", json={"name": "Odds"}).json()
    gm = {"X-Fatekit-Link": made["link"]}
    tid = made["table_id"]

    def send(type_name: str, **data: Any) -> None:
        answer = client.post(
            f"/tables/{tid}/commands", json={"type": type_name, "data": data}, headers=gm
        )
        assert answer.status_code == 200, answer.text

    eyes = _stunt("Eagle Eyes", "notice", "overcome")
    paid = _stunt("Last Look", "notice", "overcome", cost=1)
    parry = _stunt("Parry", "fight", "defend")
    send("AddCharacter", sheet=_sheet("ruth", "major_npc", {"notice": 2}, [eyes, paid]))
    send("AddCharacter", sheet=_sheet("goon", "major_npc", {"fight": 1}, [parry]))

    def odds(**params: Any) -> Any:
        answer = client.get(f"/tables/{tid}/odds", params=params, headers=gm)
        assert answer.status_code == 200, answer.text
        return answer.json()

    # Overcoming with Notice: the free stunt's +2 counts; the one that costs a point is listed.
    found = odds(actor="ruth", skill="notice", difficulty=4, action="overcome")
    assert found["modifier"] == 4
    assert [(s["name"], s["bonus"], s["counted"]) for s in found["stunts"]] == [
        ("Eagle Eyes", 2, True),
        ("Last Look", 2, False),
    ]
    plain = odds(actor="ruth", skill="notice", difficulty=2, action="create_advantage")
    assert plain["modifier"] == 2 and plain["stunts"] == []
    # +4 against Great (+4) and +2 against Fair (+2) have the same chances.
    assert found["chances"] == plain["chances"]
    # The defender's free stunt that fits counts, as the table applies it: Fight +1 and Parry.
    fight = odds(actor="ruth", skill="notice", against="goon", action="attack")
    assert fight["defend_skill"] == "fight" and fight["opposition"] == 3
    assert [(s["name"], s["counted"]) for s in fight["opposing_stunts"]] == [("Parry", True)]
    # The player unticks the free stunt: it is left out of the odds, as of the roll.
    chosen = odds(
        actor="ruth", skill="notice", difficulty=4, action="overcome", stunts='["Last Look"]'
    )
    assert chosen["modifier"] == 4
    assert [(s["name"], s["counted"]) for s in chosen["stunts"]] == [
        ("Eagle Eyes", False),
        ("Last Look", True),
    ]
    refused = client.get(
        f"/tables/{tid}/odds",
        params={"actor": "ruth", "skill": "notice", "difficulty": 2, "action": "defend"},
        headers=gm,
    )
    assert refused.status_code == 422


def test_a_preset_with_another_skill_list(client: TestClient) -> None:
    plain = client.get("/rules/presets/condensed").json()
    assert plain["skills"] == [s.key for s in CONDENSED_SKILLS] and not plain["changed_list"]
    listed = client.get("/rules/presets/fae", params={"skill_list": "actions"}).json()
    assert listed["skills"] == list(ACTIONS.keys)
    assert listed["skill_list"] == "actions" and listed["changed_list"]
    assert client.get("/rules/presets/fae", params={"skill_list": "nope"}).status_code == 422


def test_a_preset_says_which_options_its_own_rules_rule_out(client: TestClient) -> None:
    """Fate Core's own full defense plays in place of Fate Condensed's: the start page reads
    this to leave the other unticked (a table given both refuses them)."""
    core = client.get("/rules/presets/core").json()
    assert set(core["own_options"]) == {"extreme_consequences", "full_defense_core"}
    assert core["ruled_out"] == {"full_defense": "full_defense_core"}
    condensed = client.get("/rules/presets/condensed").json()
    assert condensed["own_options"] == [] and condensed["ruled_out"] == {}
    refused = client.post(
        "/tables", json={"name": "Both", "preset": "core", "options": ["full_defense"]}
    )
    assert refused.status_code == 422
    assert client.post("/tables", json={"name": "Own", "preset": "core"}).status_code == 201
