"""The GM's waiver over HTTP and the WebSocket (issue 26, contract 1): every 403, 409 and 422
body says whether it is waivable; a GM resends a waivable refusal with ``waive`` and ``reason``;
a player's waive is 403; the waived event reaches every seat with the rule and the reason."""

from __future__ import annotations

from typing import Any

from fatekit.rules.characters.preset import ATTACK_DEFEND_RULE

from ..sheets import npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from .conftest import Api, Seat  # type: ignore[import-not-found]

REASON = "the lantern counts as a weapon tonight"


def command(seat: Seat, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    response = seat.client.post(
        f"/tables/{seat.table_id}/commands", json=body, headers=seat.headers
    )
    return response.status_code, response.json()


def a_fight(api: Api) -> tuple[Seat, Seat]:
    gm = api.table()
    ann = gm.invite("Ann", seat_id="ann")
    ann.send("AddCharacter", sheet=ruth_sheet(), owner="ann")
    gm.send("AddCharacter", sheet=npc_sheet())
    gm.send("StartSession")
    gm.send("StartScene", name="Deck", participants=["ruth", "alice"])
    gm.send("StartConflict", sides=[["heroes", ["ruth"]], ["cult", ["alice"]]], first="ruth")
    return gm, ann


NOTICE_ATTACK = {"actor": "ruth", "target": "alice", "skill": "notice"}


def test_a_waivable_refusal_says_so_and_the_gm_allows_it(api: Api) -> None:
    gm, ann = a_fight(api)
    status, refused = command(ann, {"type": "Attack", "data": NOTICE_ATTACK})
    assert status == 409 and refused["error"] == "illegal"
    assert refused["waivable"] is True and refused["rule"]["key"] == ATTACK_DEFEND_RULE.key
    # Ann may not overrule it herself.
    status, body = command(
        ann,
        {
            "type": "Attack",
            "data": NOTICE_ATTACK,
            "waive": [ATTACK_DEFEND_RULE.key],
            "reason": REASON,
        },
    )
    assert status == 403 and body["error"] == "forbidden" and body["waivable"] is False
    status, done = command(
        gm,
        {
            "type": "Attack",
            "data": NOTICE_ATTACK,
            "waive": [ATTACK_DEFEND_RULE.key],
            "reason": REASON,
        },
    )
    assert status == 200, done
    (event,) = done["events"]
    assert event["data"]["waived"] == [ATTACK_DEFEND_RULE.key]
    assert event["data"]["waiver_reason"] == REASON
    # Ann's log shows the waiver and why.
    seen = [e for e in ann.get("/events")["events"] if e["type"] == "AttackRolled"]
    assert seen[0]["data"]["waived"] == [ATTACK_DEFEND_RULE.key]
    assert seen[0]["data"]["waiver_reason"] == REASON


def test_every_refusal_body_says_whether_it_is_waivable(api: Api) -> None:
    gm, ann = a_fight(api)
    cases = [
        (ann, {"type": "StartSession"}, 403),  # a GM's command
        (gm, {"type": "Attack", "data": {**NOTICE_ATTACK, "target": "nobody"}}, 422),
        (gm, {"type": "Nope"}, 422),
        (gm, {"type": "Note", "data": {"text": "x"}, "expected_version": 1}, 409),  # stale
        (gm, {"type": "Note", "data": {"text": "x"}, "waive": ["no.such"], "reason": "r"}, 422),
        (gm, {"type": "Note", "data": {"text": "x"}, "waive": [ATTACK_DEFEND_RULE.key]}, 422),
        (gm, {"type": "Note", "data": {"text": "x"}, "waive": "one"}, 422),
    ]
    for seat, body, expected in cases:
        status, answer = command(seat, body)
        assert status == expected, (body, answer)
        assert answer["waivable"] is False, (body, answer)


def test_the_socket_takes_a_waiver_too(api: Api) -> None:
    gm, _ = a_fight(api)
    with gm.client.websocket_connect(f"/tables/{gm.table_id}/ws?link={gm.link}") as socket:
        assert socket.receive_json()["kind"] == "hello"
        socket.send_json({"kind": "command", "id": 1, "type": "Attack", "data": NOTICE_ATTACK})
        while (refused := socket.receive_json())["kind"] != "error":
            pass
        assert refused["status"] == 409 and refused["waivable"] is True
        socket.send_json(
            {
                "kind": "command",
                "id": 2,
                "type": "Attack",
                "data": NOTICE_ATTACK,
                "waive": [refused["rule"]["key"]],
                "reason": REASON,
            }
        )
        while (ack := socket.receive_json())["kind"] != "ack":
            pass
        assert ack["id"] == 2
        socket.send_json({"kind": "command", "id": 3, "type": "Note", "waive": 5})
        while (bad := socket.receive_json())["kind"] != "error":
            pass
        assert bad["status"] == 422 and "waive" in bad["fields"] and bad["waivable"] is False


def test_a_refusal_names_characters_by_name(api: Api) -> None:
    gm, ann = a_fight(api)
    # Alice may not act on Ruth's turn: the sentence names them as the table knows them.
    status, refused = command(
        gm, {"type": "Attack", "data": {"actor": "alice", "target": "ruth", "skill": "fight"}}
    )
    assert status == 409 and refused["rule"]["key"] == "conflict.exchange"
    assert "Ruth's turn, not Alice Westforth's" in refused["detail"]
    status, refused = command(
        ann, {"type": "Attack", "data": {"actor": "ruth", "target": "nobody", "skill": "fight"}}
    )
    assert status == 422 and "nobody" in refused["detail"]


def test_a_refusal_the_engine_names_carries_its_code_and_parameters(api: Api) -> None:
    """A bad input the engine names (no rule, no field) carries ``code`` and ``params`` for the
    page to word it in its own language; it is not waivable and stores nothing."""
    gm, ann = a_fight(api)
    # Once the fight is over: a roll of its own is taken outside a conflict (inside one, the
    # conflict's actions are), and an attack is refused for want of one.
    gm.send("FinishConflict")
    before = gm.get("/state")["table"]["version"]
    status, body = command(ann, {"type": "Roll", "data": {**ROLL, "skill": "xylophone"}})
    assert status == 422 and body["error"] == "malformed" and body["waivable"] is False
    assert body["code"] == "unknown_skill" and body["params"] == {"skill": "xylophone"}
    status, body = command(ann, {"type": "Attack", "data": NOTICE_ATTACK})
    assert status == 422 and body["code"] == "no_conflict" and body["params"] == {}
    assert gm.get("/state")["table"]["version"] == before


ROLL = {"actor": "ruth", "action": "overcome", "skill": "athletics", "difficulty": 1}
