"""Safety signals through the server: raised on a seat's socket, they reach every seat at once
and alike, hold every other command (409 under safety.signal-first) until the GM answers, and
nothing the server sends, stores, exports or logs says who raised one."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from fatekit.rules.safety import SafetyTool
from fatekit.store.tables import scoped_key
from fatekit.table import commands as c

from .conftest import Api, Seat  # type: ignore[import-not-found]


def connect(seat: Seat) -> Any:
    return seat.client.websocket_connect(f"/tables/{seat.table_id}/ws?link={seat.link}&view=1")


def hello(socket: Any) -> int:
    """Read the socket's hello: the version its document starts at."""
    first = socket.receive_json()
    assert first["kind"] == "hello"
    return int(first["version"])


def read_until(socket: Any, reached: int, version: int) -> list[str]:
    """Every message the socket brings from ``reached`` until its document reaches ``version``,
    as sent."""
    seen: list[str] = []
    while reached < version:
        raw = socket.receive_text()
        seen.append(raw)
        message = json.loads(raw)
        if message["kind"] == "view":
            reached = message["version"]
    return seen


def _but_own_seat(messages: list[str]) -> list[Any]:
    """The messages as read, less the patches to the reader's own seat (``/you``)."""
    read = [json.loads(m) for m in messages]
    for message in read:
        if message["kind"] == "view":
            message["patch"] = [op for op in message["patch"] if not op["path"].startswith("/you/")]
    return read


@pytest.mark.rule("safety.tools")
def test_a_signal_raised_on_a_socket_reaches_every_seat_alike_and_names_nobody(
    api: Api, caplog: pytest.LogCaptureFixture
) -> None:
    gm = api.table()
    ann, ben, sam = gm.invite("Ann"), gm.invite("Ben"), gm.invite("Sam", "spectator")
    start = gm.get("/state")["table"]["version"]
    caplog.set_level(logging.DEBUG)
    with connect(gm) as g, connect(ann) as a, connect(ben) as b, connect(sam) as s:
        # Every socket has its hello before Ann raises the card, so each starts from the same
        # version (a hello made after the signal would start past it, with nothing to read).
        sockets = (("gm", g), ("ann", a), ("ben", b), ("sam", s))
        assert {hello(sock) for _, sock in sockets} == {start}
        a.send_json(
            {
                "kind": "command",
                "id": "q",
                "type": "RaiseSignal",
                "data": {"tool": "x-card"},
                "idempotency_key": "k1",
            }
        )
        heard = {seat: read_until(sock, start, start + 1) for seat, sock in sockets}
        ack = a.receive_json()
        assert ack["kind"] == "ack" and ack["id"] == "q"
    # Ann's own socket reads what Ben's does, message for message (her ack comes after, on her
    # socket alone); Sam's reads the same but for his own seat's part (a spectator adds no
    # character, so the held-back offers a player loses are not his); the GM's reads the same event.
    assert heard["ann"] == heard["ben"]
    assert _but_own_seat(heard["sam"]) == _but_own_seat(heard["ann"])
    events = [json.loads(m)["event"] for m in heard["gm"] if json.loads(m)["kind"] == "event"]
    assert events == [
        json.loads(m)["event"] for m in heard["ann"] if json.loads(m)["kind"] == "event"
    ]
    (raised,) = events
    assert raised["type"] == "SignalRaised" and raised["seat"] == ""
    assert raised["data"] == {"signal_id": f"x{start + 1}", "tool": "x-card"}
    # No log line the server wrote names Ann's seat, her name or her link.
    for record in caplog.records:
        text = record.getMessage()
        assert "ann" not in text.lower() and ann.link not in text, text
    # The store keeps no seat for it, and its retry key is the same whoever sent it.
    stored = api.store.read(gm.table_id)[-1]
    assert (stored.type, stored.seat) == ("SignalRaised", "")
    assert "ann" not in stored.payload
    signal = c.RaiseSignal(tool=SafetyTool.X_CARD)
    assert scoped_key("ann", "k1", signal) == scoped_key("ben", "k1", signal)
    # Every read names nobody: the log of each seat, the GM's table file and campaign file.
    for seat in (gm, ann, ben, sam):
        entry = seat.get("/log")["entries"][0]
        assert entry == raised
    exported = gm.get("/export")
    assert exported["events"][-1]["seat"] == ""
    assert "ann" not in json.dumps(exported["events"][-1])
    campaign = gm.get("/campaign")
    assert campaign["table"]["events"][-1]["seat"] == ""


@pytest.mark.rule("safety.signal-first")
def test_every_command_waits_for_the_gms_answer_with_the_rule_that_says_why(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    raised = ann.send("RaiseSignal", tool="pause")
    (event,) = raised["events"]
    assert event["seat"] == ""
    refused = ann.send("Note", expect=409, text="Meanwhile...")
    assert refused["error"] == "illegal" and refused["waivable"] is False
    assert refused["rule"]["key"] == "safety.signal-first"
    assert gm.send("StartSession", expect=409)["rule"]["key"] == "safety.signal-first"
    waived = gm.client.post(
        f"/tables/{gm.table_id}/commands",
        json={"type": "StartSession", "waive": ["safety.signal-first"], "reason": "go on"},
        headers=gm.headers,
    )
    assert waived.status_code == 409 and waived.json()["rule"]["key"] == "safety.signal-first"
    assert ann.send("AnswerSignal", expect=403, signal_id=event["data"]["signal_id"])
    state = gm.get("/state")
    assert state["safety"]["waiting"] == [{"id": event["data"]["signal_id"], "tool": "pause"}]
    gm.send("AnswerSignal", signal_id=event["data"]["signal_id"], note="Back in five.")
    ann.send("Note", text="Meanwhile...")
    assert ann.get("/state")["safety"]["waiting"] == []
