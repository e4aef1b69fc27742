"""Invokes after the dice: the best use of K invokes, exactly, and advice for a roll on the table.

Each invoke is spent once the dice are showing (the roller's, and an active opponent's), either
for +2 or to reroll all four of the roller's dice. The best policy is found by dynamic programming
over dice states: with the dice showing and k invokes left, the roller compares stopping, +2
(then the best play with k-1) and a reroll (then the best play over the 81 new rolls with k-1).
Among choices that reach the target equally often the one that spends fewer invokes on average
wins, and between equals: nothing, then +2, then a reroll.

The state is small: ``margin`` is everything but the roller's dice (modifier, bonuses so far,
minus the opposition's effort, minus the shifts the target needs), ``dice`` the roller's dice
total, and ``k`` the invokes left. The target is reached when ``margin + dice >= 0``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache

import numpy as np
import numpy.typing as npt

from fatekit.odds.exact import Target, dice_distribution, effective_modifier
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.randomizers import Dice, Randomizer

__all__ = [
    "CODES",
    "Advice",
    "Choice",
    "InvokeOdds",
    "InvokeTable",
    "advise",
    "best_choice",
    "clear_cache",
    "fresh_roll_value",
    "invoke_odds",
]

_ONE, _ZERO = Fraction(1), Fraction(0)


class Choice(StrEnum):
    """What to do with the dice showing."""

    NOTHING = "nothing"
    PLUS_TWO = "plus_two"
    REROLL = "reroll"


@dataclass(frozen=True, slots=True)
class _Value:
    p: Fraction  # probability of reaching the target
    spent: Fraction  # expected invokes spent from here on

    def better_than(self, other: _Value) -> bool:
        return self.p > other.p or (self.p == other.p and self.spent < other.spent)


def _check_invokes(invokes: int) -> None:
    if isinstance(invokes, bool) or not isinstance(invokes, int) or invokes < 0:
        raise BadInput(
            f"the number of invokes must be a whole number of 0 or more, got {invokes!r}"
        )


_FATE = Randomizer.FATE_DICE


@cache
def _options(
    margin: int, dice: int, k: int, way: Randomizer = _FATE, turned: int = 0
) -> tuple[tuple[Choice, _Value], ...]:
    """Each choice open now and its value under best play afterwards (a reroll draws ``way``'s
    way, with ``turned`` of its dice turned to + by weight)."""
    stop = _Value(_ONE if margin + dice >= 0 else _ZERO, _ZERO)
    if k == 0:
        return ((Choice.NOTHING, stop),)
    plus = _best(margin + 2, dice, k - 1, way, turned)
    again = fresh_roll_value(margin, k - 1, way, turned)
    return (
        (Choice.NOTHING, stop),
        (Choice.PLUS_TWO, _Value(plus.p, plus.spent + 1)),
        (Choice.REROLL, _Value(again.p, again.spent + 1)),
    )


@cache
def _best(margin: int, dice: int, k: int, way: Randomizer = _FATE, turned: int = 0) -> _Value:
    return _pick(_options(margin, dice, k, way, turned))[1]


def _pick(options: tuple[tuple[Choice, _Value], ...]) -> tuple[Choice, _Value]:
    chosen = options[0]
    for option in options[1:]:
        if option[1].better_than(chosen[1]):
            chosen = option
    return chosen


@cache
def fresh_roll_value(margin: int, k: int, way: Randomizer = _FATE, turned: int = 0) -> _Value:
    """The value of a new draw (four new dice, by default; ``turned`` of them turned to + by
    weight) with ``k`` invokes in hand (best play after)."""
    found = dice_distribution(False, way, None, turned)
    if margin + min(found) >= 0:
        return _Value(_ONE, _ZERO)  # even the worst roll reaches the target
    if margin + max(found) + 2 * k < 0:
        return _Value(_ZERO, _ZERO)  # not even the best roll and every invoke as +2 would
    p = spent = _ZERO
    for dice, weight in found.items():
        value = _best(margin, dice, k, way, turned)
        p += weight * value.p
        spent += weight * value.spent
    return _Value(p, spent)


def clear_cache() -> None:
    """Forget every state the programme has solved (for benchmarks that time a cold start)."""
    for cached in (_options, _best, fresh_roll_value):
        cached.cache_clear()


def best_choice(
    margin: int, dice: int, invokes: int, way: Randomizer = _FATE, turned: int = 0
) -> Choice:
    """The best thing to do now (see the module docstring for ``margin`` and ``dice``; a
    reroll turns ``turned`` dice to + by weight)."""
    if invokes <= 0 or margin + dice >= 0:
        return Choice.NOTHING
    return _pick(_options(margin, dice, invokes, way, turned))[0]


IntArray = npt.NDArray[np.int64]

#: The codes :class:`InvokeTable` gives the choices.
CODES = {Choice.NOTHING: 0, Choice.PLUS_TWO: 1, Choice.REROLL: 2}


class InvokeTable:
    """:func:`best_choice` for every margin, dice total and invoke count, as one array, for
    rolls drawn ``way``'s way (its totals' range sizes the table), ``turned`` dice of a reroll
    turned to + by weight."""

    def __init__(self, most: int, way: Randomizer = _FATE, turned: int = 0) -> None:
        totals = way.counts()
        # Below: hopeless even with the best draw and every invoke; above: already there.
        self.top = max(totals)
        self.low, self.high = -(1 + self.top + 2 * most), self.top
        self.table = np.zeros((self.high - self.low + 1, 2 * self.top + 1, most + 1), np.int8)
        for m in range(self.low, self.high + 1):
            for d in range(-self.top, self.top + 1):
                for k in range(most + 1):
                    best = best_choice(m, d, k, way, turned)
                    self.table[m - self.low, d + self.top, k] = CODES[best]

    def __call__(self, margin: IntArray, dice: IntArray, left: IntArray) -> IntArray:
        """The code of the best choice in each of many cases at once."""
        m = np.clip(margin, self.low, self.high) - self.low
        found: IntArray = self.table[m, dice + self.top, left].astype(np.int64)
        return found


@dataclass(frozen=True, slots=True)
class InvokeOdds:
    """The chance of reaching a target with invokes spent well, and the invokes that costs."""

    target: Target
    invokes: int
    p_target: Fraction
    expected_invokes: Fraction


def invoke_odds(
    modifier: int,
    opposition: int,
    *,
    invokes: int,
    target: Target | str = Target.SUCCESS,
    active: bool = False,
    bonus: int = 0,
    teamwork: int = 0,
    scale: int = 0,
    randomizer: Randomizer = _FATE,
) -> InvokeOdds:
    """The best chance of reaching ``target`` with ``invokes`` available, and their expected use.

    Exact: a sum over every roll of the dice (the opposition's too, when ``active``) of the
    dynamic programme's value. ``bonus``, ``teamwork`` and ``scale`` are as in
    :func:`fatekit.odds.exact.chances`; both sides draw ``randomizer``'s way.
    """
    _check_invokes(invokes)
    wanted = Target.parse(target)
    total = effective_modifier(modifier, bonus=bonus, teamwork=teamwork, scale=scale)
    base = total - opposition - wanted.shifts
    p = spent = _ZERO
    # The opposition's dice only move the margin; the roller's dice are then a fresh roll.
    opposing = dice_distribution(False, randomizer) if active else {0: _ONE}
    for theirs, weight in opposing.items():
        value = fresh_roll_value(base - theirs, invokes, randomizer)
        p += weight * value.p
        spent += weight * value.spent
    return InvokeOdds(wanted, invokes, p, spent)


@dataclass(frozen=True, slots=True)
class Advice:
    """What to do with a roll already made, and what each choice gives.

    ``chances`` and ``expected_invokes`` hold, for each choice open now, the probability of
    reaching the target and the invokes spent on average (this one included) when play goes on
    as well as it can.
    """

    choice: Choice
    target: Target
    shifts_now: int
    invokes: int
    chances: Mapping[Choice, Fraction]
    expected_invokes: Mapping[Choice, Fraction]


def _total(dice: Dice | int, way: Randomizer) -> int:
    total = dice if isinstance(dice, int) else dice.total
    possible = way.counts()
    if total not in possible:
        raise BadInput(
            f"{way.value} gives {min(possible):+d} to {max(possible):+d}, not {total:+d}"
        )
    return total


def advise(
    modifier: int,
    opposition: int,
    dice: Dice | int,
    *,
    invokes: int,
    target: Target | str = Target.SUCCESS,
    opposition_dice: Dice | int | None = None,
    randomizer: Randomizer = _FATE,
    turned: int = 0,
) -> Advice:
    """Advice for a roll on the table: nothing, +2 or a reroll, with the chance each gives.

    ``modifier`` is everything the roller adds to the dice so far; ``opposition`` a difficulty,
    or an opponent's rating whose dice ``opposition_dice`` show. A reroll draws ``randomizer``'s
    way (a card from a fresh Deck of Fate: see docs/odds.md), with ``turned`` of its dice
    turned to + where weight turns them (as it did on the roll).
    """
    _check_invokes(invokes)
    wanted = Target.parse(target)
    seen = Randomizer.D6_MINUS_D6  # the widest: an opponent may draw another way
    against = opposition + (0 if opposition_dice is None else _total(opposition_dice, seen))
    mine = _total(dice, randomizer)
    margin = modifier - against - wanted.shifts
    options = _options(margin, mine, invokes, randomizer, turned)
    choice = best_choice(margin, mine, invokes, randomizer, turned)
    return Advice(
        choice,
        wanted,
        modifier + mine - against,
        invokes,
        {c: v.p for c, v in options},
        {c: v.spent for c, v in options},
    )
