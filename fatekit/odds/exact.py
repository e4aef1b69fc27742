"""Exact distributions of Fate rolls: the dice, an effort, the shifts, the four outcomes, a hit.

Four Fate dice give 81 equally likely rolls, so every probability here is a :class:`Fraction`
with a denominator dividing 81 (one roll against a difficulty) or 6561 (a roll against an active
opposition, which rolls its own four dice). Nothing is sampled. A table drawing another way
(:class:`~fatekit.rules.core.randomizers.Randomizer`) counts that way's outcomes instead: 216
for 3d6, 36 for d6-d6 (the Deck of Fate and 4d6 fall exactly as four Fate dice).

A roll with dice turned to + (War of Ashes' weight: :mod:`fatekit.rules.options.weight`) counts
the same outcomes, each with its lowest faces raised (:func:`turned_counts`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache
from itertools import product

from fatekit.rules.core.dice import all_rolls
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.outcomes import Outcome, outcome_for
from fatekit.rules.core.randomizers import DECK, Dice, Drawn, Randomizer
from fatekit.rules.options.weight import turned_up

__all__ = [
    "DICE_COUNTS",
    "Chances",
    "HitOdds",
    "Target",
    "chances",
    "dice_distribution",
    "effective_modifier",
    "hit_odds",
    "shift_distribution",
    "turned_counts",
]

#: How many of the 81 rolls of four Fate dice total each result from -4 to +4.
DICE_COUNTS: Mapping[int, int] = dict(sorted(Counter(r.total for r in all_rolls()).items()))


class Target(StrEnum):
    """The least outcome a roller wants: a tie or better, a success or better, or style."""

    TIE = "tie"
    SUCCESS = "success"
    STYLE = "style"

    @property
    def shifts(self) -> int:
        """The fewest shifts that reach this outcome."""
        return {Target.TIE: 0, Target.SUCCESS: 1, Target.STYLE: 3}[self]

    @classmethod
    def parse(cls, text: str | Target) -> Target:
        """Read a target by name; raises :class:`BadInput` naming the valid ones."""
        if isinstance(text, Target):
            return text
        wanted = text.strip().lower().replace("-", "_")
        aliases = {"success_with_style": "style", "with_style": "style"}
        try:
            return cls(aliases.get(wanted, wanted))
        except ValueError:
            valid = ", ".join(t.value for t in cls)
            raise BadInput(f"unknown target {text!r}; choose one of: {valid}") from None


@cache
def turned_counts(randomizer: Randomizer, turned: int) -> Mapping[int, int]:
    """How many of ``randomizer``'s equally likely outcomes give each total once ``turned`` of
    the dice show + (as :func:`~fatekit.rules.options.weight.turned_up` turns them: the lowest
    Fate faces; for 3d6 and d6-d6, six-sided dice to their best face). Four Fate dice, the Deck
    of Fate and 4d6 count the 81 ways four Fate dice land, 3d6 its 216 rolls, d6-d6 its 36."""
    if turned == 0:
        return randomizer.counts()
    found = Counter(turned_up(draw, turned).total for draw in _every_draw(randomizer))
    return dict(sorted(found.items()))


def _every_draw(randomizer: Randomizer) -> tuple[Dice, ...]:
    """Every equally likely draw of ``randomizer`` (four Fate dice' 81 for the deck and 4d6)."""
    if randomizer.same_as_fate_dice():
        return DECK
    return tuple(Drawn(randomizer, shown) for shown in product(range(1, 7), repeat=randomizer.dice))


@cache
def dice_distribution(
    active: bool = False,
    randomizer: Randomizer = Randomizer.FATE_DICE,
    opposing: Randomizer | None = None,
    turned: int = 0,
    opposing_turned: int = 0,
) -> Mapping[int, Fraction]:
    """The distribution of the dice part of the shifts.

    Against a difficulty it is one draw of ``randomizer`` (4dF: -4..+4; d6-d6: -5..+5); against
    an active opposition it is the roller's draw minus the opposition's, who draws ``opposing``'s
    way (the roller's unless told). The Deck of Fate counts as a fresh deck: see
    :mod:`fatekit.rules.core.randomizers` and docs/odds.md for why. ``turned`` and
    ``opposing_turned`` are how many of each side's dice turn to + (:func:`turned_counts`).
    """
    mine = turned_counts(randomizer, turned)
    if not active:
        whole = sum(mine.values())
        return {t: Fraction(n, whole) for t, n in mine.items()}
    other = turned_counts(opposing or randomizer, opposing_turned)
    counts: Counter[int] = Counter()
    for own, a in mine.items():
        for theirs, b in other.items():
            counts[own - theirs] += a * b
    whole = sum(mine.values()) * sum(other.values())
    return {t: Fraction(n, whole) for t, n in sorted(counts.items())}


def effective_modifier(modifier: int, *, bonus: int = 0, teamwork: int = 0, scale: int = 0) -> int:
    """The roller's modifier once bonuses, teamwork and scale are added.

    ``teamwork`` counts helpers with at least Average (+1) in the skill; their bonus is +1 each,
    capped by the roller's rating as :func:`fatekit.rules.combine_skills` says. ``scale`` is the
    roller's scale level minus the opposition's: each level of difference gives the bigger side
    +1 before the roll (a negative ``scale`` works against the roller).
    """
    if teamwork < 0:
        raise BadInput(f"the number of helpers cannot be negative, got {teamwork}")
    # The same cap as fatekit.rules.combine_skills: +1 per helper, at most the roller's rating.
    help_bonus = min(teamwork, max(modifier, 0))
    return modifier + bonus + help_bonus + scale


@dataclass(frozen=True, slots=True)
class Chances:
    """The exact probability of each outcome of one roll (they sum to 1)."""

    fail: Fraction
    tie: Fraction
    success: Fraction
    success_with_style: Fraction

    def of(self, outcome: Outcome) -> Fraction:
        """The probability of one outcome."""
        return {
            Outcome.FAIL: self.fail,
            Outcome.TIE: self.tie,
            Outcome.SUCCESS: self.success,
            Outcome.SUCCESS_WITH_STYLE: self.success_with_style,
        }[outcome]

    def at_least(self, target: Target | str) -> Fraction:
        """The probability of reaching ``target`` (that outcome or a better one)."""
        target = Target.parse(target)
        if target is Target.TIE:
            return self.tie + self.success + self.success_with_style
        if target is Target.SUCCESS:
            return self.success + self.success_with_style
        return self.success_with_style

    def as_dict(self) -> dict[str, Fraction]:
        """The four probabilities by outcome name."""
        return {o.value: self.of(o) for o in Outcome}


def shift_distribution(
    modifier: int,
    opposition: int,
    *,
    active: bool = False,
    randomizer: Randomizer = Randomizer.FATE_DICE,
    opposing: Randomizer | None = None,
    turned: int = 0,
    opposing_turned: int = 0,
) -> dict[int, Fraction]:
    """The exact distribution of shifts (effort minus opposition) of one roll; an active
    opposition draws ``opposing``'s way (the roller's unless told); ``turned`` and
    ``opposing_turned`` dice of each side show + (weight)."""
    found = dice_distribution(
        active,
        randomizer,
        opposing if active else None,
        turned,
        opposing_turned if active else 0,
    )
    return {modifier - opposition + d: p for d, p in found.items()}


def chances(
    modifier: int,
    opposition: int,
    *,
    active: bool = False,
    bonus: int = 0,
    teamwork: int = 0,
    scale: int = 0,
    randomizer: Randomizer = Randomizer.FATE_DICE,
    opposing: Randomizer | None = None,
    turned: int = 0,
    opposing_turned: int = 0,
) -> Chances:
    """The chance of each outcome of a roll with ``modifier`` against ``opposition``.

    ``opposition`` is a difficulty, or with ``active`` the rating of an opponent who rolls too.
    See :func:`effective_modifier` for ``bonus``, ``teamwork`` and ``scale``; ``randomizer`` is
    how the roller's dice are drawn, ``opposing`` an active opponent's (the roller's way unless
    told: each seat may draw its own). ``turned`` and ``opposing_turned`` are the dice each side
    turns to + (weight: :func:`turned_counts`).
    """
    total = effective_modifier(modifier, bonus=bonus, teamwork=teamwork, scale=scale)
    found = dict.fromkeys(Outcome, Fraction(0))
    shifts_found = shift_distribution(
        total,
        opposition,
        active=active,
        randomizer=randomizer,
        opposing=opposing,
        turned=turned,
        opposing_turned=opposing_turned,
    )
    for shifts, p in shifts_found.items():
        found[outcome_for(shifts)] += p
    return Chances(
        found[Outcome.FAIL],
        found[Outcome.TIE],
        found[Outcome.SUCCESS],
        found[Outcome.SUCCESS_WITH_STYLE],
    )


@dataclass(frozen=True, slots=True)
class HitOdds:
    """What an attack does: a miss, a boost and no harm, or a hit of so many shifts."""

    miss: Fraction
    boost: Fraction
    harm: Mapping[int, Fraction]  # shifts of harm -> probability

    @property
    def expected_harm(self) -> Fraction:
        """The mean shifts of harm per attack (misses and boosts count as zero)."""
        return sum((s * p for s, p in self.harm.items()), Fraction(0))


def hit_odds(
    modifier: int,
    defence: int,
    *,
    active: bool = True,
    weapon: int = 0,
    armor: int = 0,
    bonus: int = 0,
    scale: int = 0,
    randomizer: Randomizer = Randomizer.FATE_DICE,
) -> HitOdds:
    """The exact odds of an attack, with the optional Weapon and Armor ratings.

    A weapon adds its rating to the shifts of a hit, and makes a tie a hit of that many shifts
    instead of a boost; armor takes its rating off a hit, and a hit it brings to zero or below
    leaves the attacker a boost and no harm. Without either, a tie is a boost and each shift of
    a success is a shift of harm.
    """
    if weapon < 0 or armor < 0:
        raise BadInput("weapon and armor ratings cannot be negative")
    total = effective_modifier(modifier, bonus=bonus, scale=scale)
    miss = boost = Fraction(0)
    harm: dict[int, Fraction] = {}
    found = shift_distribution(total, defence, active=active, randomizer=randomizer)
    for shifts, p in found.items():
        if shifts < 0:
            miss += p
            continue
        if shifts == 0 and weapon == 0:
            boost += p
            continue
        dealt = shifts + weapon - armor
        if dealt <= 0:
            boost += p
        else:
            harm[dealt] = harm.get(dealt, Fraction(0)) + p
    return HitOdds(miss, boost, dict(sorted(harm.items())))
