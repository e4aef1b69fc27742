"""Extras with skills of their own: a ship owned by one player and shared with another's PC acts
and takes harm like a character, and both players act for it; no one else does."""

from __future__ import annotations

import json

import pytest

from fatekit.formats import dumps_character
from fatekit.rules import Action, BadInput, ForbiddenAction, new_character
from fatekit.table import commands as c
from fatekit.table import view_for
from fatekit.table.seats import Role

from .conftest import Play, assert_replays  # type: ignore[import-not-found]


def _ship(shared_with: list[str]) -> str:
    return json.dumps(
        {
            "format": "fatekit-character",
            "version": 1,
            "id": "gull",
            "name": "The Gull",
            "kind": "extra",
            "preset": "condensed",
            "aspects": [{"kind": "high_concept", "name": "Fast Sloop with a Leaky Hull"}],
            "skills": {"drive": 3, "physique": 2, "shoot": 1},
            "stress": {"physical": [{"value": 1}, {"value": 1}]},
            "consequences": [{"severity": "mild", "shifts": 2}],
            "shared_with": shared_with,
        }
    )


def _table() -> Play:
    play = Play()
    play.do(c.CreateTable(name="Extras", preset="condensed"))
    play.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    play.do(c.AddSeat(seat_id="ben", role=Role.PLAYER, name="Ben"))
    play.do(c.AddSeat(seat_id="cal", role=Role.PLAYER, name="Cal"))
    for seat, pc in (("ann", "iris"), ("ben", "bo"), ("cal", "cy")):
        sheet = new_character("condensed", pc, pc.title(), high_concept="Sailor", skills={})
        play.do(c.AddCharacter(sheet=dumps_character(sheet), owner=seat), seat=seat)
    return play


def test_a_shared_extra_acts_for_its_players_and_takes_harm() -> None:
    play = _table()
    play.do(c.AddCharacter(sheet=_ship(["iris", "bo"]), owner="ann"), seat="ann")
    # Its sheet is in the open, like a PC's; Ann and Ben both count it as theirs. Its boxes and
    # slots are its own; a sheet that leaves them out gets those its skills give, as a PC's.
    bare = json.loads(_ship([]))
    for field in ("stress", "consequences"):
        bare.pop(field)
    bare.update(id="skiff", name="The Skiff")
    play.do(c.AddCharacter(sheet=json.dumps(bare), owner="ann"), seat="ann")
    skiff = play.s.game.character("skiff")
    assert [len(t.boxes) for t in skiff.stress.values()] == [4, 3]  # Physique +2: one more
    assert [s.severity.value for s in skiff.consequences] == ["mild", "moderate", "severe"]
    for seat in ("ann", "ben"):
        assert "gull" in view_for(play.s, seat)["you"]["characters"]
    assert "gull" not in view_for(play.s, "cal")["you"]["characters"]
    play.do(c.StartSession())
    play.do(c.StartScene(name="Open water", participants=("iris", "bo", "gull")))
    # Ben's seat rolls for the ship it shares; Cal's may not.
    play.do(
        c.Roll(actor="gull", action=Action.OVERCOME, skill="drive", difficulty=2, dice="0000"),
        seat="ben",
    )
    assert play.s.roll is not None and play.s.roll.effort == 3
    play.do(c.ResolveRoll(), seat="ben")
    with pytest.raises(ForbiddenAction):
        play.do(
            c.Roll(actor="gull", action=Action.OVERCOME, skill="drive", difficulty=2, dice="0000"),
            seat="cal",
        )
    # The ship is attacked and takes a consequence of its own.
    play.do(c.AddCharacter(sheet=_reef()))
    play.do(c.JoinScene(character_id="reef"))
    play.do(
        c.StartConflict(sides=(("crew", ("iris", "bo", "gull")), ("reef", ("reef",))), first="reef")
    )
    play.dice = ["----"]
    play.do(c.Attack(actor="reef", target="gull", skill="fight", dice="++++"))
    play.do(c.ResolveRoll(option="hit"))
    pending = play.s.conflict
    assert pending is not None and pending.hits.pending_hit is not None
    assert pending.hits.pending_hit[0] == "gull"
    assert_replays(play, ("gm", "ann", "ben", "cal"))


def test_an_extra_is_shared_only_by_what_its_sheet_says() -> None:
    play = _table()
    with pytest.raises(ForbiddenAction):
        play.do(c.AddCharacter(sheet=_ship(["iris"]), owner="ann"), seat="ben")
    # An NPC may not be given to a player; an extra may.
    play.do(c.AddCharacter(sheet=_ship([]), owner="ann"))
    assert play.s.owner_of("gull") == "ann"
    assert "gull" not in view_for(play.s, "ben")["you"]["characters"]
    npc = json.loads(_ship([]))
    npc.update(id="kraken", name="Kraken", kind="major_npc")
    npc.pop("shared_with")
    with pytest.raises(BadInput, match="player character or an extra"):
        play.do(c.AddCharacter(sheet=json.dumps(npc), owner="ann"))


def _reef() -> str:
    return json.dumps(
        {
            "format": "fatekit-character",
            "version": 1,
            "id": "reef",
            "name": "The Reef",
            "kind": "monster",
            "preset": "condensed",
            "aspects": [{"kind": "high_concept", "name": "Hidden Rocks"}],
            "skills": {"fight": 2},
        }
    )
