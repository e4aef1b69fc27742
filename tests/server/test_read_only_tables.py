"""An old table always opens (issue 37, item 2), proved by breaking the fold on purpose.

A table is played through the server on a real SQLite file and on a real PostgreSQL database.
Then a fold step is made to raise (as a release whose fold no longer takes an event an earlier
one wrote would), and a new server opens the same database, as after an upgrade. The table must:

- still be listed (the nightly backup takes it, ``fatekit campaign backup``);
- open read-only as it stood before the event that does not fold: every seat reads it, the GM
  reads why (in the view and in the refusal of a move, which names the rule), a player only that
  it stopped there, and no seat is shown an event past it;
- take no new move, and keep every event in the store exactly as it was written;
- export whole: the table file, the campaign file, ``fatekit campaign export``; and such a file
  imports (over HTTP and with ``fatekit campaign import``) into a table that opens read-only too;
- come back whole, in the same process and after a restart, once the fold works again.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient

from fatekit.cli import main
from fatekit.cli.database import open_store
from fatekit.rules.core.citations import find_rule
from fatekit.rules.core.errors import IllegalAction
from fatekit.server.app import create_app
from fatekit.server.links import LinkRegistry
from fatekit.store.base import EventStore, NewEvent, Snapshot
from fatekit.store.campaigns import back_up
from fatekit.store.tables import to_event
from fatekit.table import fold
from fatekit.table.folding import FOLDS
from fatekit.table.play.notes import NoteAdded
from fatekit.table.play.scenes import SessionStarted
from fatekit.table.snapshot import SNAPSHOT_FORMAT, encode_snapshot

#: A server that answers a test's reads at once and plays no foresight in other processes.
APP: dict[str, Any] = {
    "rate": 100_000,
    "burst": 100_000,
    "misses": 100_000,
    "miss_burst": 100_000,
    "foresight_workers": 0,
}
LOOPBACK = ("127.0.0.1", 50000)
TURN_ORDER = find_rule("turn-order.elective")
assert TURN_ORDER is not None


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A ``--db`` value: a real SQLite file, or a schema of its own in a real PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.sqlite'}"
    import psycopg

    cluster = request.getfixturevalue("postgres")
    schema = f"read_only_{tmp_path.name.replace('-', '_').lower()}"
    with psycopg.connect(cluster.dsn(), autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    return f"{cluster.url()}&options={quote(f'-c search_path={schema}')}"


@contextmanager
def served(db: str) -> Iterator[tuple[TestClient, EventStore]]:
    """A server process (in this one) over the database ``db``, and its store."""
    store, _ = open_store(db)
    try:
        with TestClient(create_app(store, **APP), client=LOOPBACK) as client:
            yield client, store
    finally:
        store.close()


@dataclass
class Table:
    """A table played before the fold broke: its id, its GM's and a player's links, and its
    events as the store keeps them."""

    table_id: str
    gm: str
    ann: str
    rows: list[tuple[int, str, str | None, str]]

    def get(self, client: TestClient, path: str, link: str, status: int = 200) -> Any:
        answer = client.get(f"/tables/{self.table_id}{path}", headers={"X-Fatekit-Link": link})
        assert answer.status_code == status, answer.text
        return answer.json()

    def send(self, client: TestClient, link: str, type_name: str, **data: Any) -> Any:
        return client.post(
            f"/tables/{self.table_id}/commands",
            json={"type": type_name, "data": data},
            headers={"X-Fatekit-Link": link},
        )


def rows(store: EventStore, table_id: str) -> list[tuple[int, str, str | None, str]]:
    return [(e.version, e.type, e.seat, e.payload) for e in store.read(table_id)]


def play(db: str) -> Table:
    """Five events: the table, Ann's seat, a note, a session started (the event whose fold
    breaks below) and another note."""
    with served(db) as (client, store):
        made = client.post("/tables", json={"name": "Harbour"}).json()
        table = Table(made["table_id"], made["link"], "", [])
        invited = client.post(
            f"/tables/{table.table_id}/seats",
            json={"name": "Ann", "role": "player"},
            headers={"X-Fatekit-Link": table.gm},
        )
        table.ann = invited.json()["link"]
        for type_name, data in (
            ("Note", {"text": "The fog comes in.", "visibility": "public"}),
            ("StartSession", {}),
            ("Note", {"text": "The thugs wait at the pier.", "visibility": "public"}),
        ):
            assert table.send(client, table.gm, type_name, **data).status_code == 200
        table.rows = rows(store, table.table_id)
    assert [r[1] for r in table.rows] == [
        "TableCreated",
        "SeatAdded",
        "NoteAdded",
        "SessionStarted",
        "NoteAdded",
    ]
    return table


def refusing(name: str) -> Callable[[Any, Any], None]:
    def fold_step(state: Any, event: Any) -> None:
        raise IllegalAction(f"{name} no longer folds (broken on purpose)", TURN_ORDER)

    return fold_step


def test_a_table_whose_fold_breaks_opens_read_only_exports_and_comes_back(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    table = play(db)
    monkeypatch.setitem(FOLDS, SessionStarted, refusing("SessionStarted"))
    with served(db) as (client, store):
        # Listed: the nightly backup takes every table, this one too.
        backup = back_up(store, tmp_path / "backups", now=lambda: datetime(2026, 12, 1, tzinfo=UTC))
        assert table.table_id in backup.tables

        # Open, read-only, as it stood before the session started: the GM reads why.
        gm_view = table.get(client, "/state", table.gm)
        assert gm_view["table"]["version"] == 3
        assert gm_view["time"]["in_session"] is False
        stopped = gm_view["table"]["read_only"]
        assert stopped["version"] == 4
        assert stopped["event"] == "SessionStarted"
        assert stopped["error"] == "illegal"
        assert stopped["rule"]["key"] == "turn-order.elective"
        assert "broken on purpose" in stopped["detail"]
        # A player reads that it stopped there, not why (a reason may name what is hidden).
        assert table.get(client, "/state", table.ann)["table"]["read_only"] == {"version": 4}
        # No seat is shown an event past the table's state.
        for link in (table.gm, table.ann):
            events = table.get(client, "/events?after=0", link)
            assert [e["version"] for e in events["events"]] == [1, 2, 3]
            assert (events["version"], events["more"]) == (3, False)
            log = table.get(client, "/log", link)
            assert [e["version"] for e in log["entries"]] == [3, 2, 1]

        # No new move: the refusal says why to the GM, and that it stopped to a player.
        refused = table.send(client, table.gm, "Note", text="Anyone there?")
        assert refused.status_code == 409
        assert refused.json()["error"] == "read_only"
        assert refused.json()["read_only"]["rule"]["key"] == "turn-order.elective"
        refused = table.send(client, table.ann, "Note", text="Hello?")
        assert (refused.status_code, refused.json()["read_only"]) == (409, {"version": 4})
        # The GM still hands out links (to read the table with).
        again = client.post(
            f"/tables/{table.table_id}/seats/ann/links", headers={"X-Fatekit-Link": table.gm}
        )
        assert again.status_code == 201

        # Exported whole, every event as it was written.
        exported = table.get(client, "/export", table.gm)
        assert written(exported) == table.rows
        campaign = table.get(client, "/campaign", table.gm)
        assert written(campaign["table"]) == table.rows

        # Such a file imports into a table that opens read-only too, over HTTP...
        imported = client.post("/tables/import", json=campaign)
        assert imported.status_code == 201, imported.text
        assert imported.json()["version"] == 3
        assert imported.json()["read_only"]["event"] == "SessionStarted"
        copy = Table(imported.json()["table_id"], imported.json()["link"], "", [])
        assert copy.get(client, "/state", copy.gm)["table"]["read_only"]["version"] == 4
        assert rows(store, copy.table_id) == table.rows
        assert rows(store, table.table_id) == table.rows  # nothing rewritten, nothing lost

    # ... and with the command line, which exports it too.
    out = tmp_path / "harbour.campaign.json"
    assert main(["campaign", "export", table.table_id, "--db", db, "-o", str(out)]) == 0
    assert written(json.loads(out.read_text(encoding="utf-8"))["table"]) == table.rows
    assert main(["campaign", "import", str(out), "--db", db, "--as", "harbour-copy"]) == 0
    said = capsys.readouterr().out
    assert "table harbour-copy opened at version 3" in said
    assert "read-only: its event 4 (SessionStarted) does not fold" in said
    assert main(["campaign", "backup", "--db", db, "--backup-dir", str(tmp_path / "b2")]) == 0

    # Once the fold works again, the table opens whole: in the same process, and after a restart.
    with served(db) as (client, store):
        assert table.get(client, "/state", table.gm)["table"]["read_only"]["version"] == 4
        monkeypatch.undo()
        whole = table.get(client, "/state", table.gm)
        assert (whole["table"]["version"], whole["table"]["read_only"]) == (5, None)
        assert whole["time"]["in_session"] is True
        noted = table.send(client, table.ann, "Note", text="Here!")
        assert noted.status_code == 200, noted.text
        assert rows(store, table.table_id)[:5] == table.rows
    with served(db) as (client, _):
        for table_id, link in ((table.table_id, table.gm), (copy.table_id, copy.gm)):
            view = client.get(f"/tables/{table_id}/state", headers={"X-Fatekit-Link": link})
            assert view.json()["table"]["read_only"] is None
            assert view.json()["time"]["in_session"] is True


def written(table_file: dict[str, Any]) -> list[tuple[int, str, str | None, str]]:
    """A table file's events as a store keeps them (its payloads compact, keys sorted)."""
    return [
        (
            e["version"],
            e["type"],
            e["seat"],
            json.dumps(e["data"], ensure_ascii=False, sort_keys=True, separators=(",", ":")),
        )
        for e in table_file["events"]
    ]


def test_a_snapshot_before_the_broken_event_is_where_the_table_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table is read from its latest snapshot (version 4, by a fold that worked) and stops
    at the note after it; an error no rule raised (a bug) reads as unexpected."""
    db = f"sqlite:///{tmp_path / 'tables.sqlite'}"
    table = play(db)
    store, _ = open_store(db)
    with store:
        events = [to_event(s) for s in store.read(table.table_id)]
        at_four = fold(events[:4])
        store.save_snapshot(Snapshot(table.table_id, 4, SNAPSHOT_FORMAT, encode_snapshot(at_four)))

    def broken(state: Any, event: Any) -> None:
        raise KeyError("a bug in a fold step")

    monkeypatch.setitem(FOLDS, NoteAdded, broken)
    with served(db) as (client, store):
        view = table.get(client, "/state", table.gm)
        assert view["table"]["version"] == 4
        assert view["time"]["in_session"] is True
        stopped = view["table"]["read_only"]
        assert (stopped["version"], stopped["event"], stopped["error"]) == (
            5,
            "NoteAdded",
            "unexpected",
        )
        assert "a bug in a fold step" in stopped["detail"]
        assert stopped["rule"] is None
        assert rows(store, table.table_id) == table.rows


def test_a_table_whose_first_event_does_not_read_is_still_kept_and_exported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A table a newer release opened with a preset this one does not know: nothing to open
    before its creation, so reading it is refused, yet the backup takes it and ``fatekit campaign
    export`` writes its whole log as written."""
    db = f"sqlite:///{tmp_path / 'tables.sqlite'}"
    played = play(db)
    store, _ = open_store(db)
    with store:
        newer = []
        for version, type_name, seat, payload in played.rows:
            data = json.loads(payload)
            if version == 1:
                data["preset"] = "a-preset-of-a-newer-release"
            compact = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
            newer.append(NewEvent(type_name, compact, seat))
        store.append("newer", 0, newer)
        gm = LinkRegistry(store).issue("newer", "gm").token
        table = Table("newer", gm, "", rows(store, "newer"))
    with served(db) as (client, store):
        refused = client.get("/tables/newer/state", headers={"X-Fatekit-Link": table.gm})
        assert refused.status_code == 422
        assert "a-preset-of-a-newer-release" in refused.json()["detail"]
        when = datetime(2026, 12, 1, tzinfo=UTC)
        backup = back_up(store, tmp_path / "backups", now=lambda: when)
        assert set(backup.tables) == {played.table_id, "newer"}
        kept = json.loads((backup.folder / "newer.campaign.json").read_text("utf-8"))
        assert written(kept["table"]) == table.rows
        assert kept["name"] == "Harbour"
    out = tmp_path / "newer.campaign.json"
    assert main(["campaign", "export", "newer", "--db", db, "-o", str(out)]) == 0
    assert written(json.loads(out.read_text(encoding="utf-8"))["table"]) == table.rows
    # This release refuses to import it, saying why; a release that knows the preset opens it.
    assert main(["campaign", "import", str(out), "--db", db, "--as", "newer-again"]) == 2
    assert "a-preset-of-a-newer-release" in capsys.readouterr().err


def test_discord_says_a_table_is_read_only_in_the_users_language() -> None:
    """The Discord front door words the refusal as the page does: the catalog's sentence, with
    no English detail beside it for a Russian reader."""
    from fatekit.discord.buttons import refusal_text
    from fatekit.discord.words import Words
    from fatekit.server.errors import problem
    from fatekit.table.read_only import ReadOnly, TableReadOnly

    why = ReadOnly(4, "SessionStarted", "illegal", "no one may act next", "turn-order.elective")
    status, body = problem(TableReadOnly(why))
    assert (status, body["error"], body["read_only"]) == (409, "read_only", {"version": 4})
    ru = Words("ru")
    assert refusal_text(body, ru) == ru("error.read_only")
    assert "no one may act next" not in refusal_text(body, Words("en"))
