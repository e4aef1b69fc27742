"""A table for a whole campaign: the server's cost, traffic and latency at 0, 1,000 and 10,000
events of history, memory for a thousand loaded tables, and the cold load of a long table.

For each history size a table is played in-process (``TableRepository``) with a real mix of
commands, scene after scene: a scene with a situation aspect, a roll with a free invoke and its
resolution, a note, a compel offered and accepted, a conflict with an attack, its hit and the
target taken out, a GM note, the conflict finished and the scene ended. Its events (and its latest
snapshot, as the server would have saved it) go into a fresh SQLite file, links are issued for the
GM and three players, and a real ``fatekit serve`` opens that file. Four clients behave like the
page: each holds its seat's live document (``view=1``), applies every patch to it
(``fatekit.server.patch.apply_patch``), reconnects with ``after`` when a patch does not fit, and
never asks for the view again. The same mix goes on over HTTP, one command at a time, and we
print per history size:

- the server's CPU time per command (user and system, from ``/proc``);
- bytes each client receives per event (median and 90th percentile over clients and commands);
- p50 and p99 from sending a command to every client having applied it;

and the same send-to-every-client figures for a bare WebSocket relay (``bench_server.py``'s) with
four clients, in the same run. Then:

- memory: 1,000 tables of 1,000 events each loaded by one ``TableRepository`` in a fresh process
  (its resident memory growth);
- the cold load of the 10,000-event table by a new repository: from its snapshot, and from the
  log alone; and the first command a restarted server runs at it (load, the caps' checks, the
  append), which must not read the whole log either.

Everything stays on 127.0.0.1 and every loop is bounded::

    python benchmarks/bench_campaign.py [--commands 300] [--sizes 0,1000,10000] [--tables 1000]
"""

# ruff: noqa: E402  (the benchmark imports its neighbour and the tests' sheets by path)

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from bench_server import cpu_seconds, percentile, rss_kib, start, stop  # type: ignore[import-not-found]
from websockets.asyncio.client import connect

from fatekit.rules import Action
from fatekit.server.caps import Caps
from fatekit.server.links import LinkRegistry
from fatekit.server.patch import apply_patch
from fatekit.store import MemoryEventStore, SqliteEventStore
from fatekit.store.base import Snapshot
from fatekit.store.tables import TableRepository, to_new_event
from fatekit.table import commands as c
from fatekit.table.seats import NoteVisibility, Role
from tests.sheets import charles_sheet, npc_sheet, ruth_sheet  # type: ignore[import-not-found]

PLAYERS = ("ann", "ben", "cat")
WARM_UP = 15  # commands: one scene
SEATS = ("gm", *PLAYERS)

Step = tuple[str, c.Command | Callable[[], c.Command]]


# -- the mix ------------------------------------------------------------------------------------


def setup() -> Iterator[tuple[str, c.Command]]:
    """A new table: three players, two PCs and an NPC, a session under way."""
    for seat in PLAYERS:
        yield "gm", c.AddSeat(seat_id=seat, role=Role.PLAYER, name=seat.title())
    yield "ann", c.AddCharacter(sheet=ruth_sheet(), owner="ann")
    yield "gm", c.AddCharacter(sheet=charles_sheet(), owner="ben")
    yield "gm", c.AddCharacter(sheet=npc_sheet())
    yield "gm", c.StartSession()


def scene(n: int, made: dict[str, str]) -> Iterator[Step]:
    """One scene of play; ``made`` holds the ids the table gave what it made."""
    yield "gm", c.StartScene(name=f"Scene {n}", participants=("ruth", "charles", "alice"))
    yield "gm", c.AddSituationAspect(name=f"Thick Fog {n}", free_invokes=(("ruth", 1),))
    yield (
        "ann",
        c.Roll(actor="ruth", action=Action.OVERCOME, skill="athletics", difficulty=2, dice="0-00"),
    )
    yield "ann", lambda: c.Invoke(aspect_id=made["aspect"], by="ruth", free=True)
    yield "ann", c.ResolveRoll()
    yield "ann", c.Note(text=f"Ruth climbs the rigging in scene {n}.")
    yield (
        "gm",
        c.OfferCompel(aspect_id="charles/trouble/1", target="charles", complication="He reads on"),
    )
    yield "ben", lambda: c.AnswerCompel(compel_id=made["compel"], answer=c.CompelAnswer.ACCEPT)
    yield (
        "gm",
        c.StartConflict(
            sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",))), first="ruth"
        ),
    )
    yield (
        "gm",
        c.Attack(actor="ruth", target="alice", skill="fight", dice="+0+0", defend_dice="-0-0"),
    )
    yield "ann", c.ResolveRoll(option="hit")
    yield "gm", c.TakeOut()
    yield "gm", c.Note(text="The cult has a second ship.", visibility=NoteVisibility.GM)
    yield "gm", c.FinishConflict()
    yield "gm", c.EndScene()


def learn(made: dict[str, str], events: list[dict[str, Any]]) -> None:
    for event in events:
        if event["type"] == "SituationAspectAdded" and event["data"].get("aspect_id"):
            made["aspect"] = event["data"]["aspect_id"]
        if event["type"] == "CompelOffered":
            made["compel"] = event["data"]["compel_id"]


def steps(made: dict[str, str], first_scene: int = 0) -> Iterator[tuple[str, c.Command]]:
    n = first_scene
    while True:
        for seat, command in scene(n, made):
            yield seat, command() if callable(command) else command
        n += 1


# -- the tables ---------------------------------------------------------------------------------


def played(table_id: str, history: int) -> TableRepository:
    """A table with at least ``history`` events, played in memory (snapshots every 200)."""
    repo = TableRepository(MemoryEventStore(), snapshot_every=200)
    repo.execute(table_id, c.CreateTable(name="The Long Campaign"), seat="gm")
    for seat, command in setup():
        repo.execute(table_id, command, seat=seat)
    made: dict[str, str] = {}
    mix = steps(made)
    command: c.Command = c.EndScene()
    # Whole scenes only: the live play that follows starts a scene of its own.
    while repo.store.version(table_id) < history or not isinstance(command, c.EndScene):
        seat, command = next(mix)
        done = repo.execute(table_id, command, seat=seat)
        learn(made, [{"type": type(e).__name__, "data": vars_of(e)} for e in done.events])
    return repo


def vars_of(event: object) -> dict[str, Any]:
    return {name: getattr(event, name) for name in getattr(event, "__dataclass_fields__", {})}


def copy_table(source: TableRepository, table_id: str, store: SqliteEventStore, as_id: str) -> None:
    """The table's events and latest snapshot, under ``as_id``, in ``store``."""
    events = [to_new_event(e) for e in source.events(table_id)]
    store.append(as_id, 0, events)
    snapshot = source.store.load_snapshot(table_id)
    if snapshot is not None:
        data = json.loads(snapshot.payload)
        data["state"]["a"]["table_id"] = as_id  # the state names its table
        payload = json.dumps(data, separators=(",", ":")).encode()
        store.save_snapshot(Snapshot(as_id, snapshot.version, snapshot.format, payload))


# -- the clients --------------------------------------------------------------------------------


@dataclass
class Client:
    """A page: its seat's document, patched as the socket brings changes."""

    seat: str
    url: str
    document: dict[str, Any] | None = None
    version: int = 0
    heard: int = 0
    received: int = 0  # bytes
    reconnects: int = 0
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    async def run(self) -> None:
        after = ""
        while True:
            async with connect(self.url + after, max_size=None, compression=None) as socket:
                async for raw in socket:
                    self.received += len(raw)
                    parsed = json.loads(raw)
                    # A command's messages come in one frame (batch=1), as the page asks.
                    taken = [
                        await self.take(m, socket)
                        for m in (parsed if isinstance(parsed, list) else [parsed])
                    ]
                    self.changed.set()
                    if not all(taken):
                        break
            after = f"&after={self.heard}"

    async def take(self, message: dict[str, Any], socket: Any) -> bool:
        """Take one message; ``False`` at a gap (the document must be read again)."""
        kind = message["kind"]
        if kind == "hello":
            self.document, self.version = message["view"], message["version"]
            self.heard = max(self.heard, message["version"])
        elif kind == "event":
            self.heard = message["event"]["version"]
        elif kind == "version":
            self.heard = message["version"]
        elif kind == "view":
            if message["version"] <= self.version:
                return True
            if "view" in message:
                self.document = message["view"]
            elif message["base"] == self.version and self.document is not None:
                self.document = apply_patch(self.document, message["patch"])
            else:
                self.reconnects += 1  # a gap: start again from what we have
                return False
            self.version = message["version"]
        elif kind == "ping":
            await socket.send(json.dumps({"kind": "pong"}))
        return True

    async def reach(self, version: int) -> float:
        while self.version < version:
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), 30)
        return time.perf_counter()


def post(base: str, table_id: str, link: str, command: c.Command) -> dict[str, Any]:
    from fatekit.table import command_to_json

    body = command_to_json(command)
    request = urllib.request.Request(
        f"{base}/tables/{table_id}/commands", data=json.dumps(body).encode(), method="POST"
    )
    request.add_header("content-type", "application/json")
    request.add_header("X-Fatekit-Link", link)
    with urllib.request.urlopen(request, timeout=30) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer


@dataclass
class Figures:
    history: int
    cpu_ms: float
    bytes_median: float
    bytes_p90: float
    p50: float
    p99: float
    reconnects: int


async def play(
    base: str, table_id: str, links: dict[str, str], history: int, count: int, pid: int
) -> Figures:
    socket = base.replace("http://", "ws://")
    clients = [
        Client(seat, f"{socket}/tables/{table_id}/ws?link={links[seat]}&view=1&batch=1")
        for seat in SEATS
    ]
    tasks = [asyncio.ensure_future(client.run()) for client in clients]
    try:
        for client in clients:
            while client.document is None:
                await asyncio.sleep(0.01)
        made: dict[str, str] = {}
        # Continue the table's own story: learn the ids its last scene made.
        mix = steps(made, first_scene=10_000)
        latencies: list[float] = []
        per_event: list[float] = []
        # One scene first, not measured: the server loads the table and warms up.
        for _ in range(WARM_UP):
            seat, command = next(mix)
            answer = await asyncio.to_thread(post, base, table_id, links[seat], command)
            learn(made, answer["events"])
            for client in clients:
                await client.reach(answer["version"])
        cpu_before = cpu_seconds(pid)
        for _ in range(count):
            seat, command = next(mix)
            before = [client.received for client in clients]
            started = time.perf_counter()
            answer = await asyncio.to_thread(post, base, table_id, links[seat], command)
            learn(made, answer["events"])
            reached = [await client.reach(answer["version"]) for client in clients]
            latencies.append(max(reached) - started)
            events = answer["version"] - answer["first_version"] + 1
            per_event.extend(
                (c.received - b) / events for c, b in zip(clients, before, strict=True)
            )
        cpu = cpu_seconds(pid) - cpu_before
    finally:
        for task in tasks:
            task.cancel()
    return Figures(
        history,
        cpu / count * 1000,
        statistics.median(per_event),
        percentile(per_event, 90),
        percentile(latencies, 50) * 1000,
        percentile(latencies, 99) * 1000,
        sum(client.reconnects for client in clients),
    )


def bench_history(history: int, count: int) -> Figures:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "tables.db"
        source = played("source", history)
        with SqliteEventStore(db) as store:
            copy_table(source, "source", store, "campaign")
            registry = LinkRegistry(store)
            links = {seat: registry.issue("campaign", seat).token for seat in SEATS}
        os.chdir(folder)
        process, base = start(
            # Rate limits lifted: the benchmark's clients all come from 127.0.0.1.
            [
                *(sys.executable, "-m", "fatekit", "serve", "--port", "0", "--db", str(db)),
                *("--no-table", "--rate", "100000", "--burst", "100000"),
            ]
        )
        try:
            return asyncio.run(play(base, "campaign", links, history, count, process.pid))
        finally:
            stop(process)
            os.chdir(HERE.parent)


async def relay_run(base: str, count: int) -> tuple[float, float]:
    url = base.replace("http://", "ws://") + "/relay/campaign"
    sockets = [await connect(url, compression=None) for _ in SEATS]
    try:
        for s in sockets:
            await s.recv()  # hello
        latencies = []
        body = {"text": "x" * 200}
        for n in range(count):
            started = time.perf_counter()
            await sockets[0].send(json.dumps({"kind": "command", "id": n, "data": body}))
            for s in sockets:
                while True:
                    message = json.loads(await s.recv())
                    if message["kind"] == "event":
                        break
            latencies.append(time.perf_counter() - started)
    finally:
        for s in sockets:
            await s.close()
    return percentile(latencies, 50) * 1000, percentile(latencies, 99) * 1000


def bench_relay(count: int) -> tuple[float, float]:
    process, base = start([sys.executable, str(HERE / "bench_server.py"), "--serve-relay"])
    try:
        return asyncio.run(relay_run(base, count))
    finally:
        stop(process)


# -- memory and cold loads ------------------------------------------------------------------------


def load_all(db: str, count: int) -> None:
    """(In a fresh process.) Load ``count`` tables and print the resident memory they took."""
    store = SqliteEventStore(db)
    repo = TableRepository(store)
    before = rss_kib(os.getpid())
    for n in range(count):
        repo.load(f"t{n:04d}")
    print(json.dumps({"rss_kib": rss_kib(os.getpid()) - before}))


def bench_memory(tables: int, history: int) -> float:
    source = played("source", history)
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "many.db"
        with SqliteEventStore(db) as store:
            for n in range(tables):
                copy_table(source, "source", store, f"t{n:04d}")
        out = subprocess.run(
            [sys.executable, __file__, "--load-all", str(db), str(tables)],
            capture_output=True,
            text=True,
            check=True,
            cwd=folder,
        )
    return float(json.loads(out.stdout.strip().splitlines()[-1])["rss_kib"]) / 1024


def bench_cold(history: int) -> tuple[float, float, float, int]:
    """The cold load of a long table by a new repository, from its snapshot and from the log
    alone, and the first command a restarted server runs there (load, caps, append)."""
    source = played("source", history)
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "cold.db"
        with SqliteEventStore(db) as store:
            copy_table(source, "source", store, "campaign")
        with SqliteEventStore(db) as store:
            # As the server builds it: the table caps are the repository's own limits.
            repository = TableRepository(store, limits=Caps().table_limits())
            started = time.perf_counter()
            repository.execute("campaign", c.Note(text="Back after the break."), seat="gm")
            first_command = (time.perf_counter() - started) * 1000
        took = []
        for snapshots in (True, False):
            if not snapshots:
                with sqlite3.connect(db) as raw:
                    raw.execute("DELETE FROM snapshots")
            with SqliteEventStore(db) as store:
                started = time.perf_counter()
                state = TableRepository(store).load("campaign")
                took.append((time.perf_counter() - started) * 1000)
        return took[0], took[1], first_command, state.version


# -- the report ---------------------------------------------------------------------------------


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--commands", type=int, default=300, help="commands per history size")
    parser.add_argument("--sizes", default="0,1000,10000", help="events of history before")
    parser.add_argument("--tables", type=int, default=1000, help="tables for the memory figure")
    parser.add_argument("--load-all", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.load_all:
        load_all(args.load_all[0], int(args.load_all[1]))
        return
    sizes = [int(s) for s in args.sizes.split(",")]
    print(
        f"A table played by a GM and 3 players, each keeping the live document (view=1); "
        f"{args.commands} commands of the mix per history size, one at a time, loopback"
    )
    relay = bench_relay(args.commands)
    results = [bench_history(size, args.commands) for size in sizes]
    print(
        f"{'history':>9} {'CPU/command':>12} {'bytes/client/event':>22} "
        f"{'send -> all applied':>24} {'reconnects':>10}"
    )
    for f in results:
        print(
            f"{f.history:>9} {f.cpu_ms:>9.2f} ms {f.bytes_median:>9.0f} B (p90 {f.bytes_p90:>5.0f}) "
            f"p50 {f.p50:>6.2f} ms p99 {f.p99:>6.2f} ms {f.reconnects:>10}"
        )
    print(f"{'relay':>9} {'':>12} {'':>22} p50 {relay[0]:>6.2f} ms p99 {relay[1]:>6.2f} ms")
    memory = bench_memory(args.tables, 1000)
    with_snapshot, from_log, first_command, version = bench_cold(max(sizes))
    print(
        f"memory: {args.tables} tables of 1000 events loaded: {memory:.0f} MiB "
        f"({memory * 1024 / args.tables:.0f} KiB a table)"
    )
    print(
        f"cold load of a {version}-event table: {with_snapshot:.1f} ms from its snapshot, "
        f"{from_log:.0f} ms from the log alone; a restarted server's first command there "
        f"(load, caps, append) {first_command:.1f} ms"
    )
    first, last = results[0], results[-1]
    print("targets:")
    print(
        f"  CPU per command at {last.history} <= 1.2x at {first.history}: "
        f"{last.cpu_ms / first.cpu_ms:.2f}x, {verdict(last.cpu_ms <= 1.2 * first.cpu_ms)}"
    )
    worst = max(f.bytes_median for f in results)
    print(f"  median bytes per client per event <= 2 KiB: {worst:.0f} B, {verdict(worst <= 2048)}")
    ratio = max(f.p99 for f in results) / relay[1] if relay[1] else float("nan")
    print(f"  p99 <= 3x the relay's: {ratio:.2f}x, {verdict(ratio <= 3)}")
    print(f"  1000 tables of 1000 events in <= 1 GB: {verdict(memory <= 1024)}")
    print(f"  cold load of a 10,000-event table <= 50 ms: {verdict(with_snapshot <= 50)}")


if __name__ == "__main__":
    main()
