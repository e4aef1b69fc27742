"""The GM's corrections (issue 26): any value set straight by hand, logged as a correction in
every seat's log as far as the seat may see the thing corrected, undone like any move."""

from __future__ import annotations

import pytest

from fatekit.rules import BadInput, ForbiddenAction, IllegalAction
from fatekit.table import commands as c
from fatekit.table import event_for, view_for
from fatekit.table import events as e

from .conftest import Play, assert_replays, seated  # type: ignore[import-not-found]


def sheet(play: Play, seat: str, who: str) -> dict:
    found = next(ch for ch in view_for(play.s, seat)["characters"] if ch["id"] == who)
    return found["sheet"] if found["revealed"] else found


def test_fate_points_are_set_straight_and_logged(play: Play) -> None:
    done = play.do(c.CorrectFatePoints(character_id="ruth", fate_points=5))
    (event,) = done.events
    assert isinstance(event, e.FatePointsCorrected) and (event.was, event.fate_points) == (3, 5)
    assert sheet(play, "ann", "ruth")["fate_points"] == 5
    for seat in ("ann", "ben", "sam"):
        assert event_for(event, play.s, seat)["data"] == {
            "character_id": "ruth",
            "fate_points": 5,
            "was": 3,
        }
    pool = play.do(c.CorrectFatePoints(fate_points=7)).events[0]
    assert view_for(play.s, "ben")["gm_pool"] == 7 and pool.was != 7
    assert_replays(play)


def test_a_hidden_npcs_numbers_stay_the_gms(play: Play) -> None:
    # Alice's sheet is not revealed: a correction of her stress or fate points reaches no player.
    stress = play.do(c.CorrectStress(character_id="alice", track="physical", marked=(0,))).events[0]
    points = play.do(c.CorrectFatePoints(character_id="alice", fate_points=2)).events[0]
    for event in (stress, points):
        assert event_for(event, play.s, "ann") is None and event_for(event, play.s, "sam") is None
        assert event_for(event, play.s, "gm") is not None
    play.do(c.RevealCharacter(character_id="alice"))
    assert event_for(stress, play.s, "ann") is not None


def test_stress_consequences_free_invokes_and_names(play: Play) -> None:
    play.do(c.CorrectStress(character_id="ruth", track="physical", marked=(0, 2)))
    boxes = sheet(play, "ann", "ruth")["stress"]["physical"]
    assert [b["marked"] for b in boxes][:3] == [True, False, True]
    written = play.do(c.CorrectConsequence(character_id="ruth", slot=0, name="Bruised Ribs"))
    (event,) = written.events
    assert event.was is None and event.aspect_id == "ruth/consequence/0"
    play.do(c.CorrectFreeInvokes(aspect_id="ruth/consequence/0", holder="alice", count=1))
    assert play.s.game.find_aspect("ruth/consequence/0").free_invokes_held_by("alice") == 1
    play.do(c.CorrectAspect(aspect_id="ruth/consequence/0", name="Cracked Ribs"))
    assert play.s.game.find_aspect("ruth/consequence/0").name == "Cracked Ribs"
    cleared = play.do(c.CorrectConsequence(character_id="ruth", slot=0)).events[0]
    assert cleared.was == "Cracked Ribs" and cleared.name is None
    assert play.s.game.character("ruth").consequences[0].aspect is None
    with pytest.raises(BadInput):
        play.do(c.CorrectConsequence(character_id="ruth", slot=0))  # nothing left to clear
    with pytest.raises(BadInput):
        play.do(c.CorrectStress(character_id="ruth", track="physical", marked=(9,)))
    with pytest.raises(BadInput):
        play.do(c.CorrectStress(character_id="ruth", track="wealth", marked=()))
    assert_replays(play)


def test_a_hidden_aspects_correction_reaches_only_who_knows_it(play: Play) -> None:
    added = play.do(c.AddSituationAspect(name="Trapdoor", hidden=True, known_to=("ruth",)))
    aspect_id = added.events[0].aspect_id
    renamed = play.do(c.CorrectAspect(aspect_id=aspect_id, name="Rotten Trapdoor")).events[0]
    invokes = play.do(c.CorrectFreeInvokes(aspect_id=aspect_id, holder="ruth", count=2)).events[0]
    for event in (renamed, invokes):
        assert event_for(event, play.s, "ann") is not None  # Ruth knows of it
        assert event_for(event, play.s, "ben") is None


def test_the_gm_gives_the_turn(play: Play) -> None:
    play.do(
        c.StartConflict(sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",))), first="ruth")
    )
    event = play.do(c.CorrectTurn(current="alice")).events[0]
    assert isinstance(event, e.TurnCorrected) and event.was == "ruth"
    assert play.s.conflict is not None and play.s.conflict.turns.current == "alice"
    play.dice[:] = ["0000"]
    play.do(c.Attack(actor="alice", target="ruth", skill="fight", dice="0000"))
    with pytest.raises(IllegalAction) as caught:
        play.do(c.CorrectTurn(current="charles"))  # a roll is under way
    assert not caught.value.waivable
    assert_replays(play)


def test_only_the_gm_corrects(play: Play) -> None:
    for command in (
        c.CorrectFatePoints(character_id="ruth", fate_points=9),
        c.CorrectStress(character_id="ruth", track="physical", marked=()),
        c.CorrectAspect(aspect_id="ruth/high_concept/1", name="x"),
    ):
        with pytest.raises(ForbiddenAction):
            play.do(command, "ann")
    with pytest.raises(BadInput):
        play.do(c.CorrectFatePoints(character_id="ruth", fate_points=100))
    with pytest.raises(BadInput):
        play.do(c.CorrectFatePoints(character_id="ruth", fate_points=-1))


def test_a_correction_is_undone_like_any_move() -> None:
    play = seated(("conditions",))
    before = view_for(play.s, "gm")
    done = play.do(c.CorrectConsequence(character_id="ruth", slot=0, name="anything"))
    # A condition box is marked under the condition's own name.
    assert done.events[0].name == play.s.game.character("ruth").consequences[0].aspect.name
    play.do(c.Undo(target_version=done.events[0].version))
    after = view_for(play.s, "gm")
    before["table"].pop("version"), after["table"].pop("version")
    assert after == before
