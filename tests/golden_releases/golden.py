"""Reading the fixtures earlier releases recorded (``tools/golden_release/record.py``) and what
today's server serves of the same tables.

A release's folder (``tests/golden_releases/<day>-<commit>/``) holds ``release.json``, one
``evening-<seed>-<preset>.json.xz`` per evening its page agent played in Chromium (the table
file and campaign file that release wrote, the links its server issued, what every seat read),
``tables.sqlite.xz`` (that server's own SQLite file, with every evening's table in it) and
``games.jsonl.xz`` (its table agent's random games: a table file and every seat's view each).
"""

from __future__ import annotations

import functools
import json
import lzma
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from fatekit.store.base import EventStore, NewEvent
from fatekit.table.event_views import _ABOUT as ABOUT
from fatekit.table.seeing import Viewer
from fatekit.table.state import TableState

HERE = Path(__file__).resolve().parent
#: Where the test client's requests come from: loopback may open tables without a token.
LOOPBACK = ("127.0.0.1", 50000)
#: A server that answers a whole table's reads at once and plays no foresight in workers.
APP_OPTIONS: dict[str, Any] = {
    "rate": 100_000,
    "burst": 100_000,
    "misses": 100_000,
    "miss_burst": 100_000,
    "foresight_workers": 0,
}


@dataclass(frozen=True)
class Release:
    """One release's fixtures."""

    folder: Path

    @property
    def name(self) -> str:
        return self.folder.name

    @functools.cached_property
    def manifest(self) -> dict[str, Any]:
        found: dict[str, Any] = json.loads((self.folder / "release.json").read_text("utf-8"))
        return found

    def evenings(self) -> list[Path]:
        return sorted(self.folder.glob("evening-*.json.xz"))

    def database(self, into: Path) -> Path:
        """A copy of the release's SQLite file in ``into`` (today's server migrates what it
        opens: the fixture itself stays as the release wrote it)."""
        path = into / f"{self.name}.sqlite"
        with lzma.open(self.folder / "tables.sqlite.xz") as packed, open(path, "wb") as out:
            shutil.copyfileobj(packed, out)
        return path

    def games(self, limit: int | None = None) -> list[str]:
        """The release's random games as recorded, one JSON text each (the first ``limit``)."""
        return _games(self.folder / "games.jsonl.xz", limit)


@functools.cache
def _games(path: Path, limit: int | None) -> list[str]:
    if not path.exists():
        return []
    found = []
    with lzma.open(path, "rt", encoding="utf-8") as lines:
        header = json.loads(next(lines))
        assert header["format"] == "fatekit-golden-games", header
        for line in lines:
            if limit is not None and len(found) >= limit:
                break
            found.append(line)
    return found


def game_seed(text: str) -> int:
    """A recorded game's seed, without reading the rest of it (it is written first)."""
    found = re.match(r'\{"seed":(\d+),', text)
    assert found is not None, text[:80]
    return int(found.group(1))


def releases() -> list[Release]:
    """Every release that recorded fixtures, oldest first."""
    return [Release(p.parent) for p in sorted(HERE.glob("*/release.json"))]


@functools.cache
def evening(path: Path) -> dict[str, Any]:
    """An evening's record (read once per test run)."""
    found: dict[str, Any] = json.loads(lzma.decompress(path.read_bytes()))
    assert (found["format"], found["version"]) == ("fatekit-golden-evening", 1), path
    return found


def seat_reads(client: TestClient, table_id: str, link: str) -> dict[str, Any]:
    """What one seat reads from today's server, as the recorder read it from the release's:
    ``/state``, ``/extras``, every page of ``/events`` and of ``/log``."""
    headers = {"X-Fatekit-Link": link}

    def get(path: str, **params: Any) -> Any:
        answer = client.get(f"/tables/{table_id}{path}", params=params, headers=headers)
        assert answer.status_code == 200, f"GET {path} {params}: {answer.status_code} {answer.text}"
        return answer.json()

    events: list[Any] = []
    page = get("/events", after=0)
    events.extend(page["events"])
    while page["more"]:
        page = get("/events", after=page["through"])
        events.extend(page["events"])
    log = [get("/log")]
    while log[-1]["more"]:
        log.append(get("/log", before=log[-1]["before"]))
    return {"state": get("/state"), "extras": get("/extras"), "events": events, "log": log}


def log_in_full(reads: dict[str, Any]) -> dict[str, Any]:
    """A seat's recorded reads, each log entry kept as a version replaced by that event."""
    events = {event["version"]: event for event in reads["events"]}
    log = [
        {**page, "entries": [events[e] if isinstance(e, int) else e for e in page["entries"]]}
        for page in reads["log"]
    ]
    return {**reads, "log": log}


def issue_links(
    client: TestClient, table_id: str, gm_link: str, seats: list[str]
) -> dict[str, str]:
    """A link for each of ``seats``, handed out by the GM (the GM's own is ``gm_link``)."""
    links = {}
    for seat in seats:
        issued = client.post(
            f"/tables/{table_id}/seats/{seat}/links", headers={"X-Fatekit-Link": gm_link}
        )
        assert issued.status_code == 201, issued.text
        links[seat] = issued.json()["link"]
    return links


def replay(source: EventStore, target: EventStore) -> list[str]:
    """Every stream of ``source`` (tables, their links) appended into ``target`` event by event
    as it was written, and each table's latest snapshot with it; the ids copied."""
    copied = source.list_tables()
    for stream in copied:
        written = [NewEvent(e.type, e.payload, e.seat, e.timestamp) for e in source.read(stream, 0)]
        target.append(stream, 0, written)
        snapshot = source.load_snapshot(stream)
        if snapshot is not None:
            target.save_snapshot(snapshot)
    return copied


# -- what a later release shows otherwise on purpose -----------------------------------------------


def unmet(state: TableState, seat: str) -> frozenset[str]:
    """The GM's characters (NPCs, extras no player owns) that today's release keeps from
    ``seat`` because its players have not met them in a scene (nor has the GM revealed them):
    the guard of 58de42c, made after 745968f, which showed every seat every character. Such a
    character, and every event about it, is left out of what the seat reads
    (:meth:`fatekit.table.seeing.Viewer.knows`, :mod:`fatekit.table.event_views`)."""
    viewer = Viewer(state, seat)
    return frozenset(c for c in state.game.characters if not viewer.knows(c))


def about(event: Any, characters: frozenset[str]) -> bool:
    """Whether a recorded event (as a seat read it) names one of ``characters`` as the one it
    is about (who acted, who it befell: the fields today's release hides an event by)."""
    data = event.get("data") if isinstance(event, dict) and "type" in event else None
    return isinstance(data, dict) and any(data.get(field) in characters for field in ABOUT)


def without_unmet(reads: dict[str, Any], hidden: frozenset[str]) -> dict[str, Any]:
    """A seat's recorded reads (``/state``, ``/extras``, ``/events``, ``/log``, a log entry
    written whole) without the characters in ``hidden`` and the events about them; the log as
    one page when that leaves any event out (its pages are cut by count, so every later
    boundary moves). Nothing else of the reads changes."""
    if not hidden:
        return reads
    state = _free_invokes_without(reads["state"], hidden)
    state["characters"] = [c for c in state["characters"] if c["id"] not in hidden]
    out = {**reads, "state": state}
    if "events" in reads:
        out["events"] = [e for e in reads["events"] if not about(e, hidden)]
    if "log" in reads:
        entries = [e for page in reads["log"] for e in page["entries"]]
        kept = [e for e in entries if not about(e, hidden)]
        out["log"] = reads["log"] if len(kept) == len(entries) else [{"entries": kept}]
    return out


def log_as_one_page(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every page of a seat's log, its entries in one page (to compare with
    :func:`without_unmet`'s)."""
    return [{"entries": [e for page in log for e in page["entries"]]}]


def _free_invokes_without(value: Any, hidden: frozenset[str]) -> Any:
    """``value`` without the free invokes the ``hidden`` characters hold, wherever a view lists
    them (``free_invokes``: a count by holder on an aspect, the holders on a sheet's aspect,
    left out when none is left, as today's views leave it)."""
    if isinstance(value, list):
        return [_free_invokes_without(item, hidden) for item in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for key, item in value.items():
        if key == "free_invokes" and isinstance(item, dict):
            out[key] = {h: n for h, n in item.items() if h not in hidden}
        elif key == "free_invokes" and isinstance(item, list):
            kept = [h for h in item if h not in hidden]
            if kept:
                out[key] = kept
        else:
            out[key] = _free_invokes_without(item, hidden)
    return out
