"""Teamwork in simulated fights: who may help whose attack, and what their help adds.

Both engines play the ``weaker_help`` policy (see ``docs/odds.md``) from what this module works
out before the first roll. Who may help with a skill and how much the help adds are the rules
engine's answer (:func:`fatekit.rules.core.teamwork.combine_skills`); the policy only picks,
among those the engine lets help, the allies it asks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from fatekit.rules.characters.combined_rolls import team_rating
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.teamwork import combine_skills
from fatekit.rules.scenes.conflict import Conflict

__all__ = ["TeamworkPlan", "team_bonus", "team_bonuses", "teamwork_plan"]


@dataclass(frozen=True, slots=True)
class TeamworkPlan:
    """For each fighter (by position in the fight plan), each of their two attacks: the roller's
    rating in its skill, and the allies whom the rules let help it, with their rating, in the
    scenario's order of characters."""

    close: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
    ranged: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]

    def allies(self, fighter: int, ranged: bool) -> tuple[int, tuple[tuple[int, int], ...]]:
        """The roller's rating and the possible helpers of ``fighter``'s close or ranged
        attack."""
        return (self.ranged if ranged else self.close)[fighter]


def teamwork_plan(
    conflict: Conflict,
    ids: Sequence[str],
    sides: Sequence[int],
    skills: Sequence[tuple[str, str]],
    seconds: Sequence[tuple[str | None, str | None]] | None = None,
) -> TeamworkPlan:
    """Who could help each attack: ``ids`` and ``sides`` are the fighters in the plan's order,
    ``skills`` their close and ranged attack skills (the close one again if they have no other),
    ``seconds`` the second list's skill each adds, with two combined lists (each helper's
    level is then the same two skills added, as the rules engine's teamwork rates it).
    """
    found: tuple[list[tuple[int, tuple[tuple[int, int], ...]]], ...] = ([], [])
    for i, who in enumerate(ids):
        for kind, skill in enumerate(skills[i]):
            second = None if seconds is None else seconds[i][kind]
            rating = team_rating(conflict.roster.fighter(who).character.rating, skill, second)
            allies = []
            for j, ally in enumerate(ids):
                if j == i or sides[j] != sides[i]:
                    continue
                sheet = conflict.roster.fighter(ally).character
                theirs = team_rating(sheet.rating, skill, second)
                if team_bonus(rating, (theirs,)) > 0:
                    allies.append((j, theirs))
            found[kind].append((rating, tuple(allies)))
    return TeamworkPlan(tuple(found[0]), tuple(found[1]))


@cache
def team_bonus(rating: int, helpers: tuple[int, ...]) -> int:
    """What the rules engine's teamwork adds to a roller of ``rating`` helped by allies of the
    ``helpers`` ratings in the same skill (0 where it would not let them help)."""
    ratings = {"roller": rating, **{f"helper-{n}": r for n, r in enumerate(helpers)}}
    try:
        team = combine_skills(ratings, roller="roller")
    except BadInput:  # a helper rated above the roller: the roller would not be the one to roll
        return 0
    return team.bonus if len(team.helpers) == len(helpers) else 0


def team_bonuses(
    rating: int, ratings: tuple[int, ...], helping: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """The rules engine's teamwork bonus in each run, ``helping`` holding a bit for each ally
    (of those ``ratings``) who helps; asked once for each set of helpers found."""
    unique, where = np.unique(helping, return_inverse=True)
    values = [
        team_bonus(rating, tuple(x for k, x in enumerate(ratings) if m >> k & 1))
        for m in unique.tolist()
    ]
    found: npt.NDArray[np.int64] = np.array(values, dtype=np.int64)[where.reshape(-1)]
    return found
