"""Stunts at the table as the server decides them: the stunts that apply on a roll whether or
not the seat sees the opponent's sheet, a once-per-session stunt counted and refused when spent,
a rule exception used on its own, and a hidden NPC's stunt kept from the players
(fate-condensed.ru.md § Трюки; fate-condensed.md § Using Stunts)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from fatekit.formats import dumps_character
from fatekit.rules import (
    Action,
    IllegalAction,
    RuleException,
    SkillBonus,
    SkillSwap,
    Stunt,
    StuntCost,
    major_npc,
    new_character,
)
from fatekit.table import Waiver, event_for, fold, view_for
from fatekit.table import commands as c
from fatekit.table import events as e
from fatekit.table.seats import Role

from .conftest import Play, assert_replays  # type: ignore[import-not-found]

BLADE = Stunt(
    "Quick Blade",
    SkillBonus("fight", (Action.ATTACK,)),
    "+2 to Fight attacks when she strikes first",
    circumstance="she strikes first",
)
LAST_STAND = Stunt(
    "Last Stand",
    SkillBonus("fight", (Action.ATTACK,), 3),
    cost=StuntCost.ONCE_PER_SESSION,
)
CONTACTS = Stunt(
    "Friends Everywhere",
    RuleException("once a session, a friend turns up wherever she is"),
    cost=StuntCost.ONCE_PER_SESSION,
)
SILVER = Stunt("Silver Tongue", SkillSwap("rapport", "provoke", (Action.ATTACK,)))
GUARD = Stunt("Iron Guard", SkillBonus("fight", (Action.DEFEND,)))


def _table() -> Play:
    """Ann plays Iris (Fight +3 and the stunts above); the GM's hidden NPC Vex, with a stunt."""
    play = Play()
    play.do(c.CreateTable(name="Stunts", preset="condensed"))
    play.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    iris = new_character(
        "condensed",
        "iris",
        "Iris",
        high_concept="Duellist of the Docks",
        trouble="Owes the Wrong People",
        skills={"fight": 3, "rapport": 2},
        stunts=[BLADE, LAST_STAND, CONTACTS, SILVER],
    )
    play.do(c.AddCharacter(sheet=dumps_character(iris), owner="ann"), seat="ann")
    vex = major_npc(
        "condensed",
        "vex",
        "Vex",
        high_concept="Smuggler Queen",
        skills={"fight": 2, "athletics": 1},
        stunts=[GUARD],
    )
    play.do(c.AddCharacter(sheet=dumps_character(vex)))
    play.do(c.StartSession())
    play.do(c.StartScene(name="The pier", participants=("iris", "vex")))
    return play


def _fight(play: Play) -> None:
    play.do(c.StartConflict(sides=(("iris", ("iris",)), ("vex", ("vex",))), first="iris"))


@pytest.mark.rule("stunt.bonus")
def test_an_attack_stunt_counts_against_a_hidden_npc_when_the_page_names_none() -> None:
    """The table, not the page's odds, decides the stunts of a roll that names none: the free
    +2 to Fight attacks counts although Ann may not see Vex's sheet; naming none ("[]") leaves
    it out; the once-per-session one is never applied unless named."""
    play = _table()
    assert "vex" not in play.s.revealed
    _fight(play)
    play.dice = ["----"]  # Vex's defence, rolled by the table
    play.do(c.Attack(actor="iris", target="vex", skill="fight", dice="0000"), seat="ann")
    rolled = play.log[-1]
    assert isinstance(rolled, e.AttackRolled) and rolled.stunts == ("Quick Blade",)
    # Fight +3 and Quick Blade's +2 on 0000 is +5; Vex's Fight +2 and her free Iron Guard on
    # ---- is +0 (a defender's free stunt that fits applies too).
    roll = play.s.roll
    assert roll is not None and roll.effort == 5 and roll.shifts == 5
    # Ann's copy of the event names her own stunt.
    seen = event_for(rolled, play.s, "ann")
    assert seen is not None and seen["data"]["stunts"] == ["Quick Blade"]
    assert_replays(play, ("gm", "ann"))
    # An attack logged before defenders' stunts counted (and before events recorded facts)
    # replays as it was: no Iron Guard.
    older = fold([*play.log[:-1], dataclasses.replace(rolled, defence_stunts=False, facts=None)])
    assert older.roll is not None and older.roll.shifts == 7


@pytest.mark.rule("stunt.bonus")
def test_naming_no_stunt_leaves_the_free_one_out() -> None:
    play = _table()
    _fight(play)
    play.dice = ["0000"]
    play.do(c.Attack(actor="iris", target="vex", skill="fight", dice="0000", stunts=()), seat="ann")
    rolled = play.log[-1]
    assert isinstance(rolled, e.AttackRolled) and rolled.stunts == ()


@pytest.mark.rule("stunt.uses")
def test_a_once_per_session_stunt_is_spent_until_the_next_session() -> None:
    play = _table()
    roll = c.Roll(
        actor="iris",
        action=Action.OVERCOME,
        skill="fight",
        difficulty=2,
        dice="0000",
        stunts=("Friends Everywhere",),
    )
    # A rule exception is used on its own, not on a roll.
    with pytest.raises(IllegalAction, match="does not apply"):
        play.do(roll, seat="ann")
    play.do(c.UseStunt(by="iris", stunt="Friends Everywhere", note="Old Tam rows up"), seat="ann")
    view = view_for(play.s, "ann")
    iris = next(ch for ch in view["characters"] if ch["id"] == "iris")
    spent = {s["name"]: s["spent"] for s in iris["sheet"]["stunts"]}
    assert spent == {
        "Quick Blade": False,
        "Last Stand": False,
        "Friends Everywhere": True,
        "Silver Tongue": False,
    }
    before = len(play.log)
    with pytest.raises(IllegalAction, match="already used this session") as refused:
        play.do(c.UseStunt(by="iris", stunt="Friends Everywhere"), seat="ann")
    assert refused.value.rule is not None and refused.value.rule.key == "stunt.uses"
    assert len(play.log) == before
    # The GM's word sets the limit aside for one move; the refusal's rule is the one waived.
    play.do(
        c.UseStunt(by="iris", stunt="Friends Everywhere"),
        seat="gm",
        waiver=Waiver(("stunt.uses",), "a second friend, for the story"),
    )
    assert len(play.log) == before + 1
    # The next session, it is there again; the count survives a replay of the log.
    play.do(c.EndScene())
    play.do(c.EndSession())
    play.do(c.StartSession())
    play.do(c.UseStunt(by="iris", stunt="Friends Everywhere"), seat="ann")
    assert_replays(play, ("gm", "ann"))


@pytest.mark.rule("stunt.uses")
def test_a_once_per_session_bonus_is_counted_on_the_roll_that_names_it() -> None:
    play = _table()
    _fight(play)
    play.do(
        c.Attack(actor="iris", target="vex", skill="fight", dice="0000", stunts=("Last Stand",)),
        seat="ann",
    )
    assert play.s.conflict is not None
    assert play.s.game.stunt_uses.spent("iris", LAST_STAND)
    sheet = json.loads(dumps_character(play.s.game.character("iris")))
    used = {s["name"]: s.get("used_at") for s in sheet["stunts"]}
    assert used["Last Stand"] is not None and used["Quick Blade"] is None


def test_a_hidden_npcs_stunt_is_used_without_its_name_reaching_the_players() -> None:
    play = _table()
    play.do(c.StartConflict(sides=(("iris", ("iris",)), ("vex", ("vex",))), first="vex"))
    play.dice = ["0000"]
    play.do(c.Attack(actor="vex", target="iris", skill="fight", dice="+000"))
    rolled = play.log[-1]
    assert isinstance(rolled, e.AttackRolled)
    # Vex's free Iron Guard adds to her defence only: nothing of hers applies to her attack.
    assert rolled.stunts == ()
    # A used stunt of a hidden NPC reaches the players as "a stunt", the GM by name.
    play.do(c.AddSituationAspect(name="Slick Planks"))
    secret = Stunt("Harbour Ghost", RuleException("vanishes into the fog"))
    vex = major_npc("condensed", "ghost", "Ghost", high_concept="Fog", stunts=[secret])
    play.do(c.AddCharacter(sheet=dumps_character(vex)))
    # Not met yet: the players learn nothing of it, not even that a stunt was used.
    play.do(c.UseStunt(by="ghost", stunt="Harbour Ghost", note="slips behind Iris unseen"))
    assert event_for(play.log[-1], play.s, "ann") is None
    play.do(c.JoinScene(character_id="ghost"))
    play.do(c.UseStunt(by="ghost", stunt="Harbour Ghost", note="slips behind Iris unseen"))
    used = play.log[-1]
    gm, ann = event_for(used, play.s, "gm"), event_for(used, play.s, "ann")
    assert gm is not None and gm["data"]["stunt"] == "Harbour Ghost"
    assert gm["data"]["note"] == "slips behind Iris unseen"
    # Met, the players learn that a stunt was used, neither which nor the GM's note on it.
    assert ann is not None and ann["data"]["stunt"] is None and ann["data"]["note"] == ""
