"""Who stands where outside a conflict: the GM places anyone in any zone at any time, a character
walks to the next zone for free when nothing is in the way, and a move further takes an overcome
whose outcome says whether they get there (fate-condensed.ru.md § Setting Up Scenes > Zones;
fate-core-conflicts.en.txt § Establishing Sides, § Movement). Issue 39: everyone started in the
first zone and nobody could move outside a conflict."""

from __future__ import annotations

import pytest

from fatekit.rules import Action, BadInput, ForbiddenAction, IllegalAction
from fatekit.rules.safety.signals import SafetyTool
from fatekit.table import commands as c
from fatekit.table import view_for

from .conftest import Play, assert_replays  # type: ignore[import-not-found]


def along_the_pier(play: Play) -> None:
    """A scene of three zones in a row: the pier, the warehouse, the roof."""
    play.do(c.EndScene())
    play.do(
        c.StartScene(
            name="The pier",
            participants=("ruth", "charles", "alice"),
            zones=("pier", "warehouse", "roof"),
            links=(("pier", "warehouse"), ("warehouse", "roof")),
            positions=(("ruth", "pier"), ("charles", "pier"), ("alice", "roof")),
        )
    )


def where(play: Play) -> dict[str, str]:
    scene = play.s.game.scene
    assert scene is not None and scene.zones is not None
    return dict(scene.zones.positions)


@pytest.mark.rule("zone.place")
def test_the_gm_places_anyone_anywhere_at_any_time(play: Play) -> None:
    along_the_pier(play)
    play.do(c.PlaceInZone(character_id="alice", zone="pier"))
    assert where(play)["alice"] == "pier"
    # In the middle of a fight too, and to a zone no free move reaches.
    sides = (("heroes", ("ruth", "charles")), ("cult", ("alice",)))
    play.do(c.StartConflict(sides=sides, first="ruth"))
    play.do(c.PlaceInZone(character_id="ruth", zone="roof"))
    assert where(play)["ruth"] == "roof"
    # A player may not; nor may anyone place someone outside the scene or in no such zone.
    with pytest.raises(ForbiddenAction):
        play.do(c.PlaceInZone(character_id="ruth", zone="pier"), "ann")
    with pytest.raises(BadInput):
        play.do(c.PlaceInZone(character_id="alice", zone="cellar"))
    assert_replays(play)


def test_placing_needs_a_scene_with_zones_and_someone_in_it(play: Play) -> None:
    play.do(c.EndScene())
    play.do(c.StartScene(name="Bar", participants=("ruth",)))
    with pytest.raises(BadInput) as refused:
        play.do(c.PlaceInZone(character_id="ruth", zone="deck"))
    assert refused.value.code == "no_zones"
    play.do(c.EndScene())
    play.do(c.StartScene(name="Deck", participants=("ruth",), zones=("deck",)))
    with pytest.raises(BadInput) as refused:
        play.do(c.PlaceInZone(character_id="alice", zone="deck"))
    assert refused.value.code == "not_in_scene"


@pytest.mark.rule("zone.free-move")
def test_outside_a_conflict_a_walk_to_the_next_zone_is_free(play: Play) -> None:
    along_the_pier(play)
    # Ann's view offers Ruth the warehouse (the next zone), not the roof; Ben's, Charles's.
    assert view_for(play.s, "ann")["scene"]["zones"]["moves"] == {"ruth": ["warehouse"]}
    assert view_for(play.s, "ben")["scene"]["zones"]["moves"] == {"charles": ["warehouse"]}
    gm_moves = view_for(play.s, "gm")["scene"]["zones"]["moves"]
    assert gm_moves == {"alice": ["warehouse"], "charles": ["warehouse"], "ruth": ["warehouse"]}
    assert view_for(play.s, "sam")["scene"]["zones"]["moves"] == {}
    # An overcome may take her anywhere there is a way to.
    assert view_for(play.s, "ann")["scene"]["zones"]["further"] == {"ruth": ["roof", "warehouse"]}
    play.do(c.FreeMove(actor="ruth", to="warehouse"), "ann")
    play.do(c.FreeMove(actor="ruth", to="roof"), "ann")  # no exchange to count moves in
    assert where(play)["ruth"] == "roof"
    # Ben does not act for Ruth.
    with pytest.raises(ForbiddenAction):
        play.do(c.FreeMove(actor="ruth", to="warehouse"), "ben")
    assert_replays(play)


@pytest.mark.rule("zone.free-move", "zone.move-roll")
def test_a_move_further_than_the_next_zone_is_no_free_move(play: Play) -> None:
    along_the_pier(play)
    with pytest.raises(IllegalAction) as refused:
        play.do(c.FreeMove(actor="charles", to="roof"), "ben")
    assert refused.value.rule.key == "zone.free-move"
    assert "2 zones away" in refused.value.reason
    assert where(play)["charles"] == "pier"


@pytest.mark.rule("zone.move-roll")
def test_an_overcome_takes_charles_further_as_its_outcome_says(play: Play) -> None:
    along_the_pier(play)
    climb = {"actor": "charles", "skill": "athletics", "difficulty": 2, "move_to": "roof"}
    # A failure leaves him where he was.
    play.do(c.Roll(action=Action.OVERCOME, dice="----", **climb), "ben")
    roll = view_for(play.s, "ben")["rolls"][0]
    assert roll["move_to"] == "roof"
    play.do(c.ResolveRoll(), "ben")
    assert where(play)["charles"] == "pier"
    # A success takes him there, two zones at once.
    play.do(c.Roll(action=Action.OVERCOME, dice="++++", **climb), "ben")
    play.do(c.ResolveRoll(option="move"), "ben")
    assert where(play)["charles"] == "roof"
    assert_replays(play)


def test_a_move_roll_is_an_overcome_to_a_zone_there_is_a_way_to(play: Play) -> None:
    along_the_pier(play)
    with pytest.raises(BadInput):
        play.do(
            c.Roll(
                actor="charles",
                action=Action.CREATE_ADVANTAGE,
                skill="athletics",
                difficulty=2,
                move_to="roof",
                dice="0000",
            ),
            "ben",
        )
    with pytest.raises(BadInput):
        play.do(
            c.Roll(
                actor="charles",
                action=Action.OVERCOME,
                skill="athletics",
                difficulty=2,
                move_to="cellar",
                dice="0000",
            ),
            "ben",
        )
    assert play.s.rolls == {}


@pytest.mark.rule("safety.signal-first")
def test_no_move_across_the_map_is_offered_while_a_safety_signal_waits(play: Play) -> None:
    # Found by the Discord agent (seed 15): /move offered Ann's free move while a fast-forward
    # waited for the GM, and the table refused it (the signal comes first). The zones part now
    # offers no move, free or by overcome, until the GM has addressed it; who stands where and
    # the borders an aspect blocks are still shown.
    along_the_pier(play)
    play.do(c.AddSituationAspect(name="Stacked Crates"))
    play.do(c.BlockBorder(aspect_id=play.s.last_created[0], zone="pier", to="warehouse"))
    play.do(c.RaiseSignal(tool=SafetyTool.FAST_FORWARD), "ann")
    for seat in ("ann", "gm"):
        zones = view_for(play.s, seat)["scene"]["zones"]
        assert zones["moves"] == {} and zones["further"] == {}, seat
        assert zones["positions"]["ruth"] == "pier"
        assert [b["zone"] for b in zones["blocked"]["ruth"]] == ["warehouse"]
    with pytest.raises(IllegalAction, match="signal is waiting"):
        play.do(c.FreeMove(actor="charles", to="warehouse"), "ben")
    signal = next(iter(play.s.safety.waiting))
    play.do(c.AnswerSignal(signal_id=signal))
    zones = view_for(play.s, "ann")["scene"]["zones"]
    assert zones["further"] == {"ruth": ["roof", "warehouse"]}
    assert "warehouse" not in zones["moves"].get("ruth", [])
    assert_replays(play)
