"""``POST /tables/{id}/foresight``: the GM's odds of the fight in play, a what-if beside them,
players and spectators refused, and bad requests answered with a message (never a 500); a
seat drawing its own way is foreseen drawing it."""

from __future__ import annotations

from typing import Any
from unittest.mock import ANY

import pytest

from fatekit.odds import scenario_from_dict, simulate
from fatekit.server.errors import ApiError
from tests.foresight_table import OPTIONS, pier_commands, pier_scenario

from .conftest import Api, Seat, make_api  # type: ignore[import-not-found]


def pier(api: Api, *, conflict: bool = True) -> Seat:
    gm = api.table("Docks", preset="condensed", options=OPTIONS)
    for kind, data in pier_commands(conflict=conflict):
        gm.send(kind, **data)
    return gm


def foresee(seat: Seat, expect: int = 200, **body: Any) -> dict[str, Any]:
    response = seat.client.post(
        f"/tables/{seat.table_id}/foresight", json=body, headers=seat.headers
    )
    assert response.status_code == expect, response.text
    out: dict[str, Any] = response.json()
    return out


@pytest.fixture
def threaded() -> Any:
    """An app that plays foresight in a thread (no worker processes to start)."""
    made = make_api(foresight_workers=0)
    with made.client:
        yield made


def test_the_gm_sees_the_odds_of_the_fight_in_play(threaded: Api) -> None:
    gm = pier(threaded)
    out = foresee(gm, runs=3000, seed=11)
    expected = simulate(scenario_from_dict(pier_scenario()), 3000, seed=11).as_json()
    assert out["baseline"] == expected
    assert out["what_if"] is None and out["runs"] == 3000 and out["seed"] == 11
    assert out["names"]["boss"] == "Silas" and set(out["names"]) == set(expected["fighters"])
    crew = out["baseline"]["sides"]["crew"]["win"]
    assert 0 < crew < 1 and out["baseline"]["exchanges"]["mean"] > 1


def test_a_what_if_sits_beside_the_scene_and_changes_nothing_at_the_table(threaded: Api) -> None:
    gm = pier(threaded)
    before = gm.get("/state")
    out = foresee(
        gm,
        runs=2000,
        seed=4,
        what_if={
            "add": [{"side": "smugglers", "copy_of": "boss", "zone": "street", "weapon": 2}],
            "remove": ["goon-2"],
            "skills": [{"character": "ruth", "skill": "fight", "rating": 5}],
            "gear": [{"character": "ethan", "weapon": 3}],
        },
    )
    base, trial = out["baseline"], out["what_if"]
    assert "goon-2" in base["fighters"] and "goon-2" not in trial["fighters"]
    assert "boss-extra" in trial["fighters"] and out["names"]["boss-extra"] == "Silas"
    assert trial["seed"] == base["seed"] == 4
    # A second boss outweighs a goon: the crew wins less often.
    assert trial["sides"]["crew"]["win"] < base["sides"]["crew"]["win"]
    assert gm.get("/state") == before


def test_before_a_conflict_the_scenes_pcs_face_its_npcs(threaded: Api) -> None:
    gm = pier(threaded, conflict=False)
    out = foresee(gm, runs=1000, seed=1)
    assert list(out["baseline"]["sides"]) == ["pcs", "npcs"]
    mental = foresee(gm, runs=1000, seed=1, kind="mental")
    assert mental["baseline"]["exchanges"] != out["baseline"]["exchanges"]


def test_players_and_spectators_are_refused(threaded: Api) -> None:
    gm = pier(threaded)
    ann, sam = gm.invite("Ann"), gm.invite("Sam", role="spectator")
    for seat in (ann, sam):
        refused = foresee(seat, 403, runs=100)
        assert refused["error"] == "forbidden" and "GM" in refused["detail"]


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ({"runs": 0}, "runs"),
        ({"runs": 10_000_000}, "runs"),
        ({"seed": -1}, "seed"),
        ({"kind": "social"}, "kind"),
        ({"what_if": {"remove": ["nobody"]}}, "nobody"),
        ({"what_if": {"add": [{"side": "crew", "copy_of": "ruth"}]}}, "PC"),
        ({"what_if": {"add": [{"side": "gang", "copy_of": "boss"}]}}, "side"),
        ({"what_if": {"skills": [{"character": "ruth", "skill": "fight", "rating": 12}]}}, "12"),
        ({"what_if": {"gear": [{"character": "ruth", "weapon": 9}]}}, "Weapon"),
        ({"what_if": {"remove": ["boss", "goon-1", "goon-2"]}}, "one side only"),
        ({"play": {"gang": {"concede_after": 1}}}, "no side 'gang'"),
        ({"play": {"smugglers": {"target": "prettiest"}}}, "target is one of"),
        ({"play": {"smugglers": {"run_away": True}}}, "run_away"),
        ({"play": {"smugglers": {"full_defense_after": 1}}}, "needs full defense in play"),
        ({"play": {"smugglers": "cowards"}}, "smugglers"),
    ],
)
def test_bad_requests_are_answered_with_a_message(
    threaded: Api, body: dict[str, Any], said: str
) -> None:
    gm = pier(threaded)
    refused = foresee(gm, 422, **body)
    assert said in refused["detail"] or said in str(refused.get("fields"))


def test_how_each_side_plays_is_the_same_in_the_scene_and_its_what_if(threaded: Api) -> None:
    gm = pier(threaded)
    play = {"smugglers": {"concede_after": 1, "target": "weakest"}}
    out = foresee(gm, runs=2000, seed=5, play=play, what_if={"remove": ["goon-2"]})
    assert out["play"] == play
    data = pier_scenario()
    data["sides"]["smugglers"]["policy"] = play["smugglers"]
    assert out["baseline"] == simulate(scenario_from_dict(data), 2000, seed=5).as_json()
    plain = foresee(gm, runs=2000, seed=5)["baseline"]
    conceded = out["baseline"]["fighters"]["boss"]["conceded"]
    assert conceded > 0 == plain["fighters"]["boss"]["conceded"]  # Silas now gives up when hurt
    assert out["what_if"]["fighters"]["boss"]["conceded"] > 0  # ... in the what-if as well


def test_a_fighter_with_no_skill_to_fight_with_is_noted(threaded: Api) -> None:
    # Anyone may attack at Mediocre (+0), so the fight is played, but the GM is told.
    clerk = {"id": "clerk", "kind": "minor_npc", "name": "Clerk", "skills": {"lore": 2}}
    out = foresee(
        gm := pier(threaded), runs=500, seed=2, what_if={"add": [{"side": "crew", "sheet": clerk}]}
    )
    assert out["unskilled"] == [[], [{"who": "clerk", "skill": "fight", "modifier": 0}]]
    assert "clerk" in out["what_if"]["fighters"] and gm.get("/state")["characters"]


def test_a_scene_with_one_side_or_none_is_refused(threaded: Api) -> None:
    gm = threaded.table("Quiet", preset="condensed", options=OPTIONS)
    assert "no scene" in foresee(gm, 422)["detail"]
    gm.send("AddCharacter", sheet=pier_commands()[0][1]["sheet"])
    gm.send("StartScene", name="Alone", participants=["ruth"])
    refused = foresee(gm, 422)
    assert "one side only" in refused["detail"] and "pcs" in refused["detail"]


def test_worker_processes_give_what_one_thread_gives(threaded: Api) -> None:
    pooled = make_api(foresight_workers=2)
    with pooled.client:
        gm = pier(pooled)
        # 2,500 runs: split between the two workers at a group of the dice tape.
        out = foresee(gm, runs=2500, seed=8)
        assert out["baseline"] == foresee(pier(threaded), runs=2500, seed=8)["baseline"]
        # A worker killed under the server: the request that finds it gone is told to ask
        # again, and the next one gets fresh workers.
        pool = pooled.client.app.state.foresight._pool  # type: ignore[attr-defined]
        for process in list(pool._processes.values()):
            process.kill()
            process.join()
        refused = foresee(gm, 503, runs=2500, seed=8)
        assert refused["error"] == "workers"
        assert foresee(gm, runs=2500, seed=8) == {**out, "seconds": ANY}


def test_a_server_with_a_queue_of_foresights_asks_the_gm_to_wait(threaded: Api) -> None:
    gm = pier(threaded)
    foresight = threaded.client.app.state.foresight  # type: ignore[attr-defined]
    queued = 0
    while True:  # requests already waiting, as many as the server lets in
        try:
            foresight.admit()
        except ApiError:
            break
        queued += 1
    try:
        refused = foresee(gm, 429, runs=100)
        assert refused["error"] == "busy" and "moment" in refused["detail"]
    finally:
        for _ in range(queued):
            foresight.leave()
    assert foresee(gm, runs=100)["baseline"]["runs"] == 100


def test_a_seat_drawing_its_own_way_is_foreseen_drawing_it(threaded: Api) -> None:
    """Ann's seat draws d6-d6 (the GM allows it) and plays Ruth: the GM's foresight draws
    Ruth's rolls that way and says so; the others draw the table's four Fate dice."""
    gm = pier(threaded)
    ann = gm.invite("Ann")
    gm.send("GiveCharacter", character_id="ruth", owner=ann.seat)
    gm.send("AllowSeatRandomizers", allowed=True)
    ann.send("ChooseOwnRandomizer", randomizer="d6-d6")
    out = foresee(gm, runs=2000, seed=11)
    fighters = out["baseline"]["fighters"]
    assert fighters["ruth"]["randomizer"] == "d6-d6"
    assert all("randomizer" not in fighters[who] for who in fighters if who != "ruth")
    assert out["baseline"]["randomizer"] == "4dF"
    data = pier_scenario()
    for entry in data["characters"]:
        if entry["character"]["id"] == "ruth":
            entry["randomizer"] = "d6-d6"
    assert out["baseline"] == simulate(scenario_from_dict(data), 2000, seed=11).as_json()
