"""Contests and challenges at the table: commands, permissions, the fold, views and undo
(fate-condensed.ru.md § Contests, § Challenges)."""

from __future__ import annotations

import pytest

from fatekit.rules import BadInput, ForbiddenAction, IllegalAction
from fatekit.table import commands as c
from fatekit.table import fold, view_for

from .conftest import Play  # type: ignore[import-not-found]


def chase(play: Play) -> None:
    play.do(
        c.StartContest(
            sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",))),
            intents=(("heroes", "catch Alice on the quay"), ("cult", "reach her boat")),
        )
    )


@pytest.mark.rule("contest.victories", "contest.twist")
def test_a_contest_is_played_side_by_side_and_settled_when_every_side_has_rolled(
    play: Play,
) -> None:
    chase(play)
    play.do(
        c.ContestRoll(side="heroes", actor="ruth", skill="athletics", bonus=1, dice="0000"),
        seat="ann",
    )
    view = view_for(play.s, "ben")["contest"]
    assert view["rolled"] == {"heroes": 4} and view["last"] is None
    play.do(c.ContestRoll(side="cult", actor="alice", skill="fight", dice="+000"))
    view = view_for(play.s, "ann")["contest"]
    assert view["last"]["twist"] and view["exchange"] == 2 and view["rolled"] == {}
    play.do(c.ContestRoll(side="heroes", actor="ruth", skill="athletics", dice="++++"), seat="ann")
    play.do(c.ContestForfeit(side="cult"))
    sides = {s["id"]: s["victories"] for s in view_for(play.s, "ann")["contest"]["sides"]}
    assert sides == {"heroes": 1, "cult": 0}  # nobody to beat by three: one victory
    assert play.s.last_roll is not None and play.s.last_roll.action == "contest"
    assert fold(play.log).contest is not None  # replaying the log gives the same contest
    assert {s.id: s.victories for s in fold(play.log).contest.sides.values()} == sides
    play.do(c.EndContest())
    assert view_for(play.s, "gm")["contest"] is None


def test_contest_rolls_follow_seats_and_sides(play: Play) -> None:
    chase(play)
    with pytest.raises(ForbiddenAction):
        play.do(c.ContestRoll(side="heroes", actor="charles", skill="lore"), seat="ann")
    with pytest.raises(ForbiddenAction):
        play.do(c.ContestForfeit(side="cult"), seat="ann")
    with pytest.raises(BadInput, match="not on side"):
        play.do(c.ContestRoll(side="cult", actor="ruth", skill="athletics"), seat="ann")
    play.do(c.ContestRoll(side="heroes", actor="ruth", skill="athletics", dice="0000"), seat="ann")
    with pytest.raises(BadInput, match="already rolled"):
        play.do(c.ContestRoll(side="heroes", actor="charles", skill="lore"), seat="ben")
    with pytest.raises(ForbiddenAction):
        play.do(c.StartContest(sides=(), intents=()), seat="ann")
    with pytest.raises(ForbiddenAction):
        play.do(c.ContestRoll(side="cult", actor="alice", skill="fight"), seat="sam")


@pytest.mark.rule("challenge.tasks")
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
    with pytest.raises(BadInput, match="offers a choice"):
        play.do(c.ChallengeRoll(task="door", actor="ruth", dice="-000"), seat="ann")
    play.do(
        c.ChallengeRoll(task="door", actor="ruth", dice="-000", option="success_at_major_cost"),
        seat="ann",
    )
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
    play.do(c.EndChallenge())
    assert view_for(play.s, "gm")["challenge"] is None


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
