"""Tables recorded by earlier releases still read the same for every seat (issue 28).

Each ``*.json`` here is a golden table (``tools/record_golden_tables.py``): a table file as a GM
downloaded it and what every seat then read from the server. Each is imported into a fresh server
on a real SQLite file through ``POST /tables/import``, the way a GM moves a table, and every
seat's view, extras, events and log must still hold what was recorded: a later release may add
fields, never drop or change one, nor add or drop an event or a log entry. The table must then
take a new command. A golden file is never recorded again.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fatekit.server.app import create_app
from fatekit.store import SqliteEventStore

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
FILES = sorted(HERE.glob("*.json"))
#: A list of the GM's moves, which a later release may lengthen (checked item by item below).
GROWS = "state.you.may: recorded"


def _recorder() -> ModuleType:
    name = "record_golden_tables"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


recorder = _recorder()


def differences(recorded: Any, now: Any, path: str = "$") -> Iterator[str]:
    """Where ``now`` does not hold ``recorded``: every key of a recorded object present with a
    value that holds the recorded one, lists of the same length holding theirs element by
    element, anything else equal (and of the same JSON type: ``1`` is not ``true``). Events and
    log entries are told apart by their versions, so one added or dropped reads as one line."""
    if isinstance(recorded, dict):
        if not isinstance(now, dict):
            yield f"{path}: recorded an object, now {_short(now)}"
            return
        for key, value in recorded.items():
            if key not in now:
                yield f"{path}.{key}: recorded {_short(value)}, now missing"
            else:
                yield from differences(value, now[key], f"{path}.{key}")
    elif isinstance(recorded, list):
        if not isinstance(now, list):
            yield f"{path}: recorded a list, now {_short(now)}"
        elif len(recorded) != len(now):
            was, is_now = _versions(recorded), _versions(now)
            said = f"{path}: recorded {len(recorded)} items, now {len(now)}"
            if was is not None and is_now is not None:
                said += (
                    f" (versions added: {sorted(is_now - was)}, dropped: {sorted(was - is_now)})"
                )
            yield said
        else:
            differing = 0
            for i, (was, is_now) in enumerate(zip(recorded, now, strict=True)):
                found = list(_item_differences(was, is_now, f"{path}[{i}]"))
                differing += bool(found)
                if differing > 3 and found:
                    yield f"{path}: more items differ, from [{i}] on"
                    return
                yield from found
    elif type(recorded) is not type(now) or recorded != now:
        yield f"{path}: recorded {_short(recorded)}, now {_short(now)}"


def _item_differences(recorded: Any, now: Any, path: str) -> Iterator[str]:
    # An event or a log entry in another one's place is one difference, not one per field.
    was, is_now = _version(recorded), _version(now)
    if was is not None and is_now is not None and was != is_now:
        yield f"{path}: recorded version {was} ({recorded.get('type')}), now {is_now} ({now.get('type')})"
    else:
        yield from differences(recorded, now, path)


def _version(item: Any) -> int | None:
    return item.get("version") if isinstance(item, dict) and "type" in item else None


def _versions(items: list[Any]) -> set[int] | None:
    found = {_version(item) for item in items}
    return None if None in found else {v for v in found if v is not None}


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 120 else text[:117] + "..."


def renamed(value: Any, old: str, new: str) -> Any:
    """``value`` with every string ``old`` (the recorded table's id) made ``new`` (the id the
    import gave it)."""
    if isinstance(value, dict):
        return {key: renamed(item, old, new) for key, item in value.items()}
    if isinstance(value, list):
        return [renamed(item, old, new) for item in value]
    return new if value == old else value


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A client of a fresh server on a real SQLite file."""
    store = SqliteEventStore(tmp_path / "tables.sqlite")
    try:
        app = create_app(store, **recorder.APP_OPTIONS)
        with TestClient(app, client=recorder.LOOPBACK) as made:
            yield made
    finally:
        store.close()


def test_every_golden_table_is_recorded() -> None:
    assert {path.stem for path in FILES} >= set(recorder.recipes()), (
        "record the new golden tables: python tools/record_golden_tables.py NAME"
    )


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_a_golden_table_reads_the_same_for_every_seat(path: Path, client: TestClient) -> None:
    reads_the_same(path, client)


def reads_the_same(path: Path, client: TestClient) -> None:
    """Import the golden table at ``path`` through ``client`` and check that every seat reads
    what was recorded, and that the table plays on."""
    golden = json.loads(path.read_text(encoding="utf-8"))
    assert (golden["format"], golden["version"]) == (recorder.FORMAT, recorder.FORMAT_VERSION)
    imported = client.post("/tables/import", json=golden["export"])
    assert imported.status_code == 201, f"{path.name} no longer imports: {imported.text}"
    table_id, gm_link = imported.json()["table_id"], imported.json()["link"]
    assert imported.json()["seat"] == golden["gm_seat"]
    links = {golden["gm_seat"]: gm_link}
    for seat in golden["seats"]:
        if seat not in links:
            issued = client.post(
                f"/tables/{table_id}/seats/{seat}/links", headers={"X-Fatekit-Link": gm_link}
            )
            assert issued.status_code == 201, issued.text
            links[seat] = issued.json()["link"]

    def now_as(recorded: Any) -> Any:
        return renamed(recorded, golden["export"]["table_id"], table_id)

    problems = [
        f"export {where}"
        for where in differences(
            now_as(golden["export"]), recorder.export_of(client, table_id, gm_link)
        )
    ]
    for seat, recorded in golden["seats"].items():
        reads = recorder.seat_reads(client, table_id, links[seat])
        assert reads["state"]["you"]["role"] == recorded["role"]
        kept = now_as(recorder.log_in_full(recorded))
        for part in ("state", "extras", "events", "log"):
            problems += [
                f"seat {seat} {where}"
                for where in differences(kept[part], reads[part], part)
                if not where.startswith(GROWS)
            ]
        # The GM's moves grow with the GM's tools (map42: the scene's map and zones drawn):
        # every move recorded must still be offered.
        was, now = kept["state"]["you"].get("may"), reads["state"]["you"].get("may")
        if was is not None:
            problems += [
                f"seat {seat} state.you.may: no longer offers {m}" for m in was if m not in now
            ]
    recorded_by = f"{path.name}, recorded by {golden['recorded']['commit'][:10]},"
    more = f"\n... and {len(problems) - 40} more" if len(problems) > 40 else ""
    assert not problems, f"{recorded_by} reads otherwise:\n" + "\n".join(problems[:40]) + more

    # The imported table plays on: a GM's note reaches every seat's log as its newest entry.
    version = golden["seats"][golden["gm_seat"]]["state"]["table"]["version"]
    noted = client.post(
        f"/tables/{table_id}/commands",
        json={"type": "Note", "data": {"text": "The table plays on."}},
        headers={"X-Fatekit-Link": gm_link},
    )
    assert noted.status_code == 200, noted.text
    assert noted.json()["version"] == version + 1
    for seat, link in links.items():
        log = client.get(f"/tables/{table_id}/log", headers={"X-Fatekit-Link": link}).json()
        newest = log["entries"][0]
        assert (newest["type"], newest["version"], newest["data"]["text"]) == (
            "NoteAdded",
            version + 1,
            "The table plays on.",
        ), seat


@pytest.mark.rule("fate-points.gm-pool")
def test_a_table_recorded_before_the_pool_fix_keeps_its_pool_and_new_scenes_follow_it(
    client: TestClient,
) -> None:
    """Issue 27, mismatch 4 (fate-condensed.ru.md § Your Fate Points; ode-kortfattad.sv.rst
    § Dina ödespoäng): ``big-bad-ode`` was recorded while a major NPC's own fate points went into
    the GM's pool on its first scene (three PCs and the dragon's three: six, one spent on an
    invoke). Imported today it keeps that pool; the scenes it plays from now on are filled as the
    text says, one per PC, and a new major NPC's own points stay out as well."""
    golden = json.loads((HERE / "big-bad-ode.json").read_text(encoding="utf-8"))
    imported = client.post("/tables/import", json=golden["export"])
    assert imported.status_code == 201, imported.text
    table_id, link = imported.json()["table_id"], imported.json()["link"]
    headers = {"X-Fatekit-Link": link}
    recorded_pool = golden["seats"][golden["gm_seat"]]["state"]["gm_pool"]
    assert recorded_pool == 3 + 3 - 1

    def state() -> Any:
        return client.get(f"/tables/{table_id}/state", headers=headers).json()

    def send(type_name: str, **data: Any) -> None:
        done = client.post(
            f"/tables/{table_id}/commands", json={"type": type_name, "data": data}, headers=headers
        )
        assert done.status_code == 200, done.text

    assert state()["gm_pool"] == recorded_pool
    sheet = json.loads(golden["export"]["events"][8]["data"]["sheet"])
    assert (sheet["id"], sheet["kind"], sheet["fate_points"]) == ("draken", "major_npc", 3)
    wyrm = {**sheet, "id": "ormen", "name": "Ormen", "aspects": []}
    send("FinishConflict")
    send("EndScene")
    send("AddCharacter", sheet=json.dumps(wyrm))
    send(
        "StartScene",
        name="Ormens näste",
        participants=["astrid", "bjorn", "cilla", "draken", "ormen"],
    )
    assert state()["gm_pool"] == 3  # one per PC: neither NPC's own points
