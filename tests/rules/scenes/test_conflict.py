"""Conflicts (fate-condensed.ru.md § Conflicts, § Turn Order, § Taking Harm; fate-core-conflicts.en.txt
§ Turn Order, § The Exchange, § Full Defense, § Resolving Attacks, § Movement)."""

from __future__ import annotations

import pytest

from fatekit.rules import BadInput, ForbiddenAction, IllegalAction, ScriptedDice
from fatekit.rules.aspects.aspects import AspectKind, AspectsInPlay
from fatekit.rules.characters.character import minor_npc, new_character
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.absorb import AbsorbPlan
from fatekit.rules.scenes.conflict import Conflict, ConflictKind, Move, Phase, Status
from fatekit.rules.scenes.scene import Game
from fatekit.rules.scenes.zones import ZoneMap


def fight(preset: str = "condensed", *, zones: ZoneMap | None = None, **kwargs: object) -> Conflict:
    ruth = new_character(
        preset, "ruth", "Ruth", skills={"fight": 4, "athletics": 2, "notice": 1, "shoot": 2}
    )
    ethan = new_character(
        preset, "ethan", "Ethan", skills={"crafts": 3, "athletics": 1, "notice": 2}
    )
    thug = minor_npc(preset, "thug", "Thug", ["Thug"], {"fight": 2, "notice": 3}, stress_boxes=1)
    boss = minor_npc(preset, "boss", "Boss", ["Boss"], {"fight": 3, "notice": 0}, stress_boxes=2)
    game = Game([ruth, ethan, thug, boss])
    game.start_scene("alley", ["ruth", "ethan", "thug", "boss"], zones=zones)
    return Conflict(game, {"heroes": ["ruth", "ethan"], "gang": ["thug", "boss"]}, **kwargs)  # type: ignore[arg-type]


def dice(*faces: str) -> ScriptedDice:
    return ScriptedDice(list(faces))


@pytest.mark.rule("turn-order.elective", "conflict.exchange")
def test_elective_order_each_acts_once_and_the_last_picks_the_next_opener() -> None:
    conflict = fight(first="ethan")
    assert conflict.turns.current == "ethan" and conflict.turns.order is None
    with pytest.raises(IllegalAction, match="ethan's turn"):
        conflict.attack("ruth", "thug", "fight", dice=dice("0000"))
    moves = {a.move for a in conflict.legal_actions("ethan")}
    assert {Move.CREATE_ADVANTAGE, Move.OVERCOME, Move.CONCEDE} <= moves
    assert Move.FULL_DEFENSE not in moves  # not in Fate Condensed
    assert [a.move for a in conflict.legal_actions("ruth")] == [Move.CONCEDE]  # not her turn
    roll = conflict.overcome("ethan", "crafts", dice=dice("0000"), difficulty=2)
    with pytest.raises(IllegalAction, match="already taken their action"):
        conflict.overcome("ethan", "crafts", dice=dice("0000"), difficulty=2)
    roll.roll()
    conflict.resolve()
    assert {a.move for a in conflict.legal_actions("ethan")} >= {Move.END_TURN}
    with pytest.raises(IllegalAction, match="choose one of"):
        conflict.end_turn("ethan")
    conflict.end_turn("boss")  # the players may hand the turn to an NPC
    with pytest.raises(IllegalAction, match="not in use"):
        conflict.defence.full_defense("boss")
    conflict.overcome("boss", "fight", dice=dice("0000"), difficulty=0).roll()
    conflict.resolve()
    with pytest.raises(BadInput, match="name who acts next"):
        conflict.end_turn()
    assert conflict.end_turn("thug") == "thug"
    conflict.overcome("thug", "fight", dice=dice("0000"), difficulty=0).roll()
    conflict.resolve()
    conflict.end_turn("ruth")
    conflict.overcome("ruth", "fight", dice=dice("0000"), difficulty=0).roll()
    conflict.resolve()
    assert conflict.turns.exchange.number == 1
    conflict.end_turn("ruth")  # the last to act opens the next exchange, herself if she likes
    assert conflict.turns.exchange.number == 2 and conflict.turns.current == "ruth"


@pytest.mark.rule("turn-order.skills")
def test_core_orders_by_notice_and_can_group_npcs() -> None:
    conflict = fight("core")
    assert conflict.turns.order == ["thug", "ethan", "ruth", "boss"]
    grouped = fight("core", group_npcs=True)
    assert grouped.turns.order == ["thug", "boss", "ethan", "ruth"]
    with pytest.raises(IllegalAction, match="puts thug first"):
        fight("core", first="ruth")


@pytest.mark.rule("turn-order.approaches")
def test_accelerated_orders_by_quick_or_careful() -> None:
    ana = new_character("fae", "ana", "Ana", skills={"quick": 1, "careful": 3})
    bo = new_character("fae", "bo", "Bo", skills={"quick": 3, "careful": 0})
    game = Game([ana, bo])
    game.start_scene("duel", ["ana", "bo"])
    assert Conflict(game, {"a": ["ana"], "b": ["bo"]}).turns.order == ["bo", "ana"]
    mental = Conflict(game, {"a": ["ana"], "b": ["bo"]}, kind=ConflictKind.MENTAL)
    assert mental.turns.order == ["ana", "bo"]


@pytest.mark.rule("conflict.forgo-defense")
def test_forgoing_defence_faces_mediocre() -> None:
    conflict = fight(first="ruth")
    roll = conflict.attack("ruth", "thug", "fight", dice=dice("-000"), forgo_defense=True)
    roll.roll()
    assert roll.opposition_value == 0 and roll.shifts == 3


@pytest.mark.rule("conflict.interpose")
def test_defending_on_behalf_of_an_ally_takes_the_hit() -> None:
    conflict = fight(first="thug")
    with pytest.raises(ForbiddenAction, match="not an active ally"):
        conflict.attack("thug", "ruth", "fight", dice=dice("0000"), defender="boss")
    roll = conflict.attack(
        "thug", "ethan", "fight", dice=dice("++00"), defender="ruth", defender_dice=dice("-000")
    )
    roll.roll()
    assert roll.opposition is not None and roll.opposition.actor == "ruth"
    conflict.resolve()
    assert conflict.hits.pending_hit == ("ruth", 1)  # Ruth parries with Fight (+4)


@pytest.mark.rule("conflict.interpose", "zone.interact")
def test_interposing_needs_to_be_close() -> None:
    zones = ZoneMap()
    for zone in ("street", "roof"):
        zones.add_zone(zone)
    zones.connect("street", "roof")
    for who, where in (("ruth", "roof"), ("ethan", "street"), ("thug", "street"), ("boss", "roof")):
        zones.place(who, where)
    conflict = fight(zones=zones, first="thug")
    with pytest.raises(IllegalAction, match="too far"):
        conflict.attack("thug", "ethan", "fight", dice=dice("0000"), defender="ruth")
    with pytest.raises(IllegalAction, match="not in reach"):
        conflict.attack("thug", "ruth", "fight", dice=dice("0000"))
    attack = next(a for a in conflict.legal_actions("thug") if a.move is Move.ATTACK)
    assert set(attack.targets) == {"ethan", "ruth"}  # ruth only by a ranged attack
    # Asked directly: a close attack reaches only the thug's own zone, a ranged one the next.
    assert conflict.targets.reaches("thug", "ethan", ranged=False)
    assert not conflict.targets.reaches("thug", "ruth", ranged=False)
    assert conflict.targets.reaches("thug", "ruth")


@pytest.mark.rule("zone.free-move", "conflict.exchange")
def test_one_free_move_per_exchange_unless_someone_is_in_the_way() -> None:
    zones = ZoneMap()
    for zone in ("street", "roof", "yard"):
        zones.add_zone(zone)
    zones.connect("street", "roof")
    zones.connect("street", "yard")
    for who, where in (("ruth", "street"), ("ethan", "yard"), ("thug", "roof"), ("boss", "roof")):
        zones.place(who, where)
    conflict = fight(zones=zones, first="ruth")
    free = next(a for a in conflict.legal_actions("ruth") if a.move is Move.FREE_MOVE)
    assert free.targets == ("roof", "yard")
    conflict.turns.free_move("ruth", "roof")
    with pytest.raises(IllegalAction, match="already moved"):
        conflict.turns.free_move("ruth", "street")
    roll = conflict.attack("ruth", "thug", "fight", dice=dice("0000"), defender_dice=dice("0000"))
    roll.roll()
    conflict.resolve()
    assert conflict.hits.pending_hit == ("thug", 2)
    conflict.hits.take_out()
    conflict.end_turn("boss")
    assert not [
        a for a in conflict.legal_actions("boss") if a.move is Move.FREE_MOVE
    ]  # ruth is in the way
    with pytest.raises(IllegalAction, match="ruth is in the way"):
        conflict.turns.free_move("boss", "street")


@pytest.mark.rule("conflict.full-defense.core")
def test_core_full_defence_adds_two_until_the_next_turn() -> None:
    conflict = fight("core")
    assert conflict.turns.current == "thug"
    conflict.overcome("thug", "fight", dice=dice("0000"), difficulty=0).roll()
    conflict.resolve()
    conflict.end_turn()
    conflict.defence.full_defense("ethan")
    conflict.end_turn()
    assert conflict.turns.current == "ruth"
    with pytest.raises(IllegalAction, match="not finished"):
        conflict.end_turn()
    conflict.overcome("ruth", "fight", dice=dice("0000"), difficulty=0).roll()
    conflict.resolve()
    conflict.end_turn()
    attack = conflict.attack(
        "boss",
        "ethan",
        "fight",
        dice=dice("0000"),
        defend_skill="athletics",
        defender_dice=dice("0000"),
    )
    attack.roll()
    assert attack.opposition is not None and attack.opposition.effort == 3  # athletics 1, +2
    conflict.resolve()
    conflict.end_turn()
    conflict.overcome("thug", "fight", dice=dice("0000"), difficulty=0).roll()
    conflict.resolve()
    conflict.end_turn()
    assert conflict.turns.current == "ethan" and "ethan" not in conflict.defence.full_defenders


@pytest.mark.rule("conflict.taken-out", "harm.absorb")
def test_taken_out_participants_leave_the_exchange() -> None:
    conflict = fight(first="ruth")
    roll = conflict.attack("ruth", "thug", "fight", dice=dice("++++"), defender_dice=dice("----"))
    roll.roll()
    conflict.resolve(option="hit")
    assert conflict.hits.pending_hit == ("thug", 10)
    assert conflict.hits.absorb_options() == []
    assert {a.move for a in conflict.legal_actions("thug")} == {Move.TAKE_OUT}
    with pytest.raises(IllegalAction):
        conflict.hits.absorb(AbsorbPlan(boxes=(0,)))
    with pytest.raises(IllegalAction, match="already rolled"):
        conflict.hits.concede("thug")
    conflict.hits.take_out()
    assert conflict.roster.fighter("thug").status is Status.TAKEN_OUT
    assert conflict.legal_actions("thug") == ()
    end_turn = next(a for a in conflict.legal_actions("ruth") if a.move is Move.END_TURN)
    assert set(end_turn.targets) == {"ethan", "boss"}
    with pytest.raises(IllegalAction, match="no hit"):
        conflict.hits.take_out()
    with pytest.raises(IllegalAction, match="cannot act next"):
        conflict.end_turn("thug")


def test_fixed_orders_skip_those_who_are_out() -> None:
    conflict = fight("core")
    assert conflict.turns.current == "thug"
    conflict.hits.concede("thug")
    assert conflict.turns.order == ["ethan", "ruth", "boss"]
    conflict.end_turn()
    assert conflict.turns.current == "ethan"


@pytest.mark.rule("conflict.end", "conflict.concede-timing", "conflict.concede-reward")
def test_the_conflict_ends_when_a_side_is_out_and_pays_out() -> None:
    conflict = fight(first="ruth")
    game = conflict.roster.game
    assert not conflict.hits.over
    conflict.hits.concede("thug")
    assert not conflict.hits.over
    concession = conflict.hits.concede("boss")
    assert (
        concession.fate_points == 1 and conflict.hits.over and conflict.turns.phase is Phase.ENDED
    )
    assert game.ledger.account("boss").pending == 1
    end = conflict.hits.finish()
    assert end.losers == ("gang",) and not end.payouts_deferred
    assert game.ledger.account("boss").available == 1  # carried to the GM's next pool
    with pytest.raises(IllegalAction, match="over"):
        conflict.attack("ruth", "thug", "fight", dice=dice("0000"))
    with pytest.raises(IllegalAction, match="already closed"):
        conflict.hits.finish()


@pytest.mark.rule("conflict.end-called", "conflict.end")
def test_the_gm_may_call_a_conflict_over_at_any_moment() -> None:
    """fate-core-conflicts.en.txt § Ending a Conflict: a side all out ends it "under most
    circumstances"; the GM may end it otherwise."""
    conflict = fight(first="thug")
    game = conflict.roster.game
    conflict.hits.concede("ethan")  # one concession, paid at the end
    # A hit is waiting for Ruth when the building comes down on everyone.
    roll = conflict.attack("thug", "ruth", "fight", dice=dice("++++"), defender_dice=dice("----"))
    roll.roll()
    conflict.resolve(option="hit")
    assert conflict.hits.pending_hit is not None and conflict.turns.phase is Phase.HIT
    end = conflict.hits.finish()
    assert end.losers == () and not end.payouts_deferred
    assert conflict.turns.phase is Phase.ENDED and conflict.hits.pending_hit is None
    assert game.ledger.account("ethan").available == 4  # 3 refresh + 1 for conceding
    # The hit was never taken.
    ruth = game.character("ruth")
    assert not any(b.marked for t in ruth.stress.values() for b in t.boxes)
    with pytest.raises(IllegalAction, match="already closed"):
        conflict.hits.finish()


@pytest.mark.rule("conflict.end-called")
def test_calling_a_conflict_over_drops_dice_not_yet_settled() -> None:
    conflict = fight(first="ruth")
    roll = conflict.attack("ruth", "thug", "fight", dice=dice("0000"), defender_dice=dice("0000"))
    roll.roll()
    conflict.hits.finish(into="challenge")
    assert conflict.turns.phase is Phase.ENDED
    with pytest.raises(IllegalAction):
        roll.invoke(conflict.roster.scene.aspects.create_boost("ruth"), by="ruth", free=True)


@pytest.mark.rule("conflict.end")
def test_a_conflict_turning_into_a_contest_defers_payouts() -> None:
    conflict = fight(first="ruth")
    conflict.hits.concede("ethan")
    end = conflict.hits.finish(into="contest")
    assert end.payouts_deferred
    assert conflict.roster.game.ledger.account("ethan").pending == 1
    conflict.roster.game.end_scene()
    assert conflict.roster.game.ledger.account("ethan").available == 4


@pytest.mark.rule("conflict.concede-timing")
def test_conceding_before_the_dice_drops_the_action() -> None:
    conflict = fight(first="ruth")
    conflict.attack("ruth", "thug", "fight", dice=dice("0000"), defender_dice=dice("0000"))
    conflict.hits.concede("thug")  # dice not rolled yet
    assert conflict.turns.phase is Phase.TURN and conflict.turns.current == "ruth"
    roll = conflict.attack("ruth", "boss", "fight", dice=dice("0000"), defender_dice=dice("0000"))
    roll.roll()
    conflict.resolve()
    assert conflict.hits.pending_hit == ("boss", 1)


@pytest.mark.rule("action.overcome")
def test_an_opponent_named_with_no_skill_opposes_with_their_best() -> None:
    conflict = fight(first="ruth")
    assert conflict.defence.opposing_skills("thug")[:2] == ("notice", "fight")  # +3, +2
    roll = conflict.overcome("ruth", "fight", dice=dice("0000"), against="thug")
    assert roll.opposition is not None and roll.opposition.skill == "notice"


def test_conflict_input_errors() -> None:
    conflict = fight(first="ruth")
    with pytest.raises(BadInput, match="not in this conflict"):
        conflict.roster.fighter("nobody")
    with pytest.raises(BadInput, match="either a difficulty"):
        conflict.overcome("ruth", "fight", dice=dice("0000"))
    with pytest.raises(IllegalAction, match="cannot make a physical attack"):
        conflict.attack("ruth", "thug", "crafts", dice=dice("0000"))
    with pytest.raises(IllegalAction, match="cannot defend"):
        conflict.attack("ruth", "thug", "fight", dice=dice("0000"), defend_skill="crafts")
    with pytest.raises(BadInput, match="not a skill"):
        conflict.overcome("ruth", "juggling", dice=dice("0000"), difficulty=1)
    with pytest.raises(IllegalAction, match="no roll"):
        conflict.resolve()
    with pytest.raises(BadInput, match="elective order"):
        fight()
    game = conflict.roster.game
    with pytest.raises(BadInput, match="two sides"):
        Conflict(game, {"all": ["ruth"]}, first="ruth")
    roll = conflict.attack("ruth", "thug", "fight", dice=dice("0000"), defender_dice=dice("0000"))
    with pytest.raises(BadInput, match="roll the dice"):
        conflict.resolve()
    roll.roll()
    with pytest.raises(BadInput, match="no option"):
        conflict.resolve(option="kill")
    conflict.resolve()
    assert conflict.turns.phase is Phase.HIT
    assert Track.PHYSICAL is conflict.roster.kind.track


@pytest.mark.rule("zone.move-roll")
def test_moving_past_an_impediment_takes_the_action() -> None:
    """Cynere climbs to the loft two zones away: Athletics against the thug's active opposition;
    three shifts move her and give her a boost."""
    zones = ZoneMap()
    for zone in ("floor", "ladder", "loft"):
        zones.add_zone(zone)
    zones.connect("floor", "ladder")
    zones.connect("ladder", "loft")
    for who, where in (("ruth", "floor"), ("ethan", "floor"), ("thug", "floor"), ("boss", "loft")):
        zones.place(who, where)
    conflict = fight(zones=zones, first="ruth")
    with pytest.raises(IllegalAction, match="for free"):
        conflict.turns.free_move("ruth", "ladder")  # the thug is in the way
    roll = conflict.overcome(
        "ruth",
        "athletics",
        dice=dice("+000"),
        against="thug",
        defend_skill="fight",
        defender_dice=dice("--00"),
        move_to="loft",
    )
    roll.roll()
    resolution, applied = conflict.resolve(boost_names={"ruth": "Momentum"})
    assert resolution.rule_key == "zone.move-roll" and applied.succeeded
    assert zones.zone_of("ruth") == "loft" and applied.boosts[0].name == "Momentum"

    conflict.end_turn("boss")
    failed = conflict.overcome("boss", "fight", dice=dice("----"), difficulty=2, move_to="floor")
    failed.roll()
    conflict.resolve()
    assert zones.zone_of("boss") == "loft"


@pytest.mark.rule("teamwork.combine-skills")
def test_helpers_add_to_the_roll_and_spend_their_action() -> None:
    conflict = fight(first="ruth")
    with pytest.raises(IllegalAction, match="cannot help"):
        conflict.attack("ruth", "thug", "fight", dice=dice("0000"), helpers=["ethan"])  # no Fight
    roll = conflict.overcome(
        "ruth", "athletics", dice=dice("0000"), difficulty=3, helpers=["ethan"]
    )
    roll.roll()
    assert roll.effort == 3  # Athletics +2, Ethan's +1
    conflict.resolve("partial_success")
    assert conflict.turns.next_choices() == ["thug", "boss"]  # Ethan has used his action
    with pytest.raises(ForbiddenAction, match="not an active ally"):
        fight(first="thug").attack("thug", "ruth", "fight", dice=dice("0000"), helpers=["ruth"])


@pytest.mark.rule("aspect.remove-overcome")
def test_an_overcome_on_ones_turn_removes_a_scene_aspect_an_opponent_defends() -> None:
    conflict = fight(first="ethan")
    scene = conflict.roster.scene
    smoke = scene.add_situation_aspect("Thick Smoke")
    # The boss defends the smoke; a tie is still a success, at a cost: the smoke goes.
    roll = conflict.overcome(
        "ethan",
        "crafts",
        dice=dice("---0"),
        against="boss",
        defend_skill="notice",
        defender_dice=dice("0000"),
        aspect=smoke,
    )
    roll.roll()
    resolution, applied = conflict.resolve("success_at_minor_cost")
    assert resolution.shifts == 0 and applied.removed == [smoke]
    assert smoke.id not in scene.aspects and conflict.turns.phase is Phase.NEXT
    conflict.end_turn("boss")
    # A failure keeps it: the boss's own boost stays where Ruth could not clear it.
    conflict.overcome("boss", "fight", dice=dice("0000"), difficulty=0).roll()
    conflict.resolve()
    conflict.end_turn("ruth")
    grip = scene.add_situation_aspect("Iron Grip")
    conflict.overcome("ruth", "athletics", dice=dice("----"), difficulty=2, aspect=grip).roll()
    _, kept = conflict.resolve("fail")
    assert kept.removed == [] and grip.id in scene.aspects


@pytest.mark.rule("aspect.remove-overcome")
def test_an_overcome_in_a_conflict_removes_only_what_the_scene_brought() -> None:
    conflict = fight(first="ruth")
    scene = conflict.roster.scene
    hidden = scene.add_situation_aspect("Tripwire", hidden=True)
    with pytest.raises(IllegalAction) as unknown:
        conflict.overcome("ruth", "notice", dice=dice("0000"), difficulty=1, aspect=hidden)
    assert unknown.value.rule.key == "aspect.hidden"
    trouble = scene.aspects.create("Owes the Wrong People", AspectKind.TROUBLE, owner="ruth")
    with pytest.raises(IllegalAction) as sheet:
        conflict.overcome("ruth", "fight", dice=dice("0000"), difficulty=1, aspect=trouble)
    assert not sheet.value.waivable  # a sheet changes at milestones, not by an overcome
    elsewhere = AspectsInPlay().create("Across Town")
    with pytest.raises(BadInput, match="not in this scene"):
        conflict.overcome("ruth", "fight", dice=dice("0000"), difficulty=1, aspect=elsewhere)
    smoke = scene.add_situation_aspect("Thick Smoke")
    with pytest.raises(BadInput, match="not both"):
        conflict.overcome(
            "ruth", "athletics", dice=dice("0000"), difficulty=1, aspect=smoke, block="wall"
        )
    assert conflict.turns.phase is Phase.TURN and smoke.id in scene.aspects  # nothing changed
