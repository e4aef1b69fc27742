"""Extras with skills of their own: a ship owned by one player and shared with another's PC acts
and takes harm like a character, and both players act for it; no one else does."""

from __future__ import annotations

import json

import pytest

from fatekit.formats import dumps_character
from fatekit.rules import Action, BadInput, ForbiddenAction, IllegalAction, new_character
from fatekit.table import commands as c
from fatekit.table import view_for
from fatekit.table.offers import invoke_options
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


def pool(play: Play) -> int:
    return play.s.game.ledger.gm.available


def held(play: Play, pc: str) -> int:
    return play.s.game.ledger.wallet(pc).available


@pytest.mark.rule("fate-points.extra")
def test_a_players_extra_spends_its_players_fate_points() -> None:
    """Fate Core, Extras > Defining Extras: an extra extends the sheet of the character it
    belongs to. The page agent's player declared a story detail for her ship and the GM's pool
    paid it: the ledger counted the extra as an NPC."""
    play = _table()
    play.do(c.AddCharacter(sheet=_ship(["iris", "bo"]), owner="ann"), seat="ann")
    play.do(c.StartSession())
    play.do(c.StartScene(name="Open water", participants=("iris", "bo", "gull")))
    gm, iris, bo = pool(play), held(play, "iris"), held(play, "bo")
    hull = "gull/high_concept/1"
    play.do(c.DeclareStoryDetail(aspect_id=hull, by="gull", detail="A spare sail"), seat="ann")
    assert (pool(play), held(play, "iris")) == (gm, iris - 1)
    # Ben shares the ship: his own PC pays when he speaks for it.
    play.do(c.DeclareStoryDetail(aspect_id=hull, by="gull", detail="Fresh water"), seat="ben")
    assert (pool(play), held(play, "bo")) == (gm, bo - 1)
    # The GM speaking for a player's ship spends its owner's points, not the pool.
    play.do(c.DeclareStoryDetail(aspect_id=hull, by="gull", detail="A flag"))
    assert (pool(play), held(play, "iris")) == (gm, iris - 2)
    # Out of points, Iris cannot pay for it, and the pool does not step in.
    while held(play, "iris"):
        play.do(c.DeclareStoryDetail(aspect_id=hull, by="gull", detail="Rope"), seat="ann")
    with pytest.raises(IllegalAction):
        play.do(c.DeclareStoryDetail(aspect_id=hull, by="gull", detail="Oars"), seat="ann")
    assert pool(play) == gm
    assert_replays(play, ("gm", "ann", "ben", "cal"))


def test_an_extra_no_player_holds_spends_the_gms_pool() -> None:
    play = _table()
    sheet = json.loads(_ship([]))
    sheet.update(id="wyrm", name="The Wyrm")
    play.do(c.AddCharacter(sheet=json.dumps(sheet)))
    play.do(c.StartSession())
    play.do(c.StartScene(name="Open water", participants=("iris", "bo", "wyrm")))
    gm = pool(play)
    play.do(c.DeclareStoryDetail(aspect_id="wyrm/high_concept/1", by="wyrm", detail="A lair"))
    assert pool(play) == gm - 1


def _paid_stunts() -> list[dict[str, object]]:
    bonus = {"type": "skill_bonus", "skill": "drive", "actions": ["overcome"], "bonus": 2}
    patch = {"type": "rule_exception", "text": "patch the hull at sea"}
    return [
        {"name": "Ram", "cost": "fate_point", "effect": bonus},
        {"name": "Jury-rig", "cost": "fate_point", "effect": patch},
    ]


@pytest.mark.rule("fate-points.extra")
def test_a_players_extra_pays_its_invokes_and_stunts_from_its_players_points() -> None:
    """Fate Core, Extras > Defining Extras: an extra extends its character's sheet, so what it
    spends on a roll (a paid invoke, a stunt that costs a fate point) or on a stunt used on its
    own comes from its player's character, as a story detail does; the GM's pool never pays."""
    play = _table()
    sheet = json.loads(_ship(["iris", "bo"]))
    sheet["stunts"] = _paid_stunts()
    play.do(c.AddCharacter(sheet=json.dumps(sheet), owner="ann"), seat="ann")
    play.do(c.StartSession())
    play.do(c.StartScene(name="Open water", participants=("iris", "bo", "gull")))
    gm, iris, bo = pool(play), held(play, "iris"), held(play, "bo")
    # Ann rolls for her ship with its paid stunt, and invokes its hull with a fate point.
    play.do(
        c.Roll(
            actor="gull",
            action=Action.OVERCOME,
            skill="drive",
            difficulty=6,
            dice="0000",
            stunts=("Ram",),
        ),
        seat="ann",
    )
    assert (pool(play), held(play, "iris")) == (gm, iris - 1)
    # The invokes the page offers count Iris's points, the ones that will pay.
    offered = invoke_options(play.s, "ann", "gull")
    assert offered["fate_points"] == iris - 1
    assert any(o["aspect_id"] == "gull/high_concept/1" and o["paid"] for o in offered["options"])
    play.do(c.Invoke(aspect_id="gull/high_concept/1", by="gull"), seat="ann")
    assert (pool(play), held(play, "iris")) == (gm, iris - 2)
    play.do(c.ResolveRoll(), seat="ann")
    # Ben speaks for the ship he shares: his PC pays its stunt used on its own.
    play.do(c.UseStunt(by="gull", stunt="Jury-rig", note="a plank"), seat="ben")
    assert (pool(play), held(play, "bo")) == (gm, bo - 1)
    # With no points left on Ann's side, the pool does not step in.
    while held(play, "iris"):
        play.do(c.UseStunt(by="gull", stunt="Jury-rig"), seat="ann")
    with pytest.raises(IllegalAction):
        play.do(c.UseStunt(by="gull", stunt="Jury-rig"), seat="ann")
    assert pool(play) == gm
    assert_replays(play, ("gm", "ann", "ben", "cal"))
