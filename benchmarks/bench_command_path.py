"""The server's CPU a command, piece by piece, in process: what ``bench_server`` measures whole
over real sockets, cut into the parts issue 40 item 4 works on, each timed alone (thread CPU
time, so the figures hold on a busy machine better than a whole run's).

- **a note through the repository**, on a store in memory (so no disk): deciding, the facts,
  the fold, the store's payload, in microseconds a command, at a new six-seat table and at a
  played one (``bench_decide``'s: five PCs, NPCs, ``--scenes`` scenes of play), where watching
  the whole table for the facts would cost more;
- **the hub's publish of a note** to six seats that each keep a live document (the events
  redacted per seat, each document patched, each message encoded once for every seat alike);
- **a hand-off to a worker thread and back** (``asyncio.to_thread``), which every command pays
  once for its store work;
- **SQLite appends synced to disk** (``synchronous=FULL``), one thread alone and six at once: the
  sync is most of an append's CPU, and appends made at once share one (group commit).

    python benchmarks/bench_command_path.py [--notes 2000] [--scenes 2]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_decide import learn, scene, setup  # type: ignore[import-not-found]
from fatekit.server.hub import Hub
from fatekit.store import SqliteEventStore
from fatekit.store.base import NewEvent
from fatekit.store.memory import MemoryEventStore
from fatekit.store.tables import TableRepository
from fatekit.table import commands as c
from fatekit.table.extras import document_for

SEATS = 6


def new_table() -> TableRepository:
    """A GM and five players, nothing else."""
    repo = TableRepository(MemoryEventStore())
    repo.execute("t", c.CreateTable(name="Bench"), seat="gm")
    for seat, command in setup():
        if isinstance(command, c.AddSeat):
            repo.execute("t", command, seat=seat)
    return repo


def played_table(scenes: int) -> TableRepository:
    """``bench_decide``'s table after ``scenes`` scenes of play."""
    repo = TableRepository(MemoryEventStore())
    made: dict[str, str] = {}
    repo.execute("t", c.CreateTable(name="The Harbour"), seat="gm")
    for seat, command in setup():
        repo.execute("t", command, seat=seat)
    for n in range(scenes):
        for seat, step in scene(n, made):
            learn(made, repo.execute("t", step() if callable(step) else step, seat=seat).events)
    return repo


def notes_executed(repo: TableRepository, count: int) -> float:
    """Microseconds of CPU a note takes through the repository."""
    seats = list(repo.load("t").seats)
    began = time.thread_time()
    for n in range(count):
        repo.execute("t", c.Note(text=f"note {n}"), seat=seats[n % len(seats)])
    return (time.thread_time() - began) / count * 1e6


def notes_published(count: int) -> float:
    """Microseconds of CPU the hub takes to publish a note to six seats with live documents."""

    async def run() -> float:
        repo = new_table()
        state = repo.load("t")
        hub = Hub(limit=count + 1)
        watching = [hub.subscribe("t", seat, document=True) for seat in state.seats]
        for seat in state.seats:
            hub.remember("t", seat, state.version, document_for(state, seat))
        spent = 0.0
        for n in range(count):
            executed = repo.execute("t", c.Note(text=f"note {n}"), seat="gm")
            known = {e.version: f for e, f in zip(executed.events, executed.fields, strict=True)}
            began = time.thread_time()
            hub.publish("t", executed.events, executed.state, known)
            spent += time.thread_time() - began
            for subscriber in watching:
                while not subscriber.outbox.empty():
                    subscriber.outbox.get_nowait()
                    subscriber.pending -= 1
        return spent / count * 1e6

    return asyncio.run(run())


def hand_offs(count: int) -> float:
    """Microseconds of CPU (both threads) a round trip to a worker thread costs."""

    async def run() -> float:
        def nothing() -> None:
            return None

        await asyncio.to_thread(nothing)  # the executor's thread is started
        began = time.process_time()
        for _ in range(count):
            await asyncio.to_thread(nothing)
        return (time.process_time() - began) / count * 1e6

    return asyncio.run(run())


def appends(threads: int, each: int) -> tuple[float, float]:
    """``threads`` threads each appending ``each`` notes to a table of its own in one SQLite
    file: appends a second and CPU microseconds an append (the process's, every thread)."""
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteEventStore(Path(folder) / "bench.db")
        payload = '{"text":"a note","visibility":"public"}'

        def work(table: str) -> None:
            for n in range(each):
                store.append(table, n, [NewEvent("NoteAdded", payload, "gm")])

        workers = [threading.Thread(target=work, args=(f"t{n}",)) for n in range(threads)]
        began, cpu = time.perf_counter(), time.process_time()
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        wall, cpu = time.perf_counter() - began, time.process_time() - cpu
        store.close()
    total = threads * each
    return total / wall, cpu / total * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=2000, help="commands timed in each part")
    parser.add_argument("--scenes", type=int, default=2, help="scenes played at the big table")
    args = parser.parse_args()
    count = args.notes
    print("bench_command_path: a command's CPU, piece by piece (thread CPU time)")
    small = notes_executed(new_table(), count)
    big_repo = played_table(args.scenes)
    size = big_repo.load("t")
    big = notes_executed(big_repo, count)
    print(f"  a note through the repository, in memory: {small:.1f} µs at a new {SEATS}-seat table")
    print(
        f"                                           {big:.1f} µs at a played table "
        f"({len(size.game.characters)} characters, {size.version} events before)"
    )
    print(
        f"  the hub's publish of a note to {SEATS} live documents: {notes_published(count):.1f} µs"
    )
    print(f"  a hand-off to a worker thread and back: {hand_offs(count):.1f} µs")
    alone, alone_cpu = appends(1, max(50, count // 10))
    together, together_cpu = appends(SEATS, max(50, count // 10))
    print(
        f"  SQLite appends synced: one thread {alone:.0f}/s, {alone_cpu:.0f} µs CPU each; "
        f"{SEATS} threads at once {together:.0f}/s, {together_cpu:.0f} µs CPU each"
    )


if __name__ == "__main__":
    main()
