"""Views per seat: a whole scene with a GM and two players, and every payload each seat received
searched for what was hidden from it.

Everything hidden carries a marker string; the GM's view shows each marker (so the test is not
looking for strings that never existed), and no other seat's view or redacted event ever does,
until the GM reveals it.
"""

from __future__ import annotations

import json

import pytest

from fatekit.formats import dumps_character
from fatekit.rules import Action, ForbiddenAction, major_npc
from fatekit.rules.countdowns import Visibility
from fatekit.table import commands as c
from fatekit.table import event_for, view_for
from fatekit.table.seats import NoteVisibility, Role

from ..sheets import charles_sheet, npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from .conftest import Play  # type: ignore[import-not-found]

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


def bob_sheet() -> str:
    bob = major_npc("condensed", "bob", "Bob the Boatswain", high_concept="Loyal Deckhand")
    bob.description = f"Secretly in the cult {BOB}"
    return dumps_character(bob)


class Recorder:
    """Plays commands and records, per seat, every view and redacted event it would receive."""

    def __init__(self) -> None:
        self.play = Play()
        self.received: dict[str, list[tuple[int, str]]] = {
            "gm": [],
            "ann": [],
            "ben": [],
            "sam": [],
        }

    def do(self, command: c.Command, seat: str = "gm") -> None:
        decision = self.play.do(command, seat)
        state = decision.state
        for viewer in self.received:
            if viewer not in state.seats:
                continue
            for event in decision.events:
                redacted = event_for(event, state, viewer)
                if redacted is not None:
                    self.received[viewer].append((event.version, json.dumps(redacted)))
            self.received[viewer].append((state.version, json.dumps(view_for(state, viewer))))


@pytest.fixture
def scene() -> Recorder:
    r = Recorder()
    r.do(c.CreateTable(name="The Yacht", options=("countdowns",)))
    r.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    r.do(c.AddSeat(seat_id="ben", role=Role.PLAYER, name="Ben"))
    r.do(c.AddSeat(seat_id="sam", role=Role.SPECTATOR, name="Sam"))
    r.do(c.AddCharacter(sheet=ruth_sheet(), owner="ann"), "ann")
    r.do(c.AddCharacter(sheet=charles_sheet(), owner="ben"), "ben")
    alice = json.loads(npc_sheet("ZZ-NPC-SECRET"))
    secret_id = alice["aspects"][-1]["id"]
    r.do(c.AddCharacter(sheet=json.dumps(alice), hidden_aspects=(secret_id,)))
    r.do(c.AddCharacter(sheet=bob_sheet()))
    r.do(c.StartSession())
    r.do(c.StartScene(name="Storm on deck", participants=("ruth", "charles", "alice", "bob")))
    r.do(c.AddSituationAspect(name="Rain-Slick Deck"))
    r.do(c.AddSituationAspect(name="ZZ-HIDDEN-ASPECT Trapdoor", hidden=True))
    r.do(c.AddSituationAspect(name=f"{RUTH_ONLY} Smell of Brine", hidden=True, known_to=("ruth",)))
    r.do(
        c.AddCountdown(
            countdown_id="cd-ZZ-HIDDEN-ID",
            name="ZZ-HIDDEN-COUNTDOWN",
            boxes=3,
            outcome="ZZ-HIDDEN-OUTCOME",
            triggers=("zz-hidden-trigger",),
            visibility=Visibility.HIDDEN,
        )
    )
    r.do(
        c.AddCountdown(
            countdown_id="storm",
            name="ZZ-BOXES-NAME",
            boxes=4,
            outcome="ZZ-BOXES-OUTCOME",
            triggers=("zz-boxes-trigger",),
            visibility=Visibility.BOXES_ONLY,
        )
    )
    r.do(
        c.AddCountdown(
            countdown_id="tide",
            name="The tide turns",
            boxes=2,
            outcome="Aground",
            triggers=("exchange",),
        )
    )
    r.do(c.Note(text="ZZ-GM-NOTE: Alice drowns them at midnight", visibility=NoteVisibility.GM))
    r.do(
        c.Note(text="ZZ-ANN-PRIVATE Ruth distrusts Charles", visibility=NoteVisibility.PRIVATE),
        "ann",
    )
    r.do(
        c.Note(text="ZZ-BEN-PRIVATE Charles found the map", visibility=NoteVisibility.PRIVATE),
        "ben",
    )
    r.do(c.Note(text="Thunder rolls over the yacht"), "ben")
    r.do(c.FireTrigger(trigger="zz-hidden-trigger"))
    r.do(c.FireTrigger(trigger="zz-boxes-trigger"))
    r.do(c.MarkCountdown(countdown_id="cd-ZZ-HIDDEN-ID"))
    r.do(c.MarkCountdown(countdown_id="storm"))
    # Alice learns of the trapdoor and uses it; the players see only that something was invoked.
    r.do(c.RevealAspect(aspect_id="a2", to=("alice",)))
    r.do(
        c.Roll(
            actor="ruth", action=Action.CREATE_ADVANTAGE, skill="notice", difficulty=2, dice="+0+0"
        ),
        "ann",
    )
    r.do(c.Invoke(aspect_id="a3", by="ruth"), "ann")
    r.do(c.ResolveRoll(aspect_name="Found the Brine Trail"), "ann")
    r.do(
        c.StartConflict(
            sides=(("heroes", ("ruth", "charles")), ("cult", ("alice", "bob"))), first="alice"
        )
    )
    r.do(c.Attack(actor="alice", target="charles", skill="fight", dice="0000", defend_dice="++00"))
    r.do(c.Invoke(aspect_id="a2", by="alice"))
    r.do(c.ResolveRoll(option="hit"))
    r.do(c.Absorb(boxes=(0, 1, 2)), "ben")
    r.do(c.EndTurn(next_actor="ruth"))
    r.play.dice[:] = ["0000"]  # Alice's defence, rolled by the table
    r.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="++++"), "ann")
    r.do(c.ResolveRoll(option="hit"), "ann")
    r.do(c.TakeOut())
    r.do(
        c.OfferCompel(
            aspect_id="charles/trouble/1",
            target="charles",
            offered_by="ruth",
            complication="He reads the cursed log",
        ),
        "ann",
    )
    r.do(c.AnswerCompel(compel_id="c" + str(r.play.s.version), answer=c.CompelAnswer.ACCEPT), "ben")
    r.do(c.RevealCharacter(character_id="bob"))
    r.do(c.Concede(character_id="bob"))
    r.do(c.FinishConflict())
    r.do(c.EndScene())
    return r


def _bob_revealed_at(r: Recorder) -> int:
    return next(e.version for e in r.play.log if type(e).__name__ == "CharacterRevealed")


def test_the_gm_sees_every_secret(scene: Recorder) -> None:
    everything = "\n".join(text for _, text in scene.received["gm"])
    for marker in (*ALWAYS_HIDDEN, *PRIVATE.values(), RUTH_ONLY, BOB):
        assert marker in everything, marker


@pytest.mark.parametrize("seat", ["ann", "ben", "sam"])
def test_nothing_hidden_reaches_a_player_or_spectator(scene: Recorder, seat: str) -> None:
    forbidden = set(ALWAYS_HIDDEN)
    forbidden.update(m for owner, m in PRIVATE.items() if owner != seat)
    if seat != "ann":
        forbidden.add(RUTH_ONLY)
    revealed = _bob_revealed_at(scene)
    payloads = scene.received[seat]
    assert len(payloads) > 60
    for version, text in payloads:
        for marker in forbidden:
            assert marker not in text, f"{marker} reached {seat} at version {version}"
        if version < revealed:
            assert BOB not in text, f"Bob's sheet reached {seat} before it was revealed"


def test_what_a_seat_may_see_does_reach_it(scene: Recorder) -> None:
    ann = "\n".join(text for _, text in scene.received["ann"])
    ben = "\n".join(text for _, text in scene.received["ben"])
    assert RUTH_ONLY in ann and PRIVATE["ann"] in ann and PRIVATE["ben"] in ben
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
    assert ben["you"] == {"seat": "ben", "role": "player", "name": "Ben", "characters": ["charles"]}
    gm = view_for(state, "gm")
    assert gm["you"]["characters"] == ["alice", "bob", "charles", "ruth"]


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
