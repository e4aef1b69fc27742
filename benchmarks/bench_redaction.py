"""What a seat sees of each event, at a campaign's size: the cost of redaction, which the server
pays for every event and every watching seat (live, in catch-ups and in every log page), and of
the input guard, which reads every JSON body once before an endpoint does.

A table is played in memory with ``bench_campaign.py``'s mix until it holds ``--history`` events
(10,000 by default), with the NPCs' dice hidden and shown again now and then, and an undo after
each scene's first roll, so that the spans redaction reads are those of a table in real play.
Then we print:

- microseconds per event and seat for ``event_for`` over the whole log, for the GM, a player and
  a spectator (the median of ``--rounds`` passes);
- microseconds for one page of the log (50 entries, newest first) per seat;
- microseconds for the input guard's check of a note's body and of a body carrying a sheet
  (zero where the guard does not exist: an older fatekit).

Run it on two checkouts to compare (``PYTHONPATH=<other>/ python benchmarks/bench_redaction.py``).

    python benchmarks/bench_redaction.py [--history 10000] [--rounds 5]
"""


from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_campaign import learn, setup, steps, vars_of  # type: ignore[import-not-found]

from fatekit.store import MemoryEventStore
from fatekit.store.tables import TableRepository
from fatekit.table import commands as c
from fatekit.table.event_views import event_for
from fatekit.table.events import Event
from fatekit.table.history import log_page
from fatekit.table.seats import Role
from tests.sheets import ruth_sheet  # type: ignore[import-not-found]

TABLE = "bench"


def played(history: int) -> TableRepository:
    """A table of at least ``history`` events: the campaign's mix, with the NPCs' dice hidden
    from the second scene of every three on, shown again at the third, and an undo now and
    then."""
    repo = TableRepository(MemoryEventStore(), snapshot_every=200)
    repo.execute(TABLE, c.CreateTable(name="The Long Campaign"), seat="gm")
    for seat, command in setup():
        repo.execute(TABLE, command, seat=seat)
    repo.execute(TABLE, c.AddSeat(seat_id="sam", role=Role.SPECTATOR, name="Sam"), seat="gm")
    made: dict[str, str] = {}
    scenes = 0
    for seat, command in steps(made):
        if isinstance(command, c.StartScene):
            if scenes % 3 == 1:
                repo.execute(TABLE, c.HideNpcDice(hidden=True), seat="gm")
            elif scenes % 3 == 2:
                repo.execute(TABLE, c.HideNpcDice(hidden=False), seat="gm")
            scenes += 1
        done = repo.execute(TABLE, command, seat=seat)
        learn(made, [{"type": type(e).__name__, "data": vars_of(e)} for e in done.events])
        if isinstance(command, c.Note) and scenes % 5 == 0:
            version = done.events[-1].version
            repo.execute(TABLE, c.Undo(target_version=version), seat="gm")
        if isinstance(command, c.EndScene) and repo.store.version(TABLE) >= history:
            return repo
    raise AssertionError("unreachable: the mix goes on for ever")


def best_of(rounds: int, work: Callable[[], None]) -> float:
    """The median seconds of ``rounds`` runs of ``work``."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def guard_check() -> Callable[[bytes], object] | None:
    """The input guard's check of one body (parse, then walk), or None before it existed."""
    try:
        from fatekit.formats.wellformed import problems
    except ImportError:
        return None

    def check(body: bytes) -> object:
        return problems(json.loads(body), "")

    return check


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--history", type=int, default=10_000, help="events in the table")
    parser.add_argument("--rounds", type=int, default=5, help="passes, the median is kept")
    args = parser.parse_args()

    repo = played(args.history)
    state = repo.load(TABLE)
    events: list[Event] = repo.events(TABLE)
    print(f"a table of {len(events):,} events (undone ones included), {args.rounds} passes each")
    for seat in ("gm", "ann", "sam"):

        def redact(seat: str = seat) -> None:
            for event in events:
                event_for(event, state, seat)

        def page(seat: str = seat) -> None:
            log_page(reversed(events), lambda ev: event_for(ev, state, seat), 50)

        whole = best_of(args.rounds, redact) / len(events) * 1e6
        one_page = best_of(args.rounds, page) * 1e6
        print(f"  {seat:>4}: event_for {whole:6.1f} µs an event;  a log page {one_page:8.0f} µs")

    check = guard_check()
    note = json.dumps({"type": "Note", "data": {"text": "Ruth climbs the rigging."}}).encode()
    sheet = json.dumps({"type": "AddCharacter", "data": {"sheet": ruth_sheet()}}).encode()
    for name, body in (("a note", note), ("a sheet", sheet)):
        if check is None:
            print(f"  input guard, {name} ({len(body):,} bytes): none in this fatekit")
            continue

        def guard(body: bytes = body, check: Callable[[bytes], object] = check) -> None:
            for _ in range(1000):
                check(body)

        cost = best_of(args.rounds, guard) / 1000 * 1e6
        print(f"  input guard, {name} ({len(body):,} bytes): {cost:6.1f} µs a body")


if __name__ == "__main__":
    main()
