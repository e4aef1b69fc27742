"""Teamwork (fate-condensed.ru.md § Teamwork)."""

from __future__ import annotations

import pytest

from fatekit.rules import BadInput, BonusKind
from fatekit.rules.core.teamwork import combine_skills

pytestmark = pytest.mark.rule("teamwork.combine-skills")


def test_highest_rolls_and_each_capable_helper_adds_one() -> None:
    team = combine_skills({"ruth": 2, "charles": 4, "ethan": 1, "cassandra": 0})
    assert team.roller == "charles" and team.rating == 4
    assert team.helpers == ("ruth", "ethan")  # Cassandra's Mediocre (+0) adds nothing
    assert team.bonus == 2
    assert team.participants == ("charles", "ruth", "ethan")  # they share the costs
    bonus = team.as_bonus()
    assert bonus.kind is BonusKind.TEAMWORK and bonus.amount == 2


def test_the_bonus_is_capped_at_the_rollers_rating() -> None:
    team = combine_skills({"a": 2, "b": 1, "c": 2, "d": 1, "e": 1})
    assert team.bonus == 2 and len(team.helpers) == 4
    assert combine_skills({"a": 0, "b": 0}).bonus == 0


def test_naming_the_roller_among_equals() -> None:
    assert combine_skills({"a": 3, "b": 3}, roller="b").roller == "b"
    with pytest.raises(BadInput, match="highest"):
        combine_skills({"a": 3, "b": 2}, roller="b")
    with pytest.raises(BadInput, match="not one of"):
        combine_skills({"a": 3}, roller="z")
    with pytest.raises(BadInput):
        combine_skills({})
