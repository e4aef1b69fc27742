"""Record golden table files: whole tables played through the server's own table layer, and what
every seat reads of them from the server, frozen so that no later release may rewrite them.

Each table is played command by command through the server's :class:`TableRepository` (the one
``create_app`` builds, with its caps) on a real SQLite file, with every die entered or scripted,
a fixed clock and fixed ids, so the same code records the same file. Then the real server app,
in process, is asked for what a GM downloads (``GET /tables/{id}/export``) and, for every seat
(the GM, each player, a spectator), what that seat reads: ``/state``, ``/extras``, every page of
``/events`` and of ``/log``. ``tests/golden_tables/test_golden_tables.py`` imports each file's
export into a fresh server and checks every seat still reads what was recorded.

A file holds ``format`` (``fatekit-golden-table``) and ``version`` (1); the table's ``name`` and
``about``; ``recorded`` (the fatekit version, the git commit, the day, this tool); ``gm_seat``;
``export``, the table file exactly as the export endpoint gave it; and ``seats``, for each seat
its ``role`` and its reads: ``state``, ``extras``, ``events`` (every page of ``/events`` in
order) and ``log`` (each page of ``/log`` as the server answered it, except that an entry
identical to the seat's event of the same version is written as that version: a log repeats the
events, newest first).

A golden file is never recorded again: this refuses to overwrite one, and refuses to record from
a working tree whose ``fatekit/`` differs from the commit it would name. When the event schema
changes, add a table that uses it to ``tools/golden_tables.py`` under a new name, commit, and
record it (``docs/table.md`` says more)::

    python tools/record_golden_tables.py NAME [NAME ...]
    python tools/record_golden_tables.py --into /tmp/check NAME   # a trial copy, anywhere else
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

import fatekit
from fatekit.rules.core.dice import FateDice, parse_faces
from fatekit.server.app import create_app
from fatekit.server.service import TableService
from fatekit.store import SqliteEventStore
from fatekit.table import command_from_json
from fatekit.table.handle import Waiver

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden_tables"
FORMAT = "fatekit-golden-table"
FORMAT_VERSION = 1
#: Where the test client's requests come from: loopback may open tables without a token.
LOOPBACK = ("127.0.0.1", 50000)
#: A server that answers a whole table's reads at once (no rate limits in the way) and plays no
#: foresight in worker processes.
APP_OPTIONS: dict[str, Any] = {
    "rate": 100_000,
    "burst": 100_000,
    "misses": 100_000,
    "miss_burst": 100_000,
    "foresight_workers": 0,
}


def recipes() -> dict[str, Any]:
    """The golden tables' recipes (``tools/golden_tables.py``), loaded only to record: the test
    of the recorded files reads them with this module's other functions alone, whatever later
    becomes of the APIs the recipes build their sheets with."""
    name = "golden_tables"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
        assert spec is not None and spec.loader is not None
        sys.modules[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules[name])
    found: dict[str, Any] = sys.modules[name].RECIPES
    return found


# -- what a seat reads, and how a file keeps it --------------------------------------------------


def seat_reads(client: TestClient, table_id: str, link: str) -> dict[str, Any]:
    """What one seat reads from the server: its view (``/state``), its ``/extras``, every event
    it receives (every page of ``/events``) and its whole log (every page of ``/log``, newest
    first, as the page asks for them)."""
    headers = {"X-Fatekit-Link": link}

    def get(path: str, **params: Any) -> Any:
        answer = client.get(f"/tables/{table_id}{path}", params=params, headers=headers)
        if answer.status_code != 200:
            raise RuntimeError(f"GET {path} {params}: {answer.status_code} {answer.text}")
        return answer.json()

    events: list[dict[str, Any]] = []
    page = get("/events", after=0)
    events.extend(page["events"])
    while page["more"]:
        page = get("/events", after=page["through"])
        events.extend(page["events"])
    log = [get("/log")]
    while log[-1]["more"]:
        log.append(get("/log", before=log[-1]["before"]))
    return {"state": get("/state"), "extras": get("/extras"), "events": events, "log": log}


def export_of(client: TestClient, table_id: str, gm_link: str) -> dict[str, Any]:
    """The table file a GM downloads (``GET /tables/{id}/export``)."""
    answer = client.get(f"/tables/{table_id}/export", headers={"X-Fatekit-Link": gm_link})
    if answer.status_code != 200:
        raise RuntimeError(f"GET /export: {answer.status_code} {answer.text}")
    exported: dict[str, Any] = answer.json()
    return exported


def log_by_reference(reads: dict[str, Any]) -> dict[str, Any]:
    """A seat's reads as a file keeps them: each log entry identical to the seat's event of the
    same version is written as that version (a log repeats the events, newest first)."""
    events = {event["version"]: event for event in reads["events"]}
    log = [
        {
            **page,
            "entries": [
                e["version"] if events.get(e["version"]) == e else e for e in page["entries"]
            ],
        }
        for page in reads["log"]
    ]
    return {**reads, "log": log}


def log_in_full(reads: dict[str, Any]) -> dict[str, Any]:
    """A seat's reads from a file, each log entry written as a version replaced by that event."""
    events = {event["version"]: event for event in reads["events"]}
    log = [
        {**page, "entries": [events[e] if isinstance(e, int) else e for e in page["entries"]]}
        for page in reads["log"]
    ]
    return {**reads, "log": log}


def layout(value: Any, indent: int = 0) -> str:
    """JSON for a person to read: what fits in 100 columns on one line, each event and log
    entry on a line of its own, anything else indented one space a level."""
    flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if not isinstance(value, dict | list) or not value or indent + len(flat) <= 100:
        return flat
    inner = " " * (indent + 1)
    if isinstance(value, list):
        lines = [inner + layout(item, indent + 1) for item in value]
    else:
        lines = []
        for key, item in value.items():
            name = json.dumps(key, ensure_ascii=False)
            if key in ("events", "entries") and isinstance(item, list) and item:
                rows = ",\n".join(
                    f"{inner} {json.dumps(row, ensure_ascii=False, separators=(', ', ': '))}"
                    for row in item
                )
                lines.append(f"{inner}{name}: [\n{rows}\n{inner}]")
            else:
                lines.append(f"{inner}{name}: {layout(item, indent + 1)}")
    ends = "[]" if isinstance(value, list) else "{}"
    return ends[0] + "\n" + ",\n".join(lines) + "\n" + " " * indent + ends[1]


# -- playing a table ----------------------------------------------------------------------------


class TableDice:
    """The dice a command leaves to the table, as the script gives them: a command that rolls
    more or fewer than the script gave is a mistake in the script, not a die to invent."""

    def __init__(self, faces: tuple[str, ...]) -> None:
        self.left = list(faces)

    def roll(self) -> FateDice:
        if not self.left:
            raise RuntimeError("this command rolls dice the script did not give (rolls=...)")
        return parse_faces(self.left.pop(0))


@dataclass
class Table:
    """A table being played: each command goes to the server's own repository (with the
    server's caps), stamped by a clock that moves a minute a command."""

    service: TableService
    table_id: str
    clock: datetime
    seats: dict[str, str] = field(default_factory=dict)  # seat id: role, in the order seated
    version: int = 0

    def do(
        self,
        seat: str,
        type_name: str,
        *,
        rolls: tuple[str, ...] = (),
        waiver: Waiver | None = None,
        **data: Any,
    ) -> int:
        """Send one command from ``seat`` as the server reads it and return the table's version
        after it; ``rolls`` are the faces of the dice the command leaves to the table;
        ``waiver`` is the GM's word over a rule for this command."""
        self.service.caps.check_texts(data, "command", "data")
        dice = TableDice(rolls)
        executed = self.service.repo.execute(
            self.table_id,
            command_from_json(type_name, data),
            seat=seat,
            expected_version=self.version if self.version else None,
            dice=dice,
            now=self.clock.isoformat(timespec="microseconds"),
            waiver=waiver,
        )
        if dice.left:
            raise RuntimeError(f"{type_name} left table dice unrolled: {dice.left}")
        self.version = executed.state.version
        self.clock += timedelta(minutes=1)
        if type_name == "AddSeat":
            self.seats[data["seat_id"]] = data["role"]
        return self.version

    def by(self, seat: str) -> Callable[..., int]:
        """``do`` for one seat."""
        return functools.partial(self.do, seat)

    def later(self, **delta: float) -> None:
        """Let time pass at the table (between scenes, between sessions)."""
        self.clock += timedelta(**delta)


@contextmanager
def played(recipe: Any) -> Iterator[tuple[TestClient, Table]]:
    """The recipe's table played on a fresh SQLite file, and a client of the server app over
    that file."""
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteEventStore(Path(folder) / "tables.sqlite")
        try:
            app = create_app(store, **APP_OPTIONS)
            table = Table(app.state.service, f"golden-{recipe.name}", recipe.started)
            gm = recipe.create.get("gm_seat", "gm")
            table.seats[gm] = "gm"
            table.do(gm, "CreateTable", **recipe.create)
            recipe.play(table)
            with TestClient(app, client=LOOPBACK) as client:
                yield client, table
        finally:
            store.close()


def record(recipe: Any) -> dict[str, Any]:
    """The golden file of one table."""
    with played(recipe) as (client, table):
        links = {
            seat: table.service.links.issue(table.table_id, seat).token for seat in table.seats
        }
        gm = next(seat for seat, role in table.seats.items() if role == "gm")
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "name": recipe.name,
            "about": recipe.about,
            "recorded": recorded_by(),
            "gm_seat": gm,
            "export": export_of(client, table.table_id, links[gm]),
            "seats": {
                seat: {
                    "role": role,
                    **log_by_reference(seat_reads(client, table.table_id, links[seat])),
                }
                for seat, role in table.seats.items()
            },
        }


def recorded_by() -> dict[str, str]:
    """What recorded a file: the fatekit, its commit, the day, this tool."""
    commit = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    return {
        "fatekit": fatekit.__version__,
        "commit": commit,
        "date": datetime.now(UTC).date().isoformat(),
        "by": "tools/record_golden_tables.py",
    }


def changed_code() -> str:
    """How ``fatekit/`` in this working tree differs from its commit (empty: it does not)."""
    return subprocess.run(
        ["git", "status", "--porcelain", "--", "fatekit"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def main(argv: list[str] | None = None) -> int:
    known = recipes()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "names",
        nargs="*",
        help=f"tables to record (default: those not recorded yet) of {', '.join(known)}",
    )
    parser.add_argument(
        "--into", type=Path, help="write there instead of tests/golden_tables (a trial copy)"
    )
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in known]
    if unknown:
        parser.error(f"no such table: {', '.join(unknown)} (known: {', '.join(known)})")
    folder = args.into if args.into is not None else GOLDEN
    changed = changed_code()
    if args.into is None and changed:
        print(f"refusing to record from code that is not its commit's:\n{changed}", file=sys.stderr)
        return 2
    # Without names: every table not recorded yet.
    names = args.names or [n for n in known if not (folder / f"{n}.json").exists()]
    if not names:
        print(f"every golden table is recorded in {folder}")
    for name in names:
        target = folder / f"{name}.json"
        if target.exists():
            print(
                f"refusing to overwrite {target}: a golden file is never recorded again",
                file=sys.stderr,
            )
            return 2
        text = layout(record(known[name])) + "\n"
        folder.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        print(f"{target}: {len(text.encode()):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
