"""Aspects, fate points and advancement at the table: passing free invokes, story details,
self-compels the GM agrees to, and milestones and breakthroughs the GM opens by ending a session.
"""

from __future__ import annotations

import json

import pytest

from fatekit.formats import dumps_character
from fatekit.rules import Action, BadInput, ForbiddenAction, IllegalAction, Milestone, major_npc
from fatekit.rules.aspects.aspects import AspectKind
from fatekit.table import SEAT_RULE, view_for
from fatekit.table import commands as c
from fatekit.table import events as e

from .conftest import Play, assert_replays, log_of  # type: ignore[import-not-found]


def points(play: Play, who: str) -> int:
    return play.s.game.ledger.account(who).available


# -- aspects and fate points ------------------------------------------------------------------


def test_passing_a_free_invoke(play: Play) -> None:
    play.do(c.AddSituationAspect(name="Slick Deck", free_invokes=(("ruth", 1),)))
    with pytest.raises(ForbiddenAction) as forbidden:
        play.do(
            c.PassFreeInvoke(aspect_id="a1", from_character="ruth", to_character="charles"), "ben"
        )
    assert forbidden.value.rule is SEAT_RULE
    play.do(c.PassFreeInvoke(aspect_id="a1", from_character="ruth", to_character="charles"), "ann")
    scene = play.s.game.scene
    assert scene is not None
    aspect = scene.aspects.get("a1")
    assert (aspect.free_invokes_held_by("ruth"), aspect.free_invokes_held_by("charles")) == (0, 1)
    with pytest.raises(ForbiddenAction) as caught:  # Ruth has none left to give
        play.do(
            c.PassFreeInvoke(aspect_id="a1", from_character="ruth", to_character="charles"), "ann"
        )
    assert caught.value.rule.key == "aspect.free-invoke-holder"
    with pytest.raises(BadInput):
        play.do(
            c.PassFreeInvoke(aspect_id="a1", from_character="charles", to_character="nobody"), "ben"
        )
    assert_replays(play)


def test_declaring_a_story_detail_costs_a_fate_point(play: Play) -> None:
    before = points(play, "ruth")
    with pytest.raises(ForbiddenAction):
        play.do(c.DeclareStoryDetail(aspect_id="ruth/high_concept/1", by="ruth", detail="x"), "ben")
    play.do(
        c.DeclareStoryDetail(
            aspect_id="ruth/high_concept/1", by="ruth", detail="She knows the ring's doctor"
        ),
        "ann",
    )
    assert points(play, "ruth") == before - 1
    told = [x["data"] for x in log_of(play, "sam") if x["type"] == "StoryDetailDeclared"]
    assert [(t["by"], t["detail"]) for t in told] == [("ruth", "She knows the ring's doctor")]
    play.do(c.AddSituationAspect(name="Hidden Hatch", hidden=True))
    with pytest.raises(IllegalAction) as caught:  # Ruth does not know of the hatch
        play.do(c.DeclareStoryDetail(aspect_id="a1", by="ruth", detail="It opens"), "ann")
    assert caught.value.rule.key == "aspect.hidden"
    assert_replays(play)


def test_an_npcs_secret_is_the_gms_and_the_npcs_to_use(play: Play) -> None:
    # The page agent's GM was refused a compel on a quick NPC's secret aspect ("gm does not know
    # about aspect"): the GM keeps it hidden, and the NPC knows its own secret.
    vera = major_npc(
        "condensed",
        "vera",
        "Vera",
        high_concept="Harbour Fence",
        aspects=[(AspectKind.CHARACTER, "Informs for the Cult")],
        skills={"deceive": 2},
    )
    secret = next(a.id for a in vera.aspects if a.name == "Informs for the Cult")
    play.do(c.AddCharacter(sheet=dumps_character(vera), hidden_aspects=(secret,)))
    compel = c.OfferCompel(aspect_id=secret, target="ruth", complication="Found out")
    offered = play.do(compel).events[0]
    assert isinstance(offered, e.CompelOffered)
    play.do(c.AnswerCompel(compel_id=offered.compel_id, answer=c.CompelAnswer.WITHDRAW))
    play.do(c.EndScene())
    play.do(c.StartScene(name="Harbour", participants=("ruth", "vera")))
    play.do(
        c.Roll(actor="vera", action=Action.OVERCOME, skill="deceive", difficulty=2, dice="0000")
    )
    play.do(c.Invoke(aspect_id=secret, by="vera"))
    assert play.s.roll is not None and play.s.roll.effort == 4
    # Nobody else knows it: Ruth's seat cannot use it, nor see it.
    with pytest.raises(IllegalAction, match="does not know"):
        play.do(c.Invoke(aspect_id=secret, by="ruth"), "ann")
    assert "Informs for the Cult" not in json.dumps(view_for(play.s, "ann"))


def test_a_self_compel_pays_only_when_the_gm_agrees(play: Play) -> None:
    before = points(play, "ruth")
    with pytest.raises(ForbiddenAction):
        play.do(c.SelfCompel(aspect_id="ruth/trouble/1", target="ruth", complication="x"), "ben")
    asked = play.do(
        c.SelfCompel(
            aspect_id="ruth/trouble/1", target="ruth", complication="She pawned the boat's radio"
        ),
        "ann",
    ).events[0]
    assert isinstance(asked, e.SelfCompelAsked)
    assert points(play, "ruth") == before  # nothing moves on the asking
    assert [s["id"] for s in view_for(play.s, "ben")["self_compels"]] == [asked.compel_id]
    with pytest.raises(ForbiddenAction):  # the GM pays, so only the GM agrees
        play.do(c.SelfCompelAnswer(compel_id=asked.compel_id, accepted=True), "ann")
    play.do(c.SelfCompelAnswer(compel_id=asked.compel_id, accepted=True))
    assert points(play, "ruth") == before + 1
    assert view_for(play.s, "ann")["self_compels"] == []
    with pytest.raises(BadInput):  # answered already
        play.do(c.SelfCompelAnswer(compel_id=asked.compel_id, accepted=True))
    declined = play.do(
        c.SelfCompel(aspect_id="ruth/trouble/1", target="ruth", complication="Again"), "ann"
    ).events[0]
    assert isinstance(declined, e.SelfCompelAsked)
    play.do(c.SelfCompelAnswer(compel_id=declined.compel_id, accepted=False))
    assert points(play, "ruth") == before + 1
    assert_replays(play)


def test_boosts_cannot_be_self_compelled(play: Play) -> None:
    from fatekit.rules import Action

    play.do(
        c.Roll(
            actor="ruth", action=Action.CREATE_ADVANTAGE, skill="notice", difficulty=2, dice="0000"
        ),
        "ann",
    )
    play.do(c.ResolveRoll(option="boost", boost_names=(("ruth", "Steady Footing"),)))
    boost = play.s.last_created[0]
    with pytest.raises(IllegalAction) as caught:
        play.do(c.SelfCompel(aspect_id=boost, target="ruth", complication="It slips"), "ann")
    assert caught.value.rule.key == "aspect.boost"


@pytest.mark.rule("aspect.boost")
def test_an_invoked_boost_keeps_its_name_in_the_log(play: Play) -> None:
    from fatekit.rules import Action

    play.do(
        c.Roll(
            actor="ruth", action=Action.CREATE_ADVANTAGE, skill="notice", difficulty=2, dice="0000"
        ),
        "ann",
    )
    play.do(c.ResolveRoll(option="boost", boost_names=(("ruth", "Steady Footing"),)))
    boost = play.s.last_created[0]
    play.do(
        c.Roll(actor="ruth", action=Action.OVERCOME, skill="athletics", difficulty=4, dice="0000"),
        "ann",
    )
    invoked = play.do(c.Invoke(aspect_id=boost, by="ruth", free=True), "ann").events[0]
    # The boost is gone once used: the event keeps its name, so no log says "a hidden aspect".
    assert isinstance(invoked, e.Invoked) and invoked.boost_name == "Steady Footing"
    with pytest.raises(BadInput):
        play.s.game.find_aspect(boost)
    for seat in ("gm", "ann", "ben", "sam"):
        line = log_of(play, seat)[0]
        assert line["type"] == "Invoked" and line["data"]["boost_name"] == "Steady Footing"
    assert_replays(play)


# -- advancement ------------------------------------------------------------------------------


def swap(first: str, second: str) -> c.MilestoneChange:
    return c.MilestoneChange(kind=c.ChangeKind.SWAP_SKILLS, first=first, second=second)


def end_session(play: Play, milestone: Milestone) -> None:
    if play.s.game.scene is not None:
        play.do(c.EndScene())
    play.do(c.EndSession(milestone=milestone))


def test_a_milestone_is_opened_by_the_gm_and_spent_by_the_player(play: Play) -> None:
    with pytest.raises(IllegalAction) as caught:  # no milestone has been reached
        play.do(c.Milestone(character_id="ruth", choice=swap("fight", "athletics")), "ann")
    assert caught.value.rule.key == "advancement.milestone"
    end_session(play, Milestone.MINOR)
    assert view_for(play.s, "sam")["milestones"] == {"charles": "minor", "ruth": "minor"}
    with pytest.raises(ForbiddenAction):
        play.do(c.Milestone(character_id="ruth", choice=swap("fight", "athletics")), "ben")
    with pytest.raises(BadInput):  # a swap names two skills, and nothing else
        play.do(
            c.Milestone(
                character_id="ruth",
                choice=c.MilestoneChange(kind=c.ChangeKind.SWAP_SKILLS, first="fight"),
            ),
            "ann",
        )
    play.do(c.Milestone(character_id="ruth", choice=swap("fight", "athletics")), "ann")
    ruth = play.s.game.character("ruth")
    assert (ruth.skills["fight"], ruth.skills["athletics"]) == (3, 4)
    with pytest.raises(IllegalAction):  # spent
        play.do(c.Milestone(character_id="ruth", choice=swap("fight", "athletics")), "ann")
    stunt = {
        "name": "Occult Library",
        "description": "+2 to Lore when researching",
        "effect": {"type": "skill_bonus", "skill": "lore", "action": "overcome", "bonus": 2},
    }
    play.do(
        c.Milestone(
            character_id="charles",
            choice=c.MilestoneChange(kind=c.ChangeKind.BUY_STUNT, stunt=json.dumps(stunt)),
        ),
        "ben",
    )
    assert [s.name for s in play.s.game.character("charles").stunts] == ["Occult Library"]
    assert view_for(play.s, "ann")["milestones"] == {}
    assert_replays(play)


def test_a_milestone_cannot_rewrite_the_high_concept(play: Play) -> None:
    end_session(play, Milestone.MINOR)
    rewrite = c.MilestoneChange(
        kind=c.ChangeKind.REWRITE_ASPECT, aspect_id="ruth/high_concept/1", name="Champion Again"
    )
    with pytest.raises(IllegalAction) as caught:
        play.do(c.Milestone(character_id="ruth", choice=rewrite), "ann")
    assert caught.value.rule.key == "advancement.milestone"
    trouble = c.MilestoneChange(
        kind=c.ChangeKind.REWRITE_ASPECT, aspect_id="ruth/trouble/1", name="Paid Off the Sharks"
    )
    play.do(c.Milestone(character_id="ruth", choice=trouble), "ann")
    names = [a.name for a in play.s.game.character("ruth").aspects]
    assert names == ["Ex-Boxer on the Run", "Paid Off the Sharks"]


def test_a_breakthrough_and_the_gms_power_up(play: Play) -> None:
    end_session(play, Milestone.MINOR)
    play.do(c.StartSession())
    end_session(play, Milestone.MAJOR)  # the breakthrough replaces the unspent milestone
    assert view_for(play.s, "ann")["milestones"] == {"charles": "major", "ruth": "major"}
    with pytest.raises(IllegalAction):  # a breakthrough is spent as one
        play.do(c.Milestone(character_id="ruth", choice=swap("fight", "athletics")), "ann")
    with pytest.raises(ForbiddenAction):  # the power-up is the GM's to give
        play.do(c.Breakthrough(character_id="ruth", gm_refresh=True), "ann")
    with pytest.raises(IllegalAction) as caught:  # Will at Fair would leave no Average skill
        play.do(c.Breakthrough(character_id="ruth", raise_now=("will",)), "ann")
    assert caught.value.rule.key == "skills.column-rule"
    refresh = play.s.game.character("ruth").refresh
    play.do(
        c.Breakthrough(character_id="ruth", high_concept="Champion Again", gm_refresh=True), "gm"
    )
    ruth = play.s.game.character("ruth")
    assert ruth.aspects[0].name == "Champion Again"
    assert (ruth.refresh, ruth.skill_steps_banked) == (refresh + 1, 1)
    with pytest.raises(IllegalAction) as caught:  # Charles has no Average skill to trade
        play.do(
            c.Breakthrough(
                character_id="charles",
                milestone=c.MilestoneChange(
                    kind=c.ChangeKind.REPLACE_SKILL, old="will", new="empathy"
                ),
            ),
            "ben",
        )
    assert caught.value.rule.key == "advancement.milestone"
    play.do(
        c.Breakthrough(
            character_id="charles",
            milestone=c.MilestoneChange(
                kind=c.ChangeKind.REWRITE_ASPECT, aspect_id="charles/trouble/1", name="Knows Better"
            ),
        ),
        "ben",
    )
    charles = play.s.game.character("charles")
    assert charles.aspects[1].name == "Knows Better" and charles.skill_steps_banked == 1
    assert view_for(play.s, "gm")["milestones"] == {}
    assert_replays(play)


@pytest.mark.parametrize("name", ["", "   "])
def test_a_stunt_bought_without_a_name_is_refused_in_the_seats_words(play: Play, name: str) -> None:
    """The milestone panel's stunt name left empty: refused with a code the page words in its
    own language ("The new stunt needs a name"), not as a character file's JSON path, and
    nothing is spent (the keyboard agent's seed 101 found the file's message at the panel)."""
    end_session(play, Milestone.MINOR)
    stunt = json.dumps(
        {"name": name, "effect": {"type": "skill_bonus", "skill": "fight", "action": "attack"}}
    )
    buy = c.MilestoneChange(kind=c.ChangeKind.BUY_STUNT, stunt=stunt)
    before = len(play.log)
    with pytest.raises(BadInput) as refused:
        play.do(c.Milestone(character_id="ruth", choice=buy), "ann")
    assert refused.value.code == "stunt_unnamed"
    assert "character file" not in str(refused.value)
    assert len(play.log) == before and view_for(play.s, "ann")["milestones"]["ruth"] == "minor"
