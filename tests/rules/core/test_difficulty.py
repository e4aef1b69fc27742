"""Setting a difficulty (fate-condensed.ru.md § Бытие Ведущего > Setting Difficulty and
Opposition; ode-kortfattad.sv.rst § Sätta svårighetsnivå och motstånd, the same rules of thumb in
Swedish): the choices a GM is offered wherever a difficulty is set."""

from __future__ import annotations

import pytest

from fatekit.rules import BadInput
from fatekit.rules.core.difficulty import (
    MOST_REASONS,
    DifficultyKey,
    difficulty_for_reasons,
    difficulty_guidance,
)
from fatekit.rules.core.ladder import LADDER


@pytest.mark.rule("difficulty.guidance")
def test_one_reason_is_fair_and_each_more_adds_two() -> None:
    """Not tough: Mediocre (+0), or no roll; one reason it is tough: Fair (+2); +2 a reason."""
    assert [difficulty_for_reasons(n) for n in range(5)] == [0, 2, 4, 6, 8]
    assert LADDER[difficulty_for_reasons(0)] == "mediocre"
    assert LADDER[difficulty_for_reasons(1)] == "fair"
    with pytest.raises(BadInput):
        difficulty_for_reasons(-1)
    plain = difficulty_guidance()
    assert [(c.key, c.difficulty, c.no_roll) for c in plain] == [
        (DifficultyKey.NOT_TOUGH, 0, True),
        (DifficultyKey.ONE_REASON, 2, False),
        (DifficultyKey.TWO_REASONS, 4, False),
        (DifficultyKey.THREE_REASONS, 6, False),
    ]
    assert len(plain) == MOST_REASONS + 1
    assert not any(c.from_skill for c in plain)  # no roller known: nothing against a skill


@pytest.mark.rule("difficulty.guidance")
@pytest.mark.parametrize("skill", [-1, 0, 2, 4, 6])
def test_against_the_skill_low_is_below_moderate_near_high_much_higher(skill: int) -> None:
    by_skill = {c.key: c for c in difficulty_guidance(skill) if c.from_skill}
    low = by_skill[DifficultyKey.SHOW_OFF].difficulty
    near = by_skill[DifficultyKey.TENSION].difficulty
    high = by_skill[DifficultyKey.DIRE].difficulty
    assert low < skill  # a chance to show off
    assert near == skill  # tension without overwhelming
    assert high == min(skill + 3, max(LADDER))  # much higher: dire or unusual circumstances
    # The rules of thumb by reasons are offered beside them, whatever the skill.
    assert [c.difficulty for c in difficulty_guidance(skill) if not c.from_skill] == [0, 2, 4, 6]


@pytest.mark.rule("difficulty.guidance")
def test_every_choice_lies_on_the_named_ladder() -> None:
    for skill in range(-8, 15):
        for choice in difficulty_guidance(skill):
            assert choice.difficulty in LADDER, (skill, choice)
    top = {c.key: c.difficulty for c in difficulty_guidance(7)}
    assert top[DifficultyKey.DIRE] == 8  # Legendary: the page then offers the whole ladder
