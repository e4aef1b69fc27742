"""The WebSocket: catching up from a version, live events, reconnecting without a gap or a
duplicate, commands over the socket, a client's own ping, and the ways a connection is closed
(the protocol's heartbeat, over a real server: test_heartbeat.py)."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from fatekit.server.hub import CLOSE_BEHIND, Close, Hub
from fatekit.server.ws import SocketSettings
from fatekit.table import commands as c
from fatekit.table import handle

from ..sheets import ruth_sheet  # type: ignore[import-not-found]
from .conftest import Api, Seat, make_api  # type: ignore[import-not-found]


class Watcher:
    """Reads a socket, checking that versions only ever move forward."""

    def __init__(self, socket: WebSocketTestSession) -> None:
        self.socket = socket
        hello = socket.receive_json()
        assert hello["kind"] == "hello", hello
        self.hello = hello
        self.version: int = hello["after"]
        self.events: list[dict[str, Any]] = []
        self.other: list[dict[str, Any]] = []

    def take(self) -> dict[str, Any]:
        message: dict[str, Any] = self.socket.receive_json()
        kind = message["kind"]
        if kind in ("event", "version"):
            version = message["event"]["version"] if kind == "event" else message["version"]
            assert version > self.version, f"version {version} after {self.version}: a duplicate"
            self.version = version
            if kind == "event":
                self.events.append(message["event"])
        else:
            self.other.append(message)
        return message

    def until(self, version: int) -> None:
        while self.version < version:
            self.take()

    def next_of(self, kind: str) -> dict[str, Any]:
        while True:
            message = self.take()
            if message["kind"] == kind:
                return message


def connect(seat: Seat, after: int | None = None, **params: Any) -> Any:
    query = f"?link={seat.link}" + ("" if after is None else f"&after={after}")
    return seat.client.websocket_connect(f"/tables/{seat.table_id}/ws{query}")


def test_a_seat_catches_up_then_receives_live_events_redacted(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    gm.send("Note", text="ZZ-GM-ONLY", visibility="gm")  # version 3, hidden from Ann
    with connect(ann) as socket:
        watcher = Watcher(socket)
        assert watcher.hello == {
            "kind": "hello",
            "table_id": gm.table_id,
            "seat": "ann",
            "role": "player",
            "version": 3,
            "after": 0,
        }
        watcher.until(3)
        assert [e["version"] for e in watcher.events] == [1, 2]
        gm.send("Note", text="The storm breaks")
        ann.send("AddCharacter", sheet=ruth_sheet(), owner="ann")
        gm.send("Note", text="ZZ-GM-AGAIN", visibility="gm")
        watcher.until(6)
        assert [e["type"] for e in watcher.events[2:]] == ["NoteAdded", "CharacterAdded"]
        assert "ZZ-GM" not in json.dumps(watcher.events)
    # The socket gave Ann exactly what the events endpoint gives her.
    assert watcher.events == ann.get("/events")["events"]


def test_reconnecting_from_the_last_version_misses_nothing_and_repeats_nothing(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    received: list[dict[str, Any]] = []
    last = 0
    for round_ in range(4):
        with connect(ann, after=last) as socket:
            watcher = Watcher(socket)
            gm.send("Note", text=f"live {round_}")
            gm.send("Note", text=f"ZZ-hidden {round_}", visibility="gm")
            watcher.until(watcher.hello["version"] + 2)
            received.extend(watcher.events)
            last = watcher.version
        # Meanwhile, with Ann away:
        gm.send("Note", text=f"away {round_}")
        gm.send("Note", text=f"ZZ-away-hidden {round_}", visibility="gm")
    with connect(ann, after=last) as socket:
        watcher = Watcher(socket)
        watcher.until(watcher.hello["version"])
        received.extend(watcher.events)
    assert received == ann.get("/events")["events"]
    versions = [e["version"] for e in received]
    assert versions == sorted(set(versions))
    assert "ZZ" not in json.dumps(received)


def test_commands_over_the_socket(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    with connect(ann) as socket:
        watcher = Watcher(socket)
        socket.send_json({"kind": "command", "id": "a", "type": "Note", "data": {"text": "hi"}})
        ack = watcher.next_of("ack")
        assert ack == {
            "kind": "ack",
            "id": "a",
            "first_version": 3,
            "version": 3,
            "replayed": False,
        }
        assert watcher.events[-1]["data"]["text"] == "hi"  # the event came before the ack
        socket.send_json(
            {
                "kind": "command",
                "id": "b",
                "type": "Note",
                "data": {"text": "hi"},
                "idempotency_key": "k",
            }
        )
        socket.send_json(
            {
                "kind": "command",
                "id": "c",
                "type": "Note",
                "data": {"text": "hi"},
                "idempotency_key": "k",
            }
        )
        first, retry = watcher.next_of("ack"), watcher.next_of("ack")
        assert (first["replayed"], retry["replayed"]) == (False, True)
        assert first["version"] == retry["version"] == 4
        socket.send_json({"kind": "command", "id": "d", "type": "EndScene"})
        forbidden = watcher.next_of("error")
        assert (forbidden["id"], forbidden["status"], forbidden["error"]) == ("d", 403, "forbidden")
        socket.send_json({"kind": "command", "id": "e", "type": "Note", "data": {"txt": 1}})
        malformed = watcher.next_of("error")
        assert malformed["status"] == 422 and "data.txt" in malformed["fields"]
        socket.send_json(
            {
                "kind": "command",
                "id": "f",
                "type": "Note",
                "data": {"text": "x"},
                "expected_version": 1,
            }
        )
        stale = watcher.next_of("error")
        assert stale["status"] == 409 and stale["error"] == "stale" and stale["actual"] == 4
        socket.send_json({"kind": "command", "type": 3, "expected_version": True, "what": 1})
        assert set(watcher.next_of("error")["fields"]) == {"type", "expected_version", "what"}
        socket.send_text("not json")
        assert watcher.next_of("error")["fields"] == {"$": "expected a JSON object"}
        socket.send_json({"kind": "dance"})
        assert "kind" in watcher.next_of("error")["fields"]
        socket.send_json({"kind": "ping"})
        assert watcher.next_of("pong") == {"kind": "pong"}
    gm_socket_test = gm.send("EndScene", expect=409)
    assert gm_socket_test["rule"]["key"] == "scene.end"


def test_illegal_moves_over_the_socket_name_the_rule(api: Api) -> None:
    gm = api.table()
    with connect(gm) as socket:
        watcher = Watcher(socket)
        socket.send_json({"kind": "command", "id": 1, "type": "EndScene"})
        error = watcher.next_of("error")
        assert (error["status"], error["error"], error["rule"]["key"]) == (
            409,
            "illegal",
            "scene.end",
        )


def test_commands_over_the_socket_are_rate_limited() -> None:
    api = make_api(sockets=SocketSettings(command_rate=0.001, command_burst=2))
    with api.client:
        gm = api.table()
        with connect(gm) as socket:
            watcher = Watcher(socket)
            for n in range(3):
                socket.send_json(
                    {"kind": "command", "id": n, "type": "Note", "data": {"text": "x"}}
                )
            answers = [watcher.next_of("ack"), watcher.next_of("ack"), watcher.next_of("error")]
            assert answers[2]["status"] == 429 and answers[2]["retry_after"] > 0


def _closed(socket: WebSocketTestSession) -> tuple[int, list[dict[str, Any]]]:
    seen: list[dict[str, Any]] = []
    with pytest.raises(WebSocketDisconnect) as closed:
        while True:
            seen.append(socket.receive_json())
    return closed.value.code, seen


def test_refused_subscriptions_say_why_and_close(api: Api) -> None:
    gm = api.table()
    cases = [
        (f"/tables/{gm.table_id}/ws", 4401, 401),
        (f"/tables/{gm.table_id}/ws?link={gm.table_id}.wrong", 4401, 401),
        (f"/tables/other/ws?link={gm.link}", 4403, 403),
        (f"/tables/{gm.table_id}/ws?link={gm.link}&after=x", 4422, 422),
        (f"/tables/{gm.table_id}/ws?link={gm.link}&after=99", 4422, 422),
    ]
    for url, code, status in cases:
        with api.client.websocket_connect(url) as socket:
            closed, seen = _closed(socket)
        assert closed == code, url
        assert seen[-1]["kind"] == "error" and seen[-1]["status"] == status, url


def test_revoking_a_link_or_removing_a_seat_closes_its_sockets(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    ben = gm.invite("Ben")
    with connect(ann) as socket:
        Watcher(socket)
        api.client.delete(f"/tables/{gm.table_id}/seats/ann/links", headers=gm.headers)
        code, _ = _closed(socket)
    assert code == 4403
    with connect(ben) as socket:
        Watcher(socket)
        gm.send("RemoveSeat", seat_id="ben")
        code, seen = _closed(socket)
    assert code == 4403
    # Ben caught up to version 3; the event removing him is not his to read: the close says it.
    assert [m["event"]["version"] for m in seen] == [1, 2, 3]


def test_events_committed_without_being_published_are_read_from_the_store(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    service = api.client.app.state.service  # type: ignore[attr-defined]
    with connect(ann) as socket:
        watcher = Watcher(socket)
        watcher.until(2)
        # Written behind the hub's back (as another writer would), then a published command.
        service.repo.execute(gm.table_id, c.Note(text="unannounced"), seat="gm")
        gm.send("Note", text="announced")
        watcher.until(4)
    assert [e["data"]["text"] for e in watcher.events[2:]] == ["unannounced", "announced"]


def test_a_subscriber_that_falls_too_far_behind_is_told_to_reconnect() -> None:
    async def scenario() -> list[object]:
        hub = Hub(limit=2)
        state = handle(None, c.CreateTable(name="T"), seat="gm", table_id="t").state
        subscriber = hub.subscribe("t", "gm")
        for version in range(3):
            decision = handle(state, c.Note(text=str(version)), seat="gm")
            state = decision.state
            hub.publish("t", decision.events, state)
        items = []
        while not subscriber.outbox.empty():
            items.append(subscriber.outbox.get_nowait())
        return items

    # In a thread of its own: a browser test's Playwright (sync API) keeps an event loop
    # running on the main thread for the session, and asyncio.run refuses to nest in it.
    with ThreadPoolExecutor(1) as pool:
        items = pool.submit(asyncio.run, scenario()).result()
    assert len(items) == 3 and items[-1] == Close(
        CLOSE_BEHIND, "too far behind: reconnect from the last version you saw"
    )
