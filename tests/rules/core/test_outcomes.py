"""Effort, shifts and outcomes (fate-condensed.ru.md § Taking Action > Outcomes; the Italian
chapter § Risultati)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatekit.rules import Bonus, BonusKind, Difficulty, Outcome, Roll, outcome_for, parse_faces


@pytest.mark.rule("roll.outcomes")
@pytest.mark.parametrize(
    ("shifts", "outcome"),
    [
        (-5, Outcome.FAIL),
        (-1, Outcome.FAIL),
        (0, Outcome.TIE),
        (1, Outcome.SUCCESS),
        (2, Outcome.SUCCESS),
        (3, Outcome.SUCCESS_WITH_STYLE),
        (9, Outcome.SUCCESS_WITH_STYLE),
    ],
)
def test_outcome_by_shifts(shifts: int, outcome: Outcome) -> None:
    assert outcome_for(shifts) is outcome


@pytest.mark.rule("roll.outcomes")
@given(st.integers(-20, 20))
def test_outcomes_partition_the_shifts(shifts: int) -> None:
    outcome = outcome_for(shifts)
    assert (outcome is Outcome.FAIL) == (shifts < 0)
    assert (outcome is Outcome.TIE) == (shifts == 0)
    assert (outcome is Outcome.SUCCESS) == (1 <= shifts <= 2)
    assert (outcome is Outcome.SUCCESS_WITH_STYLE) == (shifts >= 3)
    assert outcome.succeeded == (shifts > 0)


@pytest.mark.rule("roll.effort")
def test_effort_adds_dice_rating_and_every_kind_of_bonus() -> None:
    roll = Roll(
        parse_faces("+0-+"),
        3,
        (
            Bonus(BonusKind.STUNT, 2, "Sniper"),
            Bonus(BonusKind.INVOKE, 2, "Eagle Eyes"),
            Bonus(BonusKind.TEAMWORK, 1, "Ruth helps"),
            Bonus(BonusKind.OTHER, -1, "darkness"),
        ),
    )
    assert roll.dice.total == 1
    assert roll.modifier == 7
    assert roll.effort == 8
    assert roll.shifts_against(5) == 3
    assert roll.outcome_against(5) is Outcome.SUCCESS_WITH_STYLE


@pytest.mark.rule("roll.outcomes")
def test_active_opposition_is_another_effort() -> None:
    """The worked attack: Ruth's Fair (+2) effort against the corpse's Mediocre (+0) defence."""
    ruth = Roll(parse_faces("--00"), 4)
    corpse = Roll(parse_faces("-00+"), 0)
    assert (ruth.effort, corpse.effort) == (2, 0)
    assert ruth.outcome_against(corpse.effort) is Outcome.SUCCESS


def test_difficulty_can_be_raised() -> None:
    difficulty = Difficulty(2, (Bonus(BonusKind.INVOKE, 2, "Pitch Black"),))
    assert difficulty.value == 4
