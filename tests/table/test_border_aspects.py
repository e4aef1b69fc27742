"""Aspects on borders at the table (issue 42): the GM puts a situation aspect of the scene on the
border between two adjacent zones; a free move across it is refused, naming the aspect, the
overcome to cross is offered and takes the character there; the GM takes it off the border, or
it stops standing there as it leaves play. A hidden aspect or a hidden zone's border reaches no
player (fate-core-conflicts.en.txt § Zones, § Movement; fate-condensed.ru.md § Setting Up Scenes
> Zones)."""

from __future__ import annotations

import json

import pytest

from fatekit.rules import Action, BadInput, ForbiddenAction, IllegalAction
from fatekit.table import commands as c
from fatekit.table import event_for, view_for
from fatekit.table.extras import extras_for

from .conftest import Play, assert_replays, log_of, seated  # type: ignore[import-not-found]

PLAYERS = ("ann", "ben", "sam")
CRATES = "Heavy Crates Everywhere"
TRAPDOOR = "A Trapdoor Nobody Noticed"


def warehouse(play: Play, hidden: tuple[str, ...] = ()) -> None:
    """The warehouse floor in two zones split by crates, the loft above the east side."""
    play.do(c.EndScene())
    play.do(
        c.StartScene(
            name="The warehouse",
            participants=("ruth", "charles", "alice"),
            zones=("west", "east", "loft"),
            links=(("west", "east"), ("east", "loft")),
            positions=(("ruth", "west"), ("charles", "west"), ("alice", "east")),
            hidden=hidden,
        )
    )


def aspect(play: Play, name: str, *, hidden: bool = False) -> str:
    play.do(c.AddSituationAspect(name=name, hidden=hidden))
    found = [a["id"] for a in view_for(play.s, "gm")["scene"]["aspects"] if a["name"] == name]
    return str(found[-1])


def zones_of(play: Play, seat: str) -> dict[str, object]:
    zones = view_for(play.s, seat)["scene"]["zones"]
    assert isinstance(zones, dict)
    return zones


@pytest.mark.rule("zone.border-aspect", "zone.free-move", "zone.move-roll")
def test_an_aspect_on_a_border_makes_crossing_an_overcome() -> None:
    play = seated()
    warehouse(play)
    crates = aspect(play, CRATES)
    assert zones_of(play, "ann")["moves"] == {"ruth": ["east"]}
    play.do(c.BlockBorder(aspect_id=crates, zone="east", to="west"))
    ann = zones_of(play, "ann")
    # No free move to the east any more; the overcome still goes there, and the view says why.
    assert ann["moves"] == {}
    assert ann["further"] == {"ruth": ["east", "loft"]}
    assert ann["blocked"] == {"ruth": [{"zone": "east", "aspects": [crates]}]}
    assert extras_for(play.s, "ann")["impediments"] == [
        {"between": ["east", "west"], "aspects": [crates]}
    ]
    with pytest.raises(IllegalAction) as refused:
        play.do(c.FreeMove(actor="ruth", to="east"), "ann")
    assert refused.value.rule.key == "zone.free-move"
    assert CRATES in refused.value.reason
    # The overcome to cross: a success takes Ruth over the crates.
    climb = {"actor": "ruth", "skill": "athletics", "difficulty": 2, "move_to": "east"}
    play.do(c.Roll(action=Action.OVERCOME, dice="++++", **climb), "ann")
    play.do(c.ResolveRoll(option="move"), "ann")
    assert view_for(play.s, "ann")["scene"]["zones"]["positions"]["ruth"] == "east"
    # The log tells it in the seat's words.
    told = [e for e in log_of(play, "ann") if e.get("type") == "BorderBlocked"]
    assert told and told[0]["data"]["name"] == CRATES
    assert_replays(play)


@pytest.mark.rule("zone.border-aspect")
def test_the_gm_takes_it_off_the_border_or_it_goes_with_the_aspect() -> None:
    play = seated()
    warehouse(play)
    crates = aspect(play, CRATES)
    play.do(c.BlockBorder(aspect_id=crates, zone="west", to="east"))
    play.do(c.ClearBorder(aspect_id=crates, zone="east", to="west"))
    assert zones_of(play, "ann")["moves"] == {"ruth": ["east"]}
    assert zones_of(play, "ann")["blocked"] == {}
    # Still in play, only off the border.
    assert crates in [a["id"] for a in view_for(play.s, "ann")["scene"]["aspects"]]
    play.do(c.BlockBorder(aspect_id=crates, zone="west", to="east"))
    assert zones_of(play, "ann")["moves"] == {}
    # Removed from play: it blocks nothing more, with no one clearing the border.
    play.do(c.RemoveAspect(aspect_id=crates))
    assert zones_of(play, "ann")["moves"] == {"ruth": ["east"]}
    assert zones_of(play, "gm")["blocked"] == {}
    play.do(c.FreeMove(actor="ruth", to="east"), "ann")
    assert_replays(play)


def test_who_may_and_what_is_refused() -> None:
    play = seated()
    warehouse(play)
    crates = aspect(play, CRATES)
    version = play.s.version
    with pytest.raises(ForbiddenAction):
        play.do(c.BlockBorder(aspect_id=crates, zone="west", to="east"), "ann")
    with pytest.raises(BadInput) as refused:
        play.do(c.BlockBorder(aspect_id=crates, zone="west", to="loft"))
    assert refused.value.code == "border_not_adjacent"
    with pytest.raises(BadInput, match="no zone"):
        play.do(c.BlockBorder(aspect_id=crates, zone="west", to="cellar"))
    with pytest.raises(BadInput) as refused:
        play.do(c.BlockBorder(aspect_id="a99", zone="west", to="east"))
    assert refused.value.code == "aspect_gone"
    with pytest.raises(BadInput) as refused:
        play.do(c.ClearBorder(aspect_id=crates, zone="west", to="east"))
    assert refused.value.code == "border_not_blocked"
    assert play.s.version == version  # nothing changed
    play.do(c.BlockBorder(aspect_id=crates, zone="west", to="east"))
    with pytest.raises(BadInput) as refused:
        play.do(c.BlockBorder(aspect_id=crates, zone="east", to="west"))
    assert refused.value.code == "border_blocked_already"
    # A character's aspect is no situation aspect: it stands on no border.
    ruth = view_for(play.s, "gm")["characters"]
    own = next(a["id"] for ch in ruth if ch["id"] == "ruth" for a in ch["sheet"]["aspects"])
    with pytest.raises(BadInput):
        play.do(c.BlockBorder(aspect_id=own, zone="west", to="east"))


def _seen(play: Play, seat: str) -> str:
    parts = [view_for(play.s, seat), extras_for(play.s, seat), log_of(play, seat)]
    parts += [event_for(event, play.s, seat) for event in play.log]
    return json.dumps(parts, ensure_ascii=False)


@pytest.mark.rule("zone.border-aspect")
def test_a_hidden_aspect_on_a_border_reaches_no_player() -> None:
    play = seated()
    warehouse(play)
    trap = aspect(play, TRAPDOOR, hidden=True)
    play.do(c.BlockBorder(aspect_id=trap, zone="west", to="east"))
    for seat in PLAYERS:
        assert TRAPDOOR not in _seen(play, seat), seat
        assert '"BorderBlocked"' not in _seen(play, seat), seat
        assert zones_of(play, seat)["blocked"] == {}
    # It still stands in the way: the refusal says something hidden does, and names nothing.
    with pytest.raises(IllegalAction) as refused:
        play.do(c.FreeMove(actor="ruth", to="east"), "ann")
    assert TRAPDOOR not in refused.value.reason and trap not in refused.value.reason
    assert "hidden" in refused.value.reason
    assert zones_of(play, "gm")["blocked"]["ruth"] == [{"zone": "east", "aspects": [trap]}]
    # Revealed, the players see the border it blocks.
    play.do(c.RevealAspect(aspect_id=trap))
    assert zones_of(play, "ann")["blocked"] == {"ruth": [{"zone": "east", "aspects": [trap]}]}
    assert_replays(play)


def test_a_hidden_zones_borders_reach_no_player() -> None:
    play = seated()
    warehouse(play, hidden=("loft",))
    crates = aspect(play, CRATES)
    play.do(c.BlockBorder(aspect_id=crates, zone="east", to="loft"))
    for seat in PLAYERS:
        assert '"loft"' not in _seen(play, seat), seat
        assert '"BorderBlocked"' not in _seen(play, seat), seat
    play.do(c.PlaceInZone(character_id="ruth", zone="east"))
    assert zones_of(play, "ann")["blocked"] == {}
    assert zones_of(play, "gm")["blocked"]["ruth"] == [{"zone": "loft", "aspects": [crates]}]
    # Shown, the loft's border is the players' to see, and to cross by an overcome.
    play.do(c.HideZone(zone="loft", hidden=False))
    assert zones_of(play, "ann")["blocked"] == {"ruth": [{"zone": "loft", "aspects": [crates]}]}
    assert_replays(play)
