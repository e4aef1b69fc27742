"""Bounds are held as a request is read: a text over the cap is refused (422, naming its field)
in the pass that reads the JSON, before the command is decoded, and a body over the limit gets
413, on a real server over real HTTP and on its socket. Nothing is ever answered 500, and no
refusal changes the table.
"""

from __future__ import annotations

import http.client
import json
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from websockets.sync.client import connect

from .process import call, start  # type: ignore[import-not-found]

FIXTURES = Path(__file__).resolve().parent.parent / "formats" / "fixtures"


def _raw(base: str, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, Any]:
    """POST ``body`` as it is (no JSON encoding here), streamed in chunks when it has no
    Content-Length; the status and the parsed answer."""
    where = urlsplit(base)
    connection = http.client.HTTPConnection(where.hostname or "", where.port, timeout=30)
    try:
        chunked = "Content-Length" not in headers
        connection.request(
            "POST",
            path,
            body=iter([body]) if chunked else body,
            headers=headers,
            encode_chunked=chunked,
        )
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def test_oversize_texts_and_bodies_are_refused_as_they_are_read(tmp_path: Path) -> None:
    served = start(tmp_path / "t.db", "--table", "Bounded", "--max-text", "100")
    try:
        assert served.link is not None
        base, link, table = served.base, served.link, served.table_id
        commands = f"/tables/{table}/commands"
        _, before = call("GET", f"{base}/tables/{table}/state", link=link)
        version = before["table"]["version"]

        # A text one over the cap, in a command of a type that does not even exist: the text is
        # what is named, because it is refused before the command is decoded.
        body = {"type": "NoSuchCommand", "data": {"text": "x" * 101}}
        status, refused = call("POST", base + commands, body, link)
        assert status == 422, refused
        assert refused["error"] == "malformed"
        assert refused["fields"] == {"data.text": "at most 100 characters (this has 101)"}

        # Deep inside a value, and a name (a key) over the cap.
        deep = {"type": "Note", "data": {"text": "ok", "x": [{"y": "y" * 500}]}}
        status, refused = call("POST", base + commands, deep, link)
        assert status == 422 and refused["fields"] == {
            "data.x[0].y": "at most 100 characters (this has 500)"
        }
        named = {"type": "Note", "data": {"k" * 101: 1}}
        status, refused = call("POST", base + commands, named, link)
        assert status == 422 and refused["fields"] == {
            "data": "one of its names: at most 100 characters"
        }

        # A table's name, a seat's name: the same, at every endpoint that takes JSON.
        status, refused = call("POST", f"{base}/tables", {"name": "n" * 101})
        assert status == 422 and list(refused["fields"]) == ["name"]
        status, refused = call("POST", f"{base}/tables/{table}/seats", {"name": "a" * 101}, link)
        assert status == 422 and list(refused["fields"]) == ["name"]

        # A file sent whole as one text is no text the table keeps: the cap is not its bound.
        sheet = (FIXTURES / "foundry-core-base64.json").read_text(encoding="utf-8")
        assert len(sheet) > 100
        imported = {"content": sheet, "kind": "major_npc", "dry_run": True}
        status, read = call("POST", f"{base}/tables/{table}/characters/import", imported, link)
        assert status == 200, read

        # A body over the server's limit (2 MiB), declared or streamed: 413, never read whole.
        huge = json.dumps({"type": "Note", "data": {"text": "x" * (3 << 20)}}).encode()
        headers = {"Content-Type": "application/json", "X-Fatekit-Link": link}
        for sent in ({**headers, "Content-Length": str(len(huge))}, headers):
            status, refused = _raw(base, commands, huge, sent)
            assert status == 413 and refused["error"] == "too_large", refused

        # Nested past what a parser follows: not JSON it can read (400), not a 500.
        status, refused = _raw(base, commands, b"[" * 100_000 + b"]" * 100_000, headers)
        assert status == 400 and refused["error"] == "http", refused

        # The socket reads its messages the same way.
        socket_url = base.replace("http://", "ws://") + f"/tables/{table}/ws?link={link}"
        with connect(socket_url) as socket:
            json.loads(socket.recv())  # hello
            message = {"kind": "command", "id": 1, "type": "Note", "data": {"text": "x" * 101}}
            socket.send(json.dumps(message))
            while (answer := json.loads(socket.recv()))["kind"] != "error":
                pass
        assert answer["status"] == 422 and answer["id"] == 1
        assert answer["fields"] == {"data.text": "at most 100 characters (this has 101)"}

        _, after = call("GET", f"{base}/tables/{table}/state", link=link)
        assert after["table"]["version"] == version  # nothing refused changed the table
        assert len(after["seats"]) == len(before["seats"])
        status, fine = call(
            "POST", base + commands, {"type": "Note", "data": {"text": "x" * 100}}, link
        )
        assert status == 200 and fine["version"] == version + 1
    finally:
        served.stop()
    assert "Traceback" not in "".join(served.output)
