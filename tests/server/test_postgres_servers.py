"""Two servers on one PostgreSQL database, as two processes would run: each with its own store,
event loop, hub and listener (see ``threaded.py``), reached over real HTTP and WebSockets.

What one server commits reaches the sockets of the other, in order and once; commands racing for
one table from both are all applied once, in one order every server agrees on; a command with an
``expected_version`` that loses the race is refused; a retry sent to the other server is applied
once; a revoked link closes the seat's sockets everywhere; and a server whose listener lost its
connection catches up from the log when it listens again.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import psycopg
import pytest

from fatekit.server.app import create_app
from fatekit.store.postgres import PostgresEventStore
from fatekit.store.tables import TableRepository, to_event
from fatekit.table import commands as c
from fatekit.table import fold, view_for

from .process import call  # type: ignore[import-not-found]
from .threaded import Reader, Running, serve_in_thread  # type: ignore[import-not-found]

T = TypeVar("T")
R = TypeVar("R")


@pytest.fixture
def servers(postgres_dsn: str) -> Iterator[tuple[Running, Running]]:
    stores = [PostgresEventStore(postgres_dsn, pool_size=4) for _ in range(2)]
    running: list[Running] = []
    try:
        for store in stores:
            running.append(serve_in_thread(create_app(store, rate=10_000, burst=10_000)))
        yield running[0], running[1]
    finally:
        for server in running:
            server.stop()
        for store in stores:
            store.close()


class Table:
    """A table opened at one server, with seat links that work at any server."""

    def __init__(self, at: Running) -> None:
        status, made = call("POST", f"{at.base}/tables", {"name": "Shared"})
        assert status == 201, made
        self.id: str = made["table_id"]
        self.links: dict[str, str] = {"gm": made["link"]}
        self.at = at

    def invite(self, name: str) -> str:
        status, seat = call(
            "POST", f"{self.at.base}/tables/{self.id}/seats", {"name": name}, self.links["gm"]
        )
        assert status == 201, seat
        self.links[seat["seat"]] = seat["link"]
        return str(seat["seat"])

    def send(self, server: Running, seat: str, text: str, **extra: Any) -> tuple[int, Any]:
        body = {"type": "Note", "data": {"text": text}, **extra}
        return call("POST", f"{server.base}/tables/{self.id}/commands", body, self.links[seat])

    def watch(self, server: Running, seat: str) -> Reader:
        return Reader(f"{server.ws_base}/tables/{self.id}/ws", self.links[seat]).open()

    def state(self, server: Running, seat: str = "gm") -> Any:
        status, view = call("GET", f"{server.base}/tables/{self.id}/state", link=self.links[seat])
        assert status == 200, view
        return view


def _log(dsn: str, table_id: str) -> list[Any]:
    with PostgresEventStore(dsn, pool_size=1) as store:
        return store.read(table_id)


def _notes(stored: list[Any]) -> list[str]:
    return [json.loads(s.payload)["text"] for s in stored if s.type == "NoteAdded"]


def _at_once(send: Callable[[T], R], each: list[T]) -> list[R]:
    """``send`` each of ``each`` from its own thread, released together; the answers in order."""
    start = threading.Barrier(len(each))

    def run(item: T) -> R:
        start.wait(timeout=10)
        return send(item)

    with ThreadPoolExecutor(len(each)) as pool:
        futures = [pool.submit(run, item) for item in each]
        return [future.result(timeout=60) for future in futures]  # a thread's failure raises here


def test_a_command_at_one_server_reaches_the_sockets_of_both_in_order_once(
    servers: tuple[Running, Running], postgres_dsn: str
) -> None:
    a, b = servers
    table = Table(a)
    table.invite("Ann")
    readers = [table.watch(b, "ann"), table.watch(a, "gm"), table.watch(b, "gm")]
    for n in range(12):
        status, answer = table.send((a, b)[n % 2], ("gm", "ann")[n // 2 % 2], f"note {n}")
        assert status == 200, answer
    final = answer["version"]
    for reader in readers:
        reader.until(final)
        reader.close()
    stored = _log(postgres_dsn, table.id)
    assert [s.version for s in stored] == list(range(1, final + 1))
    wanted = [f"note {n}" for n in range(12)]
    assert _notes(stored) == wanted
    for reader in readers:
        seen = [e["data"]["text"] for e in reader.events if e["type"] == "NoteAdded"]
        assert seen == wanted  # every note, once, in the log's order


def test_commands_racing_from_both_servers_are_all_applied_once_in_one_order(
    servers: tuple[Running, Running], postgres_dsn: str
) -> None:
    a, b = servers
    table = Table(a)
    seats = [table.invite(f"Player {n}") for n in range(4)]
    readers = [table.watch(a, "gm"), table.watch(b, "gm")]
    per_seat = 15

    def player(n: int) -> list[tuple[str, int]]:
        acked = []
        for i in range(per_seat):
            key = f"{seats[n]}-{i}"
            # Two players at each server, each sending as soon as the last was answered.
            status, answer = table.send((a, b)[n % 2], seats[n], key, idempotency_key=key)
            assert status == 200, answer
            acked.append((key, answer["version"]))
        return acked

    acked = dict(pair for done in _at_once(player, list(range(len(seats)))) for pair in done)
    assert len(acked) == len(seats) * per_seat
    stored = _log(postgres_dsn, table.id)
    versions = [s.version for s in stored]
    assert versions == list(range(1, len(stored) + 1))
    notes = {json.loads(s.payload)["text"]: s.version for s in stored if s.type == "NoteAdded"}
    assert len(notes) == len(_notes(stored)) == len(acked)  # none twice, none lost
    assert notes == acked  # each where its acknowledgement said
    order = _notes(stored)
    for reader in readers:
        reader.until(versions[-1])
        reader.close()
        assert [e["data"]["text"] for e in reader.events if e["type"] == "NoteAdded"] == order
    # Both servers hold the table the log folds to.
    replayed = json.loads(json.dumps(view_for(fold([to_event(s) for s in stored]), "gm")))
    assert table.state(a) == replayed == table.state(b)


def test_of_two_commands_sent_at_one_version_one_wins_and_the_other_is_refused(
    servers: tuple[Running, Running],
) -> None:
    a, b = servers
    table = Table(a)
    table.invite("Ann")
    for round_ in range(8):
        version = table.state(a)["table"]["version"]
        sends = [(a, "gm", f"gm {round_}"), (b, "ann", f"ann {round_}")]
        answers = _at_once(lambda s, v=version: table.send(*s, expected_version=v), sends)
        statuses = sorted(status for status, _ in answers)
        assert statuses == [200, 409], answers
        refused = next(body for status, body in answers if status == 409)
        won = next(body for status, body in answers if status == 200)
        assert refused["error"] == "stale" and refused["actual"] == version + 1
        assert [e["version"] for e in refused["since"]] == [won["version"]] == [version + 1]


def test_a_retry_sent_to_the_other_server_is_applied_once(
    servers: tuple[Running, Running], postgres_dsn: str
) -> None:
    a, b = servers
    table = Table(a)
    table.invite("Ann")
    status, first = table.send(a, "ann", "once", idempotency_key="ann-1")
    assert status == 200 and not first["replayed"]
    status, again = table.send(b, "ann", "once", idempotency_key="ann-1")
    assert status == 200 and again["replayed"] and again["version"] == first["version"]
    # Sent to both at the same moment: one stores it, the other answers with what it stored.
    for n in range(6):
        sends = [(server, "ann", f"twice {n}") for server in (a, b)]
        answers = _at_once(lambda s, n=n: table.send(*s, idempotency_key=f"t-{n}"), sends)
        assert [status for status, _ in answers] == [200, 200], answers
        assert sorted(body["replayed"] for _, body in answers) == [False, True]
        assert answers[0][1]["version"] == answers[1][1]["version"]
    assert _notes(_log(postgres_dsn, table.id)) == ["once"] + [f"twice {n}" for n in range(6)]


def test_revoking_at_one_server_closes_the_seats_sockets_at_the_other(
    servers: tuple[Running, Running],
) -> None:
    a, b = servers
    table = Table(a)
    table.invite("Ann")
    reader = table.watch(b, "ann")
    status, body = call(
        "DELETE", f"{a.base}/tables/{table.id}/seats/ann/links", link=table.links["gm"]
    )
    assert status == 200 and body["revoked"] == 1
    assert reader.socket is not None
    with pytest.raises(Exception) as closed:
        while True:
            reader.take(timeout=10)
    assert getattr(closed.value, "rcvd", None) is not None, closed.value
    assert closed.value.rcvd.code == 4403  # type: ignore[attr-defined]


def test_a_server_whose_listener_reconnects_catches_up_from_the_log(
    servers: tuple[Running, Running], postgres_dsn: str
) -> None:
    a, b = servers
    table = Table(a)
    reader = table.watch(b, "gm")
    reader.until(1)
    # Appended by a writer whose notices go to another channel: nobody hears of it.
    with PostgresEventStore(postgres_dsn, pool_size=1, channel="unheard") as store:
        TableRepository(store).execute(table.id, c.Note(text="unannounced"), seat="gm")
    # Both servers' listeners lose their connections; when they listen again, they read the log.
    with psycopg.connect(postgres_dsn, autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE application_name = 'fatekit-listener'"
        )
    reader.until(2)
    reader.close()
    assert [e["data"]["text"] for e in reader.events if e["type"] == "NoteAdded"] == ["unannounced"]
    status, health = call("GET", f"{b.base}/health")
    assert status == 200 and health["following"] and health["database"] == "ok"
