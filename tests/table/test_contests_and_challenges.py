"""Contests and challenges at the table: commands, permissions, the fold, views and undo
(fate-condensed.ru.md § Contests, § Challenges)."""

from __future__ import annotations

import pytest

from fatekit.rules import BadInput, ForbiddenAction, IllegalAction
from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.aspects.invokes import InvokeEffect
from fatekit.table import commands as c
from fatekit.table import fold, view_for
from fatekit.table.extras import document_for

from .conftest import Play, assert_replays  # type: ignore[import-not-found]


def chase(play: Play) -> None:
    play.do(
        c.StartContest(
            sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",))),
            intents=(("heroes", "catch Alice on the quay"), ("cult", "reach her boat")),
        )
    )


def _settle(play: Play, side: str, seat: str = "gm") -> None:
    """Settle the side's overcome in play: its effort counts from then on."""
    rolling = view_for(play.s, "gm")["contest"]["rolling"][side]
    play.do(c.ResolveRoll(roll=rolling), seat=seat)


@pytest.mark.rule("contest.victories", "contest.twist")
def test_a_contest_is_played_side_by_side_and_settled_when_every_side_has_rolled(
    play: Play,
) -> None:
    chase(play)
    play.do(
        c.ContestRoll(side="heroes", actor="ruth", skill="athletics", bonus=1, dice="0000"),
        seat="ann",
    )
    # The roll is in play until Ruth's player settles it: nothing counts yet.
    view = view_for(play.s, "ben")["contest"]
    assert view["rolled"] == {} and list(view["rolling"]) == ["heroes"]
    (roll,) = view_for(play.s, "ben")["rolls"]
    assert (roll["kind"], roll["side"], roll["effort"]) == ("contest", "heroes", 4)
    assert roll["outcome"] is None and roll["opposition"] is None  # compared between the sides
    _settle(play, "heroes", "ann")
    view = view_for(play.s, "ben")["contest"]
    assert view["rolled"] == {"heroes": 4} and view["last"] is None
    play.do(c.ContestRoll(side="cult", actor="alice", skill="fight", dice="+000"))
    _settle(play, "cult")
    view = view_for(play.s, "ann")["contest"]
    assert view["last"]["twist"] and view["exchange"] == 2 and view["rolled"] == {}
    # The exchange just settled shows each side's roller, skill, dice and effort.
    assert view["last"]["rolls"] == [
        {"side": "heroes", "actor": "ruth", "skill": "athletics", "faces": "0000", "effort": 4},
        {"side": "cult", "actor": "alice", "skill": "fight", "faces": "+000", "effort": 4},
    ]
    play.do(c.ContestRoll(side="heroes", actor="ruth", skill="athletics", dice="++++"), seat="ann")
    _settle(play, "heroes", "ann")
    play.do(c.ContestForfeit(side="cult"))
    sides = {s["id"]: s["victories"] for s in view_for(play.s, "ann")["contest"]["sides"]}
    assert sides == {"heroes": 1, "cult": 0}  # nobody to beat by three: one victory
    assert play.s.last_roll is not None and play.s.last_roll.action == "contest"
    assert fold(play.log).contest is not None  # replaying the log gives the same contest
    assert {s.id: s.victories for s in fold(play.log).contest.sides.values()} == sides
    play.do(c.EndContest())
    assert view_for(play.s, "gm")["contest"] is None


@pytest.mark.rule("invoke.after-the-dice", "contest.victories")
def test_a_contest_roll_is_invoked_on_before_its_effort_counts(play: Play) -> None:
    chase(play)
    play.do(c.ContestRoll(side="cult", actor="alice", skill="fight", dice="0000"))
    play.do(c.ContestRoll(side="heroes", actor="ruth", skill="athletics", dice="0000"), seat="ann")
    rolling = view_for(play.s, "ann")["contest"]["rolling"]
    # Both sides' rolls are in play at once; Ruth's player pays for +2 on hers, then rerolls
    # with her trouble, as on any roll.
    concept = play.s.game.character("ruth").high_concept
    (trouble,) = play.s.game.character("ruth").aspects_of(AspectKind.TROUBLE)
    assert concept is not None
    play.do(c.Invoke(aspect_id=concept.id, by="ruth", roll=rolling["heroes"]), seat="ann")
    play.do(
        c.Invoke(
            aspect_id=trouble.id,
            by="ruth",
            effect=InvokeEffect.REROLL,
            dice="+0+0",
            roll=rolling["heroes"],
        ),
        seat="ann",
    )
    assert play.s.game.ledger.account("ruth").available == 1
    rolls = {r["side"]: r for r in view_for(play.s, "ben")["rolls"]}
    assert rolls["heroes"]["effort"] == 3 + 2 + 2 and rolls["heroes"]["faces"] == "+0+0"
    # Another seat may not settle Ruth's roll; a contest's overcome offers no option to pick.
    with pytest.raises(ForbiddenAction):
        play.do(c.ResolveRoll(roll=rolling["heroes"]), seat="ben")
    with pytest.raises(BadInput, match="offers no choice"):
        play.do(c.ResolveRoll(roll=rolling["heroes"], option="success"), seat="ann")
    play.do(c.ResolveRoll(roll=rolling["heroes"]), seat="ann")
    play.do(c.ResolveRoll(roll=rolling["cult"]))
    view = view_for(play.s, "ann")["contest"]
    # 7 against 3: a success with style and nobody else's, two victories.
    assert {s["id"]: s["victories"] for s in view["sides"]} == {"heroes": 2, "cult": 0}
    assert [r["faces"] for r in view["last"]["rolls"]] == ["+0+0", "0000"]
    assert_replays(play)


@pytest.mark.rule("contest.roles")
def test_contest_rolls_follow_seats_and_sides(play: Play) -> None:
    chase(play)
    with pytest.raises(ForbiddenAction):
        play.do(c.ContestRoll(side="heroes", actor="charles", skill="lore"), seat="ann")
    with pytest.raises(ForbiddenAction):
        play.do(c.ContestForfeit(side="cult"), seat="ann")
    with pytest.raises(BadInput, match="not on side"):
        play.do(c.ContestRoll(side="cult", actor="ruth", skill="athletics"), seat="ann")
    play.do(c.ContestRoll(side="heroes", actor="ruth", skill="athletics", dice="0000"), seat="ann")
    # One member rolls the side's overcome: Charles's player, a moment late, is refused.
    with pytest.raises(IllegalAction, match=r"roll r\d+ in play") as refused:
        play.do(c.ContestRoll(side="heroes", actor="charles", skill="lore"), seat="ben")
    assert refused.value.rule.key == "contest.roles"
    with pytest.raises(IllegalAction, match="in play"):
        play.do(c.ContestForfeit(side="heroes"), seat="ben")
    _settle(play, "heroes", "ann")
    with pytest.raises(IllegalAction, match="already rolled"):
        play.do(c.ContestRoll(side="heroes", actor="charles", skill="lore"), seat="ben")
    with pytest.raises(ForbiddenAction):
        play.do(c.StartContest(sides=(), intents=()), seat="ann")
    with pytest.raises(ForbiddenAction):
        play.do(c.ContestRoll(side="cult", actor="alice", skill="fight"), seat="sam")
    # Ending the contest takes its rolls still in play with it.
    play.do(c.ContestRoll(side="cult", actor="alice", skill="fight"))
    play.do(c.EndContest())
    assert play.s.rolls == {} and view_for(play.s, "ann")["rolls"] == []


@pytest.mark.rule("challenge.tasks", "action.overcome")
def test_a_challenge_records_each_task_and_its_report(play: Play) -> None:
    play.do(
        c.StartChallenge(
            tasks=(
                ("tome", "find the tome in the burning library", "lore", 3),
                ("door", "hold the cabin door", "athletics", 4),
            )
        )
    )
    play.do(c.ChallengeRoll(task="tome", actor="charles", dice="+000"), seat="ben")
    play.do(c.ChallengeRoll(task="door", actor="ruth", dice="-000"), seat="ann")
    tasks = {t["key"]: t for t in view_for(play.s, "sam")["challenge"]["tasks"]}
    assert tasks["tome"]["rolling"] and tasks["door"]["rolling"]
    assert tasks["tome"]["result"] is None  # in play: nothing recorded until it is settled
    play.do(c.ResolveRoll(roll=tasks["tome"]["rolling"]), seat="ben")
    # Ruth failed: the outcome offers success at a serious cost, the GM's to choose.
    door = tasks["door"]["rolling"]
    options = [
        o["key"] for o in document_for(play.s, "ann")["extras"]["resolutions"][door]["options"]
    ]
    assert "success_at_major_cost" in options
    with pytest.raises(BadInput, match="offers a choice"):
        play.do(c.ResolveRoll(roll=door))
    with pytest.raises(ForbiddenAction):
        play.do(c.ResolveRoll(roll=door, option="success_at_major_cost"), seat="ann")
    play.do(c.ResolveRoll(roll=door, option="success_at_major_cost"))
    with pytest.raises(IllegalAction, match="already been rolled"):
        play.do(c.ChallengeRoll(task="tome", actor="charles", dice="0000"), seat="ben")
    report = view_for(play.s, "sam")["challenge"]["report"]
    assert report == {
        "successes": ["tome", "door"],
        "failures": [],
        "ties": [],
        "costs": ["door"],
        "open": [],
    }
    assert_replays(play)
    play.do(c.EndChallenge())
    assert view_for(play.s, "gm")["challenge"] is None


@pytest.mark.rule("challenge.tasks")
def test_a_challenge_takes_any_number_of_tasks_rolled_at_once(play: Play) -> None:
    tasks = tuple((f"t{n}", f"task {n}", "will", 1) for n in range(1, 6))
    play.do(c.StartChallenge(tasks=tasks))
    assert len(view_for(play.s, "ann")["challenge"]["tasks"]) == 5
    # Three characters work at three tasks at once; one task is one roll at a time.
    play.do(c.ChallengeRoll(task="t1", actor="ruth", dice="+++0"), seat="ann")
    play.do(c.ChallengeRoll(task="t2", actor="charles", dice="0000"), seat="ben")
    with pytest.raises(IllegalAction, match="being rolled") as refused:
        play.do(c.ChallengeRoll(task="t1", actor="alice", dice="0000"))
    assert refused.value.rule.key == "challenge.tasks"
    play.do(c.ChallengeRoll(task="t3", actor="alice", dice="0000"))
    assert [r["task"] for r in view_for(play.s, "sam")["rolls"]] == ["t1", "t2", "t3"]
    # Ruth's success with style is carried out like any overcome's: a boost for her.
    play.do(c.ResolveRoll(roll=view_for(play.s, "gm")["rolls"][0]["id"]), seat="ann")
    boosts = [a for a in view_for(play.s, "ann")["scene"]["aspects"] if a["kind"] == "boost"]
    assert len(boosts) == 1 and boosts[0]["free_invokes"] == {"ruth": 1}
    play.do(c.EndChallenge())
    assert play.s.rolls == {}  # the tasks still in play went with the challenge
    with pytest.raises(BadInput, match="at most 20 tasks"):
        play.do(c.StartChallenge(tasks=tuple((f"k{n}", "x", "will", 1) for n in range(21))))


def test_the_gm_offers_character_templates_players_build_from(play: Play) -> None:
    from fatekit.table import fold as replay

    from ..sheets import ruth_sheet  # type: ignore[import-not-found]

    with pytest.raises(ForbiddenAction):
        play.do(c.AddTemplate(template_id="boxer", name="Boxer", sheet=ruth_sheet()), seat="ann")
    with pytest.raises(BadInput):
        play.do(c.AddTemplate(template_id="junk", name="Junk", sheet="{not json"))
    play.do(c.AddTemplate(template_id="boxer", name="Boxer", sheet=ruth_sheet()))
    listed = view_for(play.s, "ben")["templates"]
    assert [(t["id"], t["name"]) for t in listed] == [("boxer", "Boxer")]
    assert replay(play.log).templates.keys() == {"boxer"}
    play.do(c.RemoveTemplate(template_id="boxer"))
    assert view_for(play.s, "ben")["templates"] == []
