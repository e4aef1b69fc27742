"""Invokes on the defences of a split or zone attack's targets (fate-condensed.ru.md § Optional
Rules > Ways to Handle Multiple Targets; § Modifying the Dice > Invoking Aspects): each target
rolls its own defence, a roll like any other, and the outcome for that target follows it."""

from __future__ import annotations

import pytest

from fatekit.rules import IllegalAction, ScriptedDice
from fatekit.rules.aspects.invokes import InvokeEffect
from fatekit.rules.characters.character import minor_npc, new_character
from fatekit.rules.options.ruleset import OptionalRule, Ruleset
from fatekit.rules.scenes.conflict import Conflict
from fatekit.rules.scenes.scene import Game
from fatekit.rules.scenes.zones import ZoneMap


def dice(*faces: str) -> ScriptedDice:
    return ScriptedDice(list(faces))


def brawl() -> Conflict:
    """Sophie (Great Fight) against two goons (Average Fight), all in the hall."""
    sophie = new_character(
        "condensed", "sophie", "Sophie", high_concept="Duellist", skills={"fight": 4}
    )
    goons = [
        minor_npc("condensed", f"goon{i}", f"Goon {i}", ["Goon"], {"fight": 1}, stress_boxes=2)
        for i in (1, 2)
    ]
    zones = ZoneMap()
    zones.add_zone("hall")
    for who in ("sophie", "goon1", "goon2"):
        zones.place(who, "hall")
    game = Game([sophie, *goons], ruleset=Ruleset.of("condensed", [OptionalRule.MULTIPLE_TARGETS]))
    game.start_scene("hall", ["sophie", "goon1", "goon2"], zones=zones)
    return Conflict(game, {"hero": ["sophie"], "goons": ["goon1", "goon2"]}, first="sophie")


@pytest.mark.rule("option.multiple-targets", "invoke.effects")
def test_a_target_invokes_on_its_own_defence_and_its_outcome_changes() -> None:
    conflict = brawl()
    roll = conflict.targets.split_attack("sophie", "fight", dice=dice("++00"))  # effort 6
    roll.roll()
    with pytest.raises(IllegalAction) as caught:  # nothing aimed yet
        conflict.targets.target_defence("goon1")
    assert caught.value.rule.key == "option.multiple-targets"
    conflict.targets.assign_targets(
        {"goon1": 3, "goon2": 3},
        defender_dice={"goon1": dice("0000"), "goon2": dice("-000", "++00")},
    )
    assert {t: r.shifts for t, r in conflict.targets.preview_targets().items()} == {
        "goon1": 2,
        "goon2": 3,
    }
    with pytest.raises(IllegalAction) as caught:
        conflict.targets.target_defence("sophie")
    assert caught.value.rule.key == "option.multiple-targets"
    crates = conflict.roster.scene.add_situation_aspect(
        "Crates Everywhere", free_invokes=[("goon1", 1), ("goon2", 1)]
    )
    # Goon 1 invokes +2 on its defence: two shifts fewer against it, none against Goon 2.
    conflict.invoke(conflict.targets.target_defence("goon1"), crates, by="goon1", free=True)
    # Only the defender rerolls its own defence; Goon 2 does, from -1 to +2.
    with pytest.raises(IllegalAction) as caught:
        conflict.invoke(
            conflict.targets.target_defence("goon2"), crates, by="goon1", effect=InvokeEffect.REROLL
        )
    assert caught.value.rule.key == "invoke.effects"
    conflict.invoke(
        conflict.targets.target_defence("goon2"),
        crates,
        by="goon2",
        effect=InvokeEffect.REROLL,
        free=True,
    )
    previews = conflict.targets.preview_targets()
    assert {t: r.shifts for t, r in previews.items()} == {"goon1": 0, "goon2": 0}
    results = conflict.targets.resolve_targets()
    assert all(result[1].boosts for result in results.values())  # two ties: two boosts
    with pytest.raises(IllegalAction) as caught:  # settled: no defence is open any more
        conflict.targets.target_defence("goon1")
    assert caught.value.rule.key == "option.multiple-targets"
