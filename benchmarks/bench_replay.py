"""Replaying a campaign's log: what folding a 10,000-event table costs, from the store's records
(each read, upcast and checked) and from events already in memory, and what the log weighs.

The table is ``bench_campaign``'s mix (scenes with a roll and a free invoke, a compel, a conflict
with a hit, notes), played in process. We print the time to play it (every command decided and
its facts recorded), the median of five replays of the whole log from the store's records with no
snapshot (what a restarted server does for a table whose snapshot is stale), the median of five
folds of the events alone, and the stored payload's size per event::

    python benchmarks/bench_replay.py [--history 10000] [--runs 5]
"""

# ruff: noqa: E402  (the benchmark imports its neighbour by path)

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from bench_campaign import played  # type: ignore[import-not-found]

from fatekit.store.tables import to_event
from fatekit.table import fold


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--history", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    started = time.perf_counter()
    repository = played("campaign", args.history)
    play_seconds = time.perf_counter() - started
    records = repository.store.read("campaign", 0)
    events = [to_event(record) for record in records]

    from_store, in_memory = [], []
    for _ in range(args.runs):
        started = time.perf_counter()
        fold([to_event(record) for record in records])
        from_store.append(time.perf_counter() - started)
        started = time.perf_counter()
        fold(events)
        in_memory.append(time.perf_counter() - started)
    payload = sum(len(record.payload.encode()) for record in records)
    count = len(records)

    print(f"replay of a {count:,}-event table (median of {args.runs}):")
    print(f"  played, every command decided:   {play_seconds:8.2f} s")
    print(f"  replayed from the store's records: {statistics.median(from_store) * 1000:8.0f} ms")
    print(f"  folded from events in memory:      {statistics.median(in_memory) * 1000:8.0f} ms")
    print(f"  stored payload per event:          {payload / count:8.0f} B")


if __name__ == "__main__":
    main()
