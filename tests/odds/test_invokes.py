"""The invoke programme against brute force over every face of every roll and reroll."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from fatekit.odds import Choice, Target, advise, best_choice, chances, invoke_odds
from fatekit.rules import BadInput, FateDice, all_rolls

RATINGS = range(-4, 9)
FACES = [r.total for r in all_rolls()]


@cache
def brute(margin: int, roll: int, k: int) -> tuple[int, int]:
    """Best (probability, expected invokes), both scaled by 81**k, with roll number ``roll``
    of the 81 showing and ``k`` invokes left: every choice tried, every reroll enumerated."""
    scale = 81**k
    stop = (scale if margin + FACES[roll] >= 0 else 0, 0)
    if k == 0:
        return stop
    plus_p, plus_e = brute(margin + 2, roll, k - 1)
    plus = (plus_p * 81, scale + plus_e * 81)
    again = [brute(margin, other, k - 1) for other in range(81)]
    reroll = (sum(p for p, _ in again), scale + sum(e for _, e in again))
    best = stop
    for option in (plus, reroll):  # more often first, then fewer invokes
        if option[0] > best[0] or (option[0] == best[0] and option[1] < best[1]):
            best = option
    return best


@cache
def brute_fresh(margin: int, k: int) -> tuple[int, int]:
    """A new roll with k invokes: the sum over the 81 rolls (scaled by 81**(k+1))."""
    found = [brute(margin, roll, k) for roll in range(81)]
    return sum(p for p, _ in found), sum(e for _, e in found)


@pytest.mark.parametrize("invokes", [0, 1, 2, 3])
@pytest.mark.parametrize("active", [False, True], ids=["passive", "active"])
def test_invoke_odds_match_brute_force_for_the_whole_ladder(invokes: int, active: bool) -> None:
    for target in Target:
        for rating in RATINGS:
            for opposing in RATINGS:
                margin = rating - opposing - target.shifts
                if active:
                    found = [brute_fresh(margin - theirs, invokes) for theirs in FACES]
                    scale = 81 ** (invokes + 2)
                    p, e = sum(f[0] for f in found), sum(f[1] for f in found)
                else:
                    (p, e), scale = brute_fresh(margin, invokes), 81 ** (invokes + 1)
                odds = invoke_odds(rating, opposing, invokes=invokes, target=target, active=active)
                assert odds.p_target == Fraction(p, scale), (rating, opposing, target)
                assert odds.expected_invokes == Fraction(e, scale), (rating, opposing, target)


def test_no_invokes_is_the_plain_odds() -> None:
    for target in Target:
        plain = chances(2, 3, active=True).at_least(target)
        assert invoke_odds(2, 3, invokes=0, target=target, active=True).p_target == plain


def test_more_invokes_never_hurt() -> None:
    for k in range(4):
        now = invoke_odds(1, 4, invokes=k, target="style").p_target
        assert invoke_odds(1, 4, invokes=k + 1, target="style").p_target >= now


def test_advice_takes_plus_two_when_it_is_enough() -> None:
    advice = advise(2, 3, FateDice((0, 0, 0, 0)), invokes=1)
    assert advice.shifts_now == -1
    assert advice.choice is Choice.PLUS_TWO
    assert advice.chances == {
        Choice.NOTHING: 0,
        Choice.PLUS_TWO: 1,
        Choice.REROLL: Fraction(15, 81),  # a new roll must show +2 or more
    }


def test_advice_rerolls_when_plus_two_falls_short() -> None:
    advice = advise(2, 3, FateDice((0, 0, -1, 0)), invokes=1)
    assert advice.shifts_now == -2
    assert advice.choice is Choice.REROLL
    assert advice.chances[Choice.PLUS_TWO] == 0  # +2 only makes a tie
    assert advice.chances[Choice.REROLL] == Fraction(15, 81)
    # Aiming for a tie instead, +2 is certain.
    assert advise(2, 3, -1, invokes=1, target="tie").choice is Choice.PLUS_TWO


def test_advice_keeps_the_invoke_when_the_roll_already_succeeds() -> None:
    advice = advise(2, 1, 0, invokes=3)
    assert advice.choice is Choice.NOTHING
    assert advice.expected_invokes[Choice.NOTHING] == 0


def test_advice_against_an_active_opposition_reads_their_dice() -> None:
    advice = advise(3, 3, 0, invokes=2, opposition_dice=FateDice((1, 1, 1, 0)))
    assert advice.shifts_now == -3
    # Two +2s make +1: certain success for both invokes.
    assert advice.chances[Choice.PLUS_TWO] == 1
    assert advice.choice is Choice.PLUS_TWO
    assert advice.expected_invokes[Choice.PLUS_TWO] == 2


def test_best_choice_agrees_with_the_advice() -> None:
    for margin in range(-12, 6):
        for dice in range(-4, 5):
            for k in range(4):
                found = advise(margin + 1, 0, dice, invokes=k).choice
                assert best_choice(margin, dice, k) is found


def test_a_negative_invoke_count_is_refused() -> None:
    with pytest.raises(BadInput, match="0 or more"):
        invoke_odds(2, 2, invokes=-1)
    with pytest.raises(BadInput, match="0 or more"):
        advise(2, 2, 0, invokes=-1)
    with pytest.raises(BadInput, match="-4 to \\+4"):
        advise(2, 2, 7, invokes=1)
