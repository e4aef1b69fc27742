"""Every HTTP endpoint: what it answers, who may call it, and the error bodies it gives."""

from __future__ import annotations

import json
from typing import Any

from fatekit.server.links import LinkRegistry
from fatekit.table import fold
from fatekit.table.export import import_table

from ..sheets import charles_sheet, npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from .conftest import Api, Seat, make_api  # type: ignore[import-not-found]


def test_creating_a_table_gives_the_gm_a_working_link(api: Api) -> None:
    gm = api.table("The Yacht", preset="core", gm_name="Gina")
    assert gm.seat == "gm" and gm.link.startswith(gm.table_id + ".")
    joined = api.client.get("/join", headers=gm.headers).json()
    assert joined == {
        "table_id": gm.table_id,
        "seat": "gm",
        "role": "gm",
        "name": "Gina",
        "version": 1,
    }
    view = gm.get("/state")
    assert view["table"]["name"] == "The Yacht" and view["table"]["preset"] == "core"
    assert view["you"]["role"] == "gm"


def test_a_table_that_cannot_exist_leaves_nothing_behind(api: Api) -> None:
    bad = api.client.post("/tables", json={"name": "X", "preset": "no-such-preset"})
    assert bad.status_code == 422 and bad.json()["error"] == "malformed"
    blank = api.client.post("/tables", json={"name": 7, "colour": "red"})
    assert blank.status_code == 422
    assert set(blank.json()["fields"]) == {"name", "colour"}
    # Neither a table nor a link stream was written.
    assert api.store.list_tables() == []


def test_the_gm_invites_players_and_spectators(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    sam = gm.invite("Sam Watcher", role="spectator")
    assert (ann.seat, sam.seat) == ("ann", "sam-watcher")
    assert api.client.get("/join", params={"link": sam.link}).json()["role"] == "spectator"
    seats = {s["id"]: s["role"] for s in gm.get("/state")["seats"]}
    assert seats == {"gm": "gm", "ann": "player", "sam-watcher": "spectator"}
    # A player may not invite, and a refused invitation issues no link.
    links_before = api.store.version("links:" + gm.table_id)
    refused = api.client.post(
        f"/tables/{gm.table_id}/seats", json={"name": "Eve"}, headers=ann.headers
    )
    assert refused.status_code == 403 and refused.json()["rule"]["key"] == "table.seats"
    assert api.store.version("links:" + gm.table_id) == links_before
    # The table gives the ids: one asked for but taken, or a name in any script, makes a new one.
    again = api.client.post(
        f"/tables/{gm.table_id}/seats", json={"name": "Ann", "seat_id": "ann"}, headers=gm.headers
    )
    assert again.status_code == 201 and again.json()["seat"] == "ann-2"
    for made in ("аня", "аня-2"):
        anya = api.client.post(
            f"/tables/{gm.table_id}/seats", json={"name": "Аня"}, headers=gm.headers
        )
        assert anya.status_code == 201 and anya.json()["seat"] == made
        assert api.client.get("/join", params={"link": anya.json()["link"]}).json()["seat"] == made


def test_links_can_be_reissued_and_revoked(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    fresh = api.client.post(f"/tables/{gm.table_id}/seats/ann/links", headers=gm.headers)
    assert fresh.status_code == 201
    second = fresh.json()["link"]
    assert second != ann.link
    assert api.client.get("/join", params={"link": second}).json()["seat"] == "ann"
    # Only the GM hands out links; nobody gets one for a seat that is not there.
    assert (
        api.client.post(f"/tables/{gm.table_id}/seats/ann/links", headers=ann.headers).status_code
        == 403
    )
    assert (
        api.client.post(f"/tables/{gm.table_id}/seats/nobody/links", headers=gm.headers).status_code
        == 404
    )
    # A player may revoke their own links but not the GM's.
    other = api.client.delete(f"/tables/{gm.table_id}/seats/gm/links", headers=ann.headers)
    assert other.status_code == 403
    own = api.client.delete(f"/tables/{gm.table_id}/seats/ann/links", headers=ann.headers)
    assert own.json() == {"revoked": 2}
    for link in (ann.link, second):
        refused = api.client.get("/join", params={"link": link})
        assert refused.status_code == 401 and refused.json()["error"] == "link"


def test_the_tables_last_gm_link_cannot_be_revoked(api: Api) -> None:
    # The probe revoked the only GM link: nobody could run the table after that.
    gm = api.table()
    ann = gm.invite("Ann")
    path = f"/tables/{gm.table_id}/seats/gm/links"
    version = gm.get("/state")["table"]["version"]
    refused = api.client.delete(path, headers=gm.headers)
    assert refused.status_code == 403 and "last GM link" in refused.json()["detail"]
    assert api.client.get("/join", params={"link": gm.link}).status_code == 200
    # Nor the last GM seat holding links be removed, by its own command.
    co = gm.invite("Co-GM", role="gm", seat_id="co")
    api.client.delete(f"/tables/{gm.table_id}/seats/co/links", headers=co.headers)
    assert gm.send("RemoveSeat", expect=403, seat_id="gm")["error"] == "forbidden"
    assert api.client.get("/join", params={"link": gm.link}).status_code == 200
    # With another GM seat holding a link, the first GM may go.
    co = Seat(api.client, gm.table_id, "co", gm_link_for(api, gm, "co"))
    assert api.client.delete(path, headers=gm.headers).json() == {"revoked": 1}
    assert co.get("/state")["table"]["version"] > version
    assert ann.get("/state")["you"]["seat"] == "ann"


def gm_link_for(api: Api, gm: Seat, seat: str) -> str:
    response = api.client.post(f"/tables/{gm.table_id}/seats/{seat}/links", headers=gm.headers)
    assert response.status_code == 201, response.text
    link: str = response.json()["link"]
    return link


def test_missing_wrong_and_foreign_links(api: Api) -> None:
    gm = api.table()
    other = api.table("Another table")
    assert api.client.get(f"/tables/{gm.table_id}/state").status_code == 401
    assert api.client.get("/join").json()["error"] == "link"
    assert api.client.get("/join", params={"link": "nodot"}).status_code == 401
    assert api.client.get("/join", params={"link": gm.table_id + ".guess"}).status_code == 401
    foreign = api.client.get(f"/tables/{gm.table_id}/state", headers=other.headers)
    assert foreign.status_code == 403
    # A link to a table id that has none (made by hand in the registry) finds nothing.
    ghost = LinkRegistry(api.store).issue("ghost", "gm")
    assert api.client.get("/join", params={"link": ghost.token}).status_code == 404


def test_commands_are_acknowledged_with_the_senders_view_of_their_events(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    added = ann.send("AddCharacter", sheet=ruth_sheet(), owner="ann")
    assert added["version"] == 3 and added["replayed"] is False
    assert [e["type"] for e in added["events"]] == ["CharacterAdded"]
    assert added["events"][0]["data"]["character"]["sheet"]["name"] == "Ruth"
    note = ann.send("Note", text="Ruth lights a lamp")
    assert note["events"][0]["data"]["text"] == "Ruth lights a lamp"
    assert gm.get("/log")["entries"][0]["data"]["text"] == "Ruth lights a lamp"


def test_malformed_commands_get_422_with_a_message_per_field(api: Api) -> None:
    gm = api.table()
    body = gm.send("Note", expect=422, txt="x")
    assert body["fields"] == {"data.txt": "unknown field", "data.text": "required"}
    unknown = gm.send("Teleport", expect=422)
    assert "type" in unknown["fields"]
    wrong = api.client.post(
        f"/tables/{gm.table_id}/commands",
        json={"type": "Note", "data": [], "expected_version": -1, "extra": 1},
        headers=gm.headers,
    )
    assert wrong.status_code == 422
    assert {"data", "expected_version", "extra"} <= set(wrong.json()["fields"])
    not_json = api.client.post(
        f"/tables/{gm.table_id}/commands",
        content=b"{not json",
        headers={**gm.headers, "content-type": "application/json"},
    )
    assert not_json.status_code == 422
    create = gm.send("CreateTable", expect=422, name="Again")
    assert create["fields"] == {"type": "a table is created with POST /tables"}


def test_illegal_moves_get_409_naming_the_rule_and_forbidden_ones_403(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    illegal = gm.send("EndScene", expect=409)
    assert illegal["error"] == "illegal"
    assert illegal["rule"]["key"] == "scene.end"
    # Cited from the table's own book: Fate Condensed (the English SRD where it writes the rule).
    assert illegal["rule"]["citation"].startswith("srd/Fate-Condensed-SRD-CC-BY.md §")
    assert illegal["rule"]["book"] == "condensed"
    forbidden = ann.send("Note", expect=403, text="psst", visibility="gm")
    assert forbidden["error"] == "forbidden" and forbidden["rule"]["key"] == "table.seats"
    # Nothing was stored by either.
    assert gm.get("/events")["version"] == 2


def test_a_stale_version_gets_409_with_what_changed_as_the_sender_may_see_it(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    gm.send("Note", text="ZZ-SECRET plan", visibility="gm")
    gm.send("Note", text="The storm breaks")
    stale = api.client.post(
        f"/tables/{gm.table_id}/commands",
        json={"type": "Note", "data": {"text": "hi"}, "expected_version": 2},
        headers=ann.headers,
    )
    assert stale.status_code == 409
    body = stale.json()
    assert (body["error"], body["expected"], body["actual"]) == ("stale", 2, 4)
    assert [e["version"] for e in body["since"]] == [4]
    assert "ZZ-SECRET" not in stale.text
    fresh = api.client.post(
        f"/tables/{gm.table_id}/commands",
        json={"type": "Note", "data": {"text": "hi"}, "expected_version": 4},
        headers=ann.headers,
    )
    assert fresh.status_code == 200 and fresh.json()["version"] == 5


def test_a_retry_with_the_same_key_is_applied_once(api: Api) -> None:
    gm = api.table()
    command = {"type": "Note", "data": {"text": "once"}, "idempotency_key": "k-1"}
    first = api.client.post(f"/tables/{gm.table_id}/commands", json=command, headers=gm.headers)
    retry = api.client.post(f"/tables/{gm.table_id}/commands", json=command, headers=gm.headers)
    assert first.json()["replayed"] is False and retry.json()["replayed"] is True
    assert first.json()["events"] == retry.json()["events"]
    notes = [e for e in gm.get("/log")["entries"] if e["type"] == "NoteAdded"]
    assert [n["data"]["text"] for n in notes] == ["once"]


def test_a_key_replays_only_the_same_seats_same_command(api: Api) -> None:
    # The probe: a player and a spectator sent other commands (a secret roll among them) with the
    # GM's key and were answered {"replayed": true} with the GM's events, their right unchecked.
    gm = api.table()
    ann, sam = gm.invite("Ann"), gm.invite("Sam", role="spectator")
    ann.send("AddCharacter", sheet=ruth_sheet(), owner="ann")

    def send(seat: Seat, type_name: str, key: str, **data: Any) -> Any:
        body = {"type": type_name, "data": data, "idempotency_key": key}
        path = f"/tables/{gm.table_id}/commands"
        return api.client.post(path, json=body, headers=seat.headers)

    secret = {"actor": "ruth", "skill": "fight", "dice": "++++", "reason": "ZZ-GM-KEY"}
    first = send(gm, "SecretRoll", "gm-key", **secret)
    assert first.status_code == 200 and first.json()["replayed"] is False
    for seat in (ann, sam):
        refused = send(seat, "SecretRoll", "gm-key", **secret)
        assert refused.status_code == 403, refused.text
        assert "ZZ-GM-KEY" not in refused.text and "replayed" not in refused.text
    # Another seat's own command with the same key is its own, applied once.
    note = send(ann, "Note", "gm-key", text="Ann's note")
    assert note.status_code == 200 and note.json()["replayed"] is False
    assert send(ann, "Note", "gm-key", text="Ann's note").json()["replayed"] is True
    # The same seat's other command with a used key is another command: not a replay of the
    # first (whose events it would be answered with), applied as any command is.
    other = send(gm, "Note", "gm-key", text="The GM's note")
    assert other.status_code == 200 and other.json()["replayed"] is False
    assert other.json()["events"][0]["data"]["text"] == "The GM's note"
    again = send(gm, "SecretRoll", "gm-key", **secret)
    assert again.json()["replayed"] is True and again.json()["events"] == first.json()["events"]
    notes = [e["data"]["text"] for e in gm.get("/log")["entries"] if e["type"] == "NoteAdded"]
    assert sorted(notes) == ["Ann's note", "The GM's note"]


def test_events_after_a_version_are_redacted_and_paged(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    for n in range(5):
        gm.send("Note", text=f"note {n}")
    gm.send("Note", text="ZZ-GM-ONLY", visibility="gm")
    everything = ann.get("/events")
    assert everything["version"] == everything["through"] == 8 and not everything["more"]
    assert "ZZ-GM-ONLY" not in json.dumps(everything)
    assert [e["version"] for e in everything["events"]] == [1, 2, 3, 4, 5, 6, 7]
    page = ann.get("/events", after=2, limit=3)
    assert [e["version"] for e in page["events"]] == [3, 4, 5]
    assert page["through"] == 5 and page["more"]
    # The last page ends in an event Ann may not see: "through" still moves her on.
    last = ann.get("/events", after=7)
    assert last["events"] == [] and last["through"] == 8 and not last["more"]
    assert "ZZ-GM-ONLY" in json.dumps(gm.get("/events", after=7))
    assert ann.get("/events", after=99)["events"] == []
    assert ann.get("/events", expect=422, after=-1)["error"] == "malformed"


def test_the_log_is_computed_per_seat(api: Api) -> None:
    # Notes left the view for the log (the view holds what is in play, not the story so far).
    gm = api.table()
    ann = gm.invite("Ann")
    gm.send("Note", text="ZZ-GM-ONLY", visibility="gm")
    ann.send("Note", text="ZZ-ANN-PRIVATE", visibility="private")
    assert "ZZ-GM-ONLY" not in json.dumps(ann.get("/log"))
    assert "ZZ-ANN-PRIVATE" in json.dumps(ann.get("/log"))
    gm_log = json.dumps(gm.get("/log"))
    assert "ZZ-GM-ONLY" in gm_log and "ZZ-ANN-PRIVATE" in gm_log
    assert "ZZ-" not in json.dumps(gm.get("/state"))


def test_the_log_comes_a_page_at_a_time_newest_first(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    for n in range(12):
        gm.send("Note", text=f"secret {n}", visibility="gm")
        gm.send("Note", text=f"told {n}")
    version = gm.get("/state")["table"]["version"]
    first = ann.get("/log", limit=5)
    assert [e["data"]["text"] for e in first["entries"]] == [f"told {n}" for n in (11, 10, 9, 8, 7)]
    assert first["version"] == version and first["more"]
    # Hidden entries take no place on a page: the next one starts where this one stopped.
    second = ann.get("/log", limit=5, before=first["before"])
    assert [e["data"]["text"] for e in second["entries"]] == [f"told {n}" for n in (6, 5, 4, 3, 2)]
    rest = ann.get("/log", limit=50, before=second["before"])
    texts = [e["data"].get("text") for e in rest["entries"]]
    assert texts[:2] == ["told 1", "told 0"] and not rest["more"]
    assert [e["type"] for e in rest["entries"]][-1] == "TableCreated"
    assert len(gm.get("/log", limit=50)["entries"]) == version  # every event, GM notes too
    assert ann.get("/log", expect=422, limit=0)["error"] == "malformed"
    assert ann.get("/log", expect=422, limit=201)["error"] == "malformed"
    assert ann.get("/log", expect=422, before=0)["error"] == "malformed"


def test_export_and_import_a_whole_table(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    ann.send("AddCharacter", sheet=ruth_sheet(), owner="ann")
    gm.send("AddCharacter", sheet=charles_sheet())
    assert ann.get("/export", expect=403)["error"] == "forbidden"
    exported = gm.get("/export")
    assert exported["format"] == "fatekit-table" and len(exported["events"]) == 4
    made = api.client.post("/tables/import", json=exported)
    assert made.status_code == 201
    copy = made.json()
    assert copy["table_id"] != gm.table_id and copy["seat"] == "gm" and copy["version"] == 4
    copied = api.client.get(
        f"/tables/{copy['table_id']}/state", headers={"X-Fatekit-Link": copy["link"]}
    ).json()
    original = gm.get("/state")
    assert copied["characters"] == original["characters"]
    assert fold(import_table(exported).events).version == 4
    broken = api.client.post("/tables/import", json={**exported, "format": "something"})
    assert broken.status_code == 422 and broken.json()["fields"]
    tables_before = api.store.list_tables()
    assert api.client.post("/tables/import", json=[1, 2]).status_code == 422
    assert api.store.list_tables() == tables_before


def test_export_a_character(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    ben = gm.invite("Ben")
    ann.send("AddCharacter", sheet=ruth_sheet(), owner="ann")
    gm.send("AddCharacter", sheet=npc_sheet())  # an NPC, not revealed
    assert ann.get("/characters/ruth/export")["name"] == "Ruth"
    # Not met yet: no such character, for the players; met, a sheet they may not read.
    assert ben.get("/characters/alice/export", expect=404)["error"] == "not_found"
    gm.send("StartSession")
    gm.send("StartScene", name="Deck", participants=["ruth", "alice"])
    assert ben.get("/characters/alice/export", expect=403)["error"] == "forbidden"
    assert gm.get("/characters/alice/export")["name"] == "Alice Westforth"
    assert gm.get("/characters/nobody/export", expect=404)["error"] == "not_found"


def test_a_removed_seat_loses_its_links(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    gm.send("RemoveSeat", seat_id="ann")
    assert api.client.get("/join", params={"link": ann.link}).status_code == 401
    # Seated again under the same id, only the new link opens the seat.
    again = gm.invite("Ann", seat_id="ann")
    assert api.client.get("/join", params={"link": again.link}).json()["seat"] == "ann"
    assert api.client.get("/join", params={"link": ann.link}).status_code == 401


def test_unknown_tables_and_paths(api: Api) -> None:
    gm = api.table()
    assert api.client.get("/tables/nope/state", headers=gm.headers).status_code == 403
    assert api.client.get("/no/such/path").json()["error"] == "not_found"
    assert api.client.get("/").json()["name"] == "fatekit"


def test_the_openapi_description_lists_every_endpoint(api: Api) -> None:
    spec = api.client.get("/openapi.json").json()
    paths = set(spec["paths"])
    assert {
        "/tables",
        "/tables/import",
        "/join",
        "/tables/{table_id}/state",
        "/tables/{table_id}/events",
        "/tables/{table_id}/commands",
        "/tables/{table_id}/seats",
        "/tables/{table_id}/seats/{seat_id}/links",
        "/tables/{table_id}/export",
        "/tables/{table_id}/characters/{character_id}/export",
    } <= paths
    schemes = spec["components"]["securitySchemes"]
    assert {s.get("name", s.get("scheme")) for s in schemes.values()} == {
        "X-Fatekit-Link",
        "link",
        "bearer",
    }


def test_oversized_bodies_get_413_and_floods_429() -> None:
    small = make_api(max_body=2000, rate=1e-6, burst=2)  # no refill, however slow the machine
    with small.client:
        big = small.client.post("/tables", json={"name": "x" * 5000})
        assert big.status_code == 413
        codes = [small.client.post("/tables", json={"name": "T"}).status_code for _ in range(4)]
        assert codes[-1] == 429 and 201 in codes
        slowed = small.client.post("/tables", json={"name": "T"})
        assert slowed.status_code == 429 and int(slowed.headers["retry-after"]) >= 1
