"""Load on the table server, and on a bare WebSocket relay as the baseline, over loopback.

A real ``fatekit serve`` process on a fresh SQLite file gets ``--tables`` tables with six seats
each (a GM and five players), every seat on its own WebSocket speaking the page's protocol
(``view=1``: each command's events are followed by a patch of the seat's live document, which is
what the page waits for). Commands (public notes) go at a steady ``--rate`` a second, round-robin
over the tables, each from one of the table's sockets in turn. For each command we time its
acknowledgement and the moment its view patch has reached all six sockets of its table (the
relay's event, for the relay), and print:

- commands per second acknowledged;
- p50 and p99 latency from the acknowledgement to the event reaching every client at the table
  (zero when the event was already everywhere before the acknowledgement arrived, which is
  common: the server publishes before it answers), and from sending to every client;
- memory per table: the server's resident memory after the tables are made and their sockets
  connected, less before, divided by the tables;
- the server's CPU time while the commands are sent and their messages arrive (user and system,
  every process; not while the sockets connect), per command: how many commands a second one
  core could take, which is what bounds the tables a process holds; and where it went: the event
  loop's thread (sockets, JSON, the hub's publishing) against the worker threads (each command's
  load, rules, facts and append to the store);
- the server's CPU time while every socket stays open for a few seconds after the load with no
  command (the heartbeat's ping frames, which grow with the sockets held and not with the
  commands), and the CPU per command net of it.

Then the same load runs against two ``fatekit serve`` processes sharing one PostgreSQL database,
with each table's clients split across them (seats 1, 3, 5 at one process, 2, 4, 6 at the other),
so that every command's event reaches half its table through the other process (``NOTIFY``, then
a read of the log). The database is ``$FATEKIT_BENCH_PG`` (a ``postgresql://`` URL) or, failing
that, a throwaway cluster started as the tests start theirs (``tests/pg_cluster.py``), but
syncing its commits to the disk as a production server does. Without PostgreSQL installed that
run is skipped, and says so. Memory per table there counts both processes, each holding every
table. ``--pg-processes 1,2`` also runs one process on PostgreSQL, to tell the database's cost
from the cost of crossing processes.

Last, the same load runs against a bare relay (uvicorn and Starlette WebSockets, no rules, no
database): each message is acknowledged to its sender and fanned out to the same six clients.
The comparison with the relay is made in ``--rounds`` pairs, a SQLite server run and then a relay
run each (the first pair reuses the SQLite run above): one run's p99 swings by half on a busy
two-core machine, so the target is judged on the median of the pairs' ratios, and every pair is
printed. The relay's CPU time per command is printed too: the cost of the same sockets and
frames with no rules, the floor under the server's.

Then the whole comparison runs again at scale (``--scale-tables``, 1,667 tables: 10,002 sockets,
at ``--scale-rate``, 100 commands a second): a command's CPU time there, against its cost at the
first load's size, tells whether something grows with the tables and sockets a process holds
rather than with the table's own seats.

    python benchmarks/bench_server.py [--tables 167] [--rate 200] [--seconds 15] [--pg-processes 2]
                                      [--rounds 3] [--scale-tables 1667] [--scale-rate 100]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

SEATS = 6
CONNECT_BATCH = 50


# -- the relay baseline -----------------------------------------------------------------------


def relay_app() -> Any:
    """A bare relay: a message to a room is acknowledged and sent to everyone in the room."""
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    rooms: dict[str, set[WebSocket]] = {}
    versions: dict[str, int] = {}

    async def room(socket: WebSocket) -> None:
        name = socket.path_params["room"]
        await socket.accept()
        members = rooms.setdefault(name, set())
        members.add(socket)
        await socket.send_text(json.dumps({"kind": "hello", "version": versions.get(name, 0)}))
        try:
            while True:
                message = json.loads(await socket.receive_text())
                if message.get("kind") != "command":
                    continue
                version = versions[name] = versions.get(name, 0) + 1
                event = json.dumps(
                    {"kind": "event", "event": {"version": version, "data": message.get("data")}}
                )
                for member in list(members):
                    with contextlib.suppress(Exception):
                        await member.send_text(event)
                await socket.send_text(
                    json.dumps({"kind": "ack", "id": message.get("id"), "version": version})
                )
        except WebSocketDisconnect:
            pass
        finally:
            members.discard(socket)

    return Starlette(routes=[WebSocketRoute("/relay/{room}", room)])


def serve_relay() -> None:
    """Run the relay on a free loopback port and print where."""
    import socket as sockets

    import uvicorn

    sock = sockets.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(2048)
    # The same uvicorn settings as ``fatekit serve``, so that only the app differs.
    from fatekit.server.ws import SocketSettings, protocol_options

    options = protocol_options(SocketSettings())
    server = uvicorn.Server(
        uvicorn.Config(relay_app(), log_level="warning", lifespan="off", **options)
    )

    async def main() -> None:
        async def announce() -> None:
            while not server.started:
                await asyncio.sleep(0.05)
            print(f"relay serving at http://127.0.0.1:{sock.getsockname()[1]}/", flush=True)

        task = asyncio.ensure_future(announce())
        await server.serve(sockets=[sock])
        task.cancel()

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())


# -- processes --------------------------------------------------------------------------------


def start(command: list[str]) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert process.stdout is not None
    deadline = time.monotonic() + 60
    for line in process.stdout:
        if found := re.search(r"serving at (http://\S+?)/?$", line.strip()):
            return process, found.group(1)
        if time.monotonic() > deadline:
            break
    process.kill()
    raise SystemExit("the server did not start")


def stop(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()


def cpu_seconds(pid: int) -> float:
    """User and system CPU time the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def thread_cpu_seconds(pid: int) -> tuple[float, float]:
    """CPU time (user and system) the process's main thread has used so far, and its other
    threads together: ``fatekit serve`` runs its event loop (sockets, JSON, publishing) on the
    main thread and hands each command's store work and rules to worker threads."""
    main = others = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            stat = (task / "stat").read_text()
        except OSError:
            continue  # a worker that ended meanwhile
        fields = stat.rpartition(")")[2].split()
        used = int(fields[11]) + int(fields[12])
        if task.name == str(pid):
            main += used
        else:
            others += used
    tick = os.sysconf("SC_CLK_TCK")
    return main / tick, others / tick


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def post(url: str, body: dict[str, Any], link: str | None = None) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST")
    request.add_header("content-type", "application/json")
    if link:
        request.add_header("X-Fatekit-Link", link)
    with urllib.request.urlopen(request, timeout=30) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer


# -- the load ---------------------------------------------------------------------------------


@dataclass
class Command:
    table: int
    sent: float
    acked: float | None = None
    version: int | None = None
    arrivals: list[float] = field(default_factory=list)


@dataclass
class Run:
    """What one load run measured."""

    commands: dict[tuple[int, int], Command] = field(default_factory=dict)  # (table, id)
    by_version: dict[tuple[int, int], Command] = field(default_factory=dict)  # (table, version)
    early: dict[tuple[int, int], list[float]] = field(default_factory=dict)
    # The message a client waits for: the page's "view" patch, or the relay's "event".
    arrival: str = "event"
    errors: int = 0
    clients: int = 0
    # Wall seconds the CPU was counted over, and the CPU seconds spent in IDLE seconds after it
    # with every socket still open and no command: the heartbeats' share, which grows with the
    # sockets and not with the commands.
    window: float = 0.0
    idle_cpu: float = 0.0
    # CPU seconds during the load on the servers' event-loop threads, and on their other threads.
    loop_cpu: float = 0.0
    worker_cpu: float = 0.0


#: Seconds the sockets stay open with no command after a load, to measure what idling costs.
IDLE = 3.0


async def reader(run: Run, table: int, socket: ClientConnection) -> None:
    async for raw in socket:
        now = time.perf_counter()
        parsed = json.loads(raw)
        # The page asks for a command's messages in one frame (batch=1): a list of them.
        for message in parsed if isinstance(parsed, list) else [parsed]:
            take(run, table, message, now)


def take(run: Run, table: int, message: dict[str, Any], now: float) -> None:
    """One message a client received at ``now``."""
    kind = message.get("kind")
    if kind == run.arrival:
        version = message["version"] if kind == "view" else message["event"]["version"]
        key = (table, version)
        command = run.by_version.get(key)
        if command is None:  # the event beat its acknowledgement here
            run.early.setdefault(key, []).append(now)
        else:
            command.arrivals.append(now)
    elif kind == "ack":
        command = run.commands[(table, message["id"])]
        command.acked = now
        command.version = message["version"]
        key = (table, command.version)
        run.by_version[key] = command
        command.arrivals.extend(run.early.pop(key, []))
    elif kind == "error":
        run.errors += 1


async def load(
    urls: list[list[str]],
    rate: float,
    seconds: float,
    arrival: str = "event",
    clock: Callable[[], float] = lambda: 0.0,
    threads: Callable[[], tuple[float, float]] = lambda: (0.0, 0.0),
) -> tuple[Run, float, float]:
    """Connect every socket, send commands at ``rate`` for ``seconds``, and time them: a
    command has reached a client when its ``arrival`` message (``view`` or ``event``) has.
    Returns the run, its length and how far ``clock`` (the servers' CPU time) moved while the
    commands were sent and their messages arrived: after every socket is connected and caught
    up, so that connecting 10,000 sockets is not counted as the commands' cost. ``threads``
    splits the servers' CPU time between their event loops and their other threads."""
    run = Run(arrival=arrival)
    sockets: list[list[ClientConnection]] = [[] for _ in urls]
    flat = [(t, url) for t, table in enumerate(urls) for url in table]

    readers: list[asyncio.Future[None]] = []

    async def open_one(table: int, url: str) -> None:
        # A page's socket sends no ping frames of its own (a browser's WebSocket cannot): it
        # answers the server's. The library's default pings every 20 s would add a ping a
        # socket to the server's work, 500 a second at 10,002 sockets.
        socket = await connect(url, open_timeout=60, max_queue=None, ping_interval=None)
        json.loads(await socket.recv())  # hello
        sockets[table].append(socket)
        # Read from the start, as a page does: connecting 10,000 sockets takes a while, and
        # what the server sends meanwhile must not pile up unread.
        readers.append(asyncio.ensure_future(reader(run, table, socket)))

    for start in range(0, len(flat), CONNECT_BATCH):
        await asyncio.gather(*(open_one(t, u) for t, u in flat[start : start + CONNECT_BATCH]))
    run.clients = sum(len(s) for s in sockets)
    # Drain the catch-up each socket received before reading for real.
    await asyncio.sleep(1.0)
    total = int(rate * seconds)
    cpu_before = clock()
    threads_before = threads()
    begin = time.perf_counter()
    for n in range(total):
        target = begin + n / rate
        delay = target - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        table = n % len(sockets)
        socket = sockets[table][(n // len(sockets)) % SEATS]
        run.commands[(table, n)] = Command(table, time.perf_counter())
        await socket.send(
            json.dumps({"kind": "command", "id": n, "type": "Note", "data": {"text": f"note {n}"}})
        )
    sending = time.perf_counter() - begin
    # Let the last events arrive (bounded).
    deadline = time.perf_counter() + 10
    while time.perf_counter() < deadline and any(
        c.acked is None or len(c.arrivals) < SEATS for c in run.commands.values()
    ):
        await asyncio.sleep(0.05)
    elapsed = max(sending, max((c.acked or 0) for c in run.commands.values()) - begin)
    cpu = clock() - cpu_before
    threads_after = threads()
    run.loop_cpu = threads_after[0] - threads_before[0]
    run.worker_cpu = threads_after[1] - threads_before[1]
    run.window = time.perf_counter() - begin
    idle_before = clock()
    await asyncio.sleep(IDLE)
    run.idle_cpu = clock() - idle_before
    for task in readers:
        task.cancel()
    for seated in sockets:
        for socket in seated:
            await socket.close()
    return run, elapsed, cpu


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


@dataclass
class Figures:
    acked: int
    per_second: float
    complete: int
    p50_ack: float
    p99_ack: float
    already: float
    p50_send: float
    p99_send: float
    errors: int
    clients: int
    window: float  # wall seconds the CPU time was counted over
    idle_per_second: float  # CPU seconds a second with the sockets open and no command
    loop_cpu: float = 0.0  # CPU seconds on the servers' event-loop threads during the load
    worker_cpu: float = 0.0  # and on their other threads (the commands' store work and rules)


def figures(run: Run, elapsed: float) -> Figures:
    acked = [c for c in run.commands.values() if c.acked is not None]
    complete = [c for c in acked if len(c.arrivals) >= SEATS]
    after_ack = [max(0.0, max(c.arrivals) - (c.acked or 0)) * 1000 for c in complete]
    from_send = [(max(c.arrivals) - c.sent) * 1000 for c in complete]
    already = sum(1 for v in after_ack if v == 0.0) / max(1, len(after_ack))
    return Figures(
        acked=len(acked),
        per_second=len(acked) / elapsed,
        complete=len(complete),
        p50_ack=statistics.median(after_ack) if after_ack else float("nan"),
        p99_ack=percentile(after_ack, 99),
        already=already,
        p50_send=statistics.median(from_send) if from_send else float("nan"),
        p99_send=percentile(from_send, 99),
        errors=run.errors,
        clients=run.clients,
        window=run.window,
        idle_per_second=run.idle_cpu / IDLE,
        loop_cpu=run.loop_cpu,
        worker_cpu=run.worker_cpu,
    )


def net_per_command(cpu: float, f: Figures) -> float:
    """CPU milliseconds a command, less what the open sockets cost a second with no command
    (the heartbeats' ping frames: they grow with the sockets held, not with the commands)."""
    return max(0.0, cpu - f.idle_per_second * f.window) / max(1, f.acked) * 1000


def report_server(per_table: float, cpu: float, f: Figures, processes: int) -> None:
    """The server's own figures: its memory per table and its CPU time per command."""
    whose = "server" if processes == 1 else f"{processes} processes'"
    print(f"  memory per table:      {per_table:.0f} KiB ({whose} RSS growth / tables)")
    per_command = cpu / max(1, f.acked) * 1000
    print(
        f"  server CPU:            {per_command:.2f} ms per command ({whose} total during the "
        f"load), so about {1000 / per_command:.0f} commands/s per core"
    )
    print(
        f"  idle CPU:              {f.idle_per_second * 1000:.1f} ms a second with the "
        f"{f.clients} sockets open and no command; net of it, {net_per_command(cpu, f):.2f} ms "
        "per command"
    )
    acked = max(1, f.acked)
    print(
        f"  where:                 {f.loop_cpu / acked * 1000:.2f} ms per command on the event "
        f"loop's thread (sockets, JSON, publishing), {f.worker_cpu / acked * 1000:.2f} ms on "
        "worker threads (rules, store)"
    )


def report(title: str, f: Figures, total: int) -> None:
    print(title)
    print(f"  clients connected:     {f.clients}")
    print(
        f"  commands acknowledged: {f.acked} of {total} ({f.per_second:.1f}/s), errors {f.errors}"
    )
    print(f"  reached all {SEATS} clients: {f.complete}")
    print(
        f"  ack -> every client:   p50 {f.p50_ack:.2f} ms, p99 {f.p99_ack:.2f} ms "
        f"({f.already:.0%} already everywhere when the ack arrived)"
    )
    print(f"  send -> every client:  p50 {f.p50_send:.2f} ms, p99 {f.p99_send:.2f} ms")


# -- main -------------------------------------------------------------------------------------


def bench_fatekit(
    db: str, processes: int, tables: int, rate: float, seconds: float
) -> tuple[Figures, float, float]:
    """The load on ``processes`` ``fatekit serve`` processes sharing ``db``, each table's seats
    split across them; the figures, the memory per table (every process's growth, summed) and
    the CPU seconds the processes spent during the load."""
    command = [sys.executable, "-m", "fatekit", "serve", "--port", "0", "--db", db]
    command += ["--no-table", "--rate", "100000", "--burst", "100000"]
    # Every client of the benchmark shares one address: lift the cap on sockets per address.
    command += ["--max-sockets-per-address", "100000"]
    started: list[tuple[subprocess.Popen[str], str]] = []
    try:
        for _ in range(processes):
            started.append(start(command))
        before = [rss_kib(process.pid) for process, _ in started]
        base = started[0][1]  # tables and seats are made at the first; any would do
        sockets = [b.replace("http://", "ws://") for _, b in started]

        def make(t: int) -> list[str]:
            made = post(f"{base}/tables", {"name": f"Bench {t}"})
            links = [made["link"]]
            for p in range(SEATS - 1):
                seat = post(
                    f"{base}/tables/{made['table_id']}/seats", {"name": f"Player {p}"}, made["link"]
                )
                links.append(seat["link"])
            return [
                f"{sockets[n % processes]}/tables/{made['table_id']}/ws?link={link}&view=1&batch=1"
                for n, link in enumerate(links)
            ]

        # A few tables at once: 1,667 made one request at a time take minutes.
        with ThreadPoolExecutor(max_workers=4) as pool:
            urls = list(pool.map(make, range(tables)))
        run, elapsed, cpu = asyncio.run(
            load(
                urls,
                rate,
                seconds,
                "view",
                lambda: sum(cpu_seconds(process.pid) for process, _ in started),
                lambda: _summed(thread_cpu_seconds(process.pid) for process, _ in started),
            )
        )
        after = [rss_kib(process.pid) for process, _ in started]
    finally:
        for process, _ in started:
            stop(process)
    per_table = (sum(after) - sum(before)) / tables
    return figures(run, elapsed), per_table, cpu


def _summed(pairs: Iterator[tuple[float, float]]) -> tuple[float, float]:
    loop = workers = 0.0
    for one, others in pairs:
        loop += one
        workers += others
    return loop, workers


def bench_server(tables: int, rate: float, seconds: float) -> tuple[Figures, float, float]:
    """One process on a fresh SQLite file."""
    with tempfile.TemporaryDirectory() as folder:
        return bench_fatekit(str(Path(folder) / "bench.db"), 1, tables, rate, seconds)


@contextlib.contextmanager
def postgres_database() -> Iterator[str | None]:
    """A PostgreSQL URL: ``$FATEKIT_BENCH_PG``, else a throwaway durable cluster (removed
    afterwards); None, after saying why, when there is neither."""
    named = os.environ.get("FATEKIT_BENCH_PG")
    if named:
        yield named
        return
    path = Path(__file__).resolve().parent.parent / "tests" / "pg_cluster.py"
    spec = importlib.util.spec_from_file_location("pg_cluster", path)
    assert spec is not None and spec.loader is not None
    pg_cluster = importlib.util.module_from_spec(spec)
    sys.modules["pg_cluster"] = pg_cluster  # its dataclasses look their module up there
    spec.loader.exec_module(pg_cluster)
    try:
        cluster = pg_cluster.start_cluster(durable=True)
    except pg_cluster.PostgresMissing as missing:
        print(f"PostgreSQL figures skipped: {missing} (or set FATEKIT_BENCH_PG)")
        yield None
        return
    try:
        yield cluster.url()
    finally:
        cluster.destroy()


def bench_relay(tables: int, rate: float, seconds: float) -> tuple[Figures, float]:
    """The load on the bare relay: its figures and the CPU seconds it spent during the load."""
    process, base = start([sys.executable, __file__, "--serve-relay"])
    try:
        socket_base = base.replace("http://", "ws://")
        urls = [[f"{socket_base}/relay/r{t}"] * SEATS for t in range(tables)]
        run, elapsed, cpu = asyncio.run(
            load(urls, rate, seconds, clock=lambda: cpu_seconds(process.pid))
        )
    finally:
        stop(process)
    return figures(run, elapsed), cpu


def report_relay_cpu(cpu: float, f: Figures) -> None:
    """The relay's CPU time per command: what sending the same frames costs with no rules."""
    per_command = cpu / max(1, f.acked) * 1000
    print(
        f"  relay CPU:             {per_command:.2f} ms per command (relay total during the load)"
    )
    print(
        f"  relay idle CPU:        {f.idle_per_second * 1000:.1f} ms a second with the "
        f"{f.clients} sockets open; net of it, {net_per_command(cpu, f):.2f} ms per command"
    )


def compare_pairs(label: str, pairs: list[tuple[Figures, Figures]]) -> float:
    """Print each server-then-relay pair's p99 and return the median ratio (send -> every
    client)."""
    print(f"server / relay, {label}, {len(pairs)} pairs of runs (p99, server then relay):")
    sends, acks = [], []
    for n, (ours, bare) in enumerate(pairs, 1):
        sends.append(ours.p99_send / bare.p99_send if bare.p99_send else float("nan"))
        acks.append(ours.p99_ack / bare.p99_ack if bare.p99_ack else float("nan"))
        print(
            f"  pair {n}: send -> every client {ours.p99_send:.2f} / {bare.p99_send:.2f} ms = "
            f"{sends[-1]:.2f}x; ack -> every client {ours.p99_ack:.2f} / {bare.p99_ack:.2f} ms "
            f"= {acks[-1]:.2f}x"
        )
    ratio, ack_ratio = statistics.median(sends), statistics.median(acks)
    print(f"p99 send -> every client, server / relay: {ratio:.2f}x (median of the pairs)")
    print(f"p99 ack -> every client, server / relay:  {ack_ratio:.2f}x (median of the pairs)")
    return ratio


def bench_scale(
    tables: int, rate: float, seconds: float, rounds: int, small: float
) -> tuple[float, float]:
    """The same load at ``tables`` tables (six sockets each) and ``rate``: the CPU per command
    (median of the rounds) against ``small``, the CPU per command at the first load's size, and
    the p99 against the relay's. Returns (CPU per command in ms, p99 ratio)."""
    total = int(rate * seconds)
    print(
        f"At scale: {tables} tables x {SEATS} WebSocket clients, "
        f"{rate:.0f} commands/s for {seconds:.0f} s, loopback"
    )
    pairs: list[tuple[Figures, Figures]] = []
    per_command: list[float] = []
    net: list[float] = []
    for n in range(max(1, rounds)):
        server, per_table, cpu = bench_server(tables, rate, seconds)
        relay, relay_cpu = bench_relay(tables, rate, seconds)
        if n == 0:
            report("fatekit serve (SQLite, rules, per-seat redaction):", server, total)
            report_server(per_table, cpu, server, 1)
            report("bare WebSocket relay (no rules, no database):", relay, total)
            report_relay_cpu(relay_cpu, relay)
        per_command.append(cpu / max(1, server.acked) * 1000)
        net.append(net_per_command(cpu, server))
        pairs.append((server, relay))
    ratio = compare_pairs(f"{tables * SEATS} sockets", pairs)
    cost = statistics.median(per_command)
    print(
        f"server CPU per command at {tables * SEATS} sockets: {cost:.2f} ms (median of "
        f"{len(per_command)}), {cost / small:.2f}x its cost at the first load's size; net of "
        f"the idle sockets' CPU, {statistics.median(net):.2f} ms"
    )
    return cost, ratio


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=167, help="tables, six clients each")
    parser.add_argument("--rate", type=float, default=200.0, help="commands a second")
    parser.add_argument("--seconds", type=float, default=15.0, help="length of each run")
    parser.add_argument(
        "--pg-processes",
        default="2",
        help="server processes on PostgreSQL, one run each: e.g. 2, or 1,2 (0: no PostgreSQL run)",
    )
    parser.add_argument(
        "--rounds", type=int, default=3, help="server-then-relay pairs compared (at least 1)"
    )
    parser.add_argument(
        "--scale-tables",
        type=int,
        default=1667,
        help="then the same load at this many tables (10,002 sockets; 0: skip)",
    )
    parser.add_argument(
        "--scale-rate", type=float, default=100.0, help="commands a second at scale"
    )
    parser.add_argument("--serve-relay", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_relay:
        serve_relay()
        return
    total = int(args.rate * args.seconds)
    print(
        f"Load: {args.tables} tables x {SEATS} WebSocket clients, "
        f"{args.rate:.0f} commands/s for {args.seconds:.0f} s, loopback"
    )
    server, per_table, cpu = bench_server(args.tables, args.rate, args.seconds)
    report("fatekit serve (SQLite, rules, per-seat redaction):", server, total)
    report_server(per_table, cpu, server, 1)
    counts = [int(n) for n in args.pg_processes.split(",") if int(n) > 0]
    with postgres_database() if counts else contextlib.nullcontext() as url:
        for processes in counts:
            if url is None:
                break
            pg, pg_table, pg_cpu = bench_fatekit(
                url, processes, args.tables, args.rate, args.seconds
            )
            split = "each table's clients split across them" if processes > 1 else "1 process"
            report(f"fatekit serve x{processes} on PostgreSQL ({split}):", pg, total)
            report_server(pg_table, pg_cpu, pg, processes)
            print(
                f"  p99 against SQLite:    send -> every client "
                f"{pg.p99_send / server.p99_send:.2f}x, ack -> every client "
                f"{pg.p99_ack / server.p99_ack if server.p99_ack else float('nan'):.2f}x"
            )
    relay, relay_cpu = bench_relay(args.tables, args.rate, args.seconds)
    report("bare WebSocket relay (no rules, no database):", relay, total)
    report_relay_cpu(relay_cpu, relay)
    pairs = [(server, relay)]
    costs = [cpu / max(1, server.acked) * 1000]
    for _ in range(max(1, args.rounds) - 1):
        again, _, again_cpu = bench_server(args.tables, args.rate, args.seconds)
        costs.append(again_cpu / max(1, again.acked) * 1000)
        pairs.append((again, bench_relay(args.tables, args.rate, args.seconds)[0]))
    ratio = compare_pairs(f"{args.tables * SEATS} sockets", pairs)
    cost = statistics.median(costs)
    print(f"server CPU per command: {cost:.2f} ms (median of {len(costs)} runs)")
    scale: tuple[float, float] | None = None
    if args.scale_tables > 0:
        scale = bench_scale(args.scale_tables, args.scale_rate, args.seconds, args.rounds, cost)

    def verdict(ok: bool) -> str:
        return "met" if ok else "NOT met"

    print("targets:")
    print(
        "  1000 clients and 200 commands/s: "
        + verdict(server.clients >= 1000 and server.per_second >= 0.98 * 200)
    )
    print(
        f"  p99 under 50 ms: ack -> every client {verdict(server.p99_ack < 50)}, "
        f"send -> every client {verdict(server.p99_send < 50)}"
    )
    print(f"  p99 send -> every client within 1.5x the relay's: {verdict(ratio <= 1.5)}")
    print(f"  server CPU at most 1.0 ms per command: {verdict(cost <= 1.0)}")
    if scale is not None:
        big_cost, big_ratio = scale
        print(
            f"  at {args.scale_tables * SEATS} sockets: p99 send -> every client within 1.5x "
            f"the relay's {verdict(big_ratio <= 1.5)}; CPU per command within 1.25x of the "
            f"first load's {verdict(big_cost <= 1.25 * cost)}"
        )


if __name__ == "__main__":
    main()
