"""A real ``fatekit serve`` on SQLite, killed with SIGKILL again and again under load.

Three clients send notes, each with its own idempotency key, and retry every command that was not
answered (the connection dropped, or the server was down) with the same key until it is
acknowledged. Every so many acknowledgements the server is killed with SIGKILL and started again
on the same file. Afterwards: every acknowledged command is in the log at the version it was
acknowledged with, no command is there twice, the versions have no gap, and the table the server
holds after one more restart equals a fresh fold of the log.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from pathlib import Path

from fatekit.store.sqlite import SqliteEventStore
from fatekit.store.tables import to_event
from fatekit.table import fold, view_for

from .process import Served, call, start  # type: ignore[import-not-found]

WORKERS = 3
COMMANDS = 40  # each
KILL_EVERY = 20  # acknowledgements
KILLS = 5


class Load:
    """The clients' shared view of where the server is, and what it acknowledged."""

    def __init__(self, served: Served) -> None:
        self.base = served.base
        self.table_id = served.table_id
        self.up = threading.Event()
        self.up.set()
        self.lock = threading.Lock()
        self.acked: dict[str, int] = {}  # idempotency key -> version acknowledged
        self.replayed = 0
        self.failures = 0
        self.changed = threading.Condition(self.lock)

    def send(self, link: str, key: str, text: str) -> None:
        body = {"type": "Note", "data": {"text": text}, "idempotency_key": key}
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            self.up.wait(timeout=60)
            base = self.base
            try:
                status, answer = call(
                    "POST", f"{base}/tables/{self.table_id}/commands", body, link, timeout=10
                )
            except (OSError, http.client.HTTPException):
                # The server died under us, before the answer or part-way through it
                # (IncompleteRead is not an OSError): send the same command again.
                with self.lock:
                    self.failures += 1
                continue
            if status == 429:
                continue  # told to slow down; the bucket refills
            assert status == 200, (status, answer)
            with self.changed:
                self.acked[key] = answer["version"]
                self.replayed += answer["replayed"]
                self.changed.notify_all()
            return
        raise AssertionError(f"{key} was never acknowledged")


def test_acknowledged_commands_survive_sigkill(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    served = start(db, "--table", "Under fire")
    assert served.link is not None
    table_id, gm_link = served.table_id, served.link
    links = []
    for n in range(WORKERS):
        status, seat = call(
            "POST",
            f"{served.base}/tables/{served.table_id}/seats",
            {"name": f"Worker {n}"},
            served.link,
        )
        assert status == 201
        links.append(seat["link"])
    load = Load(served)

    def work(n: int) -> None:
        for i in range(COMMANDS):
            load.send(links[n], f"w{n}-{i}", f"note w{n}-{i}")

    threads = [threading.Thread(target=work, args=(n,), daemon=True) for n in range(WORKERS)]
    for thread in threads:
        thread.start()
    kills = 0
    try:
        while kills < KILLS:
            with load.changed:
                target = (kills + 1) * KILL_EVERY
                load.changed.wait_for(lambda t=target: len(load.acked) >= t, timeout=120)
                assert len(load.acked) >= target, "the load stalled"
            load.up.clear()
            served.kill()  # SIGKILL, with commands in flight
            kills += 1
            served = start(db, "--no-table")
            load.base = served.base
            load.up.set()
        for thread in threads:
            thread.join(timeout=120)
            assert not thread.is_alive()
    finally:
        load.up.set()
        served.kill()

    assert len(load.acked) == WORKERS * COMMANDS
    store = SqliteEventStore(db)
    try:
        stored = store.read(table_id)
    finally:
        store.close()
    assert [s.version for s in stored] == list(range(1, len(stored) + 1))  # no gap
    notes = [(s.version, json.loads(s.payload)["text"]) for s in stored if s.type == "NoteAdded"]
    texts = [text for _, text in notes]
    assert len(texts) == len(set(texts)), "a command was applied twice"
    at = dict((text, version) for version, text in notes)
    for key, version in load.acked.items():
        assert at[f"note {key}"] == version, key  # present, where it was acknowledged
    assert len(notes) == WORKERS * COMMANDS  # and nothing unacknowledged slipped in
    assert load.failures > 0, "no command was cut off by a kill: the test proved little"

    # The server's table after a restart is the fold of the log.
    again = start(db, "--no-table")
    try:
        status, view = call("GET", f"{again.base}/tables/{table_id}/state", link=gm_link)
    finally:
        again.kill()
    assert status == 200
    replayed = fold([to_event(s) for s in stored])
    assert view == json.loads(json.dumps(view_for(replayed, "gm")))
