"""Spending banked skill steps at the table (RaiseSkills): steps a breakthrough left banked are
spent later, by the PC's owner or the GM, checked by the rules' raise_skills."""

from __future__ import annotations

import pytest

from fatekit.rules import BadInput, ForbiddenAction, IllegalAction, Milestone
from fatekit.table import SEAT_RULE, view_for
from fatekit.table import commands as c
from fatekit.table import events as e
from fatekit.table.serialize import command_from_json, event_from_payload, event_payload

from .conftest import Play, assert_replays, log_of  # type: ignore[import-not-found]


def bank_two_steps(play: Play) -> None:
    """A breakthrough with the GM's second step, both steps left banked."""
    play.do(c.EndScene())
    play.do(c.EndSession(milestone=Milestone.MAJOR))
    play.do(c.Breakthrough(character_id="ruth", gm_skill_step=True), "gm")
    play.do(c.StartSession())


def sheet_of(play: Play, who: str) -> tuple[dict[str, int], int]:
    ruth = play.s.game.character(who)
    return dict(ruth.skills), ruth.skill_steps_banked


def refused(play: Play, command: c.Command, seat: str, error: type[Exception]) -> Exception:
    """``command`` is refused with ``error`` and the table is left exactly as it was."""
    before, version, logged = sheet_of(play, "ruth"), play.s.version, len(play.log)
    with pytest.raises(error) as caught:
        play.do(command, seat)
    assert (sheet_of(play, "ruth"), play.s.version, len(play.log)) == (before, version, logged)
    return caught.value


@pytest.mark.rule("advancement.banked-steps")
def test_nothing_to_spend_without_banked_steps(play: Play) -> None:
    error = refused(play, c.RaiseSkills(character_id="ruth", steps=("lore",)), "ann", IllegalAction)
    assert isinstance(error, IllegalAction) and error.rule.key == "advancement.banked-steps"
    assert "0 banked" in str(error)


@pytest.mark.rule("advancement.banked-steps")
def test_banked_steps_are_spent_later_by_the_owner_or_the_gm(play: Play) -> None:
    bank_two_steps(play)
    assert sheet_of(play, "ruth") == ({"fight": 4, "athletics": 3, "notice": 2, "will": 1}, 2)
    # Ruth's player spends one step, outside any milestone: Lore from Mediocre to Average.
    decision = play.do(c.RaiseSkills(character_id="ruth", steps=("lore",)), "ann")
    assert [type(ev) for ev in decision.events] == [e.SkillsRaised]
    assert sheet_of(play, "ruth") == (
        {"fight": 4, "athletics": 3, "notice": 2, "will": 1, "lore": 1},
        1,
    )
    # The GM spends the other; the sheet every seat sees follows.
    play.do(c.RaiseSkills(character_id="ruth", steps=("empathy",)), "gm")
    ruth = next(ch for ch in view_for(play.s, "ben")["characters"] if ch["id"] == "ruth")
    assert ruth["sheet"]["skills"]["empathy"] == 1
    assert ruth["sheet"]["skill_steps"] == {"earned": 2, "banked": 0}
    refused(play, c.RaiseSkills(character_id="ruth", steps=("drive",)), "ann", IllegalAction)
    told = [x["data"] for x in log_of(play, "sam") if x["type"] == "SkillsRaised"]
    assert [t["steps"] for t in told] == [["empathy"], ["lore"]]
    assert_replays(play)


@pytest.mark.rule("skills.column-rule")
def test_a_raise_that_breaks_the_column_is_refused_until_paired(play: Play) -> None:
    bank_two_steps(play)
    # Will to Fair alone would leave two skills at Fair over none at Average.
    error = refused(play, c.RaiseSkills(character_id="ruth", steps=("will",)), "ann", IllegalAction)
    assert isinstance(error, IllegalAction) and error.rule.key == "skills.column-rule"
    # Paired with two Mediocre skills raised to Average it would fit, but only two are banked.
    error = refused(
        play,
        c.RaiseSkills(character_id="ruth", steps=("will", "lore", "empathy")),
        "ann",
        IllegalAction,
    )
    assert isinstance(error, IllegalAction) and error.rule.key == "advancement.banked-steps"
    play.do(c.RaiseSkills(character_id="ruth", steps=("lore", "empathy")), "ann")
    assert sheet_of(play, "ruth")[1] == 0
    assert_replays(play)


def test_only_the_owner_or_the_gm_may_spend_them(play: Play) -> None:
    bank_two_steps(play)
    for seat in ("ben", "sam"):
        error = refused(
            play, c.RaiseSkills(character_id="ruth", steps=("lore",)), seat, ForbiddenAction
        )
        assert isinstance(error, ForbiddenAction) and error.rule is SEAT_RULE


def test_bad_steps_and_a_conflict_are_refused(play: Play) -> None:
    bank_two_steps(play)
    refused(play, c.RaiseSkills(character_id="ruth", steps=()), "ann", BadInput)
    refused(play, c.RaiseSkills(character_id="ruth", steps=("juggling",)), "ann", BadInput)
    refused(play, c.RaiseSkills(character_id="nobody", steps=("lore",)), "gm", BadInput)
    play.do(
        c.StartScene(
            name="Below deck",
            participants=("ruth", "charles", "alice"),
            zones=("hold",),
            positions=(("ruth", "hold"), ("charles", "hold"), ("alice", "hold")),
        )
    )
    play.do(
        c.StartConflict(sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",))), first="ruth")
    )
    error = refused(play, c.RaiseSkills(character_id="ruth", steps=("lore",)), "ann", BadInput)
    assert "conflict" in str(error)


def test_the_command_and_its_event_read_back_from_json(play: Play) -> None:
    bank_two_steps(play)
    command = command_from_json(
        "RaiseSkills", {"character_id": "ruth", "steps": ["lore", "empathy"]}
    )
    assert command == c.RaiseSkills(character_id="ruth", steps=("lore", "empathy"))
    play.do(command, "ann")
    raised = play.log[-1]
    assert isinstance(raised, e.SkillsRaised)
    stored = event_from_payload(
        "SkillsRaised",
        event_payload(raised),
        table_id=raised.table_id,
        version=raised.version,
        seat=raised.seat,
        at=raised.at,
    )
    assert stored == raised
