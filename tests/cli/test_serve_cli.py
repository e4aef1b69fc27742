"""``fatekit serve``: the database option, and a real server process on a loopback port."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from websockets.sync.client import connect

from fatekit.cli import main
from fatekit.cli.serve import default_database, open_store_path
from fatekit.rules import BadInput

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))
from process import call, start  # type: ignore[import-not-found]  # noqa: E402


def test_database_urls(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert open_store_path("sqlite:///data/x.db") == Path("data/x.db")
    assert open_store_path("sqlite:////srv/x.db") == Path("/srv/x.db")
    assert open_store_path("tables.db") == Path("tables.db")
    monkeypatch.setenv("FATEKIT_DATA", str(tmp_path))
    assert open_store_path(None) == default_database() == tmp_path / "fatekit.db"
    monkeypatch.delenv("FATEKIT_DATA")
    assert default_database() == Path("data/fatekit.db")
    for bad in ("mysql://x", "sqlite://", "sqlite:///"):
        with pytest.raises(BadInput):
            open_store_path(bad)


def test_postgresql_is_refused_clearly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--db", "postgresql://localhost/fate"]) == 2
    assert "not supported yet" in capsys.readouterr().err


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
        status, view = call("GET", f"{again.base}/tables/{served.table_id}/state", link=served.link)
        assert status == 200 and view["notes"][0]["text"] == "hi"
    finally:
        again.stop()
