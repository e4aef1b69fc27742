"""Efforts, opposition, shifts and the four outcomes."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.randomizers import Dice

__all__ = [
    "EFFORT_RULE",
    "OUTCOME_RULE",
    "Bonus",
    "BonusKind",
    "Difficulty",
    "Outcome",
    "Roll",
    "outcome_for",
]

EFFORT_RULE = rule(
    "roll.effort",
    CONDENSED,
    "Taking Action, Rolling the Dice",
    "Effort is the dice result plus the skill rating plus bonuses from invokes and stunts",
)
OUTCOME_RULE = rule(
    "roll.outcomes",
    CONDENSED,
    "Taking Action > Outcomes",
    "Shifts are effort minus opposition: below 0 fails, 0 ties, 1-2 succeeds, 3+ succeeds with style",
)


class Outcome(StrEnum):
    """The four outcomes of a roll."""

    FAIL = "fail"
    TIE = "tie"
    SUCCESS = "success"
    SUCCESS_WITH_STYLE = "success_with_style"

    @property
    def succeeded(self) -> bool:
        """Success or success with style."""
        return self in (Outcome.SUCCESS, Outcome.SUCCESS_WITH_STYLE)


def outcome_for(shifts: int) -> Outcome:
    """The outcome of a roll that beat its opposition by ``shifts`` (negative when it fell short)."""
    if shifts < 0:
        return Outcome.FAIL
    if shifts == 0:
        return Outcome.TIE
    if shifts <= 2:
        return Outcome.SUCCESS
    return Outcome.SUCCESS_WITH_STYLE


class BonusKind(StrEnum):
    """Where a bonus to a roll comes from."""

    STUNT = "stunt"
    INVOKE = "invoke"
    TEAMWORK = "teamwork"
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class Bonus:
    """A modifier added to a roll's effort (or to a difficulty), with what it came from."""

    kind: BonusKind
    amount: int
    source: str = ""


@dataclass(frozen=True, slots=True)
class Difficulty:
    """Passive opposition: a fixed rating, possibly raised by invokes against the roller."""

    rating: int
    raises: tuple[Bonus, ...] = ()

    @property
    def value(self) -> int:
        """The difficulty the roll must meet."""
        return self.rating + sum(b.amount for b in self.raises)


@dataclass(frozen=True, slots=True)
class Roll:
    """Four dice plus a rating plus bonuses: one side's effort."""

    dice: Dice
    rating: int
    bonuses: tuple[Bonus, ...] = ()

    @property
    def modifier(self) -> int:
        """Everything added to the dice: rating and bonuses."""
        return self.rating + sum(b.amount for b in self.bonuses)

    @property
    def effort(self) -> int:
        """The total result of the roll."""
        return self.dice.total + self.modifier

    def shifts_against(self, opposition: int) -> int:
        """How far the effort beat (positive) or fell short of (negative) the opposition."""
        return self.effort - opposition

    def outcome_against(self, opposition: int) -> Outcome:
        """The outcome of this effort against a difficulty or an opposing effort."""
        return outcome_for(self.shifts_against(opposition))
