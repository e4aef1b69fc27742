"""A scene's map travels with its table (issue 42): in the campaign file (between SQLite and
PostgreSQL, and back, unchanged) and in the nightly backup; a campaign file whose map is not a
clean picture, or not the one its name says, is refused whole and writes nothing."""

from __future__ import annotations

import base64
import copy
import hashlib
import io
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from fatekit.formats.images import clean_map
from fatekit.rules import BadInput
from fatekit.store import SqliteEventStore, StoredMap
from fatekit.store.base import EventStore
from fatekit.store.campaigns import back_up, export_stored, import_stored, restore
from fatekit.store.postgres import PostgresEventStore
from fatekit.store.tables import TableRepository
from fatekit.table import commands as c
from fatekit.table import view_for


def _png() -> bytes:
    image = Image.new("RGB", (30, 20), (10, 90, 200))
    image.putpixel((3, 4), (255, 255, 0))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def _table_with_a_map(store: EventStore) -> tuple[str, str]:
    """A table whose running scene has a map, as the server sets one: the clean image kept at
    the table, then named by a SetSceneMap. Gives the table's id and the map's hash."""
    repo = TableRepository(store)
    repo.execute("t1", c.CreateTable(name="The Yacht"), seat="gm")
    repo.execute("t1", c.StartScene(name="Deck", participants=(), zones=("deck",)), seat="gm")
    clean = clean_map(_png())
    store.put_map(
        "t1", StoredMap(clean.hash, clean.media_type, clean.width, clean.height, clean.data)
    )
    repo.execute(
        "t1",
        c.SetSceneMap(
            image=clean.hash, media_type=clean.media_type, width=clean.width, height=clean.height
        ),
        seat="gm",
    )
    return "t1", clean.hash


def _maps(store: EventStore, table_id: str) -> list[StoredMap | None]:
    return [store.get_map(table_id, h) for h in store.map_hashes(table_id)]


@pytest.fixture
def sqlite(tmp_path: Path) -> Iterator[SqliteEventStore]:
    with SqliteEventStore(tmp_path / "maps.db") as store:
        yield store


def _without_when(campaign: dict[str, Any]) -> dict[str, Any]:
    same = copy.deepcopy(campaign)
    same.pop("exported_at")
    return same


def test_the_map_moves_from_sqlite_to_postgresql_and_back_unchanged(
    sqlite: SqliteEventStore, postgres_dsn: str
) -> None:
    table_id, image = _table_with_a_map(sqlite)
    leaving = export_stored(sqlite, table_id)
    assert [m["image"] for m in leaving["maps"]] == [image]
    # Short pieces of base64: every text a table file holds is bounded.
    assert all(len(piece) <= 4096 for piece in leaving["maps"][0]["data"])
    with PostgresEventStore(postgres_dsn) as postgres:
        import_stored(postgres, json.loads(json.dumps(leaving)))
        assert _maps(postgres, table_id) == _maps(sqlite, table_id)
        back = export_stored(postgres, table_id)
        shown = view_for(TableRepository(postgres).load(table_id), "gm")["scene"]["zones"]["map"]
        assert shown["image"] == image
    assert _without_when(back) == _without_when(leaving)


def test_the_nightly_backup_keeps_the_maps_and_restores_them(
    sqlite: SqliteEventStore, tmp_path: Path
) -> None:
    table_id, image = _table_with_a_map(sqlite)
    made = back_up(sqlite, tmp_path / "backups", now=lambda: datetime(2026, 12, 7, tzinfo=UTC))
    with SqliteEventStore(tmp_path / "restored.db") as fresh:
        restore(fresh, made.folder)
        assert fresh.map_hashes(table_id) == [image]
        assert _maps(fresh, table_id) == _maps(sqlite, table_id)


@pytest.mark.parametrize("damage", ["not the named image", "svg", "not base64", "cut short"])
def test_a_campaign_file_with_a_bad_map_is_refused_whole(
    sqlite: SqliteEventStore, tmp_path: Path, damage: str
) -> None:
    table_id, _ = _table_with_a_map(sqlite)
    campaign = export_stored(sqlite, table_id)
    entry = campaign["maps"][0]
    if damage == "not the named image":
        entry["image"] = "0" * 64
    elif damage == "svg":
        svg = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
        entry["data"] = [base64.b64encode(svg).decode()]
        entry["image"] = hashlib.sha256(svg).hexdigest()
    elif damage == "not base64":
        entry["data"] = ["%%%%"]
    else:
        raw = base64.b64decode("".join(entry["data"]))[:60]
        entry["data"] = [base64.b64encode(raw).decode()]
        entry["image"] = hashlib.sha256(raw).hexdigest()
    with SqliteEventStore(tmp_path / "other.db") as other:
        with pytest.raises(BadInput, match=r"maps\[0\]"):
            import_stored(other, campaign)
        assert other.list_tables() == [] and other.map_hashes(table_id) == []
