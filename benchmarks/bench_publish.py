"""What publishing a command costs at a six-seat table, by the kind of command: every seat's
live document brought up to date part by part (:func:`fatekit.table.documents.refresh`, what
the server's hub does after each command) and the patch made from the parts that changed.

The table is ``bench_decide``'s (a GM and five players, each with a PC, two NPCs, a scene with
a situation aspect, rolls with a free invoke and their resolution, notes, a compel, a conflict),
played in process through ``TableRepository`` as the server records it. For each command we time the six seats' refresh twice:
with the regions its events declare they write (:func:`fatekit.table.regions.regions_written`),
and with every region (what an event whose domain declares nothing costs: the figure before
issue 40 declared them). We print, per command kind, the median CPU milliseconds for the six
seats over ``--runs`` passes.

    python benchmarks/bench_publish.py [--scenes 3] [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_decide import learn, scene, setup  # type: ignore[import-not-found]
from fatekit.server.patch import diff
from fatekit.store import SqliteEventStore
from fatekit.store.tables import TableRepository
from fatekit.table import commands as c
from fatekit.table.documents import SLICES, refresh
from fatekit.table.extras import document_for
from fatekit.table.fold import apply
from fatekit.table.regions import EVERY, Region, regions_written
from fatekit.table.seeing import Shared, Viewer
from fatekit.table.state import TableState


def played(scenes: int) -> list[tuple[str, tuple[Any, ...]]]:
    """Each command of ``scenes`` scenes of play, by kind, with the events it became."""
    done: list[tuple[str, tuple[Any, ...]]] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteEventStore(Path(tmp) / "bench.db")
        repo = TableRepository(store)

        def do(seat: str, command: c.Command) -> None:
            events = repo.execute("t", command, seat=seat).events
            learn(made, events)
            done.append((type(command).__name__, tuple(events)))

        made: dict[str, str] = {}
        do("gm", c.CreateTable(name="The Harbour"))
        for seat, command in setup():
            do(seat, command)
        for n in range(scenes):
            for seat, step in scene(n, made):
                do(seat, step() if callable(step) else step)
        store.close()
    return done


def timed(commands: list[tuple[str, tuple[Any, ...]]], every: bool) -> dict[str, list[float]]:
    """CPU milliseconds to refresh the six seats' documents after each command, by kind."""
    by_kind: dict[str, list[float]] = defaultdict(list)
    state: TableState | None = None
    history: list[Any] = []
    kept: dict[str, dict[str, Any]] = {}
    for kind, events in commands:
        for event in events:
            history.append(event)
            state = apply(state, event, history=tuple(history))
        assert state is not None
        written: frozenset[Region] = EVERY if every else regions_written(events)
        began = time.process_time()
        shared = Shared(state)  # what the seats' documents work out alike, as the hub shares it
        for seat in state.seats:
            before = kept.get(seat)
            if before is None:
                kept[seat] = document_for(state, seat)
                continue
            after, changes = refresh(before, Viewer(state, seat, shared), written)
            for path, old, new in changes:
                diff(old, new, path)
            kept[seat] = after
        by_kind[kind].append((time.process_time() - began) * 1000)
    return by_kind


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenes", type=int, default=3)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    commands = played(args.scenes)
    seats = 6
    print(f"bench_publish: {len(commands)} commands at a {seats}-seat table, ms for six seats")
    declared: dict[str, list[float]] = defaultdict(list)
    every: dict[str, list[float]] = defaultdict(list)
    for _ in range(args.runs):
        for kind, times in timed(commands, every=False).items():
            declared[kind] += times
        for kind, times in timed(commands, every=True).items():
            every[kind] += times
    # The parts of a seat's document each kind rebuilds, of all of them.
    rebuilt = {
        kind: max(
            sum(1 for piece in SLICES if piece.reads & regions_written(events))
            for k, events in commands
            if k == kind
        )
        for kind in declared
    }
    print(f"  {'command':<22} {'as declared':>12} {'every region':>13} {'parts rebuilt':>14}")
    for kind in sorted(declared, key=lambda k: -statistics.median(every[k])):
        mine, whole = statistics.median(declared[kind]), statistics.median(every[kind])
        parts = f"{rebuilt[kind]}/{len(SLICES)}"
        print(f"  {kind:<22} {mine:>12.2f} {whole:>13.2f} {parts:>14}")


if __name__ == "__main__":
    main()
