"""An advancement keeps the sheet it wrote (issue 28, item 1): a milestone, a breakthrough and
skill steps spent record the PC's sheet as the move left it, and folding the log again writes
that sheet back without asking the rules of advancement, so a stricter or corrected rule after a
release changes the advancements made after it, never those already made.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from fatekit.rules import IllegalAction, Milestone
from fatekit.rules.characters import advancement
from fatekit.table import commands as c
from fatekit.table import events as e
from fatekit.table import fold, view_for
from fatekit.table.base import Event, SheetFact
from fatekit.table.export import export_table, import_table
from fatekit.table.play import advancement as play_advancement

from ..fold_check import as_older  # type: ignore[import-not-found]
from .conftest import Play, seated
from .test_facts import dump

SEATS = ("gm", "ann", "ben", "sam")
OCCULT_LIBRARY = {
    "name": "Occult Library",
    "description": "+2 to Lore when researching",
    "effect": {"type": "skill_bonus", "skill": "lore", "action": "overcome", "bonus": 2},
}


def advanced() -> Play:
    """Ruth swaps two skills and Charles buys a stunt at a minor milestone; at a major one Ruth
    rewrites her high concept, starts her broken ribs healing and banks two steps, one of which
    she spends later."""
    play = seated()
    play.do(c.CorrectConsequence(character_id="ruth", slot=1, name="Broken Ribs"))
    play.do(c.EndScene())
    play.do(c.EndSession(milestone=Milestone.MINOR))
    swap = c.MilestoneChange(kind=c.ChangeKind.SWAP_SKILLS, first="fight", second="athletics")
    play.do(c.Milestone(character_id="ruth", choice=swap), "ann")
    buy = c.MilestoneChange(kind=c.ChangeKind.BUY_STUNT, stunt=json.dumps(OCCULT_LIBRARY))
    play.do(c.Milestone(character_id="charles", choice=buy), "ben")
    play.do(c.StartSession())
    play.do(c.EndSession(milestone=Milestone.MAJOR))
    ribs = play.s.game.character("ruth").consequences[1].aspect
    assert ribs is not None
    play.do(
        c.Breakthrough(
            character_id="ruth",
            high_concept="Champion Again",
            recovery_names=((ribs.id, "Mending Ribs"),),
            gm_skill_step=True,
        ),
        "gm",
    )
    play.do(c.StartSession())
    play.do(c.RaiseSkills(character_id="ruth", steps=("lore",)), "ann")
    return play


def views(play_state: Any) -> dict[str, Any]:
    return {seat: view_for(play_state, seat) for seat in SEATS}


def stricter(monkeypatch: pytest.MonkeyPatch) -> None:
    """A release whose rules of advancement refuse every change these PCs made."""

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise IllegalAction("no advancement in this release", advancement.MILESTONE_RULE)

    for name in ("apply_milestone", "apply_breakthrough", "raise_skills"):
        monkeypatch.setattr(play_advancement, name, refuse)
    monkeypatch.setattr(advancement, "column_problems", lambda skills: ["broken"])


def sheets(event: Event) -> tuple[SheetFact, ...]:
    assert event.facts is not None and event.facts.sheets is not None
    return event.facts.sheets


def test_each_advancement_records_the_sheet_it_wrote() -> None:
    play = advanced()
    moves = [
        x
        for x in play.log
        if isinstance(x, e.MilestoneTaken | e.BreakthroughTaken | e.SkillsRaised)
    ]
    assert [type(x).__name__ for x in moves] == [
        "MilestoneTaken",
        "MilestoneTaken",
        "BreakthroughTaken",
        "SkillsRaised",
    ]
    (swapped,) = sheets(moves[0])
    assert (
        swapped.character,
        dict(swapped.skills)["fight"],
        dict(swapped.skills)["athletics"],
    ) == (
        "ruth",
        3,
        4,
    )
    (bought,) = sheets(moves[1])
    assert [json.loads(s)["name"] for s in bought.stunts] == ["Occult Library"]
    (broke,) = sheets(moves[2])
    assert ("ruth/high_concept/1", "Champion Again") in broke.aspects
    assert broke.recovering == ((1, "Mending Ribs"),)
    assert (broke.banked, broke.earned) == (2, 2)
    (raised,) = sheets(moves[3])
    assert (dict(raised.skills)["lore"], raised.banked) == (
        dict(broke.skills).get("lore", 0) + 1,
        1,
    )


def test_advancements_fold_as_recorded_after_the_rules_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    play = advanced()
    recorded, seen = dump(play.s), views(play.s)
    stricter(monkeypatch)
    assert dump(fold(play.log)) == recorded
    assert views(fold(play.log)) == seen
    assert views(import_table(export_table(play.log, play.s, "gm")).state) == seen
    # A move made now follows the rules of the day.
    play.state = fold(play.log)
    with pytest.raises(IllegalAction, match="no advancement in this release"):
        play.do(c.RaiseSkills(character_id="ruth", steps=("lore",)), "ann")


def test_advancements_logged_before_sheets_were_recorded_fold_as_they_were_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An older release recorded no sheet: the advancement's upcaster makes the change it
    names (checked by no rule: it was allowed when it was made), so the same sheets result, and
    still do once the rules of advancement refuse every change."""
    play = advanced()
    older = [as_older(x) for x in play.log]
    assert dump(fold(older)) == dump(play.s)
    stricter(monkeypatch)
    assert dump(fold(older)) == dump(play.s)


def test_advancements_recorded_with_an_older_releases_sheets_fold_as_recorded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    play = advanced()
    older = [as_older(x, sheets=True) for x in play.log]
    stricter(monkeypatch)
    assert dump(fold(older)) == dump(play.s)
