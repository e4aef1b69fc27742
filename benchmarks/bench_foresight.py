"""Foresight on a live server: how long the GM waits, and what it costs the other tables.

A real ``fatekit serve`` process (fresh SQLite file) holds two tables. At the first, a conflict
of three PCs against five NPCs (a boss and four thugs, zones, Weapon and Armor) is in play and
its GM asks ``POST /tables/{id}/foresight`` for 10,000 fights. At the second, a GM sends notes,
one after another, each timed from sending to the answer. We print:

- the foresight's time (the server's own figure, and the whole round trip), median and worst of
  ``--repeats`` requests, the worker processes already started;
- the other table's command latency, p50 and p99, with no foresight running, then while the
  first table's GM asks for one foresight after another.

With the server's default worker processes (one core less than the machine has), with one per
core, and with foresight played in a thread of the server (``--foresight-workers 0``), to show
what taking it off the event loop buys. Everything stays on 127.0.0.1 and every loop is bounded.

    python benchmarks/bench_foresight.py [--runs 10000] [--repeats 5] [--commands 1000] [--workers 1,2,0]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_server import start, stop  # type: ignore[import-not-found]

OPTIONS = ["weapon_and_armor", "creation_as_you_play"]


def sheet(who: str, name: str, kind: str, skills: dict[str, int], **more: Any) -> str:
    return json.dumps(
        {
            "format": "fatekit-character",
            "version": 1,
            "id": who,
            "name": name,
            "kind": kind,
            "preset": "condensed",
            "as_you_play": True,
            "aspects": [{"kind": "high_concept", "name": f"{name} the Bold"}],
            "skills": skills,
            **more,
        }
    )


FIGHTERS = [
    ("ruth", "Ruth", "pc", {"fight": 4, "athletics": 2, "physique": 3}, "pier", 1, 0),
    ("ethan", "Ethan", "pc", {"shoot": 4, "crafts": 3, "athletics": 2}, "boathouse", 2, 0),
    ("mara", "Mara", "pc", {"fight": 3, "will": 3, "athletics": 3}, "pier", 1, 1),
    ("boss", "Silas", "major_npc", {"shoot": 4, "fight": 3, "athletics": 3}, "street", 2, 1),
    *[(f"thug-{n}", f"Thug {n}", "minor_npc", {"fight": 3}, "street", 2, 0) for n in range(1, 5)],
]


def post(base: str, path: str, body: Any, link: str | None = None) -> Any:
    headers = {"content-type": "application/json"}
    if link:
        headers["X-Fatekit-Link"] = link
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers=headers, method="POST"
    )
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read())


def command(base: str, table: str, link: str, kind: str, data: dict[str, Any]) -> None:
    post(base, f"/tables/{table}/commands", {"type": kind, "data": data}, link)


def fight_table(base: str) -> tuple[str, str]:
    made = post(base, "/tables", {"name": "Docks", "options": OPTIONS})
    table, link = made["table_id"], made["link"]
    for who, name, kind, skills, _, _, _ in FIGHTERS:
        command(base, table, link, "AddCharacter", {"sheet": sheet(who, name, kind, skills)})
    zones = ["pier", "boathouse", "street"]
    command(
        base,
        table,
        link,
        "StartScene",
        {
            "name": "The pier at night",
            "participants": [f[0] for f in FIGHTERS],
            "zones": zones,
            "links": [["pier", "boathouse"], ["boathouse", "street"]],
            "positions": [[f[0], f[4]] for f in FIGHTERS],
        },
    )
    sides = [["crew", [f[0] for f in FIGHTERS[:3]]], ["gang", [f[0] for f in FIGHTERS[3:]]]]
    command(base, table, link, "StartConflict", {"sides": sides, "first": "ruth"})
    for who, *_, weapon, armor in FIGHTERS:
        command(base, table, link, "Equip", {"character_id": who, "weapon": weapon, "armor": armor})
    return table, link


def start_server(workers: int, db: Path) -> tuple[subprocess.Popen[str], str]:
    return start(
        [
            sys.executable,
            "-m",
            "fatekit",
            "serve",
            "--port",
            "0",
            "--db",
            str(db),
            "--no-table",
            "--rate",
            "100000",
            "--burst",
            "100000",
            "--foresight-workers",
            str(workers),
        ]
    )


def notes(base: str, table: str, link: str, count: int) -> list[float]:
    """Send ``count`` notes one after another; each one's latency in milliseconds."""
    times = []
    for n in range(count):
        started = time.perf_counter()
        command(base, table, link, "Note", {"text": f"note {n}"})
        times.append(1000 * (time.perf_counter() - started))
    return times


def p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def measure(workers: int, runs: int, repeats: int, count: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        process, base = start_server(workers, Path(tmp) / "bench.db")
        try:
            table, gm = fight_table(base)
            other = post(base, "/tables", {"name": "Elsewhere"})
            where = "in worker processes" if workers else "in a thread of the server"
            label = f"foresight ({where}, {workers or 1} at once)"
            # The first answer starts the workers' engines (a server already warms them).
            post(base, f"/tables/{table}/foresight", {"runs": runs, "seed": 1}, gm)
            served, trips = [], []
            for n in range(repeats):
                started = time.perf_counter()
                answer = post(base, f"/tables/{table}/foresight", {"runs": runs, "seed": n}, gm)
                trips.append(time.perf_counter() - started)
                served.append(answer["seconds"])
            crew = answer["baseline"]["sides"]["crew"]["win"]
            print(f"{label}: {runs:,} fights of 3 PCs against 5 NPCs (crew wins {crew:.1%})")
            print(
                f"  foresight time: median {statistics.median(served):.2f} s, worst "
                f"{max(served):.2f} s on the server; round trip median "
                f"{statistics.median(trips):.2f} s, worst {max(trips):.2f} s"
            )
            quiet = notes(base, other["table_id"], other["link"], count)
            busy_until = threading.Event()
            asked = [0]

            def keep_foreseeing() -> None:
                while not busy_until.is_set():
                    post(base, f"/tables/{table}/foresight", {"runs": runs, "seed": 3}, gm)
                    asked[0] += 1

            worker = threading.Thread(target=keep_foreseeing)
            worker.start()
            time.sleep(0.2)  # the first foresight is under way
            loaded = notes(base, other["table_id"], other["link"], count)
            busy_until.set()
            worker.join()
            print(
                f"  another table's command: p50 {p(quiet, 0.5):.1f} ms, p99 "
                f"{p(quiet, 0.99):.1f} ms with no foresight; p50 {p(loaded, 0.5):.1f} ms, p99 "
                f"{p(loaded, 0.99):.1f} ms while foresights run ({asked[0]} played meanwhile)"
            )
        finally:
            stop(process)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--commands", type=int, default=1000)
    parser.add_argument(
        "--workers",
        default=f"{max(1, (os.cpu_count() or 1) - 1)},{os.cpu_count() or 1},0",
        help="foresight worker processes to try, comma-separated (0: a thread of the server)",
    )
    args = parser.parse_args()
    print(f"foresight: {os.cpu_count()} cores")
    for workers in (int(w) for w in args.workers.split(",")):
        measure(workers, args.runs, args.repeats, args.commands)


if __name__ == "__main__":
    main()
