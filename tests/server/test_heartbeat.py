"""The heartbeat is the WebSocket protocol's own ping, over a real uvicorn server as ``fatekit
serve`` configures it: a client that answers ping frames (browsers and client libraries do it on
their own) stays connected without a message of ours, and one that stops answering is closed
(1011) and leaves the table's watchers (docs/server.md, "Heartbeat")."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from websockets.client import ClientProtocol
from websockets.frames import Opcode
from websockets.sync.client import connect
from websockets.uri import parse_uri

from fatekit.server.app import create_app
from fatekit.server.service import TableService
from fatekit.server.ws import SocketSettings
from fatekit.store.sqlite import SqliteEventStore

from .process import call  # type: ignore[import-not-found]
from .threaded import Running, serve_in_thread  # type: ignore[import-not-found]

BEAT = SocketSettings(heartbeat=0.2, timeout=0.3)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    store = SqliteEventStore(tmp_path / "tables.sqlite")
    running = serve_in_thread(create_app(store, rate=10_000, burst=10_000, sockets=BEAT))
    try:
        yield running
    finally:
        running.stop()
        store.close()


def _table(server: Running) -> str:
    status, made = call("POST", f"{server.base}/tables", {"name": "Heartbeat"})
    assert status == 201, made
    return f"{server.ws_base}/tables/{made['table_id']}/ws?link={made['link']}&view=1"


def _watchers(server: Running) -> int:
    service: TableService = server.app.state.service
    return service.hub.connections()


def _until(test: object, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not test():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_a_client_answering_the_protocols_pings_stays_without_a_message_of_ours(
    server: Running,
) -> None:
    url = _table(server)
    with connect(url, open_timeout=10) as client:
        assert json.loads(client.recv(timeout=10))["kind"] == "hello"
        # Ten heartbeats: the client library answers each ping frame; nothing else arrives.
        with pytest.raises(TimeoutError):
            client.recv(timeout=10 * BEAT.heartbeat)
        assert _watchers(server) == 1
        client.send(json.dumps({"kind": "command", "id": 1, "type": "Note", "data": {"text": "x"}}))
        kinds = [json.loads(client.recv(timeout=10))["kind"] for _ in range(3)]
        assert sorted(kinds) == ["ack", "event", "view"]
        # A client may still ask whether the server is there, in a message of ours.
        client.send(json.dumps({"kind": "ping"}))
        assert json.loads(client.recv(timeout=10)) == {"kind": "pong"}


def test_a_client_that_stops_answering_pings_is_closed_and_stops_watching(
    server: Running,
) -> None:
    url = _table(server)
    protocol = ClientProtocol(parse_uri(url))
    address = urlsplit(url)
    assert address.hostname is not None and address.port is not None
    with socket.create_connection((address.hostname, address.port), timeout=10) as raw:
        request = protocol.connect()
        protocol.send_request(request)
        raw.sendall(b"".join(protocol.data_to_send()))
        _until(lambda: _watchers(server) == 1)
        # Silent from here on: the pongs the protocol would send are never sent.
        received = b""
        raw.settimeout(10)
        while chunk := raw.recv(65536):
            received += chunk
    protocol.receive_data(received)
    protocol.receive_eof()
    frames = protocol.events_received()
    opcodes = [getattr(frame, "opcode", None) for frame in frames]
    assert Opcode.PING in opcodes
    assert protocol.close_rcvd is not None and protocol.close_rcvd.code == 1011
    _until(lambda: _watchers(server) == 0)
