"""Zones and movement (fate-condensed.ru.md § Setting Up Scenes > Zones; fate-core-conflicts.en.txt
§ Zones, § Movement)."""

from __future__ import annotations

import pytest

from fatekit.rules import BadInput, GainBoost, IllegalAction, Outcome, Side, Succeed
from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.scenes.scene import Scene
from fatekit.rules.scenes.zones import ZoneMap, resolve_move


@pytest.fixture
def warehouse() -> ZoneMap:
    """The Fate Core warehouse: two floor zones split by Heavy Crates, a loft by ladder, outside."""
    zones = ZoneMap()
    for zone in ("floor-west", "floor-east", "loft", "outside"):
        zones.add_zone(zone)
    zones.connect("floor-west", "floor-east")
    zones.connect("floor-east", "loft")
    zones.connect("floor-west", "outside")
    zones.impede("floor-west", "floor-east", "heavy-crates")
    zones.impede("floor-east", "loft", "ladder-access-only")
    zones.place("cynere", "floor-west")
    zones.place("thug", "floor-west")
    zones.place("archer", "loft")
    zones.place("landon", "floor-east")
    return zones


@pytest.mark.rule("zone.interact")
def test_everyone_in_a_zone_can_interact(warehouse: ZoneMap) -> None:
    assert warehouse.can_interact("cynere", "thug")
    assert not warehouse.can_interact("cynere", "landon")
    warehouse.check_reach("cynere", "thug")
    with pytest.raises(IllegalAction, match="not in reach") as error:
        warehouse.check_reach("cynere", "landon")
    assert error.value.rule.key == "zone.interact"
    assert warehouse.occupants("floor-west") == ["cynere", "thug"]


@pytest.mark.rule("zone.ranged")
def test_ranged_attacks_reach_adjacent_zones_or_further_when_open(warehouse: ZoneMap) -> None:
    assert warehouse.distance("loft", "floor-west") == 2
    assert warehouse.can_reach("archer", "landon", ranged=True)
    assert not warehouse.can_reach("archer", "cynere", ranged=True)
    with pytest.raises(IllegalAction, match="out of range"):
        warehouse.check_reach("archer", "cynere", ranged=True)
    assert warehouse.can_reach("archer", "cynere", ranged=True, reach=2)  # the GM opens the view
    assert ZoneMap(ranged_reach=2).ranged_reach == 2


@pytest.mark.rule("zone.free-move")
def test_one_free_move_when_nothing_is_in_the_way(warehouse: ZoneMap) -> None:
    assert warehouse.obstacles_to_moving("cynere", "outside") == []
    warehouse.move_freely("cynere", "outside")
    assert warehouse.zone_of("cynere") == "outside"


@pytest.mark.rule("zone.free-move", "zone.move-roll")
def test_impediments_distance_and_blockers_need_a_roll(warehouse: ZoneMap) -> None:
    assert warehouse.obstacles_to_moving("cynere", "floor-east") == [
        "aspect heavy-crates impedes the way"
    ]
    assert warehouse.obstacles_to_moving("cynere", "loft") == ["'loft' is 2 zones away"]
    assert warehouse.obstacles_to_moving("cynere", "outside", in_the_way=["thug"]) == [
        "thug is in the way"
    ]
    with pytest.raises(IllegalAction, match="for free") as error:
        warehouse.move_freely("cynere", "floor-east")
    assert error.value.rule.key == "zone.free-move"
    assert warehouse.zone_of("cynere") == "floor-west"
    warehouse.clear_impediment("heavy-crates")
    warehouse.move_freely("cynere", "floor-east")


@pytest.mark.rule("zone.move-roll")
@pytest.mark.parametrize(
    ("shifts", "outcome", "effects"),
    [
        (-1, Outcome.FAIL, None),
        (0, Outcome.TIE, (Succeed(), GainBoost(Side.OPPOSITION))),
        (2, Outcome.SUCCESS, (Succeed(),)),
        (3, Outcome.SUCCESS_WITH_STYLE, (Succeed(), GainBoost(Side.ACTOR))),
    ],
)
def test_movement_roll_outcomes(
    shifts: int, outcome: Outcome, effects: tuple[object, ...] | None
) -> None:
    """Cynere's Great (+4) Athletics against the thug's Average (+1): three shifts, she climbs to
    the loft and takes a Momentum boost."""
    resolution = resolve_move(shifts)
    assert resolution.outcome is outcome
    if effects is not None:
        assert resolution.options[0].effects == effects
    else:
        assert Succeed() not in resolution.options[0].effects


def test_map_input_errors(warehouse: ZoneMap) -> None:
    with pytest.raises(BadInput, match="already exists"):
        warehouse.add_zone("loft")
    with pytest.raises(BadInput, match="not adjacent"):
        warehouse.impede("loft", "outside", "x")
    with pytest.raises(BadInput, match="no zone"):
        warehouse.place("x", "roof")
    with pytest.raises(BadInput, match="not on the map"):
        warehouse.zone_of("nobody")
    with pytest.raises(BadInput, match="already in"):
        warehouse.obstacles_to_moving("cynere", "floor-west")
    with pytest.raises(BadInput, match="itself"):
        warehouse.connect("loft", "loft")
    with pytest.raises(BadInput):
        ZoneMap(ranged_reach=0)
    island = warehouse.add_zone("island")
    with pytest.raises(IllegalAction, match="no way"):
        warehouse.obstacles_to_moving("cynere", island.id)
    assert warehouse.distance("loft", "island") is None


@pytest.mark.rule("zone.border-aspect", "zone.free-move")
def test_a_situation_aspect_on_a_border_blocks_it_while_in_play() -> None:
    """Amanda's warehouse: Heavy Crates stand between the two floor zones; a free move across is
    refused naming them, until they leave play (or the GM takes them off the border)."""
    zones = ZoneMap()
    for zone in ("floor-west", "floor-east", "outside"):
        zones.add_zone(zone)
    zones.connect("floor-west", "floor-east")
    zones.connect("floor-west", "outside")
    zones.place("cynere", "floor-west")
    scene = Scene("Warehouse", 1, ["cynere"], zones=zones)
    crates = scene.add_situation_aspect("Heavy Crates")
    scene.block_border("floor-east", "floor-west", crates.id)
    assert zones.borders() == [("floor-east", "floor-west", crates.id)]
    assert scene.free_moves("cynere") == ("outside",)
    assert scene.move_obstacles("cynere", "floor-east") == ["'Heavy Crates' impedes the way"]
    with pytest.raises(IllegalAction, match="Heavy Crates") as error:
        scene.move_freely("cynere", "floor-east")
    assert error.value.rule.key == "zone.free-move"
    assert "floor-east" in scene.move_roll_zones("cynere")  # the overcome still goes there
    # Once on a border, twice refused; not a border at all, refused; nor an aspect not in play.
    with pytest.raises(BadInput, match="already"):
        scene.block_border("floor-west", "floor-east", crates.id)
    with pytest.raises(BadInput, match="no border"):
        scene.block_border("floor-east", "outside", crates.id)
    with pytest.raises(BadInput, match="is in play"):
        scene.block_border("floor-west", "outside", "a99")
    # Taken off the border it stays in play; put back, it goes with the aspect.
    scene.clear_border("floor-west", "floor-east", crates.id)
    assert scene.free_moves("cynere") == ("floor-east", "outside")
    with pytest.raises(BadInput, match="does not stand"):
        scene.clear_border("floor-west", "floor-east", crates.id)
    scene.block_border("floor-west", "floor-east", crates.id)
    scene.aspects.remove(crates.id)
    assert zones.borders() == []
    scene.move_freely("cynere", "floor-east")


@pytest.mark.rule("zone.border-aspect")
def test_only_a_situation_aspect_stands_on_a_border() -> None:
    zones = ZoneMap()
    zones.add_zone("a")
    zones.add_zone("b")
    zones.connect("a", "b")
    scene = Scene("Alley", 1, [], zones=zones)
    boost = scene.aspects.create("Off Balance", AspectKind.BOOST)
    with pytest.raises(IllegalAction) as error:
        scene.block_border("a", "b", boost.id)
    assert error.value.rule.key == "zone.border-aspect"
