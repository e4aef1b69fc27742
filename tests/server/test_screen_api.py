"""The GM's screen over HTTP: refusals are 4xx with the reason, the invoke advice keeps a hidden
difficulty hidden, and prepared scenes travel with the table's file. (Every payload of a whole
scene with secrets is searched in test_permissions.py.)"""

from __future__ import annotations

from ..sheets import npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from .conftest import Api, Seat  # type: ignore[import-not-found]


def _table(api: Api) -> tuple[Seat, Seat]:
    gm = api.table()
    ann = gm.invite("Ann")
    ann.send("AddCharacter", sheet=ruth_sheet(), owner="ann")
    gm.send("AddCharacter", sheet=npc_sheet())
    gm.send("StartSession")
    gm.send("StartScene", name="On deck", participants=["ruth", "alice"])
    return gm, ann


def test_refusals_are_4xx_and_change_nothing(api: Api) -> None:
    gm, ann = _table(api)
    version = gm.get("/state")["table"]["version"]
    assert ann.send("SecretRoll", expect=403, actor="ruth", skill="notice")["error"] == "forbidden"
    assert ann.send("PrepareScene", expect=403, scene_id="x", name="X")["error"] == "forbidden"
    for bad in (
        {"scene_id": "x", "name": "X", "zones": ["a"], "links": [["a", "b"]]},
        {"scene_id": "x", "name": "X", "participants": ["nobody"]},
        {"scene_id": "x", "name": "X", "aspects": [{"name": "A", "zone": "nowhere"}]},
        {"scene_id": "x", "name": "X", "aspects": [{"nombre": "A"}]},
    ):
        refused = gm.send("PrepareScene", expect=422, **bad)
        assert refused["detail"]
    assert gm.send("RevealRoll", expect=422, roll_id="s99")["detail"]
    assert gm.send("StartPreparedScene", expect=422, scene_id="x")["detail"]
    assert gm.get("/state")["table"]["version"] == version


def test_the_invoke_advice_keeps_a_hidden_difficulty_hidden(api: Api) -> None:
    gm, ann = _table(api)
    gm.send("HideDifficulty", actor="ruth", difficulty=4, skill="notice")
    ann.send("Roll", actor="ruth", action="overcome", skill="notice", dice="0000")
    assert ann.get("/state")["roll"]["outcome"] == "fail"
    assert ann.get("/invokes", by="ruth")["advice"] is None
    assert gm.get("/invokes", by="ruth")["advice"]["shifts_now"] == -2


def test_prepared_scenes_and_secret_rolls_travel_with_the_export(api: Api) -> None:
    gm, _ = _table(api)
    gm.send(
        "PrepareScene",
        scene_id="hold",
        name="Below deck",
        participants=["alice"],
        aspects=[{"name": "Smuggled Guns", "hidden": True, "free_invokes": [["alice", 1]]}],
    )
    gm.send("SecretRoll", actor="alice", skill="deceive", dice="++++", reason="is she lying?")
    made = api.client.post("/tables/import", json=gm.get("/export"))
    assert made.status_code == 201
    copy = made.json()
    screen = api.client.get(
        f"/tables/{copy['table_id']}/state", headers={"X-Fatekit-Link": copy["link"]}
    ).json()["screen"]
    assert screen == gm.get("/state")["screen"]
    assert [p["name"] for p in screen["prepared"]] == ["Below deck"]
    assert [r["effort"] for r in screen["secret_rolls"]] == [8]
