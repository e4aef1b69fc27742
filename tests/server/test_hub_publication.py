"""The hub's publication at a table of a GM and five players, each with a live document: a note
is patched as its two version numbers and encoded once for every seat; a move that touches
play rebuilds what it touched, and every patch brings each seat's document to the whole build."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fatekit.server.hub import Batch, Hub, Subscriber, render
from fatekit.server.patch import apply_patch
from fatekit.store.memory import MemoryEventStore
from fatekit.store.tables import Executed, TableRepository
from fatekit.table.extras import document_for
from fatekit.table.serialize import command_from_json


def _table() -> tuple[TableRepository, list[str]]:
    repo = TableRepository(MemoryEventStore())
    repo.execute("t", command_from_json("CreateTable", {"name": "Bench"}), seat="gm")
    for n in range(5):
        command = command_from_json("AddSeat", {"name": f"P{n}", "role": "player"})
        executed = repo.execute("t", command, seat="gm")
    return repo, list(executed.state.seats)


def _drain(subscriber: Subscriber) -> list[Batch]:
    found = []
    while not subscriber.outbox.empty():
        item = subscriber.outbox.get_nowait()
        assert isinstance(item, Batch)
        found.append(item)
    return found


def _publish(hub: Hub, executed: Executed, watching: list[Subscriber]) -> dict[str, Batch]:
    hub.publish("t", executed.events, executed.state)
    return {s.seat: _drain(s)[0] for s in watching}


def test_a_note_is_patched_as_its_versions_and_encoded_once_for_all() -> None:
    async def run() -> None:
        repo, seats = _table()
        hub = Hub()
        watching = [hub.subscribe("t", seat, document=True) for seat in seats]
        state = repo.load("t")
        documents: dict[str, Any] = {}
        for seat in seats:
            documents[seat] = document_for(state, seat)
            hub.remember("t", seat, state.version, documents[seat])
        note = command_from_json("Note", {"text": "The rain does not stop."})
        batches = _publish(hub, repo.execute("t", note, seat=seats[1]), watching)
        version = repo.load("t").version
        for batch in batches.values():
            event, view = (json.loads(text) for _, text in batch.lines)
            assert event["event"]["data"]["text"] == "The rain does not stop."
            assert view == {
                "kind": "view",
                "version": version,
                "base": version - 1,
                "patch": [
                    {"op": "replace", "path": "/table/version", "value": version},
                    {"op": "replace", "path": "/extras/version", "value": version},
                ],
            }
        # One text of each message for all six seats: the same string object.
        assert len({id(text) for b in batches.values() for _, text in b.lines}) == 2

    asyncio.run(run())


def test_patches_of_moves_that_touch_play_bring_every_seat_to_the_whole_build() -> None:
    async def run() -> None:
        repo, seats = _table()
        hub = Hub()
        watching = [hub.subscribe("t", seat, document=True) for seat in seats]
        state = repo.load("t")
        documents: dict[str, Any] = {}
        for seat in seats:
            documents[seat] = document_for(state, seat)
            hub.remember("t", seat, state.version, documents[seat])
        moves = [
            ("StartScene", {"name": "A wet night", "participants": []}),
            ("AddSituationAspect", {"name": "Pouring Rain"}),
            ("Note", {"text": "Thunder.", "visibility": "gm"}),
            ("SetSafetyTool", {"tool": "x-card", "on": False}),
            ("EndScene", {}),
        ]
        for name, data in moves:
            executed = repo.execute("t", command_from_json(name, data), seat="gm")
            batches = _publish(hub, executed, watching)
            for seat, batch in batches.items():
                view = json.loads(batch.lines[-1][1])
                documents[seat] = apply_patch(documents[seat], view["patch"])
                assert documents[seat] == document_for(executed.state, seat), (name, seat)

    asyncio.run(run())


def test_every_seat_receives_what_it_would_alone_with_two_gms() -> None:
    # The publication shares work between seats (a GM's lines with every GM): each seat still
    # receives exactly the lines rendered for it alone, a GM's note whole for both GMs and as a
    # version for the players.
    async def run() -> None:
        repo, seats = _table()
        command = command_from_json("AddSeat", {"name": "Co-GM", "role": "gm"})
        seats = list(repo.execute("t", command, seat="gm").state.seats)
        hub = Hub()
        watching = [hub.subscribe("t", seat) for seat in seats]
        for data in ({"text": "Behind the door.", "visibility": "gm"}, {"text": "Rain."}):
            executed = repo.execute("t", command_from_json("Note", data), seat="gm")
            hub.publish("t", executed.events, executed.state)
            for subscriber in watching:
                (batch,) = _drain(subscriber)
                alone = render(executed.events, executed.state, subscriber.seat)
                assert list(batch.lines) == alone, (data, subscriber.seat)
                kinds = [json.loads(text)["kind"] for _, text in batch.lines]
                gm = executed.state.seat(subscriber.seat).is_gm
                assert kinds == ["event" if gm or data.get("visibility") is None else "version"]

    asyncio.run(run())


def test_each_event_is_converted_once_for_the_store_and_every_seat(monkeypatch: Any) -> None:
    # The repository converts an event's fields for the store and hands them on with the
    # events; the hub sends from them, not from a second conversion, and every seat still
    # receives exactly what it would alone.
    import fatekit.server.hub as hub_module
    import fatekit.store.tables as tables_module
    from fatekit.server.fanout import Fanout
    from fatekit.server.links import LinkRegistry
    from fatekit.table.serialize import event_payload, own_fields

    converted: list[int] = []

    def counting(event: Any) -> dict[str, Any]:
        converted.append(event.version)
        return own_fields(event)

    async def run() -> None:
        repo, seats = _table()
        hub = Hub()
        fanout = Fanout(hub, repo, LinkRegistry(repo.store))
        watching = [await fanout.watch("t", seat, document=seat == seats[0]) for seat in seats]
        monkeypatch.setattr(tables_module, "own_fields", counting)
        monkeypatch.setattr(hub_module, "own_fields", counting)
        for data in ({"text": "Rain.", "visibility": "gm"}, {"text": "Thunder."}):
            executed = repo.execute("t", command_from_json("Note", data), seat="gm")
            (event,) = executed.events
            assert executed.fields == (own_fields(event),)
            stored = repo.store.read("t", event.version - 1)[0]
            assert stored.payload == event_payload(event)
            fanout.publish_executed("t", executed, [])
            assert converted.count(event.version) == 1, data
            for subscriber in watching:
                (batch,) = _drain(subscriber)
                alone = render(executed.events, executed.state, subscriber.seat)
                assert list(batch.lines[: len(alone)]) == alone, (data, subscriber.seat)

    asyncio.run(run())


def test_a_plain_slices_patch_is_made_once_for_every_seat_and_typed() -> None:
    # Every seat's table version moves alike: its operation is made once and shared; a change
    # to an equal value of another type (1 and True) is its own operation, written as it is.
    from fatekit.server.hub import Publication

    repo, _ = _table()
    executed = repo.execute("t", command_from_json("Note", {"text": "Rain."}), seat="gm")
    publication = Publication(executed.events, executed.state)
    version = executed.state.version
    change = (("table", "version"), version - 1, version)
    first, second = publication.patch([change]), publication.patch([change])
    assert first == [{"op": "replace", "path": "/table/version", "value": version}]
    assert first[0] is second[0]
    flag = publication.patch([(("extras", "flag"), 0, True)])
    number = publication.patch([(("extras", "flag"), 0, 1)])
    assert flag[0]["value"] is True and number[0]["value"] == 1 and number[0] is not flag[0]
    # A part that is not a plain value is diffed for its seat alone.
    parts = publication.patch([(("scene",), {"a": 1}, {"a": 2})])
    assert parts == [{"op": "replace", "path": "/scene/a", "value": 2}]
    assert publication.patch([(("scene",), {"a": 1}, {"a": 2})])[0] is not parts[0]
