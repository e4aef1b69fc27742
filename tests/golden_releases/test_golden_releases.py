"""Every table an earlier release recorded opens today and reads the same for every seat
(issue 37, item 3).

Each release since 2026-11-27 recorded, with its own code (``make golden-record``,
``tools/golden_release/record.py``): whole evenings its page agent played in Chromium through
the page, each as the table file and campaign file it wrote and what its server served every
seat; its server's SQLite file holding those tables; and thousands of its table agent's random
games, each as a table file and every seat's view. Here today's server opens each evening's
table five ways and compares what every seat reads with what that release served:

- ``http-export``, ``http-campaign``: the table file or the campaign file imported through
  ``POST /tables/import``, as a GM moves a table;
- ``cli-campaign``: the campaign file opened with ``fatekit campaign import`` into a SQLite file;
- ``sqlite``: the release's own SQLite file, opened by today's server, each seat with the link
  the release's server issued;
- ``postgresql``: that file's every stream replayed event by event into PostgreSQL (with each
  table's latest snapshot, a cache of that release's fold), opened there the same way.

What is compared, and why containment: a seat's ``/state``, ``/extras``, every event of
``/events`` and every page of ``/log`` must hold everything the release showed (every key it
sent, with a value that holds the recorded one; lists as long, element by element; anything else
equal, of the same JSON type). A later release may add fields (views gain them, ``table.read_only``
came with issue 37) but never change or drop one, nor add or drop an event or a log entry for any
seat: that is the promise a GM reads, that the table is the table they played. Where a later
release shows a part otherwise on purpose, :data:`PROJECTED` names it and why, and the recorded
part is compared as that release shows it; nothing else is projected away. Then the table must
take a new move. The table file a GM downloads, and the campaign file ``fatekit campaign export``
writes from the release's SQLite file, must hold the file the release wrote, event for event
(today's exports write each event as it was written).

``make test`` plays a compact selection: every evening one way (taking turns, so each way is
played for each release), and the first :data:`GAMES_IN_TEST` games of each release;
``make soak`` (``FATEKIT_GOLDEN_RELEASES=all``) every evening every way and every game.

A table today's release cannot fold to its end opens read-only (fatekit.table.unfolded); that
fails these tests with the refusal the fold met, unless the table is listed in
:data:`OPENS_READ_ONLY_TODAY` with it. A listed table is held to what an old table must always do:
open, read-only, for every seat, with the GM told why, refuse a move with 409 ``read_only``, and
export every event as written; the day it folds, its test fails until it leaves the list.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fatekit.cli import main
from fatekit.rules.core.citations import find_rule
from fatekit.rules.core.errors import IllegalAction
from fatekit.server.app import create_app
from fatekit.store import SqliteEventStore
from fatekit.store.base import EventStore
from fatekit.table import view_for
from fatekit.table.campaign import import_campaign
from fatekit.table.events import EVENT_TYPES
from fatekit.table.export import export_table
from fatekit.table.folding import FOLDS
from fatekit.table.seeing import Viewer
from fatekit.table.upcasting import OLDER
from tests.golden_releases.golden import (
    APP_OPTIONS,
    LOOPBACK,
    Release,
    evening,
    game_seed,
    issue_links,
    log_as_one_page,
    log_in_full,
    releases,
    replay,
    seat_reads,
    unmet,
    without_unmet,
)
from tests.golden_tables.test_golden_tables import differences, renamed

RELEASES = releases()
TURN_ORDER = find_rule("turn-order.elective")
assert TURN_ORDER is not None
SOAK = os.environ.get("FATEKIT_GOLDEN_RELEASES") == "all"
WAYS = ("http-export", "http-campaign", "cli-campaign", "sqlite", "postgresql")
#: Games of each release that ``make test`` plays (``make soak``: all of them).
GAMES_IN_TEST = 20

_BEFORE_GUARD_AND_BOOKS = frozenset({"2026-11-27-50b4920", "2026-11-27-745968f"})
#: The releases recorded before the GM could change the table's dice later (dice43).
_BEFORE_SEAT_DICE = frozenset(
    {"2026-11-27-50b4920", "2026-11-27-745968f", "2026-12-05-30df143", "2026-12-06-a38d51c"}
)
#: The releases recorded before a seat was offered the GM's free compel on each aspect (offers40).
_BEFORE_ASPECT_OFFERS = _BEFORE_SEAT_DICE | {"2026-12-06-769e2f2"}
#: The releases recorded before the GM drew a scene's map and zones (map42).
_BEFORE_MAPS = frozenset({"2026-12-07-52039c3", "2026-12-07-6e114f4"})
#: A list of the moves a seat is offered on something: an aspect's or a character's `offers`, a
#: sheet's `aspect_offers` by aspect, as `differences` names one that grew; in the seat's state,
#: or in a character an event (or a log entry) carries.
_GREW = re.compile(
    r"^((?:state|events\[\d+\]|log\[\d+\]\.entries\[\d+\])\.[^:]*"
    r"(?:\.offers|\.aspect_offers\.[^.:]+)): recorded (\d+) items, now (\d+)$"
)
#: When a Fate Core severe consequence clears, as earlier releases and today's say it.
_HEALED = {
    "major_milestone": "scenario",
    "major_milestone_or_four_sessions": "scenario_or_four_sessions",
}

#: What a later release shows a seat otherwise on purpose than the releases that recorded it:
#: why, and the releases recorded before the change (only theirs are compared as today shows
#: them, so a release recorded since is held to it whole).
PROJECTED: dict[str, tuple[str, frozenset[str]]] = {
    "unmet": (
        "a GM's character the seat's players have not met, every event about it and every free "
        "invoke it holds are left out for that seat (58de42c, the guard: earlier releases "
        "showed every seat every character); compared without them (golden.without_unmet), "
        "the log as one page then",
        _BEFORE_GUARD_AND_BOOKS,
    ),
    "state.conflict.pending_hit.absorb_options": (
        "what a pending hit may be absorbed with is today's rules' offer, and the whole books "
        "changed it (6656684: Fate Accelerated takes any stress box worth enough, Fate Core any "
        "higher box once the exact one is checked; an extreme consequence only for a PC or a "
        "main NPC, in Fate Core as the last resort): every other recorded option must still be "
        "offered",
        _BEFORE_GUARD_AND_BOOKS,
    ),
    "clears_after": (
        "a Fate Core severe consequence clears after a whole scenario (6656684, the books read "
        "it so; earlier releases said after a major milestone): a recorded 'major_milestone...' "
        "may now read 'scenario...' (_HEALED), nothing else",
        _BEFORE_GUARD_AND_BOOKS,
    ),
    "state.you.may": (
        "the GM's moves grew since (dice43: ChooseRandomizer and AllowSeatRandomizers, the GM's "
        "dice setting after the table is made; map42: SetSceneMap, RemoveSceneMap, ShapeZone "
        "and HideZone, the scene's map and zones drawn): every recorded move must still be "
        "offered",
        _BEFORE_SEAT_DICE | {"2026-12-06-769e2f2"} | _BEFORE_MAPS,
    ),
    "offers": (
        "the moves offered on an aspect grew since (offers40: the GM's free compel, OfferCompel, "
        "in each aspect's offers and each sheet's aspect_offers where the table takes it; "
        "offers40b: ResolveTargets in the conflict's offers to the seat that settles aimed "
        "targets; offers40c: a PC's advancement moves, Milestone, Breakthrough, SpendMilestone "
        "and RaiseSkills, in its offers, the events' too): every recorded move must still be "
        "offered",
        _BEFORE_ASPECT_OFFERS,
    ),
}


def projected(release: str) -> set[str]:
    """The parts of :data:`PROJECTED` that hold for what ``release`` recorded."""
    return {part for part, (_, before) in PROJECTED.items() if release in before}


#: Tables today's release opens only read-only, ``<release>/<evening>`` or
#: ``<release>/game-<seed>``: the refusal its fold meets today, in one line. Issue 37 item 1 (the
#: fold assigns recorded facts, never runs a rule of play) is to empty it.
OPENS_READ_ONLY_TODAY: dict[str, str] = {}


def _cases() -> Iterator[Any]:
    for release in RELEASES:
        for n, path in enumerate(release.evenings()):
            for way in WAYS if SOAK else (WAYS[n % len(WAYS)],):
                case = f"{release.name}/{path.name.removesuffix('.json.xz')}/{way}"
                yield pytest.param(release, path, way, id=case)


def _games() -> Iterator[Any]:
    for release in RELEASES:
        for n, text in enumerate(release.games(None if SOAK else GAMES_IN_TEST)):
            yield pytest.param(release, n, id=f"{release.name}/game-{game_seed(text)}")


def test_every_release_recorded_evenings_a_database_and_games() -> None:
    assert RELEASES, "no release's fixtures: make golden-record RELEASE=<commit>"
    for release in RELEASES:
        presets = {evening(p)["export"]["events"][0]["data"]["preset"] for p in release.evenings()}
        assert presets >= {"condensed", "core", "fae", "ode"}, release.name
        assert (release.folder / "tables.sqlite.xz").exists(), release.name
        # 2,000 by default; 300 for 30df143, recorded on a saturated machine.
        assert release.manifest["games"]["recorded"] >= 300, release.name


# -- the evenings -------------------------------------------------------------------------------


class Databases:
    """Each release's SQLite file (a copy) and its replay into PostgreSQL, opened by today's
    server once per module, as the tests ask for them."""

    def __init__(self, folders: pytest.TempPathFactory) -> None:
        self.folders = folders
        self.opened: dict[tuple[str, str], TestClient] = {}
        self.stores: list[EventStore] = []
        #: Each release's SQLite file, as the ``sqlite`` way opened it.
        self.paths: dict[str, Path] = {}

    def open(self, release: Release, way: str, postgres: Any = None) -> TestClient:
        key = (release.name, way)
        if key not in self.opened:
            path = release.database(self.folders.mktemp(release.name))
            if way == "sqlite":
                self.paths[release.name] = path
            sqlite = SqliteEventStore(path)
            self.stores.append(sqlite)
            store: EventStore = sqlite
            if way == "postgresql":
                store = _postgres_store(postgres, release)
                self.stores.append(store)
                replay(sqlite, store)
            client = TestClient(create_app(store, **APP_OPTIONS), client=LOOPBACK)
            self.opened[key] = client.__enter__()
        return self.opened[key]

    def close(self) -> None:
        for client in self.opened.values():
            client.__exit__(None, None, None)
        for store in self.stores:
            store.close()


@pytest.fixture(scope="module")
def databases(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Databases]:
    opened = Databases(tmp_path_factory)
    try:
        yield opened
    finally:
        opened.close()


def _postgres_store(postgres: Any, release: Release) -> EventStore:
    import psycopg

    from fatekit.store.postgres import PostgresEventStore

    schema = "golden_" + re.sub(r"\W", "_", release.name)
    with psycopg.connect(postgres.dsn(), autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        conn.execute(f'CREATE SCHEMA "{schema}"')
    return PostgresEventStore(postgres.dsn(options=f"-c search_path={schema}"), pool_size=2)


def case_of(release: Release, name: str) -> str:
    """The key of an evening (``evening-<seed>-<preset>``) or a game (``game-<seed>``) in
    :data:`OPENS_READ_ONLY_TODAY`."""
    return f"{release.name}/{name}"


@pytest.mark.parametrize(("release", "path", "way"), list(_cases()))
def test_an_evening_an_earlier_release_recorded_reads_the_same_for_every_seat(
    release: Release,
    path: Path,
    way: str,
    request: pytest.FixtureRequest,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    recorded = evening(path)
    case = case_of(release, path.name.removesuffix(".json.xz"))
    known = OPENS_READ_ONLY_TODAY.get(case)
    with _Opened(release, way, recorded, request, tmp_path, capsys, known) as opened:
        client, table_id, links = opened.client_id_links
        gm_link = links[recorded["gm_seat"]]
        gm_state = client.get(f"/tables/{table_id}/state", headers={"X-Fatekit-Link": gm_link})
        stopped = gm_state.json()["table"].get("read_only")
        if known is not None:
            assert stopped is not None, f"{case} folds today: take it out of OPENS_READ_ONLY_TODAY"
            opens_read_only(client, recorded, table_id, links, stopped)
        else:
            assert stopped is None, (
                f"{path.name} ({recorded['setup']}), opened by {way}, opens read-only at version "
                f"{gm_state.json()['table']['version']}: {_why(stopped)} (a table that cannot fold "
                "yet is listed in OPENS_READ_ONLY_TODAY, with why)"
            )
            problems = compare(
                client, recorded, recorded["table_id"], table_id, links, release.name
            )
            assert not problems, (
                f"{path.name} ({recorded['setup']}), recorded by "
                f"{recorded['recorded']['commit'][:10]}, opened by {way}, reads otherwise:\n"
                + "\n".join(problems[:40])
                + (f"\n... and {len(problems) - 40} more" if len(problems) > 40 else "")
            )
            plays_on(client, table_id, gm_link, recorded["seats"][recorded["gm_seat"]])
        if opened.database is not None:
            exports_from_the_command_line(opened.database, table_id, recorded, tmp_path, capsys)


def _why(stopped: dict[str, Any]) -> str:
    rule = f" [{stopped['rule']['key']}]" if stopped.get("rule") else ""
    return f"its event {stopped['version']} ({stopped['event']}) does not fold: {stopped['detail']}{rule}"


def compare(
    client: TestClient,
    recorded: dict[str, Any],
    old_id: str,
    table_id: str,
    links: dict[str, str],
    release: str,
) -> list[str]:
    """Where today's server shows any seat of the table other than the release did."""

    def now_as(value: Any) -> Any:
        return value if old_id == table_id else renamed(value, old_id, table_id)

    gm_link = links[recorded["gm_seat"]]
    exported = client.get(f"/tables/{table_id}/export", headers={"X-Fatekit-Link": gm_link})
    assert exported.status_code == 200, exported.text
    problems = [f"export {p}" for p in differences(now_as(recorded["export"]), exported.json())]
    # Today's table, to ask which characters today's release keeps from which seat.
    state = import_campaign(exported.json()).state
    for seat, reads in recorded["seats"].items():
        now = seat_reads(client, table_id, links[seat])
        hidden = unmet(state, seat) if "unmet" in projected(release) else frozenset()
        kept = without_unmet(now_as(log_in_full(reads)), hidden)
        if len(kept["log"]) != len(reads["log"]):
            now = {**now, "log": log_as_one_page(now["log"])}
        problems += [f"seat {seat} {where}" for where in seat_differences(kept, now, release)]
    return problems


def seat_differences(recorded: dict[str, Any], now: dict[str, Any], release: str) -> list[str]:
    """:func:`differences` of every part a seat reads; a list of :data:`PROJECTED` that grew
    since ``release`` compared as holding every recorded item."""
    parts = projected(release)
    growing = tuple(part for part in parts if part.startswith("state."))
    healed = tuple(f'.clears_after: recorded "{was}", now "{now}"' for was, now in _HEALED.items())
    found = []
    for part in ("state", "extras", "events", "log"):
        if part not in recorded:  # a random game's: its view alone
            continue
        for where in _every_difference(recorded[part], now[part], part, "offers" in parts):
            grew = _GREW.match(where) if "offers" in parts else None
            if grew and int(grew[3]) > int(grew[2]):
                # An offers list that grew: it must still hold every move recorded.
                was, is_now = _at_path(recorded, grew[1]), _at_path(now, grew[1])
                found += [f"{grew[1]}: no longer offers {m}" for m in was if m not in is_now]
            elif not where.startswith(growing) and not (
                "clears_after" in parts and where.endswith(healed)
            ):
                found.append(where)
    for path in growing:
        was, is_now = _at(recorded, path), _at(now, path)
        if was is not None:
            found += [
                f"{path}: no longer offers {item}"
                for item in was
                if item not in (is_now or [])
                and not (isinstance(item, dict) and item.get("extreme"))
            ]
    return found


#: How :func:`differences` stops listing a long list's items after a few.
_MORE = re.compile(r"^(.*): more items differ, from \[(\d+)\] on$")


def _every_difference(recorded: Any, now: Any, path: str, whole: bool) -> Iterator[str]:
    """:func:`differences`, with every item of a long list told (`whole`) rather than the first
    few: an offers list that grew may lie in any of them."""
    for where in differences(recorded, now, path):
        more = _MORE.match(where) if whole else None
        if more is None:
            yield where
            continue
        below = more[1][len(path) :]  # where the list lies under `path`: "", ".aspects"...
        was, is_now = _at_path(recorded, below), _at_path(now, below)
        for i in range(int(more[2]), len(was)):
            yield from _every_difference(was[i], is_now[i], f"{more[1]}[{i}]", whole)


def _at_path(reads: Any, path: str) -> list[Any]:
    """The list at a path as :func:`differences` writes it ("state.characters[0].offers"; a
    path from a list's item down, ".offers"; "" for `reads` itself)."""
    value: Any = reads
    for key in re.findall(r"[^.\[\]]+|\[\d+\]", path):
        value = value[int(key[1:-1])] if key.startswith("[") else value[key]
    assert isinstance(value, list), path
    return value


def _at(reads: dict[str, Any], path: str) -> Any:
    value: Any = reads
    for key in path.split("."):
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


def plays_on(client: TestClient, table_id: str, gm_link: str, gm_reads: dict[str, Any]) -> None:
    """The table takes a new move: a GM's note, the newest entry of the GM's log."""
    version = client.get(f"/tables/{table_id}/state", headers={"X-Fatekit-Link": gm_link}).json()[
        "table"
    ]["version"]
    assert version >= gm_reads["state"]["table"]["version"]
    noted = client.post(
        f"/tables/{table_id}/commands",
        json={"type": "Note", "data": {"text": "The table plays on."}},
        headers={"X-Fatekit-Link": gm_link},
    )
    assert noted.status_code == 200, noted.text
    assert noted.json()["version"] == version + 1


def opens_read_only(
    client: TestClient,
    recorded: dict[str, Any],
    table_id: str,
    links: dict[str, str],
    stopped: dict[str, Any],
) -> None:
    """What a table that does not fold to its end must still do: every seat reads it, stopped
    at the same version; the GM reads why, a player only where; a move is refused with
    ``read_only``; the table file holds every event the release wrote, as written."""
    gm_seat = recorded["gm_seat"]
    assert stopped["detail"], stopped
    came = {
        e["data"]["seat_id"]: e["version"]
        for e in recorded["export"]["events"]
        if e["type"] == "SeatAdded"
    }
    for seat in recorded["seats"]:
        if came.get(seat, 0) >= stopped["version"]:
            # Not at the table as it stands: its link reads that the table stopped.
            said = client.get(f"/tables/{table_id}/state", headers={"X-Fatekit-Link": links[seat]})
            assert said.status_code == 409, said.text
            assert said.json()["read_only"] == {"version": stopped["version"]}, said.text
            continue
        reads = seat_reads(client, table_id, links[seat])
        shown = reads["state"]["table"]["read_only"]
        assert shown == (stopped if seat == gm_seat else {"version": stopped["version"]}), seat
        assert all(e["version"] < stopped["version"] for e in reads["events"]), seat
    refused = client.post(
        f"/tables/{table_id}/commands",
        json={"type": "Note", "data": {"text": "Anyone there?"}},
        headers={"X-Fatekit-Link": links[gm_seat]},
    )
    assert (refused.status_code, refused.json()["error"]) == (409, "read_only"), refused.text
    exported = client.get(f"/tables/{table_id}/export", headers={"X-Fatekit-Link": links[gm_seat]})
    assert not list(differences(recorded["export"]["events"], exported.json()["events"]))


def exports_from_the_command_line(
    database: Path,
    table_id: str,
    recorded: dict[str, Any],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``fatekit campaign export`` writes the table from the release's SQLite file (read-only
    or not), every event as the release wrote it."""
    out = tmp_path / "exported.campaign.json"
    capsys.readouterr()
    status = main(["campaign", "export", table_id, "--db", str(database), "-o", str(out)])
    assert status == 0, capsys.readouterr().err
    written = json.loads(out.read_text("utf-8"))["table"]["events"]
    were = recorded["export"]["events"]  # then the tests' own note, if the table took one
    assert not list(differences(were, written[: len(were)], "events"))


class _Opened:
    """The evening's table opened one way: ``client_id_links`` (a client, the table's id there,
    the seats' links: the release's own from its database, or new ones the GM hands out), and
    ``database``, the SQLite file it was opened from when that is the release's."""

    def __init__(
        self,
        release: Release,
        way: str,
        recorded: dict[str, Any],
        request: pytest.FixtureRequest,
        tmp_path: Path,
        capsys: pytest.CaptureFixture[str],
        known: str | None,
    ) -> None:
        self.release, self.way, self.recorded, self.known = release, way, recorded, known
        self.request, self.tmp_path, self.capsys = request, tmp_path, capsys
        self.store: SqliteEventStore | None = None
        self.client: TestClient | None = None
        self.database: Path | None = None
        self.client_id_links: tuple[TestClient, str, dict[str, str]]

    def __enter__(self) -> _Opened:
        way, recorded = self.way, self.recorded
        if way in ("sqlite", "postgresql"):
            databases = self.request.getfixturevalue("databases")
            postgres = self.request.getfixturevalue("postgres") if way == "postgresql" else None
            client = databases.open(self.release, way, postgres)
            if way == "sqlite":
                self.database = databases.paths[self.release.name]
            self.client_id_links = (client, recorded["table_id"], dict(recorded["links"]))
            return self
        db = self.tmp_path / "tables.sqlite"
        table_id = ""
        gm_link = ""
        if way == "cli-campaign":
            file = self.tmp_path / "evening.campaign.json"
            file.write_text(json.dumps(recorded["campaign"], ensure_ascii=False), "utf-8")
            self.capsys.readouterr()
            status = main(["campaign", "import", str(file), "--db", str(db)])
            said = self.capsys.readouterr()
            assert status == 0, said.err
            assert ("read-only" in said.out) == (self.known is not None), said.out
            found = re.search(r"GM link \(keep it secret\): (\S+)", said.out)
            assert found is not None, said.out
            gm_link = found.group(1)
            table_id = gm_link.rpartition(".")[0]
        self.store = SqliteEventStore(db)
        self.client = TestClient(create_app(self.store, **APP_OPTIONS), client=LOOPBACK)
        client = self.client.__enter__()
        if way != "cli-campaign":
            body = recorded["export"] if way == "http-export" else recorded["campaign"]
            imported = client.post("/tables/import", json=body)
            assert imported.status_code == 201, imported.text
            table_id, gm_link = imported.json()["table_id"], imported.json()["link"]
            assert imported.json()["seat"] == recorded["gm_seat"]
            assert (imported.json().get("read_only") is not None) == (self.known is not None)
        seats = [s for s in recorded["seats"] if s != recorded["gm_seat"]]
        links = {recorded["gm_seat"]: gm_link}
        links.update(issue_links(client, table_id, gm_link, seats))
        self.client_id_links = (client, table_id, links)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.client is not None:
            self.client.__exit__(None, None, None)
        if self.store is not None:
            self.store.close()


@pytest.mark.parametrize("release", RELEASES, ids=[r.name for r in RELEASES])
def test_todays_server_rewrites_nothing_in_a_release_database(
    release: Release, tmp_path: Path
) -> None:
    """Opening a release's SQLite file (today's migrations, every table read by its GM) leaves
    every event row that release wrote byte for byte as it was: nothing is rewritten."""
    database = release.database(tmp_path)
    before = event_rows(database)
    store = SqliteEventStore(database)
    try:
        with TestClient(create_app(store, **APP_OPTIONS), client=LOOPBACK) as client:
            for path in release.evenings():
                recorded = evening(path)
                link = recorded["links"][recorded["gm_seat"]]
                read = client.get(
                    f"/tables/{recorded['table_id']}/state", headers={"X-Fatekit-Link": link}
                )
                assert read.status_code == 200, read.text
    finally:
        store.close()
    assert event_rows(database) == before


def event_rows(database: Path) -> list[tuple[Any, ...]]:
    with contextlib.closing(sqlite3.connect(database)) as db:
        return db.execute("SELECT * FROM events ORDER BY table_id, version").fetchall()


def test_an_old_evening_that_stops_folding_still_opens_from_its_database_and_exports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """What a table in :data:`OPENS_READ_ONLY_TODAY` is held to, shown on a real old table:
    50b4920's evening with Fate Condensed's elective order, its turn ends made to fold no more
    (as issue 37 found a stricter turn order refuse them). From that release's own SQLite file it
    opens read-only at its first turn end for every seat by the links that release issued, the
    GM reading why; ``fatekit campaign export`` writes it whole from that file, and
    ``fatekit campaign import`` of it says it opens read-only. Once the fold takes the event
    again, the same table reads as the release served it, for every seat."""
    release = next(r for r in RELEASES if r.name.endswith("-50b4920"))
    recorded = evening(release.folder / "evening-38629-condensed.json.xz")
    types = [e["type"] for e in recorded["export"]["events"]]
    first = types.index("TurnEnded") + 1

    def refusing(state: Any, event: Any) -> None:
        raise IllegalAction("this turn end no longer folds (broken on purpose)", TURN_ORDER)

    # The release recorded fewer facts than today's: its events fold through their older step.
    monkeypatch.setitem(FOLDS, EVENT_TYPES["TurnEnded"], refusing)
    monkeypatch.setitem(OLDER, EVENT_TYPES["TurnEnded"], refusing)
    database = release.database(tmp_path)
    table_id, links = recorded["table_id"], dict(recorded["links"])
    gm = {"X-Fatekit-Link": links[recorded["gm_seat"]]}
    store = SqliteEventStore(database)
    try:
        with TestClient(create_app(store, **APP_OPTIONS), client=LOOPBACK) as client:
            stopped = client.get(f"/tables/{table_id}/state", headers=gm).json()["table"]
            assert stopped["version"] == first - 1
            why = stopped["read_only"]
            assert (why["version"], why["event"], why["rule"]["key"]) == (
                first,
                "TurnEnded",
                "turn-order.elective",
            )
            opens_read_only(client, recorded, table_id, links, why)
            exports_from_the_command_line(database, table_id, recorded, tmp_path, capsys)
            exported = json.loads((tmp_path / "exported.campaign.json").read_text("utf-8"))
            moved = tmp_path / "moved.campaign.json"
            moved.write_text(json.dumps(exported, ensure_ascii=False), "utf-8")
            copy = f"sqlite:///{tmp_path / 'copy.sqlite'}"
            assert main(["campaign", "import", str(moved), "--db", copy]) == 0
            said = capsys.readouterr().out
            assert f"opened at version {first - 1}" in said, said
            assert f"read-only: its event {first} (TurnEnded) does not fold" in said, said

            monkeypatch.undo()
            assert not compare(client, recorded, table_id, table_id, links, release.name)
    finally:
        store.close()


# -- the random games ---------------------------------------------------------------------------


@pytest.mark.parametrize(("release", "n"), list(_games()))
def test_a_random_game_an_earlier_release_recorded_folds_to_the_same_views(
    release: Release, n: int
) -> None:
    """The game's table file, imported as a GM imports one, folds to every seat's view as the
    release gave it (the same containment as the evenings')."""
    game = json.loads(release.games(None if SOAK else GAMES_IN_TEST)[n])
    imported = import_campaign(game["table"])
    state = imported.state
    case = case_of(release, f"game-{game['seed']}")
    if case in OPENS_READ_ONLY_TODAY:
        assert state.read_only is not None, (
            f"{case} folds today: take it out of OPENS_READ_ONLY_TODAY"
        )
        for seat in game["views"]:
            assert view_for(state, seat)["table"]["read_only"]["version"] == state.read_only.version
        gm = next(seat for seat in game["views"] if Viewer(state, seat).gm)
        exported = export_table(imported.log, state, gm)
        assert not list(differences(game["table"]["events"], exported["events"], "events"))
        return
    assert state.read_only is None, (
        f"game {game['seed']} opens read-only at version {state.version}: "
        f"{state.read_only.sentence() if state.read_only else ''} (a table that cannot fold yet "
        "is listed in OPENS_READ_ONLY_TODAY, with why)"
    )
    problems = []
    for seat, recorded in game["views"].items():
        hidden = unmet(state, seat) if "unmet" in projected(release.name) else frozenset()
        kept = without_unmet({"state": recorded}, hidden)
        problems += [
            f"seat {seat} {where}"
            for where in seat_differences(kept, {"state": view_for(state, seat)}, release.name)
        ]
    assert not problems, (
        f"game {game['seed']} ({game['preset']}, {game['options']}) reads otherwise:\n"
        + "\n".join(problems[:40])
    )


def test_a_seat_reading_otherwise_than_recorded_is_caught(tmp_path: Path) -> None:
    """The comparison is no formality: an evening whose recording says otherwise than the table
    (a GM's pool, a player's extras, who sent an event a spectator read) is reported seat by
    seat."""
    path = RELEASES[-1].evenings()[0]
    recorded = json.loads(json.dumps(evening(path)))
    gm_seat = recorded["gm_seat"]
    player = next(s for s, r in recorded["seats"].items() if r["role"] == "player")
    spectator = next(s for s, r in recorded["seats"].items() if r["role"] == "spectator")
    recorded["seats"][gm_seat]["state"]["gm_pool"] += 1
    recorded["seats"][player]["extras"]["acted"] = ["someone-else"]
    recorded["seats"][spectator]["events"][1]["seat"] = "someone-else"
    store = SqliteEventStore(tmp_path / "tables.sqlite")
    try:
        with TestClient(create_app(store, **APP_OPTIONS), client=LOOPBACK) as client:
            imported = client.post("/tables/import", json=recorded["export"]).json()
            table_id, gm_link = imported["table_id"], imported["link"]
            seats = [s for s in recorded["seats"] if s != gm_seat]
            links = {gm_seat: gm_link, **issue_links(client, table_id, gm_link, seats)}
            problems = compare(
                client, recorded, recorded["table_id"], table_id, links, RELEASES[-1].name
            )
    finally:
        store.close()
    said = "\n".join(problems)
    assert f"seat {gm_seat} state.gm_pool: recorded" in said
    assert f"seat {player} extras.acted" in said
    assert f"seat {spectator} events[1].seat: recorded" in said
