"""A big bad that is a map, or a hive, in a conflict (fate-condensed.ru.md § Optional Rules > Ways
to Break the Rules for Big Bads > The Threat is a Map (or a Hive of Characters)): a zone of the
map acts against those in it, a limb one zone further; a part still shielded is no target for a
single, split or zone attack, and the moves the conflict offers leave it out."""

from __future__ import annotations

import pytest

from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.characters.character import monster, new_character
from fatekit.rules.core.dice import ScriptedDice
from fatekit.rules.core.errors import IllegalAction
from fatekit.rules.core.tracks import Track
from fatekit.rules.options.big_bad_threats import Threat, ThreatPart
from fatekit.rules.options.big_bads import BigBad
from fatekit.rules.options.ruleset import OptionalRule, Ruleset
from fatekit.rules.scenes.conflict import Conflict, Move
from fatekit.rules.scenes.scene import Game
from fatekit.rules.scenes.zones import ZoneMap

PARTS = (("tentacle", "Grasping Tentacle"), ("maw", "Gaping Maw"), ("heart", "Black Heart"))


def dice(faces: str) -> ScriptedDice:
    return ScriptedDice([faces])


def kraken(first: str, *options: OptionalRule) -> Conflict:
    """Ruth in the rigging, Charles on the deck, Ethan in the maw; the kraken's tentacle is the
    deck (reach 1), its maw the next zone in, its heart the gullet beyond, each behind the last."""
    heroes = [
        new_character("condensed", pc, name, high_concept=name, skills={"fight": 3})
        for pc, name in (("ruth", "Ruth"), ("charles", "Charles"), ("ethan", "Ethan"))
    ]
    parts = [
        monster(
            "condensed",
            pid,
            name,
            aspects=[(AspectKind.HIGH_CONCEPT, name)],
            skills={"fight": 2},
            stress={Track.PHYSICAL: 1},
        )
        for pid, name in PARTS
    ]
    zones = ZoneMap()
    for zone in ("rigging", "deck", "maw", "gullet"):
        zones.add_zone(zone)
    for a, b in (("rigging", "deck"), ("deck", "maw"), ("maw", "gullet")):
        zones.connect(a, b)
    for pc, zone in (("ruth", "rigging"), ("charles", "deck"), ("ethan", "maw")):
        zones.place(pc, zone)
    ruleset = Ruleset.of("condensed", [OptionalRule.BIG_BADS, *options])
    game = Game([*heroes, *parts], ruleset=ruleset)
    everyone = ["ruth", "charles", "ethan", "tentacle", "maw", "heart"]
    game.start_scene("the kraken", everyone, zones=zones)
    conflict = Conflict(
        game,
        {"crew": ["ruth", "charles", "ethan"], "kraken": ["tentacle", "maw", "heart"]},
        first=first,
    )
    threat = Threat(
        "The Kraken",
        (
            ThreatPart("tentacle", zone="deck", reach=1),
            ThreatPart("maw", zone="maw", behind=frozenset({"tentacle"})),
            ThreatPart("heart", zone="gullet", behind=frozenset({"maw"})),
        ),
        heart="heart",
    )
    conflict.big_bad_rules.set_big_bad(BigBad("heart", threat=threat))
    threat.place_on(zones)
    return conflict


def turn_to(conflict: Conflict, who: str) -> None:
    """Let whoever acts now overcome something small and hand the turn to ``who``."""
    conflict.overcome(conflict.turns.current, "fight", dice=dice("0000"), difficulty=0).roll()
    conflict.resolve()
    conflict.end_turn(who)


def targets(conflict: Conflict, who: str) -> tuple[str, ...]:
    [attack] = [a for a in conflict.legal_actions(who) if a.move is Move.ATTACK]
    return attack.targets


@pytest.mark.rule("big-bad.threat-map")
def test_a_zone_of_the_map_acts_on_its_own_zone_and_a_limb_one_further() -> None:
    """fate-condensed.ru.md § The Threat is a Map: a zone acts against PCs in it; a limb reaches the adjacent zones."""
    conflict = kraken("ruth")
    turn_to(conflict, "maw")
    # The maw reaches only Ethan, who stands in it: not Charles next door, whom a gun would reach.
    assert targets(conflict, "maw") == ("ethan",)
    with pytest.raises(IllegalAction, match="beyond the reach of maw") as refused:
        conflict.attack("maw", "charles", "fight", dice=dice("0000"), ranged=True)
    assert refused.value.rule.key == "big-bad.threat-map"
    turn_to(conflict, "tentacle")
    # The tentacle is a limb: it lashes out at the rigging next door, though a blow could not.
    assert set(targets(conflict, "tentacle")) == {"ruth", "charles", "ethan"}
    roll = conflict.attack(
        "tentacle", "ruth", "fight", dice=dice("0000"), defender_dice=dice("0000")
    )
    assert roll.actor == "tentacle"


@pytest.mark.rule("big-bad.threat-map")
def test_a_shielded_part_is_no_target_for_any_attack() -> None:
    """fate-condensed.ru.md § The Threat is a Map: the parts in front must fall before the heart can be hit."""
    conflict = kraken("ethan", OptionalRule.MULTIPLE_TARGETS)
    # Ethan stands in the maw, beside the heart's zone: only the tentacle may be attacked yet.
    assert "maw" not in targets(conflict, "ethan")
    assert "heart" not in targets(conflict, "ethan")
    with pytest.raises(IllegalAction, match="until tentacle is taken out"):
        conflict.attack("ethan", "maw", "fight", dice=dice("0000"))
    # His shots reach the next zone, where the tentacle is (a flurry of blows would not).
    roll = conflict.targets.split_attack("ethan", "shoot", dice=dice("++++"))
    roll.roll()
    with pytest.raises(IllegalAction, match="until tentacle is taken out") as refused:
        conflict.targets.assign_targets({"maw": 1, "tentacle": 3})
    assert refused.value.rule.key == "big-bad.threat-map"
    rolls = conflict.targets.assign_targets(
        {"tentacle": 4}, defender_dice={"tentacle": dice("0000")}
    )
    assert set(rolls) == {"tentacle"}


@pytest.mark.rule("big-bad.threat-map", "option.multiple-targets")
def test_a_zone_attack_passes_over_a_shielded_part() -> None:
    """fate-condensed.ru.md § The Threat is a Map and § Ways to Handle Multiple Targets: a blast in the maw reaches Ethan's foes there that can be hit, not the maw behind the tentacle."""
    conflict = kraken("charles", OptionalRule.MULTIPLE_TARGETS)
    roll = conflict.targets.zone_attack("charles", "fight", "maw", dice=dice("++++"))
    roll.roll()
    aimed = conflict.targets.assign_targets(defender_dice={"ethan": dice("0000")})
    assert set(aimed) == {"ethan"}  # his own friend in the blast, never the shielded maw
