"""The optional conflict rules at the table: extreme consequences and conditions, full defense
with a focus, Weapon and Armor, scale, hazards and blocks, multiple targets and big bads.

Each is played through commands, checked for who may send it and for a move the rules refuse
(naming the rule), and the log is replayed with ``fold`` to give the same table.
"""

from __future__ import annotations

import pytest

from fatekit.formats import dumps_character
from fatekit.rules import BadInput, ForbiddenAction, IllegalAction, major_npc
from fatekit.rules.core.dice import ScriptedDice
from fatekit.rules.core.errors import FateError
from fatekit.rules.options.big_bads import ImmunityKind
from fatekit.rules.options.obstacles import CoverUse
from fatekit.rules.options.scale import ScaleBenefit
from fatekit.rules.scenes.conflict import FocusKind, Status
from fatekit.table import SEAT_RULE, handle, view_for
from fatekit.table import commands as c
from fatekit.table import events as e

from .conftest import NOW, Play, assert_replays, log_of, seated  # type: ignore[import-not-found]


def goon_sheet() -> str:
    return dumps_character(
        major_npc(
            "condensed", "goon", "Deck Goon", high_concept="Hired Muscle", skills={"fight": 1}
        )
    )


def with_goon(play: Play) -> Play:
    """Restart the scene with a goon beside Alice, everyone on deck."""
    play.do(c.AddCharacter(sheet=goon_sheet()))
    play.do(c.EndScene())
    play.do(
        c.StartScene(
            name="On deck",
            participants=("ruth", "charles", "alice", "goon"),
            zones=("deck", "cabin"),
            links=(("deck", "cabin"),),
            positions=(("ruth", "deck"), ("charles", "deck"), ("alice", "deck"), ("goon", "deck")),
        )
    )
    return play


def fight(play: Play, cult: tuple[str, ...] = ("alice",), first: str = "ruth") -> None:
    play.do(c.StartConflict(sides=(("heroes", ("ruth", "charles")), ("cult", cult)), first=first))


def ruth_hits_alice(play: Play, dice: str = "++++", defence: str = "----") -> None:
    """Ruth (Great Fight) attacks Alice, whose defence the table rolls; the hit lands."""
    play.dice[:] = [defence]
    play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice=dice), "ann")
    play.do(c.ResolveRoll(option="hit"), "ann")


def pending(play: Play) -> tuple[str, int] | None:
    assert play.s.conflict is not None
    return play.s.conflict.hits.pending_hit


# -- harm: extreme consequences, conditions, minion armor --------------------------------------


def test_an_extreme_consequence_replaces_an_aspect() -> None:
    play = seated(("extreme_consequences",))
    fight(play)
    ruth_hits_alice(play)  # 8 against Alice's -1: a hit of 9
    assert pending(play) == ("alice", 9)
    options = view_for(play.s, "gm")["conflict"]["pending_hit"]["absorb_options"]
    assert "absorb_options" not in view_for(play.s, "ann")["conflict"]["pending_hit"]
    plan = next(o for o in options if o["extreme"] and not o["slots"])
    with pytest.raises(IllegalAction) as caught:  # the high concept cannot be replaced
        play.do(
            c.Absorb(
                boxes=tuple(plan["boxes"]),
                extreme=c.ExtremeConsequence("Drowned Eyes", "alice/high_concept/1"),
            )
        )
    assert caught.value.rule.key == "consequence.extreme"
    with pytest.raises(IllegalAction) as caught:  # without the extreme, the boxes fall short
        play.do(c.Absorb(boxes=tuple(plan["boxes"])))
    assert caught.value.rule.key == "harm.absorb"
    done = play.do(
        c.Absorb(
            boxes=tuple(plan["boxes"]),
            extreme=c.ExtremeConsequence("Drowned Eyes", "alice/character/1"),
        )
    ).events[0]
    assert isinstance(done, e.HitAbsorbed) and done.extreme is not None
    alice = play.s.game.character("alice")
    assert "Servant of the Deep One" not in [a.name for a in alice.aspects]
    assert "Drowned Eyes" in [s.aspect.name for s in alice.consequences if s.aspect is not None]
    assert_replays(play)


def test_without_the_option_there_is_no_extreme_consequence(play: Play) -> None:
    fight(play)
    ruth_hits_alice(play)
    with pytest.raises(IllegalAction) as caught:
        play.do(
            c.Absorb(
                boxes=(0, 1, 2),
                extreme=c.ExtremeConsequence("Drowned Eyes", "alice/character/1"),
            )
        )
    assert caught.value.rule.key == "consequence.extreme"


def test_conditions_are_named_by_the_engine() -> None:
    play = seated(("conditions",))
    fight(play)
    ruth_hits_alice(play, dice="+000", defence="0000")  # 5 against 3: a hit of 2
    options = view_for(play.s, "gm")["conflict"]["pending_hit"]["absorb_options"]
    plan = next(o for o in options if o["slots"] and not o["boxes"])
    play.do(c.Absorb(slots=tuple(plan["slots"])))  # no names: a condition names itself
    alice = play.s.game.character("alice")
    marked = [s for s in alice.consequences if s.aspect is not None]
    assert [s.aspect.name for s in marked if s.aspect] == [s.condition.title() for s in marked]
    assert_replays(play)


def test_a_big_bad_throws_a_minion_in_front_of_a_hit() -> None:
    play = with_goon(seated(("big_bads",)))
    fight(play, cult=("alice", "goon"))
    play.do(c.SetBigBad(character_id="alice", minions=("goon",)))
    ruth_hits_alice(play)
    with pytest.raises(ForbiddenAction) as forbidden:
        play.do(c.Shield(minion="goon"), "ann")  # the hit is on Alice: the GM's to shield
    assert forbidden.value.rule is SEAT_RULE
    with pytest.raises(IllegalAction) as caught:
        play.do(c.Shield(minion="ruth"))
    assert caught.value.rule.key == "big-bad.minion-armor"
    play.do(c.Shield(minion="goon"))
    assert pending(play) == ("goon", 9)
    play.do(c.TakeOut())
    assert play.s.conflict is not None
    assert play.s.conflict.roster.fighters["goon"].status is Status.TAKEN_OUT
    assert play.s.conflict.roster.fighters["alice"].status is Status.ACTIVE
    assert_replays(play)


# -- full defense ------------------------------------------------------------------------------


def test_full_defense_with_a_focus() -> None:
    play = seated(("full_defense",))
    fight(play)
    with pytest.raises(ForbiddenAction):
        play.do(c.FullDefense(actor="ruth", focus=FocusKind.PROTECT, who=("charles",)), "ben")
    with pytest.raises(BadInput):  # protecting names whom
        play.do(c.FullDefense(actor="ruth", focus=FocusKind.PROTECT), "ann")
    done = play.do(c.FullDefense(actor="ruth", focus=FocusKind.PROTECT, who=("charles",)), "ann")
    event = done.events[0]
    assert isinstance(event, e.FullDefenseTaken) and event.focus is FocusKind.PROTECT
    seen = view_for(play.s, "sam")["conflict"]["full_defenders"]
    assert seen == {"ruth": {"focus": "protect", "who": ["charles"]}}
    assert_replays(play)


def test_full_defense_follows_the_ruleset(play: Play) -> None:
    fight(play)
    with pytest.raises(IllegalAction) as caught:
        play.do(c.FullDefense(actor="ruth"), "ann")
    assert caught.value.rule.key == "option.full-defense"
    core = seated(("full_defense_core",))
    fight(core)
    with pytest.raises(BadInput):  # Fate Core's full defense has no focus
        core.do(c.FullDefense(actor="ruth", focus=FocusKind.SELF), "ann")
    core.do(c.FullDefense(actor="ruth"), "ann")
    assert view_for(core.s, "ann")["conflict"]["full_defenders"] == {"ruth": None}


# -- Weapon and Armor, scale ------------------------------------------------------------------


def test_weapon_and_armor_change_the_hit() -> None:
    play = seated(("weapon_and_armor",))
    fight(play)
    play.do(c.Equip(character_id="ruth", weapon=2), "ann")
    with pytest.raises(ForbiddenAction):
        play.do(c.Equip(character_id="alice", armor=4), "ann")
    play.do(c.Equip(character_id="alice", armor=1))
    ruth_hits_alice(play, dice="+0+0", defence="-0-0")  # 6 against 1: 5, +2 Weapon, -1 Armor
    assert pending(play) == ("alice", 6)
    fighters = {f["id"]: f for f in view_for(play.s, "ben")["conflict"]["fighters"]}
    assert (fighters["ruth"]["weapon"], fighters["alice"]["armor"]) == (2, 1)
    with pytest.raises(IllegalAction) as caught:
        play.do(c.Equip(character_id="charles", weapon=5), "ben")
    assert caught.value.rule.key == "option.weapon-armor.range"
    assert_replays(play)


def test_equipping_needs_the_option(play: Play) -> None:
    fight(play)
    with pytest.raises(IllegalAction) as caught:
        play.do(c.Equip(character_id="ruth", weapon=2), "ann")
    assert caught.value.rule.key == "option.weapon-armor"


def test_scale_and_the_higher_sides_choice() -> None:
    play = seated(("scale",))
    fight(play)
    with pytest.raises(ForbiddenAction):
        play.do(c.SetScale(character_id="ruth", level="supernatural"), "ann")
    with pytest.raises(BadInput):
        play.do(c.SetScale(character_id="alice", level="cosmic"))
    play.do(c.SetScale(character_id="alice", level="supernatural"))
    # Alice stands higher: the benefit is hers to choose, not Ruth's player's.
    with pytest.raises(ForbiddenAction):
        play.do(
            c.Attack(
                actor="ruth",
                target="alice",
                skill="fight",
                dice="0000",
                scale_benefit=ScaleBenefit.BEFORE_ROLL,
            ),
            "ann",
        )
    play.dice[:] = ["0000"]
    play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="0000"), "ann")
    roll = play.s.roll
    assert roll is not None and roll.opposition is not None
    assert roll.opposition_value == 4  # Alice's Good (+3) Fight, +1 for one level of scale
    assert view_for(play.s, "ann")["conflict"]["fighters"][2]["scale"] == "supernatural"
    assert_replays(play)


def _rolls_against(actor: str, other: str) -> dict[str, c.Command]:
    """Each rolled move of ``actor`` against ``other`` naming a scale benefit, by its move."""
    benefit = ScaleBenefit.BEFORE_ROLL
    return {
        "attack": c.Attack(
            actor=actor, target=other, skill="fight", dice="0000", scale_benefit=benefit
        ),
        "create_advantage": c.CreateAdvantage(
            actor=actor, against=other, skill="fight", dice="0000", scale_benefit=benefit
        ),
        "overcome": c.Overcome(
            actor=actor, against=other, skill="fight", dice="0000", scale_benefit=benefit
        ),
    }


def _accepted(play: Play, command: c.Command, seat: str) -> bool:
    """Whether the table takes ``command`` from ``seat`` now (``handle`` leaves the state as it
    was); the table rolls the defence."""
    try:
        handle(play.s, command, seat=seat, table_id="t1", dice=ScriptedDice(["0000"]), now=NOW)
    except FateError:
        return False
    return True


def _scale_offers_are_taken(play: Play, seat: str, actor: str) -> set[tuple[str, str]]:
    """The (move, opponent) pairs the seat's view offers a scale benefit for, checked to be
    exactly those the table accepts a benefit on, for every opponent a move may face."""
    moves = {m["move"]: m for m in view_for(play.s, seat)["conflict"]["legal_actions"][actor]}
    offered = set()
    for other in ("ruth", "charles", "alice"):
        if other == actor:
            continue
        for move, command in _rolls_against(actor, other).items():
            if move == "attack" and other not in moves["attack"]["targets"]:
                continue  # not an attack the page offers at all
            shown = other in moves[move].get("scale_against", [])
            assert shown == _accepted(play, command, seat), (seat, move, other)
            if shown:
                offered.add((move, other))
    return offered


@pytest.mark.rule("scale.benefit")
def test_a_scale_benefit_is_offered_exactly_when_the_table_takes_it() -> None:
    """Condensed, Optional Rules > Scale: only the higher of two sides at different levels takes
    a benefit. The view offers it against exactly those a roll would accept it against."""
    play = seated(("scale",))
    fight(play)
    # Everyone level (no scale set: all at the bottom of the ladder): no choice anywhere.
    assert _scale_offers_are_taken(play, "ann", "ruth") == set()
    assert _scale_offers_are_taken(play, "gm", "ruth") == set()
    # Alice stands higher: the benefit is hers, chosen by the GM's seat, never by Ann's.
    play.do(c.SetScale(character_id="alice", level="legendary"))
    assert _scale_offers_are_taken(play, "ann", "ruth") == set()
    gm = _scale_offers_are_taken(play, "gm", "ruth")
    assert gm == {("attack", "alice"), ("create_advantage", "alice"), ("overcome", "alice")}
    # Ruth at Alice's level: nothing to take against her (Charles, below them both, is another
    # matter).
    play.do(c.SetScale(character_id="ruth", level="legendary"))
    assert {other for _, other in _scale_offers_are_taken(play, "gm", "ruth")} == {"charles"}
    # Ruth above everyone: her player takes it, against Alice and (for a non-attack) Charles.
    play.do(c.SetScale(character_id="ruth", level="godlike"))
    ann = _scale_offers_are_taken(play, "ann", "ruth")
    assert ("attack", "alice") in ann and ("create_advantage", "charles") in ann
    assert ("attack", "charles") not in ann  # no attack on an ally at all


def test_scale_needs_the_option(play: Play) -> None:
    fight(play)
    with pytest.raises(IllegalAction) as caught:
        play.do(c.SetScale(character_id="alice", level="supernatural"))
    assert caught.value.rule.key == "scale.levels"


# -- hazards and blocks -----------------------------------------------------------------------


def test_a_hazard_acts_on_the_gms_seat_and_can_be_put_out() -> None:
    play = seated(("obstacles",))
    fight(play)
    with pytest.raises(ForbiddenAction):
        play.do(
            c.AddHazard(hazard_id="fire", name="Raging Fire", rating=3, weapon=2, side="cult"),
            "ann",
        )
    with pytest.raises(IllegalAction) as caught:
        play.do(c.AddHazard(hazard_id="fire", name="Raging Fire", rating=3, weapon=0, side="cult"))
    assert caught.value.rule.key == "obstacle.hazard.weapon"
    play.do(c.AddHazard(hazard_id="fire", name="Raging Fire", rating=3, weapon=2, side="cult"))
    assert play.s.controls("gm", "fire") and not play.s.controls("ann", "fire")
    players = view_for(play.s, "ann")["conflict"]["hazards"]
    assert players == [{"id": "fire", "name": "Raging Fire", "side": "cult"}]
    gms = view_for(play.s, "gm")["conflict"]["hazards"]
    assert gms == [{"id": "fire", "name": "Raging Fire", "side": "cult", "rating": 3, "weapon": 2}]
    with pytest.raises(IllegalAction) as caught:
        play.do(c.Attack(actor="ruth", target="fire", skill="fight", dice="0000"), "ann")
    assert caught.value.rule.key == "obstacle.not-attackable"
    play.do(c.Overcome(actor="ruth", skill="athletics", disable_hazard="fire", dice="++++"), "ann")
    play.do(c.ResolveRoll(), "ann")
    assert play.s.conflict is not None
    assert play.s.conflict.roster.fighters["fire"].status is Status.TAKEN_OUT
    assert_replays(play)


def test_blocks_stand_in_the_way_and_give_cover() -> None:
    play = seated(("obstacles",))
    fight(play)
    added = play.do(
        c.AddBlock(block_id="crates", name="Stacked Crates", rating=2, cover=True)
    ).events[0]
    assert isinstance(added, e.BlockAdded) and added.aspect_id == "a1"
    scene = play.s.game.scene
    assert scene is not None and scene.aspects.get("a1").name == "Stacked Crates"
    assert view_for(play.s, "ben")["conflict"]["blocks"][0]["cover"] is True
    with pytest.raises(IllegalAction) as caught:
        play.do(
            c.Attack(
                actor="ruth",
                target="alice",
                skill="fight",
                dice="0000",
                cover="crates",
                cover_use=CoverUse.NEGATE,
            ),
            "ann",
        )
    assert caught.value.rule.key == "obstacle.block.cover"
    play.dice[:] = ["----"]
    play.do(
        c.Attack(actor="ruth", target="alice", skill="fight", dice="++++", cover="crates"),
        "ann",
    )
    play.do(c.ResolveRoll(option="hit"), "ann")
    assert pending(play) == ("alice", 8)  # 9 shifts, less the crates' Armor of 1
    assert_replays(play)


def test_obstacles_need_the_option(play: Play) -> None:
    fight(play)
    with pytest.raises(IllegalAction) as caught:
        play.do(c.AddBlock(block_id="crates", name="Stacked Crates", rating=2))
    assert caught.value.rule.key == "obstacle.block.weapon"


# -- multiple targets -------------------------------------------------------------------------


def test_a_split_attack_shares_its_effort() -> None:
    play = with_goon(seated(("multiple_targets",)))
    fight(play, cult=("alice", "goon"))
    play.do(c.SplitAttack(actor="ruth", skill="fight", dice="++++"), "ann")  # effort 8
    with pytest.raises(IllegalAction) as caught:
        play.do(c.AssignTargets(split=(("alice", 5), ("goon", 5))), "ann")
    assert caught.value.rule.key == "option.multiple-targets"
    with pytest.raises(ForbiddenAction):  # only the GM enters Alice's dice
        play.do(
            c.AssignTargets(split=(("alice", 4), ("goon", 4)), defend_dice=(("alice", "----"),)),
            "ann",
        )
    play.dice[:] = ["0000", "0000"]
    assigned = play.do(c.AssignTargets(split=(("alice", 4), ("goon", 4))), "ann").events[0]
    assert isinstance(assigned, e.TargetsAssigned)
    assert assigned.defend_faces == (("alice", "0000"), ("goon", "0000"))
    targets = view_for(play.s, "sam")["conflict"]["targets"]
    assert targets["alice"]["shifts"] == 1 and targets["goon"]["shifts"] == 3
    play.do(c.ResolveTargets(options=(("goon", "hit"),)), "ann")
    assert pending(play) == ("alice", 1)
    assert play.s.last_roll is not None and play.s.last_roll.action == "defend"
    rolled = [x["type"] for x in log_of(play, "gm")[:3]]
    assert rolled == ["TargetsResolved", "TargetsAssigned", "SplitAttackRolled"]
    assert_replays(play)


def test_a_zone_attack_reaches_everyone_else_in_the_zone() -> None:
    play = with_goon(seated(("multiple_targets",)))
    fight(play, cult=("alice", "goon"))
    play.do(c.ZoneAttack(actor="ruth", skill="fight", zone="deck", dice="+000"), "ann")
    with pytest.raises(ForbiddenAction):  # Charles's dice are Ben's to enter, not Ann's
        play.do(c.AssignTargets(defend_dice=(("charles", "----"),)), "ann")
    with pytest.raises(BadInput):  # a zone attack is not split
        play.do(c.AssignTargets(split=(("alice", 1),)), "ann")
    play.dice[:] = ["0000", "+000", "-000"]
    assigned = play.do(c.AssignTargets(), "ann").events[0]
    assert isinstance(assigned, e.TargetsAssigned)
    # Friend and foe alike defend against the whole effort, their dice rolled by the table.
    assert dict(assigned.defend_faces) == {"alice": "0000", "charles": "+000", "goon": "-000"}
    assert set(view_for(play.s, "ben")["conflict"]["targets"]) == {"alice", "charles", "goon"}
    assert_replays(play)


def test_an_attack_with_nothing_to_share_misses_everyone() -> None:
    play = with_goon(seated(("multiple_targets",)))
    fight(play, cult=("alice", "goon"))
    play.do(c.SplitAttack(actor="ruth", skill="fight", dice="----"), "ann")  # effort 0
    with pytest.raises(ForbiddenAction):
        play.do(c.MissEveryone(), "ben")
    play.do(c.MissEveryone(), "ann")
    assert play.s.roll is None
    assert play.s.conflict is not None and play.s.conflict.turns.phase.value == "next"
    assert_replays(play)


def test_multiple_targets_need_the_option(play: Play) -> None:
    fight(play)
    with pytest.raises(IllegalAction) as caught:
        play.do(c.SplitAttack(actor="ruth", skill="fight", dice="0000"), "ann")
    assert caught.value.rule.key == "option.multiple-targets"


# -- big bads ---------------------------------------------------------------------------------


def true_form_sheet(marker: str = "") -> str:
    form = major_npc(
        "condensed",
        "alice",
        f"The Drowned Queen {marker}".strip(),
        high_concept=f"Avatar of the Deep {marker}".strip(),
        skills={"fight": 4},
    )
    return dumps_character(form)


def test_a_big_bads_immunity_then_its_true_form() -> None:
    play = seated(("big_bads",))
    fight(play)
    play.do(
        c.SetBigBad(
            character_id="alice",
            immunity=ImmunityKind.CHALLENGE,
            forms=(true_form_sheet(),),
            solo_stress=True,
        )
    )
    with pytest.raises(IllegalAction) as caught:
        play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="0000"), "ann")
    assert caught.value.rule.key == "big-bad.challenge-immunity"
    with pytest.raises(ForbiddenAction):
        play.do(c.BreakImmunity(character_id="alice"), "ann")
    play.do(c.BreakImmunity(character_id="alice"))
    ruth_hits_alice(play)  # 9 shifts, less half the two PCs: 8
    assert pending(play) == ("alice", 8)
    play.do(c.TakeOut())
    conflict = play.s.conflict
    assert conflict is not None and conflict.roster.fighters["alice"].status is Status.ACTIVE
    assert play.s.game.character("alice").name == "The Drowned Queen"
    bad = view_for(play.s, "ann")["conflict"]["big_bads"][0]
    assert bad["forms_revealed"] == 1 and bad["immunity"]["state"] == "broken"
    assert "forms" not in bad
    assert view_for(play.s, "gm")["conflict"]["big_bads"][0]["forms"]["current"] == 1
    assert_replays(play)


def test_big_bads_need_the_option(play: Play) -> None:
    fight(play)
    with pytest.raises(IllegalAction) as caught:
        play.do(c.SetBigBad(character_id="alice", solo_skill=True))
    assert caught.value.rule.key == "big-bad.true-form"
    bads = seated(("big_bads",))
    fight(bads)
    with pytest.raises(BadInput):  # carrying consequences over needs forms to carry them to
        bads.do(c.SetBigBad(character_id="alice", gentle=True))


def test_invokes_against_a_big_bad_go_through_the_conflict() -> None:
    from fatekit.rules.options.big_bad_solo import SuppressMode

    play = seated(("big_bads",))
    fight(play)
    play.do(c.SetBigBad(character_id="alice", solo_suppress=SuppressMode.PLUS_ONE))
    play.dice[:] = ["0000"]
    play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="0000"), "ann")
    before = play.s.roll.effort if play.s.roll is not None else None
    play.do(c.Invoke(aspect_id="ruth/high_concept/1", by="ruth"), "ann")
    assert play.s.roll is not None and before is not None
    assert play.s.roll.effort == before + 1  # suppressed: +1, not +2, against a solo big bad
    assert_replays(play)


@pytest.mark.rule("conflict.taken-out", "big-bad.minion-armor")
def test_an_attacker_taken_out_by_its_own_zone_attack_leaves_the_other_hits_waiting() -> None:
    """The table agent's find (golden release af8603e, game 500065): the goon's zone attack
    hit its own big bad, who threw the goon in front of the hit. Taking the goon out ended its
    turn and set the exchange going on while the heroes' hits still waited, and every view of
    the table then failed on a hit nobody could absorb."""
    play = with_goon(seated(("multiple_targets", "big_bads")))
    fight(play, cult=("alice", "goon"), first="goon")
    play.do(c.SetBigBad(character_id="alice", minions=("goon",)))
    play.do(c.ZoneAttack(actor="goon", skill="fight", zone="deck", dice="++++"))
    play.dice[:] = ["----", "----", "----"]
    play.do(c.AssignTargets())
    conflict = play.s.conflict
    assert conflict is not None
    aimed = sorted(conflict.targets.preview_targets())
    play.do(c.ResolveTargets(options=tuple((t, "hit") for t in aimed)))
    while pending(play) is not None and pending(play)[0] != "alice":  # type: ignore[index]
        play.do(c.TakeOut())
    assert pending(play) is not None
    play.do(c.Shield(minion="goon"))
    assert pending(play) == ("goon", pending(play)[1])  # type: ignore[index]
    play.do(c.TakeOut())
    conflict = play.s.conflict
    assert conflict is not None and conflict.roster.fighters["goon"].status is Status.TAKEN_OUT
    left = pending(play)
    assert left is not None and conflict.turns.phase.value == "hit"
    for seat in ("gm", "ann", "ben", "sam"):
        view_for(play.s, seat)  # none fails on the hit still waiting
    play.do(c.TakeOut())
    assert_replays(play)


def test_a_hit_left_behind_by_an_earlier_release_does_not_stop_the_views() -> None:
    """A table recorded before that fix holds a hit while the exchange goes on: every seat's
    view still builds, offers no way to absorb it, and the engine refuses absorbing it."""
    from fatekit.rules.scenes.conflict import Phase

    play = with_goon(seated(("multiple_targets",)))
    fight(play, cult=("alice", "goon"))
    ruth_hits_alice(play)
    conflict = play.s.conflict
    assert conflict is not None and pending(play) is not None
    conflict.turns.phase = Phase.NEXT  # as the earlier release's facts folded it
    for seat in ("gm", "ann", "ben", "sam"):
        seen = view_for(play.s, seat)["conflict"]
        assert seen["pending_hit"]["target"] == "alice"
        assert "absorb_options" not in seen["pending_hit"]
    with pytest.raises(IllegalAction):
        play.do(c.TakeOut())
