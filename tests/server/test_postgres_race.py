"""Two real ``fatekit serve`` processes on one PostgreSQL database, a burst of commands at one
table from both at once, none naming the version it saw: every one is stored, none is refused
``409 stale`` however often it loses the race to the other process (it is decided again on the
table as it is then), and the log holds each once, with no gap.
"""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fatekit.store.postgres import PostgresEventStore

from .process import call, start  # type: ignore[import-not-found]
from .threaded import postgres_url  # type: ignore[import-not-found]

SENDERS = 12  # threads, half sending to each process
EACH = 10  # commands each


def test_a_burst_without_versions_at_two_processes_is_never_refused(postgres_dsn: str) -> None:
    url = postgres_url(postgres_dsn)
    limits = ("--rate", "100000", "--burst", "100000")
    a = start(url, "--table", "Crowded", *limits)
    b = start(url, "--no-table", *limits)
    try:
        assert a.link is not None and a.table_id is not None
        table_id, links = a.table_id, [a.link]
        for n in range(SENDERS - 1):
            status, seat = call(
                "POST", f"{a.base}/tables/{table_id}/seats", {"name": f"Player {n}"}, a.link
            )
            assert status == 201, seat
            links.append(seat["link"])
        start_together = threading.Barrier(SENDERS)

        def send(sender: int) -> list[tuple[int, Any]]:
            base = (a.base, b.base)[sender % 2]
            start_together.wait(timeout=30)
            return [
                call(
                    "POST",
                    f"{base}/tables/{table_id}/commands",
                    {"type": "Note", "data": {"text": f"s{sender}-{i}"}},
                    links[sender],
                    timeout=60,
                )
                for i in range(EACH)
            ]

        with ThreadPoolExecutor(SENDERS) as pool:
            answers = [a for batch in pool.map(send, range(SENDERS)) for a in batch]
    finally:
        for served in (a, b):
            served.stop()

    refused = [(status, body) for status, body in answers if status != 200]
    assert refused == []
    with PostgresEventStore(postgres_dsn, pool_size=1) as store:
        stored = store.read(table_id)
    assert [s.version for s in stored] == list(range(1, len(stored) + 1))
    notes = [json.loads(s.payload)["text"] for s in stored if s.type == "NoteAdded"]
    assert sorted(notes) == sorted(f"s{s}-{i}" for s in range(SENDERS) for i in range(EACH))
    # Each answer names the version its note is stored at.
    at = {json.loads(s.payload)["text"]: s.version for s in stored if s.type == "NoteAdded"}
    assert sorted(body["version"] for _, body in answers) == sorted(at.values())
