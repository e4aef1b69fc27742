"""``GET /health``: what a load balancer asks before sending a process any traffic."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from fatekit.server.app import create_app
from fatekit.store.sqlite import SqliteEventStore

from .conftest import Api  # type: ignore[import-not-found]


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
    with TestClient(create_app(store)) as client:
        store.close()  # as if the disk had gone
        response = client.get("/health")
    assert response.status_code == 503
    body = response.json()
    assert body["ok"] is False and body["database"].startswith("failing:")
