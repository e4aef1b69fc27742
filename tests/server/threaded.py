"""Server processes in miniature: an app under uvicorn in a thread of the test process, on a free
loopback port, with its own event loop and its own store, so that two of them on one database
behave as two ``fatekit serve`` processes do, while the test can still reach into each. Also a
WebSocket reader that waits with timeouts and checks the protocol's promise as it reads."""

from __future__ import annotations

import json
import socket
import threading
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlencode

import uvicorn
from fastapi import FastAPI
from psycopg.conninfo import conninfo_to_dict
from websockets.sync.client import ClientConnection, connect

from fatekit.server.ws import protocol_options


@dataclass
class Running:
    """An app being served: its base URL and the means to stop it."""

    app: FastAPI
    base: str
    server: uvicorn.Server
    thread: threading.Thread

    @property
    def ws_base(self) -> str:
        return self.base.replace("http://", "ws://")

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)
        assert not self.thread.is_alive(), "the server did not stop"


def serve_in_thread(app: FastAPI, timeout: float = 20.0) -> Running:
    """Serve ``app`` (its lifespan included) and return once it accepts connections."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    # The WebSocket protocol's settings fatekit serve gives uvicorn, from the app's own.
    options = protocol_options(app.state.socket_settings)
    config = uvicorn.Config(app, log_level="warning", lifespan="on", **options)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + timeout
    while not server.started:  # set once the lifespan (the listener) has started
        if not thread.is_alive() or time.monotonic() > deadline:
            server.should_exit = True
            raise AssertionError("the server did not start")
        time.sleep(0.01)
    return Running(app, f"http://127.0.0.1:{sock.getsockname()[1]}", server, thread)


def postgres_url(dsn: str) -> str:
    """A ``postgresql://`` URL for a libpq ``key=value`` string (``fatekit serve --db``)."""
    params = {k: str(v) for k, v in conninfo_to_dict(dsn).items() if v is not None}
    user, dbname = params.pop("user", ""), params.pop("dbname", "")
    return f"postgresql://{quote(user)}@/{quote(dbname)}?{urlencode(params, quote_via=quote)}"


@dataclass
class Reader:
    """A seat's WebSocket, read with timeouts; versions must only move forward (a duplicate or
    a step back fails at once)."""

    url: str
    link: str
    after: int = 0
    version: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    other: list[dict[str, Any]] = field(default_factory=list)
    socket: ClientConnection | None = None
    _open: ExitStack = field(default_factory=ExitStack)

    def open(self, url: str | None = None) -> Reader:
        """Connect (again, perhaps to another server) from the last version seen."""
        if url is not None:
            self.url = url
        self.close()
        address = f"{self.url}?link={self.link}&after={self.version}"
        self.socket = self._open.enter_context(connect(address, open_timeout=10, max_size=None))
        hello = json.loads(self.socket.recv(timeout=10))
        assert hello["kind"] == "hello", hello
        assert hello["after"] == self.version
        return self

    def take(self, timeout: float = 10.0) -> dict[str, Any]:
        assert self.socket is not None
        message: dict[str, Any] = json.loads(self.socket.recv(timeout=timeout))
        kind = message["kind"]
        if kind in ("event", "version"):
            version = message["event"]["version"] if kind == "event" else message["version"]
            assert version > self.version, f"version {version} after {self.version}"
            self.version = version
            if kind == "event":
                self.events.append(message["event"])
        else:
            self.other.append(message)
        return message

    def until(self, version: int, timeout: float = 15.0) -> None:
        """Read until the table's ``version`` has been reached (or fail after ``timeout``)."""
        deadline = time.monotonic() + timeout
        while self.version < version:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"stuck at version {self.version}, waiting for {version}")
            self.take(timeout=left)

    def close(self) -> None:
        self._open.close()
        self.socket = None
