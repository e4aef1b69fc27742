"""What a seat may do now (fatekit.table.offers), asked without a server: a roll's odds with the
skill an opponent defends with, what a character may invoke and the advice on it, the moves of a
conflict and the ways to absorb a hit. The routes and the view call these same functions."""

from __future__ import annotations

import pytest

from fatekit.rules import Action, BadInput, ForbiddenAction
from fatekit.rules.scenes.conflict import Move
from fatekit.table import commands as c
from fatekit.table import view_for
from fatekit.table.offers import (
    absorb_options,
    defend_skills,
    defending_skill,
    invoke_options,
    legal_actions,
    roll_odds,
)
from fatekit.table.parts import AbsorbOptionPart, to_builtins
from fatekit.table.seeing import Viewer

from .conftest import Play  # type: ignore[import-not-found]


def _fight(play: Play) -> None:
    play.do(
        c.StartConflict(sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",))), first="ruth")
    )


# -- odds --------------------------------------------------------------------------------------


@pytest.mark.rule("action.defend")
def test_in_a_conflict_the_opponent_defends_with_the_best_skill_that_stops_the_attack(
    play: Play,
) -> None:
    _fight(play)
    # Alice (Fight +3, Deceive +4) parries Ruth's punch with Fight: Deceive stops no fist.
    assert defending_skill(play.s, "ruth", "fight", "alice", action="attack", mental=False) == (
        "fight"
    )
    odds = roll_odds(play.s, "gm", actor="ruth", skill="fight", against="alice", action="attack")
    assert (odds["modifier"], odds["opposition"], odds["active"]) == (4, 3, True)
    assert odds["defend_skill"] == "fight" and not odds["hidden"]
    # Fight parries no shot: against Charles's Shoot she has nothing better than Mediocre.
    shot = defending_skill(play.s, "charles", "shoot", "alice", action="attack", mental=False)
    assert shot != "fight"
    assert play.s.game.character("alice").skills.get(shot, 0) == 0


def test_outside_a_conflict_an_overcome_is_resisted_with_the_opponents_best(play: Play) -> None:
    odds = roll_odds(play.s, "gm", actor="ruth", skill="notice", against="alice")
    assert odds["defend_skill"] == "deceive" and odds["opposition"] == 4
    chances = odds["chances"]
    assert abs(sum(c["p"] for c in chances.values()) - 1) < 1e-9
    # Named by the asker, the skill is taken as named.
    named = roll_odds(
        play.s, "gm", actor="ruth", skill="notice", against="alice", defend_skill="will"
    )
    assert named["opposition"] == 2


def test_odds_never_tell_a_player_what_the_gm_keeps(play: Play) -> None:
    # Alice's sheet is the GM's: odds against her would give her skills away.
    odds = roll_odds(play.s, "ann", actor="ruth", skill="notice", against="alice")
    assert odds == {"hidden": True, "modifier": 2, "stunts": []}
    with pytest.raises(ForbiddenAction):
        roll_odds(play.s, "ann", actor="alice", skill="deceive", difficulty=2)
    with pytest.raises(BadInput, match="difficulty or an opponent"):
        roll_odds(play.s, "ann", actor="ruth", skill="notice")


# -- invokes -----------------------------------------------------------------------------------


def test_invoke_options_list_what_the_engine_lets_the_character_invoke(play: Play) -> None:
    play.do(c.AddSituationAspect(name="Slick Deck"))
    play.do(c.AddSituationAspect(name="Hidden Hatch", hidden=True))
    play.do(
        c.Roll(actor="ruth", skill="notice", action=Action.OVERCOME, difficulty=3, dice="-000"),
        "ann",
    )
    found = invoke_options(play.s, "ann", "ruth")
    names = {o["name"]: o for o in found["options"]}
    assert "Slick Deck" in names and "Hidden Hatch" not in names  # hidden from Ann
    assert names["Slick Deck"]["paid"] and names["Slick Deck"]["free"] == 0
    assert found["fate_points"] == play.s.game.ledger.account("ruth").available
    advice = found["advice"]
    assert advice is not None and advice["shifts_now"] == -2  # 2 - 1 against 3
    # Ben may see the aspects but advises nobody on Ruth's roll: he does not act for her.
    with pytest.raises(ForbiddenAction):
        invoke_options(play.s, "ben", "ruth")
    # Charles may invoke on it too, but the advice is for the roller's own side.
    assert invoke_options(play.s, "ben", "charles")["advice"] is None


def test_no_advice_behind_a_hidden_difficulty(play: Play) -> None:
    play.do(c.HideDifficulty(actor="ruth", difficulty=5, skill="notice"))
    play.do(c.Roll(actor="ruth", skill="notice", action=Action.OVERCOME, dice="0000"), "ann")
    assert invoke_options(play.s, "ann", "ruth")["advice"] is None
    gm = invoke_options(play.s, "gm", "ruth")["advice"]
    assert gm is not None and gm["shifts_now"] == -3


def test_no_roll_no_invokes(play: Play) -> None:
    with pytest.raises(BadInput, match="no conflict in play"):
        invoke_options(play.s, "ann", "ruth", on_target="alice")
    _fight(play)
    with pytest.raises(BadInput):
        invoke_options(play.s, "ann", "ruth")


# -- a conflict's moves ------------------------------------------------------------------------


def test_each_seat_is_offered_the_moves_of_its_own_characters(play: Play) -> None:
    _fight(play)
    conflict = play.s.conflict
    assert conflict is not None
    ann = legal_actions(Viewer(play.s, "ann"), conflict)
    assert set(ann) == {"ruth"}
    attack = next(a for a in ann["ruth"] if a.move is Move.ATTACK)
    assert "alice" in attack.targets and "fight" in attack.skills
    assert set(legal_actions(Viewer(play.s, "gm"), conflict)) == {"ruth", "charles", "alice"}
    assert legal_actions(Viewer(play.s, "sam"), conflict) == {}
    # The view carries the same offer.
    assert view_for(play.s, "ann")["conflict"]["legal_actions"] == to_builtins(ann)


def test_the_hits_target_is_offered_the_ways_to_absorb_it(play: Play) -> None:
    _fight(play)
    play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="++++"), "ann")
    play.do(c.ResolveRoll(option="hit"), "ann")
    conflict = play.s.conflict
    assert conflict is not None and conflict.hits.pending_hit is not None
    options = absorb_options(conflict)
    assert options and all(isinstance(o, AbsorbOptionPart) for o in options)
    shown = view_for(play.s, "gm")["conflict"]["pending_hit"]["absorb_options"]
    assert shown == to_builtins(options)
    assert all(set(o) == {"boxes", "slots", "extreme"} for o in shown)
    assert "absorb_options" not in view_for(play.s, "ann")["conflict"]["pending_hit"]


def test_defend_skills_only_while_an_attack_on_many_waits_to_be_aimed(play: Play) -> None:
    _fight(play)
    assert defend_skills(play.s, "ann") == {}


@pytest.mark.rule("difficulty.guidance")
def test_every_seat_reads_the_texts_rules_of_thumb_for_a_difficulty(play: Play) -> None:
    """fate-condensed.ru.md § Setting Difficulty and Opposition: the page offers the rules
    engine's choices wherever a difficulty is set, against the roller's skill when it knows it."""
    from fatekit.rules.core.difficulty import difficulty_guidance

    for seat in ("gm", "ann", "sam"):
        guidance = view_for(play.s, seat)["table"]["difficulty_guidance"]
        assert [(g["key"], g["rating"]) for g in guidance["any"]] == [
            (c.key.value, c.difficulty) for c in difficulty_guidance()
        ]
        # Ruth's Fight is Great (+4): low, near and much higher than that.
        assert [(g["key"], g["rating"]) for g in guidance["by_skill"]["4"]] == [
            ("show_off", 2),
            ("tension", 4),
            ("dire", 7),
        ]


def test_the_invoke_advice_names_the_aspects_it_counts_on(play: Play) -> None:
    # Ruth holds a free invoke on Slick Deck and may pay for Open Sky: the advice counts on
    # both, the free one first, and names them (not just "+2").
    play.do(c.AddSituationAspect(name="Slick Deck", free_invokes=(("ruth", 1),)))
    play.do(c.AddSituationAspect(name="Open Sky"))
    play.do(
        c.Roll(actor="ruth", skill="notice", action=Action.OVERCOME, difficulty=3, dice="-000"),
        "ann",
    )
    found = invoke_options(play.s, "ann", "ruth")
    advice = found["advice"]
    assert advice is not None and advice["choice"] == "plus_two"
    assumed = [(a["name"], a["free"]) for a in advice["assumes"]]
    assert assumed[0] == ("Slick Deck", True)
    assert ("Open Sky", False) in assumed and all(not free for _, free in assumed[1:])
    assert len(assumed) == advice["invokes"]
    # With no fate points, only the free invoke is counted on.
    play.s.game.ledger.set_balance("ruth", 0, 0)
    again = invoke_options(play.s, "ann", "ruth")["advice"]
    assert [(a["name"], a["free"]) for a in again["assumes"]] == [("Slick Deck", True)]
