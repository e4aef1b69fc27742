"""A campaign's file and its recaps at 10,000 events: what the GM's download, a move between
databases, a night's backup and a "Last time…" cost on a table that has run for a campaign.

The first table is ``bench_campaign.py``'s mix (scenes with a roll and a free invoke, a compel, a
conflict with a hit and a character taken out, notes), all in one session, so a recap reads the
whole log: the worst case. We print, for the GM and for a player:

- the recap of that session (replay and redaction, then the words in Russian);
- the recap of a later session of 1,000 events at the end of a 10,000-event log, started from
  the store's snapshot before it (as the server does);

and, on real SQLite files: the campaign file's export and its size, its import into a fresh
database, and one backup run of the table. Every loop is bounded::

    python benchmarks/bench_recap.py [--events 10000] [--repeat 3]
"""

# ruff: noqa: E402  (the benchmark imports its neighbour by path)

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from bench_campaign import learn, played, steps, vars_of  # type: ignore[import-not-found]

from fatekit.store import SqliteEventStore
from fatekit.store.campaigns import back_up, export_stored, import_stored
from fatekit.store.tables import StoreHistory, to_new_event
from fatekit.table import commands as c
from fatekit.table.recap import session_recap
from fatekit.table.recap_text import recap_markdown, recap_text


def best(repeat: int, work: object) -> float:
    """The fastest of ``repeat`` runs of ``work()``, in milliseconds."""
    assert callable(work)
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    repo = played("long", args.events)
    events = repo.events("long")
    state = repo.load("long")
    print(f"a table of {len(events):,} events, one session")
    for seat in ("gm", "ann"):

        def recap(seat: str = seat) -> None:
            found = session_recap(events, state, seat, 1)
            assert found is not None
            recap_markdown(recap_text(found, state, seat, "ru"), state.name)

        print(f"  recap of the session for {seat}: {best(args.repeat, recap):,.0f} ms")
    # A campaign's tenth session: nine before it, 1,000 events of its own, read from the
    # snapshot the store keeps before it began (as the server reads it).
    repo = played("later", args.events - 1_000)
    for command in (c.EndSession(), c.StartSession()):
        repo.execute("later", command, seat="gm")
    made: dict[str, str] = {}
    mix = steps(made, first_scene=10_000)
    command: c.Command = c.EndScene()
    while repo.store.version("later") < args.events or not isinstance(command, c.EndScene):
        seat, command = next(mix)
        done = repo.execute("later", command, seat=seat)
        learn(made, [{"type": type(e).__name__, "data": vars_of(e)} for e in done.events])
    later, now = repo.events("later"), repo.load("later")
    history = StoreHistory(repo.store, "later")

    def last_session() -> None:
        found = session_recap(later, now, "ann", 2, snapshot=history.snapshot)
        assert found is not None
        recap_markdown(recap_text(found, now, "ann", "ru"), now.name)

    took = best(args.repeat, last_session)
    print(f"  recap of the last 1,000 events' session, from a snapshot: {took:,.0f} ms")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        with SqliteEventStore(folder / "live.db") as live:
            live.append("long", 0, [to_new_event(e) for e in events])
            exported: dict[str, object] = {}

            def export() -> None:
                exported.update(export_stored(live, "long"))

            print(f"  campaign export (SQLite): {best(args.repeat, export):,.0f} ms")
            size = len(json.dumps(exported, ensure_ascii=False).encode())
            print(f"  campaign file: {size / 1e6:.1f} MB")
            counter = iter(range(args.repeat))

            def load() -> None:
                with SqliteEventStore(folder / f"new-{next(counter)}.db") as new:
                    import_stored(new, exported)

            print(f"  campaign import into a fresh SQLite file: {best(args.repeat, load):,.0f} ms")
            started = time.perf_counter()
            back_up(live, folder / "backups", now=lambda: datetime.now(UTC))
            print(f"  one backup run: {(time.perf_counter() - started) * 1000:,.0f} ms")


if __name__ == "__main__":
    main()
