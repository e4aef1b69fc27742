"""``GET /health``: what a load balancer asks before sending a process any traffic; and what a
socket is told when the store fails."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from fatekit.server.app import create_app
from fatekit.store.sqlite import SqliteEventStore

from .conftest import Api, Seat  # type: ignore[import-not-found]


def test_a_process_whose_store_answers_is_healthy(api: Api) -> None:
    api.table()
    response = api.client.get("/health")
    assert response.status_code == 200
    assert response.json() == {
        "ok": True,
        "database": "ok",
        "following": False,  # one process alone on its store: nothing to listen to
        "listening": True,
        "tables_watched": 0,
        "connections": 0,
    }


def test_a_process_whose_database_fails_answers_503(tmp_path: Path) -> None:
    store = SqliteEventStore(tmp_path / "t.db")
    with TestClient(create_app(store), client=("127.0.0.1", 50000)) as client:
        store.close()  # as if the disk had gone
        response = client.get("/health")
    assert response.status_code == 503
    body = response.json()
    assert body["ok"] is False and body["database"].startswith("failing:")


def test_a_socket_is_told_to_try_again_later_when_the_store_fails(tmp_path: Path) -> None:
    store = SqliteEventStore(tmp_path / "t.db")
    with TestClient(create_app(store), client=("127.0.0.1", 50000)) as client:
        made = client.post("/tables", json={"name": "T"}).json()
        gm = Seat(client, made["table_id"], made["seat"], made["link"])
        store.close()
        with client.websocket_connect(f"/tables/{gm.table_id}/ws?link={gm.link}") as socket:
            refusal = socket.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
    assert refusal["kind"] == "error" and refusal["status"] == 503
    assert refusal["error"] == "store"
    assert closed.value.code == 1013  # try again later (at this or another process)
