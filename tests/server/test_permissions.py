"""A whole scene played by a GM, two players and a spectator through the HTTP API, with every
seat watching over a WebSocket the whole time. Every hidden thing carries a marker string; every
payload each seat received (command answers, views, event pages, socket messages) is searched.

The GM receives every marker (so the search looks for strings that exist); no other seat ever
receives one hidden from it; Bob's sheet reaches the players only once the GM reveals him.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from fatekit.formats import dumps_character
from fatekit.rules import Action, major_npc
from fatekit.rules.countdowns import Visibility
from fatekit.table import command_to_json
from fatekit.table import commands as c
from fatekit.table.seats import NoteVisibility

from ..sheets import charles_sheet, npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from .conftest import Api, Seat, make_api  # type: ignore[import-not-found]
from .test_ws import Watcher, connect  # type: ignore[import-not-found]

ALWAYS_HIDDEN = {
    "ZZ-HIDDEN-ASPECT",
    "ZZ-NPC-SECRET",
    "ZZ-GM-NOTE",
    "ZZ-HIDDEN-COUNTDOWN",
    "ZZ-HIDDEN-OUTCOME",
    "zz-hidden-trigger",
    "cd-ZZ-HIDDEN-ID",
    "ZZ-BOXES-NAME",
    "ZZ-BOXES-OUTCOME",
    "zz-boxes-trigger",
}
PRIVATE = {"ann": "ZZ-ANN-PRIVATE", "ben": "ZZ-BEN-PRIVATE"}
RUTH_ONLY = "ZZ-RUTH-ONLY"
BOB = "ZZ-BOB-SECRET"
SEATS = ("gm", "ann", "ben", "sam")


def bob_sheet() -> str:
    bob = major_npc("condensed", "bob", "Bob the Boatswain", high_concept="Loyal Deckhand")
    bob.description = f"Secretly in the cult {BOB}"
    return dumps_character(bob)


class Table:
    """Plays commands over HTTP and records every payload each seat received, by version."""

    def __init__(self, api: Api, gm: Seat, seats: dict[str, Seat]) -> None:
        self.api = api
        self.seats = {"gm": gm, **seats}
        self.received: dict[str, list[tuple[int, str]]] = {s: [] for s in SEATS}
        self.version = 0

    def do(self, command: c.Command, seat: str = "gm") -> dict[str, Any]:
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
        # Each seat reads the table after every command, as a client refreshing would.
        for name, reader in self.seats.items():
            view = self.api.client.get(f"/tables/{reader.table_id}/state", headers=reader.headers)
            assert view.status_code == 200
            self.received[name].append((self.version, view.text))
        return body


@pytest.fixture(scope="module")
def played() -> Iterator[tuple[Table, dict[str, Watcher]]]:
    api = make_api()
    with api.client:
        gm = api.table("The Yacht", options=["countdowns"])
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
        ):
            sockets = {"gm": gm_socket, "ann": ann_socket, "ben": ben_socket, "sam": sam_socket}
            watchers = {name: Watcher(socket) for name, socket in sockets.items()}
            _play(table)
            for name, watcher in watchers.items():
                watcher.until(table.version)
                for event in watcher.events:
                    table.received[name].append((event["version"], json.dumps(event)))
            # And the event pages each seat may read.
            for name, reader in table.seats.items():
                page = reader.get("/events")
                assert page["through"] == table.version
                # Read now, so tagged with the version now: a page redacts by what is hidden
                # now, and Bob's sheet is no secret any more.
                table.received[name].append((table.version, json.dumps(page)))
        yield table, watchers


def _play(t: Table) -> None:
    t.do(c.AddCharacter(sheet=ruth_sheet(), owner="ann"), "ann")
    t.do(c.AddCharacter(sheet=charles_sheet(), owner="ben"), "ben")
    alice = json.loads(npc_sheet("ZZ-NPC-SECRET"))
    secret_id = alice["aspects"][-1]["id"]
    t.do(c.AddCharacter(sheet=json.dumps(alice), hidden_aspects=(secret_id,)))
    t.do(c.AddCharacter(sheet=bob_sheet()))
    t.do(c.StartSession())
    t.do(c.StartScene(name="Storm on deck", participants=("ruth", "charles", "alice", "bob")))
    t.do(c.AddSituationAspect(name="Rain-Slick Deck"))
    t.do(c.AddSituationAspect(name="ZZ-HIDDEN-ASPECT Trapdoor", hidden=True))
    t.do(c.AddSituationAspect(name=f"{RUTH_ONLY} Smell of Brine", hidden=True, known_to=("ruth",)))
    t.do(
        c.AddCountdown(
            countdown_id="cd-ZZ-HIDDEN-ID",
            name="ZZ-HIDDEN-COUNTDOWN",
            boxes=3,
            outcome="ZZ-HIDDEN-OUTCOME",
            triggers=("zz-hidden-trigger",),
            visibility=Visibility.HIDDEN,
        )
    )
    t.do(
        c.AddCountdown(
            countdown_id="storm",
            name="ZZ-BOXES-NAME",
            boxes=4,
            outcome="ZZ-BOXES-OUTCOME",
            triggers=("zz-boxes-trigger",),
            visibility=Visibility.BOXES_ONLY,
        )
    )
    t.do(c.Note(text="ZZ-GM-NOTE: Alice drowns them at midnight", visibility=NoteVisibility.GM))
    t.do(
        c.Note(text="ZZ-ANN-PRIVATE Ruth distrusts Charles", visibility=NoteVisibility.PRIVATE),
        "ann",
    )
    t.do(
        c.Note(text="ZZ-BEN-PRIVATE Charles found the map", visibility=NoteVisibility.PRIVATE),
        "ben",
    )
    t.do(c.Note(text="Thunder rolls over the yacht"), "ben")
    t.do(c.FireTrigger(trigger="zz-hidden-trigger"))
    t.do(c.FireTrigger(trigger="zz-boxes-trigger"))
    t.do(c.MarkCountdown(countdown_id="cd-ZZ-HIDDEN-ID"))
    t.do(c.MarkCountdown(countdown_id="storm"))
    t.do(c.RevealAspect(aspect_id="a2", to=("alice",)))
    t.do(
        c.Roll(
            actor="ruth", action=Action.CREATE_ADVANTAGE, skill="notice", difficulty=2, dice="+0+0"
        ),
        "ann",
    )
    t.do(c.Invoke(aspect_id="a3", by="ruth"), "ann")
    t.do(c.ResolveRoll(aspect_name="Found the Brine Trail"), "ann")
    t.do(
        c.StartConflict(
            sides=(("heroes", ("ruth", "charles")), ("cult", ("alice", "bob"))), first="alice"
        )
    )
    t.do(c.Attack(actor="alice", target="charles", skill="fight", dice="0000", defend_dice="++00"))
    t.do(c.Invoke(aspect_id="a2", by="alice"))
    t.do(c.ResolveRoll(option="hit"))
    t.do(c.Absorb(boxes=(0, 1, 2)), "ben")
    t.do(c.EndTurn(next_actor="ruth"))
    t.api.dice[:] = ["0000"]  # Alice's defence, rolled by the table
    t.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="++++"), "ann")
    t.do(c.ResolveRoll(option="hit"), "ann")
    t.do(c.TakeOut())
    offered = t.do(
        c.OfferCompel(
            aspect_id="charles/trouble/1",
            target="charles",
            offered_by="ruth",
            complication="He reads the cursed log",
        ),
        "ann",
    )
    t.do(c.AnswerCompel(compel_id=f"c{offered['version']}", answer=c.CompelAnswer.ACCEPT), "ben")
    t.do(c.RevealCharacter(character_id="bob"))
    t.do(c.Concede(character_id="bob"))
    t.do(c.FinishConflict())
    t.do(c.EndScene())


def _revealed_at(table: Table) -> int:
    events = table.seats["gm"].get("/events")["events"]
    return next(e["version"] for e in events if e["type"] == "CharacterRevealed")


def test_the_gm_receives_every_secret(played: tuple[Table, dict[str, Watcher]]) -> None:
    table, _ = played
    everything = "\n".join(text for _, text in table.received["gm"])
    for marker in (*ALWAYS_HIDDEN, *PRIVATE.values(), RUTH_ONLY, BOB):
        assert marker in everything, marker


@pytest.mark.parametrize("seat", ["ann", "ben", "sam"])
def test_nothing_hidden_reaches_a_player_or_spectator(
    played: tuple[Table, dict[str, Watcher]], seat: str
) -> None:
    table, watchers = played
    forbidden = set(ALWAYS_HIDDEN)
    forbidden.update(marker for owner, marker in PRIVATE.items() if owner != seat)
    if seat != "ann":
        forbidden.add(RUTH_ONLY)
    revealed = _revealed_at(table)
    payloads = table.received[seat]
    assert len(payloads) > 60
    for version, text in payloads:
        for marker in forbidden:
            assert marker not in text, f"{marker} reached {seat} at version {version}"
        if version < revealed:
            assert BOB not in text, f"Bob's sheet reached {seat} before he was revealed"
    # What the seat may see did reach it: Bob's sheet once revealed, and Ann's secrets over
    # the socket too.
    assert any(BOB in text for version, text in payloads if version >= revealed)
    socket_text = json.dumps(watchers[seat].events)
    if seat == "ann":
        assert RUTH_ONLY in socket_text and PRIVATE["ann"] in socket_text
    # Hidden events still moved the seat's version on, to the table's last.
    assert watchers[seat].version == table.version
