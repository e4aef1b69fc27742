"""The table gives the ids: whatever comes without one, or with one already taken, gets a new one
made from its name in any script, so a second Cyrillic-named character is never refused."""

from __future__ import annotations

import json

import pytest

from fatekit.formats import dumps_character
from fatekit.formats.ids import id_from_name
from fatekit.rules import major_npc, new_character
from fatekit.rules.aspects.aspects import AspectKind
from fatekit.table import commands as c
from fatekit.table import events as e
from fatekit.table import view_for
from fatekit.table.seats import Role

from .conftest import Play, assert_replays, seated  # type: ignore[import-not-found]


def sheet(name: str, cid: str = "character") -> str:
    """A new PC under the placeholder id the page once made of every Cyrillic name."""
    return dumps_character(new_character("condensed", cid, name, high_concept=f"{name}'s way"))


def added(play: Play, command: c.Command, seat: str = "gm") -> e.Event:
    return play.do(command, seat).events[0]


@pytest.mark.parametrize(
    ("name", "made"),
    [
        ("Фёдор Кравцов", "федор-кравцов"),
        ("Sergeant Krüger", "sergeant-kruger"),
        ("Åsa Lind", "asa-lind"),
        ("  ", "id"),
        ("李小龍", "李小龍"),
        ("The_Old one!", "the-old-one"),
    ],
)
def test_ids_are_made_from_names_in_any_script(name: str, made: str) -> None:
    assert id_from_name(name) == made
    assert id_from_name(name, {made}) == f"{made}-2"
    assert id_from_name(name, {made, f"{made}-2"}) == f"{made}-3"


def test_two_cyrillic_characters_each_get_their_own_id(play: Play) -> None:
    # The page once sent both as "character"; the second was refused as a duplicate.
    first = added(play, c.AddCharacter(sheet=sheet("Фёдор Кравцов"), owner="ann"), "ann")
    second = added(play, c.AddCharacter(sheet=sheet("Фёдор Кравцов"), owner="ben"), "ben")
    third = added(play, c.AddCharacter(sheet=sheet("Соня Белова")))
    fourth = added(play, c.AddCharacter(sheet=sheet("Фёдор Кравцов")))
    made = (first, second, third, fourth)
    ids = [x.character_id for x in made if isinstance(x, e.CharacterAdded)]
    # A free id is kept; a taken one is made again from the name.
    assert ids == ["character", "федор-кравцов", "соня-белова", "федор-кравцов-2"]
    assert play.s.owners["федор-кравцов"] == "ben"
    names = {ch["id"]: ch["sheet"]["name"] for ch in view_for(play.s, "gm")["characters"]}
    assert names["федор-кравцов-2"] == "Фёдор Кравцов"
    assert_replays(play)


def test_a_sheet_without_an_id_gets_one_and_its_hidden_aspects_follow(play: Play) -> None:
    npc = major_npc(
        "condensed",
        "alice",  # taken: the table's Alice Westforth
        "Алиса Вестфорт",
        high_concept="Глава культа",
        aspects=[(AspectKind.CHARACTER, "Слуга Глубинного")],
    )
    data = json.loads(dumps_character(npc))
    secret = next(a["id"] for a in data["aspects"] if a["name"] == "Слуга Глубинного")
    done = added(play, c.AddCharacter(sheet=json.dumps(data), hidden_aspects=(secret,)))
    assert isinstance(done, e.CharacterAdded) and done.character_id == "алиса-вестфорт"
    assert done.hidden_aspects == (secret.replace("alice/", "алиса-вестфорт/"),)
    # Once met in a scene, the players see the name and the high concept, never the hidden
    # aspect.
    play.do(c.JoinScene(character_id=done.character_id, zone="deck"))
    seen = next(ch for ch in view_for(play.s, "ann")["characters"] if ch["id"] == done.character_id)
    assert "Слуга Глубинного" not in json.dumps(seen, ensure_ascii=False)
    assert "Глава культа" in json.dumps(seen, ensure_ascii=False)
    # The original Alice kept her own aspects.
    alice = play.s.game.character("alice")
    assert all(a.id.startswith("alice/") for a in alice.aspects)
    # No id at all: made from the name.
    del data["id"]
    data["name"] = "Алиса Вторая"
    later = added(play, c.AddCharacter(sheet=json.dumps(data)))
    assert isinstance(later, e.CharacterAdded) and later.character_id == "алиса-вторая"
    assert_replays(play)


def test_seats_templates_and_prepared_scenes_get_ids_from_their_names() -> None:
    play = seated()
    seat = added(play, c.AddSeat(role=Role.PLAYER, name="Аня"))
    again = added(play, c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))  # taken
    assert isinstance(seat, e.SeatAdded) and seat.seat_id == "аня"
    assert isinstance(again, e.SeatAdded) and again.seat_id == "ann-2"
    template = added(play, c.AddTemplate(name="Стражник", sheet=sheet("Стражник")))
    assert isinstance(template, e.TemplateAdded) and template.template_id == "стражник"
    scene = added(play, c.PrepareScene(name="Причал"))
    other = added(play, c.PrepareScene(name="Причал"))
    assert isinstance(scene, e.ScenePrepared) and scene.scene_id == "причал"
    assert isinstance(other, e.ScenePrepared) and other.scene_id == "причал-2"
    assert_replays(play, ("gm", "ann", "аня"))


def test_hazards_and_blocks_get_ids_from_their_names() -> None:
    play = seated(("obstacles",))
    play.do(
        c.StartConflict(sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",))), first="ruth")
    )
    fire = added(play, c.AddHazard(name="Пожар", rating=2, weapon=1, side="cult"))
    fire2 = added(
        play, c.AddHazard(hazard_id="alice", name="Пожар", rating=2, weapon=1, side="cult")
    )
    wall = added(play, c.AddBlock(name="Стена", rating=2))
    assert isinstance(fire, e.HazardAdded) and fire.hazard_id == "пожар"
    assert isinstance(fire2, e.HazardAdded) and fire2.hazard_id == "пожар-2"
    assert isinstance(wall, e.BlockAdded) and wall.block_id == "стена"
    assert {"пожар", "пожар-2"} <= set(play.s.conflict.roster.fighters if play.s.conflict else ())
    assert_replays(play)


def test_one_file_brought_in_twice_never_shares_an_aspect(play: Play) -> None:
    # A pregenerated PC's file, brought in by two players: once under another id (the page's
    # sheet dialog names it anew), once with none. Each copy's aspects get ids of their own,
    # made from its character's id, so invoking or compelling one never reaches the other's.
    pregen = json.loads(sheet("Séverine Dufresne", "severine"))
    first = added(play, c.AddCharacter(sheet=json.dumps(pregen), owner="ann"), "ann")
    again = {**pregen, "id": "aurore", "name": "Aurore"}
    second = added(play, c.AddCharacter(sheet=json.dumps(again), owner="ben"), "ben")
    nameless = {k: v for k, v in pregen.items() if k != "id"} | {"name": "Blaise"}
    third = added(play, c.AddCharacter(sheet=json.dumps(nameless)))
    ids = [x.character_id for x in (first, second, third) if isinstance(x, e.CharacterAdded)]
    assert ids == ["severine", "aurore", "blaise"]
    held = {cid: [a.id for a in play.s.game.character(cid).aspects] for cid in ids}
    assert held["severine"] == ["severine/high_concept/1"]
    assert held["aurore"] == ["aurore/high_concept/1"]
    assert held["blaise"] == ["blaise/high_concept/1"]
    assert_replays(play)
