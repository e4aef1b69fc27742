"""Stunts named on a roll at the table (fate-condensed.ru.md § Трюки; § Using Stunts)."""

from __future__ import annotations

import pytest

from fatekit.formats import dumps_character
from fatekit.rules import Action, BadInput, IllegalAction, SkillBonus, Stunt, new_character
from fatekit.table import commands as c
from fatekit.table import fold

from .conftest import Play  # type: ignore[import-not-found]

KEEN = Stunt("Keen Eye", SkillBonus("notice", (Action.OVERCOME,)), "+2 to spot what others miss")


def with_stunt(play: Play) -> None:
    sheet = new_character(
        "condensed",
        "iris",
        "Iris",
        high_concept="Lighthouse Keeper",
        trouble="Sees Too Much",
        skills={"notice": 3},
        stunts=[KEEN],
    )
    play.do(c.AddCharacter(sheet=dumps_character(sheet), owner="ann"), seat="ann")


@pytest.mark.rule("stunt.bonus")
def test_a_stunt_named_on_a_roll_adds_its_bonus_and_replays(play: Play) -> None:
    with_stunt(play)
    play.do(
        c.Roll(
            actor="iris",
            action=Action.OVERCOME,
            skill="notice",
            difficulty=4,
            dice="0000",
            stunts=("Keen Eye",),
        ),
        seat="ann",
    )
    assert play.s.roll is not None and play.s.roll.effort == 5
    replayed = fold(play.log)
    assert replayed.roll is not None and replayed.roll.effort == 5


def test_an_unknown_or_unfitting_stunt_is_refused_and_changes_nothing(play: Play) -> None:
    with_stunt(play)
    before = play.s.version
    with pytest.raises(BadInput, match="no stunt"):
        play.do(
            c.Roll(
                actor="iris",
                action=Action.OVERCOME,
                skill="notice",
                difficulty=4,
                dice="0000",
                stunts=("Eagle Eye",),
            ),
            seat="ann",
        )
    with pytest.raises(IllegalAction, match="does not apply"):
        play.do(
            c.Roll(
                actor="iris",
                action=Action.CREATE_ADVANTAGE,
                skill="notice",
                difficulty=4,
                dice="0000",
                stunts=("Keen Eye",),
            ),
            seat="ann",
        )
    assert play.s.version == before and play.s.roll is None
