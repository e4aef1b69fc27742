"""One envelope check for a command, whether it comes over HTTP or the WebSocket: the same
malformed envelope is refused with the same field problems both ways, and nothing is done."""

from __future__ import annotations

from typing import Any

import pytest

from fatekit.server.envelope import MalformedEnvelope, read_envelope

from .conftest import Api  # type: ignore[import-not-found]
from .test_ws import Watcher, connect  # type: ignore[import-not-found]

MALFORMED: list[dict[str, Any]] = [
    {"type": 3},
    {"type": "Note", "data": {"text": "x"}, "expected_version": True},
    {"type": "Note", "data": {"text": "x"}, "expected_version": "4"},
    {"type": "Note", "data": {"text": "x"}, "expected_version": -1},
    {"type": "Note", "data": {"text": "x"}, "idempotency_key": ""},
    {"type": "Note", "data": {"text": "x"}, "idempotency_key": "k" * 500},
    {"type": "Note", "data": {"text": "x"}, "waive": "scene.end"},
    {"type": "Note", "data": {"text": "x"}, "reason": 5},
    {"type": "Note", "data": [], "what": 1},
]


def test_an_envelope_is_read_strictly() -> None:
    read = read_envelope({"type": "Note", "data": {"text": "x"}, "expected_version": 4})
    assert (read.type, read.data, read.expected_version, read.waive) == (
        "Note",
        {"text": "x"},
        4,
        None,
    )
    with pytest.raises(MalformedEnvelope) as caught:
        read_envelope({"type": "Note", "expected_version": True, "what": 1})
    assert set(caught.value.fields) == {"expected_version", "what"}


@pytest.mark.parametrize("envelope", MALFORMED)
def test_http_and_the_socket_refuse_a_malformed_envelope_alike(
    api: Api, envelope: dict[str, Any]
) -> None:
    gm = api.table()
    before = gm.get("/state")["table"]["version"]
    response = gm.client.post(f"/tables/{gm.table_id}/commands", json=envelope, headers=gm.headers)
    assert response.status_code == 422, response.text
    over_http = response.json()
    assert over_http["error"] == "malformed" and over_http["waivable"] is False
    with connect(gm) as socket:
        watcher = Watcher(socket)
        socket.send_json({"kind": "command", "id": "x", **envelope})
        over_socket = watcher.next_of("error")
    assert over_socket["status"] == 422 and over_socket["id"] == "x"
    assert over_socket["fields"] == over_http["fields"]
    assert gm.get("/state")["table"]["version"] == before
