"""Characters coming into a scene and a fight already under way, through the table's commands:
the GM's NPC made mid-scene walks straight in, a PC arriving late is brought in, and nothing ends
the scene to let them in (so its aspects and boosts stay)."""

from __future__ import annotations

import pytest

from fatekit.formats import dumps_character
from fatekit.rules import BadInput, ForbiddenAction, minor_npc
from fatekit.table import commands as c
from fatekit.table import events as e
from fatekit.table import view_for

from .conftest import Play, assert_replays, log_of  # type: ignore[import-not-found]


def kruger() -> str:
    """The placeholder id the page once gave every Cyrillic name."""
    return dumps_character(
        minor_npc("condensed", "character", "Сержант Крюгер", ["Сержант"], {"fight": 3})
    )


def test_an_npc_made_mid_fight_comes_into_the_scene_and_the_fight(play: Play) -> None:
    play.do(c.AddSituationAspect(name="Slick Deck"))
    sides = (("heroes", ("ruth", "charles")), ("cult", ("alice",)))
    play.do(c.StartConflict(sides=sides, first="ruth"))
    enter = c.Entrance(zone="cabin", side="cult")
    with pytest.raises(ForbiddenAction):
        play.do(c.AddCharacter(sheet=kruger(), owner="ann", enter=enter), "ann")
    made = play.do(c.AddCharacter(sheet=kruger(), enter=enter)).events
    assert [type(x) for x in made] == [e.CharacterAdded, e.JoinedScene]
    joined = made[1]
    assert isinstance(joined, e.JoinedScene)
    assert (joined.character_id, joined.zone, joined.side) == ("character", "cabin", "cult")
    view = view_for(play.s, "ann")
    assert "character" in view["scene"]["participants"]
    assert {"id": "character", "side": "cult"}.items() <= next(
        f for f in view["conflict"]["fighters"] if f["id"] == "character"
    ).items()
    assert view["scene"]["zones"]["positions"]["character"] == "cabin"
    # The scene was not ended to let him in: its aspect is still there.
    assert any(a["name"] == "Slick Deck" for a in view["scene"]["aspects"])
    assert log_of(play, "ben")[0]["type"] == "JoinedScene"
    assert_replays(play)


def test_a_character_arriving_late_is_brought_in_by_the_gm(play: Play) -> None:
    play.do(c.EndScene())
    play.do(
        c.StartScene(
            name="Cabin",
            participants=("ruth", "alice"),
            zones=("cabin", "deck"),
            links=(("cabin", "deck"),),
            positions=(("ruth", "cabin"), ("alice", "cabin")),
        )
    )
    play.do(c.StartConflict(sides=(("heroes", ("ruth",)), ("cult", ("alice",))), first="alice"))
    with pytest.raises(ForbiddenAction):
        play.do(c.JoinScene(character_id="charles", zone="deck", side="heroes"), "ben")
    with pytest.raises(BadInput, match="which zone"):
        play.do(c.JoinScene(character_id="charles", side="heroes"))
    play.do(c.JoinScene(character_id="charles", zone="deck", side="heroes"))
    conflict = play.s.conflict
    assert conflict is not None and conflict.roster.fighters["charles"].side == "heroes"
    # He may act this exchange: Alice can hand him the turn.
    assert "charles" in conflict.turns.next_choices()
    with pytest.raises(BadInput, match="already in scene"):
        play.do(c.JoinScene(character_id="charles", zone="deck"))
    assert_replays(play)
