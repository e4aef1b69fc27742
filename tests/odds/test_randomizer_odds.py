"""Odds for a table drawing another way than four Fate dice, against brute force over every way
the six-sided dice can land (or every card of the deck), counted here from the dice themselves."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from fatekit.odds import Choice, chances, hit_odds, invoke_odds
from fatekit.odds.exact import dice_distribution
from fatekit.odds.invokes import advise
from fatekit.rules import Outcome, outcome_for
from fatekit.rules.core.randomizers import DECK, Randomizer, parse_drawn

RATINGS = range(-3, 7)


def _every_draw(way: Randomizer) -> list[int]:
    """The total of each equally likely outcome, read one by one through the recorded form."""
    if way is Randomizer.DECK_OF_FATE:
        return [parse_drawn(f"card:{c.symbols()}").total for c in DECK]
    if way is Randomizer.FATE_DICE:
        return [c.total for c in DECK]
    rolls = product("123456", repeat=way.dice)
    return [parse_drawn(f"{way.value}:{''.join(r)}").total for r in rolls]


@pytest.mark.rule("randomizer.3d6")
@pytest.mark.rule("randomizer.d6-d6")
@pytest.mark.parametrize("way", list(Randomizer))
def test_passive_and_active_odds_match_every_draw(way: Randomizer) -> None:
    draws = _every_draw(way)
    n = len(draws)
    for rating in RATINGS:
        for difficulty in RATINGS:
            seen = Counter(outcome_for(rating + d - difficulty) for d in draws)
            odds = chances(rating, difficulty, randomizer=way)
            for outcome in Outcome:
                assert odds.of(outcome) == Fraction(seen[outcome], n), (way, rating, difficulty)
    for rating, opposing in [(2, 2), (3, 1), (0, 4)]:
        seen = Counter(outcome_for(rating + a - opposing - b) for a in draws for b in draws)
        odds = chances(rating, opposing, active=True, randomizer=way)
        for outcome in Outcome:
            assert odds.of(outcome) == Fraction(seen[outcome], n * n), (way, rating, opposing)


@pytest.mark.rule("randomizer.d6-d6")
def test_d6_minus_d6_is_swingier_than_fate_dice() -> None:
    fate, wide = chances(2, 2), chances(2, 2, randomizer=Randomizer.D6_MINUS_D6)
    assert wide.success_with_style > fate.success_with_style  # 6/36 against 5/81
    assert wide.tie < fate.tie  # 6/36 against 19/81
    assert min(dice_distribution(False, Randomizer.D6_MINUS_D6)) == -5


def test_the_deck_and_4d6_give_fate_dice_odds_exactly() -> None:
    for way in (Randomizer.DECK_OF_FATE, Randomizer.FOUR_D6):
        assert dice_distribution(False, way) == dice_distribution(False)
        assert chances(3, 2, randomizer=way) == chances(3, 2)


@pytest.mark.rule("randomizer.3d6")
def test_a_hit_with_3d6_counts_every_roll() -> None:
    draws = _every_draw(Randomizer.THREE_D6)
    found = hit_odds(3, 1, active=False, weapon=1, randomizer=Randomizer.THREE_D6)
    harm = Counter(2 + d + 1 for d in draws if 2 + d >= 0)
    assert found.miss == Fraction(sum(1 for d in draws if 2 + d < 0), 216)
    assert found.harm == {s: Fraction(n, 216) for s, n in sorted(harm.items())}


@cache
def _brute(margin: int, total: int, k: int, way: Randomizer) -> tuple[Fraction, Fraction]:
    """The best (chance, invokes spent) with ``total`` showing and ``k`` invokes: every choice
    tried, every redraw enumerated one outcome at a time."""
    stop = (Fraction(1 if margin + total >= 0 else 0), Fraction(0))
    if k == 0:
        return stop
    plus_p, plus_e = _brute(margin + 2, total, k - 1, way)
    draws = _every_draw(way)
    again = [_brute(margin, d, k - 1, way) for d in draws]
    n = len(draws)
    reroll = (
        sum((p for p, _ in again), Fraction(0)) / n,
        1 + sum((e for _, e in again), Fraction(0)) / n,
    )
    best = stop
    for option in ((plus_p, plus_e + 1), reroll):
        if option[0] > best[0] or (option[0] == best[0] and option[1] < best[1]):
            best = option
    return best


@pytest.mark.parametrize("way", [Randomizer.THREE_D6, Randomizer.D6_MINUS_D6])
def test_invoke_odds_match_brute_force(way: Randomizer) -> None:
    draws = _every_draw(way)
    for invokes in (1, 2):
        for margin in range(-9, 3):
            found = [_brute(margin, d, invokes, way) for d in draws]
            p = sum((f[0] for f in found), Fraction(0)) / len(draws)
            odds = invoke_odds(margin + 1, 0, invokes=invokes, target="success", randomizer=way)
            assert odds.p_target == p, (way, invokes, margin)


def test_advice_rerolls_the_tables_way() -> None:
    """With d6-d6 a redraw is a d6-d6 draw: its chance counts the 15 of 36 draws of +1 or more."""
    shown = parse_drawn("d6-d6:16")  # -5
    wide = advise(1, 1, shown, invokes=1, target="success", randomizer=Randomizer.D6_MINUS_D6)
    assert wide.choice is Choice.REROLL
    assert wide.chances[Choice.REROLL] == Fraction(15, 36)  # +1 or better on a fresh d6-d6
