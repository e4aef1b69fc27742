"""Teamwork: combining the same skill on one roll."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.outcomes import Bonus, BonusKind

__all__ = ["TEAMWORK_RULE", "Teamwork", "combine_skills"]

TEAMWORK_RULE = rule(
    "teamwork.combine-skills",
    CONDENSED,
    "Teamwork",
    "The best-rated participant rolls; each other with at least Average (+1) adds +1, up to the "
    "roller's rating in total; helping uses the helper's action and shares the roll's costs",
)


@dataclass(frozen=True, slots=True)
class Teamwork:
    """Who rolls, who helps, and the bonus their help adds."""

    roller: str
    rating: int
    helpers: tuple[str, ...]  # those who add +1: they spend their action and share the costs
    bonus: int

    @property
    def participants(self) -> tuple[str, ...]:
        """Everyone who faces the roll's costs and consequences."""
        return (self.roller, *self.helpers)

    def as_bonus(self) -> Bonus:
        """The teamwork bonus to add to the roller's roll."""
        return Bonus(BonusKind.TEAMWORK, self.bonus, f"teamwork: {', '.join(self.helpers)}")


def combine_skills(ratings: Mapping[str, int], roller: str | None = None) -> Teamwork:
    """Combine a team's ratings in one skill.

    ``ratings`` maps each participant to their rating in the skill. The roller is whoever has the
    highest rating (the first listed among equals, or ``roller`` when named and among them).
    Helpers with less than Average (+1) add nothing and keep their action.
    """
    if not ratings:
        raise BadInput("teamwork needs at least one participant")
    best = max(ratings.values())
    if roller is None:
        roller = next(p for p, r in ratings.items() if r == best)
    elif roller not in ratings:
        raise BadInput(f"{roller!r} is not one of the participants")
    elif ratings[roller] != best:
        raise BadInput(f"{roller!r} does not have the team's highest rating ({best:+d})")
    helpers = tuple(p for p, r in ratings.items() if p != roller and r >= 1)
    bonus = min(len(helpers), max(best, 0))
    return Teamwork(roller, best, helpers, bonus)
