"""Views per seat: a whole scene with a GM and two players, and every payload each seat received
(redacted events, the live document, the log's pages) searched for what was hidden from it.

Everything hidden carries a marker string; the GM's view shows each marker (so the test is not
looking for strings that never existed), and no other seat's view or redacted event ever does,
until the GM reveals it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from fatekit.rules import ForbiddenAction
from fatekit.rules.options.countdowns import Visibility
from fatekit.table import commands as c
from fatekit.table import document_for, event_for, view_for
from fatekit.table.seats import Role

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
from ..sheets import ruth_sheet  # type: ignore[import-not-found]
from .conftest import Play, log_of  # type: ignore[import-not-found]


class Recorder:
    """Plays commands and records, per seat, every view and redacted event it would receive;
    with ``pages``, also the log as the seat would page it after each command (a page is
    redacted with the table as it is then, so a later scene may change what it shows)."""

    def __init__(self, pages: bool = False) -> None:
        self.play = Play()
        self.pages = pages
        self.received: dict[str, list[tuple[int, str]]] = {
            "gm": [],
            "ann": [],
            "ben": [],
            "sam": [],
        }

    def do(self, command: c.Command, seat: str = "gm") -> int:
        decision = self.play.do(command, seat)
        state = decision.state
        for viewer in self.received:
            if viewer not in state.seats:
                continue
            for event in decision.events:
                redacted = event_for(event, state, viewer)
                if redacted is not None:
                    self.received[viewer].append((event.version, json.dumps(redacted)))
            document = document_for(state, viewer)  # the view and its extras
            self.received[viewer].append((state.version, json.dumps(document)))
            if self.pages:
                page = log_of(self.play, viewer)
                self.received[viewer].append((state.version, json.dumps(page)))
        return state.version


@pytest.fixture
def scene() -> Recorder:
    r = Recorder(pages=True)
    r.do(c.CreateTable(name="The Yacht", options=OPTIONS))
    r.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    r.do(c.AddSeat(seat_id="ben", role=Role.PLAYER, name="Ben"))
    r.do(c.AddSeat(seat_id="sam", role=Role.SPECTATOR, name="Sam"))
    play_secret_scene(r.do, r.play.dice)
    for viewer, received in r.received.items():  # and the log, as each seat pages it
        received.append((r.play.s.version, json.dumps(log_of(r.play, viewer))))
    return r


def _bob_revealed_at(r: Recorder) -> int:
    return next(e.version for e in r.play.log if type(e).__name__ == "CharacterRevealed")


def test_the_gm_sees_every_secret(scene: Recorder) -> None:
    everything = "\n".join(text for _, text in scene.received["gm"])
    for marker in (*ALWAYS_HIDDEN, *PRIVATE.values(), RUTH_ONLY, *BEN_ONLY, BOB, *REVEALED_ROLL):
        assert marker in everything, marker
    assert numbers_kept([json.loads(text) for _, text in scene.received["gm"]])


@pytest.mark.parametrize("seat", ["ann", "ben", "sam"])
def test_nothing_hidden_reaches_a_player_or_spectator(scene: Recorder, seat: str) -> None:
    forbidden = set(ALWAYS_HIDDEN)
    forbidden.update(m for owner, m in PRIVATE.items() if owner != seat)
    if seat != "ann":
        forbidden.add(RUTH_ONLY)
    if seat != "ben":
        forbidden.update(BEN_ONLY)
    revealed = _bob_revealed_at(scene)
    roll_revealed = next(
        e.version for e in scene.play.log if type(e).__name__ == "SecretRollRevealed"
    )
    payloads = scene.received[seat]
    assert len(payloads) > 60
    for version, text in payloads:
        for marker in forbidden:
            assert marker not in text, f"{marker} reached {seat} at version {version}"
        if version < revealed:
            assert BOB not in text, f"Bob's sheet reached {seat} before it was revealed"
        if version < roll_revealed:
            for marker in REVEALED_ROLL:
                assert marker not in text, f"{marker} reached {seat} before the reveal"
        assert numbers_kept(json.loads(text)) == [], f"a hidden number reached {seat}"
    assert any(all(m in text for m in REVEALED_ROLL) for _, text in payloads)


def test_what_a_seat_may_see_does_reach_it(scene: Recorder) -> None:
    ann = "\n".join(text for _, text in scene.received["ann"])
    ben = "\n".join(text for _, text in scene.received["ben"])
    assert RUTH_ONLY in ann and PRIVATE["ann"] in ann and PRIVATE["ben"] in ben
    assert all(marker in ben for marker in BEN_ONLY)
    # The log as each seat pages it at the end, long after the first scene ended: Ann still sees
    # which aspect Ruth invoked (one she knew of), Ben does not; all see the hold's a3 revealed.
    for seat, invoked in (("ann", "a3"), ("ben", None)):
        log = log_of(scene.play, seat)
        first = next(e for e in reversed(log) if e["type"] == "Invoked")
        assert first["data"]["aspect_id"] == invoked, seat
        revealed = next(e for e in log if e["type"] == "AspectRevealed")
        assert revealed["data"]["aspect"] == {"id": "a3", "name": "Rats in the Bilge"}, seat
    revealed = _bob_revealed_at(scene)
    for seat in ("ann", "ben", "sam"):
        later = [t for v, t in scene.received[seat] if v >= revealed]
        assert any(BOB in t for t in later), seat


def test_a_players_view_during_play(scene: Recorder) -> None:
    state = scene.play.s
    ben = view_for(state, "ben")
    alice = next(ch for ch in ben["characters"] if ch["id"] == "alice")
    assert alice["revealed"] is False and alice["name"] == "Alice Westforth"
    assert "sheet" not in alice and "skills" not in alice
    assert [a["name"] for a in alice["aspects"]] == ["Cult Leader"]
    ruth = next(ch for ch in ben["characters"] if ch["id"] == "ruth")
    assert ruth["revealed"] is True and ruth["sheet"]["skills"]["fight"] == 4
    assert ben["you"] == {
        "seat": "ben",
        "role": "player",
        "name": "Ben",
        "characters": ["charles", "eve"],
        "may": [],  # none of the moves only a GM may send
        "randomizer": "4dF",  # the table's way: the GM has not let the seats choose
        "randomizers": [],
        "adds": {"pc": ["ben"], "extra": ["ben"]},  # their own PCs and extras
        "may_hide": False,  # keeping a new character's aspects hidden is the GM's
        "notes": ["public", "private"],  # a GMs' note is the GM's
        "may_waive": False,  # setting a rule aside is the GM's
    }
    gm = view_for(state, "gm")
    assert gm["you"]["characters"] == ["alice", "bob", "charles", "eve", "fire", "ruth"]
    assert "StartScene" in gm["you"]["may"] and "EndScene" in gm["you"]["may"]


def test_countdowns_show_as_their_visibility_says() -> None:
    r = Recorder()
    r.do(c.CreateTable(name="T", options=("countdowns",)))
    r.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    r.do(c.AddCharacter(sheet=ruth_sheet(), owner="ann"))
    r.do(c.StartScene(name="s", participants=("ruth",)))
    for key, visibility in (
        ("a", Visibility.SHOWN),
        ("b", Visibility.BOXES_ONLY),
        ("h", Visibility.HIDDEN),
    ):
        r.do(
            c.AddCountdown(
                countdown_id=key,
                name=f"name {key}",
                boxes=3,
                outcome="out",
                triggers=("t",),
                visibility=visibility,
            )
        )
    r.do(c.FireTrigger(trigger="t"))
    seen = view_for(r.play.s, "ann")["scene"]["countdowns"]
    assert seen == [
        {
            "id": "a",
            "boxes": 3,
            "marked": 1,
            "finished": False,
            "name": "name a",
            "triggers": ["t"],
            "outcome": "out",
        },
        {
            "id": "b",
            "boxes": 3,
            "marked": 1,
            "finished": False,
            "name": None,
            "triggers": None,
            "outcome": None,
        },
    ]
    assert len(view_for(r.play.s, "gm")["scene"]["countdowns"]) == 3


def test_an_unknown_seat_has_no_view(scene: Recorder) -> None:
    with pytest.raises(ForbiddenAction):
        view_for(scene.play.s, "mallory")
    with pytest.raises(ForbiddenAction):
        event_for(scene.play.log[0], scene.play.s, "mallory")


def test_hidden_character_aspects_of_a_pc_stay_with_its_owner() -> None:
    r = Recorder()
    r.do(c.CreateTable(name="T"))
    r.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    r.do(c.AddSeat(seat_id="ben", role=Role.PLAYER, name="Ben"))
    sheet = json.loads(ruth_sheet())
    sheet["aspects"].append(
        {"id": "ruth/character/9", "kind": "character", "name": "ZZ-RUTH-SECRET Past"}
    )
    r.do(c.AddCharacter(sheet=json.dumps(sheet), owner="ann", hidden_aspects=("ruth/character/9",)))
    r.do(c.RevealAspect(aspect_id="ruth/character/9", to=("ruth",)))
    assert all("ZZ-RUTH-SECRET" not in t for _, t in r.received["ben"])
    assert "ZZ-RUTH-SECRET" in json.dumps(view_for(r.play.s, "ann"))
    assert "ZZ-RUTH-SECRET" in json.dumps(view_for(r.play.s, "gm"))


def test_the_public_sees_what_a_spectator_sees() -> None:
    """Anyone watching without a seat (a Discord channel) has a spectator's eyes: every event and
    the whole view, moment by moment through the secret scene, as Sam the spectator has them."""
    r = Recorder()
    r.do(c.CreateTable(name="The Yacht", options=OPTIONS))
    r.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    r.do(c.AddSeat(seat_id="ben", role=Role.PLAYER, name="Ben"))
    r.do(c.AddSeat(seat_id="sam", role=Role.SPECTATOR, name="Sam"))
    compared = 0

    def do(command: c.Command, seat: str = "gm") -> int:
        nonlocal compared
        decision = r.play.do(command, seat)
        for event in decision.events:
            assert event_for(event, decision.state, None) == event_for(event, decision.state, "sam")
            compared += 1
        public, sam = view_for(decision.state, None), view_for(decision.state, "sam")
        assert public.pop("you") == {
            "seat": "",
            "role": "spectator",
            "name": "",
            "characters": [],
            "may": [],
            "randomizer": decision.state.randomizer,
            "randomizers": [],
            "adds": {},
            "may_hide": False,
            "notes": [],
            "may_waive": False,
        }
        sam.pop("you")
        assert public == sam
        return decision.state.version

    play_secret_scene(do, r.play.dice)
    assert compared > 50


def test_a_player_rewriting_a_sheet_cannot_touch_an_aspect_hidden_from_them() -> None:
    # The probe: the GM hides an aspect on Ruth from Ann (her player), and Ann rewrites the sheet.
    r = Recorder()
    r.do(c.CreateTable(name="T"))
    r.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    sheet = json.loads(ruth_sheet())
    sheet["aspects"].insert(1, {"id": "ruth/character/2", "name": "ZZ-GM-ONLY Marked by the Cult"})
    r.do(c.AddCharacter(sheet=json.dumps(sheet), owner="ann", hidden_aspects=("ruth/character/2",)))
    hidden = next(a for a in r.play.s.game.character("ruth").aspects if a.hidden)
    # Naming the hidden aspect's id, to overwrite it blind, is refused and changes nothing.
    seen = _sheet_file(view_for(r.play.s, "ann"))
    assert "ZZ-GM-ONLY" not in json.dumps(seen)
    blind = {**seen, "aspects": [*seen["aspects"], {"id": hidden.id, "name": "Overwritten"}]}
    version = r.play.s.version
    with pytest.raises(ForbiddenAction):
        r.do(c.UpdateCharacter(sheet=json.dumps(blind)), "ann")
    assert r.play.s.version == version
    # The sheet as Ann sees it, rewritten: the hidden aspect stays, hidden and where it was,
    # even when a new aspect without an id falls where its id would be.
    renamed = [
        {**a, "name": "Ex-Champion on the Run"} if a["kind"] == "high_concept" else a
        for a in seen["aspects"]
    ]
    fresh = {"kind": "character", "name": "Owes Ben a Favour"}
    mine = {**seen, "aspects": [renamed[0], fresh, *renamed[1:]]}
    r.do(c.UpdateCharacter(sheet=json.dumps(mine)), "ann")
    ruth = r.play.s.game.character("ruth")
    names = [a.name for a in ruth.aspects]
    assert names[0] == "Ex-Champion on the Run" and names[1] == hidden.name
    assert "Owes Ben a Favour" in names
    kept = ruth.aspects[1]
    assert (kept.id, kept.hidden) == (hidden.id, True)
    assert len({a.id for a in ruth.aspects}) == len(ruth.aspects)
    assert all("ZZ-GM-ONLY" not in t for _, t in r.received["ann"])
    # The GM rewrites the whole sheet, hidden aspects and all.
    whole = _sheet_file(view_for(r.play.s, "gm"))
    whole["aspects"] = [a for a in whole["aspects"] if a["id"] != hidden.id]
    r.do(c.UpdateCharacter(sheet=json.dumps(whole)))
    assert hidden.id not in {a.id for a in r.play.s.game.character("ruth").aspects}


def _sheet_file(view: dict[str, Any]) -> dict[str, Any]:
    """Ruth's sheet as a seat's view shows it, as the character file the page sends back."""
    sheet = view["characters"][0]["sheet"]
    return {
        **sheet,
        "aspects": [{k: v for k, v in a.items() if k != "hidden"} for a in sheet["aspects"]],
    }
