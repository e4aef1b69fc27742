"""The scene's zones from Discord (issue 42): /scene says the zones, who is where, the borders
and where the seat's characters may go; /move offers (autocomplete) exactly the moves the seat's
view offers and becomes the table's FreeMove, or says an overcome is needed; a zone the GM keeps
hidden is in no player's text and no player's choices."""

from __future__ import annotations

import pytest

from fatekit.discord.lines import Reader
from fatekit.discord.moves import Ask, move_for, zone_choices
from fatekit.discord.sheets import scene_text
from fatekit.discord.words import words
from fatekit.table import commands as c
from fatekit.table import view_for
from tests.table.conftest import Play, seated

LANGUAGES = ("en", "ru", "it", "sv")
VAULT = "zz-vault"


def _harbour() -> Play:
    """Ruth and Charles on the pier; the warehouse next to it, the roof beyond, a hidden vault
    behind the warehouse with Alice in it; a crate blocks the way from the pier."""
    play = seated()
    play.do(c.EndScene())
    play.do(
        c.StartScene(
            name="The harbour",
            participants=("ruth", "charles", "alice"),
            zones=("pier", "warehouse", "roof", VAULT),
            links=(("pier", "warehouse"), ("warehouse", "roof"), ("warehouse", VAULT)),
            positions=(("ruth", "pier"), ("charles", "pier"), ("alice", VAULT)),
            hidden=(VAULT,),
        )
    )
    return play


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_scene_says_the_zones_and_the_ways_in_each_language(language: str) -> None:
    play = _harbour()
    view = view_for(play.s, "ann")
    said = scene_text(view, Reader(view, words(language)))
    t = words(language)
    assert "pier" in said and "roof" in said and VAULT not in said
    assert t("zones.way.free", zone="warehouse") in said
    assert t("zones.way.overcome", zone="roof") in said
    assert t("zones.links", links="pier — warehouse, roof — warehouse") in said
    gm_view = view_for(play.s, "gm")
    gm_said = scene_text(gm_view, Reader(gm_view, words(language)))
    assert f"{VAULT} ({t('zones.hidden')})" in gm_said


def test_move_offers_what_the_view_offers_and_becomes_a_free_move() -> None:
    play = _harbour()
    view = view_for(play.s, "ann")
    reader = Reader(view, words("en"))
    offered = zone_choices(view, "ruth", reader)
    assert [(ch.value, ch.name) for ch in offered] == [
        ("roof", "roof (overcome)"),
        ("warehouse", "warehouse (free move)"),
    ]
    move = move_for("move", {"zone": "ware"}, view, {}, reader)
    assert (move.type, move.data) == ("FreeMove", {"actor": "ruth", "to": "warehouse"})
    play.do(c.FreeMove(**move.data), "ann")
    # Further off: the move is an overcome, said before the table is asked.
    with pytest.raises(Ask) as asked:
        move_for("move", {"zone": "roof"}, view, {}, reader)
    assert asked.value.key == "discord.move_overcome"
    # From the warehouse, the vault the GM keeps hidden is never offered.
    view = view_for(play.s, "ann")
    assert VAULT not in [ch.value for ch in zone_choices(view, "ruth", Reader(view, words("en")))]


def test_an_aspect_on_a_border_is_said_and_makes_the_way_an_overcome() -> None:
    play = _harbour()
    play.do(c.AddSituationAspect(name="Stacked Crates", zone="pier"))
    aspect = play.s.last_created[0]
    scene = play.s.game.scene
    assert scene is not None and scene.zones is not None
    scene.zones.impede("pier", "warehouse", aspect)  # as an aspect set on the border does
    view = view_for(play.s, "ann")
    reader = Reader(view, words("en"))
    assert [(ch.value, ch.name) for ch in zone_choices(view, "ruth", reader)] == [
        ("roof", "roof (overcome)"),
        ("warehouse", "warehouse (overcome)"),
    ]
    assert "the way to warehouse is blocked by *Stacked Crates*" in scene_text(view, reader)
