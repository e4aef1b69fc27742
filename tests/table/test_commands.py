"""Commands through :func:`fatekit.table.handle`: what they do, who may, and what is refused."""

from __future__ import annotations

import dataclasses

import pytest

from fatekit.rules import Action, BadInput, ForbiddenAction, IllegalAction, InvokeEffect
from fatekit.rules.scenes.conflict import Phase, Status
from fatekit.table import SEAT_RULE, fold, handle, view_for
from fatekit.table import commands as c
from fatekit.table import events as e
from fatekit.table.seats import NoteVisibility

from .conftest import log_of  # type: ignore[import-not-found]


def test_a_new_table_has_its_gm_seat_and_ruleset(play) -> None:
    state = play.s
    assert state.seats["gm"].is_gm
    assert state.ruleset.preset.key == "condensed"
    assert [type(ev).__name__ for ev in play.log[:2]] == ["TableCreated", "SeatAdded"]
    assert [ev.version for ev in play.log] == list(range(1, len(play.log) + 1))
    assert state.version == len(play.log)


def test_create_table_needs_no_state_and_an_id() -> None:
    with pytest.raises(BadInput):
        handle(None, c.CreateTable(name="x"), seat="gm")
    with pytest.raises(BadInput):
        handle(None, c.StartSession(), seat="gm", table_id="t")
    with pytest.raises(BadInput):
        handle(None, c.CreateTable(name="   "), seat="gm", table_id="t")
    with pytest.raises(BadInput):
        handle(None, c.CreateTable(name="x", options=("no_such_rule",)), seat="gm", table_id="t")


def test_players_own_their_characters(play) -> None:
    assert play.s.owner_of("ruth") == "ann"
    assert play.s.controls("ann", "ruth") and not play.s.controls("ann", "charles")
    assert play.s.controls("gm", "alice") and not play.s.controls("ben", "alice")
    assert not play.s.controls("sam", "ruth")


def test_a_player_may_add_only_their_own_character(play) -> None:
    from fatekit.formats import dumps_character
    from fatekit.rules import major_npc, new_character

    ethan = dumps_character(new_character("condensed", "ethan", "Ethan", high_concept="Drifter"))
    goon = dumps_character(major_npc("condensed", "goon", "Goon", high_concept="Hired Muscle"))
    for command in (
        c.AddCharacter(sheet=ethan, owner="ben"),
        c.AddCharacter(sheet=ethan),
        c.AddCharacter(sheet=goon),
        c.AddCharacter(sheet=ethan, owner="ann", hidden_aspects=("ethan/high_concept/1",)),
    ):
        with pytest.raises(ForbiddenAction):
            play.do(command, "ann")
    with pytest.raises(BadInput):
        play.do(c.AddCharacter(sheet=goon, owner="ann"))  # an NPC has no player
    with pytest.raises(BadInput):
        play.do(c.AddCharacter(sheet='{"format": "nope"}'))
    play.do(c.AddCharacter(sheet=ethan, owner="ann"), "ann")
    assert play.s.characters_of("ann") == {"ruth", "ethan"}


def test_forbidden_commands_name_the_seat_rule(play) -> None:
    cases = [
        (c.StartScene(name="x", participants=("ruth",)), "ann"),
        (c.AddSituationAspect(name="Fog"), "ben"),
        (c.Note(text="hm", visibility=NoteVisibility.GM), "ann"),
        (c.Undo(target_version=3), "ann"),
        (c.Note(text="hello"), "sam"),
        (c.Roll(actor="charles", action=Action.OVERCOME, skill="lore", difficulty=2), "ann"),
        (c.Roll(actor="alice", action=Action.OVERCOME, skill="fight", difficulty=2), "ben"),
        (c.Note(text="who am I"), "stranger"),
    ]
    for command, seat in cases:
        before = play.s.version
        with pytest.raises(ForbiddenAction) as caught:
            play.do(command, seat=seat)
        assert caught.value.rule is SEAT_RULE
        assert play.s.version == before


def test_a_refused_command_changes_nothing(play) -> None:
    before = view_for(play.s, "gm")
    with pytest.raises(BadInput):
        play.do(
            c.Roll(actor="ruth", action=Action.OVERCOME, skill="fight", dice="++x+", difficulty=2),
            "ann",
        )
    with pytest.raises(BadInput):
        play.do(c.RemoveAspect(aspect_id="a99"))
    with pytest.raises(IllegalAction):
        # Countdowns are an optional rule this table did not turn on.
        play.do(
            c.AddCountdown(countdown_id="x", name="x", boxes=2, outcome="boom", triggers=("t",))
        )
    assert view_for(play.s, "gm") == before


def test_situation_aspects_get_the_ids_the_rules_give(play) -> None:
    first = play.do(c.AddSituationAspect(name="Slick Deck", free_invokes=(("ruth", 1),))).events[0]
    second = play.do(c.AddSituationAspect(name="Fog Bank", zone="deck")).events[0]
    assert isinstance(first, e.SituationAspectAdded) and first.aspect_id == "a1"
    assert isinstance(second, e.SituationAspectAdded) and second.aspect_id == "a2"
    scene = play.s.game.scene
    assert scene is not None
    assert scene.aspects.get("a1").free_invokes_held_by("ruth") == 1
    assert scene.aspects.get("a2").zone == "deck"


def test_a_roll_with_entered_dice_invokes_and_resolves(play) -> None:
    play.do(c.AddSituationAspect(name="Slick Deck", free_invokes=(("ruth", 1),)))
    rolled = play.do(
        c.Roll(
            actor="ruth",
            action=Action.CREATE_ADVANTAGE,
            skill="athletics",
            difficulty=4,
            dice="0-00",
        ),
        "ann",
    ).events[0]
    assert isinstance(rolled, e.RollMade) and rolled.faces == "0-00"
    roll = play.s.roll
    assert roll is not None and roll.effort == 2
    play.do(c.Invoke(aspect_id="a1", by="ruth", free=True), "ann")
    play.do(c.Invoke(aspect_id="ruth/high_concept/1", by="ruth"), "ann")
    assert roll is not play.s.roll  # handle works on a copy
    assert play.s.roll is not None and play.s.roll.effort == 6
    assert play.s.game.ledger.account("ruth").available == 2
    done = play.do(c.ResolveRoll(aspect_name="Balanced on the Rail"), "ann").events[0]
    assert isinstance(done, e.RollResolved) and done.created == ("a2",)
    scene = play.s.game.scene
    assert scene is not None and scene.aspects.get("a2").free_invokes_held_by("ruth") == 1
    assert play.s.roll is None
    assert play.s.last_roll is not None and play.s.last_roll.faces == "0-00"


def test_the_table_rolls_when_no_dice_are_entered(play) -> None:
    play.dice[:] = ["+-+-"]
    event = play.do(
        c.Roll(actor="charles", action=Action.OVERCOME, skill="lore", difficulty=1), "ben"
    ).events[0]
    assert isinstance(event, e.RollMade) and event.faces == "+-+-"


def test_only_the_roller_rerolls_and_the_new_dice_are_recorded(play) -> None:
    play.do(
        c.Roll(actor="ruth", action=Action.OVERCOME, skill="fight", difficulty=3, dice="----"),
        "ann",
    )
    with pytest.raises(IllegalAction) as caught:
        play.do(
            c.Invoke(aspect_id="charles/high_concept/1", by="charles", effect=InvokeEffect.REROLL),
            "ben",
        )
    assert caught.value.rule.key == "invoke.effects"
    event = play.do(
        c.Invoke(
            aspect_id="ruth/high_concept/1", by="ruth", effect=InvokeEffect.REROLL, dice="++++"
        ),
        "ann",
    ).events[0]
    assert isinstance(event, e.Invoked) and event.faces == "++++"
    assert play.s.roll is not None and play.s.roll.effort == 8
    # The state keeps the latest roll only; the log keeps them all.
    assert play.s.last_roll is not None and play.s.last_roll.action == "reroll"
    assert [x["type"] for x in log_of(play, "ben")[:2]] == ["Invoked", "RollMade"]


def test_anyone_may_invoke_on_an_allys_roll_but_not_spend_anothers_free_invoke(play) -> None:
    play.do(c.AddSituationAspect(name="Slick Deck", free_invokes=(("ruth", 1),)))
    play.do(
        c.Roll(actor="ruth", action=Action.OVERCOME, skill="fight", difficulty=3, dice="0000"),
        "ann",
    )
    with pytest.raises(ForbiddenAction) as caught:
        play.do(c.Invoke(aspect_id="a1", by="charles", free=True), "ben")
    assert caught.value.rule.key == "aspect.free-invoke-holder"
    play.do(c.Invoke(aspect_id="a1", by="charles"), "ben")  # paid, on Ruth's behalf
    assert play.s.roll is not None and play.s.roll.effort == 6
    assert play.s.game.ledger.account("charles").available == 2


def test_compels_offered_by_players_and_the_gm(play) -> None:
    offered = play.do(
        c.OfferCompel(
            aspect_id="ruth/trouble/1", target="ruth", complication="The loan shark is aboard"
        )
    ).events[0]
    assert isinstance(offered, e.CompelOffered)
    with pytest.raises(ForbiddenAction):
        play.do(c.AnswerCompel(compel_id=offered.compel_id, answer=c.CompelAnswer.ACCEPT), "ben")
    play.do(c.AnswerCompel(compel_id=offered.compel_id, answer=c.CompelAnswer.ACCEPT), "ann")
    assert play.s.game.ledger.account("ruth").available == 4
    with pytest.raises(ForbiddenAction):
        play.do(
            c.OfferCompel(aspect_id="charles/trouble/1", target="charles", complication="x"), "ann"
        )
    by_ann = play.do(
        c.OfferCompel(
            aspect_id="charles/trouble/1",
            target="charles",
            offered_by="ruth",
            complication="He opens the crate",
        ),
        "ann",
    ).events[0]
    assert play.s.game.ledger.account("ruth").available == 3
    play.do(c.AnswerCompel(compel_id=by_ann.compel_id, answer=c.CompelAnswer.REFUSE), "ben")
    assert play.s.game.ledger.account("charles").available == 2
    assert play.s.game.ledger.account("ruth").available == 4  # the offer's point comes back
    with pytest.raises(IllegalAction):
        play.do(c.AnswerCompel(compel_id=by_ann.compel_id, answer=c.CompelAnswer.ACCEPT), "ben")


def _fight(play) -> None:
    play.do(
        c.StartConflict(sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",))), first="ruth")
    )


def test_a_conflict_through_commands(play) -> None:
    _fight(play)
    with pytest.raises(ForbiddenAction):
        play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="0000"), "ben")
    with pytest.raises(ForbiddenAction):
        play.do(
            c.Attack(actor="ruth", target="alice", skill="fight", dice="0000", defend_dice="----"),
            "ann",
        )
    play.dice[:] = ["-0-0"]  # Alice's defence, rolled by the table
    attack = play.do(
        c.Attack(actor="ruth", target="alice", skill="fight", dice="+0+0"), "ann"
    ).events[0]
    assert isinstance(attack, e.AttackRolled) and attack.defend_faces == "-0-0"
    assert play.s.roll is not None and play.s.roll.shifts == 5  # 6 against Alice's 1
    play.do(c.ResolveRoll(option="hit"), "ann")
    conflict = play.s.conflict
    assert conflict is not None and conflict.hits.pending_hit == ("alice", 5)
    with pytest.raises(ForbiddenAction):
        play.do(c.TakeOut(), "ann")
    play.do(c.Absorb(boxes=(0, 1, 2), slots=(0,), names=((0, "Bloody Nose"),)))
    assert play.s.game.character("alice").consequences[0].aspect is not None
    with pytest.raises(IllegalAction):
        play.do(c.EndTurn(next_actor="ruth"), "ann")  # Ruth has acted this exchange
    play.do(c.EndTurn(next_actor="alice"), "ann")
    assert play.s.conflict is not None and play.s.conflict.turns.current == "alice"
    play.do(c.Concede(character_id="alice"))
    assert (
        play.s.conflict is not None
        and play.s.conflict.roster.fighters["alice"].status is Status.CONCEDED
    )
    assert play.s.conflict.turns.phase is Phase.ENDED
    play.do(c.FinishConflict())
    assert play.s.conflict is None
    play.do(c.EndScene())
    assert play.s.game.scene is None


def test_illegal_conflict_moves_name_their_rule(play) -> None:
    _fight(play)
    with pytest.raises(IllegalAction) as caught:
        play.do(c.Attack(actor="charles", target="alice", skill="shoot", dice="0000"), "ben")
    assert caught.value.rule.key == "conflict.exchange"  # not Charles's turn
    with pytest.raises(IllegalAction) as caught:
        play.do(c.Attack(actor="ruth", target="alice", skill="lore", dice="0000"), "ann")
    assert caught.value.rule.key == "skills.attack-defend"  # Lore does not attack


def test_gm_notes_private_notes_and_narration(play) -> None:
    play.do(c.Note(text="The storm breaks"), "ann")
    play.do(c.Note(text="Alice is the mole", visibility=NoteVisibility.GM))
    play.do(c.Note(text="Ruth suspects Ben", visibility=NoteVisibility.PRIVATE), "ann")

    # Notes live in the log, each seat reading the ones it may.
    def notes(seat: str) -> list[str]:
        return [x["data"]["text"] for x in reversed(log_of(play, seat)) if x["type"] == "NoteAdded"]

    assert notes("gm") == ["The storm breaks", "Alice is the mole", "Ruth suspects Ben"]
    assert notes("ann") == ["The storm breaks", "Ruth suspects Ben"]
    assert notes("ben") == ["The storm breaks"]
    with pytest.raises(BadInput):
        play.do(c.Note(text="   "), "ann")


def test_sessions_and_arcs_are_counted(play) -> None:
    from fatekit.rules import Milestone

    play.do(c.EndScene())
    play.do(c.EndSession(milestone=Milestone.MAJOR))
    play.do(c.StartSession())
    assert (play.s.session, play.s.arc, play.s.game.clock.sessions_ended) == (2, 2, 1)
    with pytest.raises(BadInput):
        play.do(c.StartSession())


def test_a_player_rewrites_only_their_own_sheet_and_not_in_a_fight(play) -> None:
    from fatekit.formats import dumps_character

    ruth = play.s.game.character("ruth")
    text = dumps_character(ruth).replace("Ex-Boxer on the Run", "Retired Boxer")
    with pytest.raises(ForbiddenAction):
        play.do(c.UpdateCharacter(sheet=text), "ben")
    play.do(c.UpdateCharacter(sheet=text), "ann")
    assert play.s.game.character("ruth").aspects[0].name == "Retired Boxer"
    _fight(play)
    with pytest.raises(BadInput):
        play.do(c.UpdateCharacter(sheet=text), "ann")


def test_a_character_may_not_take_the_gms_ledger_name(play) -> None:
    from fatekit.formats import dumps_character
    from fatekit.rules import major_npc

    impostor = dumps_character(major_npc("condensed", "gm", "The Narrator", high_concept="Voice"))
    # The table gives it an id of its own, made from its name; a log that names it "gm" is refused.
    added = play.do(c.AddCharacter(sheet=impostor)).events[0]
    assert isinstance(added, e.CharacterAdded) and added.character_id == "the-narrator"
    forged = dataclasses.replace(added, character_id="gm", sheet=impostor)
    with pytest.raises(BadInput):
        fold([*play.log[:-1], forged])


def test_the_gm_makes_a_pc_before_its_player_sits_down_and_hands_it_over() -> None:
    from fatekit.formats import dumps_character
    from fatekit.rules import new_character
    from fatekit.table.seats import Role

    from ..sheets import npc_sheet  # type: ignore[import-not-found]
    from .conftest import Play  # type: ignore[import-not-found]

    play = Play()
    play.do(c.CreateTable(name="Early"))
    fedor = dumps_character(new_character("condensed", "x", "Фёдор", high_concept="Сыщик"))
    fedor = fedor.replace('"id": "x"', '"id": ""')  # no id: the table makes one from the name
    made = play.do(c.AddCharacter(sheet=fedor)).events[0]
    assert isinstance(made, e.CharacterAdded) and made.character_id == "федор"
    assert play.s.owners == {}  # the GM plays it for now
    play.do(c.AddSeat(role=Role.PLAYER, name="Аня"))
    with pytest.raises(ForbiddenAction):
        play.do(c.GiveCharacter(character_id="федор", owner="аня"), "аня")
    play.do(c.GiveCharacter(character_id="федор", owner="аня"))
    assert play.s.controls("аня", "федор")
    mine = view_for(play.s, "аня")["you"]["characters"]
    assert mine == ["федор"]
    with pytest.raises(BadInput, match="not a player's seat"):
        play.do(c.GiveCharacter(character_id="федор", owner="gm"))
    play.do(c.GiveCharacter(character_id="федор"))  # back to the GM
    assert not play.s.controls("аня", "федор")
    play.do(c.AddCharacter(sheet=npc_sheet()))
    with pytest.raises(BadInput, match="NPCs are the GM's"):
        play.do(c.GiveCharacter(character_id="alice", owner="аня"))


@pytest.mark.rule("conflict.end-called")
def test_the_gm_ends_a_conflict_at_any_moment_even_with_a_hit_waiting(play) -> None:
    _fight(play)
    play.dice[:] = ["-0-0"]
    play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="+0+0"), "ann")
    play.do(c.ResolveRoll(option="hit"), "ann")
    assert play.s.conflict is not None and play.s.conflict.hits.pending_hit == ("alice", 5)
    with pytest.raises(ForbiddenAction):
        play.do(c.FinishConflict(), "ann")
    play.do(c.FinishConflict())
    assert play.s.conflict is None and play.s.roll is None
    assert play.s.game.character("alice").consequences[0].aspect is None  # never taken
    assert log_of(play, "ann")[0]["type"] == "ConflictFinished"
    # The scene goes on: a new fight may start in it.
    play.do(c.StartConflict(sides=(("a", ("ruth",)), ("b", ("alice",))), first="alice"))
    assert play.s.conflict is not None


@pytest.mark.rule("conflict.concede-reward")
def test_a_concession_carries_its_terms_into_the_log(play) -> None:
    _fight(play)
    terms = "Ruth slips over the rail; Alice keeps the idol"
    done = play.do(c.Concede(character_id="ruth", terms=terms), "ann").events[0]
    assert isinstance(done, e.Conceded) and done.terms == terms
    for seat in ("gm", "ann", "ben", "sam"):
        assert log_of(play, seat)[0]["data"]["terms"] == terms
    # The point is owed, not paid, until the conflict ends.
    account = play.s.game.ledger.account("ruth")
    assert account.pending == 1
    play.do(c.FinishConflict())
    assert play.s.game.ledger.account("ruth").pending == 0
    _fight(play)
    with pytest.raises(BadInput, match="at most 2,000"):
        play.do(c.Concede(character_id="charles", terms="x" * 2001), "ben")


@pytest.mark.rule("action.create-advantage.new")
def test_an_advantage_in_a_conflict_may_face_an_active_opponent(play) -> None:
    _fight(play)
    play.dice[:] = ["0000"]  # Alice's dice, rolled by the table
    rolled = play.do(
        c.CreateAdvantage(actor="ruth", skill="fight", against="alice", dice="++00"), "ann"
    ).events[0]
    # Named with no skill, Alice opposes with her best (Deceive +4); the event records it.
    assert isinstance(rolled, e.AdvantageRolled) and rolled.defend_skill == "deceive"
    assert play.s.roll is not None and play.s.roll.opposition is not None
    assert (play.s.roll.opposition.actor, play.s.roll.shifts) == ("alice", 2)  # 4+2 against 4
    play.do(c.ResolveRoll(aspect_name="Off Balance"), "ann")
    made = play.s.game.find_aspect(play.s.last_created[0])
    assert made.name == "Off Balance" and [f.holder for f in made.free_invokes] == ["ruth"]


@pytest.mark.rule("character.mob", "character.mob.hits")
def test_a_mob_at_the_table_defends_as_a_team_and_loses_one_member_per_hit(play) -> None:
    from fatekit.formats import dumps_character
    from fatekit.rules import mob

    cult = mob("condensed", "cult", "Культисты", 3, ["Культисты"], {"fight": 2}, stress_boxes=1)
    play.do(c.AddCharacter(sheet=dumps_character(cult)))
    play.do(c.EndScene())
    play.do(c.StartScene(name="Crypt", participants=("ruth", "cult")))
    play.do(c.StartConflict(sides=(("heroes", ("ruth",)), ("cult", ("cult",))), first="ruth"))
    play.dice[:] = ["0000"]
    play.do(c.Attack(actor="ruth", target="cult", skill="fight", dice="+++0"), "ann")
    # Fair (+2) and two others: the mob defends at +4 (not +2); Ruth's 7 is a 3-shift hit.
    assert play.s.roll is not None and play.s.roll.opposition_value == 4
    play.do(c.ResolveRoll(option="hit"), "ann")
    taken = play.do(c.TakeOut()).events[0]
    assert isinstance(taken, e.TakenOut) and taken.standing == 2
    # One box takes one shift: the first falls to 2, the third shift goes on to the next.
    assert play.s.conflict is not None and play.s.conflict.hits.pending_hit == ("cult", 1)
    play.do(c.Absorb(boxes=(0,)))
    fighter = view_for(play.s, "ann")["conflict"]["fighters"][1]
    assert fighter["id"] == "cult" and fighter["members"] == 2 and fighter["status"] == "active"
