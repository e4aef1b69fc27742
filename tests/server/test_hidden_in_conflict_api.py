"""A hidden difficulty inside a conflict, over HTTP and the socket: the player's seat receives the
overcome's event, state, log and invoke advice without the number; the GM's with it; refusals
are 4xx and change nothing."""

from __future__ import annotations

import json
from typing import Any

from ..secret_scene import HAZARD, numbers_kept  # type: ignore[import-not-found]
from ..sheets import npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from .conftest import Api, Seat  # type: ignore[import-not-found]
from .test_ws import Watcher, connect  # type: ignore[import-not-found]

HIDDEN = 5  # Superb (+5): no other roll here faces it


def _fight(api: Api) -> tuple[Seat, Seat]:
    gm = api.table()
    ann = gm.invite("Ann")
    ann.send("AddCharacter", sheet=ruth_sheet(), owner="ann")
    gm.send("AddCharacter", sheet=npc_sheet())
    gm.send("StartSession")
    gm.send("StartScene", name="On deck", participants=["ruth", "alice"])
    gm.send("StartConflict", sides=[["heroes", ["ruth"]], ["cult", ["alice"]]], first="ruth")
    return gm, ann


def _overcome(watcher: Watcher, version: int) -> dict[str, Any]:
    watcher.until(version)
    found = [e for e in watcher.events if e["type"] == "OvercomeRolled"]
    assert len(found) == 1
    return found[0]


def test_each_seat_receives_a_hidden_overcome_as_it_may(api: Api) -> None:
    gm, ann = _fight(api)
    gm.send("HideDifficulty", actor="ruth", difficulty=HIDDEN, skill="notice")
    assert ann.get("/state")["screen"]["asked"] == [
        {"actor": "ruth", "skill": "notice", "action": "overcome"}
    ]
    with connect(ann) as ann_socket, connect(gm) as gm_socket:
        ann_watch, gm_watch = Watcher(ann_socket), Watcher(gm_socket)
        # Ruth's Notice is Fair (+2): nothing on the dice makes 2 against 5, a failure.
        version = ann.send("Overcome", actor="ruth", skill="notice", dice="0000")["version"]
        seen = _overcome(ann_watch, version)
        assert seen["data"]["difficulty"] is None and seen["data"]["difficulty_hidden"] is True
        assert _overcome(gm_watch, version)["data"]["difficulty"] == HIDDEN
    state = ann.get("/state")
    assert state["roll"]["outcome"] == "fail" and state["roll"]["difficulty"] is None
    assert state["roll"]["shifts"] is None and state["last_roll"]["difficulty"] is None
    assert ann.get("/invokes", by="ruth")["advice"] is None
    logged = [e for e in ann.get("/log")["entries"] if e["type"] == "OvercomeRolled"]
    assert logged[0]["data"]["difficulty"] is None
    assert f'"difficulty": {HIDDEN}' not in json.dumps([state, ann.get("/log")])
    gm_state = gm.get("/state")
    assert gm_state["roll"]["difficulty"] == HIDDEN and gm_state["roll"]["shifts"] == -3
    assert gm.get("/invokes", by="ruth")["advice"]["shifts_now"] == -3


def test_refusals_in_a_conflict_are_4xx_and_change_nothing(api: Api) -> None:
    gm, ann = _fight(api)
    version = gm.get("/state")["table"]["version"]
    assert gm.send("HideDifficulty", expect=422, actor="ruth", difficulty=3, action="attack")
    forbidden = ann.send("HideDifficulty", expect=403, actor="ruth", difficulty=3)
    assert forbidden["error"] == "forbidden"
    assert gm.get("/state")["table"]["version"] == version
    version = gm.send("HideDifficulty", actor="ruth", difficulty=HIDDEN)["version"]
    named = ann.send("Overcome", expect=403, actor="ruth", skill="notice", difficulty=1)
    assert named["error"] == "forbidden" and str(HIDDEN) not in named["detail"]
    assert ann.send(
        "Overcome", expect=403, actor="ruth", skill="notice", difficulty=2, hidden_difficulty=True
    )
    assert gm.get("/state")["table"]["version"] == version
    assert [a["actor"] for a in gm.get("/state")["screen"]["asked"]] == ["ruth"]


def test_a_hazards_rating_and_weapon_reach_no_player(api: Api) -> None:
    # The probe's leak C, over HTTP and the live document's socket: Ruth tries to put out a
    # hazard (rating 5, Weapon 3), then the hazard attacks her. Every payload Ann receives is
    # searched for its numbers; the GM's show them.
    gm = api.table(options=["obstacles"])
    ann = gm.invite("Ann")
    ann.send("AddCharacter", sheet=ruth_sheet(), owner="ann")
    gm.send("AddCharacter", sheet=npc_sheet())
    gm.send("StartSession")
    gm.send("StartScene", name="On deck", participants=["ruth", "alice"])
    gm.send("StartConflict", sides=[["heroes", ["ruth"]], ["cult", ["alice"]]], first="ruth")
    received: list[Any] = []
    with ann.client.websocket_connect(
        f"/tables/{ann.table_id}/ws?link={ann.link}&view=1&after=0"
    ) as socket:
        gm.send("AddHazard", hazard_id=HAZARD, name="Raging Fire", rating=5, weapon=3, side="cult")
        # Ruth's Athletics is Good (+3): -1 on the dice makes 2 against the fire's 5.
        ann.send("Overcome", actor="ruth", skill="athletics", disable_hazard=HAZARD, dice="00-0")
        received += [ann.get("/state"), ann.get("/extras"), ann.get("/invokes", by="ruth")]
        roll = received[0]["roll"]
        assert (roll["difficulty"], roll["opposition"], roll["shifts"]) == (None, None, None)
        assert roll["effort"] == 2 and roll["outcome"] == "fail"
        assert received[1]["resolution"]["shifts"] is None
        assert received[2]["advice"] is None
        gm_roll = gm.get("/state")["roll"]
        assert (gm_roll["opposition"], gm_roll["shifts"]) == (5, -3)
        gm.send("ResolveRoll", option="fail")
        gm.send("EndTurn", next_actor=HAZARD)
        # The fire's 5 and +2 on the dice make 7 against Ruth's Fight, Great (+4): 3 shifts (with
        # style), and its Weapon makes the hit 6. Ann sees the outcome and the hit, not the 3, the
        # 7 nor the dice.
        version = gm.send(
            "Attack",
            actor=HAZARD,
            target="ruth",
            skill="raging_fire",
            dice="+0+0",
            defend_dice="0000",
        )["version"]
        received += [ann.get("/state"), ann.get("/extras")]
        roll = received[-2]["roll"]
        assert (roll["faces"], roll["effort"], roll["shifts"]) == (None, None, None)
        assert roll["outcome"] == "success_with_style" and roll["opposition"] == 4
        gm_roll = gm.get("/state")["roll"]
        assert (gm_roll["faces"], gm_roll["effort"], gm_roll["shifts"]) == ("+0+0", 7, 3)
        version = gm.send("ResolveRoll", option="hit")["version"]
        assert ann.get("/state")["conflict"]["pending_hit"]["shifts"] == 6
        received += [ann.get("/state"), ann.get("/log"), ann.get("/events", after=0)]
        while True:
            message = socket.receive_json()
            received.append(message)
            if message["kind"] == "view" and message["version"] >= version:
                break
    assert numbers_kept(received) == []
    assert '"+0+0"' not in json.dumps(received)
    gm_payloads = [gm.get("/state"), gm.get("/log")]
    assert numbers_kept(gm_payloads) and '"+0+0"' in json.dumps(gm_payloads)


def test_a_player_probing_for_a_prepared_npc_learns_nothing(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    gm.send("AddCharacter", sheet=npc_sheet())
    # Not met: asking for its sheet by id is answered as for no character at all, and the
    # answer does not name it.
    probed = ann.client.get(f"/tables/{gm.table_id}/characters/alice/export", headers=ann.headers)
    nobody = ann.client.get(f"/tables/{gm.table_id}/characters/nobody/export", headers=ann.headers)
    assert probed.status_code == nobody.status_code == 404
    assert "Westforth" not in probed.text
    assert ann.get("/state")["characters"] == []
