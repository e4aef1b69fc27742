"""Campaign files between databases (issue 28, item 2): a campaign leaves a real SQLite file,
goes into a real PostgreSQL server and comes back with nothing lost or changed; a broken or
foreign file changes nothing; the nightly backup keeps what it should and restores whole."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from fatekit.rules import BadInput
from fatekit.server.links import LinkRegistry
from fatekit.store import SqliteEventStore
from fatekit.store.base import EventStore
from fatekit.store.campaigns import (
    BACKUP_SUFFIX,
    back_up,
    backups_in,
    export_stored,
    import_stored,
    restore,
)
from fatekit.store.postgres import PostgresEventStore
from fatekit.store.tables import TableRepository
from fatekit.table import view_for

GOLDEN = sorted((Path(__file__).resolve().parents[1] / "golden_tables").glob("*.json"))


def golden_campaign(path: Path) -> dict[str, Any]:
    """A golden table (a real table recorded by an earlier release) as a campaign file."""
    table = json.loads(path.read_text(encoding="utf-8"))["export"]
    return {"format": "fatekit-campaign", "version": 1, "name": table["name"], "table": table}


def stored(store: EventStore, table_id: str) -> list[tuple[Any, ...]]:
    return [(e.version, e.type, e.data(), e.seat, e.timestamp) for e in store.read(table_id)]


def without_when(campaign: dict[str, Any]) -> dict[str, Any]:
    same = copy.deepcopy(campaign)
    same.pop("exported_at")
    return same


@pytest.fixture
def sqlite(tmp_path: Path) -> Iterator[SqliteEventStore]:
    with SqliteEventStore(tmp_path / "campaign.db") as store:
        yield store


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_a_campaign_moves_from_sqlite_to_postgresql_and_back_unchanged(
    path: Path, sqlite: SqliteEventStore, postgres_dsn: str, tmp_path: Path
) -> None:
    opened = import_stored(sqlite, golden_campaign(path))
    table_id = opened.table_id
    leaving = export_stored(sqlite, table_id)
    text = json.dumps(leaving)  # through a file, as a GM carries it
    with PostgresEventStore(postgres_dsn) as postgres:
        arrived = import_stored(postgres, json.loads(text))
        assert arrived == opened
        assert stored(postgres, table_id) == stored(sqlite, table_id)
        back = export_stored(postgres, table_id)
    assert without_when(back) == without_when(leaving)
    with SqliteEventStore(tmp_path / "again.db") as again:
        import_stored(again, back)
        there, here = TableRepository(again).load(table_id), TableRepository(sqlite).load(table_id)
        for seat in here.seats:
            assert view_for(there, seat) == view_for(here, seat)


def test_the_readable_copy_holds_the_rule_set_characters_templates_and_prepared_scenes(
    sqlite: SqliteEventStore,
) -> None:
    hack = next(p for p in GOLDEN if p.stem == "hack-ruleset")
    opened = import_stored(sqlite, golden_campaign(hack))
    contents = export_stored(sqlite, opened.table_id)["contents"]
    assert contents["ruleset"]["from_file"] is True
    assert contents["ruleset"]["file"]["name"] == "Merchant Princes"
    state = TableRepository(sqlite).load(opened.table_id)
    assert {c["id"] for c in contents["characters"]} == set(state.game.characters)
    for row in contents["characters"]:
        assert row["sheet"]["name"] == row["name"]
        assert row["fate_points"] == state.game.ledger.account(row["id"]).available
    assert [s["id"] for s in contents["seats"]] == list(state.seats)
    assert contents["sessions"] == state.session


def test_the_copy_is_never_read_back(sqlite: SqliteEventStore, tmp_path: Path) -> None:
    campaign = export_stored(sqlite, import_stored(sqlite, golden_campaign(GOLDEN[0])).table_id)
    campaign["contents"]["characters"] = []  # edited by hand: the log still says who is there
    with SqliteEventStore(tmp_path / "other.db") as other:
        opened = import_stored(other, campaign)
        assert TableRepository(other).load(opened.table_id).game.characters


def _broken_files(good: dict[str, Any]) -> list[tuple[object, str]]:
    cut = json.loads(json.dumps(good))
    cut["table"]["events"] = cut["table"]["events"][:-3] + cut["table"]["events"][-2:]
    bad_event = json.loads(json.dumps(good))
    bad_event["table"]["events"][1]["data"] = {"nonsense": True}
    newer = {**good, "version": 2}
    return [
        ([1, 2], "not a fatekit campaign file"),
        ({"format": "fari-character"}, "its format is 'fari-character'"),
        ({"name": "no format"}, "names no format"),
        (newer, "$.version"),
        ({**good, "table": "nope"}, "$.table"),
        (cut, "has version"),
        (bad_event, "$.table.events[1]"),
    ]


def test_a_broken_or_foreign_file_is_refused_and_changes_nothing(
    sqlite: SqliteEventStore,
) -> None:
    good = golden_campaign(GOLDEN[0])
    import_stored(sqlite, good, table_id="kept")
    before = {t: stored(sqlite, t) for t in sqlite.list_tables()}
    for data, said in _broken_files(good):
        with pytest.raises(BadInput) as refused:
            import_stored(sqlite, data, table_id="new")
        assert said in str(refused.value), str(refused.value)
        assert {t: stored(sqlite, t) for t in sqlite.list_tables()} == before
    with pytest.raises(BadInput, match="already holds a table 'kept'"):
        import_stored(sqlite, good, table_id="kept")
    assert {t: stored(sqlite, t) for t in sqlite.list_tables()} == before


class Clock:
    """The backup's clock, moved on by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 27, 3, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def test_backups_keep_the_latest_and_restore_every_table(
    sqlite: SqliteEventStore, tmp_path: Path
) -> None:
    for index, path in enumerate(GOLDEN[:3]):
        import_stored(sqlite, golden_campaign(path), table_id=f"t{index}")
    LinkRegistry(sqlite).issue("t0", "gm")  # a stream of links beside the tables, not a table
    directory = tmp_path / "backups"
    clock = Clock()
    made = []
    for _ in range(4):
        made.append(back_up(sqlite, directory, keep=2, now=clock))
        clock.now += timedelta(days=1)
    assert made[0].tables == ("t0", "t1", "t2")
    assert [p.name for p in backups_in(directory)] == [
        "2026-11-29T030000Z",
        "2026-11-30T030000Z",
    ]
    assert made[2].removed == (directory / "2026-11-27T030000Z",)
    latest = backups_in(directory)[-1]
    assert sorted(p.name for p in latest.iterdir()) == [f"t{i}{BACKUP_SUFFIX}" for i in range(3)]
    with SqliteEventStore(tmp_path / "restored.db") as fresh:
        restored = restore(fresh, latest)
        assert [r.table_id for r in restored] == ["t0", "t1", "t2"]
        for table_id in ("t0", "t1", "t2"):
            assert stored(fresh, table_id) == stored(sqlite, table_id)


def test_a_restore_with_one_broken_file_writes_nothing(
    sqlite: SqliteEventStore, tmp_path: Path
) -> None:
    for index, path in enumerate(GOLDEN[:2]):
        import_stored(sqlite, golden_campaign(path), table_id=f"t{index}")
    folder = back_up(sqlite, tmp_path / "b", now=Clock()).folder
    broken = folder / f"t1{BACKUP_SUFFIX}"
    broken.write_text(broken.read_text(encoding="utf-8")[:-40], encoding="utf-8")
    with SqliteEventStore(tmp_path / "fresh.db") as fresh:
        with pytest.raises(BadInput, match=f"t1{BACKUP_SUFFIX}: .* not JSON"):
            restore(fresh, folder)
        assert fresh.list_tables() == []


def test_a_backup_cut_short_leaves_no_folder_that_looks_whole(
    sqlite: SqliteEventStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import_stored(sqlite, golden_campaign(GOLDEN[0]), table_id="t0")
    directory = tmp_path / "b"
    first = back_up(sqlite, directory, now=Clock())

    def fail(*_: object, **__: object) -> None:
        raise OSError("No space left on device")

    monkeypatch.setattr("fatekit.store.campaigns.json.dump", fail)
    later = Clock()
    later.now += timedelta(days=1)
    with pytest.raises(OSError):
        back_up(sqlite, directory, keep=1, now=later)
    assert backups_in(directory) == [first.folder]  # the last good one is still there
