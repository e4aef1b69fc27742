"""Exact outcome odds against brute-force enumeration of every roll of the dice."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from fatekit.odds import DICE_COUNTS, Target, chances, effective_modifier, hit_odds
from fatekit.rules import BadInput, Outcome, all_rolls, outcome_for

RATINGS = range(-4, 9)
FACES = [r.total for r in all_rolls()]  # the 81 rolls, one entry each


def test_dice_counts_are_the_81_rolls() -> None:
    assert dict(sorted(Counter(FACES).items())) == DICE_COUNTS
    assert list(DICE_COUNTS.values()) == [1, 4, 10, 16, 19, 16, 10, 4, 1]


def test_passive_odds_match_every_roll_for_the_whole_ladder() -> None:
    for rating in RATINGS:
        for difficulty in RATINGS:
            seen = Counter(outcome_for(rating + dice - difficulty) for dice in FACES)
            odds = chances(rating, difficulty)
            for outcome in Outcome:
                assert odds.of(outcome) == Fraction(seen[outcome], 81), (rating, difficulty)


def test_active_odds_match_every_pair_of_rolls_for_the_whole_ladder() -> None:
    for rating in RATINGS:
        for opposing in RATINGS:
            seen = Counter(
                outcome_for(rating + mine - (opposing + theirs))
                for mine in FACES
                for theirs in FACES
            )
            odds = chances(rating, opposing, active=True)
            assert sum(odds.as_dict().values()) == 1
            for outcome in Outcome:
                assert odds.of(outcome) == Fraction(seen[outcome], 6561), (rating, opposing)


def test_a_fair_roll_against_fair_is_the_books_numbers() -> None:
    odds = chances(2, 2)
    assert (odds.fail, odds.tie, odds.success, odds.success_with_style) == (
        Fraction(31, 81),
        Fraction(19, 81),
        Fraction(26, 81),
        Fraction(5, 81),
    )
    assert odds.at_least(Target.TIE) == Fraction(50, 81)


def test_bonus_teamwork_and_scale_shift_the_modifier() -> None:
    assert effective_modifier(2, bonus=1) == 3
    assert effective_modifier(2, teamwork=3) == 4  # capped at the roller's rating
    assert effective_modifier(0, teamwork=2) == 0  # a Mediocre roller gets no help
    assert effective_modifier(3, scale=-1) == 2
    assert chances(1, 3, teamwork=1, scale=1) == chances(3, 3)
    with pytest.raises(BadInput, match="helpers"):
        effective_modifier(2, teamwork=-1)


def test_weapon_and_armor_change_the_harm_of_a_hit() -> None:
    plain = hit_odds(3, 3)
    assert plain.boost == chances(3, 3, active=True).tie
    assert sum(plain.harm.values()) + plain.boost + plain.miss == 1
    armed = hit_odds(3, 3, weapon=2)
    assert armed.boost == 0  # a tie hits for the weapon's rating instead
    assert armed.harm[2] == chances(3, 3, active=True).tie
    armored = hit_odds(3, 3, armor=2)
    # Hits of one or two shifts become boosts.
    seen = Counter(3 + a - 3 - b for a in FACES for b in FACES)
    assert armored.boost == Fraction(seen[0] + seen[1] + seen[2], 6561)
    assert armored.harm[1] == Fraction(seen[3], 6561)
    assert armed.expected_harm > plain.expected_harm > armored.expected_harm
    with pytest.raises(BadInput):
        hit_odds(1, 1, armor=-1)


def test_targets_parse_by_name() -> None:
    assert Target.parse("style") is Target.STYLE
    assert Target.parse("success_with_style") is Target.STYLE
    with pytest.raises(BadInput, match="unknown target 'win'"):
        Target.parse("win")
