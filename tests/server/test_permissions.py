"""A whole scene played by a GM, two players and a spectator through the HTTP API, with every
seat watching over a WebSocket the whole time. Every hidden thing carries a marker string; every
payload each seat received (command answers, views, extras, event and log pages, socket events,
and the live document's patches) is searched, for the markers and for the hidden numbers.

The GM receives every marker (so the search looks for strings that exist); no other seat ever
receives one hidden from it; Bob's sheet reaches the players only once the GM reveals him.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from fatekit.table import command_to_json
from fatekit.table import commands as c

from ..secret_scene import (  # type: ignore[import-not-found]
    ALWAYS_HIDDEN,
    BEN_ONLY,
    BOB,
    OPTIONS,
    PRIVATE,
    REVEALED_ROLL,
    RUTH_ONLY,
    numbers_kept,
    play_secret_scene,
)
from .conftest import Api, Seat, make_api  # type: ignore[import-not-found]
from .test_ws import Watcher, connect  # type: ignore[import-not-found]

SEATS = ("gm", "ann", "ben", "sam")


class Table:
    """Plays commands over HTTP and records every payload each seat received, by version."""

    def __init__(self, api: Api, gm: Seat, seats: dict[str, Seat]) -> None:
        self.api = api
        self.seats = {"gm": gm, **seats}
        self.received: dict[str, list[tuple[int, str]]] = {s: [] for s in SEATS}
        self.version = 0

    def do(self, command: c.Command, seat: str = "gm") -> int:
        sender = self.seats[seat]
        response = self.api.client.post(
            f"/tables/{sender.table_id}/commands",
            json=command_to_json(command),
            headers=sender.headers,
        )
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        self.version = body["version"]
        self.received[seat].append((self.version, response.text))
        # Each seat reads the table after every command, as a client refreshing would, and a
        # page of the log (redacted with the table as it is now).
        for name, reader in self.seats.items():
            for part in ("state", "extras", "log?limit=200"):
                read = self.api.client.get(
                    f"/tables/{reader.table_id}/{part}", headers=reader.headers
                )
                assert read.status_code == 200
                self.received[name].append((self.version, read.text))
                if part == "state" and read.json()["roll"] is not None:
                    # What the seat's characters may invoke on the roll, with the odds' advice.
                    for who in read.json()["you"]["characters"]:
                        found = self.api.client.get(
                            f"/tables/{reader.table_id}/invokes?by={who}", headers=reader.headers
                        )
                        assert found.status_code == 200
                        self.received[name].append((self.version, found.text))
        return self.version


class LiveDocument:
    """A socket keeping the seat's live document (``?view=1``): every message, as sent."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        hello = socket.receive_json()
        self.version: int = hello["version"]
        self.messages: list[tuple[int, str]] = [(self.version, json.dumps(hello))]

    def until(self, version: int) -> None:
        while self.version < version:
            raw = self.socket.receive_text()
            message = json.loads(raw)
            if message["kind"] == "view":
                self.version = message["version"]
            at = message["event"]["version"] if message["kind"] == "event" else self.version
            self.messages.append((at, raw))


def live(seat: Seat) -> Any:
    return seat.client.websocket_connect(f"/tables/{seat.table_id}/ws?link={seat.link}&view=1")


@pytest.fixture(scope="module")
def played() -> Iterator[tuple[Table, dict[str, Watcher]]]:
    api = make_api()
    with api.client:
        gm = api.table("The Yacht", options=list(OPTIONS))
        seats = {
            "ann": gm.invite("Ann"),
            "ben": gm.invite("Ben"),
            "sam": gm.invite("Sam", role="spectator"),
        }
        table = Table(api, gm, seats)
        with (
            connect(gm, after=0) as gm_socket,
            connect(seats["ann"], after=0) as ann_socket,
            connect(seats["ben"], after=0) as ben_socket,
            connect(seats["sam"], after=0) as sam_socket,
            live(gm) as gm_live,
            live(seats["ann"]) as ann_live,
            live(seats["ben"]) as ben_live,
            live(seats["sam"]) as sam_live,
        ):
            sockets = {"gm": gm_socket, "ann": ann_socket, "ben": ben_socket, "sam": sam_socket}
            watchers = {name: Watcher(socket) for name, socket in sockets.items()}
            lives = {"gm": gm_live, "ann": ann_live, "ben": ben_live, "sam": sam_live}
            documents = {name: LiveDocument(socket) for name, socket in lives.items()}
            play_secret_scene(table.do, api.dice)
            for name, watcher in watchers.items():
                watcher.until(table.version)
                for event in watcher.events:
                    table.received[name].append((event["version"], json.dumps(event)))
                documents[name].until(table.version)
                table.received[name].extend(documents[name].messages)
            # And the event pages each seat may read.
            for name, reader in table.seats.items():
                page = reader.get("/events")
                assert page["through"] == table.version
                # Read now, so tagged with the version now: a page redacts by what is hidden
                # now, and Bob's sheet is no secret any more.
                table.received[name].append((table.version, json.dumps(page)))
                log = reader.get("/log?limit=200")
                table.received[name].append((table.version, json.dumps(log)))
        yield table, watchers


def _revealed_at(table: Table, kind: str = "CharacterRevealed") -> int:
    events = table.seats["gm"].get("/events")["events"]
    return next(e["version"] for e in events if e["type"] == kind)


def test_the_gm_receives_every_secret(played: tuple[Table, dict[str, Watcher]]) -> None:
    table, _ = played
    everything = "\n".join(text for _, text in table.received["gm"])
    for marker in (*ALWAYS_HIDDEN, *PRIVATE.values(), RUTH_ONLY, *BEN_ONLY, BOB, *REVEALED_ROLL):
        assert marker in everything, marker
    assert numbers_kept([json.loads(text) for _, text in table.received["gm"]])


@pytest.mark.parametrize("seat", ["ann", "ben", "sam"])
def test_nothing_hidden_reaches_a_player_or_spectator(
    played: tuple[Table, dict[str, Watcher]], seat: str
) -> None:
    table, watchers = played
    forbidden = set(ALWAYS_HIDDEN)
    forbidden.update(marker for owner, marker in PRIVATE.items() if owner != seat)
    if seat != "ann":
        forbidden.add(RUTH_ONLY)
    if seat != "ben":
        forbidden.update(BEN_ONLY)
    revealed = _revealed_at(table)
    roll_revealed = _revealed_at(table, "SecretRollRevealed")
    payloads = table.received[seat]
    assert len(payloads) > 60
    for version, text in payloads:
        for marker in forbidden:
            assert marker not in text, f"{marker} reached {seat} at version {version}"
        if version < revealed:
            assert BOB not in text, f"Bob's sheet reached {seat} before he was revealed"
        if version < roll_revealed:
            for marker in REVEALED_ROLL:
                assert marker not in text, f"{marker} reached {seat} before the reveal"
        assert numbers_kept(json.loads(text)) == [], f"a hidden number reached {seat}"
    assert any(all(m in text for m in REVEALED_ROLL) for _, text in payloads)
    # What the seat may see did reach it: Bob's sheet once revealed, and Ann's secrets over
    # the socket too.
    assert any(BOB in text for version, text in payloads if version >= revealed)
    socket_text = json.dumps(watchers[seat].events)
    if seat == "ann":
        assert RUTH_ONLY in socket_text and PRIVATE["ann"] in socket_text
    # Hidden events still moved the seat's version on, to the table's last.
    assert watchers[seat].version == table.version
