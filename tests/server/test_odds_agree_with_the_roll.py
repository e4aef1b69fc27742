"""The odds before a conflict's roll are those of the roll the engine then makes: a mob's
teamwork, a big bad's solo bonus, full defense and scale count on both sides (issue 39: a mob of
three's +2 was left out of its odds, which showed 41.6 % to fail where 73.9 % was real;
fate-core-conflicts.en.txt § The Exchange, mobs; fate-condensed.ru.md § Teamwork)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fatekit.formats import dumps_character
from fatekit.odds import chances
from fatekit.rules import mob, new_character
from fatekit.server.app import create_app
from fatekit.store.memory import MemoryEventStore


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(
        create_app(MemoryEventStore(), rate=10_000, burst=10_000), client=("127.0.0.1", 50000)
    ) as made:
        yield made


class Table:
    def __init__(self, client: TestClient) -> None:
        made = client.post("/tables", json={"name": "The pier", "preset": "core"}).json()
        self.client, self.id = client, made["table_id"]
        self.gm = {"X-Fatekit-Link": made["link"]}

    def send(self, kind: str, **data: Any) -> Any:
        answer = self.client.post(
            f"/tables/{self.id}/commands", json={"type": kind, "data": data}, headers=self.gm
        )
        assert answer.status_code == 200, answer.text
        return answer.json()

    def odds(self, **params: Any) -> Any:
        answer = self.client.get(f"/tables/{self.id}/odds", params=params, headers=self.gm)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def roll(self) -> Any:
        state = self.client.get(f"/tables/{self.id}/state", headers=self.gm).json()
        return state["roll"]


def _fight(client: TestClient) -> Table:
    """Vey against a mob of three thugs (Fight Average), Vey first."""
    table = Table(client)
    vey = new_character(
        "core",
        "vey",
        "Cassandra Vey",
        high_concept="Smuggler",
        trouble="Debts",
        skills={"fight": 4, "shoot": 3, "athletics": 3, "notice": 2, "physique": 2, "will": 2},
    )
    thugs = mob("core", "thugs", "Dock Thugs", 3, ["Dock Thugs"], {"fight": 1}, stress_boxes=1)
    table.send("AddCharacter", sheet=dumps_character(vey))
    table.send("AddCharacter", sheet=dumps_character(thugs), revealed=True)
    table.send("StartSession")
    table.send("StartScene", name="Pier", participants=["vey", "thugs"])
    table.send("StartConflict", sides=[["crew", ["vey"]], ["gang", ["thugs"]]], first="vey")
    return table


def _agree(found: Any, roll: Any) -> None:
    """The odds' figures are the roll's efforts with blank dice, and its chances theirs."""
    assert (found["modifier"], found["opposition"]) == (roll["effort"], roll["opposition"])
    exact = chances(roll["effort"], roll["opposition"], active=True).as_dict()
    assert {k: v["exact"] for k, v in found["chances"].items()} == {
        k: f"{p.numerator}/{p.denominator}" for k, p in exact.items()
    }


@pytest.mark.rule("character.mob.hits", "teamwork.combine-skills")
def test_a_mobs_defence_counts_its_members_in_the_odds(client: TestClient) -> None:
    table = _fight(client)
    found = table.odds(actor="vey", skill="fight", against="thugs", action="attack")
    # Fight +1 and the members helping (as teamwork lets them on this rule set): the mob
    # defends above its Fight, as the roll then does.
    assert found["modifier"] == 4 and found["opposing_engine_bonus"] >= 1
    assert found["opposition"] == 1 + found["opposing_engine_bonus"]
    table.send(
        "Attack", actor="vey", target="thugs", skill="fight", dice="0000", defend_dice="0000"
    )
    _agree(found, table.roll())


@pytest.mark.rule("character.mob.hits")
def test_a_mobs_own_attack_counts_its_members_in_the_odds(client: TestClient) -> None:
    table = _fight(client)
    table.send("FullDefense", actor="vey")
    table.send("EndTurn", next_actor="thugs")
    found = table.odds(actor="thugs", skill="fight", against="vey", action="attack")
    # The mob attacks above its Fight +1; Vey defends fully: +2 on her Fight +4 (a parry).
    assert found["engine_bonus"] >= 1 and found["modifier"] == 1 + found["engine_bonus"]
    assert (found["opposition"], found["opposing_engine_bonus"]) == (6, 2)
    table.send(
        "Attack", actor="thugs", target="vey", skill="fight", dice="0000", defend_dice="0000"
    )
    _agree(found, table.roll())


def test_out_of_turn_the_odds_count_what_the_rules_add_too(client: TestClient) -> None:
    table = _fight(client)
    # Not the mob's turn yet: its odds already count its members, as its roll will.
    found = table.odds(actor="thugs", skill="fight", against="vey", action="attack")
    assert found["engine_bonus"] >= 1 and found["modifier"] == 1 + found["engine_bonus"]


def test_a_scale_benefit_named_for_the_odds_is_checked_as_the_roll_checks_it(
    client: TestClient,
) -> None:
    table = _fight(client)
    # No difference in scale: the benefit is refused for the roll, and the odds ignore it.
    found = table.odds(
        actor="vey", skill="fight", against="thugs", action="attack", scale_benefit="before_roll"
    )
    plain = table.odds(actor="vey", skill="fight", against="thugs", action="attack")
    assert found["chances"] == plain["chances"]
