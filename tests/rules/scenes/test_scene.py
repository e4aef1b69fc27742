"""Scenes, sessions and the game clock (fate-condensed.ru.md § Setting Up Scenes, § Recovering
from Conflicts, § Обновление; § Сессии и Арки)."""

from __future__ import annotations

import pytest

from fatekit.rules import GM, Action, ActionRoll, AspectKind, BadInput, IllegalAction, ScriptedDice
from fatekit.rules.characters.character import major_npc, new_character
from fatekit.rules.core.clock import Milestone
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.absorb import AbsorbPlan, apply_plan
from fatekit.rules.harm.consequences import Severity
from fatekit.rules.harm.recovery import treat
from fatekit.rules.scenes.scene import Game
from fatekit.rules.scenes.zones import ZoneMap


def party() -> Game:
    ruth = new_character(
        "condensed", "ruth", "Ruth", high_concept="Ex-Boxer", skills={"fight": 4, "physique": 2}
    )
    ethan = new_character(
        "condensed", "ethan", "Ethan", high_concept="Tinkerer", skills={"crafts": 1}
    )
    alice = major_npc(
        "condensed", "alice", "Alice Westforth", high_concept="Cult Leader", skills={"deceive": 4}
    )
    alice.fate_points = 3  # her own points: the GM's pool never counts them
    return Game([ruth, ethan, alice])


@pytest.mark.rule("scene.setup")
def test_a_scene_has_aspects_with_gm_free_invokes_and_zones() -> None:
    game = party()
    zones = ZoneMap()
    zones.add_zone("deck")
    scene = game.start_scene("The yacht", ["ruth", "ethan", "alice"], zones=zones)
    crates = scene.add_situation_aspect("Loose Crates", free_invokes=[("ruth", 1)])
    slick = scene.add_situation_aspect("Slick Deck", zone="deck")
    assert crates.free_invokes_held_by("ruth") == 1
    assert slick.kind is AspectKind.ZONE and slick.zone == "deck"
    assert game.ledger.gm.available == 2  # two PCs
    with pytest.raises(BadInput, match="no zone"):
        scene.add_situation_aspect("Fog", zone="hold")
    with pytest.raises(BadInput, match="still running"):
        game.start_scene("Another", ["ruth"])
    with pytest.raises(BadInput, match="no character"):
        Game([]).start_scene("Empty", ["nobody"])


@pytest.mark.rule("scene.end", "fate-points.after-scene", "invoke.hostile")
def test_ending_a_scene_clears_stress_aspects_and_pays_held_points() -> None:
    game = party()
    scene = game.start_scene("The yacht", ["ruth", "ethan", "alice"])
    fog = scene.add_situation_aspect("Thick Fog")
    kept = scene.add_situation_aspect("Burning Yacht")
    scene.aspects.create_boost("ruth", "Momentum")
    ruth = game.character("ruth")
    apply_plan(ruth, 2, Track.PHYSICAL, AbsorbPlan(boxes=(0, 1)), by="alice")
    cult = game.character("alice").aspects[0]
    roll = ActionRoll(
        "ruth", Action.OVERCOME, 4, difficulty=6, dice=ScriptedDice(["0000"]), ledger=game.ledger
    )
    roll.roll()
    roll.invoke(cult)  # hostile: Alice's point waits for the scene's end
    assert game.ledger.account("alice").pending == 1
    end = game.end_scene(keep=[kept.id])
    assert end.stress_cleared == 2 and not any(b.marked for b in ruth.stress[Track.PHYSICAL].boxes)
    assert fog.id in end.aspects_removed and kept.id not in end.aspects_removed
    assert [a.name for a in scene.aspects] == ["Burning Yacht"]
    assert game.ledger.account("alice").available == 1  # carried to her next scene
    assert ruth.fate_points == 2  # the sheet follows the ledger
    assert game.clock.scenes_ended == 1 and game.scene is None
    assert game.start_scene("The dock", ["ruth", "ethan", "alice"]).number == 2
    assert game.ledger.gm.available == 3  # two PCs plus Alice's carried point
    with pytest.raises(IllegalAction, match="no scene"):
        Game([]).end_scene()


@pytest.mark.rule("fate-points.refresh", "scene.end")
def test_sessions_refresh_and_count() -> None:
    game = party()
    game.start_session()
    ruth = game.character("ruth")
    assert ruth.fate_points == 3
    game.ledger.wallet("ruth").spend(3)
    game.start_scene("s", ["ruth"])
    with pytest.raises(BadInput, match="end the running scene"):
        game.end_session()
    game.end_scene()
    game.end_session()
    assert ruth.fate_points == 0 and game.clock.sessions_ended == 1
    game.start_session()
    assert ruth.fate_points == 3
    with pytest.raises(BadInput, match="already running"):
        game.start_session()


@pytest.mark.rule("scene.end")
def test_recovery_clears_on_the_clock_the_game_keeps() -> None:
    """A treated mild consequence clears after one full scene, a moderate after a session, a
    severe at the next major milestone."""
    game = party()
    ruth = game.character("ruth")
    game.start_session()
    game.start_scene("fight", ["ruth"])
    mild, moderate, severe = (
        next(i for i, s in enumerate(ruth.consequences) if s.severity is sev)
        for sev in (Severity.MILD, Severity.MODERATE, Severity.SEVERE)
    )
    apply_plan(
        ruth,
        12,
        Track.PHYSICAL,
        AbsorbPlan(slots=(mild, moderate, severe)),
        by=GM,
        names={mild: "Bruised", moderate: "Deep Cut", severe: "Broken Leg"},
    )
    for index, name in (
        (mild, "Bandaged Bruise"),
        (moderate, "Stitched Cut"),
        (severe, "Leg in a Cast"),
    ):
        treat(ruth.consequences[index], effort=8, on_self=False, new_name=name, clock=game.clock)
    game.end_scene()  # the scene of treatment does not count
    game.start_scene("rest", ["ruth"])
    cleared = game.end_scene()
    assert cleared.consequences_cleared == ("Bandaged Bruise",)
    game.end_session()  # the session of treatment does not count
    game.start_session()
    assert [a.name for a in game.end_session()] == ["Stitched Cut"]  # a full session after
    assert game.reach_milestone(Milestone.MINOR) == []
    assert [a.name for a in game.reach_milestone(Milestone.MAJOR)] == ["Leg in a Cast"]
    assert all(s.aspect is None for s in ruth.consequences)


def test_game_input_errors() -> None:
    game = party()
    with pytest.raises(BadInput, match="already in the game"):
        game.add_character(game.character("ruth"))
    with pytest.raises(BadInput, match="no session"):
        game.end_session()
    with pytest.raises(BadInput, match="needs a name"):
        game.start_scene(" ", ["ruth"])
    with pytest.raises(BadInput, match="no aspect"):
        game.find_aspect("nope")
    assert game.find_aspect(game.character("ruth").aspects[0].id).name == "Ex-Boxer"
