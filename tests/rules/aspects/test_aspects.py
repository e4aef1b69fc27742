"""Aspects, free invokes and boosts (fate-condensed.ru.md § Aspects and Fate Points)."""

from __future__ import annotations

import pytest

from fatekit.rules import AspectKind, AspectsInPlay, BadInput, ForbiddenAction, IllegalAction


def test_kinds_of_aspect() -> None:
    scene = AspectsInPlay()
    high = scene.create("Leader of My Band of Survivors", AspectKind.HIGH_CONCEPT, owner="ruth")
    fire = scene.create("On Fire")
    wound = scene.create("Sprained Ankle", AspectKind.CONSEQUENCE, owner="ruth")
    zone = scene.create("Crowd of Angry People", AspectKind.ZONE, zone="market")
    assert high.kind.is_character_aspect and not fire.kind.is_character_aspect
    assert wound.owner == "ruth" and zone.zone == "market"
    assert len(scene) == 4 and fire.id in scene


def test_aspects_need_names_except_boosts() -> None:
    scene = AspectsInPlay()
    with pytest.raises(BadInput, match="needs a name"):
        scene.create("   ")
    boost = scene.create_boost("ruth")
    assert boost.name == "" and "unnamed boost" in boost.label


@pytest.mark.rule("aspect.free-invoke-holder")
def test_free_invokes_belong_to_their_holder_who_may_pass_them() -> None:
    """Free invokes are held by a character; allies may be given them."""
    scene = AspectsInPlay()
    fire = scene.create("On Fire", free_invokes=[("ethan", 2)])
    assert fire.free_invokes_held_by("ethan") == 2
    with pytest.raises(ForbiddenAction, match="held by ethan"):
        fire.spend_free_invoke("ruth")
    fire.pass_free_invoke("ethan", "ruth")
    assert (fire.free_invokes_held_by("ethan"), fire.free_invokes_held_by("ruth")) == (1, 1)
    fire.spend_free_invoke("ruth")
    fire.spend_free_invoke("ethan")
    with pytest.raises(IllegalAction, match="no free invoke left"):
        fire.spend_free_invoke("ethan")


@pytest.mark.rule("aspect.boost")
def test_a_boost_is_one_free_invoke_then_gone() -> None:
    """Boosts: one free use, then they vanish; they hold one invoke only."""
    scene = AspectsInPlay()
    boost = scene.create_boost("ruth", "In My Sights")
    with pytest.raises(IllegalAction, match="exactly one"):
        boost.add_free_invokes("ruth")
    boost.spend_free_invoke("ruth")
    assert boost.gone and boost.id not in scene and len(scene) == 0
    with pytest.raises(IllegalAction, match="used up"):
        boost.spend_free_invoke("ruth")
    with pytest.raises(BadInput):
        scene.get(boost.id)


@pytest.mark.rule("aspect.boost")
def test_a_boost_can_be_passed_to_an_ally() -> None:
    scene = AspectsInPlay()
    boost = scene.create_boost("ruth")
    boost.pass_free_invoke("ruth", "charles")
    assert boost.free_invokes_held_by("charles") == 1


@pytest.mark.rule("aspect.hidden")
def test_hidden_aspects_are_known_only_to_some_until_revealed() -> None:
    scene = AspectsInPlay()
    secret = scene.create(
        "Secretly a Cultist", AspectKind.CHARACTER, owner="alice", hidden=True, known_to={"gm"}
    )
    assert secret.is_known_to("gm") and not secret.is_known_to("ruth")
    secret.add_free_invokes("gm")
    with pytest.raises(IllegalAction, match="does not know"):
        secret.check_usable_by("ruth")
    secret.reveal()
    assert secret.is_known_to("ruth")


@pytest.mark.rule("aspect.hidden")
def test_a_hidden_aspect_is_known_to_the_gm() -> None:
    # Listed as known to nobody, a hidden aspect is still the GM's, who keeps it hidden (the page
    # agent's GM was refused a compel on a quick NPC's secret).
    scene = AspectsInPlay()
    trap = scene.create("Hidden Trapdoor", hidden=True)
    assert trap.is_known_to("gm") and not trap.is_known_to("ruth")
    trap.check_usable_by("gm")
    with pytest.raises(IllegalAction, match="does not know"):
        trap.check_usable_by("ruth")


@pytest.mark.rule("aspect.situation-lifetime", "aspect.boost")
def test_end_of_scene_clears_situation_aspects_and_boosts() -> None:
    scene = AspectsInPlay()
    keep = scene.create("Burning Warehouse")
    scene.create("On Fire")
    scene.create("Icy Floor", AspectKind.ZONE, zone="yard")
    scene.create_boost("ruth")
    character = scene.create("Ex-Boxer", AspectKind.HIGH_CONCEPT, owner="ruth")
    wound = scene.create("Concussion", AspectKind.CONSEQUENCE, owner="ruth")
    removed = scene.end_scene(keep=[keep.id])
    assert {a.name for a in removed} == {"On Fire", "Icy Floor", ""}
    assert {a.id for a in scene} == {keep.id, character.id, wound.id}


def test_removing_an_aspect_and_bad_ids() -> None:
    scene = AspectsInPlay()
    tied = scene.create("All Tied Up")
    scene.remove(tied.id)
    with pytest.raises(BadInput, match="no aspect"):
        scene.remove(tied.id)
    with pytest.raises(BadInput, match="negative"):
        scene.create("Fog").add_free_invokes("gm", -1)
    fog = scene.get("a2")
    with pytest.raises(BadInput, match="already in play"):
        scene.add(fog)
