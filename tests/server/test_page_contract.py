"""The page contract (docs/page.schema.json, :mod:`fatekit.table.contract`) holds for what the
server sends: every golden table, imported into a fresh server on a real SQLite file, is read by
every seat (document, extras, every event, every page of the log), and each read must validate."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from jsonschema import Draft202012Validator

from fatekit.server.app import create_app
from fatekit.store import SqliteEventStore
from fatekit.table.contract import page_schema, page_schema_text

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = sorted((ROOT / "tests" / "golden_tables").glob("*.json"))
SCHEMA = page_schema()


def _recorder() -> Any:
    name = "record_golden_tables"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def _problems(part: str, value: Any) -> list[str]:
    validator = Draft202012Validator({**SCHEMA, "$ref": f"#/$defs/{part}"})
    return [
        f"{part} {error.json_path}: {error.message[:200]}" for error in validator.iter_errors(value)
    ]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    recorder = _recorder()
    store = SqliteEventStore(tmp_path / "tables.sqlite")
    try:
        with TestClient(
            create_app(store, **recorder.APP_OPTIONS), client=recorder.LOOPBACK
        ) as made:
            yield made
    finally:
        store.close()


def test_the_published_page_schema_is_the_one_the_tests_check() -> None:
    published = ROOT / "docs" / "page.schema.json"
    assert published.read_text(encoding="utf-8") == page_schema_text(), (
        "docs/page.schema.json is stale: run `make docs`"
    )
    Draft202012Validator.check_schema(SCHEMA)


def test_the_contract_refuses_a_field_it_does_not_name() -> None:
    event = {"type": "NoteAdded", "version": 3, "seat": "gm", "at": "now", "data": {"txet": "x"}}
    assert _problems("event", event)
    assert _problems("document", {"table": {}})
    assert _problems(
        "extras", {"version": 1, "acted": [], "defend_skills": {}, "impediments": [], "x": 1}
    )


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_every_seat_reads_what_the_contract_describes(path: Path, client: TestClient) -> None:
    recorder = _recorder()
    golden = json.loads(path.read_text(encoding="utf-8"))
    imported = client.post("/tables/import", json=golden["export"])
    assert imported.status_code == 201, imported.text
    table_id, gm_link = imported.json()["table_id"], imported.json()["link"]
    links = {golden["gm_seat"]: gm_link}
    for seat in golden["seats"]:
        if seat not in links:
            issued = client.post(
                f"/tables/{table_id}/seats/{seat}/links", headers={"X-Fatekit-Link": gm_link}
            )
            assert issued.status_code == 201, issued.text
            links[seat] = issued.json()["link"]
    problems: list[str] = []
    for seat, link in links.items():
        reads = recorder.seat_reads(client, table_id, link)
        problems += [f"{seat}: {p}" for p in _problems("document", reads["state"])]
        problems += [f"{seat}: {p}" for p in _problems("extras", reads["extras"])]
        entries = [e for page in reads["log"] for e in page["entries"]]
        assert reads["events"] and entries
        for event in [*reads["events"], *entries]:
            # Each event against its own type's definition, so a problem names its field.
            part = f"event-{event.get('type')}"
            if part not in SCHEMA["$defs"]:
                problems.append(
                    f"{seat} v{event.get('version')}: no event type {event.get('type')!r}"
                )
                continue
            problems += [f"{seat} v{event['version']}: {p}" for p in _problems(part, event)]
    assert problems == [], "\n".join(problems[:30])
