"""War of Ashes built in (issue 41): the ``woa`` rule set beside the four presets, and the SRD's
sample minions as legal character files with their weights (srd/war-of-ashes.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fatekit.formats import load_character
from fatekit.formats.ruleset import ruleset_to_dict
from fatekit.rules.characters.character import new_character
from fatekit.rules.characters.presets import (
    ACCELERATED,
    APPROACH_PRESETS,
    BUILTIN_KEYS,
    WOA_PRESET,
    builtin_text,
    get_preset,
)
from fatekit.rules.characters.validation import validate
from fatekit.rules.core.actions import Action
from fatekit.rules.core.citations import book_key, citation, find_rule
from fatekit.rules.core.switches import OptionalRule
from fatekit.rules.options.ruleset import Ruleset
from fatekit.rules.options.weight import WAR_OF_ASHES
from fatekit.rules.scenes.conflict import Conflict, ConflictKind
from fatekit.rules.scenes.conflict_weight import fighter_weight
from fatekit.rules.scenes.scene import Game

SAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples" / "war-of-ashes"


def test_war_of_ashes_is_built_in_by_key_and_by_name() -> None:
    assert "woa" in BUILTIN_KEYS
    assert get_preset("War-of-Ashes") is WOA_PRESET
    assert WOA_PRESET.name == "War of Ashes"
    assert WOA_PRESET.source == WAR_OF_ASHES
    # The shipped file is what the preset writes back, as for every built-in.
    assert json.loads(builtin_text("woa")) == ruleset_to_dict(WOA_PRESET)


@pytest.mark.rule("preset.fae.approaches", "preset.fae.stress", "preset.fae.consequences")
def test_its_sheet_is_fate_accelerateds_approaches() -> None:
    """srd/war-of-ashes.md § Introduction: the SRD's rules are played with Fate Accelerated's
    approaches (its stunts name Careful, Clever, Flashy, Forceful, Quick and Sneaky) and it gives
    no sheet of its own; a starting character's best approach is Good (+3) (§ Adventure Creation,
    Expanded > The Opposition)."""
    assert WOA_PRESET.skill_keys == ACCELERATED.skill_keys
    assert WOA_PRESET.skill_lists[0].key == "approaches"
    assert WOA_PRESET.shape == ACCELERATED.shape
    assert WOA_PRESET.stress_tracks == ACCELERATED.stress_tracks
    assert WOA_PRESET.consequence_slots == ACCELERATED.consequence_slots
    assert (WOA_PRESET.refresh, WOA_PRESET.free_stunts) == (3, 3)
    assert APPROACH_PRESETS == ("fae", "woa", "rocketeers")


@pytest.mark.rule("weight.sides")
def test_weight_is_on_without_choosing_it() -> None:
    """srd/war-of-ashes.md § Advanced Conflict > Weight: War of Ashes always counts weight."""
    assert WOA_PRESET.options == (OptionalRule.WEIGHT.value,)
    assert Ruleset.of("woa").has(OptionalRule.WEIGHT)
    assert not Ruleset.of("fae").has(OptionalRule.WEIGHT)


@pytest.mark.rule("turn-order.approaches")
def test_turns_go_by_quick_with_forceful_breaking_ties() -> None:
    """srd/war-of-ashes.md § Advanced Conflict > Determine Turn Order: Quick orders a physical
    conflict (Forceful breaks ties in an open fight), Careful a mental one; a refusal at a War
    of Ashes table cites that section."""
    ana = new_character("woa", "ana", "Ana", skills={"quick": 2, "forceful": 1, "careful": 3})
    bo = new_character("woa", "bo", "Bo", skills={"quick": 2, "forceful": 3, "careful": 0})
    game = Game([ana, bo], ruleset=Ruleset.of("woa"))
    game.start_scene("duel", ["ana", "bo"])
    assert Conflict(game, {"a": ["ana"], "b": ["bo"]}).turns.order == ["bo", "ana"]
    mental = Conflict(game, {"a": ["ana"], "b": ["bo"]}, kind=ConflictKind.MENTAL)
    assert mental.turns.order == ["ana", "bo"]
    rule = find_rule("turn-order.approaches")
    assert rule is not None
    assert citation(rule, WAR_OF_ASHES) == (
        WAR_OF_ASHES,
        "Advanced Conflict > Determine Turn Order",
    )
    assert book_key(WAR_OF_ASHES) == "woa"


@pytest.mark.rule("character.minor-npc", "weight.sides")
@pytest.mark.parametrize(
    ("name", "weight", "skilled"),
    [
        ("vidaar-sailor", 1, "Sailing, Fighting with Boarding Axes, Climbing in the Rigging"),
        ("carnivorous-fish", 2, "Swimming, Biting"),
    ],
)
def test_the_books_minions_load_legal_with_their_weight(
    name: str, weight: int, skilled: str
) -> None:
    """srd/war-of-ashes.md § Adventure Creation, Expanded > The Opposition > Characters and
    Creatures: a minion is Fair (+2) at what it is skilled at and Terrible (-2) at what it is
    bad at, has a stress box or two, no consequences, and a weight by its size (the Vidaar
    Sailor Sentian-sized, 1; the school of fish a medium swarm, 2)."""
    loaded = load_character(SAMPLES / f"{name}.character.json")
    sheet = loaded.character
    assert loaded.preset is WOA_PRESET and sheet.preset == "woa"
    assert validate(sheet, WOA_PRESET) == []
    assert sheet.weight == weight
    assert sheet.skills == {"skilled": 2, "bad": -2}
    assert sheet.skill_labels["skilled"] == skilled
    assert sheet.consequences == []
    assert sum(len(t.boxes) for t in sheet.stress.values()) == 1


@pytest.mark.rule("weight.sides", "weight.four-to-one")
def test_a_press_gang_of_sailors_weighs_one_a_member() -> None:
    """§ Groups of Minions: a group's weight is its members' added up (the Press Gang of the
    Skyhammer, six Sentian-sized crew: 6), so six to one against Rolf turns two dice."""
    gang = load_character(SAMPLES / "vidaar-sailor.character.json").character
    gang.members = 6
    rolf = new_character("woa", "rolf", "Rolf", skills={"forceful": 3})
    game = Game([gang, rolf], ruleset=Ruleset.of("woa"))
    game.start_scene("deck", [gang.id, "rolf"])
    conflict = Conflict(game, {"crew": [gang.id], "heroes": ["rolf"]})
    assert fighter_weight(conflict.roster.fighters[gang.id]) == 6
    weighed = conflict.outweighs(gang.id, Action.ATTACK, target="rolf")
    assert weighed is not None
    assert (weighed.weights.own, weighed.weights.other, weighed.turned) == (6, 1, 2)
