"""Mobs in a conflict: identical nameless NPCs acting as one (fate-core-conflicts.en.txt § The
Exchange; fate-condensed.ru.md § Teamwork for the bonus; Fate Core as published for the hits)."""

from __future__ import annotations

import pytest

from fatekit.rules import Action, ScriptedDice
from fatekit.rules.characters.character import mob, new_character
from fatekit.rules.core.outcomes import BonusKind
from fatekit.rules.core.waivers import waiving
from fatekit.rules.scenes.conflict import Conflict, Move, Phase, Status
from fatekit.rules.scenes.conflict_defence import FULL_DEFENSE_RULE
from fatekit.rules.scenes.scene import Game


def dice(*faces: str) -> ScriptedDice:
    return ScriptedDice(list(faces))


def brawl(members: int = 3, boxes: int = 2, first: str = "ruth") -> Conflict:
    ruth = new_character("condensed", "ruth", "Ruth", skills={"fight": 4, "athletics": 2})
    cultists = mob(
        "condensed", "cultists", "Cultists", members, ["Cultists"], {"fight": 2}, stress_boxes=boxes
    )
    game = Game([ruth, cultists])
    game.start_scene("Crypt", ["ruth", "cultists"])
    return Conflict(game, {"heroes": ["ruth"], "cult": ["cultists"]}, first=first)


def hit_the_mob(conflict: Conflict, attack: str) -> None:
    """Ruth's Fight (+4) with ``attack`` on the dice against the mob's blank defence."""
    roll = conflict.attack(
        "ruth", "cultists", "fight", dice=dice(attack), defender_dice=dice("0000")
    )
    roll.roll()
    conflict.resolve(option="hit")


@pytest.mark.rule("character.mob", "teamwork.combine-skills")
def test_a_mob_of_three_defends_and_attacks_as_a_team() -> None:
    conflict = brawl()
    roll = conflict.attack(
        "ruth", "cultists", "fight", dice=dice("0000"), defender_dice=dice("0000")
    )
    defence = roll.opposition
    assert defence is not None and defence.rating == 2
    # Fair (+2) Fight, two more members: +2, capped at the rating: the mob defends at +4.
    assert [b.amount for b in defence.bonuses if b.kind is BonusKind.TEAMWORK] == [2]
    roll.roll()
    assert roll.opposition_value == 4
    conflict.resolve()
    conflict.end_turn("cultists")
    attack = conflict.attack(
        "cultists", "ruth", "fight", dice=dice("0000"), defender_dice=dice("0000")
    )
    attack.roll()
    assert attack.effort == 4


@pytest.mark.rule("character.mob.hits")
def test_a_hit_takes_out_one_member_at_a_time() -> None:
    conflict = brawl()
    # Ruth's 7 against the mob's 4: a 3-shift hit, one more than a member's two boxes hold.
    hit_the_mob(conflict, "+++0")
    assert conflict.hits.pending_hit == ("cultists", 3)
    assert conflict.hits.absorb_options() == []
    conflict.hits.take_out()
    # The member in front falls; the mob stands with two (it once fell whole to this hit).
    fighter = conflict.roster.fighters["cultists"]
    assert fighter.status is Status.ACTIVE and fighter.members == 2
    assert conflict.hits.pending_hit is None and conflict.turns.phase is Phase.NEXT
    # Two members: +1 for the other, not +2.
    conflict.end_turn("cultists")
    roll = conflict.attack(
        "cultists", "ruth", "fight", dice=dice("0000"), defender_dice=dice("0000")
    )
    assert [b.amount for b in roll.bonuses if b.kind is BonusKind.TEAMWORK] == [1]
    # A hit a member can absorb is absorbed as anyone's is: the next member's boxes are fresh.
    assert not any(b.marked for t in fighter.character.stress.values() for b in t.boxes)


@pytest.mark.rule("character.mob.hits")
def test_shifts_beyond_a_member_go_on_to_the_next() -> None:
    conflict = brawl(members=3, boxes=1)
    # 4 + 4 against 4 blank... with the mob's +2: 8 against 4, a 4-shift hit. One box each: the
    # first member falls to 2 shifts, the second to 2 more, the third stands.
    hit_the_mob(conflict, "++++")
    assert conflict.hits.pending_hit == ("cultists", 4)
    conflict.hits.take_out()
    assert conflict.roster.fighters["cultists"].members == 2
    assert conflict.hits.pending_hit == ("cultists", 2)
    conflict.hits.take_out()
    assert conflict.roster.fighters["cultists"].members == 1
    assert conflict.hits.pending_hit is None
    # Alone, the last member rolls without teamwork.
    conflict.end_turn("cultists")
    roll = conflict.overcome("cultists", "fight", dice=dice("0000"), difficulty=0)
    assert [b for b in roll.bonuses if b.kind is BonusKind.TEAMWORK] == []


@pytest.mark.rule("character.mob.hits", "conflict.end")
def test_the_mob_is_out_with_its_last_member() -> None:
    conflict = brawl(members=2, boxes=1)
    hit_the_mob(conflict, "++++")  # 8 against 3: five shifts
    conflict.hits.take_out()  # the first falls to 2 shifts; 3 go on to the last
    assert conflict.hits.pending_hit == ("cultists", 3)
    conflict.hits.take_out()
    assert conflict.roster.fighters["cultists"].status is Status.TAKEN_OUT
    assert conflict.hits.over
    assert Move.ATTACK not in {a.move for a in conflict.legal_actions("ruth")}


@pytest.mark.rule("character.mob")
def test_the_efforts_before_the_dice_are_those_the_roll_then_has() -> None:
    """What the odds before a roll read (issue 39: they left a mob's teamwork out): the efforts
    the engine sets up, on both sides and whoever's turn it is, changing nothing."""
    conflict = brawl()
    assert conflict.efforts_before_dice("cultists", Action.ATTACK, "fight", against="ruth") == (
        4,
        4,
    )
    with waiving({FULL_DEFENSE_RULE.key}):  # an optional rule on a Condensed table
        conflict.defence.full_defense("ruth")
    conflict.end_turn("cultists")
    # Ruth defends fully: +2 on her Fight +4; the trial records no defence of hers.
    assert conflict.efforts_before_dice("cultists", Action.ATTACK, "fight", against="ruth") == (
        4,
        6,
    )
    assert "ruth" not in conflict.defence.defended
    attack = conflict.attack(
        "cultists", "ruth", "fight", dice=dice("0000"), defender_dice=dice("0000")
    )
    attack.roll()
    assert (attack.effort, attack.opposition_value) == (4, 6)
