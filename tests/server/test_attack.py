"""A stranger against a real ``fatekit serve``, while a GM and a player play on.

The server runs with an operator token and small caps. The stranger comes from 127.0.0.2 (the
whole of 127/8 is this machine, so the caps per address tell the two apart); the table plays from
127.0.0.1. The stranger opens tables without the token, opens hundreds of sockets, floods
commands over HTTP and a socket, sends oversized and malformed bodies and frames, and tries links
of another table, made-up links and revoked ones. Every attempt must be refused, the server must
stay up and log no traceback, and the GM and the player must each receive every event of their
table once, in order, with every command they sent acknowledged.

Every loop is bounded, and the assertions do not depend on timing: the legitimate play runs
until the attack is over, and whatever it sent must all arrive.
"""

from __future__ import annotations

import http.client
import json
import threading
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from .process import Served, start  # type: ignore[import-not-found]

TOKEN = "attack-test-operator-token-0123456789abcdef"
STRANGER = "127.0.0.2"
ALSO = "127.0.0.3"  # another address of the stranger's
PLAYERS = "127.0.0.1"
CAPS = {
    "--max-sockets-per-address": 12,
    "--max-sockets-per-seat": 3,
    "--max-tables": 3,
    "--max-text": 2000,
    "--max-table-bytes": 30_000,
}


@dataclass
class Http:
    """HTTP from one source address, a fresh connection a request (so a refusal that closes the
    connection does not spill into the next request)."""

    base: str
    source: str

    def send(
        self, method: str, path: str, body: bytes | None = None, **headers: str
    ) -> tuple[int, Any]:
        parts = urlsplit(self.base)
        conn = http.client.HTTPConnection(
            parts.hostname or "", parts.port, timeout=20, source_address=(self.source, 0)
        )
        try:
            sent = {"content-type": "application/json", **headers}
            conn.request(method, path, body=body, headers=sent)
            response = conn.getresponse()
            raw = response.read()
            return response.status, json.loads(raw) if raw else None
        finally:
            conn.close()

    def json(self, method: str, path: str, body: Any = None, **headers: str) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        return self.send(method, path, data, **headers)


def socket_url(served: Served, table_id: str, link: str, after: int = 0) -> str:
    return served.base.replace("http", "ws") + f"/tables/{table_id}/ws?link={link}&after={after}"


#: Every socket the test opens, closed at its end whatever happens.
SOCKETS = ExitStack()


def open_socket(url: str, source: str) -> ClientConnection:
    opened = connect(
        url,
        proxy=None,
        open_timeout=20,
        source_address=(source, 0),
        max_size=None,
        compression=None,
    )
    return SOCKETS.enter_context(opened)


def first_answer(url: str, source: str) -> tuple[str, int | None, str]:
    """Open a socket and read its first message: ("hello", None, "") with the socket left
    open (returned through ``held``), or ("refused", close code, reason)."""
    socket = open_socket(url, source)
    message = json.loads(socket.recv(timeout=20))
    if message["kind"] == "hello":
        HELD.append(socket)
        return "hello", None, ""
    try:
        socket.recv(timeout=20)
    except ConnectionClosed as closed:
        assert closed.rcvd is not None
        return "refused", closed.rcvd.code, closed.rcvd.reason
    raise AssertionError(f"a refused socket stayed open after {message}")


HELD: list[ClientConnection] = []


@dataclass
class Watcher:
    """A legitimate seat's socket, read on a thread: every event version, in the order seen."""

    socket: ClientConnection
    versions: list[int] = field(default_factory=list)
    reached: int = 0
    closed: str | None = None
    thread: threading.Thread | None = None
    wanted: int | None = None
    done: threading.Event = field(default_factory=threading.Event)

    def start(self) -> None:
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        try:
            while self.wanted is None or self.reached < self.wanted:
                try:
                    message = json.loads(self.socket.recv(timeout=0.2))
                except TimeoutError:
                    continue  # look again whether the last version is known yet

                if message["kind"] == "event":
                    self.versions.append(message["event"]["version"])
                    self.reached = message["event"]["version"]
                elif message["kind"] == "version":
                    self.reached = message["version"]
        except ConnectionClosed as closed:
            self.closed = str(closed)
        finally:
            self.done.set()


@dataclass
class Play:
    """The GM and a player taking turns to write notes until told to stop (at most ``most``)."""

    players: Http
    table_id: str
    links: list[str]
    most: int = 400
    stop: threading.Event = field(default_factory=threading.Event)
    answers: list[tuple[int, Any]] = field(default_factory=list)

    def run(self) -> None:
        for n in range(self.most):
            if self.stop.is_set():
                return
            link = self.links[n % len(self.links)]
            body = {"type": "Note", "data": {"text": f"note {n}"}, "idempotency_key": f"k{n}"}
            self.answers.append(
                self.players.json(
                    "POST", f"/tables/{self.table_id}/commands", body, **{"x-fatekit-link": link}
                )
            )
            self.stop.wait(0.05)  # people do not type that fast; the pace changes no assertion


def test_a_stranger_is_refused_everything_while_a_table_plays_on(tmp_path: Path) -> None:
    args = [str(a) for pair in CAPS.items() for a in pair]
    served = start(
        tmp_path / "t.db",
        "--table",
        "The Yacht",
        "--rate",
        "20",
        "--burst",
        "40",
        *args,
        env={"FATEKIT_ADMIN_TOKEN": TOKEN},
    )
    players, stranger = Http(served.base, PLAYERS), Http(served.base, STRANGER)
    operator = {"authorization": f"Bearer {TOKEN}"}
    try:
        # -- the table, and a second one whose player turns out to be the stranger -------------
        gm_link, table = served.link, served.table_id
        assert gm_link is not None and table is not None
        status, ann = players.json(
            "POST", f"/tables/{table}/seats", {"name": "Ann"}, **{"x-fatekit-link": gm_link}
        )
        assert status == 201
        status, other = players.json("POST", "/tables", {"name": "Elsewhere"}, **operator)
        assert status == 201
        other_gm = {"x-fatekit-link": other["link"]}
        seats = []
        for n in range(6):
            status, seat = players.json(
                "POST", f"/tables/{other['table_id']}/seats", {"name": f"Mal {n}"}, **other_gm
            )
            assert status == 201
            seats.append(seat)
        status, old = players.json(
            "POST", f"/tables/{other['table_id']}/seats", {"name": "Old"}, **other_gm
        )
        assert status == 201
        status, _ = players.json(
            "DELETE", f"/tables/{other['table_id']}/seats/{old['seat']}/links", **other_gm
        )
        assert status == 200
        mal = seats[0]

        # -- the GM and Ann watch and play throughout ----------------------------------------------
        watchers = [
            Watcher(open_socket(socket_url(served, table, link), PLAYERS))
            for link in (gm_link, ann["link"])
        ]
        for watcher in watchers:
            assert json.loads(watcher.socket.recv(timeout=20))["kind"] == "hello"
            watcher.start()
        play = Play(players, table, [gm_link, ann["link"]])
        playing = threading.Thread(target=play.run, daemon=True)
        playing.start()

        # -- opening tables without the token ---------------------------------------------------
        for headers in ({}, {"authorization": "Bearer guess"}, {"authorization": f"Basic {TOKEN}"}):
            for path in ("/tables", "/tables/import"):
                status, body = stranger.json("POST", path, {"name": "Mine"}, **headers)
                assert status == 401 and body["error"] == "operator"

        # -- a link of another table, and a revoked link -----------------------------------------
        elsewhere = {"x-fatekit-link": seats[2]["link"]}
        for where in ("/state", "/events", "/export", "/join"):
            status, body = stranger.json("GET", f"/tables/{table}{where}", **elsewhere)
            assert status in (403, 404), (where, status, body)
        note = {"type": "Note", "data": {"text": "x"}}
        status, body = stranger.json("POST", f"/tables/{table}/commands", note, **elsewhere)
        assert status == 403 and body["error"] == "forbidden"
        assert first_answer(socket_url(served, table, seats[2]["link"]), STRANGER)[1] == 4403
        revoked = {"x-fatekit-link": old["link"]}
        status, body = stranger.json("GET", f"/tables/{other['table_id']}/state", **revoked)
        assert status == 401 and body["error"] == "link"
        url = socket_url(served, other["table_id"], old["link"])
        assert first_answer(url, STRANGER)[:2] == ("refused", 4401)

        # -- sockets held: at most the caps per seat and per address ---------------------------
        answers = []
        for seat in seats:  # six seats, four tries each
            url = socket_url(served, seat["table_id"], seat["link"])
            answers += [first_answer(url, STRANGER) for _ in range(4)]
        held = [a for a in answers if a[0] == "hello"]
        assert len(held) == CAPS["--max-sockets-per-address"]
        reasons = [a[2] for a in answers if a[0] == "refused"]
        assert {a[1] for a in answers if a[0] == "refused"} == {4429}
        assert sum("this seat" in r for r in reasons) == 3  # the fourth try at seats 0-2
        assert sum("your address" in r for r in reasons) == 9  # seat 3's fourth, seats 4-5
        for socket in HELD:
            socket.close()
        HELD.clear()

        # -- garbage, binary and oversized frames, and a flood of commands over a socket -------
        # (from a second address of the stranger's: the first one's sockets may still be closing)
        socket = open_socket(socket_url(served, seats[5]["table_id"], seats[5]["link"]), ALSO)
        assert json.loads(socket.recv(timeout=20))["kind"] == "hello"
        socket.send("not json")
        socket.send(b"\x00\x01\xff")
        socket.send(json.dumps({"kind": "command", "id": "x", "type": 7}))
        for n in range(60):
            socket.send(json.dumps({"kind": "command", "id": n, "type": "Note", "data": {}}))
        errors: dict[int, int] = {}
        while sum(errors.values()) < 63:
            message = json.loads(socket.recv(timeout=20))
            if message["kind"] == "error":
                errors[message["status"]] = errors.get(message["status"], 0) + 1
        assert set(errors) == {422, 429}
        try:
            socket.send(b"x" * (4 << 20))
            while True:
                socket.recv(timeout=20)
        except ConnectionClosed as closed:
            assert closed.rcvd is None or closed.rcvd.code in (1009, 4413)

        # -- oversized and malformed bodies ------------------------------------------------------
        mal_link = {"x-fatekit-link": mal["link"]}
        path = f"/tables/{mal['table_id']}/commands"
        huge = b'{"type": "Note", "data": {"text": "' + b"x" * (3 << 20) + b'"}}'
        assert stranger.send("POST", path, huge, **mal_link)[0] == 413
        for garbage in (b"{", b"\xff\xfe", b"[]", b'{"type": 5}', b'{"type": "Nope"}'):
            status, body = stranger.send("POST", path, garbage, **mal_link)
            assert status == 422, (garbage, status, body)
        long_text = {"type": "Note", "data": {"text": "x" * 2001}}
        status, body = stranger.json("POST", path, long_text, **mal_link)
        assert status == 422 and "data.text" in body["fields"]

        # -- a flood of commands over HTTP, filling the stranger's own table --------------------
        statuses: dict[int, int] = {}
        caps_met: set[str] = set()
        for n in range(200):
            spam = {"type": "Note", "data": {"text": f"{n} " + "spam " * 380}}
            status, answer = stranger.json("POST", path, spam, **mal_link)
            statuses[status] = statuses.get(status, 0) + 1
            if status == 409:
                caps_met.add(answer["cap"])
        assert set(statuses) == {200, 409, 429}
        assert caps_met == {"bytes_per_table"}
        assert statuses[200] <= CAPS["--max-table-bytes"] // 1900

        # -- made-up links, over HTTP and sockets ------------------------------------------------
        made_up = {
            stranger.json(
                "GET", f"/tables/{table}/state", **{"x-fatekit-link": f"{table}.guess-{n}"}
            )[0]
            for n in range(60)
        }
        assert made_up == {401, 429}
        refused: dict[int, int] = {}
        for n in range(300):
            url = socket_url(served, table, f"{table}.made-up-{n}")
            kind, code, _ = first_answer(url, STRANGER)
            assert kind == "refused" and code is not None
            refused[code] = refused.get(code, 0) + 1
        assert set(refused) == {4401, 4429}  # refused, and past the budget slowed down too

        # -- a link revoked while its socket is open: the socket is closed --------------------
        watching = open_socket(socket_url(served, mal["table_id"], seats[4]["link"]), PLAYERS)
        assert json.loads(watching.recv(timeout=20))["kind"] == "hello"
        status, _ = players.json(
            "DELETE", f"/tables/{other['table_id']}/seats/{seats[4]['seat']}/links", **other_gm
        )
        assert status == 200
        try:
            while True:
                watching.recv(timeout=20)
        except ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 4403

        # -- the operator's own cap on tables ---------------------------------------------------
        status, _ = players.json("POST", "/tables", {"name": "Third"}, **operator)
        assert status == 201
        status, body = players.json("POST", "/tables", {"name": "Fourth"}, **operator)
        assert status == 409 and body["cap"] == "tables"

        # -- the table played on undisturbed -------------------------------------------------------
        play.stop.set()
        playing.join(timeout=30)
        assert play.answers, "the table never played"
        assert all(status == 200 for status, _ in play.answers), play.answers
        last = max(body["version"] for _, body in play.answers)
        for watcher, link in zip(watchers, (gm_link, ann["link"]), strict=True):
            watcher.wanted = last
            assert watcher.done.wait(timeout=30), f"stuck at {watcher.reached}: {watcher.closed}"
            assert watcher.closed is None
            status, page = players.json(
                "GET", f"/tables/{table}/events?after=0", **{"x-fatekit-link": link}
            )
            assert status == 200
            logged = [e["version"] for e in page["events"]]
            seen = watcher.versions
            assert seen == sorted(set(seen)), "an event came twice or out of order"
            assert seen == logged, "an event was lost"
            watcher.socket.close()
        assert len(play.answers) <= play.most
        status, health = players.json("GET", "/health")
        assert status == 200 and health["ok"] is True
        assert served.process.poll() is None, "the server died"
        print(f"the table played {len(play.answers)} commands during the attack")
    finally:
        SOCKETS.close()
        code = served.stop()
    log = "".join(served.output)
    assert "Traceback" not in log and "Exception in ASGI" not in log, log
    assert code == 0
