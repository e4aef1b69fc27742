"""A character who comes into a scene, and a fight, already under way: an NPC made mid-scene, a PC
arriving late. The texts are silent on joining; what they say of the GM's pool (fate-condensed.ru.md
§ Your Fate Points) and of turn order (fate-core-conflicts.en.txt § Turn Order; fate-condensed.ru.md
§ Turn Order) decides where the newcomer stands."""

from __future__ import annotations

import pytest

from fatekit.rules import BadInput, IllegalAction, ScriptedDice
from fatekit.rules.characters.character import major_npc, minor_npc, new_character
from fatekit.rules.scenes.conflict import Conflict, Move
from fatekit.rules.scenes.scene import Game
from fatekit.rules.scenes.zones import ZoneMap


def dice(*faces: str) -> ScriptedDice:
    return ScriptedDice(list(faces))


def docks(preset: str = "condensed") -> Game:
    ruth = new_character(preset, "ruth", "Ruth", skills={"fight": 4, "notice": 1})
    thug = minor_npc(preset, "thug", "Thug", ["Thug"], {"fight": 2, "notice": 2})
    kruger = minor_npc(preset, "kruger", "Kruger", ["Sergeant"], {"fight": 3, "notice": 3})
    game = Game([ruth, thug, kruger])
    zones = ZoneMap()
    for zone in ("quay", "roof"):
        zones.add_zone(zone)
    zones.connect("quay", "roof")
    zones.place("ruth", "quay")
    zones.place("thug", "quay")
    game.start_scene("Docks", ["ruth", "thug"], zones=zones)
    return game


@pytest.mark.rule("turn-order.elective")
def test_a_newcomer_joins_the_fight_and_may_be_named_next() -> None:
    game = docks()
    conflict = Conflict(game, {"heroes": ["ruth"], "gang": ["thug"]}, first="ruth")
    with pytest.raises(BadInput, match="not in scene"):
        conflict.join("kruger", "gang")
    with pytest.raises(BadInput, match="which zone"):
        game.join_scene("kruger")
    game.join_scene("kruger", zone="roof")
    assert game.scene is not None and game.scene.zones is not None
    assert game.scene.zones.zone_of("kruger") == "roof"
    conflict.join("kruger", "gang")
    with pytest.raises(BadInput, match="already in this conflict"):
        conflict.join("kruger", "gang")
    # He has not acted this exchange: Ruth may name him next, and he can be shot at, not hit.
    roll = conflict.overcome("ruth", "fight", dice=dice("0000"), difficulty=0)
    roll.roll()
    conflict.resolve()
    assert "kruger" in conflict.turns.next_choices()
    conflict.end_turn("kruger")
    attack = next(a for a in conflict.legal_actions("kruger") if a.move is Move.ATTACK)
    assert dict(attack.reach) == {"shoot": ("ruth",)}


@pytest.mark.rule("turn-order.skills")
def test_a_fixed_order_takes_the_newcomer_in_at_their_skills_place() -> None:
    game = docks("core")
    conflict = Conflict(game, {"heroes": ["ruth"], "gang": ["thug"]})
    assert conflict.turns.order == ["thug", "ruth"]
    game.join_scene("kruger", zone="quay")
    conflict.join("kruger", "gang")
    assert conflict.turns.order == ["kruger", "thug", "ruth"]  # Notice +3 goes first from now on


@pytest.mark.rule("fate-points.gm-pool")
def test_an_npc_joining_brings_its_carried_points_into_the_gms_pool() -> None:
    ruth = new_character("condensed", "ruth", "Ruth", skills={"fight": 4})
    alice = major_npc("condensed", "alice", "Alice", high_concept="Cult Leader")
    game = Game([ruth, alice])
    game.ledger.account("alice").available = 2  # she conceded a fight in an earlier scene
    game.start_scene("Pier", ["ruth"])
    assert game.ledger.gm.available == 1  # one per PC
    game.join_scene("alice")
    assert game.ledger.gm.available == 3
    assert game.ledger.account("alice").available == 0
    with pytest.raises(BadInput, match="already in scene"):
        game.join_scene("alice")


def test_nobody_joins_a_finished_fight_or_a_scene_that_is_not_running() -> None:
    game = docks()
    conflict = Conflict(game, {"heroes": ["ruth"], "gang": ["thug"]}, first="ruth")
    conflict.hits.finish()
    game.join_scene("kruger", zone="roof")
    with pytest.raises(IllegalAction, match="over"):
        conflict.join("kruger", "gang")
    game.end_scene()
    with pytest.raises(BadInput, match="no scene"):
        game.join_scene("kruger")
