"""Every error the server can answer has one shape: ``{"error", "detail", "fields"?, ...}``.

Each status the server sends is provoked here for real (over HTTP, at the guards in front of the
app as well as at its endpoints, and over the WebSocket), and each body is held to that shape: a
client switches on ``error`` whichever layer refused it.
"""

from __future__ import annotations

from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from fatekit.server.caps import Caps
from fatekit.server.ws import SocketSettings

from .conftest import make_api  # type: ignore[import-not-found]
from .test_ws import connect  # type: ignore[import-not-found]


def _shaped(body: Any, status: int) -> dict[str, Any]:
    assert isinstance(body, dict), body
    assert isinstance(body.get("error"), str) and body["error"], (status, body)
    assert isinstance(body.get("detail"), str) and body["detail"], (status, body)
    if "fields" in body:
        assert isinstance(body["fields"], dict), body
    return body


def test_every_http_error_status_has_the_same_body() -> None:
    api = make_api(max_body=4000, rate=0.5, burst=40, caps=Caps(tables=2))
    seen: dict[int, set[str]] = {}

    def check(response: Any, status: int, error: str | None = None) -> None:
        assert response.status_code == status, response.text
        assert response.headers["content-type"].startswith("application/json")
        body = _shaped(response.json(), status)
        if error is not None:
            assert body["error"] == error, body
        seen.setdefault(status, set()).add(body["error"])

    with api.client as client:
        gm = api.table()
        player = gm.invite("Ann")
        at = f"/tables/{gm.table_id}"
        # 401: no link, a link that opens nothing.
        check(client.get(f"{at}/state"), 401, "link")
        check(client.get(f"{at}/state", headers={"X-Fatekit-Link": f"{gm.table_id}.x"}), 401)
        # 403: a player sending a GM's command.
        check(
            client.post(
                f"{at}/commands",
                json={"type": "StartScene", "data": {"name": "S", "participants": []}},
                headers=player.headers,
            ),
            403,
            "forbidden",
        )
        # 404: no such character, no such path, no such file of the page.
        check(client.get(f"{at}/characters/nobody/export", headers=gm.headers), 404)
        check(client.get("/no/such/path"), 404, "not_found")
        check(client.get("/web/js/none.js"), 404, "not_found")
        # 405: a method the path does not take.
        check(client.delete("/health"), 405)
        # 409: an illegal move; a stale version; a cap.
        check(
            client.post(
                f"{at}/commands",
                json={"type": "EndScene", "data": {}},
                headers=gm.headers,
            ),
            409,
        )
        check(
            client.post(
                f"{at}/commands",
                json={"type": "Note", "data": {"text": "x"}, "expected_version": 0},
                headers=gm.headers,
            ),
            409,
            "stale",
        )
        api.table("Second")
        check(client.post("/tables", json={"name": "Third"}), 409, "cap")
        # 413: a body over the limit, declared or not.
        check(client.post("/tables", json={"name": "x" * 5000}), 413, "too_large")
        # 422: a malformed body.
        check(client.post(f"{at}/commands", json={"type": 3}, headers=gm.headers), 422)
        # 429: past the client's budget.
        for _ in range(60):
            response = client.get("/health")
            if response.status_code == 429:
                break
        check(response, 429, "slow_down")
        assert response.json()["retry_after"] >= 1
        assert int(response.headers["retry-after"]) == response.json()["retry_after"]
    assert set(seen) == {401, 403, 404, 405, 409, 413, 422, 429}


def test_an_unhealthy_process_says_so_in_the_error_shape() -> None:
    api = make_api()
    with api.client as client:

        def failing(stream: str) -> int:
            raise OSError("the disk is gone")

        api.store.version = failing  # type: ignore[method-assign]
        response = client.get("/health")
        assert response.status_code == 503
        body = _shaped(response.json(), 503)
        assert body["error"] == "unhealthy" and "the disk is gone" in body["detail"]
        assert body["ok"] is False


def _frames_until_closed(socket: Any) -> tuple[int, list[dict[str, Any]]]:
    seen: list[dict[str, Any]] = []
    with pytest.raises(WebSocketDisconnect) as closed:
        while True:
            seen.append(socket.receive_json())
    return closed.value.code, seen


def test_every_error_frame_of_the_socket_has_the_same_body() -> None:
    api = make_api(
        sockets=SocketSettings(max_message=200, command_rate=0.001, command_burst=1),
        caps=Caps(sockets_per_seat=1),
    )
    with api.client as client:
        gm = api.table()
        frames: list[dict[str, Any]] = []
        with connect(gm) as socket:
            assert socket.receive_json()["kind"] == "hello"
            socket.send_json({"kind": "command", "id": 1, "type": "Note", "data": {"text": "x"}})
            socket.send_json({"kind": "command", "id": 2, "type": "Note", "data": {"text": "y"}})
            socket.send_json({"kind": "what"})
            socket.send_text("[]")
            # A second socket of the seat, past its cap.
            with connect(gm) as second:
                code, seen = _frames_until_closed(second)
                assert code == 4429
                frames += seen
            while len([f for f in frames if f["kind"] == "error" and f["status"] != 429]) < 2:
                frame = socket.receive_json()
                if frame["kind"] == "error":
                    frames.append(frame)
            socket.send_text('{"kind": "ping", "pad": "' + "x" * 400 + '"}')
            code, seen = _frames_until_closed(socket)
            assert code == 4413
            frames += seen
        # Refused at the door: no link.
        with client.websocket_connect(f"/tables/{gm.table_id}/ws") as socket:
            code, seen = _frames_until_closed(socket)
            assert code == 4401
            frames += seen
    errors = [f for f in frames if f["kind"] == "error"]
    for frame in errors:
        _shaped(frame, frame["status"])
    assert {f["status"] for f in errors} >= {401, 413, 422, 429}
