"""Caps: texts, tables, events, characters and bytes per table, sockets per seat and address,
socket openings and made-up links. Every refusal changes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from fatekit.server.app import create_app
from fatekit.server.caps import Caps, texts_over
from fatekit.server.limits import RateLimit, client_address
from fatekit.store.memory import MemoryEventStore
from fatekit.store.sqlite import SqliteEventStore

from ..sheets import charles_sheet, ruth_sheet  # type: ignore[import-not-found]
from .conftest import LOOPBACK, Api, Seat, make_api  # type: ignore[import-not-found]


def refused_socket(seat: Seat) -> dict[str, Any]:
    """Open a socket that the server refuses; its error message and close code."""
    with seat.client.websocket_connect(f"/tables/{seat.table_id}/ws?link={seat.link}") as socket:
        error = socket.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    return {**error, "code": closed.value.code, "reason": closed.value.reason}


def test_a_text_over_the_cap_is_malformed_and_changes_nothing() -> None:
    api = make_api(caps=Caps(text=100))
    with api.client:
        gm = api.table()
        version = gm.get("/state")["table"]["version"]
        body = gm.send("Note", expect=422, text="x" * 101)
        assert body["error"] == "malformed"
        assert body["fields"] == {"data.text": "at most 100 characters (this has 101)"}
        gm.send("Note", text="x" * 100)
        assert gm.get("/state")["table"]["version"] == version + 1
        long_name = api.client.post("/tables", json={"name": "n" * 101})
        assert long_name.status_code == 422 and "name" in long_name.json()["fields"]
        invited = api.client.post(
            f"/tables/{gm.table_id}/seats", json={"name": "a" * 101}, headers=gm.headers
        )
        assert invited.status_code == 422 and "name" in invited.json()["fields"]
        assert len(gm.get("/state")["seats"]) == 1


def test_texts_are_found_at_any_depth() -> None:
    value = {"a": ["ok", {"b": "x" * 5}], "c" * 6: 1}
    assert texts_over(value, 4, "data") == {
        "data.a[1].b": "at most 4 characters (this has 5)",
        "data": "names of at most 4 characters",
    }
    assert texts_over(["abcd", 12, None], 4) == {}


def test_a_table_at_its_event_cap_refuses_commands_over_http_and_websocket() -> None:
    api = make_api(caps=Caps(events_per_table=4))
    with api.client:
        gm = api.table()
        before = gm.get("/state")["table"]["version"]
        sent = 0
        while True:
            response = gm.client.post(
                f"/tables/{gm.table_id}/commands",
                json={"type": "Note", "data": {"text": f"n{sent}"}},
                headers=gm.headers,
            )
            if response.status_code != 200:
                break
            sent += 1
        assert before + sent == 4
        assert response.status_code == 409
        assert response.json() == {
            "error": "cap",
            "detail": response.json()["detail"],
            "cap": "events_per_table",
            "limit": 4,
            "waivable": False,  # a cap is the operator's, not a rule a GM sets aside
        }
        assert "export it" in response.json()["detail"]
        with api.client.websocket_connect(f"/tables/{gm.table_id}/ws?link={gm.link}") as socket:
            assert socket.receive_json()["kind"] == "hello"
            for _ in range(4):
                socket.receive_json()  # the catch-up
            socket.send_json({"kind": "command", "id": 1, "type": "Note", "data": {"text": "y"}})
            error = socket.receive_json()
            assert (
                error["kind"] == "error"
                and error["status"] == 409
                and error["cap"] == "events_per_table"
            )
        assert len(api.store.read(gm.table_id)) == 4


def test_a_table_at_its_character_cap_refuses_another_character() -> None:
    api = make_api(caps=Caps(characters_per_table=1))
    with api.client:
        gm = api.table()
        gm.send("AddCharacter", sheet=ruth_sheet())
        refused = gm.send("AddCharacter", expect=409, sheet=charles_sheet())
        assert refused["cap"] == "characters_per_table" and refused["limit"] == 1
        assert [c["id"] for c in gm.get("/state")["characters"]] == ["ruth"]
        gm.send("Note", text="other commands still play")


def test_a_table_at_its_byte_cap_refuses_what_would_pass_it() -> None:
    api = make_api(caps=Caps(bytes_per_table=3000))
    with api.client:
        gm = api.table()
        codes = [
            gm.client.post(
                f"/tables/{gm.table_id}/commands",
                json={"type": "Note", "data": {"text": "x" * 450}},
                headers=gm.headers,
            )
            for _ in range(8)
        ]
        assert [c.status_code for c in codes].count(200) in range(3, 6)
        last = codes[-1].json()
        assert last["cap"] == "bytes_per_table" and last["limit"] == 3000
        records = api.store.read(gm.table_id)
        stored = sum(len(e.payload.encode()) for e in records)
        assert stored <= 3000
        # What still fits is taken: a note as long as the room left, past its payload's own keys.
        room = 3000 - stored - (len(records[-1].payload.encode()) - 450)
        assert room > 0
        gm.send("Note", text="y" * room)
        assert sum(len(e.payload.encode()) for e in api.store.read(gm.table_id)) == 3000


def test_the_byte_cap_counts_what_another_server_wrote(tmp_path: Path) -> None:
    # Two servers on one SQLite file, as two processes behind a proxy would be: the second's
    # first command at the table already counts every byte the first one stored.
    path = tmp_path / "shared.sqlite"
    stores = [SqliteEventStore(path), SqliteEventStore(path)]
    apps = [create_app(store, caps=Caps(bytes_per_table=3000)) for store in stores]
    with TestClient(apps[0], client=LOOPBACK) as one, TestClient(apps[1], client=LOOPBACK) as two:
        opened = one.post("/tables", json={"name": "The Yacht"}).json()
        gm = Seat(one, opened["table_id"], opened["seat"], opened["link"])
        for _ in range(4):
            gm.send("Note", text="x" * 500)
        written = stores[1].log_bytes(gm.table_id)
        assert 2000 < written == sum(len(e.payload.encode()) for e in stores[1].read(gm.table_id))
        at_two = Seat(two, gm.table_id, gm.seat, gm.link)
        refused = at_two.send("Note", expect=409, text="y" * (3000 - written))
        assert refused["cap"] == "bytes_per_table"
        assert stores[0].log_bytes(gm.table_id) == written  # nothing was stored
        at_two.send("Note", text="y" * 10)  # what fits is taken
    for store in stores:
        store.close()


def test_a_table_records_links_up_to_its_cap() -> None:
    api = make_api(caps=Caps(links_per_table=3))
    with api.client:
        gm = api.table()  # the GM's link: one
        ann = gm.invite("Ann")  # two
        path = f"/tables/{gm.table_id}/seats/{ann.seat}/links"
        assert api.client.post(path, headers=gm.headers).status_code == 201  # three
        refused = api.client.post(path, headers=gm.headers)
        assert refused.status_code == 409 and refused.json()["cap"] == "links_per_table"
        again = api.client.post(
            f"/tables/{gm.table_id}/seats", json={"name": "Bo"}, headers=gm.headers
        )
        assert again.status_code == 409 and again.json()["cap"] == "links_per_table"
        assert len(gm.get("/state")["seats"]) == 2  # Bo was not seated
        assert (
            api.client.delete(path, headers=gm.headers).status_code == 200
        )  # revoking still works


def test_the_server_opens_tables_up_to_its_cap() -> None:
    api = make_api(caps=Caps(tables=2))
    with api.client:
        gm = api.table()
        api.table()
        refused = api.client.post("/tables", json={"name": "Third"})
        assert refused.status_code == 409
        assert refused.json()["cap"] == "tables" and refused.json()["limit"] == 2
        file = gm.get("/export")
        again = api.client.post("/tables/import", json=file)
        assert again.status_code == 409 and again.json()["cap"] == "tables"
        tables = [t for t in api.store.list_tables() if not t.startswith("links:")]
        assert len(tables) == 2
        assert len(api.store.list_tables()) == 4  # no link for a table that was refused


def test_a_table_file_past_a_table_cap_is_refused(api: Api) -> None:
    gm = api.table()
    gm.send("Note", text="one")
    gm.send("Note", text="two")
    file = gm.get("/export")
    small = make_api(caps=Caps(events_per_table=2))
    with small.client:
        refused = small.client.post("/tables/import", json=file)
        assert refused.status_code == 409 and refused.json()["cap"] == "events_per_table"
        assert small.store.list_tables() == []  # no table, and no link


def test_a_seat_holds_at_most_its_cap_of_sockets(api: Api) -> None:
    capped = make_api(caps=Caps(sockets_per_seat=2))
    with capped.client:
        gm = capped.table()
        ann = gm.invite("Ann")
        url = f"/tables/{ann.table_id}/ws?link={ann.link}"
        with (
            capped.client.websocket_connect(url) as one,
            capped.client.websocket_connect(url) as two,
        ):
            assert one.receive_json()["kind"] == two.receive_json()["kind"] == "hello"
            refusal = refused_socket(ann)
            assert refusal["status"] == 429 and refusal["error"] == "too_many"
            assert refusal["code"] == 4429 and "this seat" in refusal["reason"]
            with capped.client.websocket_connect(f"/tables/{gm.table_id}/ws?link={gm.link}") as g:
                assert g.receive_json()["kind"] == "hello"  # another seat is not held back
        with capped.client.websocket_connect(url) as again:  # closed ones are given back
            assert again.receive_json()["kind"] == "hello"


def test_an_address_holds_at_most_its_cap_of_sockets() -> None:
    capped = make_api(caps=Caps(sockets_per_address=2))
    with capped.client:
        gm = capped.table()
        ann, bo = gm.invite("Ann"), gm.invite("Bo")
        gm_url = f"/tables/{gm.table_id}/ws?link={gm.link}"
        ann_url = f"/tables/{ann.table_id}/ws?link={ann.link}"
        with (
            capped.client.websocket_connect(gm_url) as one,
            capped.client.websocket_connect(ann_url) as two,
        ):
            assert one.receive_json()["kind"] == two.receive_json()["kind"] == "hello"
            refusal = refused_socket(bo)
            assert refusal["code"] == 4429 and "your address" in refusal["reason"]
            elsewhere = TestClient(capped.client.app, client=("127.0.0.9", 1))
            with elsewhere.websocket_connect(f"/tables/{bo.table_id}/ws?link={bo.link}") as b:
                assert b.receive_json()["kind"] == "hello"
        with capped.client.websocket_connect(f"/tables/{bo.table_id}/ws?link={bo.link}") as b:
            assert b.receive_json()["kind"] == "hello"


def test_socket_openings_take_from_the_address_budget() -> None:
    # Refilled one a million seconds: however slow the machine, no opening comes back mid-test.
    api = make_api(rate=1e-6, burst=2)
    with api.client:
        gm = api.table()  # one request: the address has one opening left
        with api.client.websocket_connect(f"/tables/{gm.table_id}/ws?link={gm.link}") as s:
            assert s.receive_json()["kind"] == "hello"
        refusal = refused_socket(gm)
        assert refusal["code"] == 4429 and "slow down" in refusal["reason"]


def test_made_up_links_are_slowed_but_proven_ones_play_on() -> None:
    store = MemoryEventStore()
    # Misses refill one a million seconds: however slow the machine, none comes back mid-test.
    app = create_app(store, rate=1000, burst=1000, misses=1e-6, miss_burst=5)
    client = TestClient(app, client=("127.0.0.1", 1))
    gm = client.post("/tables", json={"name": "T"}).json()
    path = f"/tables/{gm['table_id']}/state"
    assert client.get(path, headers={"x-fatekit-link": gm["link"]}).status_code == 200
    codes = [
        client.get(path, headers={"x-fatekit-link": f"{gm['table_id']}.made-up-{n}"}).status_code
        for n in range(10)
    ]
    assert codes[:5] == [401] * 5 and codes[5:] == [429] * 5
    assert client.get(path, headers={"x-fatekit-link": gm["link"]}).status_code == 200
    other = TestClient(app, client=("127.0.0.2", 1))  # another address has its own budget
    assert other.get(path, headers={"x-fatekit-link": "x.made-up"}).status_code == 401


def test_rate_limit_buckets_that_refilled_are_forgotten() -> None:
    now = [0.0]
    limit = RateLimit(create_app(MemoryEventStore()), rate=10, burst=10, clock=lambda: now[0])
    client = TestClient(limit, client=("127.0.0.1", 1))
    for n in range(50):
        client.get("/", headers={"x-fatekit-link": f"t.{n}"})
    assert len(limit.buckets) == 50
    now[0] += 11  # every bucket refilled; the next request sweeps
    client.get("/")
    assert set(limit.buckets) == {"addr:127.0.0.1"}


def test_ipv6_clients_are_counted_by_their_64() -> None:
    one = client_address({"client": ("2001:db8:1:2:aaaa::1", 1)})
    two = client_address({"client": ("2001:db8:1:2:bbbb::9", 1)})
    assert one == two == "2001:db8:1:2::/64"
    assert client_address({"client": ("2001:db8:1:3::1", 1)}) != one
    assert client_address({"client": ("192.0.2.1", 1)}) == "192.0.2.1"
    assert client_address({}) == "?"
