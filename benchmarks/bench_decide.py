"""What deciding a command costs at a six-seat table: the rules, the facts the event records,
and writing it to the store, with no socket and no page in the way.

A GM and five players, each with a PC, and two NPCs play scene after scene in process through
``TableRepository`` on a fresh SQLite file (the server's own path from a command to its stored
event): a scene with a situation aspect, every PC's roll with a free invoke and its resolution,
players' notes, a compel offered and accepted, a conflict of the five PCs against the NPCs with
attacks, their hits, a taker-out and a turn passed, a GM note, the conflict finished and the scene ended. The
dice are given, so every run plays the same table. After ``--history`` events of warm-up we time
``--commands`` more, one by one, and print per command (median of ``--runs`` runs, CPU time):

- the whole of ``execute``: load, decide, judge, record facts, encode, append, snapshot;
- of which deciding and judging (``decide`` and ``commit``: the rules and the facts);
- and the three command types that cost most, with their share of the mix.

    python benchmarks/bench_decide.py [--history 1000] [--commands 2000] [--runs 3]
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fatekit.formats import dumps_character
from fatekit.rules import Action, new_character
from fatekit.store import SqliteEventStore
from fatekit.store.tables import TableRepository
from fatekit.table import commands as c
from fatekit.table.seats import NoteVisibility, Role
from tests.sheets import npc_sheet  # type: ignore[import-not-found]

# The module itself (``fatekit.store`` has a ``tables`` of its own), to time what it calls.
tables = importlib.import_module("fatekit.store.tables")

PLAYERS = ("ann", "ben", "cat", "dan", "eve")
PCS = ("ruth", "charles", "mina", "oskar", "ida")
SKILLS = (
    {"fight": 4, "athletics": 3, "notice": 2, "will": 1},
    {"lore": 4, "investigate": 3, "shoot": 2, "will": 2},
    {"shoot": 4, "athletics": 3, "stealth": 2, "fight": 1},
    {"physique": 4, "fight": 3, "will": 2, "notice": 1},
    {"empathy": 4, "rapport": 3, "fight": 2, "athletics": 2},
)

Step = tuple[str, c.Command | Callable[[], c.Command]]


def pc_sheet(n: int) -> str:
    who = PCS[n]
    return dumps_character(
        new_character(
            "condensed",
            who,
            who.title(),
            high_concept=f"{who.title()} of the Harbour Watch",
            trouble=f"{who.title()}'s Old Debts",
            skills=SKILLS[n],
        )
    )


def minion_sheet() -> str:
    return dumps_character(
        new_character(
            "condensed", "brute", "Dock Brute", high_concept="Hired Fists", skills={"fight": 2}
        )
    )


def setup() -> Iterator[tuple[str, c.Command]]:
    for seat in PLAYERS:
        yield "gm", c.AddSeat(seat_id=seat, role=Role.PLAYER, name=seat.title())
    for n, seat in enumerate(PLAYERS):
        yield "gm", c.AddCharacter(sheet=pc_sheet(n), owner=seat)
    yield "gm", c.AddCharacter(sheet=npc_sheet())
    yield "gm", c.AddCharacter(sheet=minion_sheet())
    yield "gm", c.StartSession()


def scene(n: int, made: dict[str, str]) -> Iterator[Step]:
    """One scene of play; ``made`` holds the ids the table gave what it made."""
    yield "gm", c.StartScene(name=f"Scene {n}", participants=(*PCS, "alice", "brute"))
    yield "gm", c.AddSituationAspect(name=f"Thick Fog {n}", free_invokes=(("ruth", 1),))
    for seat, pc in zip(PLAYERS, PCS, strict=True):
        skill = next(iter(SKILLS[PCS.index(pc)]))
        yield seat, c.Roll(actor=pc, action=Action.OVERCOME, skill=skill, difficulty=2, dice="0-00")
        if pc == "ruth":
            yield seat, lambda: c.Invoke(aspect_id=made["aspect"], by="ruth", free=True)
        yield seat, c.ResolveRoll()
        yield seat, c.Note(text=f"{pc.title()} looks around in scene {n}.")
    yield (
        "gm",
        c.OfferCompel(aspect_id="charles/trouble/1", target="charles", complication="He reads on"),
    )
    yield "ben", lambda: c.AnswerCompel(compel_id=made["compel"], answer=c.CompelAnswer.ACCEPT)
    yield "gm", c.StartConflict(sides=(("heroes", PCS), ("cult", ("alice", "brute"))), first="ruth")
    yield (
        "gm",
        c.Attack(actor="ruth", target="brute", skill="fight", dice="+0+0", defend_dice="-0-0"),
    )
    yield "ann", c.ResolveRoll(option="hit")
    yield "gm", c.TakeOut()
    yield "ann", c.EndTurn(next_actor="mina")
    yield (
        "gm",
        c.Attack(actor="mina", target="alice", skill="shoot", dice="+00+", defend_dice="0-00"),
    )
    yield "cat", c.ResolveRoll(option="hit")
    yield "gm", c.Note(text="The cult has a second ship.", visibility=NoteVisibility.GM)
    yield "gm", c.FinishConflict()
    yield "gm", c.EndScene()


def learn(made: dict[str, str], events: tuple[Any, ...]) -> None:
    for event in events:
        kind = type(event).__name__
        if kind == "SituationAspectAdded" and event.aspect_id:
            made["aspect"] = event.aspect_id
        if kind == "CompelOffered":
            made["compel"] = event.compel_id


def steps(made: dict[str, str]) -> Iterator[tuple[str, c.Command]]:
    n = 0
    while True:
        for seat, command in scene(n, made):
            yield seat, command() if callable(command) else command
        n += 1


class Clock:
    """CPU seconds spent inside ``decide`` and ``commit`` as the repository calls them."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def around(self, function: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                self.seconds += time.process_time() - started

        return timed


def run(history: int, count: int) -> tuple[float, float, dict[str, list[float]]]:
    """One run: CPU milliseconds per command for ``execute`` and for deciding, and each
    command type's times."""
    clock = Clock()
    decide, commit = tables.decide, tables.commit
    tables.decide, tables.commit = clock.around(decide), clock.around(commit)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            store = SqliteEventStore(Path(tmp) / "bench.db")
            repo = TableRepository(store)
            repo.execute("t", c.CreateTable(name="The Harbour"), seat="gm")
            for seat, command in setup():
                repo.execute("t", command, seat=seat)
            made: dict[str, str] = {}
            mix = steps(made)
            while store.version("t") < history:
                seat, command = next(mix)
                learn(made, repo.execute("t", command, seat=seat).events)
            clock.seconds = 0.0
            by_type: dict[str, list[float]] = defaultdict(list)
            started = time.process_time()
            for _ in range(count):
                seat, command = next(mix)
                began = time.process_time()
                learn(made, repo.execute("t", command, seat=seat).events)
                by_type[type(command).__name__].append(time.process_time() - began)
            total = time.process_time() - started
            store.close()
    finally:
        tables.decide, tables.commit = decide, commit
    return total / count * 1000, clock.seconds / count * 1000, by_type


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--history", type=int, default=1000)
    parser.add_argument("--commands", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    results = [run(args.history, args.commands) for _ in range(args.runs)]
    whole = statistics.median(r[0] for r in results)
    deciding = statistics.median(r[1] for r in results)
    by_type = results[len(results) // 2][2]
    spent = {kind: sum(times) for kind, times in by_type.items()}
    total = sum(spent.values())
    print(
        f"decide: {args.commands:,} commands at a 6-seat table after {args.history:,} events "
        f"(median of {args.runs}, CPU time)"
    )
    print(f"  execute, whole:                 {whole:6.2f} ms a command")
    print(f"  of which deciding and judging:  {deciding:6.2f} ms a command (rules and facts)")
    for kind in sorted(spent, key=spent.__getitem__, reverse=True)[:3]:
        times = by_type[kind]
        print(
            f"  {kind + ':':<31} {statistics.median(times) * 1000:6.2f} ms median, "
            f"{len(times) / args.commands:4.0%} of the mix, {spent[kind] / total:4.0%} of the time"
        )
    print(f"  target (a command decided in 1 ms or less): {'met' if whole <= 1.0 else 'NOT MET'}")


if __name__ == "__main__":
    main()
