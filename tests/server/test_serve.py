"""A real ``fatekit serve`` process on a loopback port, over HTTP and WebSocket."""

from __future__ import annotations

import json
from pathlib import Path

from websockets.sync.client import connect

from .process import call, start  # type: ignore[import-not-found]


def test_a_served_table_over_http_and_websocket(tmp_path: Path) -> None:
    db = tmp_path / "data" / "tables.db"
    served = start(db, "--table", "The Yacht")
    try:
        assert served.base.startswith("http://127.0.0.1:")
        assert any("/docs" in line for line in served.lines)
        status, view = call(
            "GET", f"{served.base}/tables/{served.table_id}/state", link=served.link
        )
        assert status == 200 and view["table"]["name"] == "The Yacht"
        status, ann = call(
            "POST", f"{served.base}/tables/{served.table_id}/seats", {"name": "Ann"}, served.link
        )
        assert status == 201
        socket_url = served.base.replace("http", "ws") + f"/tables/{served.table_id}/ws"
        with connect(f"{socket_url}?link={ann['link']}&after=0", open_timeout=10) as ws:
            hello = json.loads(ws.recv(timeout=10))
            assert hello["seat"] == "ann" and hello["version"] == 2
            assert [json.loads(ws.recv(timeout=10))["event"]["version"] for _ in range(2)] == [1, 2]
            ws.send(
                json.dumps({"kind": "command", "id": 1, "type": "Note", "data": {"text": "hi"}})
            )
            kinds = [json.loads(ws.recv(timeout=10))["kind"] for _ in range(2)]
            assert sorted(kinds) == ["ack", "event"]
        status, missing = call("GET", f"{served.base}/tables/{served.table_id}/state")
        assert status == 401 and missing["error"] == "link"
    finally:
        assert served.stop() == 0
    assert db.exists()
    # Started again on the same file, without a new table, the table is still there.
    again = start(db, "--no-table")
    try:
        assert again.link is None
        status, log = call("GET", f"{again.base}/tables/{served.table_id}/log", link=served.link)
        assert status == 200 and log["entries"][0]["data"]["text"] == "hi"
    finally:
        again.stop()
