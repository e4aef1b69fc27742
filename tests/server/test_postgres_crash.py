"""Two real ``fatekit serve`` processes on one PostgreSQL database, each killed with SIGKILL under
load while clients are connected to it.

Four players send notes, each with its own idempotency key, two to each server, and retry every
command that was not answered at the other server with the same key. A GM watches on a WebSocket
at each server and, when its server dies, reconnects to the other from the last version it saw.
Server A is killed and a third process takes its place (started beforehand, so that the load is
still running when), later, server B is killed too. Afterwards: every acknowledged
command is in the log once, at the version it was acknowledged with; the log has no gap; each
watcher saw every event once and in order across its reconnections; and the table the surviving
server holds equals a fresh fold of the log.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake

from fatekit.store.postgres import PostgresEventStore
from fatekit.store.tables import to_event
from fatekit.table import fold, view_for

from .process import Served, call, start  # type: ignore[import-not-found]
from .threaded import Reader, postgres_url  # type: ignore[import-not-found]

PLAYERS = 4
COMMANDS = 30  # each
KILL_A_AT, KILL_B_AT = 30, 75  # acknowledgements


class Load:
    """Where the two servers are now, and what they acknowledged."""

    def __init__(self, servers: list[Served], table_id: str) -> None:
        self.bases = [s.base for s in servers]
        self.table_id = table_id
        self.acked: dict[str, int] = {}  # idempotency key -> version acknowledged
        self.replayed = 0
        self.moves = 0  # commands sent again at the other server
        self.changed = threading.Condition()

    def send(self, index: int, link: str, key: str) -> int:
        """Send a note to server ``index`` until acknowledged, moving to the other server when
        that one is gone; the server the client is with now."""
        body = {"type": "Note", "data": {"text": f"note {key}"}, "idempotency_key": key}
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            url = f"{self.bases[index]}/tables/{self.table_id}/commands"
            try:
                status, answer = call("POST", url, body, link, timeout=10)
            except (OSError, http.client.HTTPException):  # IncompleteRead is no OSError
                index = 1 - index  # refused, or cut off in flight: the other server has it all
                with self.changed:
                    self.moves += 1
                continue
            assert status == 200, (status, answer)
            with self.changed:
                self.acked[key] = answer["version"]
                self.replayed += answer["replayed"]
                self.changed.notify_all()
            return index
        raise AssertionError(f"{key} was never acknowledged")

    def wait_for(self, acknowledged: int) -> None:
        with self.changed:
            self.changed.wait_for(lambda: len(self.acked) >= acknowledged, timeout=60)
            assert len(self.acked) >= acknowledged, "the load stalled"


class Watcher:
    """A GM's socket at one server, moved to the other whenever its server is gone."""

    def __init__(self, load: Load, index: int, link: str) -> None:
        self.load = load
        self.index = index
        self.reader = Reader(self._url(), link).open()
        self.reconnects = 0
        self.target: int | None = None  # stop once this version has been seen
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.failure: BaseException | None = None

    def _url(self) -> str:
        base = self.load.bases[self.index].replace("http://", "ws://")
        return f"{base}/tables/{self.load.table_id}/ws"

    def _run(self) -> None:
        try:
            while not self.stop.is_set():
                if self.target is not None and self.reader.version >= self.target:
                    return
                try:
                    self.reader.take(timeout=0.2)
                except TimeoutError:
                    continue
                except (ConnectionClosed, OSError):
                    self._move()
        except BaseException as failure:
            self.failure = failure

    def _move(self) -> None:
        self.reader.close()
        self.reconnects += 1
        while not self.stop.is_set():
            self.index = 1 - self.index
            try:
                self.reader.open(self._url())  # from the last version seen
                return
            # A server killed between accepting the socket and its hello closes the connection
            # mid-open: that one is down too, as much as one that refuses.
            except (OSError, InvalidHandshake, TimeoutError, ConnectionClosed):
                self.stop.wait(0.05)  # that one is down too (restarting): try the other

    def finish(self, version: int) -> list[dict[str, Any]]:
        """Wait until the watcher has seen ``version``; its events."""
        self.target = version
        self.thread.join(timeout=60)  # a bound for a loaded machine, not a wait
        self.stop.set()
        self.reader.close()
        assert self.failure is None, self.failure
        assert self.reader.version >= version, f"stuck at {self.reader.version} of {version}"
        return self.reader.events


def test_acknowledged_commands_survive_sigkill_of_either_process(postgres_dsn: str) -> None:
    url = postgres_url(postgres_dsn)
    a = start(url, "--table", "Under fire")
    b = start(url, "--no-table")
    spare = start(url, "--no-table")  # A's replacement
    assert a.link is not None and a.table_id is not None
    table_id, gm_link = a.table_id, a.link
    servers = [a, b]
    try:
        links = []
        for n in range(PLAYERS):
            status, seat = call(
                "POST", f"{a.base}/tables/{table_id}/seats", {"name": f"Player {n}"}, gm_link
            )
            assert status == 201
            links.append(seat["link"])
        load = Load(servers, table_id)
        watchers: list[Watcher] = []
        watchers.extend(Watcher(load, index, gm_link) for index in (0, 1))
        for watcher in watchers:
            watcher.thread.start()

        def play(n: int) -> None:
            index = n % 2  # two players at each server, each staying where it moved to
            for i in range(COMMANDS):
                index = load.send(index, links[n], f"p{n}-{i}")

        players = [threading.Thread(target=play, args=(n,), daemon=True) for n in range(PLAYERS)]
        for player in players:
            player.start()

        load.wait_for(KILL_A_AT)
        servers[0].kill()  # SIGKILL, with commands in flight and sockets open
        servers[0] = spare
        load.bases[0] = spare.base  # whoever leaves B from now on finds the spare
        load.wait_for(KILL_B_AT)
        servers[1].kill()
        assert len(load.acked) < PLAYERS * COMMANDS, "the load ended before B was killed"
        for player in players:
            player.join(timeout=60)
            assert not player.is_alive()

        with PostgresEventStore(postgres_dsn, pool_size=1) as store:
            stored = store.read(table_id)
        final = stored[-1].version
        seen = [watcher.finish(final) for watcher in watchers]
        status, view = call("GET", f"{servers[0].base}/tables/{table_id}/state", link=gm_link)
    finally:
        for watcher in watchers:
            watcher.stop.set()
        for served in (a, b, spare):
            if served.process.poll() is None:
                served.kill()

    assert len(load.acked) == PLAYERS * COMMANDS
    assert [s.version for s in stored] == list(range(1, final + 1))  # no gap
    notes = [(s.version, json.loads(s.payload)["text"]) for s in stored if s.type == "NoteAdded"]
    texts = [text for _, text in notes]
    assert len(texts) == len(set(texts)) == PLAYERS * COMMANDS  # none twice, none unacknowledged
    at = {text: version for version, text in notes}
    for key, version in load.acked.items():
        assert at[f"note {key}"] == version, key  # present, where it was acknowledged
    assert load.moves > 0, "no command had to move to the other server: the test proved little"
    for watcher, events in zip(watchers, seen, strict=True):
        assert watcher.reconnects >= 1  # its server was killed under it
        assert [e["version"] for e in events] == list(range(1, final + 1))  # all, once, in order
    assert status == 200
    assert view == json.loads(json.dumps(view_for(fold([to_event(s) for s in stored]), "gm")))
