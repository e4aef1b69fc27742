"""Two players rolling at the same moment, over real HTTP at a server on a SQLite file: both
commands are answered, both rolls stand in play, every seat's socket hears both, and each roll is
invoked on and settled by its id (fate-condensed.ru.md § Taking Action)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from fatekit.server.app import create_app
from fatekit.store.sqlite import SqliteEventStore

from ..sheets import charles_sheet, ruth_sheet  # type: ignore[import-not-found]
from .process import call  # type: ignore[import-not-found]
from .threaded import Reader, Running, serve_in_thread  # type: ignore[import-not-found]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    store = SqliteEventStore(tmp_path / "tables.sqlite")
    running = serve_in_thread(create_app(store, rate=10_000, burst=10_000))
    try:
        yield running
    finally:
        running.stop()
        store.close()


def test_two_players_rolling_at_once_are_both_answered_and_both_rolls_stand(
    server: Running,
) -> None:
    status, made = call("POST", f"{server.base}/tables", {"name": "At once"})
    assert status == 201, made
    table, links = made["table_id"], {"gm": made["link"]}
    for name in ("Ann", "Ben"):
        status, seat = call(
            "POST", f"{server.base}/tables/{table}/seats", {"name": name}, made["link"]
        )
        assert status == 201, seat
        links[seat["seat"]] = seat["link"]

    def send(seat: str, type_name: str, **data: Any) -> tuple[int, Any]:
        body = {"type": type_name, "data": data}
        return call("POST", f"{server.base}/tables/{table}/commands", body, links[seat])

    for seat, sheet in (("ann", ruth_sheet()), ("ben", charles_sheet())):
        assert send("gm", "AddCharacter", sheet=sheet, owner=seat)[0] == 200
    assert send("gm", "StartSession")[0] == 200
    scene = {"name": "Quay", "participants": ["ruth", "charles"]}
    status, started = send("gm", "StartScene", **scene)
    assert status == 200, started
    watching = Reader(f"{server.ws_base}/tables/{table}/ws", links["gm"]).open()
    rolls = [
        ("ann", {"actor": "ruth", "skill": "athletics", "dice": "+000"}),
        ("ben", {"actor": "charles", "skill": "lore", "dice": "0000"}),
    ]
    start = threading.Barrier(len(rolls))

    def roll(entry: tuple[str, dict[str, Any]]) -> tuple[int, Any]:
        seat, data = entry
        start.wait(timeout=10)
        return send(seat, "Roll", action="overcome", difficulty=2, **data)

    with ThreadPoolExecutor(len(rolls)) as pool:
        answers = list(pool.map(roll, rolls))
    assert [status for status, _ in answers] == [200, 200], answers
    versions = sorted(answer["version"] for _, answer in answers)
    watching.until(versions[-1])
    watching.close()
    heard = [e for e in watching.events if e["type"] == "RollMade"]
    assert sorted(e["data"]["actor"] for e in heard) == ["charles", "ruth"]
    status, view = call("GET", f"{server.base}/tables/{table}/state", link=links["ann"])
    assert status == 200, view
    by_actor = {r["actor"]: r["id"] for r in view["rolls"]}
    assert by_actor.keys() == {"ruth", "charles"}
    # Each player settles their own roll by its id, in either order.
    assert send("ben", "ResolveRoll", roll=by_actor["charles"])[0] == 200
    assert send("ann", "ResolveRoll", roll=by_actor["ruth"])[0] == 200
    status, view = call("GET", f"{server.base}/tables/{table}/state", link=links["gm"])
    assert view["rolls"] == [] and view["roll"] is None
